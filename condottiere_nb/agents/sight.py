"""A battle as one player sees it, and what a card would change in it: what the heuristic agent
weighs at every decision (see :class:`Sight`).

Nothing here plays a card: a card with no on-play effect only joins its player's line, and what
a standard effect is about to do is the effect's own function (:data:`condottiere_nb.effects.AHEAD`);
the lines after the card are counted by the count itself, its totals remembered by the kinds in each line
(:func:`condottiere_nb.strength.totals_of`).
"""
from __future__ import annotations

from ..strength import DOUBLERS, KIND_CODE, SPRING_CODE, WINTER_CODE, holds, line_code, line_total, totals_of

__all__ = ["Sight", "seen"]


def seen(players, full, fd, me: str, hidden: float) -> tuple[list, list]:
    """(lines, extra) as ``me`` sees the lines ``full`` (one tuple per player, in seat order) when
    the cards ``fd`` lie face down: ``me``'s own cards all, an opponent's face-up ones; ``extra``:
    what each opponent's face-down cards are reckoned at, ``hidden`` each (twice that beside a
    face-up Drummer/Banner)."""
    if not fd:
        return full, [0.0] * len(players)
    lines, extra = [], []
    for p, line in zip(players, full):
        if p == me:
            lines.append(line)
            extra.append(0.0)
            continue
        up = tuple(c for c in line if c.id not in fd)
        doubled = any(c.kind in DOUBLERS for c in up)
        lines.append(up)
        extra.append((len(line) - len(up)) * hidden * (2 if doubled else 1))
    return lines, extra


def add(totals: dict, extra: list) -> dict:
    """Each line's counted total plus what its face-down cards are reckoned at."""
    if not any(extra):
        return totals
    return {p: t + x for (p, t), x in zip(totals.items(), extra)}


_NOTHING = frozenset()

#: (Spring's reading, my seat, the lines' codes) -> :func:`_judged`'s answer for a Sight of lines with
#: nothing face down, which depends on the kinds in the lines alone; only numbers, as the lines come
#: back in game after game and in every hand of a battle's odds
_BY_CODES: dict = {}


def _totals(players, lines, reading: str) -> dict:
    return dict(zip(players, totals_of(lines, reading)))


def _judged(reading: str, at: int, lines, codes: tuple, extra) -> tuple:
    """(Spring in play, Winter in play, each line's total with its face-down extra, the strongest
    opponent's total) for the seat ``at``: what a :class:`Sight` reads from the lines it sees."""
    every = sum(codes)
    values = totals_of(lines, reading, False, codes)
    if any(extra):
        values = tuple([t + x for t, x in zip(values, extra)])
    return holds(every, SPRING_CODE), holds(every, WINTER_CODE), values, max(values[:at] + values[at + 1:])


