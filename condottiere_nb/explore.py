"""Rules exploration at speed: which rulings matter, what to play, which variant is fair.

Three tools answer questions about the rules with numbers:

* :func:`check_interactions` enumerates every battle up to a bound under two rulesets
  (or two values of one option) and counts the battles whose winner or token holder
  differs, with the smallest example of each kind of divergence explained by its Steps.
* :func:`battle_odds` estimates, for the player to move, the chance of winning the
  battle after each legal action (Monte Carlo with the heuristic agent, exact where the
  rest of the battle is small enough to enumerate).
* :func:`variant_balance` plays many games per ruleset and player count and reports
  first-seat advantage, game length, how games end and how often Surrender, Bishop and
  Courtesan decide a battle.

The engine side only: no display library is imported here (the bars, the progress
widget and the plots live in ``views/explore_views.py``).  Long runs report progress to
a :class:`Progress` object and stop cleanly on KeyboardInterrupt, returning what they
have so far marked ``partial=True``.
"""
from __future__ import annotations

import itertools
import math
import sys
import time
import zlib
from dataclasses import dataclass, field, fields
from typing import Callable, Sequence

import numpy as np

from .battle import Battle, Resolution
from .cards import Card, exact_card, kind_name, parse_kind
from .errors import IllegalMove, RulesError
from .rulesets import Ruleset, get_ruleset
from .strength import DOUBLERS, mercenary_value

SEATS = ("Ana", "Ben", "Cy", "Dan", "Eva", "Fay")


# --- progress and interruption --------------------------------------------------------------------

class Progress:
    """Where a long run reports how far it is.  The base class shows nothing.

    ``start(total, label)`` once, ``update(done)`` as work completes (``done`` counts
    up to ``total``), ``finish(partial)`` at the end, also after an interruption.
    """

    def start(self, total: int, label: str = "") -> None:
        pass

    def update(self, done: int) -> None:
        pass

    def finish(self, partial: bool = False) -> None:
        pass


class TextProgress(Progress):
    """A one-line text bar for a terminal, redrawn at most ten times a second."""

    def __init__(self, stream=None, width: int = 30):
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.total = 1
        self.label = ""
        self._last = 0.0
        self._t0 = 0.0

    def start(self, total: int, label: str = "") -> None:
        self.total = max(1, int(total))
        self.label = label
        self._t0 = time.perf_counter()
        self._last = 0.0
        self._draw(0)

    def update(self, done: int) -> None:
        now = time.perf_counter()
        if now - self._last >= 0.1 or done >= self.total:
            self._last = now
            self._draw(done)

    def _draw(self, done: int) -> None:
        frac = min(1.0, done / self.total)
        filled = int(round(frac * self.width))
        bar = "#" * filled + "-" * (self.width - filled)
        elapsed = time.perf_counter() - self._t0
        self.stream.write(f"\r{self.label} [{bar}] {done}/{self.total} {elapsed:5.1f}s")
        self.stream.flush()

    def finish(self, partial: bool = False) -> None:
        self.stream.write(" (interrupted: partial result)\n" if partial else "\n")
        self.stream.flush()


class CallbackProgress(Progress):
    """Calls ``fn(done, total)`` on every update (for tests and custom displays)."""

    def __init__(self, fn: Callable[[int, int], None]):
        self.fn = fn
        self.total = 0

    def start(self, total: int, label: str = "") -> None:
        self.total = total
        self.fn(0, total)

    def update(self, done: int) -> None:
        self.fn(done, self.total)


def _progress(progress) -> Progress:
    """None/False: silent; True: a text bar on stderr; a Progress; or a callable(done, total)."""
    if progress is None or progress is False:
        return Progress()
    if progress is True:
        return TextProgress()
    if isinstance(progress, Progress):
        return progress
    if callable(progress):
        return CallbackProgress(progress)
    raise RulesError(f"progress must be None, True, a Progress or a callable(done, total), not {progress!r}")


# --- the battle space ---------------------------------------------------------------------------

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


def battle_space(players=2, kinds=DEFAULT_KINDS, max_cards: int = 3, face_down: bool = True,
                 rulesets: Sequence[Ruleset] = ()) -> BattleSpace:
    """Check and normalise a bound: names or a count of players, kinds read in any language."""
    if isinstance(players, int) and not isinstance(players, bool):
        if not 2 <= players <= 6:
            raise RulesError(f"an enumeration needs 2 to 6 players, not {players}")
        players = SEATS[:players]
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise RulesError(f"players must be a number (2-6) or a list of names, not {players!r}")
    players = tuple(players)
    if not 2 <= len(players) <= 6 or len(set(players)) != len(players):
        raise RulesError(f"players must be 2 to 6 different names, not {list(players)}")
    if isinstance(kinds, str):
        kinds = kinds.split()
    if not isinstance(max_cards, int) or isinstance(max_cards, bool) or not 0 <= max_cards <= 8:
        raise RulesError(f"max_cards must be a whole number from 0 to 8, not {max_cards!r}")
    decks = [r.kinds for r in rulesets] or [get_ruleset("standard").kinds]
    out = []
    for k in kinds:
        kind = parse_kind(k, decks[0])
        for r, deck in zip(rulesets, decks):
            if kind not in deck:
                raise RulesError(f"{kind_name(kind)} is not a card of the {r.name!r} deck; its cards are "
                                 f"{', '.join(kind_name(x) for x in deck)}")
        if kind not in out:
            out.append(kind)
    if not out:
        raise RulesError("kinds is empty: name the cards to enumerate, e.g. ['10', 'winter', 'bishop']")
    return BattleSpace(players, tuple(out), max_cards, bool(face_down))


def _plays(space: BattleSpace, hidden: bool) -> list[PlayedCard]:
    """Every play the bound knows, in the order that makes examples read simply:
    seats in order, the kinds in the order given, face up before face down, a
    Scarecrow taking nothing before one taking a Mercenary back."""
    mercs = [k for k in space.kinds if k.isdigit()]
    out = []
    for seat in range(len(space.players)):
        for kind in space.kinds:
            for fd in ((False, True) if (hidden and space.face_down) else (False,)):
                takes = [None] + (mercs if kind == "scarecrow" else [])
                for take in takes:
                    out.append(PlayedCard(seat, kind, fd, take))
    return out


def play_sequence_notation(space: BattleSpace, plays: Sequence[PlayedCard]) -> str:
    """Battle notation for a sequence of plays, with the passes strict turn order implies.

    >>> sp = BattleSpace(("Ana", "Ben"), ("10", "winter"), 2)
    >>> play_sequence_notation(sp, [PlayedCard(0, "10"), PlayedCard(0, "winter")])
    '[Ana Ben] Ana 10, Ben pass, Ana winter'
    """
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
        nxt = p.seat
        for j in range(1, n + 1):
            x = (p.seat + j) % n
            if x not in passed:
                nxt = x
                break
        to_move = nxt
    quoted = " ".join(f'"{x}"' if " " in x else x for x in names)
    return f"[{quoted}]" + (" " + ", ".join(words) if words else "")


# --- which rulesets the vectorised model knows ---------------------------------------------------

#: Options whose every value the vectorised battle model reproduces (tests check it
#: against Battle.resolve()).  Any other option that differs from its default sends the
#: enumeration to the engine itself, which is slower but knows every rule.
FAST_OPTIONS = frozenset({"name", "summary", "deck", "hidden_cards", "face_down_specials", "courtesan_token",
                          "bishop_targets", "spring_highest"})
#: Options of the Game that a single Battle never reads (dealing, hands, the map, the end of
#: the game).  Invasion acts in a battle only through its defender, which the enumerated
#: battles do not have.
GAME_OPTIONS = frozenset({"hand_size", "cards_per_region", "keep_cards", "hand_discard",
                          "favor_on_battle_region", "first_hand", "hand_sizes", "drawing",
                          "fa_winner_draws", "victory_regions", "end_ranking", "invasion",
                          "scoring_target", "scoring_bonus", "city_end", "final_ruleset", "final_hand",
                          "final_discard"})
FAST_KINDS = frozenset({"1", "2", "3", "4", "5", "6", "10", "winter", "spring", "bishop", "courtesan",
                        "drummer", "heroine", "scarecrow", "surrender"})


def fast_model_gap(ruleset: Ruleset, kinds: Sequence[str] = ()) -> str | None:
    """Why the vectorised model cannot stand in for the engine here, or None if it can."""
    for f in fields(ruleset):
        if f.name in FAST_OPTIONS or f.name in GAME_OPTIONS or f.metadata.get("scope") == "game":
            continue
        if getattr(ruleset, f.name) != f.default:
            return f"option {f.name}={getattr(ruleset, f.name)!r} is not modelled by the vectorised evaluator"
    for k in kinds:
        if k not in FAST_KINDS:
            return f"card {kind_name(k)} is not modelled by the vectorised evaluator"
    return None


