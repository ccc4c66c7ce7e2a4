"""The Chinese city-state variant (zh-city-state-variant.txt, 城邦爭霸), 3 to 6 players.

Each player owns a city-state from the start and may use its ability in one battle per
round.  This module holds the rules of the abilities that act inside a battle (Firenze's
ball, Venezia's bribe, the Bologna and Milano bans) as functions on a
:class:`~condottiere_nb.battle.Battle`, and the facts the Game needs (the cities, the
weighted score, the final battle's order).  The Game asks for abilities, Roma's veto and
Roma's claim; see :mod:`condottiere_nb.game`.

Readings of the vague sentences are options of the Ruleset (``firenze_takes``,
``firenze_card``, ``venezia_bribe``, ``city_end``); their docs quote the sentence they read.
"""
from __future__ import annotations

from typing import Mapping

from .. import board
from ..cards import Card, kind_name
from ..errors import IllegalMove
from ..explain import RULES, Step, join_names

SOURCE = "zh: 二、各城邦特殊能力"
RULES.update({
    "city.choose": ("Choosing the city-states", "zh: 一、基本設置和變體概略 2"),
    "city.ask": ("Abilities are asked for before the first card, one per battle", "zh: 一、基本設置和變體概略 3"),
    "city.firenze": ("Firenze, the Ball: take back a Courtesan by laying a card face down", SOURCE + " (Firenze)"),
    "city.venezia": ("Venezia, the Bribe: discard a card to take an enemy Mercenary of 1-5", SOURCE + " (Venezia)"),
    "city.genova": ("Genova, Profiteering: trade cards with the other hands, or draw from the discards",
                    SOURCE + " (Genoa)"),
    "city.bologna": ("Bologna, Fire Attack: no Scarecrow, 6, 10 or Heroine in this battle", SOURCE + " (Bologna)"),
    "city.milano": ("Milano, Blockade: no Surrender, Bishop, Drummer, Spring, Winter or Heroine",
                    SOURCE + " (Milano)"),
    "city.lift": ("A ban is lifted by its owner", SOURCE + " (Bologna, Milano: 發動者有權隨時取消)"),
    "city.roma_annul": ("Roma, the Edict: cancel another player's ability for the round", SOURCE + " (Roma)"),
    "city.roma_claim": ("Roma claims a tied region by discarding a Bishop or any 3 cards", SOURCE + " (Roma)"),
    "city.round": ("A new round: every city-state's ability is ready again", "zh: 二、各城邦特殊能力 (一輪結束後)"),
    "city.score": ("The end: regions scored by weight", "zh: 三、遊戲結束變體與最後決戰變體"),
    "city.final": ("The final battle: 18 cards each, some discarded, Roma leads", "zh: 三、遊戲結束變體與最後決戰變體"),
})

#: The six city-states, in the order the text lists their abilities.
CITIES = ("Firenze", "Venezia", "Genova", "Bologna", "Milano", "Roma")

#: Cards a ban keeps out of the battle (zh: Bologna 火攻, Milano 封鎖).
BANS: dict[str, frozenset] = {
    # "Scarecrows (burned), strength-6 and -10 cards (the Heroine included)"
    "Bologna": frozenset({"scarecrow", "6", "10", "heroine"}),
    # "Surrender, Bishop, Drummer, Spring, Winter and Heroine (Scarecrows may)"
    "Milano": frozenset({"surrender", "bishop", "drummer", "spring", "winter", "heroine"}),
}

#: Who leads the final battle: Roma's player; without Roma, this order (zh 三).
FINAL_ORDER = ("Roma", "Firenze", "Bologna", "Milano", "Venezia", "Genova")

#: Cards each finalist discards from the 18 dealt, before the final battle (zh 三).
FINAL_DISCARD = ("scarecrow", "surrender", "winter", "spring")

#: Venezia bribes a Mercenary whose printed value is in this range (zh: 戰力1~5).
BRIBE_VALUES = range(1, 6)


def weighted_scores(control: Mapping[str, str], players) -> dict[str, int]:
    """Each player's score: the weights of the regions they control (zh 三: Napoli, Milano,
    Venezia, Genova, Bologna, Firenze and Roma count 3; Ancona, Spoleto, Torino, Modena 2;
    the others 1).

    >>> weighted_scores({"Roma": "Ana", "Siena": "Ana", "Torino": "Ben"}, ["Ana", "Ben", "Cy"])
    {'Ana': 4, 'Ben': 2, 'Cy': 0}
    """
    scores = {p: 0 for p in players}
    for region, owner in control.items():
        if owner in scores:
            scores[owner] += board.ITALY.nodes[board.region(region)]["weight"]
    return scores


def final_leader(cities: Mapping[str, str], finalists) -> str | None:
    """The finalist who leads the final battle: the owner of the first city in FINAL_ORDER
    among the finalists (``cities``: player -> city), or None if no finalist owns one."""
    owner = {city: p for p, city in cities.items()}
    for city in FINAL_ORDER:
        if owner.get(city) in finalists:
            return owner[city]
    return None


