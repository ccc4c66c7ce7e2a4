"""The six city-states' abilities (zh-city-state-variant.txt, 二、各城邦特殊能力), one class each
in :data:`ABILITIES`, and their rules, one function per rule id.

Firenze's Ball and Venezia's Bribe act inside a battle, on their player's turn instead of a card;
Bologna's and Milano's bans keep cards out of a battle; Genova trades cards before it; Roma cancels
another's ability or claims a tied region.  The battle-level rules work on a battle's
:class:`~condottiere_nb.battle_state.BattleState` (``battle.state``, what the Game passes too); the
game-level ones on a Game.  On a :class:`~condottiere_nb.battle.Battle` (a sandbox, a notebook),
:func:`firenze_ball` and :func:`venezia_bribe` play the two abilities that act on a turn.

Readings of the vague sentences are options of the Ruleset (``firenze_takes``, ``firenze_card``,
``venezia_bribe``); their docs quote the sentence they read.
"""
from __future__ import annotations

import collections
import itertools

from ...cards import Card
from ...errors import Clauses, IllegalMove, Joined, Kind, Quoted, Sentence, Spaced
from ...explain import Step
from ...notation import read_card, read_target
from ...plays import Move
from .actions import Ball, Bribe, GenovaDraw, GenovaTrade

__all__ = ["BANS", "BRIBE_VALUES", "ABILITIES", "Ability", "check_ruleset", "ban", "city_bologna", "city_milano",
           "city_lift", "lift_ban", "courtesan_targets", "pick_courtesan", "city_firenze", "firenze_ball",
           "bribe_targets", "pick_bribe", "city_venezia", "venezia_bribe", "bribed", "replay", "multisets",
           "genova_choices"]

#: Cards a ban keeps out of the battle (zh: Bologna 火攻, Milano 封鎖).
BANS: dict[str, frozenset] = {
    # "Scarecrows (burned), strength-6 and -10 cards (the Heroine included)"
    "Bologna": frozenset({"scarecrow", "6", "10", "heroine"}),
    # "Surrender, Bishop, Drummer, Spring, Winter and Heroine (Scarecrows may)"
    "Milano": frozenset({"surrender", "bishop", "drummer", "spring", "winter", "heroine"}),
}

#: Venezia bribes a Mercenary of strength 1 to 5 (zh: 戰力1~5): its printed value, or the strength
#: it has now (option venezia_bribe_value).
BRIBE_VALUES = range(1, 6)


def _kind_order(kind: str) -> tuple:
    return (0, int(kind)) if kind.isdigit() else (1, kind)


def check_ruleset(battle, city: str) -> None:
    """A city-state's ability acts only in a battle of the city-states ruleset (zh); IllegalMove in
    any other (a ruleset without city-states has no Firenze or Venezia to use it)."""
    if not battle.ruleset.city_states:
        raise IllegalMove.say("{city}'s ability belongs to the city-states ruleset; the {ruleset} ruleset has no "
                              "city-state abilities", city=city, ruleset=Quoted.of(battle.ruleset.name))


# -- Bologna and Milano: bans ----------------------------------------------------------------------

def ban(battle, city: str, player: str) -> None:
    """``player``'s ``city`` (Bologna or Milano) bans its cards from ``battle``, decided before the
    first card; its owner may lift the ban at any time, and then it cannot come back."""
    for kind in BANS[city]:
        if kind in battle.ruleset.counts:
            battle.banned[kind] = city
    if battle.explains:
        kinds = [k for k in sorted(BANS[city], key=_kind_order) if k in battle.ruleset.counts]
        battle.record(Step(f"city.{city.lower()}", strengths=battle.announced(), player=player,
                           data={"city": city, "kinds": kinds}))


def city_bologna(battle, player: str) -> None:
    """Bologna, Fire Attack: no Scarecrow, 6, 10 or Heroine may be played in this battle."""
    ban(battle, "Bologna", player)


def city_milano(battle, player: str) -> None:
    """Milano, Blockade: no Surrender, Bishop, Drummer, Spring, Winter or Heroine in this battle."""
    ban(battle, "Milano", player)