class _Layout:
    """Rows of the state matrix (one column per battle, one row per counter)."""

    def __init__(self, space: BattleSpace):
        P = len(space.players)
        K = space.kinds
        nk = len(K)
        self.P, self.nk, self.kinds = P, nk, K
        self.up = [[p * nk + k for k in range(nk)] for p in range(P)]
        self.dn = [[(P + p) * nk + k for k in range(nk)] for p in range(P)]
        self.ret = [[(2 * P + p) * nk + k for k in range(nk)] for p in range(P)]
        self.drawn = [3 * P * nk + k for k in range(nk)]
        base = (3 * P + 1) * nk
        self.nplay = [base + p for p in range(P)]
        self.passed = [base + P + p for p in range(P)]
        self.tomove = base + 2 * P
        self.surr = self.tomove + 1
        self.lastfd = self.tomove + 2    # 'reveal' reading: the last face-down season played (1 Winter, 2 Spring)
        self.favor = self.tomove + 3
        self.width = self.tomove + 4
        self.index = {k: i for i, k in enumerate(K)}
        self.mercs = [i for i, k in enumerate(K) if k.isdigit()]
        self.merc_values = [int(K[i]) for i in self.mercs]


_WINTER, _SPRING = 1, 2


class _FastModel:
    """The battle rules as array operations over many battles at once.

    Each on-play effect below mirrors the method of :class:`Battle` named in its comment;
    the strength of a Mercenary is read from :func:`strength.mercenary_value` through a
    lookup table, so the one rule for it stays in strength.py.
    """

    def __init__(self, ruleset: Ruleset, space: BattleSpace, layout: _Layout):
        self.r = ruleset
        self.L = layout
        self.space = space
        counts = ruleset.counts
        self.count = [counts.get(k, 0) for k in space.kinds]
        self.hidden = ruleset.hidden_cards
        self.mode = ruleset.face_down_specials
        self.unseen_seasons = self.hidden and self.mode == "reveal"
        self.bishop = ruleset.bishop_targets
        L = layout
        nM = len(L.mercs)
        vals = L.merc_values
        # Spring's "highest Mercenary" (option spring_highest) compares a value from `tops`:
        # the printed values (top index t is the Mercenary kind t) or every value a Mercenary
        # can have just before Spring (top index t is found in outcome()).
        self.spring = ruleset.spring_highest
        if self.spring == "printed":
            self.tops = list(vals)
        else:
            self.tops = sorted({mercenary_value(v, w, d, None) for v in vals for w in (False, True)
                                for d in (False, True)})
        nT = self.nT = len(self.tops)
        # table[w, d, top] -> value of each mercenary kind; top == nT means no Spring bonus.
        self.table = np.zeros((2, 2, nT + 1, max(nM, 1)), dtype=np.int16)
        for w in (0, 1):
            for d in (0, 1):
                for t in range(nT + 1):
                    top = self.tops[t] if t < nT else None
                    for m, v in enumerate(vals):
                        self.table[w, d, t, m] = mercenary_value(v, bool(w), bool(d), top, self.spring)
        self.flat = self.table.reshape(-1, max(nM, 1))
        self.char_value = [0 if k.isdigit() else Card(0, k).value for k in space.kinds]
        self.doublers = [i for i, k in enumerate(space.kinds) if k in DOUBLERS]

    def transition_key(self):
        """Rulesets with equal keys move battles through the same states."""
        return (tuple(self.count), self.hidden, self.mode if self.hidden else None, self.bishop)

    def acting(self, face_down: bool) -> bool:
        return (not face_down) or self.mode == "on_play"

    def legal(self, S, alive, play: PlayedCard, seat_limit: int):
        L = self.L
        q, k = play.seat, L.index[play.kind]
        if play.face_down:
            if not self.hidden:
                return None
            if self.mode == "mercenaries_only" and not play.kind.isdigit():
                return None
        if play.take is not None and not self.acting(play.face_down):
            return None   # Battle.play: a face-down Scarecrow in 'reveal' mode cannot take back
        m = alive & (S[L.surr] == 0) & (S[L.passed[q]] == 0) & (S[L.nplay[q]] < seat_limit)
        m &= (S[L.ret[q][k]] > 0) | (S[L.drawn[k]] < self.count[k])
        if play.take is not None:
            m &= S[L.up[q][L.index[play.take]]] > 0
        return m

    def apply(self, C, play: PlayedCard) -> None:
        """Play ``play`` in every battle (column) of C, in place."""
        L = self.L
        P = L.P
        q, k, kind = play.seat, L.index[play.kind], play.kind
        # Battle._find_card: a card taken back by a Scarecrow is replayed first.
        use_ret = C[L.ret[q][k]] > 0
        C[L.ret[q][k]] -= use_ret
        C[L.drawn[k]] += ~use_ret
        # strict turn order: everyone between the player to move and q has passed.
        tm = C[L.tomove]
        off_q = (q - tm) % P
        for x in range(P):
            if x != q:
                C[L.passed[x]] |= (((x - tm) % P) < off_q)
        C[L.nplay[q]] += 1
        acting = self.acting(play.face_down)
        slot = L.dn[q][k] if play.face_down else L.up[q][k]
        if kind in ("winter", "spring"):
            other = "spring" if kind == "winter" else "winter"
            C[slot] += 1
            if acting:
                # Battle._season: the other season's cards in play are discarded; under the
                # 'reveal' reading a face-down season has not acted yet and is left alone.
                if other in L.index:
                    o = L.index[other]
                    for p in range(P):
                        C[L.up[p][o]] = 0
                        if not self.unseen_seasons:
                            C[L.dn[p][o]] = 0
            else:
                # Battle._reveal: face-down seasons act when revealed, in play order, so the
                # last one played is the season left in play at the count.
                C[L.lastfd] = _WINTER if kind == "winter" else _SPRING
        elif kind == "bishop":
            if acting:
                # Battle._bishop_victims: face-up Drummers first (option bishop_targets), then
                # the highest printed face-up Mercenaries in all lines.
                n = C.shape[1]
                spare = np.zeros(n, dtype=bool)
                if self.bishop != "highest" and "drummer" in L.index:
                    dm = L.index["drummer"]
                    for p in range(P):
                        spare |= C[L.up[p][dm]] > 0
                        C[L.up[p][dm]] = 0
                    if self.bishop == "drummers_and_highest":
                        spare[:] = False
                searching = ~spare
                for i in sorted(L.mercs, key=lambda i: -int(L.kinds[i])):
                    present = np.zeros(n, dtype=bool)
                    for p in range(P):
                        present |= C[L.up[p][i]] > 0
                    hit = searching & present
                    for p in range(P):
                        C[L.up[p][i]][hit] = 0
                    searching &= ~present
                C[L.favor] = q
            else:
                C[slot] += 1
        elif kind == "scarecrow":
            if acting:
                # Battle._scarecrow: the Scarecrow is discarded, the taken card goes to hand.
                if play.take is not None:
                    t = L.index[play.take]
                    C[L.up[q][t]] -= 1
                    C[L.ret[q][t]] += 1
            else:
                C[slot] += 1
        elif kind == "surrender":
            C[slot] += 1
            if acting:
                C[L.surr] = 1
        else:
            C[slot] += 1
        # Battle._advance: the next seat after q that has not passed (q itself if all others have).
        nxt = np.full(C.shape[1], q, dtype=C.dtype)
        found = np.zeros(C.shape[1], dtype=bool)
        for j in range(1, P):
            x = (q + j) % P
            cand = ~found & (C[L.passed[x]] == 0)
            nxt[cand] = x
            found |= cand
        C[L.tomove] = nxt

    def outcome(self, S):
        """(winner or -1, token holder, totals P x n) of every battle resolved now."""
        L = self.L
        P, n = L.P, S.shape[1]
        cnt = lambda p, i: S[L.up[p][i]].astype(np.int16) + S[L.dn[p][i]]
        ff = S[L.lastfd]
        w = np.zeros(n, dtype=bool)
        s = np.zeros(n, dtype=bool)
        if "winter" in L.index:
            i = L.index["winter"]
            for p in range(P):
                w |= cnt(p, i) > 0
        if "spring" in L.index:
            i = L.index["spring"]
            for p in range(P):
                s |= cnt(p, i) > 0
        w &= ff != _SPRING
        s &= ff != _WINTER
        nM, nT = len(L.mercs), self.nT
        merc = [[cnt(p, i) for i in L.mercs] for p in range(P)]
        base = w.astype(np.int16) * (2 * (nT + 1))
        doubled = []
        for p in range(P):
            d = np.zeros(n, dtype=np.int16)
            for i in self.doublers:
                d |= cnt(p, i) > 0
            doubled.append(d)
        top = np.full(n, nT, dtype=np.int16)
        if nM and self.spring == "printed":
            # The highest printed Mercenary in play (all lines, face-down ones revealed).
            order = sorted(range(nM), key=lambda m: L.merc_values[m])
            for m in order:
                present = np.zeros(n, dtype=bool)
                for p in range(P):
                    present |= merc[p][m] > 0
                top[present] = m
            top[~s] = nT
        elif nM:
            # The 'effective' reading: the strongest Mercenary just before Spring, read from
            # the table's no-bonus column (Winter and each line's Drummer applied).
            best = np.full(n, -1, dtype=np.int16)
            for p in range(P):
                row = base + doubled[p] * (nT + 1) + nT
                for m in range(nM):
                    best = np.where(merc[p][m] > 0, np.maximum(best, self.flat[row, m]), best)
            code = np.searchsorted(np.asarray(self.tops), best)
            top = np.where(s & (best >= 0), code, nT).astype(np.int16)
        totals = np.zeros((P, n), dtype=np.int16)
        for p in range(P):
            row = base + doubled[p] * (nT + 1) + top
            tot = totals[p]
            for m in range(nM):
                tot += merc[p][m] * self.flat[row, m]
            for i, v in enumerate(self.char_value):
                if v:
                    tot += cnt(p, i) * v
        best = totals.max(axis=0)
        at_best = totals == best
        winner = np.where(at_best.sum(axis=0) == 1, at_best.argmax(axis=0), -1).astype(np.int8)
        holder = np.where(winner >= 0, winner, 1 % P).astype(np.int8)   # a tie: the seat after the leader
        if self.r.courtesan_token and "courtesan" in L.index:
            i = L.index["courtesan"]
            cc = np.stack([cnt(p, i) for p in range(P)])
            most = cc.max(axis=0)
            top_c = cc == most
            alone = (most > 0) & (top_c.sum(axis=0) == 1)
            holder = np.where(alone, top_c.argmax(axis=0), holder).astype(np.int8)
        return winner, holder, totals


