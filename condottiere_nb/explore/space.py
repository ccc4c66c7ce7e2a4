"""The battle space: which battles the interaction checker enumerates, and how one of
them is played through the engine.

A :class:`BattleSpace` bounds the enumeration; a battle in it is a sequence of
:class:`PlayedCard` in strict turn order.  :func:`engine_outcome` plays such a sequence
through :class:`~condottiere_nb.battle.Battle`, the rules' one home; the vectorised model
(``numpy_model``) is held equal to it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..arguments import check_count, check_flag
from ..battle import Battle
from ..cards import kind_name
from ..errors import IllegalMove, Kind, Listed, RulesError, expects
from ..notation import parse_kind
from ..rulesets import Ruleset, get_ruleset, shown

SEATS = ("Ana", "Ben", "Cy", "Dan", "Eva", "Fay")

#: The standard kinds a battle enumeration may use by default: enough to meet every
#: on-play effect and every resolution stage once.
DEFAULT_KINDS = ("10", "5", "winter", "spring", "bishop", "drummer", "courtesan", "scarecrow")


@dataclass(frozen=True)
class PlayedCard:
    """One enumerated play: seat index, card kind, face down, Scarecrow take (a kind or None)."""

    seat: int
    kind: str
    face_down: bool = False
    take: str | None = None

    def word(self, players: Sequence[str]) -> str:
        """The play in battle notation: ``Ana 10``, ``Ben winter*``, ``Cy scarecrow>5``."""
        text = self.kind + ("*" if self.face_down else "")
        if self.kind == "scarecrow" and self.take is not None:
            text += f">{self.take}"
        return f"{players[self.seat]} {text}"


@dataclass(frozen=True)
class BattleSpace:
    """The bound of an enumeration: which battles :func:`check_interactions` visits.

    Every battle that can happen at a table in strict turn order (the first seat leads,
    play goes round the table, a player who stops has passed for good) in which each
    player plays at most ``max_cards`` cards of the given ``kinds``: face down too where
    the ruleset allows it (``face_down=True``), a Scarecrow taking back any one of its
    player's own face-up Mercenaries or nothing.  Every prefix is a battle of its own,
    resolved as if everyone passed at that moment; the empty battle (everyone passes)
    counts too.  Two battles are the same when the same players played the same cards in
    the same order, so the play order matters for every on-play effect (Winter, Spring,
    Bishop, Scarecrow, Surrender) and for the order in which face-down cards are revealed.
    """

    players: tuple[str, ...] = SEATS[:2]
    kinds: tuple[str, ...] = DEFAULT_KINDS
    max_cards: int = 3
    face_down: bool = True

    def describe(self) -> str:
        names = " ".join(kind_name(k) for k in self.kinds)
        fd = ", face down where the ruleset allows" if self.face_down else ""
        return (f"{len(self.players)} players ({' '.join(self.players)}), at most {self.max_cards} "
                f"card{'s' if self.max_cards != 1 else ''} each from {{{names}}}{fd}, strict turn order, "
                f"every prefix resolved")


#: the most card names ``kinds`` may list (a deck has fewer kinds; more is a mistake, not a bound)
MAX_KINDS_LISTED = 64


def battle_space(players=2, kinds=DEFAULT_KINDS, max_cards: int = 3, face_down: bool = True,
                 rulesets: Sequence[Ruleset] = ()) -> BattleSpace:
    """Check and normalise a bound: names or a count of players, kinds read in any language."""
    if not isinstance(rulesets, (list, tuple)) or not all(isinstance(r, Ruleset) for r in rulesets):
        raise RulesError.say("rulesets must be a list of Rulesets, not {value}", value=shown(rulesets))
    if isinstance(players, int) and not isinstance(players, bool):
        if not 2 <= players <= 6:
            raise RulesError.say("an enumeration needs 2 to 6 players, not {n}", n=players)
        players = SEATS[:players]
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise RulesError.say("players must be a number (2-6) or a list of names, not {value}", value=shown(players))
    players = tuple(players)
    if not 2 <= len(players) <= 6 or len(set(players)) != len(players):
        raise RulesError.say("players must be 2 to 6 different names, not {value}", value=shown(list(players)))
    if isinstance(kinds, str):
        kinds = kinds.split()
    if not isinstance(kinds, (list, tuple)) or len(kinds) > MAX_KINDS_LISTED:
        raise RulesError.say("kinds must be a list of card names (at most {most}), e.g. {example}, not {value}",
                             most=MAX_KINDS_LISTED, example="['10', 'winter', 'bishop']", value=shown(kinds))
    check_count("max_cards", max_cards, 0, 8)
    decks = [r.kinds for r in rulesets] or [get_ruleset("standard").kinds]
    out = []
    for k in kinds:
        kind = parse_kind(k, decks[0])
        for r, deck in zip(rulesets, decks):
            if kind not in deck:
                raise RulesError.say("{card} is not a card of the {ruleset} deck; its cards are {cards}",
                                     card=Kind(kind), ruleset=repr(r.name), cards=Listed(Kind(x) for x in deck))
        if kind not in out:
            out.append(kind)
    if not out:
        raise RulesError.say("kinds is empty: name the cards to enumerate, e.g. {example}",
                             example="['10', 'winter', 'bishop']")
    return BattleSpace(players, tuple(out), max_cards, check_flag("face_down", face_down))


@expects(space=BattleSpace, hidden=bool)
def possible_plays(space: BattleSpace, hidden: bool) -> list[PlayedCard]:
    """Every play the bound knows (face down too if ``hidden``: the ruleset has hidden cards), in the order that makes examples read simply:
    seats in order, the kinds in the order given, face up before face down, a
    Scarecrow taking nothing before one taking a Mercenary back."""
    mercs = [k for k in space.kinds if k.isdigit()]
    ways = (False, True) if hidden and space.face_down else (False,)
    return [PlayedCard(seat, kind, fd, take) for seat in range(len(space.players)) for kind in space.kinds
            for fd in ways for take in [None] + (mercs if kind == "scarecrow" else [])]


def check_plays(space: BattleSpace, plays) -> None:
    """A RulesError unless ``plays`` are PlayedCards of the bound's seats and kinds (a Scarecrow
    taking back one of them, or nothing), face up or face down."""
    kinds = space.kinds
    if not isinstance(plays, (list, tuple)) or not all(
            isinstance(p, PlayedCard) and isinstance(p.seat, int) and 0 <= p.seat < len(space.players)
            and p.kind in kinds and (p.take is None or p.take in kinds) and isinstance(p.face_down, bool)
            for p in plays):
        raise RulesError.say("plays must be a list of PlayedCards of this bound's seats and cards, not {value}",
                             value=shown(plays))


@expects(space=BattleSpace, sequences=(list, tuple))
def check_sequences(space: BattleSpace, sequences) -> None:
    """A RulesError unless ``sequences`` is a list of play sequences of the bound (:func:`check_plays`)."""
    for plays in sequences:
        check_plays(space, plays)


@expects(space=BattleSpace, plays=(list, tuple))
def play_sequence_notation(space: BattleSpace, plays: Sequence[PlayedCard]) -> str:
    """Battle notation for a sequence of plays, with the passes strict turn order implies.

    >>> sp = BattleSpace(("Ana", "Ben"), ("10", "winter"), 2)
    >>> play_sequence_notation(sp, [PlayedCard(0, "10"), PlayedCard(0, "winter")])
    '[Ana Ben] Ana 10, Ben pass, Ana winter'
    """
    check_plays(space, plays)
    names = space.players
    n = len(names)
    passed = set()
    to_move = 0
    words = []
    for p in plays:
        while to_move != p.seat:
            if to_move not in passed:
                passed.add(to_move)
                words.append(f"{names[to_move]} pass")
            to_move = (to_move + 1) % n
        words.append(p.word(names))
        to_move = next((x for j in range(1, n + 1) if (x := (p.seat + j) % n) not in passed), p.seat)
    quoted = " ".join(f'"{x}"' if " " in x else x for x in names)
    return f"[{quoted}]" + (" " + ", ".join(words) if words else "")


@expects(ruleset=(str, Ruleset), space=BattleSpace, plays=(list, tuple), explain=bool)
def engine_outcome(ruleset, space: BattleSpace, plays: Sequence[PlayedCard], explain: bool = False):
    """Play a sequence through :class:`Battle` and resolve it; None if a play is illegal."""
    check_plays(space, plays)
    b = Battle(space.players, ruleset, explain=explain)
    try:
        for p in plays:
            play_in_turn(b, space, p)
    except IllegalMove:
        return None
    return b.resolve()


def check_in_turn(b: Battle, space: BattleSpace, p: PlayedCard) -> None:
    """Raise IllegalMove if ``p`` is refused before anything is played: the battle is over,
    the ruleset has no face-down cards, the player has reached the bound or has passed.
    Leaves ``b`` as it was, so an enumeration copies a battle only for a play that may go
    through (:func:`play_in_turn` may still refuse it, after the passes it implies)."""
    if b.is_over:
        raise IllegalMove("the battle is over")
    if p.face_down and not b.ruleset.hidden_cards:
        raise IllegalMove("no hidden cards")
    who = space.players[p.seat]
    if sum(1 for m in b.moves if m.player == who and not m.is_pass) >= space.max_cards:
        raise IllegalMove("bound")
    if who in b.passed:
        raise IllegalMove(f"{who} has passed")


def play_in_turn(b: Battle, space: BattleSpace, p: PlayedCard) -> None:
    """Make one enumerated play in ``b`` in strict turn order: the seats skipped before it
    pass first.  Raises IllegalMove where the bound or the rules forbid it (after the
    passes, for a play the rules refuse: play on a copy)."""
    check_in_turn(b, space, p)
    who = space.players[p.seat]
    while b.to_move != who:
        b.pass_turn(b.to_move)
    if p.kind == "scarecrow":
        b.play(who, p.kind, face_down=p.face_down, take=p.take)
    else:
        b.play(who, p.kind, face_down=p.face_down)
