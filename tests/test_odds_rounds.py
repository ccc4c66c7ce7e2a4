"""Anytime odds (issue 34): the answer after every round, the stops, the settled best action, and
the odds' arguments refused (issue 31)."""
import math

import pytest

from condottiere_nb.errors import RulesError
from condottiere_nb.explore import battle_odds, odds_rounds
from condottiere_nb.explore.odds import FIRST_ROUND

BATTLE = "[Ana Ben Cy] Ana 10, Ben 6, Cy 5"
KW = dict(hand="5 winter bishop", others=3, seed=2)


def figures(odds):
    return [(a.label, a.wins, a.n, a.p, a.low, a.high, a.settled, a.interval) for a in odds.actions]


@pytest.mark.parametrize("workers", [1, 2])
def test_round_by_round_is_the_answer_all_at_once(workers):
    """Watched round by round (the iterator, or a callback) or not, on one process or two: the
    same final figures to the last digit for a stop by precision, and for a stop by rounds."""
    whole = battle_odds(BATTLE, **KW, precision=0.04)
    answers = list(odds_rounds(BATTLE, **KW, precision=0.04, workers=workers))
    assert len(answers) == whole.round > 1 and [a.round for a in answers] == list(range(1, whole.round + 1))
    assert figures(answers[-1]) == figures(whole) and answers[-1].stopped == whole.stopped == "precision"
    told = []
    called = battle_odds(BATTLE, **KW, precision=0.04, workers=workers, on_round=told.append)
    assert figures(called) == figures(whole) and [figures(o) for o in told] == [figures(o) for o in answers]
    # a stop after two rounds: the second answer of the longer run
    two = battle_odds(BATTLE, **KW, precision=0.04, rounds=2, workers=workers)
    assert two.stopped == "rounds" and two.round == 2 and figures(two) == figures(answers[1])


def test_every_round_sharpens_the_answer():
    answers = list(odds_rounds(BATTLE, **KW, precision=0.03))
    first = answers[0]
    assert first.samples == FIRST_ROUND and all(a.n == FIRST_ROUND for a in first.actions) and first.stopped == ""
    # every action's interval narrows from the first answer to the last, but one settled at once
    for a, b in zip(first.actions, answers[-1].actions):
        assert b.half_width < a.half_width or (b.n == a.n == FIRST_ROUND and a.settled)
    assert answers[-1].best.half_width <= 0.03 < first.best.half_width
    assert all(x.rollouts < y.rollouts for x, y in zip(answers, answers[1:]))


def test_stops_by_samples_rounds_seconds_and_the_user():
    fixed = list(odds_rounds(BATTLE, **KW, samples=120))
    assert [o.samples for o in fixed] == [FIRST_ROUND, 2 * FIRST_ROUND, 4 * FIRST_ROUND, 120]
    assert fixed[-1].stopped == "samples"
    assert {o.stopped for o in fixed[:-1]} == {""}
    assert battle_odds(BATTLE, **KW, rounds=1).round == 1
    # by the clock: the round that passes the time is the last (a tiny time: after the first)
    timed = battle_odds(BATTLE, **KW, seconds=1e-6)
    assert timed.stopped == "seconds" and timed.round == 1
    # the user: a callback that says stop (True), or an iterator left
    calls = []
    stopped = battle_odds(BATTLE, **KW, samples=400, on_round=lambda odds: calls.append(odds.round) or len(calls) == 2)
    assert stopped.stopped == "stopped" and stopped.round == 2 and calls == [1, 2]
    rounds = odds_rounds(BATTLE, **KW, samples=400)
    assert next(rounds).round == 1
    rounds.close()                  # nothing more is played
    assert next(rounds, None) is None


