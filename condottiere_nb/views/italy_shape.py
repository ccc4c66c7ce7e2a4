"""Italy's outline as data: a simplified coastline and land border, for the map drawing.

Source: hand-made for this project.  Each vertex is the longitude and latitude (decimal
degrees, rounded to about 0.05 degree) of the named place beside it: a coastal town, a cape or
an Alpine pass.  Where places are is a geographic fact, not anyone's drawing; the outline only
joins those facts with straight lines, so it is simple (about 100 vertices) and
recognisable, not a survey.  Public-domain coastlines (Natural Earth's, for one) follow the
same coast in far more detail and could replace these lists without touching the drawing code.

``MAINLAND`` runs clockwise from the French border on the Ligurian coast, over the Alps to
Trieste, then down the Adriatic coast, round the heel and the toe and back up the Tyrrhenian
coast.  ``ISLANDS`` are drawn as land without regions (the game's 17 regions are all on the
mainland).
"""
from __future__ import annotations

MAINLAND: tuple[tuple[float, float, str], ...] = (
    (7.53, 43.79, "Ventimiglia"), (7.67, 44.17, "Colle di Tenda"), (7.05, 44.45, "Colle della Maddalena"),
    (7.0, 44.7, "Monviso"), (6.62, 45.1, "Monginevro"), (6.9, 45.25, "Moncenisio"),
    (7.05, 45.6, "Gran Paradiso"), (6.8, 45.8, "Monte Bianco"), (7.17, 45.87, "Gran San Bernardo"),
    (7.87, 45.93, "Monte Rosa"), (8.08, 46.25, "Sempione"), (8.45, 46.45, "Val Formazza"),
    (8.7, 46.1, "Lago Maggiore"), (9.03, 45.83, "Chiasso"), (9.3, 46.5, "Spluga"),
    (9.95, 46.38, "Bernina"), (10.45, 46.53, "Stelvio"), (10.5, 46.85, "Resia"),
    (11.5, 47.0, "Brennero"), (12.2, 47.08, "Vetta d'Italia"), (12.7, 46.65, "Monte Croce Carnico"),
    (13.7, 46.52, "Tarvisio"), (13.55, 46.2, "Caporetto"), (13.62, 45.95, "Gorizia"),
    (13.8, 45.6, "Trieste"),
    (13.53, 45.78, "Monfalcone"), (13.38, 45.68, "Grado"), (13.1, 45.65, "Lignano"),
    (12.85, 45.58, "Caorle"), (12.55, 45.5, "Jesolo"), (12.33, 45.43, "Venezia"),
    (12.28, 45.2, "Chioggia"), (12.6, 44.95, "Po delta"), (12.25, 44.7, "Comacchio"),
    (12.28, 44.42, "Ravenna"), (12.57, 44.06, "Rimini"), (12.9, 43.92, "Pesaro"),
    (13.52, 43.62, "Ancona"), (13.63, 43.5, "Monte Conero"), (13.88, 42.95, "San Benedetto"),
    (14.22, 42.47, "Pescara"), (14.7, 42.12, "Vasto"), (15.0, 41.98, "Termoli"),
    (15.6, 41.93, "Lesina"), (16.18, 41.9, "Vieste"), (16.05, 41.68, "Mattinata"),
    (15.9, 41.62, "Manfredonia"), (16.28, 41.32, "Barletta"), (16.87, 41.13, "Bari"),
    (17.3, 40.95, "Monopoli"), (17.95, 40.64, "Brindisi"), (18.49, 40.15, "Otranto"),
    (18.36, 39.8, "Santa Maria di Leuca"), (17.99, 40.06, "Gallipoli"), (17.23, 40.47, "Taranto"),
    (16.8, 40.37, "Metaponto"), (16.5, 39.75, "Sibari"), (17.13, 39.08, "Crotone"),
    (17.1, 38.9, "Capo Rizzuto"), (16.55, 38.7, "Soverato"), (16.25, 38.24, "Locri"),
    (16.06, 37.92, "Capo Spartivento"), (15.65, 38.0, "Capo dell'Armi"), (15.65, 38.11, "Reggio Calabria"),
    (15.72, 38.25, "Scilla"), (15.9, 38.45, "Gioia Tauro"), (15.83, 38.62, "Capo Vaticano"),
    (16.15, 38.73, "Pizzo"), (16.03, 39.36, "Paola"), (15.79, 39.81, "Scalea"),
    (15.63, 40.07, "Sapri"), (15.27, 40.03, "Capo Palinuro"), (14.99, 40.35, "Agropoli"),
    (14.77, 40.68, "Salerno"), (14.33, 40.58, "Punta Campanella"), (14.25, 40.84, "Napoli"),
    (14.05, 40.8, "Capo Miseno"), (13.9, 41.05, "Volturno"), (13.57, 41.21, "Gaeta"),
    (13.25, 41.28, "Terracina"), (13.05, 41.23, "Circeo"), (12.62, 41.45, "Anzio"),
    (12.28, 41.73, "Ostia"), (11.8, 42.09, "Civitavecchia"), (11.2, 42.4, "Orbetello"),
    (11.1, 42.4, "Argentario"), (10.95, 42.7, "Grosseto"), (10.5, 42.93, "Piombino"),
    (10.52, 43.3, "Cecina"), (10.3, 43.55, "Livorno"), (10.25, 43.87, "Viareggio"),
    (9.85, 44.08, "La Spezia"), (9.4, 44.27, "Sestri Levante"), (8.93, 44.41, "Genova"),
    (8.48, 44.3, "Savona"), (8.22, 44.05, "Albenga"), (8.03, 43.88, "Imperia"),
    (7.78, 43.81, "Sanremo"),
)

