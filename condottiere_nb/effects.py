"""What the standard special cards do when played (docs/rules.md, "On play: the special cards").

One function per rule, named after its rule id; the card registry
(:data:`condottiere_nb.cards.KINDS`) says which rule a kind's effect is, and
:func:`condottiere_nb.plays.play_card` calls it as ``effect(battle, player, card, taken)``, ``battle``
being the battle's :class:`~condottiere_nb.battle_state.BattleState`.
The Persian tutorial's Banner, Maiden and Weapon are in :mod:`condottiere_nb.variants.persian`.

What a standard effect is about to do to the lines is a function of its own, ``<rule>_effect``
(listed in :data:`AHEAD` by rule id), which the rule acts on: an agent weighing a card reads
the same function instead of playing the card on a copy of the battle.
"""
from __future__ import annotations

from operator import attrgetter
from typing import NamedTuple

from .cards import Card
from .explain import Step

__all__ = ["season_cancel", "card_bishop", "token_favor", "card_scarecrow", "card_surrender", "bishop_victims",
           "bishop_strength", "Effect", "AHEAD", "season_cancel_effect", "card_bishop_effect",
           "card_scarecrow_effect", "card_surrender_effect"]


class Effect(NamedTuple):
    """What an on-play effect is about to do, worked out from the battle with the card just laid
    face up (or not yet laid: the standard effects read neither the card's place nor its
    presence).  ``leaving``: the cards it takes out of the lines, in order (the played card
    itself when it goes too); ``ends``: it ends the battle."""

    leaving: tuple = ()
    ends: bool = False


def _by_player(battle, cards) -> dict[str, tuple[str, ...]]:
    """player -> the kinds of ``cards`` in their line, in seat and line order."""
    ids = {c.id for c in cards}
    found = {}
    for p in battle.players:
        kinds = tuple(c.kind for c in battle.line(p) if c.id in ids)
        if kinds:
            found[p] = kinds
    return found


def season_cancel(battle, player: str, card: Card, _taken=None, unseen=None) -> None:
    """Winter discards every Spring in play, Spring every Winter: only one season can be in play
    (vi: Các lá bài Đặc Biệt 1-2).

    Hidden cards, 'reveal' reading: a face-down season has not acted yet and nobody knows what
    it is, so a season played face up does not touch it; it acts when revealed (``unseen``: the
    face-down cards not revealed yet).  Under 'on_play' it acted when played, like any other."""
    victims = list(season_cancel_effect(battle, player, card, None, unseen).leaving)
    if not victims:
        return
    other = victims[0].kind
    if not battle.explains:
        battle.discard(victims)
        return
    before = battle.announced(hide=card.id)     # never both seasons at once, even for a moment
    owned = _by_player(battle, victims)
    battle.discard(victims)
    battle.record(Step.of("season.cancel", strengths=battle.announced(), before=before, player=player,
                       cards=tuple(c.id for c in victims), data={"kind": card.kind, "other": other, "owned": owned}))


def season_cancel_effect(battle, player: str, card: Card, _taken=None, unseen=None) -> Effect:
    """season.cancel ahead: the seasons of the other kind in play that it discards (a face-down
    one not revealed yet, ``unseen``, stays; see :func:`season_cancel`)."""
    other = "spring" if card.kind == "winter" else "winter"
    if unseen is None:
        unseen = battle.face_down if battle.ruleset.face_down_specials != "on_play" else ()
    return Effect(tuple(c for c in battle.in_play() if c.kind == other and c.id not in unseen))


def bishop_victims(battle) -> tuple[list[Card], list[Card]]:
    """(Drummers, Mercenaries) a Bishop discards: every face-up Mercenary of the highest printed
    value (option bishop_highest='effective': of the highest strength it has now, after Winter, the
    Drummer and Spring); the option bishop_targets adds the Drummers (the city-state variant's final
    battle)."""
    mode = battle.ruleset.bishop_targets
    fd = battle.face_down
    drummers, visible = [], []
    for c in battle.in_play():
        if c.id in fd:
            continue
        if c.mercenary:
            visible.append(c)
        elif c.kind == "drummer" and mode != "highest":
            drummers.append(c)
    if not visible or (drummers and mode == "drummers_first"):
        return drummers, []
    strengths = list(map(bishop_strength(battle), visible))
    top = max(strengths)
    return drummers, [c for c, s in zip(visible, strengths) if s == top]


_PRINTED = attrgetter("value")


