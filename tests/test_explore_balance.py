"""Variant balance: what 'decides a battle' means, the figures' consistency, reproducibility,
skipped player counts and interruption."""
import pytest

from condottiere_nb import Battle, RulesError
from condottiere_nb.explore import DECIDES, card_decides, variant_balance


def resolved(text, ruleset="standard"):
    b = Battle.from_notation(text, ruleset)
    b.resolve()
    return b


def test_bishop_decides_when_the_battle_goes_the_other_way_without_it():
    # Ben's Bishop removes Ana's 10: Ben wins; without it Ana would have won.
    assert card_decides(resolved("[Ana Ben] Ana 10, Ben 6, Ana pass, Ben bishop"), "bishop")
    # Ben is ahead either way: the Bishop changes strengths but not the outcome.
    assert not card_decides(resolved("[Ana Ben] Ana 10, Ben 6, Ana pass, Ben 5, Ben bishop"), "bishop")


def test_courtesan_decides_through_the_token():
    assert card_decides(resolved("[Ana Ben] Ana 10, Ben courtesan"), "courtesan")       # Ben takes the token
    assert not card_decides(resolved("[Ana Ben] Ana 10, Ana courtesan"), "courtesan")   # Ana has it anyway
    # the token reading switched off: a lone Courtesan is a plain 1 and decides nothing here
    assert not card_decides(resolved("[Ana Ben] Ana 10, Ben courtesan",
                                     "city-states-final"), "courtesan")


def test_decides_needs_a_resolved_battle_and_is_documented():
    with pytest.raises(RulesError, match="resolved"):
        card_decides(Battle.from_notation("[Ana Ben] Ana 10"), "bishop")
    assert set(DECIDES) == {"surrender", "bishop", "courtesan"}


def test_variant_balance_figures_add_up_and_repeat():
    rep = variant_balance(["standard", "hidden-cards"], players=(3,), games=4, seed=11)
    assert [(r.ruleset, r.players, r.games) for r in rep.rows] == [("standard", 3, 4), ("hidden-cards", 3, 4)]
    for r in rep.rows:
        assert r.errors == 0, r.error_examples
        assert sum(r.wins_by_seat) == pytest.approx(r.games)
        assert sum(r.reasons.values()) == r.games
        assert r.battles >= r.games and r.mean_rounds >= 1
        for c in DECIDES:
            assert 0 <= r.decided[c] <= r.played[c] <= r.battles
        lo, hi = r.first_seat_interval
        assert lo <= r.first_seat <= hi
    assert sum(r.played["bishop"] + r.played["courtesan"] for r in rep.rows) > 0
    again = variant_balance(["standard", "hidden-cards"], players=(3,), games=4, seed=11)
    assert again.table() == rep.table()
    assert "seat 1" in rep.summary() and "standard" in rep.summary()


def test_player_counts_a_ruleset_does_not_allow_are_skipped():
    rep = variant_balance(["city-states"], players=(2, 3), games=1, agent="random")
    assert [r.players for r in rep.rows] == [3]
    assert rep.skipped and rep.skipped[0][:2] == ("city-states", 2)


def test_an_interrupt_keeps_the_games_played_so_far():
    def stop(done, total):
        if done == 3:
            raise KeyboardInterrupt
    rep = variant_balance(["standard"], players=(2, 4), games=5, agent="random", progress=stop)
    assert rep.partial and sum(r.games for r in rep.rows) == 3 and "PARTIAL" in rep.summary()


def test_player_counts_per_ruleset():
    from condottiere_nb.explore import player_counts
    assert player_counts("city-states") == (3, 4, 5, 6)
    rep = variant_balance(["standard", "city-states", "invasion"], players={"standard": 2, "city-states": (3,)},
                          games=1, agent="random")
    assert [(r.ruleset, r.players) for r in rep.rows] == [("standard", 2), ("city-states", 3)]
    assert rep.skipped == [("invasion", 0, "no player count given for it")]
