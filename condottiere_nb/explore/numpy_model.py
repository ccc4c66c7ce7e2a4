"""The battle rules as array operations: a second statement of the rules, kept for speed.

The interaction checker counts battles through this model in tens of seconds where
:class:`~condottiere_nb.battle.Battle` takes about half an hour; as OpenSpiel keeps fast twins of
its games, this file restates the battle rules for that one use.  :class:`FastModel` plays and
resolves many battles at once, a column of an int8 matrix each (rows: :class:`Layout`);
:func:`enumerate_numpy` walks a :class:`~condottiere_nb.explore.space.BattleSpace` a level at a
time, keeping each different battle once with the number of play orders that reach it.

Covered: a sandbox battle (no hands) in strict turn order, with the cards of :data:`FAST_KINDS` in any counts, and
the rules (by id) ``play.card``, ``play.pass`` (a seat skipped by the next play has passed), ``play.face_down``,
``season.cancel``, ``card.bishop``, ``token.favor``, ``card.scarecrow``, ``card.surrender``, ``battle.reveal``,
``strength.printed``, ``season.winter``, ``card.drummer``, ``season.spring``, ``strength.characters``,
``battle.compare`` and ``token.condottiere``, under every value of the options of :data:`FAST_OPTIONS`
(``hidden_cards``, ``face_down_specials``, ``bishop_targets``, ``spring_highest``, ``courtesan_token``); the Game's
options (:data:`GAME_OPTIONS`) change nothing in a battle.  The rulesets claimed: the named standard, hidden-cards,
continuous-war, scoring, invasion and city-states-final, and each value of each of those options on standard and on
hidden-cards.  Not covered: hands and the Game, the invaded defender (``play.wait``), the Persian cards, the
city-states' abilities, Steps, and any other battle option off its default (``courtesan_in_tie``,
``bishop_highest``, ``scarecrow_empty``, ``mercenaries_face_down``, ...): :func:`fast_model_gap` says why; the
checker uses the engine.

Held equal: tests/test_numpy_model.py compares the model with the engine on every battle of small spaces (legal
plays, winner, token holder, strengths) and on random battles of every claimed ruleset played through ``Battle(...,
explain=False)`` (a slice of ``benchmarks/check_numpy_model.py``, which plays 100,000 of each);
tests/test_explore.py compares whole enumerations.  A Mercenary's strength is read from
:func:`~condottiere_nb.strength.mercenary_value` through a table (that rule has one home).  numpy is imported on
first use (:func:`load_numpy`): the package imports without it.
"""
from __future__ import annotations

from dataclasses import fields
from typing import Sequence

from ..cards import Card, kind_name
from ..notation import check_kinds
from ..rulesets import Ruleset, get_ruleset
from ..strength import DOUBLERS, mercenary_value
from .progress import Progress, numpy_hint
from .space import BattleSpace, PlayedCard, check_sequences
from .divergences import Divergences

np = None      # numpy, once load_numpy() has imported it


def load_numpy():
    """Import numpy for this module (once) and return it; ImportError, saying what to
    install, when it is missing (check_interactions then uses the engine instead)."""
    global np
    if np is None:
        try:
            import numpy
        except ImportError as e:
            raise ImportError(f"the vectorised battle model needs numpy: {numpy_hint()}") from e
        np = numpy
    return np


#: Options whose every value the model reproduces; any other option off its default sends the
#: enumeration to the engine, which is slower but knows every rule.
FAST_OPTIONS = frozenset({"name", "summary", "deck", "hidden_cards", "face_down_specials", "courtesan_token",
                          "bishop_targets", "spring_highest"})
#: Options of the Game that a Battle never reads (dealing, hands, the map, the end of the game;
#: Invasion acts in a battle only through its defender, whom the enumerated battles lack).
GAME_OPTIONS = frozenset({"hand_size", "cards_per_region", "zh_deal", "keep_cards", "hand_discard",
                          "favor_on_battle_region", "first_hand", "hand_sizes", "drawing", "first_player",
                          "fa_draws", "fa_winner_draws", "fa_losers", "fa_tie_draws", "victory_regions",
                          "end_ranking", "invasion", "invasion_favor", "invasion_tie_token", "match_points", "scoring_target",
                          "scoring_bonus", "scoring_bonus_win", "city_end", "city_ask_from", "final_ruleset",
                          "final_hand", "final_discard", "final_tie"})
