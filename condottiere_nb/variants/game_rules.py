"""The variants' game-level rules, called by :class:`~condottiere_nb.game.Game` at a few hooks.

The Game runs the standard game; where a ruleset asks for more (Continuous War's draws,
the Persian tutorial's draws and end, the city-states' choices, abilities, Roma's veto and
claim), the Game calls the hooks of :class:`VariantRules`.  Each hook names the rulebook
sentence it follows.  Options read directly by the Game (invasion, hand sizes, victory and
end ranking, the final battle's hand and ruleset) are documented in rulesets.py.

The decisions the variants add are actions, listed by ``Game.legal_actions()`` when they are
available and explained by Steps:

* city-states: ``ChooseCity(city)`` at the start; ``UseAbility(yes)`` before a battle's first
  card; ``Veto(yes)`` for Roma when another player uses an ability; ``GenovaTrade(discard,
  source)`` / ``GenovaDraw()`` then ``GenovaKeep(cards)``; ``Ball(card, courtesan)`` and
  ``Bribe(card, target)`` instead of a card on Firenze's / Venezia's turn; ``LiftBan()`` for
  the owner of a ban and ``Annul()`` for Roma during the battle; ``RomaClaim(cards)`` after a
  tied battle (``RomaClaim(())`` declines).
* Persian tutorial: ``Play("maiden", take="Ben@2")`` names a face-down soldier by position.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Iterable, Mapping

from .. import board
from ..cards import Card, kind_name
from ..errors import IllegalMove, RulesError
from ..explain import RULES, Step, join_names
from ..game import Action
from . import city_states as cs
from . import persian, vietnamese

RULES.update({
    "fa.draw": ("Persian tutorial: the winner draws a card per soldier used, the others 1",
                "fa: بند ۶ و قوانین دقیق"),
    "fa.weapon_draw": ("Persian tutorial: the Weapon's card is drawn", "fa: بند ۵ (جنگ‌افزار)"),
    "fa.end": ("Persian tutorial: the draw pile ran out", "fa: بند ۷ و قوانین دقیق"),
    "game.rank": ("The end: who wins without a victory", "vi: Chiến Thắng 3; zh: 三; fa: بند ۷"),
})

STANDARD_PHASES = ("token", "battle", "favor", "discard", "keep", "over")


# ---------------------------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------------------------

class VariantAction(Action):
    """An action a variant adds; the Game hands it to the variant's rules."""

    __slots__ = ()
    _variant_action = True


def _kinds_repr(cards) -> str:
    return repr(tuple(cards))


@dataclass(frozen=True)
class ChooseCity(VariantAction):
    """City-states: take a city-state (zh 一.2: players choose in turn and mark it as theirs)."""

    city: str

    def __repr__(self) -> str:
        return f"ChooseCity({self.city!r})"


@dataclass(frozen=True)
class UseAbility(VariantAction):
    """City-states: use your city-state's ability in this battle (True) or not (False)."""

    yes: bool = True

    def __repr__(self) -> str:
        return f"UseAbility({self.yes!r})"


@dataclass(frozen=True)
class Veto(VariantAction):
    """City-states, Roma's Edict: cancel the ability being used (True) or let it be (False)."""

    yes: bool = True

    def __repr__(self) -> str:
        return f"Veto({self.yes!r})"


@dataclass(frozen=True)
class GenovaTrade(VariantAction):
    """Genova: discard three cards, draw 3 from ``source``'s hand and 2 from each other hand."""

    discard: tuple
    source: str

    def __repr__(self) -> str:
        return f"GenovaTrade({_kinds_repr(self.discard)}, {self.source!r})"


@dataclass(frozen=True)
class GenovaDraw(VariantAction):
    """Genova: draw three cards from the shuffled discard pile instead."""

    def __repr__(self) -> str:
        return "GenovaDraw()"


@dataclass(frozen=True)
class GenovaKeep(VariantAction):
    """Genova: keep three of the cards drawn from the other hands; the rest are discarded."""

    cards: tuple

    def __repr__(self) -> str:
        return f"GenovaKeep({_kinds_repr(self.cards)})"


@dataclass(frozen=True)
class Ball(VariantAction):
    """Firenze's turn instead of a card: lay ``card`` face down, take back a Courtesan from
    ``courtesan``'s line (a player's name; None when every Courtesan goes)."""

    card: object
    courtesan: object = None

    def __repr__(self) -> str:
        return f"Ball({self.card!r}, {self.courtesan!r})"


