"""The interaction checker: which rulings matter, counted over every battle of a bound.

:func:`check_interactions` enumerates every battle of a
:class:`~condottiere_nb.explore.space.BattleSpace` under two rulesets (or two values of one
option) and counts the battles whose winner or token holder differs, with the smallest
example of each kind of divergence explained by its Steps.  Two evaluators count the same
battles and find the same smallest examples: the vectorised model (``numpy_model``, fast, the
rulesets it models; it merges the play orders that reach the same battle) and the engine
itself (:func:`enumerate_engine`, slow, every play order one by one, every ruleset, no numpy).
"""
from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field, fields

from ..arguments import check_count
from ..battle import Battle, Resolution
from ..errors import IllegalMove, Listed, RulesError
from ..language import speaker
from ..rulesets import Ruleset, get_ruleset, shown
from .numpy_model import enumerate_numpy, fast_model_gap, load_numpy
from .progress import Progress, as_progress, numpy_hint
from .space import (DEFAULT_KINDS, BattleSpace, PlayedCard, battle_space, check_in_turn, engine_outcome,
                    play_in_turn, play_sequence_notation, possible_plays)
from .divergences import DIVERGENCE_KINDS, Divergences, divergence_title


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
        return divergence_title(speaker("en"), self.kind, self.label_a, self.label_b)

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
    evaluator: str = "numpy"    # or "engine"
    note: str = ""              # why the engine evaluated, when "auto" chose it
    partial: bool = False

    @property
    def rate(self) -> float:
        """Enumerated battles per second (compared plus one-sided)."""
        return (self.battles + self.only_a + self.only_b) / self.seconds if self.seconds > 0 else 0.0

    def divergence(self, kind: str) -> Divergence | None:
        return next((d for d in self.divergences if d.kind == kind), None)

    def summary(self) -> str:
        def pct(x):
            return f"{100 * x / self.battles:.2f}%" if self.battles else "-"
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
        from ..views.explore_views import interaction_html
        return interaction_html(self)


def _rulesets_for(a, b, option, base):
    if option is not None:
        base_rs = get_ruleset(base)
        names = {f.name for f in fields(base_rs)}
        if not isinstance(option, str) or option not in names:
            raise RulesError.say("Ruleset has no option {option}; options are: {names}", option=shown(option),
                                 names=Listed(sorted(names)))
        ra = base_rs.replace(**{option: a}) if a != getattr(base_rs, option) else base_rs
        rb = base_rs.replace(**{option: b}) if b != getattr(base_rs, option) else base_rs
        return ra, rb, f"{option}={shown(a)}", f"{option}={shown(b)}"
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
    both rulesets and numpy is installed, else the engine, with a note saying why).  Both
    give the same counts and examples.  ``explain`` re-plays the smallest example of each
    divergence through the engine to attach its Steps.
    """
    if option is None and b is None:
        raise RulesError.say("give two rulesets (a, b) or option= with two values")
    # chunk bounds the battles the vectorised model holds at once: from one to ten million
    check_count("chunk", chunk, 1, 10_000_000)
    ra, rb, la, lb = _rulesets_for(a, b, option, base)
    space = battle_space(players, kinds, max_cards, face_down, (ra, rb))
    if method not in ("auto", "numpy", "engine"):
        raise RulesError.say("method must be 'auto', 'numpy' or 'engine', not {value}", value=shown(method))
    gap = fast_model_gap(ra, space.kinds) or fast_model_gap(rb, space.kinds)
    note = ""
    if method == "auto":
        method = "engine" if gap else "numpy"
        if gap:
            note = f"Evaluated by the engine because {gap}."
        else:
            try:
                load_numpy()
            except ImportError:
                method = "engine"
                note = (f"Evaluated by the engine because numpy is not installed (the same counts, "
                        f"more slowly; {numpy_hint()} for the vectorised model).")
    elif method == "numpy":
        if gap:
            raise NotImplementedError(f"the vectorised model cannot check this: {gap}; use method='engine'")
        load_numpy()
    report = InteractionReport(ra, rb, la, lb, space, evaluator=method, note=note)
    prog = as_progress(progress)
    plays = possible_plays(space, ra.hidden_cards or rb.hidden_cards)
    t0 = time.perf_counter()
    tally = Divergences()
    try:
        if method == "numpy":
            enumerate_numpy(ra, rb, space, plays, tally, prog, chunk)
        else:
            enumerate_engine(ra, rb, space, plays, tally, prog)
    except KeyboardInterrupt:
        report.partial = True
    report.seconds = time.perf_counter() - t0
    prog.finish(report.partial)
    report.battles, report.only_a, report.only_b = tally.battles, tally.only_a, tally.only_b
    report.winner_differs, report.token_differs = tally.winner, tally.token
    report.either_differs, report.strengths_differ = tally.either, tally.strengths
    for kind in [k for k in DIVERGENCE_KINDS if k in tally.best]:
        seq = tuple(plays[i] for i in tally.best[kind][1])
        d = Divergence(kind, tally.counts[kind], seq, play_sequence_notation(space, seq),
                       label_a=la, label_b=lb)
        if explain:
            d.resolution_a = engine_outcome(ra, space, seq, explain=True)
            d.resolution_b = engine_outcome(rb, space, seq, explain=True)
        report.divergences.append(d)
    return report


def enumerate_engine(ra: Ruleset, rb: Ruleset, space: BattleSpace, plays: list[PlayedCard], tally: Divergences,
                     prog: Progress) -> None:
    """The same enumeration as :func:`~condottiere_nb.explore.numpy_model.enumerate_numpy`
    through Battle objects: slow, but every rule of every ruleset, and no numpy."""
    names = space.players
    idx = {n: i for i, n in enumerate(names)}

    def outcome(b):
        r = b.preview()
        return (idx[r.winner] if r.winner else -1, idx[r.token_holder], tuple(r.strengths.values()))

    def child(b, p):
        if b is None:
            return None
        try:
            check_in_turn(b, space, p)      # most refusals, without a copy
            c = b.copy()
            play_in_turn(c, space, p)
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
            tally.classify(wa, wb, ha, hb, lambda kind, m: key)
        elif ba is not None:
            tally.only_a += 1
        else:
            tally.only_b += 1

    def walk(ba, bb, seq):
        for i, p in enumerate(plays):
            ca, cb = child(ba, p), child(bb, p)
            if ca is not None or cb is not None:
                visit(ca, cb, seq + [i])
                walk(ca, cb, seq + [i])
            if not seq:             # the progress counts the first plays
                prog.update(i + 1)

    root_a = Battle(names, ra, explain=False)
    root_b = Battle(names, rb, explain=False)
    visit(root_a, root_b, [])
    prog.start(len(plays), "battles (engine)")
    walk(root_a, root_b, [])
