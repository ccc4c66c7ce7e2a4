"""Small tables and the readings side by side (views/tables.py): readable text, kept HTML, labelled results."""
import pytest

from condottiere_nb import Battle, RulesError
from condottiere_nb.views import Facts, Readings, Table, battle_readings, option_readings, show
from html_safety import unsafe_parts
from condottiere_nb.views.tables import plain


def test_facts_and_tables_read_as_text_and_render_as_kept_html():
    facts = Facts({"winner": None, "strengths": {"Ana": 6, "Ben": 4}, "tied": ("Ana", "Ben")}, title="A battle")
    assert repr(facts) == "A battle\nwinner     nobody\nstrengths  Ana 6, Ben 4\ntied       Ana, Ben"
    table = Table(["players", "regions"], [[2, 6], [4, 5]])
    assert repr(table).splitlines()[1].split() == ["2", "6"]
    for html in (facts._repr_html_(), table._repr_html_()):
        assert unsafe_parts(html) == [] and "<script" not in html
    with pytest.raises(RulesError, match="2 cells"):
        Table(["a", "b"], [[1]])


def test_a_resolution_shows_its_results_labelled_not_as_a_tuple():
    r = Battle.from_notation("Ana: 10 | Ben: 3 courtesan").resolve()
    out = show(r)
    assert out.facts.facts == {"winner": "Ana", "strengths": "Ana 10, Ben 4", "Condottiere token": "Ben"}
    html = out._repr_html_()
    assert "cnb-resolution" in html and "Condottiere token" in html and unsafe_parts(html) == []
    tie = show(Battle.from_notation("Ana: 5 | Ben: 5").resolve())
    assert tie.facts.facts["winner"] == "nobody (tie: Ana and Ben)"


def test_readings_put_each_reading_in_a_column_and_mark_ours():
    readings = battle_readings("Ana: 6 | Ben: 6 | Cy: courtesan", "courtesan_in_tie", ["majority", "left"])
    assert list(readings.columns) == ["courtesan_in_tie = 'majority'", "courtesan_in_tie = 'left'"]
    assert readings.ours == "courtesan_in_tie = 'majority'"
    text = repr(readings)
    assert "courtesan_in_tie = 'majority' (our reading): " in text and "Condottiere token: Cy" in text
    assert "courtesan_in_tie = 'left': " in text and "Condottiere token: Ben" in text
    html = readings._repr_html_()
    assert html.count("cnb-resolution") == 2 and "(our reading)" in html and unsafe_parts(html) == []


def test_a_reading_that_refuses_a_move_shows_the_refusal():
    readings = battle_readings("[Ana Ben] Ana 10, Ben bishop*", "face_down_specials", ["reveal", "mercenaries_only"],
                               base="hidden-cards")
    refused = readings.columns["face_down_specials = 'mercenaries_only'"].facts.facts
    assert refused["refused"].startswith("move 2 (Ben bishop*)")


def test_option_readings_play_any_scenario_and_a_system_option_is_not_marked():
    readings = option_readings("hand_size", [10, 8], lambda rs: {"cards": rs.hand_size}, mark=False)
    assert readings.ours is None and "(our reading)" not in repr(readings)
    assert [c.facts.facts["cards"] for c in readings.columns.values()] == ["10", "8"]
    assert isinstance(Readings({"a sentence": "it stays"}).columns["a sentence"].facts.facts["result"], str)


def test_plain_values():
    assert plain(None) == "nobody" and plain(False) == "no" and plain(()) == "-" and plain(3) == "3"
