"""What the game says to a player: whose decision it is, what is allowed, and why an action was
refused (every IllegalMove names what was tried, why it is not allowed and what is)."""
from __future__ import annotations

from ..cards import kind_name
from ..errors import RulesError
from .actions import Action, DiscardHand, Keep, Pass, PlaceFavor, PlaceToken, Play

__all__ = ["waiting_text", "allowed_text", "rejection"]


def waiting_text(game) -> str:
    """Whose decision the game waits for, and which."""
    state = game.state
    who, phase = state.to_move, state.phase
    if phase == "token":
        return f"{who} holds the Condottiere token and must place it on a region (PlaceToken)"
    if phase == "battle":
        where = "the final battle" if state.final else f"the battle for {game.battle.region}"
        return f"it is {who}'s turn in {where} (Play or Pass)"
    if phase == "favor":
        return f"{who} played a Bishop and must place the Pope's Favor (PlaceFavor)"
    if phase == "discard":
        return f"{who} has no Mercenary in hand and may discard it (DiscardHand)"
    if phase == "keep":
        return f"the round is over and {who}, the only player with cards, chooses what to keep (Keep)"
    if phase != "over":
        for v in game.variants:
            text = v.waiting_text(game)
            if text:
                return text
    return "the game is over"


def allowed_text(game, context: bool = True, limit: int = 16) -> str:
    """What the player to move may do now, in one sentence."""
    legal = game.legal_actions()
    if not legal:
        return "The game is over: nothing is allowed."
    why = f" ({waiting_text(game)})" if context else ""
    if game.state.phase in ("token", "favor"):
        name = "PlaceToken" if game.state.phase == "token" else "PlaceFavor"
        regions = [a.region for a in legal if a.region is not None]
        off = " or None (off the map)" if game.state.phase == "favor" else ""
        return f"Allowed now{why}: {name}(region) with region one of {', '.join(regions)}{off}."
    shown = ", ".join(repr(a) for a in legal[:limit])
    more = f" and {len(legal) - limit} more" if len(legal) > limit else ""
    return f"Allowed now{why}: {shown}{more}."


def rejection(game, action, canon) -> str:
    """Why ``action`` (read as ``canon``) is not legal now, and what is."""
    state = game.state
    phase, who = state.phase, state.to_move
    if phase == "over":
        return f"the game is over: {game.result()} No action is possible."
    expected = {"token": PlaceToken, "battle": (Play, Pass), "favor": PlaceFavor,
                "discard": DiscardHand, "keep": Keep}.get(phase)
    if expected is None:
        expected = tuple(cls for v in game.variants for cls in v.actions) or Action
    if not isinstance(canon, expected):
        return (f"{type(action).__name__} is not possible now: {waiting_text(game)}. "
                f"{allowed_text(game, context=False)}")
    if phase == "battle" and isinstance(canon, Play):
        reason = _battle_rejection(game, who, canon)
    elif phase == "token":
        r = canon.region
        if r in state.control:
            reason = f"{r} already has {state.control[r]}'s control marker; the token never goes there"
        elif r == state.favor:
            reason = f"{r} has the Pope's Favor, so no battle can be fought there"
        else:
            reason = f"the token cannot go on {r} now"
    elif phase == "favor":
        r = canon.region
        if r in state.control:
            reason = f"the Pope's Favor goes only on a region without a control marker; {r} is {state.control[r]}'s"
        else:
            reason = f"the Pope's Favor cannot go on {r} under this ruleset (it is the region being fought over)"
    elif phase == "keep":
        hand = state.hand(who)
        if len(canon.cards) > game.ruleset.keep_cards:
            reason = f"{who} may keep at most {game.ruleset.keep_cards} cards, not {len(canon.cards)}"
        else:
            reason = (f"{who}'s hand ({' '.join(c.name for c in hand)}) does not hold "
                      f"{' '.join(kind_name(k) for k in canon.cards)}")
    else:
        reason = f"{action!r} is not possible now"
    return f"{reason}. {allowed_text(game)}"


def _battle_rejection(game, player: str, canon: Play) -> str:
    """The battle's own words for a card it would refuse (tried on a copy)."""
    trial = game.battle.copy()
    trial.explaining = False
    kwargs = {} if canon.take is None and canon.card != "scarecrow" else {"take": canon.take}
    try:
        trial.play(player, canon.card, face_down=canon.face_down, **kwargs)
    except RulesError as err:
        return str(err)
    return f"{canon!r} is not possible now"
