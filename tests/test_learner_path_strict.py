"""Every example battle on the learner path is played in turn order (issue 29).

The notebooks 00-06 teach that each player in turn plays one card or passes.  A `Battle` built
directly is a sandbox that lets any player play at any time; an example that uses that freedom
teaches the wrong habit, unless a sandbox position is its point and its prose says so.

The test runs the code cells of each path notebook's source (tools/notebooks/*.txt) with
`Battle.play` and `Battle.pass_turn` watched: every move made in a battle that is not strict must be
the move of the player whose turn it is (`Battle.to_move`, the turn order `strict=True` enforces), so
that the same battle builds with `strict=True` (a test below builds each one so).  A position in
battle notation's line form (``"Ana: 10 5 | Ben: winter"``) shows lines, not an order: there a player
whose line has no further card is read as having passed, which is legal.

:data:`SANDBOX` lists the positions allowed to break the order, each with its reason; the prose of the
cell before them must say it is a sandbox.
"""
from __future__ import annotations

import contextlib
import importlib.util
import io
import os
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")      # the notebooks' code shows widgets: the lab extra
from condottiere_nb import Battle
from condottiere_nb import notation as notation_module
from condottiere_nb.practice import plans as practice_plans

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "tools" / "notebooks"
#: the learner path: the tour, the card notebooks, the game notebooks
#: The teaching notebooks of the path.  07_practice asks rather than teaches: its positions are
#: exercises (tests/test_practice.py checks them), its sections name the rules each set practises.
PATH = sorted(p.stem for p in SOURCES.glob("0*.txt") if p.stem != "07_practice")

#: (notebook, the battle's notation when the order breaks) -> why a sandbox position is the point
SANDBOX = {
    ("00_start_here", "[Ana Ben Cy] Ana 10, Ben 5, Cy 6, Ben winter"):
        "the tour's first battle shows how a Battle built directly is a sandbox: its prose says any player "
        "may play any card in any order, so a position is set up directly",
}


