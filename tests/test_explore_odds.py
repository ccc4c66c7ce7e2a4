"""Battle odds: the exact enumeration's weights, exact against Monte Carlo, Wilson intervals,
the Game's legal actions, reproducibility, interruption and bad input."""
import itertools
from collections import Counter

import pytest

from condottiere_nb import Battle, RulesError
from condottiere_nb.cards import make_deck
from condottiere_nb.explore import battle_odds, exact_hands, game_odds, wilson
from condottiere_nb.explore.odds import CONTROLLED_FROM, controlled, paired_gap
from condottiere_nb.game import Game, Pass, PlaceToken, Play


def test_wilson_interval_known_values():
    lo, hi = wilson(0, 20)
    assert lo == 0 and hi == pytest.approx(0.161, abs=1e-3)
    lo, hi = wilson(10, 20)
    assert (lo, hi) == (pytest.approx(0.299, abs=1e-3), pytest.approx(0.701, abs=1e-3))
    lo, hi = wilson(20, 20)
    assert lo == pytest.approx(0.839, abs=1e-3) and hi == 1


def test_exact_hand_weights_are_the_hypergeometric_law():
    deck = make_deck({"10": 2, "5": 1, "winter": 2})
    kinds = ["10", "5", "winter"]
    by_kind = {k: [c for c in deck if c.kind == k] for k in kinds}
    got = Counter()
    for w, hands in exact_hands(["Ben", "Cy"], {"Ben": 2, "Cy": 1}, kinds, by_kind):
        got[(tuple(sorted(c.kind for c in hands["Ben"])), tuple(c.kind for c in hands["Cy"]))] += w
    # brute force: every ordered deal of 3 of the 5 physical cards is equally likely
    brute = Counter()
    deals = list(itertools.permutations(deck, 3))
    for d in deals:
        brute[(tuple(sorted(c.kind for c in d[:2])), (d[2].kind,))] += 1 / len(deals)
    assert set(got) == set(brute)
    for key in brute:
        assert got[key] == pytest.approx(brute[key])
    assert sum(got.values()) == pytest.approx(1)


def test_no_active_opponent_makes_the_odds_exact_and_certain():
    odds = battle_odds("[Ana Ben] Ana 10, Ben 6, Ana pass", hand=["5"])
    assert odds.player == "Ben" and odds.method == "exact"
    assert odds.odds("5").p == 1 and odds.odds("pass").p == 0
    assert all(a.exact and a.low == a.high == a.p for a in odds.actions)


def test_exact_agrees_with_monte_carlo():
    kw = dict(hand=["6", "2"], others=1, pool=["10", "5", "1", "winter", "2", "bishop"])
    battle = "[Ana Ben] Ana 5, Ben 5"
    exact = battle_odds(battle, **kw, exact_limit=100)
    mc = battle_odds(battle, **kw, exact_limit=0, samples=400, seed=3)
    assert exact.method == "exact" and exact.samples == 6       # six kinds, one card each
    assert mc.method == "monte carlo" and mc.samples == 400
    assert [a.label for a in exact.actions] == [a.label for a in mc.actions] == ["2", "6", "pass"]
    for e, m in zip(exact.actions, mc.actions):
        assert m.low - 0.02 <= e.p <= m.high + 0.02, (e, m)
        # 400 hands of six kinds: every action with ten wins and ten losses weighs the deal
        assert m.interval == ("controlled" if min(m.wins, m.n - m.wins) >= 10 else "wilson"), m
    assert len({round(a.p, 3) for a in exact.actions}) > 1     # the actions really differ


def test_a_card_taken_back_by_a_scarecrow_is_known_to_be_in_hand():
    # Ana took her 5 back: everyone saw it, so with a one-card hand she holds exactly the 5.
    odds = battle_odds("[Ana Ben] Ana 5, Ben 6, Ana scarecrow>5", hand=["1"], others=1)
    assert odds.method == "exact" and odds.samples == 1


def test_game_odds_weigh_exactly_the_games_legal_actions():
    g = Game(["Ana", "Ben", "Cy"], seed=4, explain=False,
             hands={"Ana": ["10", "5", "scarecrow", "winter"], "Ben": ["6", "3", "bishop"],
                    "Cy": ["2", "heroine", "drummer"]})
    g.apply(PlaceToken("Siena"))
    g.apply(Play("5"))
    g.apply(Play("6"))
    g.apply(Pass())                      # Cy passes: Ana to move again
    odds = game_odds(g, samples=30, exact_limit=0)
    labels = [a.label for a in odds.actions]
    assert len(odds.actions) == len(g.legal_actions())
    assert "Scarecrow -> 5" in labels and "pass" in labels
    assert odds.method == "monte carlo" and all(0 <= a.low <= a.p <= a.high <= 1 for a in odds.actions)
    again = game_odds(g, samples=30, exact_limit=0)
    assert [a.p for a in again.actions] == [a.p for a in odds.actions]      # seeded