@dataclass(frozen=True)
class Bribe(VariantAction):
    """Venezia's turn instead of a card: discard ``card``, take ``target`` ("Ben:3") into your line."""

    card: object
    target: object

    def __repr__(self) -> str:
        return f"Bribe({self.card!r}, {self.target!r})"


@dataclass(frozen=True)
class LiftBan(VariantAction):
    """Bologna or Milano lifts its own ban (zh: 發動者有權隨時取消); it does not use the turn."""

    def __repr__(self) -> str:
        return "LiftBan()"


@dataclass(frozen=True)
class Annul(VariantAction):
    """Roma cancels the ability in force in this battle (zh: 可等待使用時機); not a turn."""

    def __repr__(self) -> str:
        return "Annul()"


@dataclass(frozen=True)
class RomaClaim(VariantAction):
    """After a tie, Roma discards a Bishop or any three cards to take the region; () declines."""

    cards: tuple = ()

    def __repr__(self) -> str:
        return f"RomaClaim({_kinds_repr(self.cards)})"


ACTIONS = (ChooseCity, UseAbility, Veto, GenovaTrade, GenovaDraw, GenovaKeep, Ball, Bribe, LiftBan,
           Annul, RomaClaim)


def for_ruleset(rs) -> "VariantRules | None":
    """The variant rules a Game needs, or None for a game the Game runs alone."""
    if rs.city_states or rs.drawing != "rounds" or "weapon" in rs.counts or "maiden" in rs.counts:
        return VariantRules(rs)
    return None


# ---------------------------------------------------------------------------------------------
# Helpers on hands
# ---------------------------------------------------------------------------------------------

def _kinds(game, cards: Iterable[Card]) -> list[str]:
    rank = game._rank
    return sorted({c.kind for c in cards}, key=rank.__getitem__)


def _multisets(game, cards: list[Card], size: int) -> list[tuple]:
    """Every choice of ``size`` cards among ``cards``, as sorted tuples of kinds."""
    counts: dict[str, int] = {}
    for c in cards:
        counts[c.kind] = counts.get(c.kind, 0) + 1
    kinds = sorted(counts, key=game._rank.__getitem__)
    return [combo for combo in itertools.combinations_with_replacement(kinds, size)
            if all(combo.count(k) <= counts[k] for k in set(combo))]


def _take_kinds(cards: list[Card], kinds: Iterable[str], what: str) -> list[Card]:
    """Physical cards of ``kinds`` from ``cards`` (lowest ids first)."""
    pool = sorted(cards)
    out = []
    for k in kinds:
        card = next((c for c in pool if c.kind == k and c not in out), None)
        if card is None:
            raise IllegalMove(f"{what} holds no {kind_name(k)} for that")
        out.append(card)
    return out


def _card_kind(game, item) -> str:
    if isinstance(item, Card):
        return item.kind
    return game._named_card(item, None, "hand")[0]


def _log(game, rule: str, text: str, player: str | None = None, **data) -> None:
    if game.explaining:
        game.log.append(Step(rule, text, player=player, data=data))


# ---------------------------------------------------------------------------------------------
# The hooks
# ---------------------------------------------------------------------------------------------

