"""A turn in a battle: playing a card (face up or face down) and passing.

Each rule is one function named after its rule id.  They are called by
:meth:`~condottiere_nb.battle.Battle.play` and :meth:`~condottiere_nb.battle.Battle.pass_turn`
once everything is checked, with the battle's state (``battle`` here is the
:class:`~condottiere_nb.battle_state.BattleState`): they change it and record what they did.
"""
from __future__ import annotations

from dataclasses import dataclass

from .cards import KINDS, Card
from .errors import IllegalMove, Joined, Kind, Spaced
from .explain import Step
from .rules import RULES

__all__ = ["Move", "face_down_options", "play_card", "play_face_down", "play_pass", "play_wait", "must_take", "take_refusal", "scarecrow_take"]


@dataclass(frozen=True)
class Move:
    """One thing a player did in a battle: a card played (with its options) or a pass.

    ``take``: what a Scarecrow took back (a kind, or "5#41" when ``take="5"`` would have picked
    another card), a Maiden's soldier ("5#41"), or a city-state ability's target.
    ``kind`` is also "firenze" or "venezia" for those abilities, played instead of a card.
    """

    player: str
    kind: str | None            # None for a pass
    face_down: bool = False
    take: str | None = None
    card: int | None = None     # the physical card id that was played

    def __init__(self, player: str, kind: str | None, face_down: bool = False, take: str | None = None,
                 card: int | None = None):
        # by hand: a battle records a Move per turn, and the frozen dataclass's own __init__ is
        # twice as slow (it sets each field through object.__setattr__)
        fields = self.__dict__
        fields["player"] = player
        fields["kind"] = kind
        fields["face_down"] = face_down
        fields["take"] = take
        fields["card"] = card

    @property
    def is_pass(self) -> bool:
        return self.kind is None


def face_down_options(ruleset, card) -> tuple[bool, ...]:
    """How a card (a Card or its CardKind) may be laid under ``ruleset``: (False,) face up only;
    (False, True) face up or face down (vi: Ẩn Bài; option face_down_specials='mercenaries_only'
    keeps the specials face up).  A Persian soldier is always laid face down, so its play is
    written face up: it has no choice."""
    if ruleset.mercenaries_face_down and card.mercenary:
        return (False,)
    if ruleset.hidden_cards and (ruleset.face_down_specials != "mercenaries_only" or card.mercenary):
        return (False, True)
    return (False,)


def play_card(battle, player: str, card: Card, face_down: bool = False, taken: Card | None = None) -> None:
    """``player`` lays ``card`` in their line (vi: Cách Chơi 1); its on-play effect, if it has
    one, acts at once (unless it lies face down and acts only when revealed).  ``taken``: the
    card a Scarecrow takes back or a Maiden removes, already checked."""
    hidden = battle.lies_face_down(card, face_down)
    acts = battle.acts_now(card, face_down)
    # When the effect's own step follows, it tells what changed and carries the new strengths;
    # until it acts, the strengths are those before the card: announced now, before it is laid.
    quiet = (battle.explains and not hidden and acts and card.spec.effect is not None
             and _effect_speaks(battle, card))
    before = battle.announced() if quiet else None
    battle.zones.move(card, battle.source_of(player, card), ("line", player))
    returned = battle.returned[player]
    if card in returned:
        returned.remove(card)
    fd = battle.face_down
    if hidden:
        fd.add(card.id)
    battle.moves.append(_move(battle, player, card, hidden, taken))
    if hidden:
        play_face_down(battle, player, card)
    elif battle.explains:
        # the announced total leaves out the player's face-down cards: the sentence says how many
        unseen = sum(1 for c in battle.line(player) if c.id in fd) if fd else 0
        battle.record(Step.of("play.card", strengths=before if quiet else battle.announced(), player=player,
                           cards=(card.id,), data={"kind": card.kind, "announces": not quiet, "face_down": unseen}))
    if acts and card.spec.effect is not None:
        RULES[card.spec.effect].function(battle, player, card, taken)
    if not battle.is_over:
        battle.advance(player)


def play_face_down(battle, player: str, card: Card) -> None:
    """A card laid face down (vi: Ẩn Bài; the Persian tutorial lays every soldier face down):
    the announced strengths count face-up cards only."""
    if battle.explains:
        soldier = battle.ruleset.mercenaries_face_down and card.mercenary
        battle.record(Step.of("play.face_down", strengths=battle.announced(), player=player, cards=(card.id,),
                           data={"soldier": soldier}))


def _move(battle, player: str, card: Card, face_down: bool, taken: Card | None) -> Move:
    if taken is None:
        return Move(player, card.kind, face_down, None, card.id)
    # A Maiden's target is any player's card, so the move keeps its exact id ("5#41"); so does a
    # Scarecrow's when take="5" would have picked another 5 (undo and notation stay exact).
    exact = card.spec.choice == "target" or battle.find_take(player, taken.kind) is not taken
    return Move(player, card.kind, face_down, f"{taken.kind}#{taken.id}" if exact else taken.kind, card.id)


def _effect_speaks(battle, card: Card) -> bool:
    """Will this card's on-play effect (it has one) record a Step of its own (so play.card need
    not announce)?"""
    if card.kind in ("bishop", "scarecrow", "surrender"):
        return True
    if card.kind in ("winter", "spring"):
        other = "spring" if card.kind == "winter" else "winter"
        unseen = battle.face_down if battle.ruleset.face_down_specials != "on_play" else ()
        return any(c.kind == other and c.id not in unseen for c in battle.in_play())
    return False