def test_an_interrupt_returns_the_samples_so_far_marked_partial():
    def stop(done, total):
        if done == 3:
            raise KeyboardInterrupt
    odds = battle_odds("[Ana Ben] Ana 10, Ben 6", hand=["5", "winter"], others=3, samples=50, progress=stop)
    assert odds.partial and odds.samples == 3 and "PARTIAL" in odds.summary()


@pytest.mark.parametrize("call,message", [
    (lambda: battle_odds("[Ana Ben] Ana 10, Ana surrender", hand=["5"]), "battle is over"),
    (lambda: battle_odds("[Ana Ben] Ana 10"), "give the hand of Ben"),
    (lambda: battle_odds("[Ana Ben] Ana 10", hand=["heroine"] * 4), "no Heroine is left"),
    (lambda: battle_odds("[Ana Ben] Ana 10", hand=["5"], samples=0), "samples must be"),
    (lambda: battle_odds("[Ana Ben] Ana 10", hand=["5"], others=200), "pool holds"),
    (lambda: battle_odds(42, hand=["5"]), "Battle or its notation"),
    (lambda: battle_odds("[Ana Ben] Ana 10, Ben 6", hand=[]), "Ana's hand is empty, so Ana can only pass"),
    (lambda: battle_odds("[Ana Ben] Ana 10, Ben 6", hand=""), "give the cards in Ana's hand"),
])
def test_bad_odds_requests_are_explained(call, message):
    with pytest.raises(RulesError, match=message):
        call()


@pytest.mark.parametrize("call", [
    lambda: battle_odds("[Ana Ben] Ana 10, Ana surrender", hand=["5"]),
    lambda: battle_odds("[Ana Ben] Ana 10", hand=["heroine"] * 4),
    lambda: battle_odds("[Ana Ben] Ana 10", hand=["5#40", "5#40"]),
    lambda: battle_odds("[Ana Ben] Ana 10, Ben 6", hand=[]),
    lambda: battle_odds("[Ana Ben Cy] Ana 5, Ben 3", hand=["10"], ruleset="city-states"),
])
def test_odds_refusals_are_sentences_of_the_catalogues(call):
    """A refusal the odds widget shows is said as a message, so the widget tells it in its language."""
    from condottiere_nb.language import speaker
    with pytest.raises(RulesError) as err:
        call()
    assert err.value.message_id is not None
    assert speaker("es").error(err.value) != str(err.value)


def test_odds_refuse_the_city_states_ruleset_up_front():
    from condottiere_nb.explore.odds import has_odds
    assert not has_odds("city-states") and has_odds("city-states-final") and has_odds("standard")
    with pytest.raises(NotImplementedError, match="city-states"):        # and a RulesError, a ValueError
        battle_odds("[Ana Ben Cy] Ana 5, Ben 3", hand=["10"], ruleset="city-states")


def test_odds_keep_the_kinds_of_the_hand():
    odds = battle_odds("[Ana Ben] Ana 10, Ben 6, Ana pass", hand="5 winter cortesana")
    assert odds.hand == ("5", "Winter", "Courtesan") and odds.kinds == ("5", "winter", "courtesan")


def test_odds_to_a_precision_sample_each_action_until_it_is_settled():
    kw = dict(hand="5 winter bishop", others=3, precision=0.04, seed=2)
    odds = battle_odds("[Ana Ben Cy] Ana 10, Ben 6, Cy 5", **kw)
    best = odds.best
    assert odds.method == "monte carlo" and odds.precision == 0.04
    assert odds.rollouts == sum(a.n for a in odds.actions) and odds.samples == max(a.n for a in odds.actions)
    for a in odds.actions:
        if a.settled == "precise":
            assert a.half_width <= 0.04
        else:
            # hand by hand against the best action, on the hands both were played on
            assert a.settled == "below the best" and a.behind[1] < 0 and a.n < best.n
    assert best.settled == "precise" and "within 4 points" in odds.summary()
    # the same figures on two processes: world k is drawn from the seed and k alone
    again = battle_odds("[Ana Ben Cy] Ana 10, Ben 6, Cy 5", **kw, workers=2)
    assert [(a.wins, a.n, a.settled) for a in again.actions] == [(a.wins, a.n, a.settled) for a in odds.actions]


def test_a_sample_cap_is_reported():
    odds = battle_odds("[Ana Ben] Ana 10, Ben 6", hand="5 winter", others=3, precision=0.01, samples=100)
    assert all(a.n <= 100 for a in odds.actions) and "sample cap" in {a.settled for a in odds.actions}


def test_exact_odds_on_two_processes_are_the_same():
    kw = dict(hand=["6", "2"], others=1, pool=["10", "5", "1", "winter", "2", "bishop"], exact_limit=100)
    serial = battle_odds("[Ana Ben] Ana 5, Ben 5", **kw)
    assert [a.p for a in battle_odds("[Ana Ben] Ana 5, Ben 5", **kw, workers=2).actions] == \
        [a.p for a in serial.actions]


def test_precision_is_checked():
    with pytest.raises(RulesError, match="precision must be"):
        battle_odds("[Ana Ben] Ana 10", hand=["5"], precision=0.7)