class VariantRules:
    """What the variants of one ruleset add to the Game.  State lives in ``game._vstate``
    (plain data, copied by ``Game.clone``), so this object holds nothing but the ruleset."""

    def __init__(self, ruleset):
        self.rs = ruleset

    # -- the start --------------------------------------------------------------------------
    def setup(self, game) -> None:
        """After the first deal: the city-states are chosen in seat order (zh 一.2)."""
        if not self.rs.city_states:
            return
        n = len(game.players)
        if not 3 <= n <= 6:
            raise RulesError(f"the city-state variant is for 3 to 6 players (zh 一.2), not {n}")
        free = [c for c in cs.CITIES if c not in game._control]
        if len(free) < n:
            raise RulesError(f"each player chooses a free city-state, but only {join_names(free) if free else 'none'} "
                             f"of {', '.join(cs.CITIES)} {'is' if len(free) == 1 else 'are'} free for {n} players")
        game._vstate.update(cities={}, ready={p: True for p in game.players}, active=None, ask=[],
                            pending=None, drawn=[])
        game.phase = "city"
        game._to_move = game.players[0]

    # -- legal actions -------------------------------------------------------------------------
    def legal(self, game) -> list:
        """Actions of the variant phases."""
        phase, p, v = game.phase, game._to_move, game._vstate
        if phase == "city":
            return [ChooseCity(c) for c in cs.CITIES if c not in game._control]
        if phase == "ability":
            return [UseAbility(True), UseAbility(False)]
        if phase == "veto":
            return [Veto(True), Veto(False)]
        if phase == "genova":
            return self._genova_actions(game, p)
        if phase == "genova_keep":
            drawn = [c for c in game._hands[p] if c.id in v["drawn"]]
            return [GenovaKeep(k) for k in _multisets(game, drawn, min(3, len(drawn)))]
        if phase == "claim":
            hand = game._hands[p]
            claims = [RomaClaim(("bishop",))] if any(c.kind == "bishop" for c in hand) else []
            claims += [RomaClaim(k) for k in _multisets(game, hand, 3) if k != ("bishop",)]
            return claims + [RomaClaim(())]
        return []

    def battle_actions(self, game, player: str, actions: list) -> list:
        """Extra actions on a battle turn: Firenze's Ball, Venezia's Bribe, lifting a ban,
        Roma's annulment; Maiden targets by position (the Persian soldiers lie face down)."""
        battle = game.battle
        if "maiden" in self.rs.counts and any(a.card == "maiden" for a in actions if hasattr(a, "card")):
            from ..game import _play
            targets = persian.position_targets(battle, player)
            i = next(i for i, a in enumerate(actions) if getattr(a, "card", None) == "maiden") + 1
            actions[i:i] = [_play("maiden", False, t) for t in targets]
        if not self.rs.city_states or game.final:
            return actions
        v = game._vstate
        active = v["active"]
        extra = []
        locked = battle._not_returnable()
        if locked:
            # venezia_bribe='not_returnable': a Scarecrow cannot take back a bribed Mercenary
            free = {c.kind for c in battle.lines[player] if c.mercenary and c.id not in locked
                    and c.id not in battle.face_down}
            actions = [a for a in actions if not (getattr(a, "card", None) == "scarecrow" and a.take is not None
                                                  and a.take not in free)]
        if active is not None and active["player"] == player:
            hand = game._hands[player]
            if active["city"] == "Firenze":
                targets = cs.courtesan_targets(battle, player)
                owners = [None] if self.rs.firenze_takes == "all" else \
                    [q for q in battle.players if any(battle._owner(c) == q for c in targets)]
                if targets:
                    extra += [Ball(k, o) for k in _kinds(game, hand) for o in owners]
            elif active["city"] == "Venezia":
                targets = []
                for c in cs.bribe_targets(battle, player):
                    t = f"{battle._owner(c)}:{c.kind}"
                    if t not in targets:
                        targets.append(t)
                extra += [Bribe(k, t) for k in _kinds(game, hand) for t in targets]
            elif battle.banned:
                extra.append(LiftBan())
        roma = self._roma(game)
        if roma == player and v["ready"][roma] and active is not None and active["player"] != roma \
                and (active["city"] in ("Firenze", "Venezia") or battle.banned):
            extra.append(Annul())
        return actions[:-1] + extra + actions[-1:] if extra else actions

    def _genova_actions(self, game, p: str) -> list:
        acts = []
        others = [q for q in game.players if q != p]
        hand = game._hands[p]
        if len(hand) >= 3:
            for source in others:
                # zh: only with complete conditions - the source holds 3 or more, every other 2 or more
                if len(game._hands[source]) >= 3 and all(len(game._hands[q]) >= 2 for q in others if q != source):
                    acts += [GenovaTrade(k, source) for k in _multisets(game, hand, 3)]
        if len(game._discard) >= 3:
            acts.append(GenovaDraw())
        return acts

    # -- canonical forms and records ----------------------------------------------------------
    def canonical(self, game, action) -> tuple:
        """(canonical action, physical cards or None) for an action as the user wrote it."""
        cls = type(action)
        if cls in (ChooseCity,):
            city = board.region(action.city)
            if city not in cs.CITIES:
                raise IllegalMove(f"{city} is not one of the city-states: {', '.join(cs.CITIES)}")
            return ChooseCity(city), None
        if cls in (UseAbility, Veto):
            if not isinstance(action.yes, bool):
                raise IllegalMove(f"{cls.__name__} takes True or False, not {action.yes!r}")
            return action, None
        if cls in (GenovaDraw, LiftBan, Annul):
            return action, None
        if cls in (GenovaTrade, GenovaKeep, RomaClaim):
            items = action.discard if cls is GenovaTrade else action.cards
            if isinstance(items, (str, Card)) or not isinstance(items, Iterable):
                raise IllegalMove(f"{cls.__name__} takes a tuple of cards such as ('1', '2', 'winter')")
            items = tuple(items)
            kinds = tuple(sorted((_card_kind(game, i) for i in items), key=game._rank.__getitem__))
            physical = [i for i in items if isinstance(i, Card)] if all(isinstance(i, Card) for i in items) \
                and items else None
            if cls is GenovaTrade:
                return GenovaTrade(kinds, action.source), physical
            return cls(kinds), physical
        if cls is Ball:
            card = action.card
            kind = _card_kind(game, card)
            target = action.courtesan
            phys = None
            if isinstance(target, Card):
                phys = target
                target = game.battle._owner(target) if game.battle and target in game.battle.in_play() else None
            return Ball(kind, target), (card if isinstance(card, Card) else None, phys)
        if cls is Bribe:
            card = action.card
            kind = _card_kind(game, card)
            target = action.target
            phys = None
            if isinstance(target, Card):
                phys = target
                battle = game.battle
                target = f"{battle._owner(target)}:{target.kind}" if battle and target in battle.in_play() else None
            return Bribe(kind, target), (card if isinstance(card, Card) else None, phys)
        raise IllegalMove(f"{action!r} is not an action of this game")

    def decode(self, game, tag: str, args: list):
        """A saved record -> the action, or None when the tag is not a variant's."""
        cards = game.cards

        def card(i):
            if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(cards):
                raise RulesError(f"{i!r} is not a card id")
            return cards[i]

        if tag == "city" and len(args) == 1:
            return ChooseCity(args[0])
        if tag == "ability" and len(args) == 1 and isinstance(args[0], bool):
            return UseAbility(args[0])
        if tag == "veto" and len(args) == 1 and isinstance(args[0], bool):
            return Veto(args[0])
        if tag == "genova_trade" and len(args) == 2 and isinstance(args[0], list):
            return GenovaTrade(tuple(card(i) for i in args[0]), args[1])
        if tag == "genova_draw" and not args:
            return GenovaDraw()
        if tag == "genova_keep" and len(args) == 1 and isinstance(args[0], list):
            return GenovaKeep(tuple(card(i) for i in args[0]))
        if tag == "ball" and len(args) == 2:
            return Ball(card(args[0]), None if args[1] is None else card(args[1]))
        if tag == "bribe" and len(args) == 2:
            return Bribe(card(args[0]), card(args[1]))
        if tag == "lift" and not args:
            return LiftBan()
        if tag == "annul" and not args:
            return Annul()
        if tag == "claim" and len(args) == 1 and isinstance(args[0], list):
            return RomaClaim(tuple(card(i) for i in args[0]))
        return None

    def waiting_text(self, game) -> str:
        p, phase, v = game._to_move, game.phase, game._vstate
        if phase == "city":
            return f"{p} chooses a city-state (ChooseCity)"
        if phase == "ability":
            return f"{p} may use {v['cities'][p]}'s ability in this battle (UseAbility)"
        if phase == "veto":
            pend = v["pending"]
            return f"{p}, Roma, may cancel {pend['player']}'s {pend['city']} ability (Veto)"
        if phase == "genova":
            return f"{p} uses Genova's ability: trade with the other hands or draw from the discards"
        if phase == "genova_keep":
            return f"{p} keeps three of the cards Genova drew (GenovaKeep)"
        if phase == "claim":
            return f"{p}, Roma, may take the tied region {game.region} (RomaClaim)"
        return "the game is over"

    # -- applying --------------------------------------------------------------------------------
    def apply(self, game, canon, physical) -> None:
        cls = type(canon)
        handler = {ChooseCity: self._choose, UseAbility: self._use, Veto: self._veto,
                   GenovaTrade: self._genova_trade, GenovaDraw: self._genova_draw, GenovaKeep: self._genova_keep,
                   Ball: self._ball, Bribe: self._bribe, LiftBan: self._lift, Annul: self._annul,
                   RomaClaim: self._claim}[cls]
        handler(game, canon, physical)

    def _choose(self, game, canon, _physical) -> None:
        p, v = game._to_move, game._vstate
        v["cities"][p] = canon.city
        game._control[canon.city] = p
        game._record.append(["city", canon.city])
        power = ("may, once each round, cancel another player's ability or claim a tied region"
                 if canon.city == "Roma" else f"may use {canon.city}'s ability in one battle each round")
        _log(game, "city.choose",
             f"{p} chooses {canon.city}: {p}'s control marker goes on {canon.city}, which cannot be attacked, "
             f"and {p} {power}.", p, city=canon.city)
        nxt = [q for q in game.players if q not in v["cities"]]
        if nxt:
            game._to_move = nxt[0]
            return
        game.phase = "token"
        game._to_move = game.token_holder

    # -- before a battle: asking in seat order (zh 一.3) ------------------------------------------
    def before_battle(self, game) -> bool:
        """Ask for abilities before the first card; True if the game now waits for an answer."""
        if not self.rs.city_states or game.final:
            return False
        v = game._vstate
        v["active"] = None
        battle = game.battle
        order = battle.players[battle.players.index(battle.leader):] + battle.players[:battle.players.index(battle.leader)]
        v["ask"] = [p for p in order if v["ready"][p] and v["cities"][p] != "Roma" and self._can_use(game, p)]
        return self._ask_next(game)

    def _can_use(self, game, p: str) -> bool:
        city = game._vstate["cities"][p]
        if city == "Genova":
            return bool(self._genova_actions(game, p))
        if city in ("Firenze", "Venezia"):
            return bool(game._hands[p])
        return True

    def _ask_next(self, game) -> bool:
        v = game._vstate
        if not v["ask"]:
            return False
        game.phase = "ability"
        game._to_move = v["ask"][0]
        return True

    def _resume(self, game) -> None:
        game._continue_battle()

    def _use(self, game, canon, _physical) -> None:
        v = game._vstate
        p = v["ask"].pop(0)
        game._record.append(["ability", canon.yes])
        city = v["cities"][p]
        if not canon.yes:
            _log(game, "city.ask", f"{p} does not use {city}'s ability in this battle.", p, city=city)
            if not self._ask_next(game):
                self._resume(game)
            return
        v["ask"] = []
        v["ready"][p] = False
        _log(game, "city.ask",
             f"{p} turns {city}'s tile face down and uses its ability in this battle (once this round; no one "
             f"else may use an ability in this battle, Roma aside).", p, city=city)
        if self._offer_veto(game, p, city, {"kind": "declare"}):
            return
        self._declare(game, p, city)

    def _roma(self, game) -> str | None:
        return next((q for q, c in game._vstate.get("cities", {}).items() if c == "Roma"), None)

    def _offer_veto(self, game, p: str, city: str, what: dict) -> bool:
        """Roma's Edict: Roma is asked before the ability acts (zh: against Venezia before the discard)."""
        roma = self._roma(game)
        v = game._vstate
        if roma is None or roma == p or not v["ready"][roma]:
            return False
        v["pending"] = {"player": p, "city": city, **what}
        game.phase = "veto"
        game._to_move = roma
        return True

    def _veto(self, game, canon, _physical) -> None:
        v = game._vstate
        roma = game._to_move
        pend = v["pending"]
        v["pending"] = None
        p, city = pend["player"], pend["city"]
        game._record.append(["veto", canon.yes])
        if canon.yes:
            v["ready"][roma] = False
            v["ready"][p] = False
            v["active"] = None
            _log(game, "city.roma_annul",
                 f"{roma} uses Roma's Edict: {p}'s {city} ability is cancelled, and {p} may use no ability for "
                 f"the rest of this round. (Roma may cancel or claim a region once a round, not both.)",
                 roma, city=city)
            if pend["kind"] == "declare":
                self._resume(game)
            else:
                game.phase = "battle"
                game._to_move = p
            return
        _log(game, "city.roma_annul", f"{roma}, Roma, lets {p}'s {city} ability act.", roma, city=city, allowed=True)
        if pend["kind"] == "declare":
            self._declare(game, p, city)
        else:
            self._act(game, p, pend)

    def _declare(self, game, p: str, city: str) -> None:
        v = game._vstate
        battle = game.battle
        if city in cs.BANS:
            v["active"] = {"player": p, "city": city}
            cs.ban(battle, city, p)
            game._sync_log()
            self._resume(game)
        elif city in ("Firenze", "Venezia"):
            v["active"] = {"player": p, "city": city}
            what = ("lay any card face down to take back a Courtesan" if city == "Firenze"
                    else "discard a card to take an enemy Mercenary of 1 to 5 into their line")
            _log(game, f"city.{city.lower()}",
                 f"{p} uses {city}'s ability: on each turn of this battle {p} may, instead of playing normally, "
                 f"{what}.", p, city=city)
            self._resume(game)
        else:   # Genova acts at once, before the battle
            game.phase = "genova"
            game._to_move = p

    # -- Genova -----------------------------------------------------------------------------------
    def _genova_trade(self, game, canon, physical) -> None:
        p = game._to_move
        hand = game._hands[p]
        paid = physical if physical else _take_kinds(hand, canon.discard, f"{p}'s hand")
        for c in paid:
            hand.remove(c)
        game._discard.extend(paid)
        drawn = []
        counts = {}
        for q in [canon.source] + [q for q in game.players if q not in (p, canon.source)]:
            n = 3 if q == canon.source else 2
            pick = game._rng.sample(game._hands[q], n)
            for c in pick:
                game._hands[q].remove(c)
            drawn += pick
            counts[q] = n
        hand.extend(drawn)
        game._vstate["drawn"] = [c.id for c in drawn]
        game._record.append(["genova_trade", [c.id for c in paid], canon.source])
        _log(game, "city.genova",
             f"{p} uses Genova's Profiteering: discards {join_names(c.name for c in paid)}, draws at random "
             f"{'; '.join(f'{n} from {q}' for q, n in counts.items())}, and will keep three of the "
             f"{len(drawn)} cards drawn ({join_names(c.name for c in drawn)}); the rest are discarded.", p,
             drawn=[c.id for c in drawn])
        game.phase = "genova_keep"

    def _genova_keep(self, game, canon, physical) -> None:
        p = game._to_move
        v = game._vstate
        drawn = [c for c in game._hands[p] if c.id in v["drawn"]]
        kept = physical if physical else _take_kinds(drawn, canon.cards, "the cards Genova drew")
        rest = [c for c in drawn if c not in kept]
        for c in rest:
            game._hands[p].remove(c)
        game._hands[p].sort()
        game._discard.extend(rest)
        v["drawn"] = []
        game._record.append(["genova_keep", [c.id for c in kept]])
        _log(game, "city.genova", f"{p} keeps {join_names(c.name for c in kept)} and discards the other "
                                  f"{len(rest)}.", p)
        self._resume(game)

    def _genova_draw(self, game, canon, _physical) -> None:
        p = game._to_move
        game._rng.shuffle(game._discard)
        drawn = [game._discard.pop() for _ in range(min(3, len(game._discard)))]
        game._hands[p].extend(drawn)
        game._hands[p].sort()
        game._record.append(["genova_draw"])
        _log(game, "city.genova",
             f"{p} uses Genova's Profiteering: shuffles the discard pile and draws {len(drawn)} cards from it.", p)
        self._resume(game)

    # -- Firenze and Venezia on their turn ------------------------------------------------------------
    def _ball(self, game, canon, physical) -> None:
        """Firenze's Ball or Venezia's Bribe.  The cards are chosen now (and saved), then Roma is
        asked first (zh: against Venezia, before the discard; against the others whenever Roma likes)."""
        p = game._to_move
        battle = game.battle
        card, target = physical if physical else (None, None)
        if card is None:
            card = next(c for c in sorted(game._hands[p]) if c.kind == canon.card)
        if isinstance(canon, Ball):
            city = "Firenze"
            if self.rs.firenze_takes == "all":
                target = None
            elif target is None:
                target = cs._pick_courtesan(battle, cs.courtesan_targets(battle, p), canon.courtesan)
            game._record.append(["ball", card.id, None if target is None else target.id])
        else:
            city = "Venezia"
            if target is None:
                target = cs._pick_bribe(battle, p, canon.target)
            game._record.append(["bribe", card.id, target.id])
        what = {"kind": "use", "action": "ball" if city == "Firenze" else "bribe", "card": card.id,
                "target": None if target is None else target.id}
        if self._offer_veto(game, p, city, what):
            return
        self._act(game, p, what)

    _bribe = _ball

    def maiden_take(self, game, take) -> str:
        return maiden_take(game, take)

    def _act(self, game, p: str, what: dict) -> None:
        battle = game.battle
        card = game.cards[what["card"]]
        target = None if what["target"] is None else game.cards[what["target"]]
        if what["action"] == "ball":
            cs.firenze_ball(battle, p, card, target)
        else:
            cs.venezia_bribe(battle, p, card, target)
        game._sync_log()
        game._continue_battle()

    def _lift(self, game, canon, _physical) -> None:
        p = game._to_move
        v = game._vstate
        cs.lift_ban(game.battle, v["active"]["city"], p)
        v["active"] = None
        game._record.append(["lift"])
        game._sync_log()

    def _annul(self, game, canon, _physical) -> None:
        roma = game._to_move
        v = game._vstate
        active = v["active"]
        v["ready"][roma] = False
        v["active"] = None
        game._record.append(["annul"])
        if active["city"] in cs.BANS:
            cs.lift_ban(game.battle, active["city"], roma, by_roma=True)
            game._sync_log()
        else:
            _log(game, "city.roma_annul",
                 f"{roma} uses Roma's Edict: {active['player']}'s {active['city']} ability is cancelled for the "
                 f"rest of this round; from now on {active['player']} plays normally.", roma,
                 city=active["city"])

    # -- a Persian Weapon ---------------------------------------------------------------------------------
    def after_play(self, game, player: str, card: Card) -> None:
        """The Weapon's draw (fa 5): one card from the draw pile into the player's hand."""
        if card.kind != "weapon" or not game._deck:
            if card.kind == "weapon":
                _log(game, "fa.weapon_draw", f"The draw pile is empty: {player}'s Weapon draws nothing.", player)
            return
        drawn = game._deck.pop()
        game._hands[player].append(drawn)
        _log(game, "fa.weapon_draw", f"{player} draws a card for the Weapon ({len(game._deck)} left in the "
                                     f"draw pile).", player)

    # -- after the compare ---------------------------------------------------------------------------------
    def on_tie(self, game, res) -> bool:
        """Roma may take a tied region by discarding a Bishop or any 3 cards (zh, Roma)."""
        if not self.rs.city_states or game.final:
            return False
        roma = self._roma(game)
        if roma is None or not game._vstate["ready"][roma]:
            return False
        hand = game._hands[roma]
        if len(hand) < 3 and not any(c.kind == "bishop" for c in hand):
            return False
        game.phase = "claim"
        game._to_move = roma
        return True

    def _claim(self, game, canon, physical) -> None:
        roma = game._to_move
        region = game.region
        if not canon.cards:
            game._record.append(["claim", []])
            _log(game, "city.roma_claim", f"{roma}, Roma, leaves {region} free.", roma)
            game._after_compare()
            return
        hand = game._hands[roma]
        paid = physical if physical else _take_kinds(hand, canon.cards, f"{roma}'s hand")
        for c in paid:
            hand.remove(c)
        game._discard.extend(paid)
        game._vstate["ready"][roma] = False
        game._control[region] = roma
        game._record.append(["claim", [c.id for c in paid]])
        _log(game, "city.roma_claim",
             f"{roma} uses Roma's claim: discards {join_names(c.name for c in paid)} and takes the tied region "
             f"{region} (Roma's ability for this round).", roma, region=region)
        won = self.victories(game, roma)
        if won:
            game._finish((roma,), won[0].reason, won[0])
            return
        game._after_compare()

    def victories(self, game, player: str) -> list:
        """The victory conditions met by ``player`` after a conquest, under the ruleset's options."""
        rs = self.rs
        if rs.city_states and rs.city_end == "weights_only":
            return []
        if rs.victory_regions:
            mine = frozenset(game.regions_of(player))
            if len(mine) >= rs.victory_regions:
                return [board.Victory(player, "total", mine, board.adjacent_group(mine))]
            return []
        return [v for v in board.check_victory(game._control, len(game.players)) if v.player == player]

    def draw_after_battle(self, game) -> bool:
        """New cards after a battle (options drawing); True if the game ended (fa: empty pile)."""
        rs = self.rs
        if rs.drawing == "after_battle":
            self._war_draw(game)
            return False
        if rs.drawing == "fa_tutorial":
            self._fa_draw(game)
            if not game._deck:
                _log(game, "fa.end", "The draw pile has run out: the Persian tutorial's game ends at once.")
                game._rank_end("the draw pile has run out")
                return True
        return False

    def _war_draw(self, game) -> None:
        """vi Continuous War, 2 – Rút bài: 3 each up to 10 + regions; nobody has cards: 10 each."""
        order = game._deal_order(game.players)
        empty = all(not game._hands[p] for p in game.players)
        got = {}
        for p in order:
            if empty:
                n = self.rs.hand_size
            else:
                n = vietnamese.continuous_war_draw(len(game._hands[p]), len(game.regions_of(p)),
                                                   hand_size=self.rs.hand_size, per_region=self.rs.cards_per_region)
            got[p] = self._draw(game, p, n, refill=True)
        if game.explaining:
            rule = "war.redeal" if empty else "war.draw"
            head = ("Nobody has a card left: everyone draws 10 instead of 3. " if empty else
                    "Continuous War: everyone draws 3 cards, never above 10 plus 1 per region. ")
            parts = [f"{p} {got[p]} (now {len(game._hands[p])})" for p in order]
            game.log.append(Step(rule, head + "; ".join(parts) + ".", data={"drawn": got}))

    def _fa_draw(self, game) -> None:
        """fa exact rules: the winner draws one card per soldier used, the losers one each."""
        res = game.resolution
        battle = game.battle
        got = {}
        for p in game._deal_order(game.players):
            if p == res.winner:
                if self.rs.fa_winner_draws == "line":
                    n = sum(1 for c in res.lines[p] if c.mercenary)
                else:
                    n = sum(1 for m in battle.moves if m.player == p and m.kind and m.kind.isdigit())
            else:
                n = 1
            got[p] = self._draw(game, p, n, refill=False)
        if game.explaining:
            who = (f"{res.winner} won with {got.get(res.winner, 0)} soldier card"
                   f"{'s' if got.get(res.winner, 0) != 1 else ''} and draws as many; " if res.winner else
                   "Nobody won the region; ")
            game.log.append(Step("fa.draw", who + "every other player draws 1: " +
                                 ", ".join(f"{p} {n}" for p, n in got.items()) +
                                 f". {len(game._deck)} cards are left in the draw pile.", data={"drawn": got}))

    def _draw(self, game, p: str, n: int, refill: bool) -> int:
        got = 0
        for _ in range(n):
            if not game._deck and refill and game._discard:
                game._deck = game._discard
                game._discard = []
                game._rng.shuffle(game._deck)
                _log(game, "war.draw", "The draw pile is empty: the discards are shuffled into a new draw pile.")
            if not game._deck:
                break
            game._hands[p].append(game._deck.pop())
            got += 1
        game._hands[p].sort()
        return got

    def round_end(self, game) -> bool:
        """fa: there are no new deals; with fewer than two players holding cards the game ends."""
        if self.rs.drawing != "fa_tutorial":
            return False
        game._rank_end("fewer than two players have cards and the tutorial deals no new hands")
        return True

    def new_round(self, game) -> None:
        """City-states: at a new round every tile turns face up again (zh 二)."""
        if self.rs.city_states:
            v = game._vstate
            v["ready"] = {p: True for p in game.players}
            _log(game, "city.round", "A new round: every city-state's ability is ready again.")

    def final_leader(self, game, finalists) -> str | None:
        """City-states: Roma leads the final battle, else Firenze, Bologna, Milano, Venezia, Genova."""
        if not self.rs.city_states:
            return None
        return cs.final_leader(game._vstate["cities"], finalists)


def maiden_take(game, take) -> str:
    """The canonical 'Ben@2' form of a Maiden's target given as a Card, '5#41' or 'Ben@2'."""
    battle = game.battle
    if battle is None:
        raise IllegalMove("a Maiden is played during a battle")
    player = game._to_move
    if isinstance(take, str) and "@" in take:
        return take.strip()
    card = persian.maiden_target(battle, player, take)
    return persian.position_of(battle, card)