def fast_outcomes(ruleset, space: BattleSpace, sequences: Sequence[Sequence[PlayedCard]]):
    """Resolve many play sequences at once with the vectorised model.

    Returns a list of (winner, token_holder, strengths) with names, like a Resolution;
    ``None`` for a sequence that is illegal under the ruleset.  This is the model the
    enumeration uses; tests compare it with Battle.resolve().
    """
    ruleset = get_ruleset(ruleset)
    L = _Layout(space)
    model = _FastModel(ruleset, space, L)
    n = len(sequences)
    S = np.zeros((L.width, n), dtype=np.int8)
    alive = np.ones(n, dtype=bool)
    depth = max((len(s) for s in sequences), default=0)
    for d in range(depth):
        for i, seq in enumerate(sequences):
            if d >= len(seq) or not alive[i]:
                continue
            col = S[:, i:i + 1]
            ok = model.legal(col, alive[i:i + 1], seq[d], space.max_cards)
            if ok is None or not ok[0]:
                alive[i] = False
                continue
            model.apply(col, seq[d])
    winner, holder, totals = model.outcome(S)
    names = space.players
    out = []
    for i in range(n):
        if not alive[i]:
            out.append(None)
            continue
        out.append((names[winner[i]] if winner[i] >= 0 else None, names[holder[i]],
                    {p: int(totals[j, i]) for j, p in enumerate(names)}))
    return out


def engine_outcome(ruleset, space: BattleSpace, plays: Sequence[PlayedCard], explain: bool = False):
    """Play a sequence through :class:`Battle` and resolve it; None if a play is illegal."""
    b = Battle(space.players, ruleset, explain=explain)
    try:
        for p in plays:
            _engine_play(b, space, p)
    except IllegalMove:
        return None
    return b.resolve()


def _engine_play(b: Battle, space: BattleSpace, p: PlayedCard) -> None:
    """One play in strict turn order: the seats skipped before it pass first."""
    if b.is_over:
        raise IllegalMove("the battle is over")
    if p.face_down and not b.ruleset.hidden_cards:
        raise IllegalMove("no hidden cards")
    if sum(1 for m in b.moves if m.player == space.players[p.seat] and not m.is_pass) >= space.max_cards:
        raise IllegalMove("bound")
    who = space.players[p.seat]
    if who in b.passed:
        raise IllegalMove(f"{who} has passed")
    while b.to_move != who:
        b.pass_turn(b.to_move)
    if p.kind == "scarecrow":
        b.play(who, p.kind, face_down=p.face_down, take=p.take)
    else:
        b.play(who, p.kind, face_down=p.face_down)


# --- the interaction checker -----------------------------------------------------------------------

DIVERGENCE_KINDS = {
    "winner:different": "the two rulesets name different winners",
    "winner:a-wins-b-ties": "a winner under A, a tie (nobody conquers) under B",
    "winner:a-ties-b-wins": "a tie under A, a winner under B",
    "token:different": "a different player takes the Condottiere token",
}


@dataclass
class Divergence:
    """One kind of divergence, how often it happens and its smallest example."""

    kind: str
    count: int
    plays: tuple[PlayedCard, ...]
    notation: str
    resolution_a: Resolution | None = None
    resolution_b: Resolution | None = None
    label_a: str = "A"
    label_b: str = "B"

    @property
    def title(self) -> str:
        return DIVERGENCE_KINDS[self.kind].replace("under A", f"under {self.label_a}").replace(
            "under B", f"under {self.label_b}")

    def first_different_step(self) -> int | None:
        """Index of the first Step whose rule or text differs between the two resolutions."""
        a, b = self.resolution_a, self.resolution_b
        if a is None or b is None:
            return None
        for i, (x, y) in enumerate(itertools.zip_longest(a.steps, b.steps)):
            if x is None or y is None or x.rule != y.rule or x.text != y.text:
                return i
        return None

    def explain(self) -> str:
        """The example as notation, then the steps under each ruleset, the first difference marked."""
        out = [f"{self.title}: {self.count} battle{'s' if self.count != 1 else ''}.",
               f"Smallest example: {self.notation}"]
        first = self.first_different_step()
        for label, res in ((self.label_a, self.resolution_a), (self.label_b, self.resolution_b)):
            if res is None:
                continue
            who = res.winner or "nobody (tie)"
            out.append(f"Under {label}: winner {who}, token {res.token_holder}, strengths {res.strengths}")
            for i, s in enumerate(res.steps):
                mark = ">>" if first is not None and i >= first else "  "
                out.append(f" {mark} {i + 1}. [{s.rule}] {s.text}")
        return "\n".join(out)

    def __repr__(self) -> str:
        return f"<Divergence {self.kind} count={self.count} example={self.notation!r}>"


@dataclass
class InteractionReport:
    """What :func:`check_interactions` found."""

    a: Ruleset
    b: Ruleset
    label_a: str
    label_b: str
    space: BattleSpace
    battles: int = 0            # battles legal under both rulesets (compared)
    only_a: int = 0             # battles possible only under A (e.g. a face-down play B forbids)
    only_b: int = 0
    winner_differs: int = 0
    token_differs: int = 0
    either_differs: int = 0
    strengths_differ: int = 0
    divergences: list[Divergence] = field(default_factory=list)
    seconds: float = 0.0
    evaluator: str = "numpy"
    note: str = ""
    partial: bool = False

    @property
    def rate(self) -> float:
        """Enumerated battles per second (compared plus one-sided)."""
        return (self.battles + self.only_a + self.only_b) / self.seconds if self.seconds > 0 else 0.0

    @property
    def matters(self) -> bool:
        return self.either_differs > 0

    def divergence(self, kind: str) -> Divergence | None:
        return next((d for d in self.divergences if d.kind == kind), None)

    def summary(self) -> str:
        pct = lambda x: f"{100 * x / self.battles:.2f}%" if self.battles else "-"
        lines = [f"{self.label_a} vs {self.label_b}" + (" (PARTIAL: interrupted)" if self.partial else ""),
                 f"bound: {self.space.describe()}",
                 f"battles compared: {self.battles}"
                 + (f"; possible only under {self.label_a}: {self.only_a}" if self.only_a else "")
                 + (f"; only under {self.label_b}: {self.only_b}" if self.only_b else ""),
                 f"winner differs: {self.winner_differs} ({pct(self.winner_differs)})",
                 f"token holder differs: {self.token_differs} ({pct(self.token_differs)})",
                 f"winner or token holder differs: {self.either_differs} ({pct(self.either_differs)})",
                 f"strengths differ: {self.strengths_differ} ({pct(self.strengths_differ)})"]
        for d in self.divergences:
            lines.append(f"  {d.kind}: {d.count}, e.g. {d.notation}")
        if self.note:
            lines.append(self.note)
        return "\n".join(lines)

    def explain(self) -> str:
        """The summary, then every kind of divergence with its smallest example's steps."""
        return "\n\n".join([self.summary()] + [d.explain() for d in self.divergences])

    def __repr__(self) -> str:
        part = " PARTIAL" if self.partial else ""
        return (f"<InteractionReport{part} {self.label_a} vs {self.label_b}: {self.battles} battles, "
                f"winner differs in {self.winner_differs}, token in {self.token_differs}>")

    def _repr_html_(self) -> str:
        from .views.explore_views import interaction_html
        return interaction_html(self)


class _Tally:
    """Counts and smallest examples, merged over the chunks of an enumeration."""

    def __init__(self):
        self.battles = self.only_a = self.only_b = 0
        self.winner = self.token = self.either = self.strengths = 0
        self.counts = {k: 0 for k in DIVERGENCE_KINDS}
        self.best: dict[str, tuple] = {}

    def offer(self, kind: str, key: tuple) -> None:
        if kind not in self.best or key < self.best[kind]:
            self.best[kind] = key


def _rulesets_for(a, b, option, base):
    if option is not None:
        base_rs = get_ruleset(base)
        names = {f.name for f in fields(base_rs)}
        if option not in names:
            raise RulesError(f"Ruleset has no option {option!r}; options are: {', '.join(sorted(names))}")
        ra = base_rs.replace(**{option: a}) if a != getattr(base_rs, option) else base_rs
        rb = base_rs.replace(**{option: b}) if b != getattr(base_rs, option) else base_rs
        return ra, rb, f"{option}={a!r}", f"{option}={b!r}"
    ra, rb = get_ruleset(a), get_ruleset(b)
    la, lb = ra.name, rb.name
    if la == lb:
        la, lb = la + " (A)", lb + " (B)"
    return ra, rb, la, lb


