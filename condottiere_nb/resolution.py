"""The end of a battle (docs/rules.md, "The count"): the face-down cards are revealed,
the lines are counted (:mod:`condottiere_nb.strength`), the strongest conquers and someone takes
the Condottiere token.  One function per rule, named after its rule id; :func:`resolve` runs them
in order, on the battle's :class:`~condottiere_nb.battle_state.BattleState`, and returns the
:class:`Resolution`.
"""
from __future__ import annotations

from types import MappingProxyType

from .cards import KIND_OF
from .effects import season_cancel
from .explain import Step, explain
from .strength import STAGES, evaluate

__all__ = ["Resolution", "resolve", "battle_end", "battle_reveal", "battle_compare", "token_condottiere"]


class Resolution:
    """The outcome of a battle and every step that led to it.

    ``strengths`` (player -> total), ``winner`` (None after a tie, whose players are ``tied``),
    ``token_holder``, ``favor`` (who earned the Pope's Favor), ``steps``, ``lines`` (player -> the
    cards that counted), ``values`` (card id -> its final strength), ``discarded`` and ``returned``
    (the cards discarded, and taken back to hand, in the battle), ``surrendered_by`` and
    ``players``.  A battle built with ``explain=False`` leaves ``steps`` empty and fills every
    other field the same way.  A Resolution never changes: every field it shows is a copy, and it
    keeps its Steps however long it outlives its battle or game.
    """

    __slots__ = ("_facts",)
    _FIELDS = ("strengths", "winner", "token_holder", "favor", "steps", "lines", "values", "discarded",
               "returned", "tied", "surrendered_by", "players")

    def __init__(self, strengths, winner, token_holder, favor, steps, lines=None, values=None, discarded=(),
                 returned=None, tied=(), surrendered_by=None, players=()):
        facts = {
            "strengths": MappingProxyType(dict(strengths)), "winner": winner, "token_holder": token_holder,
            "favor": favor, "steps": tuple(steps),
            "lines": MappingProxyType({p: tuple(cs) for p, cs in (lines or {}).items()}),
            "values": MappingProxyType(dict(values or {})), "discarded": tuple(discarded),
            "returned": MappingProxyType({p: tuple(cs) for p, cs in (returned or {}).items()}),
            "tied": tuple(tied), "surrendered_by": surrendered_by, "players": tuple(players)}
        object.__setattr__(self, "_facts", facts)

    def __setattr__(self, name, value):
        raise AttributeError("a Resolution is the record of a battle's end: it cannot be changed")

    strengths = property(lambda self: dict(self._facts["strengths"]), doc="player -> total (a copy).")
    winner = property(lambda self: self._facts["winner"], doc="Who conquers the region, or None after a tie.")
    token_holder = property(lambda self: self._facts["token_holder"], doc="Who takes the Condottiere token.")
    favor = property(lambda self: self._facts["favor"], doc="Who earned the Pope's Favor in the battle, or None.")
    steps = property(lambda self: list(self._facts["steps"]), doc="Every Step, in order (a copy).")
    lines = property(lambda self: {p: list(cs) for p, cs in self._facts["lines"].items()},
                     doc="player -> the cards that counted (copies).")
    values = property(lambda self: dict(self._facts["values"]), doc="card id -> its final strength (a copy).")
    discarded = property(lambda self: list(self._facts["discarded"]), doc="The cards discarded in the battle.")
    returned = property(lambda self: {p: list(cs) for p, cs in self._facts["returned"].items()},
                        doc="player -> the cards taken back to hand and not played again.")
    tied = property(lambda self: list(self._facts["tied"]), doc="The players tied for the highest total.")
    surrendered_by = property(lambda self: self._facts["surrendered_by"], doc="Who played a Surrender, or None.")
    players = property(lambda self: self._facts["players"], doc="The battle's seats, clockwise.")

    def __eq__(self, other) -> bool:
        if not isinstance(other, Resolution):
            return NotImplemented
        return self._facts == other._facts

    __hash__ = None

    def __reduce__(self):
        return (Resolution, tuple(getattr(self, name) for name in self._FIELDS))

    def explain(self, lang: str | None = None) -> str:
        """The whole battle in plain text, one numbered step a line, in ``lang`` (the default
        language when None)."""
        return explain(self._facts["steps"], lang)

    def __repr__(self) -> str:
        won = f"winner={self.winner!r}" if self.winner else f"tie={self.tied!r}"
        return (f"<Resolution {won} strengths={self.strengths} token_holder={self.token_holder!r}"
                f" favor={self.favor!r} steps={len(self._facts['steps'])}>")

    def _repr_html_(self) -> str:
        from .views.html import resolution_html
        return resolution_html(self)


