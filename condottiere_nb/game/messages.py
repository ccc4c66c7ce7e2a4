"""What the game says to a player: whose decision it is, what is allowed, and why an action was
refused (every IllegalMove names what was tried, why it is not allowed and what is).

Each is a sentence of the catalogues: :func:`rejection` gives the IllegalMove said with its values
(its English as ``str(err)``; ``speaker(lang).error(err)`` in any language), and the actions it lists
are named in words (:func:`action_words`), as the views' buttons name them."""
from __future__ import annotations

from ..errors import IllegalMove, Kind, Listed, RulesError, Sentence, Spaced
from ..language import speaker
from ..notation import kind_of
from .actions import Action, DiscardHand, Keep, Pass, PlaceFavor, PlaceToken, Play

__all__ = ["waiting_text", "allowed_text", "allowed", "rejection", "action_words", "Act"]


def waiting_text(game, lang: str | None = "en") -> str:
    """Whose decision the game waits for, and which, in ``lang`` (English unless asked; None: the
    default language).  The names in brackets are the actions' classes, the same in every language."""
    return Waiting(game).said_by(speaker(lang))


class Waiting:
    """Whose decision the game waits for, as a value of a message (said in each language)."""

    def __init__(self, game):
        state = game.state
        self.who, self.phase, self.final = state.to_move, state.phase, state.final
        self.region = game.battle.region if state.phase == "battle" and game.battle is not None else None
        own = self.phase not in ("token", "battle", "favor", "discard", "keep", "over")    # a variant's phase
        self.variant = next(filter(None, (v.waiting_text(game) for v in game.variants)), None) if own else None

    def __str__(self) -> str:
        return self.said_by(speaker("en"))

    def said_by(self, t) -> str:
        who, phase = self.who, self.phase
        if phase == "token":
            return t.say("{player} holds the Condottiere token and must place it on a region (PlaceToken)",
                         player=who)
        if phase == "battle":
            if self.final:
                return t.say("it is {player}'s turn in the final battle (Play or Pass)", player=who)
            return t.say("it is {player}'s turn in the battle for {region} (Play or Pass)", player=who,
                         region=self.region)
        if phase == "favor":
            return t.say("{player} played a Bishop and must place the Pope's Favor (PlaceFavor)", player=who)
        if phase == "discard":
            return t.say("{player} has no Mercenary in hand and may discard it (DiscardHand)", player=who)
        if phase == "keep":
            return t.say("the round is over and {player}, the only player with cards, chooses what to keep (Keep)",
                         player=who)
        if self.variant is not None:
            return t.value(self.variant)
        return t.say("the game is over")


def action_words(action, t) -> str:
    """An action in words, as ``t`` (a Speaker) says it: "Play 5", "Place the Condottiere token on
    Roma" (a variant's action by its own words, else as Python writes it)."""
    if isinstance(action, PlaceToken):
        return t.say("Place the Condottiere token on {region}", region=action.region)
    if isinstance(action, PlaceFavor):
        return (t.say("Put the Pope's Favor on {region}", region=action.region) if action.region
                else t.say("Put the Pope's Favor off the map"))
    if isinstance(action, DiscardHand):
        return t.say("Discard my whole hand (no Mercenary in it)") if action.yes else t.say("Keep my hand")
    if isinstance(action, Keep):
        names = [t.card(kind_of(c)) for c in action.cards]
        return t.say("Keep {cards}", cards=t.join(names)) if names else t.say("Keep nothing")
    if isinstance(action, Pass):
        return t.say("Pass")
    if isinstance(action, Play):
        card = t.card(kind_of(action.card))
        if action.take is not None:
            taken = t.card(kind_of(action.take))
            return (t.say("Play {card} face down, taking back the {taken}", card=card, taken=taken) if action.face_down
                    else t.say("Play {card}, taking back the {taken}", card=card, taken=taken))
        return t.say("Play {card} face down", card=card) if action.face_down else t.say("Play {card}", card=card)
    said = getattr(action, "said_by", None)
    return said(t) if said is not None else repr(action)


class Act:
    """An action as a value of a message: named in words in each language."""

    def __init__(self, action):
        self.action = action

    def __str__(self) -> str:
        return action_words(self.action, speaker("en"))

    def said_by(self, t) -> str:
        return action_words(self.action, t)


class Result:
    """How the game ended, as a value of a message (said in each language)."""

    def __init__(self, game):
        self.facts = game.result_facts()

    def __str__(self) -> str:
        return self.said_by(speaker("en"))

    def said_by(self, t) -> str:
        from ..tell.game import result_sentence
        return result_sentence(self.facts, t)