def option_variants(base="standard") -> list[tuple[str, object, object]]:
    """(option, value in base, another value) for every option with a choice of values.

    Read from the Ruleset's fields, so options added later appear here without a change:
    a True/False option is paired with its opposite, an option with listed choices with
    each other choice.
    """
    rs = get_ruleset(base)
    out = []
    for opt in Ruleset.options():
        name = opt["name"]
        value = getattr(rs, name)
        if opt["choices"]:
            out += [(name, value, c) for c in opt["choices"] if c != value]
        elif isinstance(value, bool):
            out.append((name, value, not value))
    return out


def check_interactions(a="standard", b=None, *, option: str | None = None, base="standard",
                       players=2, kinds=DEFAULT_KINDS, max_cards: int = 3, face_down: bool = True,
                       method: str = "auto", progress=None, explain: bool = True,
                       chunk: int = 200_000) -> InteractionReport:
    """Enumerate every battle of a bound under two rulesets and report where they differ.

    Two rulesets: ``check_interactions("standard", "hidden-cards")``.  Two values of one
    option: ``check_interactions(True, False, option="courtesan_token")`` (on ``base``).
    The bound is described by :class:`BattleSpace`.  ``method``: "numpy" (the vectorised
    model), "engine" (Battle itself, slow, any ruleset) or "auto" (numpy when it models
    both rulesets, else the engine).  ``explain`` re-plays the smallest example of each
    divergence through the engine to attach its Steps.
    """
    if option is None and b is None:
        raise RulesError("give two rulesets (a, b) or option= with two values")
    ra, rb, la, lb = _rulesets_for(a, b, option, base)
    space = battle_space(players, kinds, max_cards, face_down, (ra, rb))
    if method not in ("auto", "numpy", "engine"):
        raise RulesError(f"method must be 'auto', 'numpy' or 'engine', not {method!r}")
    gap = fast_model_gap(ra, space.kinds) or fast_model_gap(rb, space.kinds)
    note = ""
    if method == "auto":
        method = "engine" if gap else "numpy"
        if gap:
            note = f"Evaluated by the engine because {gap}."
    elif method == "numpy" and gap:
        raise NotImplementedError(f"the vectorised model cannot check this: {gap}; use method='engine'")
    report = InteractionReport(ra, rb, la, lb, space, evaluator=method, note=note)
    prog = _progress(progress)
    plays = _plays(space, ra.hidden_cards or rb.hidden_cards)
    t0 = time.perf_counter()
    tally = _Tally()
    try:
        if method == "numpy":
            _enumerate_numpy(ra, rb, space, plays, tally, prog, chunk)
        else:
            _enumerate_engine(ra, rb, space, plays, tally, prog)
    except KeyboardInterrupt:
        report.partial = True
    report.seconds = time.perf_counter() - t0
    prog.finish(report.partial)
    report.battles, report.only_a, report.only_b = tally.battles, tally.only_a, tally.only_b
    report.winner_differs, report.token_differs = tally.winner, tally.token
    report.either_differs, report.strengths_differ = tally.either, tally.strengths
    for kind in DIVERGENCE_KINDS:
        if kind not in tally.best:
            continue
        seq = tuple(plays[i] for i in tally.best[kind][1])
        d = Divergence(kind, tally.counts[kind], seq, play_sequence_notation(space, seq),
                       label_a=la, label_b=lb)
        if explain:
            d.resolution_a = engine_outcome(ra, space, seq, explain=True)
            d.resolution_b = engine_outcome(rb, space, seq, explain=True)
        report.divergences.append(d)
    return report


def _classify(tally: _Tally, wa, wb, ha, hb, key_of) -> None:
    """Count the divergences of one batch; ``key_of(kind, mask)`` gives the smallest example's
    key: (number of plays, indices of the plays)."""
    wdiff = wa != wb
    tdiff = ha != hb
    tally.winner += int(wdiff.sum())
    tally.token += int(tdiff.sum())
    tally.either += int((wdiff | tdiff).sum())
    masks = {
        "winner:different": wdiff & (wa >= 0) & (wb >= 0),
        "winner:a-wins-b-ties": wdiff & (wa >= 0) & (wb < 0),
        "winner:a-ties-b-wins": wdiff & (wa < 0) & (wb >= 0),
        "token:different": tdiff,
    }
    for kind, m in masks.items():
        c = int(m.sum())
        if c:
            tally.counts[kind] += c
            tally.offer(kind, key_of(kind, m))


def _enumerate_numpy(ra: Ruleset, rb: Ruleset, space: BattleSpace, plays: list[PlayedCard], tally: _Tally,
                     prog: Progress, chunk: int) -> None:
    L = _Layout(space)
    ma, mb = _FastModel(ra, space, L), _FastModel(rb, space, L)
    # Rulesets that differ only at resolution (e.g. courtesan_token) share the states.
    shared = ma.transition_key() == mb.transition_key()
    kmax = space.max_cards
    max_depth = kmax * len(space.players)
    dt = np.int8

    def evaluate(SA, SB, aA, aB, MV, depth):
        both = aA & aB
        tally.only_a += int((aA & ~aB).sum())
        tally.only_b += int((aB & ~aA).sum())
        nb = int(both.sum())
        tally.battles += nb
        if not nb:
            return
        idx = np.nonzero(both)[0]
        sa = SA[:, idx]
        sb = sa if shared else SB[:, idx]
        wa, ha, ta = ma.outcome(sa)
        wb, hb, tb = mb.outcome(sb)
        tally.strengths += int((ta != tb).any(axis=0).sum())
        mv = MV[:depth, idx]

        def key_of(kind, mask):
            if kind in tally.best and tally.best[kind][0] < depth:
                return (depth,)          # a shorter example is known: skip the sort
            cols = np.nonzero(mask)[0]
            if len(cols) > 1 and depth:
                col = cols[np.lexsort(mv[::-1][:, cols])[0]]
            else:
                col = cols[0]
            return (depth, tuple(int(i) for i in mv[:, col]))

        _classify(tally, wa, wb, ha, hb, key_of)

    def expand(SA, SB, aA, aB, MV, depth):
        """All children (one play more) of a batch of battles."""
        outs = []
        for pi, p in enumerate(plays):
            la = ma.legal(SA, aA, p, kmax)
            lb = la if shared else mb.legal(SB, aB, p, kmax)
            if la is None and lb is None:
                continue
            if la is None:
                la = np.zeros(SA.shape[1], dtype=bool)
            if lb is None:
                lb = np.zeros(SA.shape[1], dtype=bool)
            rows = np.nonzero(la | lb)[0]
            if not len(rows):
                continue
            CA = SA[:, rows]
            ma.apply(CA, p)
            if shared:
                CB = CA
            else:
                CB = SB[:, rows]
                mb.apply(CB, p)
            CM = MV[:, rows]
            CM[depth] = pi
            outs.append((CA, CB, la[rows], lb[rows], CM))
        if not outs:
            return None
        SA2 = np.concatenate([o[0] for o in outs], axis=1)
        SB2 = SA2 if shared else np.concatenate([o[1] for o in outs], axis=1)
        return (SA2, SB2, np.concatenate([o[2] for o in outs]), np.concatenate([o[3] for o in outs]),
                np.concatenate([o[4] for o in outs], axis=1))

    def descend(batch, depth):
        """Depth-first over batches, each level vectorised, no batch larger than ``chunk``."""
        stack = [(batch, depth)]
        while stack:
            (SA, SB, aA, aB, MV), d = stack.pop()
            if d >= max_depth:
                continue
            kids = expand(SA, SB, aA, aB, MV, d)
            if kids is None:
                continue
            evaluate(*kids, d + 1)
            for start in reversed(range(0, kids[0].shape[1], chunk)):
                stack.append((tuple(x[..., start:start + chunk] for x in kids), d + 1))

    root = np.zeros((L.width, 1), dtype=dt)
    root_mv = np.zeros((max(max_depth, 1), 1), dtype=np.int16)
    alive = np.ones(1, dtype=bool)
    evaluate(root, root, alive, alive, root_mv, 0)
    # Split the work by the first two plays, so progress moves and an interrupt loses little.
    level = (root, root, alive, alive, root_mv)
    depth = 0
    for _ in range(min(2, max_depth)):
        kids = expand(*level, depth)
        if kids is None:
            level = None
            break
        depth += 1
        evaluate(*kids, depth)
        level = kids
    if level is None or depth >= max_depth:
        prog.start(1, "battles")
        prog.update(1)
        return
    n = level[0].shape[1]
    steps = max(1, min(n, 100))
    bounds = np.linspace(0, n, steps + 1).astype(int)
    prog.start(steps, "battles")
    for i in range(steps):
        part = tuple(x[..., bounds[i]:bounds[i + 1]] for x in level)
        descend(part, depth)
        prog.update(i + 1)


