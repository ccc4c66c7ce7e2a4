"""What the player to move may do: one legality function per phase, and the reading of an
action as a person wrote it.

``legal_actions(game)`` lists the actions of the phase the game waits for, in a fixed order
(a battle turn's plays come from the battle's own :meth:`~condottiere_nb.battle.Battle.play_options`,
so the Game, the sandbox Battle and the widgets share one rule).  ``canonical(game, action)``
turns a card's name, a Card or "5#41" into the canonical action that legal_actions lists, plus
the physical cards named; ``Game.apply`` accepts an action only when its canonical form is legal.
"""
from __future__ import annotations

import collections
import functools
import itertools
from itertools import starmap

from .. import board
from ..cards import Card
from ..errors import IllegalMove, Quoted, shorten
from ..notation import exact_card, parse_kind
from ..options import shown_value
from .actions import Action, DiscardHand, Keep, Pass, PlaceFavor, PlaceToken, Play

__all__ = ["legal_actions", "battle_actions", "play_action", "token_action", "favor_action", "keep_choices", "canonical", "named_card"]


def legal_actions(game) -> list[Action]:
    """Every action the player to move may take now, in a fixed order ([] once over)."""
    phase = game.state.phase
    if phase == "battle":
        return battle_actions(game)
    if phase == "token":
        return list(map(token_action, game.open_regions()))
    if phase == "favor":
        return [*map(favor_action, game.favor_regions()), favor_action(None)]
    if phase == "discard":
        return [DiscardHand(True), DiscardHand(False)]
    if phase == "keep":
        return keep_choices(game, game.state.to_move)
    for v in game.variants:
        found = v.legal(game)
        if found:
            return found
    return []


def battle_actions(game) -> list[Action]:
    """A battle turn: one Play per choice the battle allows (kinds in deck order, each face up,
    its takes, face down), the variants' own actions, then Pass."""
    player = game.state.to_move
    actions: list[Action] = list(starmap(play_action, game.battle.play_options(player)))
    for v in game.variants:
        actions += v.battle_actions(game, player)
    actions.append(PASS)
    return actions


@functools.lru_cache(maxsize=4096)
def play_action(kind: str, face_down: bool, take) -> Play:
    """The Play of a battle option: actions are immutable values, so equal ones are made once
    (legal_actions() lists a few of the same few hundred plays at every decision)."""
    return Play(kind, face_down, take)


@functools.lru_cache(maxsize=64)
def token_action(region: str) -> PlaceToken:
    """The PlaceToken of an open region, made once per region (as :func:`play_action` makes each
    play once): every token decision lists a dozen of the same seventeen."""
    return PlaceToken(region)


@functools.lru_cache(maxsize=64)
def favor_action(region: str | None) -> PlaceFavor:
    """The PlaceFavor of a region (or None: off the map), made once per region."""
    return PlaceFavor(region)


def keep_choices(game, player: str) -> list[Keep]:
    """At the end of a round: every choice of at most keep_cards of the hand's cards, by kind, in
    deck order, from keeping nothing up."""
    hand = game.state.hand(player)
    counts = collections.Counter(c.kind for c in hand)
    kinds = sorted(counts, key=game.rank.__getitem__)
    most = min(game.ruleset.keep_cards, len(hand))
    pool = [k for k in kinds for _ in range(min(counts[k], most))]
    return [Keep(combo) for size in range(most + 1) for combo in dict.fromkeys(itertools.combinations(pool, size))]


