"""The Game as a state machine: the same seed and actions give the same game however the actions
are written, legal_actions() lists exactly what the rules allow, apply() takes exactly that,
and undo() is exact after any sequence of actions."""
from __future__ import annotations

import dataclasses
import itertools
import random

import pytest

from condottiere_nb import RULESETS, TERMINAL, Battle, Game, IllegalMove, RulesError
from condottiere_nb.agents import HeuristicAgent, RandomAgent
from condottiere_nb.game import Keep, Pass, Play


def _play_out(players, ruleset, seed, explain, agent=RandomAgent, written_anew=False, limit=20_000) -> Game:
    game = Game(players, ruleset, seed=seed, explain=explain)
    agents = {p: agent(seed * 7 + i) for i, p in enumerate(game.players)}
    for _ in range(limit):
        if game.is_over:
            break
        action = agents[game.to_move].choose(game)
        game.apply(dataclasses.replace(action) if written_anew else action)
    assert game.is_over, f"{ruleset} {players} players, seed {seed}: the game did not end"
    return game


GAMES = [("standard", n, seed) for n in range(2, 7) for seed in (1, 2)] + [
    ("hidden-cards", 3, 5), ("invasion", 4, 6), ("continuous-war", 4, 7), ("scoring", 3, 8),
    ("city-states", 4, 9), ("city-states-final", 5, 10), ("fa-tutorial", 3, 11),
]


@pytest.mark.parametrize("ruleset, players, seed", GAMES)
def test_an_action_written_anew_plays_the_same_game_as_the_listed_one(ruleset, players, seed):
    listed = _play_out(players, ruleset, seed, explain=True)
    anew = _play_out(players, ruleset, seed, explain=True, written_anew=True)
    assert listed.to_json() == anew.to_json()
    assert listed.explain() == anew.explain()


@pytest.mark.parametrize("players", range(2, 7))
def test_explain_false_plays_the_same_game_byte_for_byte(players):
    for seed in range(100 * players, 100 * players + 4):
        quiet = _play_out(players, "standard", seed, explain=False)
        told = _play_out(players, "standard", seed, explain=True)
        assert quiet.to_json() == told.to_json()
        assert quiet.log == [] and told.log


@pytest.mark.parametrize("players", [2, 4, 6])
def test_heuristic_games_replay_from_their_json(players):
    game = _play_out(players, "standard", 21, explain=False, agent=HeuristicAgent).to_json()
    assert Game.from_json(game).to_json() == game


def _spec_plays(game: Game) -> list:
    """The legal plays without hidden cards, as docs/rules.md describes them: one Play per kind in
    hand (deck order, not banned), the Scarecrow followed by its takes, then Pass."""
    player, battle = game.to_move, game.battle
    in_hand = {c.kind for c in game.hand(player)} - set(battle.banned)
    mine = {c.kind for c in battle.lines[player] if c.mercenary and c.id not in battle.face_down}
    plays = []
    for kind in game.ruleset.kinds:
        if kind in in_hand:
            plays.append(Play(kind))
            if kind == "scarecrow":
                plays += [Play("scarecrow", take=k) for k in game.ruleset.kinds if k in mine]
    return plays + [Pass()]


def _battle_decisions(ruleset: str, seeds, rng: random.Random):
    """(game, legal_actions()) at every battle decision of seeded random 4-player games, before
    the random move is made."""
    for seed in seeds:
        game = Game(4, ruleset, seed=seed, explain=False)
        while not game.is_over:
            legal = game.legal_actions()
            if game.phase == "battle":
                yield game, legal
            game.apply(legal[int(rng.random() * len(legal))])


@pytest.mark.parametrize("ruleset", ["standard", "invasion", "scoring"])
def test_legal_plays_match_the_rule(ruleset):
    checked_states = 0
    for game, legal in _battle_decisions(ruleset, range(8), random.Random(ruleset)):
        assert [a for a in legal if isinstance(a, (Play, Pass))] == _spec_plays(game)
        checked_states += 1
    assert checked_states > 400


def _spec_keeps(game: Game) -> list:
    """The end of a round as docs/rules.md says it: keep any up to keep_cards of your cards; one
    Keep per multiset of kinds, smallest first, in deck order."""
    hand = [c.kind for c in game.hand(game.to_move)]
    kinds = [k for k in game.ruleset.kinds if k in hand]
    most = min(game.ruleset.keep_cards, len(hand))
    return [Keep(combo) for size in range(most + 1)
            for combo in itertools.combinations_with_replacement(kinds, size)
            if all(combo.count(k) <= hand.count(k) for k in combo)]


@pytest.mark.parametrize("players", range(2, 7))
def test_keep_choices_match_the_rule(players):
    rng = random.Random(players)
    checked = 0
    for seed in range(30):
        game = Game(players, seed=seed, explain=False)
        while not game.is_over:
            legal = game.legal_actions()
            if game.phase == "keep":
                assert legal == _spec_keeps(game)
                checked += 1
            game.apply(legal[int(rng.random() * len(legal))])
    assert checked > 5


