"""What an effect is about to do (effects.AHEAD, read by the heuristic agent instead of playing
the card on a copy) is what the rule then does: the lines after the card are the lines before,
plus the card, less the Effect's ``leaving``; the battle ends exactly when it says so."""
import pytest

from condottiere_nb import Game, RandomAgent
from condottiere_nb.agents.sight import Sight
from condottiere_nb.cards import KINDS
from condottiere_nb.effects import AHEAD
from condottiere_nb.game import Play


def _positions(ruleset, players, seeds):
    """Every battle decision of some random games, with its legal plays of a standard effect."""
    for seed in seeds:
        game = Game(players, ruleset, seed, explain=False)
        agents = {p: RandomAgent(seed * 10 + i) for i, p in enumerate(game.players)}
        while not game.is_over:
            if game.phase == "battle":
                plays = [a for a in game.legal_actions() if type(a) is Play and not a.face_down
                         and KINDS[a.card].effect in AHEAD]
                if plays:
                    yield game, plays
            game.apply(agents[game.to_move].choose(game))


@pytest.mark.parametrize("ruleset, players", [("standard", 3), ("standard", 6), ("hidden-cards", 4),
                                              ("city-states-final", 4), ("invasion", 3)])
def test_an_effect_ahead_is_what_its_rule_does(ruleset, players):
    checked = 0
    for game, plays in _positions(ruleset, players, range(6)):
        battle, me = game.battle, game.to_move
        for action in plays:
            card = next(c for c in battle.hand(me) if c.kind == action.card)
            taken = None if action.take is None else battle.state.taken_card(me, card, action.take)
            effect = AHEAD[KINDS[action.card].effect](battle.state, me, card, taken)
            trial = battle.copy(explain=False)
            trial.play(me, card, take=action.take) if action.take is not None else trial.play(me, card)
            gone = {c.id for c in effect.leaving}
            for p in battle.players:
                want = [c for c in battle.line(p) + ((card,) if p == me else ()) if c.id not in gone]
                assert list(trial.line(p)) == want, (battle, action)
            assert trial.is_over == effect.ends
            # and the agent's view of the lines after it is the count of the battle played so
            hidden = 2.5 if battle.face_down else 0.0
            sight = Sight(battle, me, hidden)
            after = Sight.count(trial, me, hidden)
            assert sight.after_effect(card, effect.leaving) == after
            assert sight.lead_effect(card, effect.leaving) == after[me] - max(after[p] for p in battle.players if p != me)
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("ruleset, players", [("standard", 4), ("hidden-cards", 3)])
def test_a_card_without_effect_changes_its_line_only(ruleset, players):
    checked = 0
    for seed in range(6):
        game = Game(players, ruleset, seed, explain=False)
        agents = {p: RandomAgent(seed * 10 + i) for i, p in enumerate(game.players)}
        while not game.is_over:
            if game.phase == "battle":
                battle, me = game.battle, game.to_move
                hidden = 3.25 if battle.face_down else 0.0
                sight = Sight(battle, me, hidden)
                for action in game.legal_actions():
                    if type(action) is not Play or action.face_down or KINDS[action.card].effect is not None:
                        continue
                    card = next(c for c in battle.hand(me) if c.kind == action.card)
                    trial = battle.copy(explain=False)
                    trial.play(me, card)
                    after = Sight.count(trial, me, hidden)
                    assert sight.after(card) == after
                    assert sight.lead_after(card) == after[me] - max(after[p] for p in battle.players if p != me)
                    checked += 1
            game.apply(agents[game.to_move].choose(game))
    assert checked > 50
