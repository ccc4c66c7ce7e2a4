"""The exercise generator: random battles, kept only where the rule practised decides the answer.

For a rule, :func:`candidate` deals a small battle around its card (a Winter in a line, a Bishop
about to be played ...) and :func:`judge` asks the engine for the answer, then again with each
rule of the position left out or misapplied (:mod:`condottiere_nb.practice.plans`).  A position is
kept when its answer is one (a hand question: exactly one card wins), the practised rule changes
it, and its level (how many rules change it) is the one asked for.  The wrong answers of the rules
that change it are kept as the exercise's mistakes.
"""
from __future__ import annotations

import random
from dataclasses import replace

from ..cards import KINDS
from ..errors import IllegalMove, RulesError
from ..strength import STAGES
from .exercise import Exercise, Mistake
from .plans import AMBIGUOUS, Plan, doubler_kinds, outcome, winning_kinds

__all__ = ["candidate", "judge", "SEATS", "STAGE_CARDS", "EFFECT_CARDS", "READINGS"]

#: The seats of an exercise battle (names that read the same in every language).
SEATS = ("Ana", "Ben", "Cy", "Dan")

#: A stage of the count -> the kinds whose presence makes it act (None: the deck's doublers).
STAGE_CARDS = {"season.winter": ("winter",), "card.drummer": None, "season.spring": ("spring",),
               "strength.characters": ("heroine", "courtesan"), "strength.printed": ()}

#: A rule of a card's on-play effect -> the kind the question plays.
EFFECT_CARDS = {"card.bishop": "bishop", "card.scarecrow": "scarecrow", "card.maiden": "maiden",
                "token.favor": "bishop"}

#: rule -> the Ruleset option that is its reading, and every value of it.
READINGS = {"season.spring": ("spring_highest", ("printed", "effective")),
            "card.bishop": ("bishop_highest", ("printed", "effective")),
            "token.condottiere": ("courtesan_in_tie", ("majority", "left"))}

#: What each rule asks.
ASKS = {"strength.printed": ("winner", "strength"),
        "season.winter": ("winner", "strength", "hand"), "card.drummer": ("winner", "strength", "hand"),
        "season.spring": ("winner", "strength", "hand"), "strength.characters": ("winner", "strength", "hand"),
        "season.cancel": ("winner", "strength"), "card.bishop": ("winner", "strength"),
        "card.scarecrow": ("winner", "strength"), "card.maiden": ("winner", "strength"),
        "token.condottiere": ("token",), "token.favor": ("favor",),
        "play.face_down": ("winner",), "battle.reveal": ("winner", "strength")}

_NOT_LEVEL = {"strength.printed", "battle.compare"}


def _stage_kinds(rule: str, ruleset) -> tuple:
    kinds = STAGE_CARDS[rule]
    return tuple(doubler_kinds(ruleset)) if kinds is None else kinds


def _deal_lines(rng: random.Random, ruleset, players, rule: str, extra: float) -> dict:
    """Each player's cards for the line, around the rule's card; other count cards with chance ``extra``."""
    mercs = [k for k in ruleset.counts if k.isdigit()]
    left = dict(ruleset.counts)
    lines = {p: [] for p in players}

    def put(p, kind):
        if left.get(kind, 0) > 0:
            left[kind] -= 1
            lines[p].append(kind)

    for p in players:
        for _ in range(rng.randint(1, 3)):
            put(p, rng.choice(mercs))
    # Without the printed values Spring has no highest Mercenary to find: not asked together.
    seasons = [k for k in ("winter", "spring") if k in left and not (k == "spring" and rule == "strength.printed")]
    doublers = doubler_kinds(ruleset)
    characters = [k for k in ("heroine", "courtesan") if k in left]
    season = None
    if rule in ("season.winter", "season.spring"):
        season = "winter" if rule == "season.winter" else "spring"
    elif rule == "season.cancel" or (seasons and rng.random() < extra):
        season = rng.choice(seasons) if seasons else None
    if season:
        put(rng.choice(players), season)
    if rule == "card.drummer" or (doublers and rng.random() < extra):
        if doublers:
            put(rng.choice(players), rng.choice(doublers))
    if rule == "strength.characters" or (characters and rng.random() < extra):
        if characters:
            put(rng.choice(players), rng.choice(characters))
    if rule == "token.condottiere":
        for p in rng.sample(players, rng.randint(1, 2)):
            for _ in range(rng.randint(1, 2)):
                put(p, "courtesan")
    for p in players:
        rng.shuffle(lines[p])
    return lines