def _enumerate_engine(ra: Ruleset, rb: Ruleset, space: BattleSpace, plays: list[PlayedCard], tally: _Tally,
                      prog: Progress) -> None:
    """The same enumeration through Battle objects: slow, but every rule of every ruleset."""
    names = space.players
    idx = {n: i for i, n in enumerate(names)}

    def outcome(b):
        r = b.preview()
        return (idx[r.winner] if r.winner else -1, idx[r.token_holder], tuple(r.strengths.values()))

    def child(b, p):
        if b is None:
            return None
        c = b.copy()
        try:
            _engine_play(c, space, p)
        except IllegalMove:
            return None
        return c

    def visit(ba, bb, seq):
        if ba is not None and bb is not None:
            tally.battles += 1
            wa, ha, ta = outcome(ba)
            wb, hb, tb = outcome(bb)
            tally.strengths += ta != tb
            key = (len(seq), tuple(seq))
            _classify(tally, np.array([wa]), np.array([wb]), np.array([ha]), np.array([hb]),
                      lambda kind, m: key)
        elif ba is not None:
            tally.only_a += 1
        else:
            tally.only_b += 1

    def walk(ba, bb, seq):
        for i, p in enumerate(plays):
            ca, cb = child(ba, p), child(bb, p)
            if ca is None and cb is None:
                continue
            s2 = seq + [i]
            visit(ca, cb, s2)
            walk(ca, cb, s2)

    root_a = Battle(names, ra, explain=False)
    root_b = Battle(names, rb, explain=False)
    visit(root_a, root_b, [])
    prog.start(len(plays), "battles (engine)")
    for i, p in enumerate(plays):
        ca, cb = child(root_a, p), child(root_b, p)
        if ca is not None or cb is not None:
            visit(ca, cb, [i])
            walk(ca, cb, [i])
        prog.update(i + 1)


# --- battle odds -------------------------------------------------------------------------------------

def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default): it stays inside [0, 1]
    and behaves at 0 and n wins, where the normal approximation does not.

    >>> lo, hi = wilson(0, 20); lo == 0 and 0.16 < hi < 0.17
    True
    """
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def action_label(action) -> str:
    """A short reader's name for a battle action: '10', 'Scarecrow -> 5', '6 face down', 'pass'."""
    card = getattr(action, "card", None)
    if card is None:
        return "pass"
    text = kind_name(str(card).split("#")[0])
    if getattr(action, "take", None) is not None:
        text += f" -> {kind_name(str(action.take).split('#')[0])}"
    if getattr(action, "face_down", False):
        text += " face down"
    return text


@dataclass
class ActionOdds:
    """The chance of winning the battle after one action."""

    action: object
    label: str
    wins: float          # weighted wins (exact) or the number of won samples
    n: int               # samples, or hands enumerated
    p: float
    low: float
    high: float
    exact: bool = False

    def __repr__(self) -> str:
        if self.exact:
            return f"<ActionOdds {self.label}: {self.p:.3f} exact over {self.n} hands>"
        return f"<ActionOdds {self.label}: {self.p:.3f} [{self.low:.3f}, {self.high:.3f}] n={self.n}>"


@dataclass
class BattleOdds:
    """What :func:`battle_odds` found: one :class:`ActionOdds` per legal action."""

    player: str
    notation: str
    hand: tuple[str, ...]
    actions: list[ActionOdds]
    method: str               # "exact" or "monte carlo"
    samples: int
    seed: object
    seconds: float = 0.0
    partial: bool = False
    note: str = ""

    @property
    def best(self) -> ActionOdds:
        """The action with the highest chance (the first listed on a tie)."""
        return max(self.actions, key=lambda a: a.p)

    def odds(self, label: str) -> ActionOdds:
        for a in self.actions:
            if a.label == label:
                return a
        raise KeyError(f"no action {label!r}; actions are {[a.label for a in self.actions]}")

    def summary(self) -> str:
        head = (f"{self.player} to move in {self.notation}; hand {' '.join(self.hand) or '(empty)'}; "
                f"{self.method}" + (f", {self.samples} samples" if self.method != "exact" else
                                    f" over {self.samples} possible hands")
                + (" (PARTIAL: interrupted)" if self.partial else ""))
        lines = [head]
        for a in self.actions:
            ci = "exact" if a.exact else f"95% CI {a.low:.2f}-{a.high:.2f}"
            lines.append(f"  {a.label:<22} {100 * a.p:5.1f}%  ({ci})")
        if self.note:
            lines.append(self.note)
        return "\n".join(lines)

    def __repr__(self) -> str:
        part = " PARTIAL" if self.partial else ""
        return f"<BattleOdds{part} {self.player}: " + ", ".join(f"{a.label} {a.p:.2f}" for a in self.actions) + ">"

    def _repr_html_(self) -> str:
        from .views.explore_views import odds_html
        return odds_html(self)


def _seed_int(seed) -> int:
    """A seed as a non-negative int; strings through CRC32, which (unlike hash()) is the
    same in every Python process."""
    if isinstance(seed, int) and not isinstance(seed, bool):
        return seed % 2 ** 32
    return zlib.crc32(str(seed).encode("utf-8"))


def _card_pool(deck, busy: set, kinds: Sequence) -> list[Card]:
    """Physical cards for a list of kinds (or "5#41" / Card), taken from the cards not in ``busy``."""
    out = []
    for item in kinds:
        card = exact_card(item, deck, _deck_kinds(deck), error=RulesError)
        if card is None:
            kind = parse_kind(item, _deck_kinds(deck))
            card = next((c for c in deck if c.kind == kind and c.id not in busy), None)
            if card is None:
                raise RulesError(f"no {kind_name(kind)} is left for this hand: the deck's "
                                 f"{sum(c.kind == kind for c in deck)} are all in play or in other hands")
        if card.id in busy:
            raise RulesError(f"card {card.tag} cannot be in this hand: it is already in play or in another hand")
        busy.add(card.id)
        out.append(card)
    return out


def _deck_kinds(deck) -> list[str]:
    seen = []
    for c in deck:
        if c.kind not in seen:
            seen.append(c.kind)
    return seen


class _Position:
    """A battle in progress as a Game position, so the Game's agents can play it out."""

    def __init__(self, battle: Battle, me: str, region: str | None, control):
        from . import board
        self.battle = battle
        self.me = me
        i = battle.players.index(battle.leader)
        self.seats = battle.players[i:] + battle.players[:i]
        deck = battle.deck
        self.played: dict[str, list[Card]] = {p: [] for p in battle.players}
        seen = set()
        for m in battle.moves:
            if m.card is not None and m.card not in seen:
                seen.add(m.card)
                self.played[m.player].append(deck[m.card])
        self.control = dict(control or {})
        if region is None:
            region = battle.region
        if region is None:
            region = next(r for r in board.REGIONS if r not in self.control)
        self.region = board.region(region)

    def game(self, hands: dict[str, list[Card]], seed):
        """A Game at this battle's current position with these hands (the cards not yet played)."""
        from .game import Game, Pass, PlaceFavor, PlaceToken, Play as GPlay
        stated = {}
        for p in self.seats:
            ids = {c.id for c in self.played[p]}
            stated[p] = self.played[p] + [c for c in hands.get(p, []) if c.id not in ids]
        g = Game(self.seats, self.battle.ruleset, seed, explain=False, hands=stated, control=self.control)
        g.apply(PlaceToken(self.region))
        for m in self.battle.moves:
            while g.phase == "favor":
                g.apply(PlaceFavor(None))
            if m.is_pass:
                if g.to_move != m.player:
                    continue       # the Game already passed a player with no cards
                g.apply(Pass())
            else:
                if g.to_move != m.player:
                    raise RulesError(f"odds need a battle played in turn order; {m.player} played when it was "
                                     f"{g.to_move}'s turn")
                # fa-tutorial: soldiers go face down by rule, so the Game's Play takes no flag for them
                forced = self.battle.ruleset.mercenaries_face_down and self.battle.deck[m.card].mercenary
                g.apply(GPlay(f"{m.kind}#{m.card}", face_down=m.face_down and not forced, take=m.take))
        while g.phase == "favor":
            g.apply(PlaceFavor(None))
        if g.phase != "battle" or g.to_move != self.me:
            raise RulesError(f"it is not {self.me}'s turn in this battle (to move: {self.battle.to_move})")
        return g


def _play_out(game, action, agents: dict, me: str) -> bool:
    """Apply ``action``, let the agents finish the battle; True if ``me`` conquers the region."""
    g = game.clone()
    start = g.battles
    g.apply(action)
    while g.battles == start and not g.is_over:
        p = g.to_move
        g.apply(agents[p].choose(g))
    return g.resolution is not None and g.resolution.winner == me


def _multisets(counts: list[int], size: int):
    """Every way to take ``size`` cards from piles of ``counts`` (as a count per pile)."""
    if size == 0:
        yield (0,) * len(counts)
        return
    if not counts:
        return
    first, rest = counts[0], counts[1:]
    left = sum(rest)
    for c in range(min(first, size), -1, -1):
        if size - c <= left:
            for tail in _multisets(rest, size - c):
                yield (c,) + tail


