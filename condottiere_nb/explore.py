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
from dataclasses import dataclass, field, fields
from typing import Callable, Sequence

import numpy as np

from .battle import Battle, Resolution
from .cards import Card, kind_name, parse_kind
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
class Play:
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


def _plays(space: BattleSpace, hidden: bool) -> list[Play]:
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
                    out.append(Play(seat, kind, fd, take))
    return out


def play_sequence_notation(space: BattleSpace, plays: Sequence[Play]) -> str:
    """Battle notation for a sequence of plays, with the passes strict turn order implies.

    >>> sp = BattleSpace(("Ana", "Ben"), ("10", "winter"), 2)
    >>> play_sequence_notation(sp, [Play(0, "10"), Play(0, "winter")])
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
                          "bishop_targets"})
#: Options of the Game that a single Battle never reads (dealing, hands, the map).
GAME_OPTIONS = frozenset({"hand_size", "cards_per_region", "keep_cards", "hand_discard",
                          "favor_on_battle_region"})
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
        # table[w, d, top] -> value of each mercenary kind; top == nM means no Spring bonus.
        vals = L.merc_values
        self.table = np.zeros((2, 2, nM + 1, max(nM, 1)), dtype=np.int16)
        for w in (0, 1):
            for d in (0, 1):
                for t in range(nM + 1):
                    top = vals[t] if t < nM else None
                    for m, v in enumerate(vals):
                        self.table[w, d, t, m] = mercenary_value(v, bool(w), bool(d), top)
        self.flat = self.table.reshape(-1, max(nM, 1))
        self.char_value = [0 if k.isdigit() else Card(0, k).value for k in space.kinds]
        self.doublers = [i for i, k in enumerate(space.kinds) if k in DOUBLERS]

    def transition_key(self):
        """Rulesets with equal keys move battles through the same states."""
        return (tuple(self.count), self.hidden, self.mode if self.hidden else None, self.bishop)

    def acting(self, face_down: bool) -> bool:
        return (not face_down) or self.mode == "on_play"

    def legal(self, S, alive, play: Play, seat_limit: int):
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

    def apply(self, C, play: Play) -> None:
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
        nM = len(L.mercs)
        merc = [[cnt(p, i) for i in L.mercs] for p in range(P)]
        top = np.full(n, nM, dtype=np.int16)
        if nM:
            # The highest printed Mercenary in play (all lines, face-down ones revealed).
            order = sorted(range(nM), key=lambda m: L.merc_values[m])
            for m in order:
                present = np.zeros(n, dtype=bool)
                for p in range(P):
                    present |= merc[p][m] > 0
                top[present] = m
            top[~s] = nM
        totals = np.zeros((P, n), dtype=np.int16)
        base = w.astype(np.int16) * (2 * (nM + 1))
        for p in range(P):
            d = np.zeros(n, dtype=np.int16)
            for i in self.doublers:
                d |= cnt(p, i) > 0
            row = base + d * (nM + 1) + top
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


def fast_outcomes(ruleset, space: BattleSpace, sequences: Sequence[Sequence[Play]]):
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


def engine_outcome(ruleset, space: BattleSpace, plays: Sequence[Play], explain: bool = False):
    """Play a sequence through :class:`Battle` and resolve it; None if a play is illegal."""
    b = Battle(space.players, ruleset, explain=explain)
    try:
        for p in plays:
            _engine_play(b, space, p)
    except IllegalMove:
        return None
    return b.resolve()


def _engine_play(b: Battle, space: BattleSpace, p: Play) -> None:
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
    plays: tuple[Play, ...]
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


def _enumerate_numpy(ra: Ruleset, rb: Ruleset, space: BattleSpace, plays: list[Play], tally: _Tally,
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


def _enumerate_engine(ra: Ruleset, rb: Ruleset, space: BattleSpace, plays: list[Play], tally: _Tally,
                      prog: Progress) -> None:
    """The same enumeration through Battle objects: slow, but every rule of every ruleset."""
    names = space.players
    idx = {n: i for i, n in enumerate(names)}

    def outcome(b):
        r = b.copy().resolve()
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
