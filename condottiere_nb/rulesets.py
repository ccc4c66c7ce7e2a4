"""Rulesets are data: a frozen dataclass of named options, and the named rulesets.

Every option says which rulebook it comes from.  Where the rulebooks are vague, the
option's doc states the reading we chose and names the other reading as another value,
so a user can flip it and see the outcome change (the concordance notebook does).
"""
from __future__ import annotations

import dataclasses
import functools
import reprlib
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Mapping

from . import board
from .cards import KINDS, STANDARD_COUNTS, Card, make_deck
from .decks import DECK_RULE, DECKS, card_kinds, deck_counts, deck_pairs, entries, pair, whole
from .errors import RulesError
from .plays import face_down_options

#: Limits of the options (each option's allowed values name them; RULESETS.md explains them).
MAX_HAND = 30           # cards in a hand by a deal: the rulebooks deal 7 to 18
MAX_PER_REGION = 3      # extra cards per region: the rulebooks give 0 or 1
MAX_KEEP = 3            # cards kept at a round's end: the rulebooks say 2
MAX_TARGET = 1000       # points of a Scoring match: the text says 20 or 30
MAX_NAME = 120          # characters of a ruleset's name
MAX_SUMMARY = 1000      # characters of its summary

#: The named rulesets, filled below once the class exists (a Ruleset checks its name against them).
RULESETS: dict[str, "Ruleset"] = {}

#: The Vietnamese variants (vi: Luật mở rộng), which combine: get_ruleset("continuous-war+invasion").
COMBINABLE = ("hidden-cards", "continuous-war", "scoring", "invasion")