def battle_odds(battle, hand=None, ruleset=None, *, others=None, pool=None, samples: int = 200, seed=0,
                exact_limit: int = 200, region: str | None = None, control=None, agent="heuristic",
                progress=None) -> BattleOdds:
    """The chance that the player to move wins this battle, for each legal action.

    ``battle``: a Battle (or its notation) in progress, played in turn order; ``hand``: the
    cards of the player to move (default: the battle's own hands, if it has them).  The
    other players' hands are unknown: each active opponent holds ``others`` cards (a number,
    or {player: number}; default: as many as the player to move, or the battle's hands),
    plus any Mercenary a Scarecrow took back (everyone saw it), drawn from ``pool`` (default:
    every card of the deck that is not in play, discarded or in the mover's hand).  Players
    who have passed cannot play, so their hands do not matter.

    After the action every player, the mover too, plays on with ``agent`` (the heuristic
    agent by default, as in a Game for ``region`` with the map ``control``).  When the
    opponents' possible hands number at most ``exact_limit`` they are all enumerated with
    their exact probabilities (method "exact"); otherwise ``samples`` hands are drawn at
    random (method "monte carlo", with 95% Wilson intervals).  The same drawn hands serve
    every action, so the actions are compared on equal terms.  Face-down cards already in
    the lines are taken as they are.
    """
    from .agents import make_agent
    if isinstance(battle, str):
        battle = Battle.from_notation(battle, ruleset)
    elif not isinstance(battle, Battle):
        raise RulesError(f"battle must be a Battle or its notation, not {battle!r}")
    if ruleset is not None and get_ruleset(ruleset) != battle.ruleset:
        battle = Battle.from_notation(battle.notation(), get_ruleset(ruleset))
    if battle.ruleset.city_states:
        raise NotImplementedError(
            "battle odds under the city-states ruleset: a battle's odds there depend on which city-state "
            "each player owns and which abilities are still unused this round, and a Battle does not "
            "record either; odds are available for every other named ruleset (city-states-final included)")
    me = battle.to_move
    if me is None:
        raise RulesError("the battle is over: there is no action left to weigh")
    if not isinstance(samples, int) or samples < 1:
        raise RulesError(f"samples must be a positive whole number, not {samples!r}")
    deck = battle.deck
    busy = {c.id for c in battle.in_play()} | {c.id for c in battle.discarded}
    busy |= {c.id for cs in battle.returned.values() for c in cs}
    if hand is None:
        if battle.hands is None:
            raise RulesError(f"give the hand of {me}, the player to move, e.g. hand=['10', 'winter']")
        my_cards = list(battle.hands[me])
    else:
        if isinstance(hand, str):
            hand = hand.split()
        mine_back = list(battle.returned[me])
        my_cards = []
        rest = []
        for item in hand:
            k = item.kind if isinstance(item, Card) else parse_kind(item, battle.ruleset.kinds) \
                if not (isinstance(item, str) and "#" in item) else None
            back = next((c for c in mine_back if k is not None and c.kind == k), None)
            if back is not None:
                mine_back.remove(back)
                my_cards.append(back)
            else:
                rest.append(item)
        my_cards += _card_pool(deck, busy, rest)
    busy |= {c.id for c in my_cards}
    opponents = [p for p in battle.players if p != me]
    active = [p for p in opponents if p not in battle.passed]
    sizes = {}
    for p in active:
        if others is None:
            n = len(battle.hands[p]) if battle.hands is not None else len(my_cards)
        elif isinstance(others, int) and not isinstance(others, bool):
            n = others
        elif isinstance(others, dict):
            n = others.get(p, len(my_cards))
        else:
            raise RulesError(f"others must be a number of cards or {{player: number}}, not {others!r}")
        known = battle.returned[p]
        sizes[p] = max(0, n - len(known))
    if pool is None:
        pool_cards = [c for c in deck if c.id not in busy]
    else:
        pool_cards = _card_pool(deck, set(busy), pool)
    need = sum(sizes.values())
    if need > len(pool_cards):
        raise RulesError(f"the opponents' hands need {need} unknown cards but the pool holds {len(pool_cards)}")
    position = _Position(battle, me, region, control)
    known_hands = {p: list(battle.returned[p]) for p in opponents}
    known_hands[me] = my_cards

    base = _seed_int(seed)

    def agents_for(k: int) -> dict:
        # fresh agents per world, seeded from (seed, world, seat): reproducible in any order
        return {p: make_agent(agent, seed=(base * 1_000_003 + k * 7 + i) % 2 ** 32)
                for i, p in enumerate(battle.players)}

    probe = position.game({**known_hands, **{p: pool_cards[:0] for p in active}}, seed)
    actions = probe.legal_actions()
    labels = [action_label(a) for a in actions]

    # The opponents' possible hands: kinds with their counts in the pool.
    kinds = _deck_kinds([c for c in pool_cards])
    by_kind = {k: [c for c in pool_cards if c.kind == k] for k in kinds}
    combos = 1
    for p in active:
        combos *= _count_multisets([len(by_kind[k]) for k in kinds], sizes[p])
        if combos > exact_limit:
            break
    exact = combos <= exact_limit
    prog = _progress(progress)
    wins = [0.0] * len(actions)
    done = 0
    partial = False
    t0 = time.perf_counter()
    rng = np.random.default_rng(base)
    try:
        if exact:
            worlds = list(_exact_hands(active, sizes, kinds, by_kind))
            prog.start(len(worlds), "odds (exact)")
            for k, (weight, hands) in enumerate(worlds):
                game = position.game({**known_hands, **{p: known_hands[p] + hands[p] for p in active}}, seed)
                for i, a in enumerate(actions):
                    if _play_out(game, a, agents_for(k), me):
                        wins[i] += weight
                done = k + 1
                prog.update(done)
        else:
            prog.start(samples, "odds (monte carlo)")
            for k in range(samples):
                order = rng.permutation(len(pool_cards))
                hands, at = {}, 0
                for p in active:
                    hands[p] = [pool_cards[j] for j in order[at:at + sizes[p]]]
                    at += sizes[p]
                game = position.game({**known_hands, **{p: known_hands[p] + hands[p] for p in active}}, seed)
                for i, a in enumerate(actions):
                    if _play_out(game, a, agents_for(k), me):
                        wins[i] += 1
                done = k + 1
                prog.update(done)
    except KeyboardInterrupt:
        partial = True
    prog.finish(partial)
    out = []
    for a, label, w in zip(actions, labels, wins):
        if exact and not partial:
            out.append(ActionOdds(a, label, w, done, w, w, w, True))
        else:
            n = done
            p = w / n if n else 0.0
            lo, hi = wilson(w, n)
            out.append(ActionOdds(a, label, w, n, p, lo, hi, False))
    note = "" if not exact or not partial else "Interrupted: the exact sum is incomplete, shown as a sample."
    return BattleOdds(me, battle.notation(), tuple(c.name for c in my_cards), out,
                      "exact" if exact and not partial else "monte carlo", done, seed,
                      time.perf_counter() - t0, partial, note)


def _count_multisets(counts: list[int], size: int) -> int:
    """How many different hands of ``size`` cards the piles allow (cards of a kind are alike)."""
    ways = [1] + [0] * size
    for c in counts:
        new = [0] * (size + 1)
        for s in range(size + 1):
            if ways[s]:
                for t in range(0, min(c, size - s) + 1):
                    new[s + t] += ways[s]
        ways = new
    return ways[size]


def _exact_hands(active, sizes, kinds, by_kind):
    """(probability, {player: cards}) for every way the active opponents' hands can be.

    Hands are drawn without replacement from the pool; a hand of ``h`` cards with ``c_k``
    cards of kind k has probability prod C(n_k, c_k) / C(N, h) (the multivariate
    hypergeometric law), the next opponent drawing from what is left.
    """
    def rec(i, left: dict, weight: float, hands: dict):
        if i == len(active):
            yield weight, dict(hands)
            return
        p = active[i]
        h = sizes[p]
        total = sum(left.values())
        denom = math.comb(total, h)
        counts = [left[k] for k in kinds]
        for combo in _multisets(counts, h):
            w = 1
            for n, c in zip(counts, combo):
                w *= math.comb(n, c)
            cards = []
            new_left = dict(left)
            for k, c in zip(kinds, combo):
                if c:
                    used = len(by_kind[k]) - left[k]
                    cards += by_kind[k][used:used + c]
                    new_left[k] -= c
            hands[p] = cards
            yield from rec(i + 1, new_left, weight * w / denom, hands)

    yield from rec(0, {k: len(by_kind[k]) for k in kinds}, 1.0, {})


def game_odds(game, **kw) -> BattleOdds:
    """:func:`battle_odds` for the player to move in a Game: the hands' sizes are known, the
    unknown cards are the other hands and the draw pile, the stakes are the Game's map."""
    if game.phase != "battle":
        raise RulesError(f"odds are for a battle; the game is in its {game.phase!r} phase")
    me = game.to_move
    unseen = [c for p in game.players if p != me for c in game.hand(p)] + list(game.deck)
    returned = {c.id for cs in game.battle.returned.values() for c in cs}
    pool = [c for c in unseen if c.id not in returned]
    kw.setdefault("others", {p: len(game.hand(p)) for p in game.players if p != me})
    kw.setdefault("region", game.region)
    kw.setdefault("control", game.control)
    return battle_odds(game.battle, list(game.hand(me)), pool=pool, **kw)


# --- variant balance -----------------------------------------------------------------------------

#: What "decides a battle" means, in the words the reports and the notebook use.
DECIDES = {
    "surrender": "the Surrender decided the battle if the same battle played on, its player passing "
                 "instead of surrendering and every player continuing with the same agents, would have "
                 "a different winner or token holder",
    "bishop": "a Bishop decided the battle if replaying the battle's plays without that Bishop (later "
              "plays that become impossible are left out) gives a different winner or token holder",
    "courtesan": "a Courtesan decided the battle if replaying the battle's plays without that Courtesan "
                 "gives a different winner or token holder",
}
DECIDING_CARDS = tuple(DECIDES)