def test_bad_moves_through_the_public_api_raise_and_change_nothing():
    game = Game(4, seed=12)
    game.apply(game.legal_actions()[0])
    player = game.to_move
    missing = next(k for k in game.ruleset.kinds if all(c.kind != k for c in game.hand(player)))
    before = game.to_json()
    with pytest.raises(IllegalMove, match="Allowed now"):
        game.apply(Play(missing))
    assert game.to_json() == before
    battle = game.battle
    other = next(p for p in game.players if p != player)
    with pytest.raises(IllegalMove, match="turn"):
        battle.play(other, game.hand(other)[0])
    with pytest.raises(IllegalMove, match="turn"):
        battle.pass_turn(other)
    with pytest.raises(IllegalMove, match="no .* in hand"):
        battle.play(player, missing)
    with pytest.raises(RulesError):
        Battle(["Ana", "Ana"], hands={"Ana": ["10"]})
    assert game.to_json() == before


def test_a_cards_id_is_its_place_in_the_deck():
    for ruleset in RULESETS.values():
        deck = ruleset.make_deck()
        assert [c.id for c in deck] == list(range(len(deck)))


@pytest.mark.parametrize("players", range(2, 7))
def test_the_turn_goes_round_the_table_to_the_next_player_who_has_not_passed(players):
    rng = random.Random(players)
    names = [f"P{i}" for i in range(players)]
    for _ in range(40):
        leader = rng.choice(names)
        battle = Battle(names, strict=True, token_holder=leader,
                        hands={p: ["1", "2", "3", "4", "5"] for p in names})
        seat = names.index(leader)
        while not battle.is_over:
            player = battle.to_move
            assert player == names[seat]
            if rng.random() < 0.35 or not battle.hands[player]:
                battle.pass_turn(player)
            else:
                battle.play(player, battle.hands[player][0].kind)
            if battle.is_over:
                break
            seat = next(s % players for s in range(seat + 1, seat + players + 1)
                        if names[s % players] not in battle.passed)
        assert len(battle.passed) == players


def test_the_games_facts_are_read_only_and_follow_the_game():
    rng = random.Random(7)
    for name in RULESETS:
        game = Game(3, name, seed=5, explain=False)
        for fact in ("is_over", "to_move", "phase", "region", "token_holder", "winners", "favor"):
            with pytest.raises(AttributeError):
                setattr(game, fact, None)
        while not game.is_over:
            assert game.phase != "over" and game.to_move in game.players
            legal = game.legal_actions()
            game.apply(legal[int(rng.random() * len(legal))])
        assert game.phase == "over" and game.to_move is TERMINAL and game.winners
        assert game.clone().is_over and Game.from_json(game.to_json()).is_over


@pytest.mark.parametrize("ruleset", ["standard", "invasion", "scoring"])
def test_apply_takes_exactly_what_legal_actions_lists(ruleset):
    rng = random.Random(ruleset)
    tried = 0
    for game, legal in _battle_decisions(ruleset, range(5), rng):
        if rng.random() >= 0.3:
            continue
        for action in [Play(k) for k in game.ruleset.kinds] + [Pass()]:
            trial = game.clone()
            before = trial.to_json()
            if action in legal:
                trial.apply(action)
                assert trial.actions[-1] == action
            else:
                with pytest.raises(IllegalMove):
                    trial.apply(action)
                assert trial.to_json() == before
            tried += 1
    assert tried > 300


def test_undo_after_passes_is_exact():
    # the defect of the old speed path: undo() failed after any pass
    game = Game(3, seed=1)
    game.apply(game.legal_actions()[0])
    states = [game.to_json()]
    for _ in range(2):
        game.apply(Pass())
        states.append(game.to_json())
    assert game.undo() == Pass() and game.to_json() == states[1]
    assert game.undo() == Pass() and game.to_json() == states[0]


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_undo_all_the_way_back_retraces_every_state(ruleset):
    rng = random.Random(ruleset)
    game = Game(4 if ruleset != "city-states" else 3, ruleset, seed=3, explain=False)
    seen = [game.to_json()]
    for _ in range(120):
        if game.is_over:
            break
        legal = game.legal_actions()
        game.apply(legal[int(rng.random() * len(legal))])
        seen.append(game.to_json())
    seen.pop()
    while seen:
        game.undo()
        assert game.to_json() == seen.pop()
    with pytest.raises(IllegalMove, match="no action to undo"):
        game.undo()


@pytest.mark.parametrize("ruleset", sorted(RULESETS) + ["continuous-war+invasion", "hidden-cards+scoring"])
def test_undo_from_the_end_of_a_whole_game_retraces_every_state_and_keeps_every_card(ruleset):
    """The property of issue 14 over whole games (or their first 250 actions): from the last action
    back to the first, each undo gives exactly the state saved at that point (its JSON and its
    explanation), with every card of the deck in one pile, and returns the action that was taken."""
    rng = random.Random(f"{ruleset}:whole")
    game = Game(3, ruleset, seed=11)
    seen, steps = [game.to_json()], [len(game.log)]
    while not game.is_over and len(seen) < 250:
        legal = game.legal_actions()
        game.apply(legal[int(rng.random() * len(legal))])
        seen.append(game.to_json())
        steps.append(len(game.log))
    taken = game.actions
    seen.pop()
    steps.pop()
    while seen:
        assert game.undo() == taken.pop()
        assert game.to_json() == seen.pop() and len(game.log) == steps.pop()
        ids = sorted(c.id for pile in game.zones.piles.values() for c in pile)
        assert ids == list(range(len(game.cards)))
    assert game.actions == []