# -- bans (Bologna, Milano) -----------------------------------------------------------------------

def ban(battle, city: str, player: str) -> None:
    """``player``'s ``city`` bans its cards from ``battle`` (decided before the first card)."""
    for kind in BANS[city]:
        if kind in battle.ruleset.counts:
            battle.banned[kind] = city
    if battle.explaining:
        names = join_names(kind_name(k) for k in sorted(BANS[city], key=_kind_order)
                           if k in battle.ruleset.counts)
        battle.steps.append(Step(f"city.{city.lower()}",
                                 f"{player} uses {city}'s ability: no {names} may be played in this battle. "
                                 f"{player} may lift the ban at any time, and then it cannot come back.",
                                 strengths=battle._announced(), player=player, data={"city": city}))


def lift_ban(battle, city: str, player: str, by_roma: bool = False) -> None:
    """The ban of ``city`` ends (its owner lifts it, or Roma cancels it)."""
    for kind in [k for k, c in battle.banned.items() if c == city]:
        del battle.banned[kind]
    if battle.explaining:
        why = (f"{player}, Roma, cancels {city}'s ability" if by_roma else f"{player} lifts {city}'s ban")
        battle.steps.append(Step("city.roma_annul" if by_roma else "city.lift",
                                 f"{why}: from now on those cards may be played in this battle again.",
                                 strengths=battle._announced(), player=player, data={"city": city}))


def _kind_order(kind: str) -> tuple:
    return (0, int(kind)) if kind.isdigit() else (1, kind)


# -- Firenze, the Ball -----------------------------------------------------------------------------

def courtesan_targets(battle, player: str) -> list[Card]:
    """Face-up Courtesans Firenze's player may take (option firenze_takes)."""
    mode = battle.ruleset.firenze_takes
    return [c for p in battle.players for c in battle.lines[p]
            if c.kind == "courtesan" and c.id not in battle.face_down
            and (mode != "one_opponent" or p != player)]


def firenze_ball(battle, player: str, card, courtesan=None) -> None:
    """Firenze's turn instead of a card: lay ``card`` face down and take back a Courtesan.

    zh: on his turn he may, instead of playing normally, use any card to take back a
    Courtesan (from any player); that card must be face down and no Scarecrow or other card
    may take it back.  ``courtesan``: the Courtesan to take (a Card, "courtesan#61", or
    "Ben" for Ben's); under firenze_takes="all" every face-up Courtesan goes and it is ignored.
    """
    battle._check_can_act(player)
    paid = battle._find_card(player, card)
    targets = courtesan_targets(battle, player)
    if not targets:
        raise IllegalMove("there is no face-up Courtesan Firenze may take back"
                          + (" from another player" if battle.ruleset.firenze_takes == "one_opponent" else ""))
    if battle.ruleset.firenze_takes == "all":
        taken = targets
    else:
        taken = [_pick_courtesan(battle, targets, courtesan)]
    _apply_firenze(battle, player, paid, taken)


def _pick_courtesan(battle, targets: list[Card], courtesan) -> Card:
    if courtesan is None and len({battle._owner(c) for c in targets}) == 1:
        return targets[-1]
    if isinstance(courtesan, Card):
        if courtesan in targets:
            return courtesan
    elif isinstance(courtesan, str):
        if "#" in courtesan:
            found = [c for c in targets if f"{c.kind}#{c.id}" == courtesan.strip().lower()
                     or c.tag == courtesan.strip()]
        else:
            found = [c for c in targets if battle._owner(c) == courtesan.strip()]
        if found:
            return found[-1]
    owners = join_names(sorted({battle._owner(c) for c in targets}, key=battle.players.index))
    raise IllegalMove(f"name the Courtesan Firenze takes back by its owner ({owners}) or as 'courtesan#id', "
                      f"not {courtesan!r}")


def _apply_firenze(battle, player: str, paid: Card, taken: list[Card]) -> None:
    before = battle._announced() if battle.explaining else None
    owners = [battle._owner(c) for c in taken]
    if battle.hands is not None:
        battle.hands[player].remove(paid)
    if paid in battle.returned[player]:
        battle.returned[player].remove(paid)
    hidden = battle.ruleset.firenze_card == "hidden"
    if hidden:
        # the face-down card stays in Firenze's line and is revealed and counted at the end
        battle.lines[player].append(paid)
        battle.face_down.add(paid.id)
    else:
        battle.discarded.append(paid)
    ids = {c.id for c in taken}
    for p in battle.players:
        battle.lines[p] = [c for c in battle.lines[p] if c.id not in ids]
    for c in taken:
        if battle.hands is not None:
            battle.hands[player].append(c)
        battle.returned[player].append(c)
    from ..battle import Move
    took = "all" if battle.ruleset.firenze_takes == "all" else f"courtesan#{taken[0].id}"
    battle.moves.append(Move(player, "firenze", True, took, paid.id))
    if battle.explaining:
        whose = join_names(("their own" if o == player else f"{o}'s") for o in owners)
        where = ("it stays face down in Firenze's line and will count when revealed at the end"
                 if hidden else "it counts nothing, and no Scarecrow or other card can take it back")
        battle.steps.append(Step(
            "city.firenze",
            f"{player} uses Firenze's Ball instead of playing a card: a card is laid face down ({where}), and "
            f"{player} takes {whose} Courtesan{'s' if len(taken) > 1 else ''} back into {player}'s hand.",
            strengths=battle._announced(), before=before, player=player, cards=tuple(c.id for c in taken),
            data={"paid": paid.id, "taken": [c.id for c in taken], "owners": owners}))
    if not battle.is_over:
        battle._advance(player)