def shown(value, limit: int = 60) -> str:
    """``value`` as an error message shows it: its repr, cut short; a huge integer, which Python
    will not turn into text, is named by its size.

    >>> shown("x" * 100), shown(10 ** 5000)
    ("'xxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxx'", 'an integer of about 5000 digits')
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"an integer of about {round(value.bit_length() * 0.30103, -1):.0f} digits"
    short = reprlib.Repr()
    short.maxstring = short.maxother = limit
    short.maxlevel, short.maxlist, short.maxtuple, short.maxdict = 3, 8, 8, 6
    try:
        return short.repr(value)
    except Exception:                           # a value whose repr fails: name its type
        return f"a {type(value).__name__}"


def option(default, doc: str, source: str = "standard", choices: tuple = (), *, kind: str = "",
           low: int | None = None, high: int | None = None, why: str = ""):
    """A ruleset option: its default, doc, source, and the schema of its values: ``kind``, a key
    of _ALLOWED (guessed from the default if not given), ``choices``, ``low`` and ``high`` (of a
    number or a text's length), ``why`` (the reason for the limits, in words)."""
    kind = kind or ("choice" if choices else "bool" if isinstance(default, bool) else "int")
    if kind in ("int", "name", "text") and (low is None or high is None):
        raise TypeError(f"option(): a {kind} option needs its limits, low= and high=")   # for the maintainer
    return field(default=default, metadata={"doc": doc, "source": source, "choices": choices, "kind": kind,
                                            "min": low, "max": high, "why": why})


_ALLOWED = {
    "bool": "True or False",
    "int": "a whole number from {min} to {max}",
    "choice": "{choices}",
    "name": "a name of {min} to {max} printable characters",
    "text": "text of at most {max} characters",
    "deck": DECK_RULE,
    "hand_sizes": "(players, cards) pairs: players 2 to 6, each at most once, and 1 to {max} cards",
    "kinds": "card kinds of the registry, each at most once ({kinds})",
    "ruleset": "'' (this ruleset) or the name of a ruleset with the same deck ({rulesets})",
}


def allowed(meta: Mapping) -> str:
    """The values an option allows, in words (from the option's metadata)."""
    text = _ALLOWED[meta["kind"]].format(min=meta["min"], max=meta["max"], kinds=", ".join(KINDS),
                                         choices=", ".join(map(repr, meta["choices"])), rulesets=", ".join(RULESETS))
    return f"{text} ({meta['why']})" if meta["why"] else text


def _checked(rs: "Ruleset", f) -> object:
    """The value of option ``f`` of ``rs`` as stored, or RulesError naming the option, the value
    and what is allowed (with the reason, when the allowed values do not say it all)."""
    value, meta = getattr(rs, f.name), f.metadata
    try:
        return _check(rs, meta, value)
    except RulesError as err:
        why = f" ({err})" if str(err) else ""
        raise RulesError(f"option {f.name} cannot be {shown(value)}{why}; allowed: {allowed(meta)}") from None


def _check(rs: "Ruleset", meta: Mapping, value):
    kind, low, high = meta["kind"], meta["min"], meta["max"]
    if kind == "int":
        return whole(value, low, high)
    if kind == "bool" and not isinstance(value, bool) or \
            kind == "choice" and (not isinstance(value, str) or value not in meta["choices"]):
        raise RulesError("")
    if kind in ("name", "text") and not (isinstance(value, str) and low <= len(value) <= high):
        raise RulesError(f"{len(value)} characters" if isinstance(value, str) else "not a string")
    if kind == "name" and (not value.isprintable() or not value.strip()):
        raise RulesError("blank or holding control characters")
    if kind in ("deck", "kinds"):
        return deck_pairs(value) if kind == "deck" else card_kinds(value)
    if kind == "hand_sizes":
        pairs = [pair(entry, "(players, cards)") for entry in entries(value, 5, "(players, cards) pairs")]
        pairs = [(whole(players, 2, 6), whole(cards, 1, high)) for players, cards in pairs]
        if len({players for players, _ in pairs}) < len(pairs):
            raise RulesError("a number of players is listed twice")
        return tuple(pairs)
    if kind == "ruleset" and not (isinstance(value, str) and value == ""):
        try:
            final = get_ruleset(value if isinstance(value, str) and len(value) <= MAX_NAME else "")
        except RulesError:
            raise RulesError("no ruleset has that name") from None
        if final.deck != rs.deck:
            raise RulesError("its deck is not this ruleset's, and the final battle is fought with the game's cards")
    return value


def _key(name: str) -> str:
    """A ruleset's name as get_ruleset looks it up: 'Hidden Cards' -> 'hidden-cards'."""
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def _option_values(rs: "Ruleset") -> dict:     # the options that make the rules (not name, summary)
    return {f.name: getattr(rs, f.name) for f in fields(rs) if f.name not in ("name", "summary")}


def _claimed_options(name: str) -> dict | None:
    """The options a ruleset called ``name`` must have: those of the ruleset get_ruleset gives for
    that name (a named ruleset or a combination of Vietnamese variants), or None if none has it."""
    key = _key(name)
    parts = [p for p in key.split("+") if p] if "+" in key else [key]
    if not parts or any(p not in RULESETS or len(parts) > 1 and p != "standard" and p not in COMBINABLE
                        for p in parts):
        return None
    values = _option_values(RULESETS[parts[0]] if len(parts) == 1 else RULESETS["standard"])
    changed: dict = {}
    for part in parts if len(parts) > 1 else ():
        for option, (value, _standard) in RULESETS[part].differences("standard").items():
            if changed.setdefault(option, value) != value:
                return None             # combine() refuses the name: no ruleset has it
            values[option] = value
    return values


@dataclass(frozen=True)
class Ruleset:
    """A set of rules for :class:`~condottiere_nb.Battle` and :class:`~condottiere_nb.Game`."""

    name: str = option("standard", "The ruleset's name, as listed in RULESETS.", kind="name",
                       low=1, high=MAX_NAME)
    summary: str = option("The Fantasy Flight 2006 rules (docs/rules.md).",
                          "One line on what this ruleset is.", kind="text", low=0, high=MAX_SUMMARY)
    deck: tuple = option(tuple(STANDARD_COUNTS.items()),
                         "The deck as (kind, count) pairs; the standard deck has 110 cards. "
                         "A name from DECKS is accepted too and stored as pairs: 'fa-tutorial' is "
                         "our reading of the Persian tutorial's 'about 40 soldiers valued 1 to 10 "
                         "and about 15 specials: Banner, Maiden, Weapon' - four soldiers of each "
                         "value 1-10 and five of each special (55 cards); "
                         "'fa-tutorial-few-banners' is the other reading: 3 Banners, 6 Maidens, "
                         "6 Weapons.",
                         "vi: Chồng bài rút; es: Componentes; fa: مقدمه (کارت‌های سرباز و ویژه)",
                         kind="deck")
    hidden_cards: bool = option(
        False,
        "Cards may be played face down. Announced strengths count face-up cards only; "
        "Scarecrow cannot take back a face-down card; Bishop sees only face-up Mercenaries; "
        "everything is revealed at the end.",
        "vi: Luật mở rộng, Ẩn Bài")
    face_down_specials: str = option(
        "reveal",
        "What a special card played face down does. The Vietnamese Hidden Cards text lets any "
        "card be played face down but only says how face-down Mercenaries behave. "
        "'reveal' (our reading): a face-down special acts only when revealed at the end, in "
        "play order - a revealed Winter or Spring discards the other season then; Drummer, "
        "Heroine and Courtesan count; a face-down Bishop, Scarecrow or Surrender does nothing "
        "(a bluff) and is discarded. 'on_play': the special acts at once as if face up, only "
        "its identity stays hidden. 'mercenaries_only': only Mercenaries may be played face down.",
        "vi: Luật mở rộng, Ẩn Bài",
        ("reveal", "on_play", "mercenaries_only"))
    courtesan_token: bool = option(
        True,
        "The player with the most Courtesans (alone) takes the Condottiere token instead of "
        "the winner.",
        "vi: Trường hợp ngoại lệ (Giai Nhân); es: 1. Compare la fuerza")
    spring_highest: str = option(
        "printed",
        "Which Mercenary Spring raises. The Vietnamese text says that when a battle ends with a "
        "Spring in play, one looks at every player's Mercenaries and whoever has the one of the "
        "highest strength gets 3 more (tied ones all get it); it does not say whether a Drummer's "
        "doubling counts in that comparison. 'printed' (our reading, the standard ruling of "
        "docs/rules.md): every Mercenary whose printed value is the highest printed value in "
        "play, in all lines, gets +3 after doubling (a drummed 5 beside a 6: the 6 gets +3, the 5 "
        "counts 10). 'effective': the comparison uses each Mercenary's strength just before "
        "Spring, after Winter and the Drummer (the drummed 5, worth 10, beats the 6 and counts "
        "13); every Mercenary tied at that strength gets +3.",
        "vi: Các lá bài Đặc Biệt, 2 - Spring (3 lá)",
        ("printed", "effective"))

    # -- game options (condottiere_nb/game.py) ----------------------------------------
    hand_size: int = option(
        10,
        "Each deal fills every hand up to this many cards (plus cards_per_region for each "
        "region the player controls).",
        "vi: Chuẩn Bị 4, Kết thúc vòng chơi; es: Comenzando el juego 3, Fin de una ronda",
        low=1, high=MAX_HAND, why="at least 1: with empty hands nobody could ever play a card")
    cards_per_region: int = option(
        1,
        "Extra cards dealt for each region a player controls (es: no cards and Parma, Venezia "
        "and Siena -> 13 cards).",
        "vi: Kết thúc vòng chơi; es: Fin de una ronda", low=0, high=MAX_PER_REGION)
    keep_cards: int = option(
        2,
        "At the end of a round the only player with cards left keeps up to this many of them; "
        "the rest are discarded.",
        "vi: Kết thúc vòng chơi; es: Fin de una ronda", low=0, high=MAX_KEEP,
        why=f"at most {MAX_KEEP}: the game lists every choice of cards to keep, and beyond "
            f"{MAX_KEEP} there can be millions")
    hand_discard: bool = option(
        True,
        "After each battle a player with no Mercenary in hand may discard the whole hand.",
        "vi: 4 – Bỏ bài trên tay; es: 4. Descartar cartas de la mano")
    favor_on_battle_region: bool = option(
        True,
        "Whether the Bishop's player may put the Pope's Favor on the region being fought over. "
        "The texts allow any region without a control marker, and the contested region has none "
        "yet, so True (our reading): it may; if the battle ties, the region is then protected. "
        "False: only another region (or off the map).",
        "vi: Giám Mục; es: Componentes (Favor del Papa)")

    # -- battle options of the variants (issue 4; hooks in condottiere_nb/variants/) -------------
    mercenaries_face_down: bool = option(
        False,
        "Every Mercenary (soldier) is laid face down and turned face up only for the count; "
        "special cards are played face up. The Persian tutorial's turn: lay a soldier card face "
        "down on the region, or play a special card, or withdraw; at the end all soldier cards are "
        "turned over and added up.",
        "fa: بند ۳ (گردش نوبت) و بند ۴ (مبارزه و تعیین برنده)")
    banner_limit: str = option(
        "per_line",
        "How many Banners count. The Persian exact rules say Banners double the total but only one "
        "Banner can be active: if several are played only one counts. 'per_line' (our reading): "
        "like the real game's Drummer, which the tutorial paraphrases, a Banner doubles its own "
        "line's soldiers and a second Banner in the same line adds nothing. 'one_per_battle': "
        "only the first Banner played in the battle counts; a later one, in any line, is set aside.",
        "fa: قوانین دقیق (درفش)",
        ("per_line", "one_per_battle"))
    maiden_targets: str = option(
        "any",
        "Whose soldier a Maiden removes. The Persian text: the Maiden removes one soldier card from "
        "the region before the final count. We read it as on play (section 5: a special's rule is "
        "announced when it is played), the player naming the card, face-down soldiers included. "
        "'any' (our reading): the region holds every line, so any player's soldier, your own too. "
        "'opponents': only another player's soldier.",
        "fa: بند ۵ (دوشیزه) و قوانین دقیق",
        ("any", "opponents"))
    bishop_targets: str = option(
        "highest",
        "What a Bishop discards. 'highest' (standard): every face-up Mercenary of the highest "
        "printed value. The Chinese variant's final battle: the Bishop can discard every "
        "Drummer, in the order 1. Drummers 2. Mercenaries 10, 6, 5, 4, 3, 2, 1. "
        "'drummers_first' (our reading of that order): if any Drummer is in play the Bishop "
        "discards all the Drummers and no Mercenary; otherwise the highest Mercenaries as usual. "
        "'drummers_and_highest': every Drummer and also the highest Mercenaries.",
        "zh: 三、遊戲結束變體與最後決戰變體",
        ("highest", "drummers_first", "drummers_and_highest"))
    firenze_takes: str = option(
        "one",
        "What Firenze's Ball takes back. The Chinese text: on his turn, instead of playing "
        "normally, he may use any card to take back Courtesans, and he may take them back from "
        "every player. 'one' (our reading): each use takes one face-up Courtesan from any line, "
        "his own included, into Firenze's hand (he may use it every turn of that battle). "
        "'one_opponent': one Courtesan, from another player's line only. 'all': every face-up "
        "Courtesan in play at once.",
        "zh: 二、各城邦特殊能力 (Firenze 舞會)",
        ("one", "one_opponent", "all"))
    firenze_card: str = option(
        "cost",
        "Where the card Firenze lays face down goes. The text: the card used must be face down, "
        "and no Scarecrow or other card can take it back. 'cost' (our reading): it is the price "
        "of the Ball, an alternative to playing a card, so it counts nothing; it lies face down "
        "with the discards. 'hidden': it stays face down in Firenze's line and is revealed and "
        "counted at the end, like a Hidden Cards card.",
        "zh: 二、各城邦特殊能力 (Firenze 舞會)",
        ("cost", "hidden"))
    venezia_bribe: str = option(
        "briber",
        "Whose card Venezia's bribed Mercenary is. The text: discard a card from hand and add an "
        "enemy's Mercenary of strength 1-5 to your own battle area. It stands in Venezia's line, "
        "so Winter, Spring and a Drummer there (which doubles the Mercenaries of its line) treat "
        "it like any of Venezia's Mercenaries under every reading. 'briber' (our reading): it is "
        "now Venezia's Mercenary, so Venezia's Scarecrow may take it back to Venezia's hand. "
        "'not_returnable': it is still another player's card, so no Scarecrow can take it back.",
        "zh: 二、各城邦特殊能力 (Venezia 收買)",
        ("briber", "not_returnable"))

    # -- game options of the variants (issue 4; the Game calls variants/game_rules.py) -----------
    first_hand: int = option(
        0,
        "Cards in each hand at the start of the game; 0: the usual deal (hand_size plus "
        "cards_per_region). Continuous War starts with 7 instead of 10.",
        "vi: Luật mở rộng, Chiến tranh liên tiếp", low=0, high=MAX_HAND)
    hand_sizes: tuple = option(
        (),
        "Hand size by number of players, as (players, cards) pairs, overriding hand_size. The "
        "Persian tutorial deals 10 cards to each of 2-3 players and 8 to each of 4-6.",
        "fa: مقدمه و قوانین دقیق", kind="hand_sizes", high=MAX_HAND)
    drawing: str = option(
        "rounds",
        "When players get new cards. 'rounds' (standard): only when a round ends, up to the hand "
        "limit. 'after_battle' (vi Continuous War): after every battle each player draws 3, never "
        "above 10 plus 1 per region (9 in hand and 1 region: draws 2); if nobody has a card, each "
        "draws 10; an empty draw pile is refilled from the shuffled discards. 'fa_tutorial': after "
        "each region the winner draws as many cards as soldiers they used and every other player "
        "draws 1, from the draw pile, which is never refilled (the game ends when it runs out).",
        "vi: Luật mở rộng, Chiến tranh liên tiếp; fa: بند ۶ و قوانین دقیق",
        ("rounds", "after_battle", "fa_tutorial"))
    fa_winner_draws: str = option(
        "line",
        "How many cards the Persian tutorial's winner draws. The text: the winner of a region "
        "discards their soldier cards and draws as many new cards as that. 'line' (our reading): "
        "the soldiers in the winner's line at the count. 'played': every soldier they played in "
        "that battle, one a Maiden removed included.",
        "fa: قوانین دقیق",
        ("line", "played"))
    victory_regions: int = option(
        0,
        "Regions to win, with no adjacency win; 0: the standard thresholds (5 in total or 3 "
        "adjacent with 4-6 players, 6 or 4 with 2-3). The Persian tutorial: 5 regions.",
        "fa: بند ۶ و ۷ (پایان بازی)", low=0, high=len(board.REGIONS))
    end_ranking: str = option(
        "regions",
        "Who wins when no region can be chosen any more (or, in the Persian tutorial, the draw "
        "pile runs out). 'regions' (standard): the most regions; a tie is a final battle. "
        "'weights' (zh): the most region weight (Napoli, Milano, Venezia, Genova, Bologna, "
        "Firenze, Roma 3; Ancona, Spoleto, Torino, Modena 2; the rest 1); a tie is a final battle. "
        "'regions_then_weights' (fa): the most regions, then the most region value - our reading "
        "of each region's 'military value' is its weight on our map - then a shared victory.",
        "vi: Chiến Thắng 3; es: Fin del juego; zh: 三、遊戲結束變體; fa: بند ۷ و قوانین دقیق",
        ("regions", "weights", "regions_then_weights"))
    invasion: bool = option(
        False,
        "vi Invasion: the Condottiere token may go on a region another player controls (never on "
        "the Pope's Favor, which still means the region cannot be attacked); its controller is "
        "the defender, who may pass and still play later until their first card; a tie keeps the "
        "region with the defender, who takes the token; the Favor may go on controlled regions.",
        "vi: Luật mở rộng, Xâm Lược")
    scoring_target: int = option(
        0,
        "vi Scoring: a Match of games to this many points (the text: agree on 20 or 30); 0: a "
        "single game. Each game, 1 point per region, and 5 more per region for an adjacency win.",
        "vi: Luật mở rộng, Tính điểm", low=0, high=MAX_TARGET)
    scoring_bonus: str = option(
        "all",
        "Which regions get the adjacency bonus. The text: a player who wins by conquering "
        "adjacent regions gets 5 more points added to each region's points (3 regions: 18). "
        "'all' (our reading): every region that player controls. 'group': only the adjacent "
        "group that won.",
        "vi: Luật mở rộng, Tính điểm",
        ("all", "group"))
    city_states: bool = option(
        False,
        "zh city-states: each player chooses a city-state (Firenze, Venezia, Genova, Bologna, "
        "Milano, Roma) and controls it from the start; each may use its ability in one battle "
        "per round (asked in seat order before the first card, one ability per battle, Roma "
        "aside); Roma may cancel another's ability or claim a tied region.",
        "zh: 一、基本設置和變體概略; 二、各城邦特殊能力")
    city_end: str = option(
        "usual_victory",
        "When the city-state game ends. The text scores regions by weight and says the higher "
        "score wins. 'usual_victory' (our reading): the usual victory conditions still end the "
        "game, and the weighted score (end_ranking='weights') decides when no region can be "
        "chosen any more. 'weights_only': no early victory; the game goes on until no region can "
        "be chosen, then the weighted score decides.",
        "zh: 三、遊戲結束變體與最後決戰變體",
        ("usual_victory", "weights_only"))
    final_ruleset: str = option(
        "",
        "The ruleset of the final battle ('' : this one). The city-states' final battle uses "
        "'city-states-final': a Bishop discards the Drummers first, Courtesans are plain 1s. It must "
        "have this ruleset's deck: the final battle is fought with this game's cards.",
        "zh: 三、遊戲結束變體與最後決戰變體", kind="ruleset")
    final_hand: int = option(
        0,
        "Cards dealt to each finalist; 0: the usual 10 plus 1 per region (es: Romper lazos). "
        "City-states: 18.",
        "es: Romper lazos; zh: 三、遊戲結束變體與最後決戰變體", low=0, high=MAX_HAND)
    final_discard: tuple = option(
        (),
        "Card kinds each finalist discards from the hand before the final battle. City-states: "
        "Scarecrows, Surrenders, Winters and Springs.",
        "zh: 三、遊戲結束變體與最後決戰變體", kind="kinds")

    def __post_init__(self):
        # Every option is checked against its schema (option() metadata) and stored in one form
        # (a deck given by name becomes (kind, count) pairs, lists become tuples), so two rulesets
        # with the same rules compare equal however they were written.
        for f in fields(self):
            object.__setattr__(self, f.name, _checked(self, f))
        claimed, mine = _claimed_options(self.name), _option_values(self)
        differ = [k for k in mine if claimed is not None and mine[k] != claimed[k]]
        if differ:
            raise RulesError(f"a ruleset named {self.name!r} is the ruleset {_key(self.name)!r}, but this one differs "
                             f"from it in {', '.join(differ)}; a changed ruleset needs a name of its own, such as "
                             f"{self.name + '+custom'!r} (what replace() gives it)")

    # -- derived facts -------------------------------------------------------------
    @property
    def deck_name(self) -> str | None:
        """The name in DECKS of this ruleset's deck, or None for a custom deck."""
        return next((n for n, c in DECKS.items() if tuple(c.items()) == self.deck), None)

    # The deck's facts are worked out once per ruleset (a Ruleset never changes).
    @functools.cached_property
    def counts(self) -> Mapping[str, int]:
        """kind -> how many cards of it the deck has (read only)."""
        return MappingProxyType(dict(self.deck))

    @functools.cached_property
    def kinds(self) -> tuple[str, ...]:
        """The deck's kinds, in deck order."""
        return tuple(k for k, _ in self.deck)

    @functools.cached_property
    def rank(self) -> Mapping[str, int]:
        """kind -> its place in the deck's order of kinds (the order plays are listed in)."""
        return MappingProxyType({k: i for i, k in enumerate(self.kinds)})

    @functools.cached_property
    def cards(self) -> tuple[Card, ...]:
        """The deck: one Card per physical card, ids 0 to n-1 in deck order."""
        return make_deck(self.counts)

    @functools.cached_property
    def cards_by_kind(self) -> Mapping[str, tuple[Card, ...]]:
        """kind -> the deck's cards of that kind, in deck order."""
        found: dict[str, list[Card]] = {k: [] for k in self.kinds}
        for c in self.cards:
            found[c.kind].append(c)
        return MappingProxyType({k: tuple(cs) for k, cs in found.items()})

    @functools.cached_property
    def ways(self) -> Mapping[str, tuple[bool, ...]]:
        """kind -> how its cards may be laid under this ruleset (plays.face_down_options)."""
        return MappingProxyType({k: face_down_options(self, KINDS[k]) for k in self.kinds})

    def make_deck(self) -> tuple[Card, ...]:
        """The deck (the same tuple every time: cards never change, so every battle shares it)."""
        return self.cards

    # -- deriving and describing ---------------------------------------------------
    def replace(self, **changes) -> "Ruleset":
        """A copy with some options changed; an unknown option or a value the option does not
        allow is a RulesError naming it.  Without a new name the copy is called
        '<name>+custom', which no named ruleset is."""
        names = [f.name for f in fields(self)]
        unknown = [key for key in changes if key not in names]
        if unknown:
            raise RulesError(f"Ruleset has no option {shown(unknown[0])}; options are: {', '.join(names)}")
        if "name" not in changes:
            changes["name"] = self.name if self.name.endswith("+custom") else self.name + "+custom"
        return dataclasses.replace(self, **changes)

    @classmethod
    def options(cls) -> list[dict]:
        """Every option and its schema: name, default, doc, source, choices (the values of an
        option with listed choices), kind, min and max (of a number or a text's length) and
        allowed (the allowed values in words)."""
        keys = ("doc", "source", "choices", "kind", "min", "max")
        return [{"name": f.name, "default": f.default, **{k: f.metadata[k] for k in keys},
                 "allowed": allowed(f.metadata)} for f in fields(cls)]

    def differences(self, other: "Ruleset | str" = "standard") -> dict[str, tuple]:
        """option -> (this value, other value) for every option that differs."""
        mine, theirs = _option_values(self), _option_values(get_ruleset(other))
        return {k: (v, theirs[k]) for k, v in mine.items() if v != theirs[k]}

    def describe(self) -> str:
        """A readable list of the options, marking how this ruleset differs from standard."""
        diff = self.differences("standard")
        lines = [f"Ruleset {self.name!r}: {self.summary}"]
        if diff:
            lines.append("Differs from standard in: " + ", ".join(diff))
        else:
            lines.append("Same options as standard.")
        for f in fields(self):
            if f.name in ("name", "summary"):
                continue
            mark = "*" if f.name in diff else " "
            value = getattr(self, f.name)
            text = (f"{self.deck_name or 'custom'}, {len(self.make_deck())} cards" if f.name == "deck"
                    else repr(value))
            lines.append(f" {mark} {f.name} = {text}  [{f.metadata['source']}]")
        return "\n".join(lines)

    def __repr__(self) -> str:
        diff = self.differences("standard") if self.name != "standard" else {}
        inner = ", ".join(f"{k}={v[0]!r}" for k, v in diff.items() if k != "deck")
        return f"Ruleset({self.name!r}{', ' + inner if inner else ''})"


def combine(*names: "str | Ruleset") -> Ruleset:
    """One ruleset with the options of several Vietnamese variants.

    Each variant changes options of 'standard'; they are applied together.  Two variants that
    set one option differently cannot combine (RulesError names the option).

    >>> rs = combine("continuous-war", "invasion")
    >>> rs.name, rs.invasion, rs.first_hand
    ('continuous-war+invasion', True, 7)
    """
    rulesets = [get_ruleset(n) for n in names]
    if not rulesets:
        raise RulesError("combine() needs at least one ruleset, e.g. combine('continuous-war', 'invasion')")
    changes: dict = {}
    origin: dict = {}
    for rs in rulesets:
        if rs.name != "standard" and rs.name not in COMBINABLE:
            raise RulesError(f"only the Vietnamese variants combine ({', '.join(COMBINABLE)}); "
                             f"{rs.name!r} is a system of its own")
        for key, (value, _std) in rs.differences("standard").items():
            if key in changes and changes[key] != value:
                raise RulesError(f"{origin[key]} and {rs.name} disagree on {key} ({changes[key]!r} vs {value!r})")
            changes[key] = value
            origin[key] = rs.name
    order = {n: i for i, n in enumerate(COMBINABLE)}
    parts = sorted(dict.fromkeys(rs.name for rs in rulesets if rs.name != "standard"), key=order.__getitem__)
    name = "+".join(parts) or "standard"
    if name in RULESETS:
        return RULESETS[name]
    summary = "Vietnamese variants together: " + ", ".join(parts) + "."
    return STANDARD.replace(name=name, summary=summary, **changes)


def get_ruleset(ruleset: "Ruleset | str | None") -> Ruleset:
    """A Ruleset from an instance or a name in RULESETS (None means standard)."""
    if ruleset is None:
        return STANDARD
    if isinstance(ruleset, Ruleset):
        return ruleset
    if isinstance(ruleset, str):
        key = _key(ruleset)
        if key in RULESETS:
            return RULESETS[key]
        if "+" in key:
            return combine(*[part for part in key.split("+") if part])
        raise RulesError(f"unknown ruleset {shown(ruleset)}; named rulesets are: {', '.join(RULESETS)} "
                         f"(the Vietnamese variants combine with '+', e.g. 'continuous-war+invasion')")
    raise RulesError(f"ruleset must be a name or a Ruleset, not {type(ruleset).__name__}")


STANDARD = Ruleset()
RULESETS["standard"] = STANDARD


def _named(**options) -> None:
    """A named ruleset (options changed from standard), registered in RULESETS under its name."""
    RULESETS[options["name"]] = STANDARD.replace(**options)


_named(name="hidden-cards", hidden_cards=True,
       summary="Vietnamese variant Ẩn Bài: cards may be played face down.")
_named(name="fa-tutorial", deck="fa-tutorial", mercenaries_face_down=True,
       hand_sizes=((2, 10), (3, 10), (4, 8), (5, 8), (6, 8)), drawing="fa_tutorial", victory_regions=5,
       end_ranking="regions_then_weights", hand_discard=False,
       summary="The Persian tutorial's own system: soldiers 1-10 laid face down, Banner, Maiden, "
               "Weapon; hands of 10 (2-3 players) or 8; the winner redraws its soldiers, the others 1; "
               "5 regions or an empty draw pile end the game.")
_named(name="city-states-final", bishop_targets="drummers_first", courtesan_token=False,
       summary="The Chinese city-state variant's final battle: a Bishop discards the Drummers first; "
               "Courtesans are plain 1s.")
_named(name="continuous-war", drawing="after_battle", first_hand=7, hand_discard=False,
       summary="Vietnamese variant Chiến tranh liên tiếp: 7-card start, everyone draws 3 after each "
               "battle up to 10 plus 1 per region, no hand discard.")
_named(name="scoring", scoring_target=20,
       summary="Vietnamese variant Tính điểm: a Match of games to 20 points (1 per region, 5 more per "
               "region for an adjacency win).")
_named(name="invasion", invasion=True,
       summary="Vietnamese variant Xâm Lược: controlled regions may be attacked; the defender may wait, "
               "keeps a tied region and takes the token.")
_named(name="city-states", city_states=True, hand_size=11, cards_per_region=0, end_ranking="weights",
       final_ruleset="city-states-final", final_hand=18,
       final_discard=("scarecrow", "surrender", "winter", "spring"),
       summary="The Chinese city-state variant (3-6 players): a city-state each from the start, its "
               "ability once per round, 11-card deals, weighted end score, an 18-card final battle.")