FAST_KINDS = frozenset({"1", "2", "3", "4", "5", "6", "10", "winter", "spring", "bishop", "courtesan",
                        "drummer", "heroine", "scarecrow", "surrender"})


def fast_model_gap(ruleset: Ruleset, kinds: Sequence[str] = ()) -> str | None:
    """Why the vectorised model cannot stand in for the engine here, or None if it can."""
    ruleset = get_ruleset(ruleset)
    check_kinds(kinds, every=True, listed=True)
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

    Each on-play effect below restates the rule whose id its comment names (the rule's
    function is ``RULES[id].function``); the strength of a Mercenary is read from :func:`strength.mercenary_value` through a
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

    def idle_rows(self, plays: int) -> set:
        """Rows of the state that never change what follows within ``plays`` plays: who holds the
        Pope's Favor (no count reads it), and how many cards of a kind were drawn when the deck
        has at least ``plays`` of them (the deck cannot run out of that kind)."""
        L = self.L
        return {L.favor} | {L.drawn[k] for k in range(L.nk) if self.count[k] >= plays}

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
            return None   # Battle.take_options: a face-down Scarecrow that does not act yet takes nothing back
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
        # BattleState.find_card (a sandbox): a card taken back by a Scarecrow is played before an unused one.
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
                # season.cancel: the other season's cards in play are discarded; under the
                # 'reveal' reading a face-down season has not acted yet and is left alone.
                if other in L.index:
                    o = L.index[other]
                    for p in range(P):
                        C[L.up[p][o]] = 0
                        if not self.unseen_seasons:
                            C[L.dn[p][o]] = 0
            else:
                # battle.reveal: face-down seasons act when revealed, in play order, so the
                # last one played is the season left in play at the count.
                C[L.lastfd] = _WINTER if kind == "winter" else _SPRING
        elif kind == "bishop":
            if acting:
                # card.bishop: face-up Drummers first (option bishop_targets), then the highest
                # printed face-up Mercenaries in all lines; token.favor: the Bishop's player.
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
                # card.scarecrow: the Scarecrow is discarded, the taken card goes back to hand.
                if play.take is not None:
                    t = L.index[play.take]
                    C[L.up[q][t]] -= 1
                    C[L.ret[q][t]] += 1
            else:
                C[slot] += 1
        elif kind == "surrender":
            C[slot] += 1
            if acting:
                C[L.surr] = 1      # card.surrender: the battle ends at once
        else:
            C[slot] += 1
        # BattleState.advance: the next seat after q that has not passed (q itself if all others have).
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

        def cnt(p, i):
            return S[L.up[p][i]].astype(np.int16) + S[L.dn[p][i]]
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
    check_sequences(space, sequences)
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