# -- Venezia, the Bribe ------------------------------------------------------------------------------

def bribe_targets(battle, player: str) -> list[Card]:
    """Enemy face-up Mercenaries of printed value 1-5 that Venezia may bribe."""
    return [c for p in battle.players if p != player for c in battle.lines[p]
            if c.mercenary and c.value in BRIBE_VALUES and c.id not in battle.face_down]


def venezia_bribe(battle, player: str, card, target) -> None:
    """Venezia's turn instead of a card: discard ``card`` from hand and move ``target``, an
    enemy Mercenary of 1-5, into Venezia's line.

    ``target``: a Card, "3#22", or "Ben:3" (Ben's 3).
    """
    battle._check_can_act(player)
    paid = battle._find_card(player, card)
    chosen = _pick_bribe(battle, player, target)
    before = battle._announced() if battle.explaining else None
    owner = battle._owner(chosen)
    if battle.hands is not None:
        battle.hands[player].remove(paid)
    if paid in battle.returned[player]:
        battle.returned[player].remove(paid)
    battle.discarded.append(paid)
    battle.lines[owner] = [c for c in battle.lines[owner] if c.id != chosen.id]
    battle.lines[player].append(chosen)
    from ..battle import Move
    battle.moves.append(Move(player, "venezia", False, f"{chosen.kind}#{chosen.id}", paid.id))
    if battle.explaining:
        mine = ("it is now Venezia's Mercenary: a Drummer in Venezia's line doubles it and Venezia's "
                "Scarecrow may take it back to hand" if battle.ruleset.venezia_bribe == "briber" else
                "a Drummer in Venezia's line doubles it (it stands in that line), but no Scarecrow may take "
                "it back: it is not Venezia's own card")
        battle.steps.append(Step(
            "city.venezia",
            f"{player} uses Venezia's Bribe instead of playing a card: {player} discards a card from hand and "
            f"{owner}'s {chosen.name} joins {player}'s line ({mine}).",
            strengths=battle._announced(), before=before, player=player, cards=(chosen.id,),
            data={"paid": paid.id, "target": chosen.id, "owner": owner}))
    if not battle.is_over:
        battle._advance(player)


def _pick_bribe(battle, player: str, target) -> Card:
    targets = bribe_targets(battle, player)
    found: list[Card] = []
    if isinstance(target, Card):
        found = [c for c in targets if c.id == target.id]
    elif isinstance(target, str) and target.strip():
        text = target.strip()
        owner = None
        if ":" in text:
            owner, _, text = text.rpartition(":")
            owner = owner.strip()
        kind, _, num = text.strip().partition("#")
        found = [c for c in targets if c.kind == kind.strip() and (not num or str(c.id) == num)
                 and (owner is None or battle._owner(c) == owner)]
        owners = {battle._owner(c) for c in found}
        if len(owners) > 1:
            raise IllegalMove(f"{join_names(sorted(owners, key=battle.players.index))} each have a "
                              f"{found[0].name}: name the line, e.g. '{battle._owner(found[0])}:{found[0].kind}'")
    if not found:
        shown = "; ".join(f"{p}: {' '.join(c.name for c in targets if battle._owner(c) == p)}"
                          for p in battle.players if any(battle._owner(c) == p for c in targets))
        raise IllegalMove(f"Venezia bribes an enemy's face-up Mercenary of 1 to 5; {target!r} is not one. "
                          f"Possible: {shown or 'none'}")
    return found[-1]


def bribed(battle) -> set[int]:
    """Ids of the Mercenaries Venezia bribed in this battle."""
    return {int(m.take.partition("#")[2]) for m in battle.moves if m.kind == "venezia"}


def replay(battle, move) -> None:
    """Replay an ability move (for Battle.undo)."""
    if move.kind == "firenze":
        taken = None if move.take == "all" else battle.deck[int(move.take.partition("#")[2])]
        firenze_ball(battle, move.player, battle.deck[move.card], taken)
    else:
        venezia_bribe(battle, move.player, battle.deck[move.card], battle.deck[int(move.take.partition("#")[2])])


#: Battle moves that are abilities, not cards (Move.kind -> replay function).
ABILITY_MOVES = {"firenze": replay, "venezia": replay}