def play_pass(battle, player: str) -> None:
    """``player`` passes (vi: Cách Chơi 2): no more cards in this battle, but their line still
    counts.  An invaded defender who has not played yet waits instead (:func:`play_wait`)."""
    battle.moves.append(Move(player, None))
    if player == battle.defender and not battle.line(player) and \
            any(p not in battle.passed for p in battle.players if p != player):
        play_wait(battle, player)
        return
    battle.passed.append(player)
    if battle.explains:
        battle.record(Step.of("play.pass", strengths=battle.announced(), player=player))
    if not battle.is_over:
        battle.advance(player)


def play_wait(battle, player: str) -> None:
    """Invasion (vi, Xâm Lược): the defender may pass and still play later in the battle, until
    playing a first card; the battle goes on."""
    if battle.explains:
        battle.record(Step.of("play.wait", strengths=battle.announced(), player=player))
    battle.advance(player)


# -- the card a Scarecrow takes back ---------------------------------------------------------------

def scarecrow_take(battle, player: str, take) -> Card:
    """The card of ``player``'s own line a Scarecrow takes back, named by ``take``: a Card, or
    (kind, card id or None) as :func:`condottiere_nb.notation.read_card` reads a name or "5#41";
    IllegalMove with what may be taken when it cannot."""
    own = battle.line(player)
    if isinstance(take, Card):
        if not any(c is take for c in own):
            owner = battle.owner(take)
            if owner is not None and owner != player:
                raise IllegalMove.say("a Scarecrow takes back one of your own Mercenaries; {card} is in "
                                      "{owner}'s line", card=take.tag, owner=owner)
            raise IllegalMove.say("{card} is not in {player}'s line", card=take.tag, player=player)
        target = take
    else:
        kind, number = take
        candidates = [c for c in own if c.kind == kind and number in (None, c.id)]
        if not candidates:
            raise take_refusal(battle, player, kind, f"{kind}#{number}", number is not None)
        fd = battle.face_down
        face_up = [c for c in candidates if c.id not in fd]
        if not face_up:
            raise IllegalMove.say("a Scarecrow cannot take back a face-down card ({player}'s {card} is face "
                                  "down)", player=player, card=Kind(kind))
        locked = battle.not_returnable()
        target = ([c for c in face_up if c.id not in locked] or face_up)[-1]
    if not target.mercenary:
        raise IllegalMove.say("a Scarecrow takes back a Mercenary only, not a {card}", card=Kind(target.kind))
    if target.id in battle.face_down:
        raise IllegalMove.say("a Scarecrow cannot take back a face-down card ({card})", card=target.tag)
    if target.id in battle.not_returnable():
        raise IllegalMove.say("{card} was bribed by Venezia: under this ruleset it is not {player}'s own card, "
                              "so no Scarecrow can take it back", card=target.tag, player=player)
    return target


# -- why a Scarecrow's take is refused (Battle.play, BattleState.find_take) -----------------------

def must_take(battle, player: str) -> IllegalMove:
    """Why a Scarecrow taking nothing is refused (option scarecrow_empty=False)."""
    mine = battle.take_cards(player, KINDS["scarecrow"])
    rules = repr(battle.ruleset.name)
    if not mine:
        return IllegalMove.say("under the {rules} ruleset (scarecrow_empty=False) a Scarecrow must take back one of "
                               "{player}'s own face-up Mercenaries, and {player} has none: the Scarecrow cannot be "
                               "played now", rules=rules, player=player)
    return IllegalMove.say("under the {rules} ruleset (scarecrow_empty=False) a Scarecrow must take back one of "
                           "{player}'s own face-up Mercenaries: name it with take= ({kinds})", rules=rules,
                           player=player, kinds=" ".join(dict.fromkeys(c.kind for c in mine)))


def take_refusal(battle, player: str, kind: str, take, exact: bool) -> IllegalMove:
    """Why ``take`` (of ``kind``; ``exact``: it named one card, "5#41") names no card of
    ``player``'s line that a Scarecrow may take back, and what it may take."""
    own = battle.line(player)
    mine = [c for c in own if c.mercenary and c.id not in battle.face_down]
    if exact and any(c.kind == kind for c in own):
        return IllegalMove.say("card {take} is not in {player}'s line; {player}'s face-up Mercenaries: {cards}",
                               take=take, player=player, cards=" ".join(c.tag for c in mine))
    others = [p for p in battle.players if p != player and any(c.kind == kind for c in battle.line(p))]
    facts = dict(player=player, card=Kind(kind), others=Joined(others), mercenaries=Spaced(Kind(c.kind) for c in mine))
    if others and mine:
        return IllegalMove.say("{player} has no {card} in their line (there is one in {others}'s line, but a Scarecrow "
                               "only takes back your own); {player}'s face-up Mercenaries: {mercenaries}", **facts)
    if others:
        return IllegalMove.say("{player} has no {card} in their line (there is one in {others}'s line, but a Scarecrow "
                               "only takes back your own); {player} has no face-up Mercenary to take back (use "
                               "take=None)", **facts)
    if mine:
        return IllegalMove.say("{player} has no {card} in their line; {player}'s face-up Mercenaries: {mercenaries}",
                               **facts)
    return IllegalMove.say("{player} has no {card} in their line; {player} has no face-up Mercenary to take back "
                           "(use take=None)", **facts)