def lift_ban(battle, city: str, player: str, by_roma: bool = False) -> None:
    """The ban of ``city`` ends: its owner lifts it (city.lift), or Roma cancels it
    (city.roma_annul)."""
    for kind in [k for k, c in battle.banned.items() if c == city]:
        del battle.banned[kind]
    if battle.explains:
        battle.record(Step("city.roma_annul" if by_roma else "city.lift", strengths=battle.announced(),
                           player=player, data={"city": city, "ban": True}))


def city_lift(battle, city: str, player: str) -> None:
    """A ban is lifted by its owner (zh: 發動者有權隨時取消); it does not use the turn."""
    lift_ban(battle, city, player)


def _pay(battle, player: str, paid: Card, face_down: bool = False) -> None:
    """The card ``player`` pays for Firenze's or Venezia's ability leaves the hand for the discard
    pile, or with ``face_down`` for the player's line, face down."""
    source = battle.source_of(player, paid)
    if paid in battle.returned[player]:
        battle.returned[player].remove(paid)
    if face_down:
        battle.zones.move(paid, source, ("line", player))
        battle.face_down.add(paid.id)
    else:
        battle.zones.move(paid, source, "discard")
        battle.discarded.append(paid)


# -- Firenze, the Ball -----------------------------------------------------------------------------

def courtesan_targets(battle, player: str) -> list[Card]:
    """Face-up Courtesans Firenze's player may take (option firenze_takes)."""
    mode = battle.ruleset.firenze_takes
    return [c for p in battle.players for c in battle.line(p)
            if c.kind == "courtesan" and c.id not in battle.face_down and (mode != "one_opponent" or p != player)]


def pick_courtesan(battle, targets: list[Card], courtesan) -> Card:
    """The Courtesan named by ``courtesan``: a Card, "courtesan#61", or a player's name (theirs)."""
    if courtesan is None and len({battle.owner(c) for c in targets}) == 1:
        return targets[-1]
    if isinstance(courtesan, Card):
        if courtesan in targets:
            return courtesan
    elif isinstance(courtesan, str):
        if "#" in courtesan:
            found = [c for c in targets if (c.kind, c.id) == read_card(courtesan, battle.kinds)]
        else:
            found = [c for c in targets if battle.owner(c) == courtesan.strip()]
        if found:
            return found[-1]
    owners = Joined(sorted({battle.owner(c) for c in targets}, key=battle.players.index))
    raise IllegalMove.say("name the Courtesan Firenze takes back by its owner ({owners}) or as 'courtesan#id', not "
                          "{typed}", owners=owners, typed=Quoted.of(courtesan))


def city_firenze(battle, player: str, card, courtesan=None) -> None:
    """Firenze's Ball, on his turn instead of a card: lay ``card`` face down and take back a
    Courtesan (zh: he may use any card to take back Courtesans, from every player; the card must
    be face down and no Scarecrow or other card may take it back).

    ``courtesan``: the Courtesan to take (a Card, "courtesan#61", or "Ben" for Ben's); under
    firenze_takes="all" every face-up Courtesan goes and it is ignored.  Where the card goes is
    the option firenze_card: the price of the Ball, discarded face down ('cost'), or face down in
    Firenze's line, counted when revealed ('hidden').
    """
    check_ruleset(battle, "Firenze")
    battle.check_can_act(player)
    paid = battle.find_card(player, card)
    targets = courtesan_targets(battle, player)
    if not targets:
        if battle.ruleset.firenze_takes == "one_opponent":
            raise IllegalMove.say("there is no face-up Courtesan Firenze may take back from another player")
        raise IllegalMove.say("there is no face-up Courtesan Firenze may take back")
    taken = targets if battle.ruleset.firenze_takes == "all" else [pick_courtesan(battle, targets, courtesan)]
    # Everything is checked: from here on the battle changes.
    before = battle.announced() if battle.explains else None
    owners = [battle.owner(c) for c in taken]
    hidden = battle.ruleset.firenze_card == "hidden"
    _pay(battle, player, paid, hidden)
    for c, owner in zip(taken, owners):
        battle.zones.move(c, ("line", owner), ("hand", player))
        battle.returned[player].append(c)
    took = "all" if battle.ruleset.firenze_takes == "all" else f"courtesan#{taken[0].id}"
    battle.moves.append(Move(player, "firenze", True, took, paid.id))
    if battle.explains:
        battle.record(Step("city.firenze", strengths=battle.announced(), before=before, player=player,
                           cards=tuple(c.id for c in taken),
                           data={"paid": paid.id, "taken": [c.id for c in taken], "owners": owners, "hidden": hidden}))
    if not battle.is_over:
        battle.advance(player)


