"""The end of a battle (docs/rules.md, "The count"): the face-down cards are revealed,
the lines are counted (:mod:`condottiere_nb.strength`), the strongest conquers and someone takes
the Condottiere token.  One function per rule, named after its rule id; :func:`resolve` runs them
in order and returns the :class:`Resolution`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .effects import season_cancel
from .explain import Step, explain
from .strength import evaluate

__all__ = ["Resolution", "resolve", "battle_end", "battle_reveal", "battle_compare", "token_condottiere"]


@dataclass(frozen=True)
class Resolution:
    """The outcome of a battle and every step that led to it.

    ``values`` maps each counted card id to its final strength.  A battle built with
    ``explain=False`` leaves ``steps`` empty and fills every other field the same way.
    Every field is the resolution's own copy: changing one changes nothing else.
    """

    strengths: dict[str, int]
    winner: str | None
    token_holder: str | None
    favor: str | None
    steps: list
    lines: dict = field(default_factory=dict)
    values: dict[int, int] = field(default_factory=dict)
    discarded: list = field(default_factory=list)
    returned: dict = field(default_factory=dict)
    tied: list[str] = field(default_factory=list)
    surrendered_by: str | None = None
    players: tuple[str, ...] = ()

    def explain(self) -> str:
        """The whole battle in plain text, one numbered step a line."""
        return explain(self.steps)

    def __repr__(self) -> str:
        won = f"winner={self.winner!r}" if self.winner else f"tie={self.tied!r}"
        return (f"<Resolution {won} strengths={self.strengths} token_holder={self.token_holder!r}"
                f" favor={self.favor!r} steps={len(self.steps)}>")

    def _repr_html_(self) -> str:
        from .views.html import resolution_html
        return resolution_html(self)


def resolve(battle) -> Resolution:
    """Reveal, count, compare and pass the token.  The battle changes only by the reveal."""
    steps = list(battle.steps) if battle.explaining else None
    if steps is not None and battle.surrendered_by is None:
        battle_end(battle, steps)
    if battle.face_down:
        battle_reveal(battle, steps)
    lines = battle.lines
    totals, values, pipeline = evaluate(battle.players, lines, explain=steps is not None,
                                        spring_highest=battle.ruleset.spring_highest)
    if steps is not None:
        steps += pipeline
    winner, tied = battle_compare(battle, totals, values, steps)
    holder = token_condottiere(battle, winner, totals, steps)
    return Resolution(dict(totals), winner, holder, battle.favor, steps or [], lines, dict(values),
                      list(battle.discarded), {p: list(cs) for p, cs in battle.returned.items()}, tied,
                      battle.surrendered_by, battle.players)


def battle_end(battle, steps: list) -> None:
    """The battle ends when everyone has passed (a sandbox may be resolved earlier, as if
    everyone had passed then)."""
    steps.append(Step("battle.end", strengths=battle.announced(), data={"over": battle.is_over}))


def battle_reveal(battle, steps: list | None) -> None:
    """Hidden cards (vi, Ẩn Bài): the face-down cards are turned over, in play order.

    Under the 'reveal' reading each revealed season then acts as if played at that moment, in
    play order (so, as face up, the season played last stays); a revealed Bishop, Scarecrow or
    Surrender was a bluff and is discarded (the card registry's ``reveals``).  Under 'on_play'
    they acted when played.
    """
    hidden = battle.face_down
    order = [battle.deck[m.card] for m in battle.moves if m.card is not None and m.card in hidden]
    before = battle.announced() if steps is not None else None
    shown = {p: tuple(c.kind for c in battle.line(p) if c.id in hidden) for p in battle.players}
    acted = battle.ruleset.face_down_specials == "on_play"
    battle.face_down = set()
    if steps is not None:
        steps.append(Step("battle.reveal", strengths=battle.announced(), before=before,
                          cards=tuple(c.id for c in order), data={"shown": {p: k for p, k in shown.items() if k}}))
    if acted:
        return
    pending = {c.id for c in order if c.kind in ("winter", "spring")}
    for card in order:
        pending.discard(card.id)
        owner = battle.owner(card)
        if owner is None or not card.spec.reveals:
            continue
        if card.kind in ("winter", "spring"):
            mark = len(battle.steps)
            season_cancel(battle, owner, card, None, unseen=pending)
            if steps is not None:
                steps += battle.steps[mark:]
            del battle.steps[mark:]
            continue
        before = battle.announced() if steps is not None else None
        battle.discard([card])
        if steps is not None:
            steps.append(Step("battle.reveal", strengths=battle.announced(), before=before, cards=(card.id,),
                              data={"bluff": card.kind, "player": owner}))


def battle_compare(battle, totals: dict, values: dict, steps: list | None) -> tuple[str | None, list[str]]:
    """The strongest line conquers the region; a tie for the highest total conquers nothing
    (vi: Kết thúc trận chiến 1).  Returns (winner or None, the tied players)."""
    best = max(totals.values())
    top = [p for p in battle.players if totals[p] == best]
    winner = top[0] if len(top) == 1 else None
    tied = [] if winner else top
    if steps is not None:
        steps.append(Step("battle.compare", strengths=totals, values=values,
                          data={"winner": winner, "tied": tied, "best": best, "region": battle.region,
                                "passed": winner in battle.passed, "defender": battle.defender}))
    return winner, tied


def token_condottiere(battle, winner: str | None, totals: dict, steps: list | None) -> str:
    """Who takes the Condottiere token: the single player with the most Courtesans (option
    courtesan_token); else the winner; else, in an Invasion tie, the defender; else it passes
    from its holder to the next seat on the left (vi: Trường hợp ngoại lệ)."""
    players = battle.players
    leaders, most = [], 0
    if battle.ruleset.courtesan_token:
        counts = {p: sum(1 for c in battle.line(p) if c.kind == "courtesan") for p in players}
        most = max(counts.values())
        leaders = [p for p in players if counts[p] == most] if most else []
    if len(leaders) == 1:
        holder, why = leaders[0], "courtesans"
    elif winner is not None:
        holder, why = winner, "winner"
    elif battle.defender is not None:
        holder, why = battle.defender, "defender"
    else:
        holder, why = players[(players.index(battle.token_holder) + 1) % len(players)], "left"
    if steps is not None:
        steps.append(Step("token.condottiere", strengths=totals, player=holder,
                          data={"holder": holder, "previous": battle.token_holder, "why": why, "most": most,
                                "leaders": tuple(leaders), "winner": winner}))
    return holder
