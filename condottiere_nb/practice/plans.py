"""Positions for exercises, and how the engine answers them with a rule left out or misapplied.

A :class:`Plan` is a battle as data: its seats, the moves played so far (in strict turn order),
the move the question names (``pending``: "Ben plays a Bishop"), and what is asked.  The engine
answers it (:func:`outcome`) exactly, and the same way with one of the :data:`Variant` s that a
learner's mistake amounts to:

* ``("stages", ids)``: the count's stages (``condottiere_nb.strength.STAGES``) run in another
  order or with one left out, through ``Battle.preview(stages=...)``;
* ``("skip", i)``: move ``i`` not made (the card did nothing: a Bishop, a Scarecrow, a season
  that discards the other one, a Maiden);
* ``("face_up", ())``: every face-down card played face up (Hidden Cards);
* ``("unseen", ())``: every face-down card left out of the count (never revealed);
* ``("reading", (option, value))``: the rule read as the ruleset's other reading does;
* ``("winner", ())``: the token question answered by the battle's winner alone;
* ``("inert", kind)``: in a hand question, a card of ``kind`` played as a card that does nothing.

Nothing here applies a rule: every answer is a Resolution of the engine.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..battle import Battle
from ..cards import KINDS
from ..errors import IllegalMove

__all__ = ["Plan", "build", "outcome", "answer_of", "AMBIGUOUS"]

#: The answer of a hand question where no card, or more than one, wins.
AMBIGUOUS = object()


@dataclass(frozen=True)
class Plan:
    """A position and its question, as data: ``moves`` are (player, kind, face_down, take), a
    pass being (player, None, False, None); ``pending`` the move the question names, or None;
    ``ask`` the question kind ("winner", "strength", "token", "favor", "hand"); ``asked`` the
    player asked about (strength, hand); ``hand`` the kinds of a hand question."""

    ruleset: object
    players: tuple
    moves: tuple
    ask: str
    pending: tuple | None = None
    asked: str | None = None
    hand: tuple = ()
    key: tuple = field(default=(), compare=False)

    def all_moves(self) -> tuple:
        return self.moves + ((self.pending,) if self.pending is not None else ())


def build(plan: Plan, *, explain=False, pending: bool = True, skip: int | None = None, face_up: bool = False,
          unseen: bool = False, ruleset=None) -> Battle:
    """The plan's battle (with its pending move unless ``pending=False``): strict turn order as
    played, or, when a move is left out or changed, a sandbox battle of the same cards."""
    moves = plan.all_moves() if pending else plan.moves
    changed = skip is not None or face_up or unseen or ruleset is not None
    b = Battle(list(plan.players), ruleset=ruleset or plan.ruleset, strict=not changed, explain=explain)
    for i, (player, kind, face_down, take) in enumerate(moves):
        if kind is None:
            if not changed:
                b.pass_turn(player)
            continue
        if i == skip or (unseen and face_down):
            continue
        down = face_down and not face_up
        if take is None:
            b.play(player, kind, face_down=down) if down else b.play(player, kind)
        else:
            b.play(player, kind, face_down=down, take=take)
    return b


def answer_of(plan: Plan, resolution):
    """What a Resolution answers to the plan's question."""
    if plan.ask == "winner":
        return resolution.winner
    if plan.ask == "strength":
        return resolution.strengths[plan.asked]
    if plan.ask == "token":
        return resolution.token_holder
    if plan.ask == "favor":
        return resolution.favor
    raise ValueError(plan.ask)


def _preview(battle, stages):
    return battle.preview() if stages is None else battle.preview(stages=stages)


def outcome(plan: Plan, variant=None, built: dict | None = None):
    """The answer to the plan's question, as the engine finds it: by the rules (``variant`` None)
    or with one rule left out or misapplied (see the module's docstring).  ``built``: a dict in
    which the plan's battle is kept between calls (the stages variants preview the same battle)."""
    how, arg = variant if variant is not None else (None, None)
    if plan.ask == "hand":
        return _hand_outcome(plan, how, arg)
    stages = arg if how == "stages" else None
    if how in (None, "stages", "winner") and built is not None:
        if "battle" not in built:
            built["battle"] = build(plan)
        resolution = _preview(built["battle"], stages)
        return resolution.winner if how == "winner" else answer_of(plan, resolution)
    kwargs = {"skip": arg} if how == "skip" else {"face_up": True} if how == "face_up" else \
        {"unseen": True} if how == "unseen" else {}
    if how == "reading":
        option, value = arg
        kwargs["ruleset"] = plan.ruleset.replace(**{option: value})
    resolution = _preview(build(plan, **kwargs), stages)
    if how == "winner":
        return resolution.winner
    return answer_of(plan, resolution)


def _hand_outcome(plan: Plan, how, arg):
    """The one card of the hand whose play makes the asked player conquer (everyone passing
    after it), or AMBIGUOUS."""
    stages = arg if how == "stages" else None
    ruleset = plan.ruleset.replace(**{arg[0]: arg[1]}) if how == "reading" else None
    base = build(plan, pending=False, ruleset=ruleset)
    winning = []
    for kind in plan.hand:
        b = base.copy()
        if not (how == "inert" and kind == arg):
            b.play(plan.asked, kind)
        if _preview(b, stages).winner == plan.asked:
            winning.append(kind)
    return winning[0] if len(winning) == 1 else AMBIGUOUS


def winning_kinds(plan: Plan, kinds, stages=None) -> list[str]:
    """The kinds of ``kinds`` whose play by the asked player makes them conquer (everyone passing
    after it), counted with ``stages`` (None: the rules' order)."""
    base = build(plan, pending=False)
    found = []
    for kind in kinds:
        b = base.copy()
        try:
            b.play(plan.asked, kind)
        except IllegalMove:
            continue
        if _preview(b, stages).winner == plan.asked:
            found.append(kind)
    return found


def doubler_kinds(ruleset) -> list[str]:
    """The kinds of the ruleset's deck that double their line (the Drummer; the Persian Banner)."""
    return [k for k in ruleset.counts if KINDS[k].doubles]