def resolve(battle, stages=STAGES) -> Resolution:
    """The end of the battle, rule by rule: it ends (battle.end), the face-down cards are
    revealed (battle.reveal), the lines are counted by ``stages`` (the count's rule ids in order,
    :data:`condottiere_nb.strength.STAGES`), the strongest conquers (battle.compare) and someone
    takes the Condottiere token (token.condottiere).  The battle changes only by the reveal; its
    Steps so far and the resolution's make the Resolution's ``steps`` (none with explain=False)."""
    steps = list(battle.steps) if battle.explains else None
    if steps is not None and battle.surrendered_by is None:
        battle_end(battle, steps)
    if battle.face_down:
        battle_reveal(battle, steps)
    lines = {p: battle.line(p) for p in battle.players}
    totals, values, pipeline = evaluate(battle.players, lines, explain=steps is not None,
                                        spring_highest=battle.ruleset.spring_highest, stages=stages)
    if steps is not None:
        steps += pipeline
    winner, tied = battle_compare(battle, totals, values, steps)
    holder = token_condottiere(battle, winner, totals, steps)
    return Resolution(totals, winner, holder, battle.favor, steps or (), lines, values, battle.discarded,
                      battle.returned, tied, battle.surrendered_by, battle.players)


def battle_end(battle, steps: list) -> None:
    """The battle ends when everyone has passed (a sandbox may be resolved earlier, as if
    everyone had passed then)."""
    steps.append(Step.of("battle.end", strengths=battle.announced(), data={"over": battle.is_over}))


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
        steps.append(Step.of("battle.reveal", strengths=battle.announced(), before=before,
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
            told = battle.steps
            mark = len(told)
            season_cancel(battle, owner, card, None, unseen=pending)
            if steps is not None:       # the season's step belongs to the resolution, not the play
                steps += told[mark:]
            del told[mark:]
            continue
        before = battle.announced() if steps is not None else None
        battle.discard([card])
        if steps is not None:
            steps.append(Step.of("battle.reveal", strengths=battle.announced(), before=before, cards=(card.id,),
                              data={"bluff": card.kind, "player": owner}))


def battle_compare(battle, totals: dict, values: dict, steps: list | None) -> tuple[str | None, list[str]]:
    """The strongest line conquers the region; a tie for the highest total conquers nothing
    (vi: Kết thúc trận chiến 1).  Returns (winner or None, the tied players)."""
    best = max(totals.values())
    top = [p for p in battle.players if totals[p] == best]
    winner = top[0] if len(top) == 1 else None
    tied = [] if winner else top
    if steps is not None:
        steps.append(Step.of("battle.compare", strengths=totals, values=values,
                          data={"winner": winner, "tied": tied, "best": best, "region": battle.region,
                                "passed": winner in battle.passed, "defender": battle.defender,
                                "final": battle.final}))
    return winner, tied


def token_condottiere(battle, winner: str | None, totals: dict, steps: list | None) -> str:
    """Who takes the Condottiere token: the single player with the most Courtesans (option
    courtesan_token; after a tie only under courtesan_in_tie='majority', and in an Invasion tie only
    under invasion_tie_token='courtesans'); else the winner; else, in an Invasion tie, the defender;
    else it passes from its holder to the next seat on the left (vi: Trường hợp ngoại lệ; Xâm Lược)."""
    players = battle.players
    leaders, most = [], 0
    rs = battle.ruleset
    if rs.courtesan_token:
        counts = {p: list(map(KIND_OF, battle.line(p))).count("courtesan") for p in players}
        most = max(counts.values())
        leaders = [p for p in players if counts[p] == most] if most else []
    # After a tie the majority is set aside under courtesan_in_tie='left' (the token passes whatever the
    # Courtesans) and, in an Invasion tie, under invasion_tie_token='defender' (the defender takes it).
    set_aside = rs.courtesan_in_tie == "left" or (battle.defender is not None and rs.invasion_tie_token == "defender")
    ignored = leaders[0] if len(leaders) == 1 and winner is None and set_aside else None
    if len(leaders) == 1 and ignored is None:
        holder, why = leaders[0], "courtesans"
    elif winner is not None:
        holder, why = winner, "winner"
    elif battle.defender is not None:
        holder, why = battle.defender, "defender"
    else:
        holder, why = players[(players.index(battle.token_holder) + 1) % len(players)], "left"
    if steps is not None:
        steps.append(Step.of("token.condottiere", strengths=totals, player=holder,
                          data={"holder": holder, "previous": battle.token_holder, "why": why, "most": most,
                                "leaders": () if ignored else tuple(leaders), "winner": winner, "ignored": ignored}))
    return holder
