"""explain=True (the default): each rule writes its Step as it fires; explain=False: no Step is
ever made.  There is one engine and one way to explain: no twin replays the moves later, so a
kept Resolution keeps its Steps, and threads reading a finished battle read the same Steps."""
from __future__ import annotations

import gc
import threading
from functools import partial

import pytest

from condottiere_nb import RULESETS, Battle, Game, RandomAgent, RulesError
from condottiere_nb.explain import Step


def _play(game: Game, seed: int, actions: int | None = None) -> Game:
    agent = RandomAgent(seed)
    done = 0
    while not game.is_over and (actions is None or done < actions):
        game.apply(agent.choose(game))
        done += 1
    return game


def _fields(steps) -> list:
    return [(s.rule, s.player, s.cards, s.strengths, s.before, s.values, s.data, s.text) for s in steps]


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_explaining_changes_nothing_the_rules_decide(ruleset):
    for seed in (1, 2):
        players = 3 if ruleset == "city-states" else 4
        told = _play(Game(players, ruleset, seed=seed), seed)
        quiet = _play(Game(players, ruleset, seed=seed, explain=False), seed)
        assert told.actions == quiet.actions
        assert told.snapshot() == quiet.snapshot()
        assert told.log and quiet.log == []
        assert (told.winners, told.reason) == (quiet.winners, quiet.reason)


def test_explain_false_makes_no_step_at_all(monkeypatch):
    made = []
    original = Step.__new__

    def counting(cls, *args, **kwargs):
        made.append(args[0] if args else kwargs.get("rule"))
        return original(cls, *args, **kwargs)

    monkeypatch.setattr(Step, "__new__", counting)
    monkeypatch.setattr(Step, "of", partial(counting, Step))      # the rules' way to make one
    for ruleset in sorted(RULESETS):
        _play(Game(3 if ruleset == "city-states" else 4, ruleset, seed=3, explain=False), 3)
    b = Battle(["Ana", "Ben"], explain=False)
    b.play("Ana", "10"), b.play("Ben", "winter"), b.play("Ana", "bishop")
    res = b.resolve()
    assert made == [] and res.steps == [] and b.steps == []
    # and explaining writes them as the rules fire, not later
    b = Battle(["Ana", "Ben"])
    b.play("Ana", "10")
    assert made == ["play.card"]
    b.play("Ben", "winter")
    assert made == ["play.card", "play.card"]


def test_steps_are_written_in_the_order_the_rules_fire():
    b = Battle(["Ana", "Ben", "Cy"])
    seen = []
    for player, card in [("Ana", "10"), ("Ben", "winter"), ("Cy", "spring"), ("Ana", "bishop")]:
        b.play(player, card)
        seen.append([s.rule for s in b.steps])
    assert seen[-1] == ["play.card", "play.card", "play.card", "season.cancel", "play.card", "card.bishop",
                        "token.favor"]
    assert all(seen[i] == seen[i + 1][:len(seen[i])] for i in range(len(seen) - 1))


def test_a_kept_resolution_outlives_its_game():
    game = _play(Game(4, seed=6), 6, actions=60)
    while game.resolution is None:
        game.apply(RandomAgent(1).choose(game))
    battle, resolution = game.battle, game.resolution
    want = _fields(resolution.steps)
    del game
    gc.collect()
    assert _fields(resolution.steps) == want and want[-1][0] == "token.condottiere"
    assert battle.steps                      # the battle keeps its own Steps too


