"""What the long runs share: progress reports, clean interruption and reproducible seeds.

Every tool of the package takes ``progress=`` (read by :func:`as_progress`), reports to it
as it goes and stops cleanly on KeyboardInterrupt, returning what it has so far marked
``partial=True``; seeds may be numbers or strings (:func:`seed_int`).  numpy is optional
(the ``lab`` extra): the tools that need it say so with :func:`numpy_hint`.
"""
from __future__ import annotations

import sys
import time
from typing import Callable

from ..agents.workers import seed_int
from ..arguments import check_count
from ..errors import RulesError, Sentence, expects
from ..options import shown

__all__ = ["numpy_hint", "Progress", "TextProgress", "redraws_in_place", "CallbackProgress", "as_progress", "seed_int",
           "ruleset_list", "check_player_counts", "game_refusal"]


def numpy_hint() -> str:
    """What to do when a tool needs numpy and it is missing: install the lab extra; in the browser
    (JupyterLite's Pyodide, where ``sys.platform`` is "emscripten"), run ``%pip install numpy`` in a
    cell, which takes numpy from Pyodide's own packages."""
    return "run %pip install numpy in a cell" if sys.platform == "emscripten" else 'pip install "condottiere_nb[lab]"'


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


def redraws_in_place(stream) -> bool:
    """Can ``stream`` draw a line again in place (after a carriage return)?  A terminal can, and so
    can a notebook's output (the stream of an IPython kernel); a log file or a pipe cannot."""
    try:
        if stream.isatty():
            return True
    except (AttributeError, ValueError, OSError):        # no isatty(), or a closed stream
        return False
    shell = getattr(sys.modules.get("IPython"), "get_ipython", None)      # read if loaded, never imported
    return shell is not None and shell() is not None


class TextProgress(Progress):
    """A one-line text bar.  On a terminal or in a notebook it is drawn again in place at most ten
    times a second; anywhere else (``redraw=False``, by default a stream that cannot,
    :func:`redraws_in_place`: a log file, a pipe) it writes a line at every tenth of the way, so a
    night's log holds eleven lines, not one every tenth of a second.  ``quiet_for``: seconds a run
    may take before the bar shows at all (a short run then writes nothing).

    >>> import io
    >>> out = io.StringIO()
    >>> bar = TextProgress(out, width=10)
    >>> bar.start(200, "games")
    >>> for done in range(1, 201): bar.update(done)
    >>> bar.finish()
    >>> [line.split("]")[0] for line in out.getvalue().splitlines()][::5]
    ['games [----------', 'games [#####-----', 'games [##########']
    """

    @expects(width=int, redraw=(bool, None), quiet_for=(int, float))
    def __init__(self, stream=None, width: int = 30, redraw: bool | None = None, quiet_for: float = 0.0):
        check_count("width", width, 1, 200)
        if stream is not None and not callable(getattr(stream, "write", None)):
            raise RulesError.say("stream must be a file to write to, such as {example}, not {value}",
                                 example="sys.stderr", value=shown(stream))
        if not 0 <= quiet_for <= 3600:
            raise RulesError.say("quiet_for must be a number of seconds from 0 to 3600, not {value}", value=quiet_for)
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.redraw = redraws_in_place(self.stream) if redraw is None else redraw
        self.quiet_for = quiet_for
        self._reset(1, "")

    def _reset(self, total: int, label: str) -> None:
        self.total = max(1, int(total))
        self.label = label
        self._t0 = time.perf_counter()
        self._last = None         # when it was last drawn (perf_counter), or None: not yet
        self._tenth = -1          # without redrawing: the tenths of the way written so far
        self._done = 0

    def start(self, total: int, label: str = "") -> None:
        self._reset(total, label)
        self.update(0)

    def update(self, done: int) -> None:
        self._done = done
        now = time.perf_counter()
        if now - self._t0 < self.quiet_for:
            return
        if not self.redraw:
            tenth = min(10, done * 10 // self.total)
            if tenth > self._tenth:
                self._tenth = tenth
                self._draw(done, now)
        elif self._last is None or now - self._last >= 0.1 or done >= self.total:
            self._draw(done, now)

    def _draw(self, done: int, now: float) -> None:
        self._last = now
        frac = min(1.0, done / self.total)
        filled = int(round(frac * self.width))
        bar = "#" * filled + "-" * (self.width - filled)
        line = f"{self.label} [{bar}] {done}/{self.total} {now - self._t0:5.1f}s"
        self.stream.write(f"\r{line}" if self.redraw else f"{line}\n")
        self.stream.flush()

    def finish(self, partial: bool = False) -> None:
        if self._last is None:
            return                                        # never shown: a run shorter than quiet_for
        if self.redraw:
            self.stream.write(" (interrupted: partial result)\n" if partial else "\n")
        elif partial:
            self.stream.write(f"{self.label}: interrupted at {self._done}/{self.total} (partial result)\n")
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


def as_progress(progress) -> Progress:
    """The ``progress=`` argument of every tool as a :class:`Progress`: None/False: silent;
    True: a text bar on stderr; a Progress as it is; a callable(done, total) through
    :class:`CallbackProgress`."""
    if progress is None or progress is False:
        return Progress()
    if progress is True:
        return TextProgress()
    if isinstance(progress, Progress):
        return progress
    if callable(progress):
        return CallbackProgress(progress)
    raise RulesError.say("progress must be None, True, a Progress or a callable(done, total), not {value}",
                         value=shown(progress))


def ruleset_list(rulesets) -> list:
    """The rulesets a long run plays: None for every named ruleset, one name or Ruleset, or a list."""
    from ..rulesets import RULESETS, Ruleset
    if rulesets is None:
        return list(RULESETS)
    if isinstance(rulesets, (str, Ruleset)):
        return [rulesets]
    if isinstance(rulesets, (list, tuple)) and rulesets:
        return list(rulesets)
    raise RulesError.say("rulesets must be a ruleset's name, a Ruleset or a non-empty list of them (None: every "
                         "named ruleset), not {value}", value=shown(rulesets))


def game_refusal(ruleset, players: int) -> str | None:
    """Why a game of ``players`` players cannot be played under ``ruleset`` (the refusal's text),
    or None when it can: what a long run asks before it plans a ruleset's games."""
    from ..game import Game
    try:
        Game(players, ruleset, 0, explain=False)
    except RulesError as e:
        return str(e)
    return None


def check_player_counts(players) -> tuple[int, ...]:
    """The player counts a long run plays: one number from 2 to 6 or a non-empty list of them."""
    counts = (players,) if isinstance(players, int) and not isinstance(players, bool) else players
    if not isinstance(counts, (list, tuple)) or not counts:
        raise RulesError.say("players must be a number of players from 2 to 6 or a list of them, not {value}",
                             value=shown(players))
    return tuple(check_count(Sentence.say("each number of players"), n, 2, 6) for n in counts)