def test_the_best_action_is_settled_once_it_beats_every_other_hand_by_hand():
    answers = list(odds_rounds(BATTLE, **KW, precision=0.03))
    assert answers[-1].best_settled
    # once settled it stays the best (the hands only grow), and a weaker action stopped below it
    settled = next(o for o in answers if o.best_settled)
    assert all(o.best.label == settled.best.label for o in answers[answers.index(settled):])
    for a in answers[-1].actions:
        if a.settled == "below the best":
            assert a.behind[1] < 0 and a.p < answers[-1].best.p
    # two close actions (a 5 or a 6 on a 10 and a 6): 15 to 120 hands cannot tell them apart, 200 can
    close = list(odds_rounds("[Ana Ben] Ana 10, Ben 6", hand="5 6 winter", others=3, samples=200, seed=1))
    assert [o.samples for o in close] == [15, 30, 60, 120, 200] and FIRST_ROUND == 15
    assert [o.best_settled for o in close] == [False, False, False, False, True] and close[-1].best.label == "6"
    assert [o.best.label for o in close][2:] == ["6"] * 3 and close[1].odds("5").high > close[1].odds("6").low
    # exact odds: settled when the best is strictly above the others
    exact = battle_odds("[Ana Ben] Ana 5, Ben 5", hand=["6", "2"], others=1, pool=["10", "5", "1", "winter"])
    top = sorted((a.p for a in exact.actions), reverse=True)
    assert exact.method == "exact" and exact.stopped == "exact" and exact.best_settled == (top[0] > top[1])


@pytest.mark.parametrize("kwargs,message", [
    (dict(others={"Zed": 3}), "'Zed', who is not one of Ana's opponents at this table: Ben, Cy"),
    (dict(others={"Ben": 3, "Zed": 3, "Ana": 2}), "'Zed', 'Ana', who are not Ana's opponents"),
    (dict(others={"Ben": -1}), "others\\['Ben'\\] must be"),
    (dict(samples=10 ** 9), "samples must be a whole number from 1 to 1000000"),
    (dict(samples=2.5), "samples must be"),
    (dict(rounds=0), "rounds must be"),
    (dict(rounds=10 ** 6), "rounds must be"),
    (dict(seconds=math.nan), "seconds must be a number above 0"),
    (dict(seconds=math.inf), "seconds must be a number above 0"),
    (dict(seconds=-1), "seconds must be"),
    (dict(seconds="5"), "seconds must be"),
    (dict(precision=math.nan), "precision must be"),
    (dict(precision=math.inf), "precision must be"),
    (dict(on_round=5), "on_round must be a function"),
])
def test_bad_odds_arguments_are_refused_before_any_hand_is_played(kwargs, message):
    with pytest.raises(RulesError, match=message):
        battle_odds(BATTLE, hand="5 winter", **kwargs)
    if "on_round" not in kwargs:
        with pytest.raises(RulesError, match=message):
            odds_rounds(BATTLE, hand="5 winter", **kwargs)        # at the call, not at the first round


def test_the_odds_widget_plays_its_rounds_as_a_task_and_hears_stop_between_them():
    import asyncio
    pytest.importorskip("ipywidgets")
    from condottiere_nb.views.explore_views import OddsWidget

    async def click_compute_then_stop():
        w = OddsWidget("[Ana Ben] Ana 10, Ben 6", "5 6 winter", samples=400, others=3, seed=1)
        task = w.start()                 # what the Compute button does
        assert task is not None and w.compute_button.disabled and not w.stop_button.disabled
        drawn = []
        while w.result is None or not drawn:
            await asyncio.sleep(0.005)
            if w.result is not None:
                drawn.append(w.output.value)
        w.stop()                         # a click on Stop while the rounds run
        await task
        return w, drawn

    w, drawn = asyncio.run(click_compute_then_stop())
    assert w.result.stopped == "stopped" and 1 < w.result.round < 4
    assert not w.compute_button.disabled and w.stop_button.disabled
    assert "After 1 round of hands." in drawn[0] and "not settled yet" in drawn[0]


def test_the_odds_bars_mark_the_best_action_once_settled():
    from condottiere_nb.views.explore_views import odds_html
    close = list(odds_rounds("[Ana Ben] Ana 10, Ben 6", hand="5 6 winter", others=3, samples=200, seed=1))
    assert "\u2713" not in odds_html(close[0]) and "<b>6</b> \u2713" in odds_html(close[-1])
    assert "is settled" in odds_html(close[-1]) and "After 5 rounds of hands." in odds_html(close[-1])
