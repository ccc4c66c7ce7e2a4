"""Issue 31 (threads): a game is changed by one thread at a time.  A second apply() that comes while
the first is under way is refused with a sentence, before it touches anything, and the first goes on."""
import threading

import pytest

from condottiere_nb import Game, RulesError
from condottiere_nb.game import core


def test_a_second_change_while_the_first_is_under_way_is_refused(monkeypatch):
    g = Game(3, seed=4, explain=False)
    inside, go_on = threading.Event(), threading.Event()
    real = core.Game._apply_core

    def slow(self, action, physical):             # the first change stops halfway, as a thread switch would stop it
        inside.set()
        assert go_on.wait(10)
        real(self, action, physical)

    monkeypatch.setattr(core.Game, "_apply_core", slow)
    first = g.legal_actions()[0]
    worker = threading.Thread(target=g.apply, args=(first,))
    worker.start()
    assert inside.wait(10)
    before = g.to_json()
    with pytest.raises(RulesError, match="already being changed"):
        g.apply(g.legal_actions()[0])
    assert g.to_json() == before                 # the refused change touched nothing
    go_on.set()
    worker.join(10)
    monkeypatch.setattr(core.Game, "_apply_core", real)
    assert g.state.actions == [first]            # the first change went through, once
    g.apply(g.legal_actions()[0])                # and the game goes on, from any thread
    assert len(g.state.actions) == 2


def test_a_refused_or_illegal_change_leaves_the_game_changeable():
    g = Game(3, seed=4, explain=False)
    with pytest.raises(RulesError):
        g.apply("no such action")
    g.apply(g.legal_actions()[0])
    assert len(g.state.actions) == 1 and not core._CHANGING


def test_copies_made_during_a_change_are_not_marked():
    g = Game(3, seed=4, explain=False)
    copies = []
    real = core.Game._apply_core

    def copying(self, action, physical):
        copies.append(self.clone())
        real(self, action, physical)

    core.Game._apply_core = copying
    try:
        g.apply(g.legal_actions()[0])
    finally:
        core.Game._apply_core = real
    copies[0].apply(copies[0].legal_actions()[0])       # the copy is its own game