ISLANDS: dict[str, tuple[tuple[float, float, str], ...]] = {
    "Sicilia": (
        (15.55, 38.27, "Messina"), (15.29, 37.85, "Taormina"), (15.1, 37.5, "Catania"),
        (15.29, 37.07, "Siracusa"), (15.13, 36.69, "Capo Passero"), (14.25, 37.06, "Gela"),
        (13.58, 37.29, "Agrigento"), (12.59, 37.65, "Mazara"), (12.5, 38.02, "Trapani"),
        (12.73, 38.18, "San Vito Lo Capo"), (13.36, 38.12, "Palermo"), (14.02, 38.04, "Cefalu"),
        (14.75, 38.16, "Capo d'Orlando"), (15.24, 38.27, "Milazzo"), (15.65, 38.26, "Capo Peloro"),
    ),
    "Sardegna": (
        (9.2, 41.25, "Santa Teresa"), (9.7, 40.9, "Olbia"), (9.72, 40.3, "Orosei"),
        (9.65, 39.5, "Tortoli"), (9.55, 39.15, "Villasimius"), (9.1, 39.2, "Cagliari"),
        (8.6, 38.9, "Capo Teulada"), (8.38, 39.1, "Sant'Antioco"), (8.45, 39.55, "Oristano"),
        (8.4, 40.3, "Bosa"), (8.2, 40.6, "Capo Caccia"), (8.2, 40.95, "Asinara"),
        (8.6, 40.88, "Porto Torres"), (8.95, 41.02, "Castelsardo"),
    ),
    "Corsica": (
        (9.4, 43.0, "Capo Corso"), (9.53, 42.55, "Bastia"), (9.42, 41.95, "Aleria"),
        (9.28, 41.58, "Porto-Vecchio"), (9.15, 41.37, "Bonifacio"), (8.75, 41.6, "Propriano"),
        (8.6, 41.92, "Ajaccio"), (8.6, 42.35, "Porto"), (8.9, 42.63, "Calvi"), (9.28, 42.7, "Saint-Florent"),
    ),
    "Elba": ((10.1, 42.83, "Marciana"), (10.45, 42.85, "Cavo"), (10.4, 42.73, "Porto Azzurro"),
             (10.15, 42.74, "Fetovaia")),
}
