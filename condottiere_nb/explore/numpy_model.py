"""The battle rules as array operations: the interaction checker's speed.

:class:`FastModel` plays and resolves many battles at once, one column of an int8 matrix
per battle (rows laid out by :class:`Layout`); :func:`enumerate_numpy` walks a whole
:class:`~condottiere_nb.explore.space.BattleSpace` with it, a level of the tree at a time.
It is a second statement of the battle rules, kept for speed (about a million battles a
second in the README's benchmarks, against some thousands through
:class:`~condottiere_nb.battle.Battle`), and it is held equal to the engine:
tests/test_numpy_model.py compares the two on every battle of small spaces under every
ruleset and option the model covers (which plays are legal, the winner, the token holder
and the strengths) and on thousands of random battles with three and four players, and
tests/test_explore.py compares the whole enumeration with the engine's.  The strength of a Mercenary is read from
:func:`~condottiere_nb.strength.mercenary_value` through a lookup table, so that rule stays
in strength.py.

What the model knows is listed here too (:data:`FAST_OPTIONS`, :data:`FAST_KINDS`,
:func:`fast_model_gap`); any other ruleset goes to the engine.  numpy is imported on first
use (:func:`load_numpy`), so this module, and the package, import without it.
"""
from __future__ import annotations

from dataclasses import fields
from typing import Sequence

from ..cards import Card, kind_name
from ..rulesets import Ruleset, get_ruleset
from ..strength import DOUBLERS, mercenary_value
from .progress import NUMPY_HINT, Progress
from .space import BattleSpace, PlayedCard
from .tally import Tally

np = None      # numpy, once load_numpy() has imported it


def load_numpy():
    """Import numpy for this module (once) and return it; ImportError, saying what to
    install, when it is missing (check_interactions then uses the engine instead)."""
    global np
    if np is None:
        try:
            import numpy
        except ImportError as e:
            raise ImportError(f"the vectorised battle model needs numpy: {NUMPY_HINT}") from e
        np = numpy
    return np


#: Options whose every value the vectorised battle model reproduces (tests check it
#: against Battle.resolve()).  Any other option that differs from its default sends the
#: enumeration to the engine itself, which is slower but knows every rule.
FAST_OPTIONS = frozenset({"name", "summary", "deck", "hidden_cards", "face_down_specials", "courtesan_token",
                          "bishop_targets", "spring_highest"})
#: Options of the Game that a single Battle never reads (dealing, hands, the map, the end of
#: the game).  Invasion acts in a battle only through its defender, which the enumerated
#: battles do not have.
GAME_OPTIONS = frozenset({"hand_size", "cards_per_region", "zh_deal", "keep_cards", "hand_discard",
                          "favor_on_battle_region", "first_hand", "hand_sizes", "drawing", "first_player",
                          "fa_draws", "fa_winner_draws", "fa_losers", "fa_tie_draws", "victory_regions",
                          "end_ranking", "invasion", "invasion_favor", "match_points", "scoring_target",
                          "scoring_bonus", "scoring_bonus_win", "city_end", "city_ask_from", "final_ruleset",
                          "final_hand", "final_discard", "final_tie"})
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


class Layout:
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


class FastModel:
    """The battle rules as array operations over many battles at once.

    Each on-play effect below mirrors the method of :class:`Battle` named in its comment;
    the strength of a Mercenary is read from :func:`strength.mercenary_value` through a
    lookup table, so the one rule for it stays in strength.py.
    """

    def __init__(self, ruleset: Ruleset, space: BattleSpace, layout: Layout):
        load_numpy()
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
    load_numpy()
    L = Layout(space)
    model = FastModel(ruleset, space, L)
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


def enumerate_numpy(ra: Ruleset, rb: Ruleset, space: BattleSpace, plays: list[PlayedCard], tally: Tally,
                    prog: Progress, chunk: int = 200_000) -> None:
    """Every battle of ``space`` under ``ra`` and ``rb`` into ``tally``, level by level as arrays.

    The battles are the play sequences over ``plays`` (see
    :func:`~condottiere_nb.explore.space.possible_plays`), each prefix counted once, in the
    same order and with the same smallest examples as the engine's enumeration in
    ``interactions``; ``chunk`` bounds the number of battles held at once.
    """
    load_numpy()
    L = Layout(space)
    ma, mb = FastModel(ra, space, L), FastModel(rb, space, L)
    # Rulesets that differ only at resolution (e.g. courtesan_token) share the states.
    shared = ma.transition_key() == mb.transition_key()
    kmax = space.max_cards
    max_depth = kmax * len(space.players)
    dt = np.int8

    def count(mask) -> int:
        return int(np.count_nonzero(mask))      # a Python int: the reports show these counts

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

        tally.classify(wa, wb, ha, hb, key_of, count)

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
