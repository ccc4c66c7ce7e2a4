"""explain=True (the default) tells the Steps when they are first read, by a twin that replays the
moves with explain="now": what a learner reads must be exactly what recording as played gives,
and playing must record nothing until then."""
from __future__ import annotations

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
def test_a_game_told_when_read_says_what_a_game_recorded_as_played_says(ruleset):
    for seed in (1, 2):
        players = 3 if ruleset == "city-states" else 4
        lazy = _play(Game(players, ruleset, seed=seed), seed)
        now = _play(Game(players, ruleset, seed=seed, explain="now"), seed)
        assert lazy.actions == now.actions
        assert _fields(lazy.log) == _fields(now.log)
        assert lazy.explain() == now.explain()
        assert _fields(lazy.resolution.steps) == _fields(now.resolution.steps)


def test_reading_in_the_middle_of_a_game_and_again_later_tells_each_step_once():
    lazy, now = Game(4, seed=5), Game(4, seed=5, explain="now")
    a, b = RandomAgent(5), RandomAgent(5)
    for _ in range(60):
        lazy.apply(a.choose(lazy))
        now.apply(b.choose(now))
        if lazy.battle is not None:
            assert _fields(lazy.battle.steps) == _fields(now.battle.steps)
    assert _fields(lazy.log) == _fields(now.log)
    old_lazy, old_now = lazy.battle, now.battle
    for _ in range(40):
        lazy.apply(a.choose(lazy))
        now.apply(b.choose(now))
    # a battle kept from earlier still tells its own Steps, not the current battle's
    assert old_lazy is not lazy.battle
    assert _fields(old_lazy.steps) == _fields(old_now.steps)
    assert _fields(lazy.log) == _fields(now.log)


def test_undo_clone_and_a_saved_game_tell_the_same_steps():
    lazy = _play(Game(4, seed=8), 8, actions=70)
    now = _play(Game(4, seed=8, explain="now"), 8, actions=70)
    assert _fields(lazy.log) == _fields(now.log)        # the twin exists and is up to date
    lazy.undo(), now.undo()
    assert _fields(lazy.log) == _fields(now.log)
    twin = lazy.clone()
    assert _fields(twin.log) == _fields(now.log)
    if twin.battle is not None:
        assert _fields(twin.battle.steps) == _fields(now.battle.steps)
    loaded = Game.from_json(lazy.to_json())
    assert _fields(loaded.log) == _fields(now.log)


def test_playing_records_no_step_until_one_is_read(monkeypatch):
    made = []
    original = Step.__new__

    def counting(cls, *args, **kwargs):
        made.append(args[0] if args else kwargs.get("rule"))
        return original(cls, *args, **kwargs)

    monkeypatch.setattr(Step, "__new__", counting)
    game = _play(Game(4, seed=3), 3)
    b = Battle(["Ana", "Ben"])
    b.play("Ana", "10"), b.play("Ben", "winter"), b.play("Ana", "bishop")
    res = b.resolve()
    assert made == []
    assert game.log and "round.deal" in made
    made.clear()
    assert [s.rule for s in res.steps][-1] == "token.condottiere" and made


def test_a_sandbox_battle_told_when_read_matches_one_recorded_as_played():
    script = [("Ana", "10"), ("Ben", "drummer"), ("Cy", "5"), ("Ana", "winter"), ("Ben", "6"), ("Cy", "spring"),
              ("Ana", "scarecrow"), ("Ben", "bishop"), ("Cy", "courtesan")]
    lazy, now = Battle(["Ana", "Ben", "Cy"]), Battle(["Ana", "Ben", "Cy"], explain="now")
    for player, card in script:
        if card == "scarecrow":
            lazy.play(player, card, take=None), now.play(player, card, take=None)
        else:
            lazy.play(player, card), now.play(player, card)
        assert _fields(lazy.steps) == _fields(now.steps)
    assert _fields(lazy.preview().steps) == _fields(now.preview().steps)
    lazy.undo(), now.undo()
    assert _fields(lazy.steps) == _fields(now.steps)
    lazy.play("Cy", "3"), now.play("Cy", "3")
    assert lazy.explain("vi") == now.explain("vi")
    assert _fields(lazy.resolve().steps) == _fields(now.resolve().steps)
    assert lazy.resolution == now.resolution


def test_explain_false_tells_nothing_and_explain_takes_three_values():
    game = _play(Game(3, seed=4, explain=False), 4)
    assert game.log == [] and game.explained() is None
    assert "explain=False" in game.explain()
    b = Battle(["Ana", "Ben"], explain=False)
    b.play("Ana", "10")
    assert b.steps == [] and b.resolve().steps == []
    for bad in (None, "yes", 1):
        with pytest.raises(RulesError, match="explain must be True, False or 'now'"):
            Battle(["Ana", "Ben"], explain=bad)


def test_a_ban_in_a_sandbox_battle_is_told_as_played_from_then_on():
    from condottiere_nb.variants import city_states as cs
    b = Battle(["Ana", "Ben"], "city-states")
    b.play("Ana", "5")
    cs.ban(b, "Milano", "Ben")      # no move of the battle: a twin could not replay it
    b.play("Ben", "6")
    assert [s.rule for s in b.steps] == ["play.card", "city.milano", "play.card"]
    assert b.explains == "now"


def test_a_battle_kept_after_its_game_is_gone_says_so_plainly():
    import gc
    game = _play(Game(4, seed=6), 6, actions=30)
    battle, resolution = game.battle, game.resolution
    del game
    gc.collect()
    with pytest.raises(RulesError, match="Game no longer exists"):
        battle.steps
    assert resolution is None or resolution.winner is not None or resolution.tied


def test_games_and_battles_leave_no_cycles_for_the_garbage_collector():
    import gc
    gc.collect()
    gc.disable()
    try:
        for seed in range(3):
            game = _play(Game(4, seed=seed), seed)
            game.log                           # the twin is made, and dropped with the game
            b = Battle(["Ana", "Ben"])
            b.play("Ana", "10"), b.play("Ben", "bishop")
            b.resolve().steps
        del game, b
        assert gc.collect() == 0
    finally:
        gc.enable()