def firenze_ball(battle, player: str, card, courtesan=None) -> None:
    """Firenze's Ball on a :class:`~condottiere_nb.battle.Battle`: :func:`city_firenze` on its state."""
    city_firenze(battle.state, player, card, courtesan)


# -- Venezia, the Bribe ------------------------------------------------------------------------------

def bribe_targets(battle, player: str) -> list[Card]:
    """Enemy face-up Mercenaries of strength 1-5 that Venezia may bribe: their printed value, or
    under venezia_bribe_value='effective' the strength they have now (Winter, Drummer, Spring)."""
    now = battle.tally().values if battle.ruleset.venezia_bribe_value == "effective" else None
    return [c for p in battle.players if p != player for c in battle.line(p)
            if c.mercenary and c.id not in battle.face_down
            and (c.value if now is None else now.get(c.id)) in BRIBE_VALUES]


def pick_bribe(battle, player: str, target) -> Card:
    """The Mercenary named by ``target``: a Card, "3#22", or "Ben:3" (Ben's 3)."""
    targets = bribe_targets(battle, player)
    found: list[Card] = []
    if isinstance(target, Card):
        found = [c for c in targets if c.id == target.id]
    elif isinstance(target, str) and target.strip():
        named = read_target(target, battle.kinds)
        found = [c for c in targets if c.kind == named.kind and named.id in (None, c.id)
                 and named.owner in (None, battle.owner(c))]
        owners = {battle.owner(c) for c in found}
        if len(owners) > 1:
            example = f"'{battle.owner(found[0])}:{found[0].kind}'"
            raise IllegalMove.say("{players} each have a {card}: name the line, e.g. {example}",
                                  players=Joined(sorted(owners, key=battle.players.index)), card=Kind(found[0].kind),
                                  example=example)
    if not found:
        lines = Clauses(Sentence.say("{player}: {cards}", player=p,
                                     cards=Spaced(Kind(c.kind) for c in targets if battle.owner(c) == p))
                        for p in battle.players if any(battle.owner(c) == p for c in targets))
        possible = lines or Sentence.say("none")
        if battle.ruleset.venezia_bribe_value == "effective":
            raise IllegalMove.say("Venezia bribes an enemy's face-up Mercenary of strength 1 to 5; {typed} is not one. "
                                  "Possible: {possible}", typed=Quoted.of(target), possible=possible)
        raise IllegalMove.say("Venezia bribes an enemy's face-up Mercenary of printed value 1 to 5; {typed} is not "
                              "one. Possible: {possible}", typed=Quoted.of(target), possible=possible)
    return found[-1]


def city_venezia(battle, player: str, card, target) -> None:
    """Venezia's Bribe, on her turn instead of a card: discard ``card`` from hand and move
    ``target``, an enemy Mercenary of 1-5 (zh: 戰力1~5: printed, or its strength now under
    venezia_bribe_value='effective'), into Venezia's line.

    ``target``: a Card, "3#22", or "Ben:3" (Ben's 3).  Whose card it is then is the option
    venezia_bribe (may Venezia's Scarecrow take it back?).
    """
    check_ruleset(battle, "Venezia")
    battle.check_can_act(player)
    paid = battle.find_card(player, card)
    chosen = pick_bribe(battle, player, target)
    # Everything is checked: from here on the battle changes.
    before = battle.announced() if battle.explains else None
    owner = battle.owner(chosen)
    _pay(battle, player, paid)
    battle.zones.move(chosen, ("line", owner), ("line", player))
    battle.moves.append(Move(player, "venezia", False, f"{chosen.kind}#{chosen.id}", paid.id))
    if battle.explains:
        battle.record(Step("city.venezia", strengths=battle.announced(), before=before, player=player,
                           cards=(chosen.id,), data={"paid": paid.id, "target": chosen.id, "owner": owner,
                                                     "kind": chosen.kind, "reading": battle.ruleset.venezia_bribe}))
    if not battle.is_over:
        battle.advance(player)