def allowed(game, context: bool = True, limit: int = 16) -> Sentence:
    """What the player to move may do now, in one sentence (a value of a message)."""
    legal = game.legal_actions()
    if not legal:
        return Sentence.say("The game is over: nothing is allowed.")
    waiting = Waiting(game)
    if game.state.phase in ("token", "favor"):
        regions = Listed(a.region for a in legal if a.region is not None)
        if game.state.phase == "token":
            return (Sentence.say("Allowed now ({waiting}): PlaceToken(region) with region one of {regions}.",
                                 waiting=waiting, regions=regions) if context else
                    Sentence.say("Allowed now: PlaceToken(region) with region one of {regions}.", regions=regions))
        return (Sentence.say("Allowed now ({waiting}): PlaceFavor(region) with region one of {regions} or None "
                             "(off the map).", waiting=waiting, regions=regions) if context else
                Sentence.say("Allowed now: PlaceFavor(region) with region one of {regions} or None (off the map).",
                             regions=regions))
    actions = Listed(Act(a) for a in legal[:limit])
    if len(legal) > limit:
        actions = Sentence.say_n("{actions} and {n} more", "{actions} and {n} more", len(legal) - limit,
                                 actions=actions)
    return (Sentence.say("Allowed now ({waiting}): {actions}.", waiting=waiting, actions=actions) if context
            else Sentence.say("Allowed now: {actions}.", actions=actions))


def allowed_text(game, context: bool = True, limit: int = 16, lang: str | None = "en") -> str:
    """What the player to move may do now, in one sentence, in ``lang`` (English unless asked)."""
    return speaker(lang).value(allowed(game, context, limit))


def rejection(game, action, canon) -> IllegalMove:
    """The IllegalMove for ``action`` (read as ``canon``): why it is not legal now, and what is."""
    state = game.state
    phase, who = state.phase, state.to_move
    if phase == "over":
        return IllegalMove.say("the game is over: {result} No action is possible.", result=Result(game))
    expected = {"token": PlaceToken, "battle": (Play, Pass), "favor": PlaceFavor,
                "discard": DiscardHand, "keep": Keep}.get(phase)
    if expected is None:
        expected = tuple(cls for v in game.variants for cls in v.actions) or Action
    if not isinstance(canon, expected):
        return IllegalMove.say("{action} is not possible now: {waiting}. {allowed}", action=type(action).__name__,
                               waiting=Waiting(game), allowed=allowed(game, context=False))
    if phase == "battle" and isinstance(canon, Play):
        reason = _battle_rejection(game, who, canon)
    elif phase == "token":
        r = canon.region
        if r in state.control:
            reason = Sentence.say("{region} already has {player}'s control marker; the token never goes there",
                                  region=r, player=state.control[r])
        elif r == state.favor:
            reason = Sentence.say("{region} has the Pope's Favor, so no battle can be fought there", region=r)
        else:
            reason = Sentence.say("the token cannot go on {region} now", region=r)
    elif phase == "favor":
        r = canon.region
        if r in state.control:
            reason = Sentence.say("the Pope's Favor goes only on a region without a control marker; {region} is "
                                  "{player}'s", region=r, player=state.control[r])
        else:
            reason = Sentence.say("the Pope's Favor cannot go on {region} under this ruleset (it is the region being "
                                  "fought over)", region=r)
    elif phase == "keep":
        hand = state.hand(who)
        if len(canon.cards) > game.ruleset.keep_cards:
            reason = Sentence.say("{player} may keep at most {most} cards, not {n}", player=who,
                                  most=game.ruleset.keep_cards, n=len(canon.cards))
        else:
            reason = Sentence.say("{player}'s hand ({hand}) does not hold {cards}", player=who,
                                  hand=Spaced(Kind(c.kind) for c in hand), cards=Spaced(Kind(k) for k in canon.cards))
    else:
        reason = Sentence.say("{action} is not possible now", action=Act(canon))
    return IllegalMove.say("{reason}. {allowed}", reason=reason, allowed=allowed(game))


def _battle_rejection(game, player: str, canon: Play):
    """The battle's own words for a card it would refuse (tried on a copy)."""
    trial = game.battle.copy(explain=False)
    kwargs = {} if canon.take is None and canon.card != "scarecrow" else {"take": canon.take}
    try:
        trial.play(player, canon.card, face_down=canon.face_down, **kwargs)
    except RulesError as err:
        return err
    return Sentence.say("{action} is not possible now", action=Act(canon))