def _order(players, lines: dict, last: str | None):
    """The moves of the lines in strict turn order from the first seat: each player plays their
    next card or, with none left, passes.  Without ``last``: until every card is played.  With
    ``last`` (who holds at least as many cards as anyone): until it is ``last``'s turn again after
    every card is played."""
    queue = {p: list(cs) for p, cs in lines.items()}
    moves, passed = [], set()
    i = 0
    while True:
        p = players[i % len(players)]
        i += 1
        if p in passed:
            if len(passed) == len(players):
                raise ValueError("every player passed before the question's move")
            continue
        if p == last and not any(queue.values()):
            return tuple(moves)
        if queue[p]:
            moves.append(queue[p].pop(0))
        else:
            moves.append((p, None, False, None))
            passed.add(p)
        if last is None and not any(queue.values()):
            return tuple(moves)


def candidate(rng: random.Random, ruleset, rule: str, extra: float, level: int | None = None) -> Plan | None:
    """A random position and question for ``rule`` (None when the deal cannot make one, or when it
    has too few rules in play to reach ``level``)."""
    n = rng.choice((2, 2, 3, 3, 4))
    players = SEATS[:n]
    asks = ASKS[rule]
    ask = rng.choice(asks + (("winner", "hand") if "hand" in asks else ()))     # fewer sums to do
    lines = _deal_lines(rng, ruleset, players, rule, extra)
    hidden = ruleset.hidden_cards or ruleset.mercenaries_face_down
    moves = {p: [(p, k, hidden and k.isdigit() and (ruleset.mercenaries_face_down or rng.random() < 0.5), None)
                 for k in cs] for p, cs in lines.items()}
    pending, asked, hand = None, None, ()
    last = None
    if rule in EFFECT_CARDS or rule in ("season.cancel", "play.face_down") or ask == "hand":
        last = rng.choice(players)
        if rule == "token.favor" and rng.random() < 0.6:
            other = rng.choice([p for p in players if p != last])
            moves[other].insert(0, (other, "bishop", False, None))
        longest = max(len(m) for m in moves.values())
        while len(moves[last]) < longest:
            moves[last].append((last, rng.choice([k for k in ruleset.counts if k.isdigit()]), False, None))
    if rule == "season.cancel":
        in_lines = {k for cs in lines.values() for k in cs} & {"winter", "spring"}
        if not in_lines:
            return None
        pending = (last, "spring" if "winter" in in_lines else "winter", False, None)
    elif rule == "card.scarecrow":
        own = [k for (_p, k, down, _t) in moves[last] if k.isdigit() and not down]
        if not own:
            return None
        pending = (last, "scarecrow", False, rng.choice(own))
    elif rule == "card.maiden":
        soldiers = [(p, k) for p, cs in lines.items() for k in cs if k.isdigit()]
        owner, kind = rng.choice(soldiers)
        if sum(1 for c in lines[owner] if c == kind) > 1 and False:
            return None
        pending = (last, "maiden", False, f"{owner}:{kind}")
    elif rule in EFFECT_CARDS or rule == "play.face_down":
        pending = (last, "bishop", False, None)
    if ask == "hand":
        asked = last
    elif ask == "strength":
        asked = rng.choice(players)
    plan = Plan(ruleset, players, _order(players, moves, last), ask, pending, asked, hand)
    if level is not None:
        # a hand brings one card more, which may bring one rule more
        room = len(set(_present(plan, ruleset, rule)) - _NOT_LEVEL) + (ask == "hand")
        if room < level:
            return None
    return _with_hand(rng, plan, rule) if ask == "hand" else plan


def _with_hand(rng: random.Random, plan: Plan, rule: str) -> Plan | None:
    """The plan with a hand of three kinds of which exactly one wins: a card that wins by the rules
    and not with ``rule`` left out, and two that do not win (one that would with the rule left out,
    where there is one: the learner's likely mistake)."""
    rs = plan.ruleset
    kinds = [k for k in rs.counts if k.isdigit() or k in ("heroine", "winter", "spring") or KINDS[k].doubles]
    wins = winning_kinds(plan, kinds)
    without = set(winning_kinds(plan, kinds, _left_out(plan, rule)[1]))
    good = [k for k in wins if k not in without]
    bad = [k for k in kinds if k not in wins]
    if not good or len(bad) < 2:
        return None
    tempting = [k for k in bad if k in without]
    first = rng.choice(tempting) if tempting else rng.choice(bad)
    second = rng.choice([k for k in bad if k != first])
    hand = tuple(sorted({rng.choice(good), first, second}, key=list(rs.counts).index))
    return replace(plan, hand=hand)