def venezia_bribe(battle, player: str, card, target) -> None:
    """Venezia's Bribe on a :class:`~condottiere_nb.battle.Battle`: :func:`city_venezia` on its state."""
    city_venezia(battle.state, player, card, target)


def bribed(battle) -> set[int]:
    """Ids of the Mercenaries Venezia bribed in this battle."""
    return {read_card(m.take, battle.kinds)[1] for m in battle.moves if m.kind == "venezia"}


def replay(battle, move: Move) -> None:
    """Make an ability move again (for Battle.undo and the exploration tools)."""
    if move.kind == "firenze":
        city_firenze(battle, move.player, battle.deck[move.card], None if move.take == "all" else move.take)
    else:
        city_venezia(battle, move.player, battle.deck[move.card], move.take)


def multisets(game, cards: list[Card], size: int) -> list[tuple]:
    """Every choice of ``size`` cards among ``cards``, as tuples of kinds in deck order."""
    counts = collections.Counter(c.kind for c in cards)
    kinds = sorted(counts, key=game.rank.__getitem__)
    return [combo for combo in itertools.combinations_with_replacement(kinds, size)
            if all(combo.count(k) <= counts[k] for k in set(combo))]


def genova_choices(game, player: str) -> list:
    """Genova's choices: discard 3 and trade with the other hands (zh: only with complete
    conditions - the source holds 3 or more, every other player 2 or more), or draw 3 from the
    shuffled discards."""
    state = game.state
    acts = []
    others = [q for q in game.players if q != player]
    hand = state.hand(player)
    if len(hand) >= 3:
        for source in others:
            if len(state.hand(source)) >= 3 and all(len(state.hand(q)) >= 2 for q in others if q != source):
                acts += [GenovaTrade(k, source) for k in multisets(game, hand, 3)]
    if len(state.discard) >= 3:
        acts.append(GenovaDraw())
    return acts


# -- the abilities, one class each ----------------------------------------------------------------

class Ability:
    """One city-state's ability.  ``acts`` says when it acts once used: "ban" (at once, on the
    battle), "turn" (on its player's turns instead of a card), "before" (before the battle, a
    decision of its own), or "roma" (Roma is never asked: it cancels or claims)."""

    city = ""
    acts = ""

    def usable(self, game, player: str) -> bool:
        """May ``player`` use this ability now (before a battle's first card)?"""
        return True

    def turn_actions(self, game, player: str) -> list:
        """The actions this ability gives ``player`` on a battle turn while it is in force."""
        return []


class Firenze(Ability):
    city, acts = "Firenze", "turn"

    def usable(self, game, player: str) -> bool:
        return bool(game.state.hand(player))

    def turn_actions(self, game, player: str) -> list:
        battle = game.battle.state
        targets = courtesan_targets(battle, player)
        if not targets:
            return []
        owners = [None] if battle.ruleset.firenze_takes == "all" else \
            [q for q in battle.players if any(battle.owner(c) == q for c in targets)]
        return [Ball(k, o) for k in _kinds(game, game.state.hand(player)) for o in owners]


class Venezia(Ability):
    city, acts = "Venezia", "turn"

    def usable(self, game, player: str) -> bool:
        return bool(game.state.hand(player))

    def turn_actions(self, game, player: str) -> list:
        battle = game.battle.state
        targets = dict.fromkeys(f"{battle.owner(c)}:{c.kind}" for c in bribe_targets(battle, player))
        return [Bribe(k, t) for k in _kinds(game, game.state.hand(player)) for t in targets]


class Genova(Ability):
    city, acts = "Genova", "before"

    def usable(self, game, player: str) -> bool:
        return bool(genova_choices(game, player))


class Bologna(Ability):
    city, acts = "Bologna", "ban"


class Milano(Ability):
    city, acts = "Milano", "ban"


class Roma(Ability):
    city, acts = "Roma", "roma"


def _kinds(game, cards) -> list[str]:
    return sorted({c.kind for c in cards}, key=game.rank.__getitem__)


#: city -> its ability, in the order the text lists them.
ABILITIES = {a.city: a for a in (Firenze(), Venezia(), Genova(), Bologna(), Milano(), Roma())}