@dataclass
class BalanceRow:
    """Many games of one ruleset at one player count."""

    ruleset: str
    players: int
    agent: str
    games: int = 0
    errors: int = 0
    wins_by_seat: list = field(default_factory=list)     # shared victories split evenly
    battles: int = 0
    rounds: int = 0
    reasons: dict = field(default_factory=dict)
    played: dict = field(default_factory=lambda: {k: 0 for k in DECIDING_CARDS})   # battles with the card
    decided: dict = field(default_factory=lambda: {k: 0 for k in DECIDING_CARDS})
    error_examples: list = field(default_factory=list)

    @property
    def first_seat(self) -> float:
        """The first seat's share of the wins (it places the first token and leads)."""
        return self.wins_by_seat[0] / self.games if self.games else 0.0

    @property
    def first_seat_interval(self) -> tuple[float, float]:
        return wilson(self.wins_by_seat[0], self.games)

    @property
    def first_seat_advantage(self) -> float:
        """First seat's win share minus the fair share 1/players."""
        return self.first_seat - 1 / self.players

    @property
    def mean_battles(self) -> float:
        return self.battles / self.games if self.games else 0.0

    @property
    def mean_rounds(self) -> float:
        return self.rounds / self.games if self.games else 0.0

    def decided_rate(self, card: str) -> float:
        """Share of all battles that ``card`` decided."""
        return self.decided[card] / self.battles if self.battles else 0.0

    def as_dict(self) -> dict:
        lo, hi = self.first_seat_interval
        d = {"ruleset": self.ruleset, "players": self.players, "games": self.games,
             "first_seat": round(self.first_seat, 3), "first_seat_ci": (round(lo, 3), round(hi, 3)),
             "fair_share": round(1 / self.players, 3), "battles_per_game": round(self.mean_battles, 2),
             "rounds_per_game": round(self.mean_rounds, 2),
             "reasons": {k: round(v / self.games, 3) for k, v in sorted(self.reasons.items())} if self.games else {}}
        for c in DECIDING_CARDS:
            d[f"{c}_decides"] = round(self.decided_rate(c), 4)
        if self.errors:
            d["errors"] = self.errors
        return d


@dataclass
class BalanceReport:
    """What :func:`variant_balance` found: one :class:`BalanceRow` per ruleset and player count."""

    rows: list
    agent: str
    seed: object
    seconds: float = 0.0
    partial: bool = False
    skipped: list = field(default_factory=list)     # (ruleset, players, why)

    def row(self, ruleset: str, players: int) -> BalanceRow:
        for r in self.rows:
            if r.ruleset == ruleset and r.players == players:
                return r
        raise KeyError(f"no row for {ruleset!r} with {players} players")

    def table(self) -> list[dict]:
        return [r.as_dict() for r in self.rows]

    def summary(self) -> str:
        head = (f"{sum(r.games for r in self.rows)} games with {self.agent} agents"
                + (" (PARTIAL: interrupted)" if self.partial else ""))
        lines = [head, f"{'ruleset':<18}{'pl':>3}{'games':>6}{'seat 1':>8}{'fair':>6}{'battles':>8}{'rounds':>7}"
                       f"{'surr.':>7}{'bish.':>7}{'court.':>7}  endings"]
        for r in self.rows:
            ends = ", ".join(f"{k} {v}" for k, v in sorted(r.reasons.items(), key=lambda kv: -kv[1]))
            lines.append(f"{r.ruleset:<18}{r.players:>3}{r.games:>6}{r.first_seat:>8.2f}{1 / r.players:>6.2f}"
                         f"{r.mean_battles:>8.1f}{r.mean_rounds:>7.2f}"
                         + "".join(f"{100 * r.decided_rate(c):>6.1f}%" for c in DECIDING_CARDS)
                         + f"  {ends}" + (f"  [{r.errors} errors]" if r.errors else ""))
        for rs, n, why in self.skipped:
            lines.append(f"skipped {rs} with {n} players: {why}")
        lines.append("'decides' = share of all battles whose winner or token holder would differ "
                     "without the card (see explore.DECIDES)")
        return "\n".join(lines)

    def __repr__(self) -> str:
        part = " PARTIAL" if self.partial else ""
        return f"<BalanceReport{part} {len(self.rows)} rows, {sum(r.games for r in self.rows)} games>"


def _replay_without(battle: Battle, skip: int):
    """(winner, token holder) of ``battle`` replayed in a sandbox without its move ``skip``."""
    b = Battle(battle.players, battle.ruleset, token_holder=battle.token_holder, leader=battle.leader,
               defender=battle.defender, explain=False)
    for i, m in enumerate(battle.moves):
        if i == skip:
            continue
        try:
            # the same replay as Battle.undo, so ability moves (Venezia's Bribe, Firenze's
            # Ball) are replayed as abilities, not read as card names
            b.apply_move(m)
        except IllegalMove:
            continue
    r = b.resolve()
    return r.winner, r.token_holder


def card_decides(battle: Battle, kind: str) -> bool:
    """Does a played ``kind`` (Bishop, Courtesan, ...) decide this resolved battle?
    (Replay without it: see :data:`DECIDES`.)"""
    res = battle.resolution
    if res is None:
        raise RulesError("card_decides needs a resolved battle")
    actual = (res.winner, res.token_holder)
    for i, m in enumerate(battle.moves):
        if m.kind == kind and _replay_without(battle, i) != actual:
            return True
    return False


def _finish_battle(game, agents: dict) -> tuple:
    """Play ``game`` on until its current battle is resolved; (winner, token holder)."""
    start = game.battles
    while game.battles == start and not game.is_over:
        game.apply(agents[game.to_move].choose(game))
    r = game.resolution
    return (r.winner, r.token_holder) if r is not None else (None, None)


def _balance_game(ruleset, n: int, agent, seed: int, row: BalanceRow, max_actions: int = 5_000) -> None:
    """One game into ``row``; the row changes only if the game finishes (an error leaves it as it was)."""
    from .agents import make_agent
    from .game import Game, Pass, Play as GPlay
    g = Game(n, ruleset, seed, explain=False)
    agents = {p: make_agent(agent, seed=(seed * 31 + i) % 2 ** 32) for i, p in enumerate(g.players)}
    played = {k: 0 for k in DECIDING_CARDS}
    decided = {k: 0 for k in DECIDING_CARDS}
    surrender_cf = None
    steps = battles = 0
    while not g.is_over:
        steps += 1
        if steps > max_actions:
            raise RulesError(f"the game did not end within {max_actions:,} actions (the agents stalled)")
        p = g.to_move
        a = agents[p].choose(g)
        battle = g.battle
        before = g.battles
        if (g.phase == "battle" and isinstance(a, GPlay) and str(a.card).split("#")[0] == "surrender"
                and (not a.face_down or g.ruleset.face_down_specials == "on_play")):
            # DECIDES["surrender"]: the same battle played on with a pass instead
            cf = g.clone()
            cf.apply(Pass())
            fresh = {q: make_agent(agent, seed=(seed * 37 + i) % 2 ** 32) for i, q in enumerate(g.players)}
            surrender_cf = _finish_battle(cf, fresh)
        g.apply(a)
        if g.battles > before and battle is not None and battle.resolution is not None:
            res = battle.resolution
            battles += 1
            kinds = {m.kind for m in battle.moves if m.kind}
            for c in ("bishop", "courtesan"):
                if c in kinds:
                    played[c] += 1
                    if card_decides(battle, c):
                        decided[c] += 1
            if res.surrendered_by is not None:
                played["surrender"] += 1
                if surrender_cf is not None and surrender_cf != (res.winner, res.token_holder):
                    decided["surrender"] += 1
            surrender_cf = None
    row.games += 1
    row.battles += battles
    for c in DECIDING_CARDS:
        row.played[c] += played[c]
        row.decided[c] += decided[c]
    for w in g.winners:
        row.wins_by_seat[g.players.index(w)] += 1 / len(g.winners)
    row.rounds += g.round
    row.reasons[g.reason] = row.reasons.get(g.reason, 0) + 1


def variant_balance(rulesets=None, players=(3, 4), games: int = 20, *, agent="heuristic", seed=0,
                    progress=None) -> BalanceReport:
    """Play ``games`` seeded games per ruleset and player count with ``agent`` in every seat.

    ``rulesets``: names or Rulesets (default: every named ruleset, read from RULESETS);
    a ruleset that does not allow a player count is skipped and listed in ``skipped``.
    Reports first-seat advantage, game length, how games end and how often Surrender,
    Bishop and Courtesan decide a battle (:data:`DECIDES` says exactly what that means).
    """
    from .rulesets import RULESETS
    from .game import Game
    names = list(RULESETS) if rulesets is None else list(rulesets)
    if isinstance(players, int):
        players = (players,)
    if not isinstance(games, int) or games < 1:
        raise RulesError(f"games must be a positive whole number, not {games!r}")
    agent_name = agent if isinstance(agent, str) else type(agent).__name__
    rows, skipped, plan = [], [], []
    for name in names:
        rs = get_ruleset(name)
        for n in players:
            try:
                Game(n, rs, 0, explain=False)
            except RulesError as e:
                skipped.append((rs.name, n, str(e)))
                continue
            row = BalanceRow(rs.name, n, agent_name, wins_by_seat=[0.0] * n)
            rows.append(row)
            plan.append((rs, n, row))
    report = BalanceReport(rows, agent_name, seed, skipped=skipped)
    prog = _progress(progress)
    prog.start(len(plan) * games, "games")
    base = _seed_int(seed)
    done = 0
    t0 = time.perf_counter()
    try:
        for k in range(games):
            # game k of every row before game k+1 of any: an interrupt leaves comparable rows
            for j, (rs, n, row) in enumerate(plan):
                s = (base * 100_003 + k * 1_009 + j) % 2 ** 32
                try:
                    _balance_game(rs, n, agent, s, row)
                except (RulesError, ValueError, KeyError, IndexError, AttributeError) as e:
                    row.errors += 1
                    if len(row.error_examples) < 3:
                        row.error_examples.append(f"seed {s}: {type(e).__name__}: {e}")
                done += 1
                prog.update(done)
    except KeyboardInterrupt:
        report.partial = True
    prog.finish(report.partial)
    report.seconds = time.perf_counter() - t0
    return report