def named_card(game, item, player, where: str) -> tuple[str, Card | None]:
    """(kind, physical card or None) for a card named by the user; a "5#41" or a Card names one
    physical card, which must be in ``player``'s hand (or line, for ``where="line"``)."""
    card = exact_card(item, game.cards, game.ruleset.kinds, game.ruleset.name, IllegalMove)
    if card is None:
        return parse_kind(item, game.ruleset.kinds), None
    if player is not None:
        if where == "hand":
            pool = game.state.hand(player)
        else:
            pool = game.battle.line(player) if game.battle is not None else ()
        if card not in pool:
            from .messages import allowed
            if where == "hand":
                raise IllegalMove.say("{card} is not in {player}'s hand. {allowed}", card=card.tag, player=player,
                                      allowed=allowed(game))
            raise IllegalMove.say("{card} is not in {player}'s line. {allowed}", card=card.tag, player=player,
                                  allowed=allowed(game))
    return card.kind, card


def canonical(game, action) -> tuple[Action, object]:
    """(canonical action, the physical cards it names) for an action as the user wrote it.

    Raises IllegalMove for something that is not an action, UnknownCard / UnknownRegion for
    names that mean nothing; the canonical action may still be illegal now.
    """
    for v in game.variants:
        if isinstance(action, v.actions):
            return v.canonical(game, action)
    if not isinstance(action, Action) or type(action) not in _CORE:
        from .messages import allowed
        home = game.ruleset.variant_home(action) if isinstance(action, Action) else None
        if home is not None:
            raise IllegalMove.say("{action} is an action of a variant: it belongs to the {home} ruleset; the {ruleset} "
                                  "ruleset has none. {allowed}", action=shorten(repr(action), 80), home=Quoted.of(home),
                                  ruleset=Quoted.of(game.ruleset.name), allowed=allowed(game))
        if isinstance(action, Action):
            raise IllegalMove.say("{action} is an action of a variant; the {ruleset} ruleset has none. {allowed}",
                                  action=shorten(repr(action), 80), ruleset=Quoted.of(game.ruleset.name),
                                  allowed=allowed(game))
        raise IllegalMove.say("apply() takes an action such as PlaceToken('Roma'), Play('10'), Pass(), "
                              "PlaceFavor(None), DiscardHand(True) or Keep(('10',)), not {value}. {allowed}",
                              value=Quoted.of(action), allowed=allowed(game))
    cls = type(action)
    state = game.state
    if cls is Play:
        player = state.to_move if state.phase == "battle" else None
        kind, card = named_card(game, action.card, player, "hand")
        if not isinstance(action.face_down, bool):
            raise IllegalMove.say("{name} must be True or False, not {value}", name="face_down",
                                  value=shown_value(action.face_down))
        take, take_kind = None, None
        if action.take is not None:
            for v in game.variants:
                take_kind = v.take_name(game, kind, action.take)      # fa: a Maiden's target by position
                if take_kind is not None:
                    break
            else:
                take_kind, take = named_card(game, action.take, player, "line")
        return Play(kind, action.face_down, take_kind), (card, take)
    if cls is Pass:
        return Pass(), None
    if cls is PlaceToken:
        return PlaceToken(board.region(action.region)), None
    if cls is PlaceFavor:
        return PlaceFavor(None if action.region is None else board.region(action.region)), None
    if cls is DiscardHand:
        if not isinstance(action.yes, bool):
            raise IllegalMove.say("DiscardHand takes True or False, not {value}", value=shown_value(action.yes))
        return DiscardHand(action.yes), None
    if not isinstance(action.cards, tuple):
        raise IllegalMove.say("Keep takes a tuple of cards such as {example}, not {value}",
                              example="Keep(('10', 'heroine'))", value=shown_value(action.cards))
    player = state.to_move if state.phase == "keep" else None
    named = [named_card(game, item, player, "hand") for item in action.cards]
    named.sort(key=lambda kc: game.rank[kc[0]])
    cards = [c for _, c in named]
    ids = [c.id for c in cards if c is not None]
    if len(set(ids)) != len(ids):
        raise IllegalMove.say("Keep names the same physical card twice")
    return Keep(tuple(k for k, _ in named)), cards


_CORE = frozenset({PlaceToken, Play, Pass, PlaceFavor, DiscardHand, Keep})

#: Actions are immutable values: the one Pass every battle turn lists.
PASS = Pass()