def _present(plan: Plan, ruleset, rule: str) -> list[str]:
    """The rules that may change the plan's answer (each is then tried).  The printed strengths
    take part in every count: they are tried only when they are the rule practised."""
    kinds = {m[1] for m in plan.all_moves()} | set(plan.hand)
    rules = ["strength.printed"] if rule == "strength.printed" else []
    for stage in ("season.winter", "card.drummer", "season.spring", "strength.characters"):
        if kinds & set(_stage_kinds(stage, ruleset)):
            rules.append(stage)
    if plan.pending is not None:
        kind = plan.pending[1]
        rules.append("season.cancel" if kind in ("winter", "spring") else
                     "token.favor" if plan.ask == "favor" else f"card.{kind}")
    if plan.ask == "token":
        rules.append("token.condottiere")
    # Under the Persian tutorial every soldier lies face down: the reveal takes part in every count.
    if any(m[2] for m in plan.all_moves()) and (rule == "battle.reveal" or not ruleset.mercenaries_face_down):
        rules.append("battle.reveal")
        if plan.pending is not None and plan.pending[1] == "bishop":
            rules.append("play.face_down")
    return rules


def _left_out(plan: Plan, rule: str):
    """How the engine runs with ``rule`` left out."""
    if rule in STAGE_CARDS:
        return ("stages", tuple(s for s in STAGES if s != rule))
    if rule == "token.condottiere":
        return ("winner", ())
    if rule == "play.face_down":
        return ("face_up", ())
    if rule == "battle.reveal":
        return ("unseen", ())
    if plan.ask == "hand":
        return ("inert", EFFECT_CARDS.get(rule))
    return ("skip", len(plan.moves))


def _misapplied(plan: Plan, rule: str, present: list[str]) -> list[tuple]:
    """Other ways to get ``rule`` wrong: two stages of the count swapped, its other reading."""
    ways = []
    for a, b in (("season.winter", "card.drummer"), ("card.drummer", "season.spring")):
        if rule in (a, b) and a in present and b in present:
            order = list(STAGES)
            i, j = order.index(a), order.index(b)
            order[i], order[j] = order[j], order[i]
            ways.append(("stages", tuple(order)))
    if rule in READINGS:
        option, values = READINGS[rule]
        now = getattr(plan.ruleset, option)
        ways += [("reading", (option, v)) for v in values if v != now]
    return ways


def judge(plan: Plan, rule: str, level: int | None) -> Exercise | None:
    """The exercise of ``plan`` for ``rule``, or None when the engine's answer is not one, the rule
    does not change it, or its level is not ``level``."""
    built: dict = {}
    try:
        right = outcome(plan, None, built)
    except IllegalMove:
        return None
    if right is AMBIGUOUS:
        return None
    present = _present(plan, plan.ruleset, rule)
    if rule not in present:
        return None
    deciding, mistakes = [], []
    for r in present:
        try:
            wrong = outcome(plan, _left_out(plan, r), built)
        except IllegalMove:
            continue
        if wrong != right:
            deciding.append(r)
            if wrong is not AMBIGUOUS:
                mistakes.append(Mistake(r, _left_out(plan, r), wrong))
        elif r == rule:
            return None
    if rule not in deciding:
        return None
    counted = [r for r in deciding if r not in _NOT_LEVEL]
    if level is not None and len(counted) != level:
        return None
    for r in deciding:
        for way in _misapplied(plan, r, present):
            try:
                wrong = outcome(plan, way, built)
            except IllegalMove:
                continue
            if wrong != right and wrong is not AMBIGUOUS:
                mistakes.append(Mistake(r, way, wrong))
    others = tuple(r for r in deciding if r != rule)
    return Exercise(rule, others, plan, right, tuple(mistakes))


def fits(rule: str, ruleset) -> RulesError | None:
    """Why ``rule`` cannot make a question under ``ruleset`` (a RulesError), or None."""
    kinds = set(ruleset.counts)
    needs = {"season.cancel": {"winter", "spring"}, "card.bishop": {"bishop"}, "token.favor": {"bishop"},
             "card.scarecrow": {"scarecrow"}, "card.maiden": {"maiden"}, "token.condottiere": {"courtesan"}}
    need = needs.get(rule)
    if rule in STAGE_CARDS and rule != "strength.printed":
        need = set(_stage_kinds(rule, ruleset))
        if not kinds & need:
            return RulesError.say("{rule} cannot make a question under the {rules} rules: their deck has no card it "
                                  "acts on", rule=rule, rules=ruleset.name)
        return None
    if need and not need <= kinds:
        return RulesError.say("{rule} cannot make a question under the {rules} rules: their deck has no card it "
                              "acts on", rule=rule, rules=ruleset.name)
    if rule in ("play.face_down", "battle.reveal") and not (ruleset.hidden_cards or ruleset.mercenaries_face_down):
        return RulesError.say("{rule} cannot make a question under the {rules} rules: no card is played face down "
                              "there; try the hidden-cards rules", rule=rule, rules=ruleset.name)
    if rule == "play.face_down" and "bishop" not in kinds:
        return RulesError.say("{rule} cannot make a question under the {rules} rules: a face-down card changes an "
                              "answer only against a Bishop, and their deck has none", rule=rule, rules=ruleset.name)
    return None