# --- the soak: many random games, every invariant checked ------------------------------------------

@dataclass
class SoakResult:
    """What :func:`soak` found."""

    games: int = 0
    actions: int = 0
    battles: int = 0
    violations: list = field(default_factory=list)      # (ruleset, players, seed, message)
    by_ruleset: dict = field(default_factory=dict)      # ruleset -> games
    unchecked_reasons: dict = field(default_factory=dict)
    seconds: float = 0.0
    partial: bool = False

    @property
    def ok(self) -> bool:
        return not self.violations

    def summary(self) -> str:
        lines = [f"games {self.games}, actions {self.actions}, battles {self.battles}, "
                 f"violations {len(self.violations)}" + (" (PARTIAL: interrupted)" if self.partial else ""),
                 "games per ruleset: " + ", ".join(f"{k} {v}" for k, v in self.by_ruleset.items())]
        if self.unchecked_reasons:
            lines.append("endings without an independent check: "
                         + ", ".join(f"{k} {v}" for k, v in self.unchecked_reasons.items()))
        for v in self.violations[:20]:
            lines.append(f"VIOLATION {v[0]} {v[1]}p seed {v[2]}: {v[3]}")
        if self.seconds:
            lines.append(f"{self.games / self.seconds:,.0f} games/s, {self.actions / self.seconds:,.0f} actions/s")
        return "\n".join(lines)


def _flat_ids(x, out: list) -> None:
    """Every card id in Game.card_locations() (dicts of lists of ids, nested), into ``out``."""
    for v in (x.values() if isinstance(x, dict) else x):
        if isinstance(v, dict):
            _flat_ids(v, out)
        elif isinstance(v, (list, tuple)):
            if v and isinstance(v[0], (list, tuple, dict)):
                _flat_ids(v, out)
            else:
                out.extend(v)
        else:
            out.append(v)


def check_game(game, *, seed=None, actions: int = 20_000) -> tuple[int, int, list[str]]:
    """Play ``game`` to the end with random legal actions, checking the invariants after
    every action; returns (actions, battles, violations).

    * every card of the deck is in exactly one place (hands, lines, draw pile, discard pile);
    * each battle is placed on a region without the Pope's Favor and (except under
      Invasion) without a control marker;
    * every resolved battle's winner has the single highest strength, and the token holder
      is a player;
    * the winners meet the ending the game names: 'adjacent' / 'total' by the map
      (board.check_victory), 'most_regions' / 'final_battle' among the players with the
      most regions once no region can be chosen;
    * a legal action is never refused and the game ends.
    """
    import random as _random
    from . import board
    from .game import PlaceToken
    rng = _random.Random(seed)
    bad: list[str] = []
    n_cards = len(game.cards)
    rs = game.ruleset
    count = battles = 0
    while not game.is_over:
        if count >= actions:
            bad.append(f"the game did not end within {actions} actions")
            break
        legal = game.legal_actions()
        if not legal:
            bad.append(f"no legal action for {game.to_move} in phase {game.phase!r}")
            break
        a = legal[int(rng.random() * len(legal))]
        if isinstance(a, PlaceToken):
            r = a.region
            if r == game.favor:
                bad.append(f"the token may go on {r}, which has the Pope's Favor")
            if r in game.control and not getattr(rs, "invasion", False):
                bad.append(f"the token may go on {r}, controlled by {game.control[r]}")
        battle = game.battle
        before = game.battles
        try:
            game.apply(a)
        except RulesError as e:
            bad.append(f"the legal action {a!r} was refused: {e}")
            break
        count += 1
        ids: list = []
        _flat_ids(game.card_locations(), ids)
        if len(ids) != n_cards or len(set(ids)) != n_cards:
            dup = len(ids) - len(set(ids))
            bad.append(f"after {a!r}: {len(set(ids))} different cards in {len(ids)} places "
                       f"(deck {n_cards}, {dup} counted twice)")
            break
        if game.battles > before and battle is not None and battle.resolution is not None:
            battles += 1
            res = battle.resolution
            best = max(res.strengths.values())
            tops = [p for p, s in res.strengths.items() if s == best]
            if res.winner is not None and tops != [res.winner]:
                bad.append(f"battle {battles}: winner {res.winner} but strengths {res.strengths}")
            if res.winner is None and len(tops) == 1 and not getattr(rs, "city_states", False):
                bad.append(f"battle {battles}: no winner but {tops[0]} is strongest ({res.strengths})")
            if res.token_holder not in battle.players:
                bad.append(f"battle {battles}: token holder {res.token_holder!r} is not a player")
    if game.is_over and not bad:
        bad += _check_victory(game, board)
    return count, battles, bad


#: Endings whose winners check_game verifies independently; others are counted as unchecked.
CHECKED_ENDINGS = ("adjacent", "total", "most_regions", "most_weight", "final_battle",
                   "final_battle_tie", "shared")


def _check_victory(game, board) -> list[str]:
    """The winners against the final map, by the rules as the rulesets state them (not by
    asking the Game how it decided)."""
    reason, winners = game.reason, tuple(game.winners)
    if not winners:
        return [f"the game is over ({reason}) without a winner"]
    rs = game.ruleset
    n = len(game.players)
    control = game.control
    counts = {p: sum(1 for q in control.values() if q == p) for p in game.players}
    weights = {p: sum(board.ITALY.nodes[r]["weight"] for r, q in control.items() if q == p) for p in game.players}
    fixed = getattr(rs, "victory_regions", 0)
    if reason in ("adjacent", "total"):
        if fixed:
            short = [w for w in winners if counts[w] < fixed]
            if reason == "adjacent" or short:
                return [f"{', '.join(winners)} won by {reason} but this ruleset wins with {fixed} regions "
                        f"and they hold {[counts[w] for w in winners]}"]
            return []
        met = {v.player for v in board.check_victory(control, n)}
        missing = [w for w in winners if w not in met]
        if missing:
            return [f"{', '.join(missing)} won by {reason} but the map {control} gives no such victory"]
        return []
    ranking = getattr(rs, "end_ranking", "regions")
    score = weights if ranking == "weights" else counts
    best = max(score.values())
    top = [p for p in game.players if score[p] == best]
    if ranking == "regions_then_weights":
        most = max(weights[p] for p in top)
        top = [p for p in top if weights[p] == most]
    if reason in ("most_regions", "most_weight"):
        if list(winners) != top:
            return [f"{winners} won by {reason} but the ranking ({ranking}) puts first {top}"]
    elif reason in ("final_battle", "final_battle_tie"):
        if not set(winners) <= set(top) or len(top) < 2:
            return [f"{winners} won a final battle but the players tied at the top ({ranking}) are {top}"]
    elif reason == "shared":
        if ranking != "regions_then_weights" or list(winners) != top:
            return [f"{winners} share the victory but the ranking ({ranking}) puts first {top}"]
    return []


def soak(games: int = 100_000, *, rulesets=None, players=(2, 3, 4, 5, 6), seed=0, progress=None) -> SoakResult:
    """Play ``games`` seeded random games, cycling through every named ruleset and player
    count it allows, checking :func:`check_game`'s invariants; violations are collected."""
    from .game import Game
    from .rulesets import RULESETS
    names = list(RULESETS) if rulesets is None else list(rulesets)
    plan = []
    for name in names:
        rs = get_ruleset(name)
        for n in players:
            try:
                Game(n, rs, 0, explain=False)
            except RulesError:
                continue
            plan.append((rs, n))
    if not plan:
        raise RulesError("no ruleset allows these player counts")
    out = SoakResult()
    prog = _progress(progress)
    prog.start(games, "soak")
    base = _seed_int(seed)
    t0 = time.perf_counter()
    try:
        for i in range(games):
            rs, n = plan[i % len(plan)]
            s = (base * 1_000_003 + i) % 2 ** 32
            try:
                g = Game(n, rs, s, explain=False)
                acts, battles, bad = check_game(g, seed=s)
            except Exception as e:  # a crash is a violation to report, not a reason to stop the soak
                acts, battles, bad = 0, 0, [f"{type(e).__name__}: {e}"]
                g = None
            out.games += 1
            out.actions += acts
            out.battles += battles
            out.by_ruleset[rs.name] = out.by_ruleset.get(rs.name, 0) + 1
            for msg in bad:
                out.violations.append((rs.name, n, s, msg))
            if g is not None and g.is_over and g.reason not in CHECKED_ENDINGS:
                out.unchecked_reasons[g.reason] = out.unchecked_reasons.get(g.reason, 0) + 1
            prog.update(i + 1)
    except KeyboardInterrupt:
        out.partial = True
    prog.finish(out.partial)
    out.seconds = time.perf_counter() - t0
    return out