def deals(np, rng, pool_kinds, dealt: int, n: int):
    """``n`` random deals of ``dealt`` cards from a pool (one kind index per card), as counts."""
    kinds = max(pool_kinds) + 1
    order = rng.permuted(np.tile(np.asarray(pool_kinds), (n, 1)), axis=1)[:, :dealt]
    return np.stack([(order == k).sum(axis=1) for k in range(kinds)], axis=1)


def test_controlled_intervals_cover_the_true_chance_95_times_in_100():
    """controlled(): over many runs of 300 hands, the 95% interval holds the true chance about 95
    times in 100, and is narrower than Wilson's when the deal explains part of the results."""
    np = pytest.importorskip("numpy")
    rng = np.random.default_rng(7)
    pool = [0] * 3 + [1] * 5 + [2] * 8 + [3] * 14         # four kinds of cards, 30 in the pool
    mean = [10 * c / 30 for c in (3, 5, 8, 14)]             # ten dealt: what a deal holds on average

    def chance(x):                                          # the results depend on the deal, not linearly
        return np.clip(0.2 + 0.5 * np.minimum(x[:, 0], 1) + 0.1 * x[:, 1] - 0.06 * x[:, 3], 0, 1)

    truth = chance(deals(np, rng, pool, 10, 400_000)).mean()
    covered, width, wilson_width, runs = 0, 0.0, 0.0, 300
    for _ in range(runs):
        x = deals(np, rng, pool, 10, CONTROLLED_FROM + 100)
        won = rng.random(len(x)) < chance(x)
        p, low, high = controlled(won, x, mean)
        covered += low <= truth <= high
        w_low, w_high = wilson(int(won.sum()), len(won))
        width, wilson_width = width + high - low, wilson_width + w_high - w_low
    assert 0.91 * runs <= covered <= 0.985 * runs, covered
    assert width < 0.93 * wilson_width, (width, wilson_width)     # the deal explains part of it


def test_controlled_weighs_only_what_the_deal_can_say():
    won = [True, False, False] * 50
    # every hand dealt the same: nothing to weigh, the plain share and its normal interval
    p, low, high = controlled(won, [(1, 2)] * 150, (1.5, 1.5))
    assert p == pytest.approx(1 / 3) and high - low == pytest.approx(2 * 1.96 * (1 / 3 * 2 / 3 / 149) ** 0.5)
    # two kinds always dealt alike: which of them counts cannot be told, so no estimate
    assert controlled(won, [(a, a, 4 - 2 * a) for a in (0, 1, 2)] * 50, (1, 1, 2)) is None


def test_paired_gap_is_the_interval_of_the_hand_by_hand_difference():
    won, best = [1, 0, 0, 1, 0] * 40, [1, 1, 0, 1, 1] * 40    # loses 2 hands in 5 that the best wins
    low, high = paired_gap(won, best)
    d = [w - b for w, b in zip(won, best)]
    mean = sum(d) / len(d)
    sd = (sum((x - mean) ** 2 for x in d) / (len(d) - 1)) ** 0.5
    assert (low, high) == (pytest.approx(mean - 2.576 * sd / len(d) ** 0.5), pytest.approx(mean + 2.576 * sd / len(d) ** 0.5))
    assert high < 0
    assert paired_gap([1, 0] * 50, [1, 0] * 50) == (0.0, 0.0)       # the same results: no gap
    assert paired_gap(won, best[:100]) == paired_gap(won[:100], best[:100])   # only the hands both had


def test_every_action_is_played_on_the_first_hands_in_order():
    """With a precision, actions stop at different numbers of hands; each has still been played on
    hands 0, 1, 2 ... like a run of that many hands for every action, so its wins are the same."""
    kw = dict(hand="5 winter bishop", others=3, seed=2)
    odds = battle_odds("[Ana Ben Cy] Ana 10, Ben 6, Cy 5", precision=0.04, **kw)
    short = min(odds.actions, key=lambda a: a.n)
    assert short.n < max(a.n for a in odds.actions)
    fixed = battle_odds("[Ana Ben Cy] Ana 10, Ben 6, Cy 5", samples=short.n, **kw)
    assert fixed.odds(short.label).wins == short.wins and fixed.odds(short.label).n == short.n


def test_weighing_the_deal_recovers_the_exact_odds_when_the_kinds_tell_the_whole_deal():
    """One unknown card out of eight of different kinds: the kinds dealt are the whole deal, so the
    weighed estimate is the average over the eight deals at their exact chances (post-stratified),
    whatever share of the sample each deal happened to get; the exact odds lie in its interval."""
    kw = dict(hand=["1", "winter"], others=1, pool=["10", "5", "1", "winter", "2", "bishop", "heroine", "spring"])
    battle = "[Ana Ben] Ana 6, Ben 4"
    exact = battle_odds(battle, **kw, exact_limit=100)
    weighed = battle_odds(battle, **kw, exact_limit=0, samples=300, seed=5)
    for e, m in zip(exact.actions, weighed.actions):
        if m.interval == "controlled":
            assert m.low - 1e-9 <= e.p <= m.high + 1e-9, (e, m)
            assert m.p == pytest.approx(e.p, abs=0.02), (e, m)
    assert any(m.interval == "controlled" for m in weighed.actions)