def test_threads_reading_a_finished_battle_read_the_same_steps():
    game = _play(Game(4, seed=9), 9, actions=80)
    while game.resolution is None:
        game.apply(RandomAgent(2).choose(game))
    resolution = game.resolution
    want = (_fields(resolution.steps), resolution.explain("vi"), game.explain())
    got, errors = [], []

    def read():
        try:
            for _ in range(20):
                got.append((_fields(resolution.steps), resolution.explain("vi"), game.explain()))
        except Exception as err:         # pragma: no cover - a failure is what this test looks for
            errors.append(err)

    threads = [threading.Thread(target=read) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(got) == 120
    assert all(g == want for g in got)


def test_undo_clone_and_a_saved_game_say_the_same_steps():
    game = _play(Game(4, seed=8), 8, actions=70)
    again = Game(4, seed=8)
    for action in game.actions[:-1]:
        again.apply(action)
    game.undo()
    assert _fields(game.log) == _fields(again.log)
    twin = game.clone()
    assert _fields(twin.log) == _fields(again.log)
    if twin.battle is not None:
        assert _fields(twin.battle.steps) == _fields(again.battle.steps)
    assert _fields(Game.from_json(game.to_json()).log) == _fields(again.log)


def test_explain_is_true_or_false():
    for bad in (None, "yes", "now", 1):
        with pytest.raises(RulesError, match="explain must be True or False"):
            Battle(["Ana", "Ben"], explain=bad)
        with pytest.raises(RulesError, match="explain must be True or False"):
            Game(3, seed=1, explain=bad)
    game = _play(Game(3, seed=4, explain=False), 4)
    assert game.log == [] and "explain=False" in game.explain()
    # the flag does not hide the method
    b = Battle(["Ana", "Ben"])
    assert callable(b.explain) and callable(b.resolve().explain) and callable(Game(2, seed=1).explain)
    for gone in ("explaining", "teller", "explained", "skeleton", "explain_as_played"):
        assert not hasattr(b, gone) and not hasattr(game, gone)


def test_a_ban_in_a_sandbox_battle_is_a_step_like_any_other():
    from condottiere_nb.variants import city_states as cs
    b = Battle(["Ana", "Ben"], "city-states")
    b.play("Ana", "5")
    cs.ban(b.state, "Milano", "Ben")
    b.play("Ben", "6")
    assert [s.rule for s in b.steps] == ["play.card", "city.milano", "play.card"]


def test_preview_runs_the_count_in_the_order_it_is_given():
    b = Battle(["Ana", "Ben"])
    b.play("Ana", "5"), b.play("Ben", "6"), b.play("Ana", "drummer"), b.play("Ben", "spring")
    right = b.preview()
    assert right.strengths == {"Ana": 10, "Ben": 9}
    swapped = b.preview(["strength.printed", "season.spring", "card.drummer", "strength.characters"])
    assert swapped.strengths == {"Ana": 10, "Ben": 9}
    b2 = Battle(["Ana", "Ben"])
    b2.play("Ana", "6"), b2.play("Ben", "5"), b2.play("Ana", "drummer"), b2.play("Ben", "spring")
    assert b2.preview().strengths["Ana"] == 15
    assert b2.preview(["strength.printed", "season.spring", "card.drummer"]).strengths["Ana"] == 18
    assert b2.preview(["strength.printed", "season.spring"]).strengths["Ana"] == 9
    # without the printed values the Mercenaries count nothing, but Spring still gives its +3
    assert b2.preview(["season.spring", "card.drummer"]).strengths["Ana"] == 6
    assert [s.rule for s in b2.preview(["strength.printed", "season.spring", "card.drummer"]).steps][-4:] == [
        "season.spring", "card.drummer", "battle.compare", "token.condottiere"]
    assert not b2.is_resolved
    for bad in ("season.spring", ["season.autumn"], ["card.drummer", "card.drummer"]):
        with pytest.raises(RulesError):
            b2.preview(bad)


def test_games_and_battles_leave_no_cycles_for_the_garbage_collector():
    gc.collect()
    gc.disable()
    try:
        for seed in range(3):
            game = _play(Game(4, seed=seed), seed)
            game.log
            b = Battle(["Ana", "Ben"])
            b.play("Ana", "10"), b.play("Ben", "bishop")
            b.resolve().steps
        del game, b
        assert gc.collect() == 0
    finally:
        gc.enable()


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_object_pickles_and_copies_at_any_point_and_plays_on_alike(ruleset):
    """Issue 31: a Battle, Game, Resolution and Step pickle and deep-copy at any point of a game,
    and the copy plays on as the original does."""
    import copy
    import pickle
    players = 3 if ruleset.startswith("city-states") else 4
    game = Game(players, ruleset, seed=21)
    agent = RandomAgent(21)
    done = 0
    while not game.is_over and done < 400:
        if done % 37 == 0:
            for make in (lambda g: pickle.loads(pickle.dumps(g)), copy.deepcopy):
                other = make(game)
                assert other.to_json() == game.to_json() and _fields(other.log) == _fields(game.log)
                for obj in (game.battle, game.resolution, game.log[-1] if game.log else None):
                    if obj is not None:
                        again = make(obj)
                        assert type(again) is type(obj)
                        if hasattr(obj, "steps"):
                            assert _fields(again.steps) == _fields(obj.steps)
                a, b = RandomAgent(done), RandomAgent(done)
                mine = game.clone()
                for _ in range(10):
                    if mine.is_over:
                        break
                    mine.apply(a.choose(mine))
                    other.apply(b.choose(other))
                assert other.to_json() == mine.to_json()
        game.apply(agent.choose(game))
        done += 1


def test_a_plain_text_explanation_numbers_its_steps_in_the_learner_s_digits():
    """Issue 30: the Persian plain-text explanation writes Persian digits, its line numbers too."""
    b = Battle(["Ana", "Ben"])
    b.play("Ana", "10"), b.play("Ben", "winter")
    lines = b.resolve().explain("fa").splitlines()
    assert lines[0].startswith("۱. [play.card]") and lines[-1].startswith("۷. [token.condottiere]")
    assert b.resolution.explain("en").splitlines()[0].startswith("1. [play.card]")