def bishop_strength(battle):
    """What a Bishop compares, as a function of a face-up Mercenary: its printed value, or under
    bishop_highest='effective' the strength it has now (the face-up lines counted)."""
    if battle.ruleset.bishop_highest == "printed":
        return _PRINTED
    now = battle.tally().values
    return lambda c: now[c.id]


def card_bishop(battle, player: str, card: Card, _taken=None) -> None:
    """The Bishop discards every face-up Mercenary of the highest printed value in all lines
    (ties all go; passed players' lines and its own player's too), then itself; its player earns
    the Pope's Favor (vi: Giám Mục).  Option bishop_highest='effective': of the highest strength
    the Mercenaries have now."""
    before = battle.announced(hide=card.id) if battle.explains else None
    leaving = list(card_bishop_effect(battle, player, card).leaving)
    victims = [c for c in leaving if c.mercenary]
    drummers = [c for c in leaving if c.kind == "drummer"]
    top = bishop_strength(battle)(victims[0]) if victims and battle.explains else 0
    hit, drums = _by_player(battle, victims), _by_player(battle, drummers)
    battle.discard(leaving)
    if battle.explains:
        battle.record(Step.of("card.bishop", strengths=battle.announced(), before=before, player=player,
                           cards=tuple(c.id for c in drummers + victims),
                           data={"hit": hit, "drummers": drums, "top": top, "reading": battle.ruleset.bishop_highest,
                                 "passed": tuple(p for p in hit if p in battle.passed),
                                 "face_down": bool(battle.face_down), "final": battle.final}))
    token_favor(battle, player)


def card_bishop_effect(battle, player: str, card: Card, _taken=None) -> Effect:
    """card.bishop ahead: the Drummers it discards (option bishop_targets), then its Mercenaries
    (:func:`bishop_victims`), then the Bishop itself."""
    drummers, victims = bishop_victims(battle)
    return Effect((*drummers, *victims, card))


def token_favor(battle, player: str) -> None:
    """The Bishop's player takes the Pope's Favor; the last Bishop played decides (vi: Thành
    Phần 4).  In a game, the player then places it (favor.place)."""
    previous, battle.favor = battle.favor, player
    if battle.explains:
        battle.record(Step.of("token.favor", strengths=battle.announced(), player=player, data={"previous": previous}))


def card_scarecrow(battle, player: str, card: Card, taken: Card | None = None) -> None:
    """The Scarecrow takes one of its player's own face-up Mercenaries back to hand (or none), and
    is discarded (vi: Bù Nhìn)."""
    before = battle.announced(hide=card.id) if battle.explains else None
    for c in card_scarecrow_effect(battle, player, card, taken).leaving:
        if c is card:
            battle.discard([card])
        else:
            battle.zones.move(c, ("line", player), ("hand", player))
            battle.returned[player].append(c)
    if battle.explains:
        twin = taken is not None and any(c.kind == taken.kind for c in battle.line(player))
        battle.record(Step.of("card.scarecrow", strengths=battle.announced(), before=before, player=player,
                           cards=(taken.id,) if taken else (),
                           data={"taken": None if taken is None else taken.kind,
                                 "card": None if taken is None else taken.id, "twin": twin}))


def card_scarecrow_effect(battle, player: str, card: Card, taken: Card | None = None) -> Effect:
    """card.scarecrow ahead: the Scarecrow leaves the line (discarded), then the Mercenary it
    takes back (to hand), if any."""
    return Effect((card,) if taken is None else (card, taken))


def card_surrender(battle, player: str, card: Card, _taken=None) -> None:
    """A Surrender ends the battle at once; the region goes to the strongest line at that moment
    (vi: Đầu Hàng)."""
    battle.surrendered_by = player
    if battle.explains:
        # with hidden cards the announced strengths are not the count: the face-down cards are revealed first
        hidden = len(battle.face_down)
        battle.record(Step.of("card.surrender", strengths=battle.announced(), player=player, cards=(card.id,),
                           data={"face_down": hidden} if hidden else None))


def card_surrender_effect(battle, player: str, card: Card, _taken=None) -> Effect:
    """card.surrender ahead: no card leaves a line, and the battle ends (:func:`card_surrender`)."""
    return Effect((), ends=True)


#: rule id -> what the effect is about to do, ``f(battle, player, card, taken) -> Effect``, for
#: the standard effects (a variant's effect has none: an agent plays it on a copy of the battle).
AHEAD = {"season.cancel": season_cancel_effect, "card.bishop": card_bishop_effect,
         "card.scarecrow": card_scarecrow_effect, "card.surrender": card_surrender_effect}
