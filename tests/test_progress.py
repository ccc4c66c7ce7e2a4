"""The text bar of the long runs: drawn in place where the stream can (a terminal, a notebook),
a line at each tenth of the way where it cannot (a log file), nothing for a run shorter than its
quiet time."""
import io
import sys
import types

from condottiere_nb.explore import TextProgress
from condottiere_nb.explore.progress import as_progress, redraws_in_place


class Terminal(io.StringIO):
    def isatty(self):
        return True


def run(bar, total=50, stop=None):
    bar.start(total, "games")
    for done in range(1, (stop or total) + 1):
        bar.update(done)
    bar.finish(partial=stop is not None)


def test_a_log_gets_a_line_at_each_tenth_of_the_way():
    out = io.StringIO()
    run(TextProgress(out, width=10))
    lines = out.getvalue().splitlines()
    assert "\r" not in out.getvalue()
    assert len(lines) == 11
    assert [line.split(" ")[2] for line in lines] == [f"{k * 5}/50" for k in range(11)]


def test_an_interrupted_run_says_where_it_stopped_in_a_log():
    out = io.StringIO()
    run(TextProgress(out), stop=23)
    assert out.getvalue().splitlines()[-1] == "games: interrupted at 23/50 (partial result)"


def test_a_terminal_gets_one_line_drawn_again_in_place():
    out = Terminal()
    run(TextProgress(out, width=10))
    text = out.getvalue()
    assert text.startswith("\rgames [----------] 0/50") and text.endswith("\n") and text.count("\n") == 1
    assert "\rgames [##########] 50/50" in text


def test_a_run_shorter_than_the_quiet_time_writes_nothing():
    out = Terminal()
    run(TextProgress(out, quiet_for=60))
    assert out.getvalue() == ""


def test_which_streams_redraw_in_place(monkeypatch):
    assert redraws_in_place(Terminal())
    closed = io.StringIO()
    closed.close()
    assert not redraws_in_place(closed) and not redraws_in_place(object())
    monkeypatch.delitem(sys.modules, "IPython", raising=False)
    assert not redraws_in_place(io.StringIO())
    # a notebook: a kernel's output stream is no terminal, but draws a carriage return in place
    shell = types.SimpleNamespace(get_ipython=lambda: object())
    monkeypatch.setitem(sys.modules, "IPython", shell)
    assert redraws_in_place(io.StringIO())
    monkeypatch.setitem(sys.modules, "IPython", types.SimpleNamespace(get_ipython=lambda: None))
    assert not redraws_in_place(io.StringIO())                # IPython imported, no shell running
    monkeypatch.setitem(sys.modules, "IPython", types.SimpleNamespace())
    assert not redraws_in_place(io.StringIO())                # a module of that name without get_ipython


def test_a_bar_never_started_writes_nothing_when_finished():
    out = Terminal()
    TextProgress(out).finish()
    assert out.getvalue() == ""


def test_true_is_a_text_bar_on_stderr():
    bar = as_progress(True)
    assert isinstance(bar, TextProgress) and bar.stream is sys.stderr