def _builder():
    spec = importlib.util.spec_from_file_location("build_notebooks", ROOT / "tools" / "build_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Watch:
    """Every move of a battle that is not strict, and the ones made out of turn."""

    def __init__(self):
        self.moves: dict[int, list[str]] = {}        # id(battle) -> the players who moved, in order
        self.shorthand: set[int] = set()
        self.out_of_turn: list[tuple[int, int, str, str, str]] = []   # battle, move index, expected, player, notation
        self.battles: dict[int, Battle] = {}
        self._parsing = False
        self._replaying = 0

    def wrap(self, name):
        original = getattr(Battle, name)
        watch = self

        def watched(battle, player, *args, **kwargs):
            expected = battle.to_move
            original(battle, player, *args, **kwargs)
            if battle.strict or battle.final or watch._replaying:
                return      # a replay (an explanation, an undo, a reading) of a battle already watched
            key = id(battle)
            watch.battles[key] = battle
            if watch._parsing:
                watch.shorthand.add(key)
            moves = watch.moves.setdefault(key, [])
            if name == "play" and player != expected:
                watch.out_of_turn.append((key, len(moves), expected, player, battle.notation()))
            moves.append(player if name == "play" else f"pass {player}")
        return watched

    def wrap_replay(self, original):
        def watched(battle, *args, **kwargs):
            self._replaying += 1
            try:
                return original(battle, *args, **kwargs)
            finally:
                self._replaying -= 1
        return watched

    def wrap_shorthand(self, original):
        def watched(text):
            self._parsing = True
            return original(text)
        return watched

    def wrap_parse(self, original):
        def watched(*args, **kwargs):
            try:
                return original(*args, **kwargs)
            finally:
                self._parsing = False
        return watched

    def first_breaks(self) -> dict[int, tuple[str, str, str]]:
        """id(battle) -> (expected, player, notation so far) of its first move out of turn that no
        reading makes legal (after it, the turn order of the battle is broken anyway)."""
        found = {}
        for key, i, expected, player, text in self.out_of_turn:
            later = self.moves[key][i + 1:]
            if key in self.shorthand and expected not in later:
                continue        # a line-form position: the player whose line ended passed
            found.setdefault(key, (expected, player, text))
        return found

    def breaks(self) -> list[tuple[str, str, str]]:
        """The first breaks, each once (a battle rebuilt from its notation breaks where it did)."""
        return sorted(set(self.first_breaks().values()))


def run_notebook(stem: str, monkeypatch) -> Watch:
    """Run the notebook's code cells (as the builder writes them, in English) under a Watch."""
    watch = Watch()
    monkeypatch.setattr(Battle, "play", watch.wrap("play"))
    monkeypatch.setattr(Battle, "pass_turn", watch.wrap("pass_turn"))
    monkeypatch.setattr(Battle, "apply_move", watch.wrap_replay(Battle.apply_move))
    monkeypatch.setattr(notation_module, "_shorthand", watch.wrap_shorthand(notation_module._shorthand))
    monkeypatch.setattr(notation_module, "parse_battle", watch.wrap_parse(notation_module.parse_battle))
    # A "Practise this" set: the position it shows is played in turn (strict); the answer a misapplied rule
    # gives is counted on the same cards with a move left out, a sandbox the learner never sees.
    monkeypatch.setattr(practice_plans, "build", watch.wrap_replay(practice_plans.build))
    monkeypatch.chdir(ROOT / "notebooks")
    namespace = {"__name__": "__main__"}
    cells = _builder().split((SOURCES / f"{stem}.txt").read_text(encoding="utf-8"))
    with contextlib.redirect_stdout(io.StringIO()):
        for kind, tags, body, line in cells:
            if kind != "code" or "nbval-skip" in tags:
                continue
            try:
                exec(compile(body, f"{stem}.txt:{line}", "exec"), namespace)
            except Exception:
                if "raises-exception" not in tags:
                    raise
    return watch


@pytest.fixture(autouse=True)
def _english():
    from condottiere_nb import set_language
    set_language("en")
    yield
    set_language("en")


@pytest.mark.parametrize("stem", PATH)
def test_every_battle_on_the_path_is_played_in_turn_order(stem, monkeypatch):
    # (monkeypatch: a backend set for the whole session would reach the kernels nbval starts later)
    if "MPLBACKEND" not in os.environ:
        monkeypatch.setenv("MPLBACKEND", "Agg")
    watch = run_notebook(stem, monkeypatch)
    breaks = [(e, p, t) for e, p, t in watch.breaks() if (stem, t) not in SANDBOX]
    assert not breaks, (f"{stem}: battles played out of turn (it was X's turn, Y played; the battle so far): "
                        f"{breaks}; play them in turn (each player plays one card or passes), or, where a "
                        f"sandbox position is the point, say so in the prose and list it in SANDBOX")
    # each legal battle also builds with strict=True, passes where the line form implies them
    allowed = {key for key, (_, _, text) in watch.first_breaks().items() if (stem, text) in SANDBOX}
    for key, battle in watch.battles.items():
        if key not in allowed:
            strictly(battle)


def strictly(battle: Battle) -> Battle:
    """The same battle built with strict=True (a player whose turn it is but who does not move passes)."""
    strict = Battle(battle.players, battle.ruleset, strict=True, token_holder=battle.token_holder,
                    leader=battle.leader, explain=False)
    moves = list(battle.state.moves)
    for i, move in enumerate(moves):
        if move.is_pass:
            continue        # a pass is made when its turn comes (a sandbox lets everyone pass at once)
        while strict.to_move != move.player:
            passer = strict.to_move
            assert battle.strict is False and passer not in [m.player for m in moves[i:] if not m.is_pass], \
                (battle.notation(), passer)
            strict.pass_turn(passer)
        if move.kind == "scarecrow":
            strict.play(move.player, move.kind, face_down=move.face_down, take=move.take)
        else:
            strict.play(move.player, move.kind, face_down=move.face_down)
    def played(b):
        return [(m.player, m.kind, m.face_down) for m in b.state.moves if not m.is_pass]
    assert played(strict) == played(battle), battle.notation()
    return strict


@pytest.mark.parametrize("stem", sorted({s for s, _ in SANDBOX}))
def test_each_sandbox_position_is_still_there_and_its_prose_says_so(stem, monkeypatch):
    watch = run_notebook(stem, monkeypatch)
    seen = {t for _, _, t in watch.breaks()}
    source = (SOURCES / f"{stem}.txt").read_text(encoding="utf-8")
    for (name, text), reason in SANDBOX.items():
        if name == stem:
            assert text in seen, f"{stem}: {text!r} is no longer played out of turn: remove it from SANDBOX"
            assert "sandbox" in source and reason


def test_the_watch_finds_a_battle_played_out_of_turn_and_accepts_the_line_form(monkeypatch):
    watch = Watch()
    monkeypatch.setattr(Battle, "play", watch.wrap("play"))
    monkeypatch.setattr(Battle, "pass_turn", watch.wrap("pass_turn"))
    monkeypatch.setattr(Battle, "apply_move", watch.wrap_replay(Battle.apply_move))
    monkeypatch.setattr(notation_module, "_shorthand", watch.wrap_shorthand(notation_module._shorthand))
    monkeypatch.setattr(notation_module, "parse_battle", watch.wrap_parse(notation_module.parse_battle))
    # A "Practise this" set: the position it shows is played in turn (strict); the answer a misapplied rule
    # gives is counted on the same cards with a move left out, a sandbox the learner never sees.
    monkeypatch.setattr(practice_plans, "build", watch.wrap_replay(practice_plans.build))
    Battle.from_notation("[Ana Ben Cy] Ana 6, Ben 4, Cy 2, Ben 1, Ben surrender")     # the example
    Battle.from_notation("Ana: 6 | Ben: 5 courtesan")       # Ana's line ends: she passed
    Battle.from_notation("[Ana Ben] Ana 6, Ben 5, Ana pass, Ben courtesan")
    assert [(e, p) for e, p, _ in watch.breaks()] == [("Ana", "Ben")]
