"""The lines as they stood after each Step, rebuilt from the Steps themselves.

A Resolution carries its steps and the final lines, not the lines at every moment.
The stepper and the HTML views need both: which cards lay in which line after step i,
which were face down, and which a step removed (struck out where they lay, not just
listed in a pile).  The steps say all of it: a play step names its player and card, a
season, Bishop or Scarecrow step names the cards it took away, the reveal step names
the cards it turned over.  Plain Python, no display library.
"""
from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Mapping
from typing import Sequence

from ..errors import RulesError, excerpt, expects
from ..explain import Step
from ..resolution import Resolution

# Steps that take cards named in Step.cards out of the lines, and where they go.
_REMOVES = {"season.cancel": "discarded", "card.bishop": "discarded", "card.scarecrow": "returned",
            "city.firenze": "taken"}
# Bishop and Scarecrow are discarded after acting (docs/rules.md, "On play: the special cards"); their
# step names only the cards they took, so the card itself is found as the player's last play.
_SELF_DISCARD = {"card.bishop": "bishop", "card.scarecrow": "scarecrow"}


@dataclass(frozen=True)
class Shown:
    """One card as a view shows it at one moment of a battle.

    ``gone`` is None while the card lies in the line, "discarded", "returned" (to
    hand, by a Scarecrow) or "taken" (a Courtesan Firenze's Ball took into Firenze's hand,
    zh 收回交際之花) once a step took it away; ``gone_at`` is that step's index.
    ``revealed``: played face down and turned over since.
    """

    card: object
    face_down: bool = False
    gone: str | None = None
    gone_at: int | None = None
    revealed: bool = False


class _Slot:
    __slots__ = ("card", "face_down", "gone", "gone_at", "revealed")

    def __init__(self, card, face_down):
        self.card, self.face_down = card, face_down
        self.gone = self.gone_at = None
        self.revealed = False

    def freeze(self) -> Shown:
        return Shown(self.card, self.face_down, self.gone, self.gone_at, self.revealed)


def _take_away(slot: _Slot, where: str, i: int) -> None:
    slot.gone, slot.gone_at = where, i
    if slot.face_down:
        # A face-down card leaving the line is seen (a season played face down under
        # face_down_specials='on_play' can be discarded by the other season).
        slot.face_down, slot.revealed = False, True


class Timeline:
    """Frames of a battle: ``frame(i)`` maps each player to their Shown cards after step i.

    ``cards`` maps card id -> Card for every card that was ever in a line.  Built from
    ``steps`` and checked against ``final_lines``: if a rule unknown to this module moved
    cards, the last frame is reconciled with the real lines and ``consistent`` is False.
    """

    @expects(players=(list, tuple), steps=(list, tuple), cards=Mapping, final_lines=(Mapping, None))
    def __init__(self, players: Sequence[str], steps: Sequence, cards: Mapping[int, object],
                 final_lines: Mapping[str, Sequence] | None = None, face_down=()):
        if not all(isinstance(s, Step) for s in steps):
            raise RulesError.say("{name} must be of type {kind}, not {value}", name="steps", kind="list of Steps",
                                 value=excerpt(steps))
        self.players = tuple(players)
        self.steps = list(steps)
        self.cards = dict(cards)
        lines: dict[str, list[_Slot]] = {p: [] for p in self.players}
        last_play: dict[str, _Slot] = {}
        self._frames: list[dict[str, tuple[Shown, ...]]] = []
        self._values: list[Mapping[int, int] | None] = []
        values = None
        for i, step in enumerate(self.steps):
            self._apply(i, step, lines, last_play)
            if step.values is not None:
                values = dict(step.values)          # (a step's read-only mapping does not pickle)
            self._frames.append({p: tuple(s.freeze() for s in lines[p]) for p in self.players})
            self._values.append(values)
        self.consistent = True
        if final_lines is not None:
            self._reconcile(lines, final_lines, set(face_down))

    def _live(self, lines, card_id):
        for p in self.players:
            for s in lines[p]:
                if s.gone is None and s.card.id == card_id:
                    return s
        return None

    def _apply(self, i, step, lines, last_play) -> None:
        rule = step.rule
        if rule in ("play.card", "play.face_down") and step.player in lines and step.cards:
            card = self.cards.get(step.cards[0])
            if card is not None:
                slot = _Slot(card, rule == "play.face_down")
                lines[step.player].append(slot)
                last_play[step.player] = slot
            return
        if rule in _REMOVES:
            for cid in step.cards:
                slot = self._live(lines, cid)
                if slot is not None:
                    _take_away(slot, _REMOVES[rule], i)
            own = last_play.get(step.player)
            if own is not None and own.gone is None and own.card.kind == _SELF_DISCARD.get(rule):
                _take_away(own, "discarded", i)
            return
        if rule == "battle.reveal":
            hidden = [self._live(lines, cid) for cid in step.cards]
            hidden = [s for s in hidden if s is not None]
            if any(s.face_down for s in hidden):
                # Hidden Cards (vi, Ẩn Bài): everything is turned over at the end.
                for s in hidden:
                    s.face_down, s.revealed = False, True
            else:
                # A revealed bluff (a face-down Bishop, Scarecrow or Surrender) is discarded.
                for s in hidden:
                    _take_away(s, "discarded", i)

    def _reconcile(self, lines, final_lines, face_down) -> None:
        last = len(self.steps) - 1
        for p in self.players:
            want = [c.id for c in final_lines.get(p, ())]
            live = [s for s in lines[p] if s.gone is None]
            if [s.card.id for s in live] == want:
                continue
            self.consistent = False
            keep = set(want)
            for s in live:
                if s.card.id not in keep:
                    _take_away(s, "discarded", last)
            have = {s.card.id for s in lines[p] if s.gone is None}
            for c in final_lines.get(p, ()):
                if c.id not in have:
                    lines[p].append(_Slot(c, c.id in face_down))
        final = {p: tuple(s.freeze() for s in lines[p]) for p in self.players}
        if self._frames:
            self._frames[-1] = final
        else:
            self._frames.append(final)
            self._values.append(None)

    def __len__(self) -> int:
        return len(self._frames)

    def frame(self, i: int) -> dict[str, tuple[Shown, ...]]:
        """Each player's cards after step ``i`` (negative indexes count from the end)."""
        return self._frames[i]

    def values(self, i: int) -> Mapping[int, int] | None:
        """Effective values known after step ``i`` (from the last strength step so far)."""
        return self._values[i]


@expects(res=Resolution)
def resolution_timeline(res) -> Timeline:
    """The timeline of a Resolution (its steps, checked against its final lines)."""
    cards = [*(c for line in res.lines.values() for c in line), *res.discarded,
             *(c for cs in res.returned.values() for c in cs)]
    return Timeline(res.players or tuple(res.lines), res.steps, {c.id: c for c in cards}, res.lines)


def battle_timeline(battle) -> Timeline:
    """The timeline of an unresolved Battle's steps so far, checked against its lines."""
    cards = {c.id: c for c in battle.deck}
    return Timeline(battle.players, battle.steps, cards, battle.lines, battle.face_down)