class Sight:
    """A battle as one player sees it at one decision, counted once.

    ``lines``: each line as ``me`` sees it (``me``'s own cards all, face-down ones too; an
    opponent's face-up cards), and ``codes`` the kinds each holds (:func:`condottiere_nb.strength.line_code`); ``extra``: what each opponent's
    face-down cards are reckoned at, ``hidden`` each (twice that beside a face-up Drummer/Banner);
    ``totals``: each line's strength so, counted by the count
    (:func:`condottiere_nb.strength.totals_of`); ``rival``: the strongest opponent's.
    """

    __slots__ = ("players", "me", "at", "full", "fd", "lines", "codes", "extra", "hidden", "reading", "spring",
                 "winter", "values", "totals", "rival", "where")

    def __init__(self, battle, me: str, hidden: float = 0.0):
        state = battle.state                  # read once: the Battle's properties read it each time
        players = self.players = state.players
        self.me = me
        at = self.at = players.index(me)
        self.hidden = hidden
        reading = self.reading = state.ruleset.spring_highest
        fd = state.face_down
        if fd:
            full = self.full = [battle.line(p) for p in players]
            fd = frozenset(fd)
            lines, extra = seen(players, full, fd, me, hidden)
            codes = tuple(map(line_code, lines))
        else:
            # nothing face down: the lines as they lie, and their codes as the battle keeps them up
            # to date (its zones' code of each line pile)
            zones = state.zones
            full = self.full = [tuple(zones.piles[k]) for k in state.line_keys]
            fd, lines, extra = _NOTHING, full, (0.0,) * len(players)
            codes = tuple(map(zones.code, state.line_keys))
        self.fd, self.lines, self.extra, self.codes = fd, lines, extra, codes
        if fd:
            judged = _judged(reading, at, lines, codes, extra)
        else:                     # what depends on the codes alone, looked up (:data:`_BY_CODES`)
            key = (reading, at, codes)
            judged = _BY_CODES.get(key)
            if judged is None:
                if len(_BY_CODES) >= 100_000:
                    _BY_CODES.clear()
                judged = _BY_CODES[key] = _judged(reading, at, lines, codes, extra)
        self.spring, self.winter, values, self.rival = judged
        self.values = values
        self.totals = dict(zip(players, values))
        self.where = None          # card id -> the index of its line, once needed

    @classmethod
    def count(cls, battle, me: str, hidden: float) -> dict:
        """The totals alone, as ``me`` sees ``battle``."""
        full = [battle.line(p) for p in battle.players]
        lines, extra = seen(battle.players, full, battle.face_down, me, hidden)
        return add(_totals(battle.players, lines, battle.ruleset.spring_highest), extra)

    def after(self, card) -> dict:
        """The totals as ``me`` would see them after laying ``card``, a card with no on-play
        effect, face up in ``me``'s line: only that line changes, and it is counted with the
        seasons in play.  With a Spring in play the whole count is taken again, because
        Spring's bonus goes to the highest Mercenary of all the lines."""
        me, at = self.me, self.at
        line = self.lines[at] + (card,)
        if self.spring:
            lines = list(self.lines)
            lines[at] = line
            return add(_totals(self.players, lines, self.reading), self.extra)
        after = dict(self.totals)
        after[me] = line_total(line, self.winter, self.codes[at] + KIND_CODE[card.kind]) + self.extra[at]
        return after

    def lead_after(self, card) -> float:
        """My strength minus the strongest opponent's after laying ``card`` as in :meth:`after`:
        without Spring the opponents' lines stay as they are."""
        at = self.at
        if self.spring:
            return self.lead_of(self.after(card))
        mine = line_total(self.lines[at] + (card,), self.winter, self.codes[at] + KIND_CODE[card.kind]) + self.extra[at]
        return mine - self.rival

    def after_effect(self, card, leaving) -> dict:
        """The totals as ``me`` would see them after laying ``card`` face up when its on-play
        effect then takes the cards ``leaving`` out of the lines (an Effect's ``leaving``)."""
        gone = {c.id for c in leaving}
        fd = self.fd
        if fd:
            full = [tuple([c for c in line if c.id not in gone]) if gone else line for line in self.full]
            if card.id not in gone:
                full[self.at] += (card,)
            lines, extra = seen(self.players, full, fd - gone, self.me, self.hidden)
            return add(_totals(self.players, lines, self.reading), extra)
        # nothing face down: only the lines the card and its effect touch change
        lines, codes = list(self.full), list(self.codes)
        if gone:
            for i, line in enumerate(lines):
                for c in line:
                    if c.id in gone:
                        lines[i] = line = tuple([c for c in line if c.id not in gone])
                        codes[i] = line_code(line)
                        break
        if card.id not in gone:
            at = self.at
            lines[at] += (card,)
            codes[at] += KIND_CODE[card.kind]
        return dict(zip(self.players, totals_of(lines, self.reading, False, codes)))

    def lead_effect(self, card, leaving) -> float:
        """My strength minus the strongest opponent's as :meth:`after_effect` counts it.  With nothing face down, no Spring in play and no season played or leaving,
        every line counts alone (:func:`condottiere_nb.strength.line_total`): only the lines the
        card and its effect touch are counted again."""
        if self.fd or self.spring or card.family == "season":
            return self.lead_of(self.after_effect(card, leaving))
        at, winter = self.at, self.winter
        stays = True
        rows = set()
        if leaving:
            where = self.where
            if where is None:
                where = self.where = {c.id: i for i, line in enumerate(self.full) for c in line}
            for c in leaving:
                if c is card:
                    stays = False
                    continue
                if c.family == "season":                  # a season leaves: every line changes
                    return self.lead_of(self.after_effect(card, leaving))
                rows.add(where[c.id])
        if not rows:
            if not stays:
                return self.values[at] - self.rival
            return line_total(self.full[at] + (card,), winter, self.codes[at] + KIND_CODE[card.kind]) - self.rival
        gone = {c.id for c in leaving}
        values = list(self.values)
        for i in rows:
            line = tuple([c for c in self.full[i] if c.id not in gone])
            values[i] = line_total(line + (card,) if i == at and stays else line, winter)
        if stays and at not in rows:
            values[at] = line_total(self.full[at] + (card,), winter, self.codes[at] + KIND_CODE[card.kind])
        rival = self.rival if rows == {at} else max(values[:at] + values[at + 1:])
        return values[at] - rival

    def lead_of(self, after: dict) -> float:
        """My total minus the strongest opponent's in ``after``."""
        me = self.me
        return after[me] - max([v for p, v in after.items() if p != me])