def enumerate_numpy(ra: Ruleset, rb: Ruleset, space: BattleSpace, plays: list[PlayedCard], tally: Divergences,
                    prog: Progress, chunk: int = 200_000) -> None:
    """Every battle of ``space`` under ``ra`` and ``rb`` into ``tally``, a level at a time.

    The battles are the play sequences over ``plays`` (see
    :func:`~condottiere_nb.explore.space.possible_plays`), each prefix counted once, with the
    same counts and the same smallest examples as the engine's enumeration in ``interactions``.

    Many sequences reach the same battle: a 5 and then a 10 leave the same lines as a 10 and
    then a 5.  What happens next depends only on the battle (a column of the model's state), so
    each level keeps every different battle once, with the number of sequences that reach it
    (``weights``, by which every count is multiplied) and the smallest of them (the example a
    report would show: the levels are kept in the order of these smallest sequences, so the
    first battle of a kind is its smallest example).  ``chunk`` bounds the battles expanded at
    once.
    """
    load_numpy()
    L = Layout(space)
    ma, mb = FastModel(ra, space, L), FastModel(rb, space, L)
    # Rulesets that differ only at resolution (e.g. courtesan_token) share the states.
    shared = ma.transition_key() == mb.transition_key()
    kmax = space.max_cards
    max_depth = kmax * len(space.players)

    def evaluate(level: _Level) -> None:
        aA, aB, W = level.alive_a, level.alive_b, level.weights
        both = aA & aB
        tally.only_a += int(W[aA & ~aB].sum())
        tally.only_b += int(W[aB & ~aA].sum())
        idx = np.nonzero(both)[0]
        if not len(idx):
            return
        w = W[idx]
        tally.battles += int(w.sum())
        sa = level.a[:, idx]
        sb = sa if shared else level.b[:, idx]
        wa, ha, ta = ma.outcome(sa)
        wb, hb, tb = mb.outcome(sb)
        tally.strengths += int(w[(ta != tb).any(axis=0)].sum())
        mv = level.sequences[:level.depth, idx]

        def key_of(kind, mask):
            # the battles are in the order of their smallest sequences: the first is the smallest
            return (level.depth, tuple(int(i) for i in mv[:, np.argmax(mask)]))

        tally.classify(wa, wb, ha, hb, key_of, lambda m: int(w[m].sum()))

    def expand(level: _Level) -> _Level | None:
        """Every battle one play after those of ``level``, merged, in order."""
        parts = []
        held = merged = 0        # battles held in parts, and how many the last merge of them left
        step = max(1, chunk // max(len(plays), 1))
        for start in range(0, level.size, step):
            part = _children(level.slice(start, start + step), ma, mb, shared, plays, kmax)
            if part is None:
                continue
            parts.append(part.merged(shared, telling))
            held += parts[-1].size
            if len(parts) > 1 and held > 2 * merged + chunk:      # merge as we go: memory stays small
                parts = [_Level.joined(parts).merged(shared, telling)]
                held = merged = parts[0].size
        if not parts:
            return None
        return _Level.joined(parts).merged(shared, telling) if len(parts) > 1 else parts[0]

    # rows that cannot tell two battles' futures apart are left out when battles are merged
    idle = ma.idle_rows(max_depth) & mb.idle_rows(max_depth)
    telling = np.array([r for r in range(L.width) if r not in idle], dtype=np.intp)
    level = _Level.root(L, max(max_depth, 1))
    evaluate(level)
    prog.start(max(max_depth, 1), "levels of plays")
    for depth in range(max_depth - 1):
        level = expand(level)
        if level is None:
            break
        evaluate(level)
        prog.update(depth + 1)
    else:
        # the last level has no children to share: each slice's battles are counted and dropped
        step = max(1, chunk // max(len(plays), 1))
        for start in range(0, level.size if max_depth else 0, step):
            part = _children(level.slice(start, start + step), ma, mb, shared, plays, kmax)
            if part is not None:
                evaluate(part)
    prog.update(max(max_depth, 1))


class _Level:
    """The different battles after ``depth`` plays: their states under A and B (one column
    each), whether each is legal under A and under B, how many play sequences reach it
    (``weights``) and the smallest of them (``sequences``: one row per play, the play's index)."""

    def __init__(self, a, b, alive_a, alive_b, sequences, weights, depth: int):
        self.a, self.b = a, b
        self.alive_a, self.alive_b = alive_a, alive_b
        self.sequences, self.weights = sequences, weights
        self.depth = depth

    @property
    def size(self) -> int:
        return self.a.shape[1]

    @classmethod
    def root(cls, layout: Layout, depth: int) -> "_Level":
        state = np.zeros((layout.width, 1), dtype=np.int8)
        alive = np.ones(1, dtype=bool)
        return cls(state, state, alive, alive, np.zeros((depth, 1), dtype=np.int16), np.ones(1, dtype=np.int64), 0)

    def slice(self, start: int, stop: int) -> "_Level":
        return _Level(self.a[:, start:stop], self.b[:, start:stop], self.alive_a[start:stop],
                      self.alive_b[start:stop], self.sequences[:, start:stop], self.weights[start:stop], self.depth)

    @classmethod
    def joined(cls, parts: list) -> "_Level":
        """Levels one after another (each in order, and every sequence of one before the next's)."""
        shared = all(p.b is p.a for p in parts)
        a = np.concatenate([p.a for p in parts], axis=1)
        return cls(a, a if shared else np.concatenate([p.b for p in parts], axis=1),
                   np.concatenate([p.alive_a for p in parts]), np.concatenate([p.alive_b for p in parts]),
                   np.concatenate([p.sequences for p in parts], axis=1), np.concatenate([p.weights for p in parts]),
                   parts[0].depth)

    def merged(self, shared: bool, telling) -> "_Level":
        """Each different battle once: weights added up, the first (smallest) sequence kept.

        Battles are told apart by the ``telling`` rows of their state under both rulesets and
        whether they are legal under each (the state of a side where a battle is illegal never
        matters again, so it is cleared first): sorted by a hash of those rows, and every two
        battles found equal by their hash compared in full (should two different battles ever
        share a hash, the rows themselves are sorted instead)."""
        if not shared:
            self.a[:, ~self.alive_a] = 0
            self.b[:, ~self.alive_b] = 0
        rows = [self.a[r] for r in telling] + ([] if shared else [self.b[r] for r in telling])
        rows += [self.alive_a.view(np.uint8), self.alive_b.view(np.uint8)]
        rows = [r.view(np.uint8) for r in rows]
        rows += [np.zeros(self.size, dtype=np.uint8)] * (-len(rows) % 8)
        # each battle's rows, 8 bytes to a word
        words = [np.stack(rows[i:i + 8], axis=1).view(np.uint64).ravel() for i in range(0, len(rows), 8)]
        order, start = _groups(_hash_words(words))
        same = np.nonzero(~start)[0]
        if len(same) and not all((w[order[same]] == w[order[same - 1]]).all() for w in words):
            # two different battles share a hash: tell them apart by their rows themselves
            table = np.ascontiguousarray(np.stack(words, axis=1))
            order, start = _groups(np.unique(table.view(np.dtype((np.void, table.shape[1] * 8))).ravel(),
                                             return_inverse=True)[1].ravel())
        firsts = np.nonzero(start)[0]
        weights = np.add.reduceat(self.weights[order], firsts)
        keep = order[firsts]
        back = np.argsort(keep, kind="stable")           # the battles in the order of their smallest sequences
        keep, weights = keep[back], weights[back]
        a = self.a[:, keep]
        return _Level(a, a if shared else self.b[:, keep], self.alive_a[keep], self.alive_b[keep],
                      self.sequences[:, keep], weights, self.depth)


def _hash_words(words: list):
    """A 64-bit hash of each battle's ``words`` (splitmix64's mixing, word by word)."""
    mix = (np.uint64(0x9E3779B97F4A7C15), np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB))
    h = np.zeros(len(words[0]), dtype=np.uint64)
    with np.errstate(over="ignore"):
        for j, word in enumerate(words):
            x = (word ^ h) + mix[0] * np.uint64(j + 1)
            x = (x ^ (x >> np.uint64(30))) * mix[1]
            x = (x ^ (x >> np.uint64(27))) * mix[2]
            h = x ^ (x >> np.uint64(31))
    return h


def _groups(values):
    """(order, start): the indices sorted by ``values`` (equal ones in their first order) and,
    along that order, where each run of equal values starts."""
    order = np.argsort(values, kind="stable")
    sv = values[order]
    start = np.ones(len(order), dtype=bool)
    start[1:] = sv[1:] != sv[:-1]
    return order, start


def _children(level: _Level, ma: FastModel, mb: FastModel, shared: bool, plays: list, kmax: int) -> _Level | None:
    """Every battle one play after those of ``level``, in the order of their smallest sequences
    (parent by parent, then play by play), not merged."""
    outs = []
    for pi, p in enumerate(plays):
        la = ma.legal(level.a, level.alive_a, p, kmax)
        lb = la if shared else mb.legal(level.b, level.alive_b, p, kmax)
        if la is None and lb is None:
            continue
        if la is None:
            la = np.zeros(level.size, dtype=bool)
        if lb is None:
            lb = np.zeros(level.size, dtype=bool)
        rows = np.nonzero(la | lb)[0]
        if not len(rows):
            continue
        CA = level.a[:, rows]
        ma.apply(CA, p)
        if shared:
            CB = CA
        else:
            CB = level.b[:, rows]
            mb.apply(CB, p)
        outs.append((rows, pi, CA, CB, la[rows], lb[rows]))
    if not outs:
        return None
    parent = np.concatenate([o[0] for o in outs])
    play = np.concatenate([np.full(len(o[0]), o[1], dtype=np.int16) for o in outs])
    order = np.lexsort((play, parent))
    parent, play = parent[order], play[order]
    a = np.concatenate([o[2] for o in outs], axis=1)[:, order]
    b = a if shared else np.concatenate([o[3] for o in outs], axis=1)[:, order]
    sequences = level.sequences[:, parent]
    sequences[level.depth] = play
    return _Level(a, b, np.concatenate([o[4] for o in outs])[order], np.concatenate([o[5] for o in outs])[order],
                  sequences, level.weights[parent], level.depth + 1)
