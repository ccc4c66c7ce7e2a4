"""Views of the exploration tools (condottiere_nb.explore): odds bars, the odds widget,
interaction reports, a progress bar widget, and matplotlib plots of variant balance.

The HTML uses only the tags and inline styles JupyterLab keeps in an untrusted notebook
(tests/html_safety.py checks them).  ipywidgets and matplotlib load on first use, so
``InteractionReport._repr_html_`` stays light.
"""
from __future__ import annotations

import time
from html import escape
from typing import Sequence

from ..explore import DECIDING_CARDS, BalanceReport, BattleOdds, InteractionReport, Progress
from ..explore.divergences import divergence_title
from ..explore.odds import CONTROLLED_FROM, has_odds
from ..notation import kind_of, split_target
from .html import PLAYER_COLOURS, bold, plot_text, reason_words
from .model import choice_label
from .sheet import as_view, set_direction
from .words import Html, Words, figure_words, ruleset_words, words

_FONT = "font-family:sans-serif;"
_W = 240          # pixels of a 100% bar
_BEST = "#1b7f3b"
_BAR = "#4878a8"
_CI = "#9bb7d4"
# Legends go under their panel, never over the bars (tight_layout makes room for them).
_UNDER = {"fontsize": 7, "loc": "upper center", "bbox_to_anchor": (0.5, 0), "borderaxespad": 2.2, "ncol": 2,
          "frameon": False}


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def odds_action_label(action, t: Words) -> str:
    """A battle action of the odds in words: '10', 'Scarecrow, taking back the 5', '6 face down', 'pass'."""
    card = getattr(action, "card", None)
    if card is None:
        return t.say("pass")
    name = t.card(kind_of(card))
    take = getattr(action, "take", None)
    down = getattr(action, "face_down", False)
    if take is not None and split_target(str(take))[1] == "@":      # the soldier a Maiden removes, by its place
        return t.say("{card}: {choice}", card=name, choice=choice_label(kind_of(card), take, t.lang))
    if take is not None:
        taken = t.card(kind_of(take))
        return (t.say("{card} face down, taking back the {taken}", card=name, taken=taken) if down
                else t.say("{card}, taking back the {taken}", card=name, taken=taken))
    return t.say("{card} face down", card=name) if down else name


def _settled(t: Words, why: str) -> str:
    return {"precise": t.say("precise"), "below the best": t.say("below the best"),
            "sample cap": t.say("sample cap")}.get(why, why)


def space_text(space, t: Words) -> str:
    """The bound of an enumeration in words (BattleSpace.describe, in the learner's language)."""
    values = dict(count=len(space.players), names=" ".join(space.players),
                  kinds=" ".join(t.card(k) for k in space.kinds))
    if space.face_down:
        return t.say_n("{count} players ({names}), at most {n} card each from {kinds}, face down where the ruleset "
                       "allows, strict turn order, every prefix resolved",
                       "{count} players ({names}), at most {n} cards each from {kinds}, face down where the ruleset "
                       "allows, strict turn order, every prefix resolved", space.max_cards, **values)
    return t.say_n("{count} players ({names}), at most {n} card each from {kinds}, strict turn order, every prefix "
                   "resolved",
                   "{count} players ({names}), at most {n} cards each from {kinds}, strict turn order, every prefix "
                   "resolved", space.max_cards, **values)


# --- battle odds ------------------------------------------------------------------------------

def odds_html(odds: BattleOdds, lang: str = "en") -> str:
    """One row per action: a bar for the chance of winning the battle, the 95% interval as a
    thin bar under it (none when exact), and the figures; the best action in green; in ``lang``."""
    t = words(lang)
    best = odds.best.p
    rows = []
    for a in odds.actions:
        colour = _BEST if a.p == best and best > 0 else _BAR
        width = round(_W * a.p)
        if a.exact:
            ci_bar = ""
            exact = t.say("(exact)")
            figures = f"{_pct(a.p)} <small>{escape(exact)}</small>"
        else:
            lo, hi = round(_W * a.low), round(_W * a.high)
            ci_bar = (f'<div style="height:3px;margin-left:{lo}px;width:{max(hi - lo, 1)}px;'
                      f'background:{_CI}"></div>')
            values = dict(low=_pct(a.low), high=_pct(a.high), half=f"{100 * a.half_width:.1f}", hands=f"{a.n:,}")
            said = (t.say("({low} - {high}, ±{half} points, {hands} hands, {why})", why=_settled(t, a.settled),
                          **values) if a.settled
                    else t.say("({low} - {high}, ±{half} points, {hands} hands)", **values))
            figures = f"{_pct(a.p)} <small>{escape(said)}</small>"
        name = odds_action_label(a.action, t)
        label = f"<b>{escape(name)}</b>" if a.p == best else escape(name)
        if a.p == best and odds.best_settled and not a.exact:
            label += " \u2713"          # settled: hand by hand above every other action
        rows.append(
            f'<tr><td style="padding:2px 8px 2px 0;white-space:nowrap">{label}</td>'
            f'<td style="padding:2px 0;width:{_W + 4}px">'
            f'<div style="height:14px;width:{max(width, 1)}px;background:{colour}"></div>{ci_bar}</td>'
            f'<td style="padding:2px 0 2px 8px;white-space:nowrap">{figures}</td></tr>')
    if odds.method == "exact":
        how = t.say("exact: every possible hand of the opponents, weighted by its probability")
    elif odds.precision is not None:
        points, battles = f"{100 * odds.precision:g}", f"{odds.rollouts:,}"
        how = t.say("Monte Carlo until every action is within \u00b1{points} points or clearly below the best: random "
                    "hands for the opponents ({battles} battles played out), 95% intervals",
                    points=points, battles=battles)
    else:
        how = t.say("Monte Carlo: {samples} random hands for the opponents, 95% intervals",
                    samples=odds.samples)
    interrupted = t.say("partial: interrupted")
    part = f' <b style="color:#b00020">{escape(interrupted)}</b>' if odds.partial else ""
    # the kinds, named in the learner's language (a BattleOdds made without them: its English names)
    hand = " ".join(t.card(k) for k in odds.kinds or odds.hand) or t.say("(empty)")
    head = (f'<div style="margin-bottom:4px"{t.dir}>'
            + escape(t.say("{player} to move; hand: {hand}", player="\x00", hand=hand)).replace(
                "\x00", f"<b>{escape(odds.player)}</b>")
            + f'<br><small dir="ltr">{escape(odds.notation)}</small></div>')
    said = [t.say("Chance to win the battle after each action; then everyone plays on as the heuristic agent."),
            t.say("{how}.", how=how)]
    if odds.round and odds.method != "exact":
        said.append(t.say_n("After {n} round of hands.", "After {n} rounds of hands.", odds.round))
        said.append(t.say("The best action so far (\u2713) is settled: hand by hand, it does better than every other "
                          "action (99% sure).") if odds.best_settled else
                    t.say("The best action so far is not settled yet: hand by hand, it is not yet surely better than "
                          "every other action."))
    if any(a.interval == "controlled" for a in odds.actions):
        hands = f"{CONTROLLED_FROM:,}"
        said.append(t.say("An interval is Wilson's until its action has {hands} hands; from then on it also weighs "
                          "the cards each hand dealt the opponents, whose average is known exactly, and so leaves "
                          "out part of the luck of the deal.", hands=hands))
    explained = t.sentences(*said)
    return (f'<div class="cnb-odds" style="{_FONT}font-size:13px">{head}'
            f'<table style="border-collapse:collapse"{t.dir}>{"".join(rows)}</table>'
            f'<div style="color:#555;font-size:11px;margin-top:4px"{t.dir}>{escape(explained)}{part}</div></div>')


def progress_text(t, what: str, done: int, total: int) -> str:
    """How far a long run is, as ``t`` says it: "40/100 games" (the label a tool passes to
    ``Progress.start``, in words; a label no tool passes, as it is)."""
    v = {"done": done, "total": total}
    said = {"games": t.say("{done}/{total} games", **v),
            # Translators: games of the soak test (random games checked for broken invariants).
            "soak": t.say("{done}/{total} soak", **v),
            "battles (engine)": t.say("{done}/{total} battles (engine)", **v),
            "levels of plays": t.say("{done}/{total} levels of plays", **v),
            "odds (exact)": t.say("{done}/{total} odds (exact)", **v),
            "odds (monte carlo)": t.say("{done}/{total} odds (monte carlo)", **v)}
    return said.get(what, f"{done}/{total} {what}".rstrip())


class WidgetProgress(Progress):
    """An ipywidgets progress bar with a label, for the explore functions' ``progress=``.

    The bar is redrawn when another hundredth is done, at most every ``every`` seconds, and at the
    end: a study reports every game, and thousands of widget messages in a burst overflow the
    kernel's output channel, whose client then drops messages (the end of the cell among them)."""

    def __init__(self, description: str = "", lang: str = "en", every: float = 0.1):
        import ipywidgets as W
        self.lang = words(lang).lang
        self.bar = W.IntProgress(value=0, min=0, max=1, description=description)
        self.label = W.Label("")
        self.widget = W.HBox([self.bar, self.label])
        self.widget.add_class("cnb-progress")
        self.total = 1
        self.every = every
        self.what = ""
        self.done = 0
        self.shown_at = 0.0
        self.started = False
        self.partial = False

    def start(self, total: int, label: str = "") -> None:
        self.total = max(1, int(total))
        self.bar.max = self.total
        self.bar.bar_style = ""
        self.what = label
        self.done = 0
        self.started, self.partial = True, False
        self.show()

    def label_text(self) -> str:
        """How far the run is, in words ("" before it starts)."""
        if not self.started:
            return ""
        t = words(self.lang)
        said = progress_text(t, self.what, self.done, self.total)
        return t.say("{progress} (interrupted: partial result)", progress=said) if self.partial else said

    def show(self) -> None:
        """Draw how much is done now."""
        self.bar.value = min(self.done, self.total)
        self.label.value = self.label_text()
        self.shown_at = time.monotonic()

    def set_lang(self, lang: str) -> None:
        """Say the label in ``lang`` from now on, and again now."""
        self.lang = words(lang).lang
        self.label.value = self.label_text()

    def update(self, done: int) -> None:
        hundredth = done * 100 // self.total > self.done * 100 // self.total
        self.done = done
        if done >= self.total or (hundredth and time.monotonic() - self.shown_at >= self.every):
            self.show()

    def finish(self, partial: bool = False) -> None:
        self.started, self.partial = True, partial
        self.show()
        self.bar.bar_style = "warning" if partial else "success"

    def _ipython_display_(self):
        from IPython.display import display
        display(self.widget)


#: The odds widget's "fixed samples" precision (see OddsWidget.precision_select).
FIXED = 0.0


def _make_odds_widget_class():
    """OddsWidget subclasses ipywidgets.VBox, so it is built when first asked for (PEP 562
    __getattr__ below): importing this module for HTML does not load ipywidgets."""
    import ipywidgets as W

    from ..errors import Listed, Quoted, RulesError
    from ..explore import odds_rounds
    from ..i18n import LANGUAGES
    from ..rulesets import RULESETS

    # the named rulesets whose odds battle_odds works out (not city-states: see has_odds)
    offered = [name for name in RULESETS if has_odds(name)]

    class OddsWidget(W.VBox):
        """Type a battle (notation) and the hand of the player to move, press Compute: bars
        per action, redrawn after every round of hands (a first answer at once, then sharper:
        :func:`~condottiere_nb.explore.odds.odds_rounds`), the best action marked once it is
        settled; Stop ends the rounds.  ``.result`` is the last BattleOdds; errors show in ``.message``.  ``ruleset``:
        the name of a ruleset whose odds can be worked out (:func:`~condottiere_nb.explore.odds.has_odds`)."""

        def __init__(self, notation: str = "[Ana Ben] Ana 10, Ben 6", hand: str = "5 winter bishop courtesan",
                     ruleset: str = "standard", samples: int = 100, others: int | None = None, seed: int = 0,
                     precision: float | None = None, lang: str = "en"):
            self.lang = words(lang).lang
            if not isinstance(ruleset, str) or ruleset not in offered:
                raise RulesError.say("odds are worked out under one of these rulesets: {names}; not {value}",
                                     names=Listed(offered), value=Quoted.of(ruleset))
            self.notation_box = W.Text(value=notation, layout=W.Layout(width="32em"))
            self.hand_box = W.Text(value=hand, layout=W.Layout(width="32em"))
            # the options (each ruleset's name in words, its code name as the value) are set by _label
            self.ruleset_select = W.Dropdown(options=[(name, name) for name in offered], value=ruleset)
            # a number box, not a slider: a screen reader names a box by its description ("Samples" in
            # the learner's language); ipywidgets gives a slider's handle no name
            self.samples_slider = W.BoundedIntText(value=samples, min=20, max=2000, step=20)
            self.others_box = W.BoundedIntText(value=others if others is not None else 0, min=0, max=20)
            self.seed_box = W.IntText(value=seed)
            # a precision samples each action until its interval is that narrow (Samples is then a cap);
            # FIXED, not None, stands for "fixed samples": a Dropdown reads None as "nothing chosen"
            self.precision_select = W.Dropdown(options=[("", FIXED)], value=FIXED)
            self.compute_button = W.Button(button_style="primary")
            self.stop_button = W.Button(disabled=True)
            self.task = None          # the asyncio task playing the rounds (see start)
            self.stop_asked = False
            self.lang_select = W.Dropdown(options=[(f"{n} ({c})", c) for c, n in LANGUAGES.items()], value=self.lang)
            self.progress = WidgetProgress("", self.lang)
            self._label(precision)
            self.message = W.HTML("")
            self.output = W.HTML("")
            self.result: BattleOdds | None = None
            self.error: Exception | None = None
            for w, c in ((self.notation_box, "cnb-odds-battle"), (self.hand_box, "cnb-odds-hand"),
                         (self.compute_button, "cnb-odds-compute"), (self.stop_button, "cnb-odds-stop"),
                         (self.output, "cnb-odds-output"), (self.lang_select, "cnb-odds-lang")):
                w.add_class(c)
            self.compute_button.on_click(lambda _b: self.start())
            self.stop_button.on_click(lambda _b: self.stop())
            self.lang_select.observe(lambda ch: self.set_lang(ch["new"]), names="value")
            super().__init__([self.lang_select, self.notation_box, self.hand_box,
                              W.HBox([self.ruleset_select, self.others_box]),
                              W.HBox([self.samples_slider, self.seed_box]), self.precision_select,
                              W.HBox([self.compute_button, self.stop_button, self.progress.widget]), self.message, self.output])
            as_view(self, "cnb-odds-widget")
            set_direction(self, words(self.lang).rtl)

        def _label(self, precision) -> None:
            t = words(self.lang)
            for w, said in ((self.notation_box, t.say("Battle")), (self.hand_box, t.say("Hand")),
                            (self.ruleset_select, t.say("Ruleset")), (self.samples_slider, t.say("Samples")),
                            (self.others_box, t.say("Their cards")), (self.seed_box, t.say("Seed")),
                            (self.precision_select, t.say("Precision")), (self.compute_button, t.say("Compute")),
                            (self.stop_button, t.say("Stop")),
                            (self.lang_select, t.say("Language"))):
                w.description = said
            # The labels stand in one column, as wide as the longest in this language (a letter of
            # a label is at most about 0.6 em wide): 'Độ chính xác' is not cut to 'Độ chính ...'.
            longest = max(len(w.description) for w in self._described())
            for w in self._described():
                w.style.description_width = f"{max(6.0, 0.6 * longest + 0.5):.1f}em"
            self.others_box.tooltip = t.say("cards in each opponent's hand; 0: as many as yours")
            named, chosen = ruleset_words(t), self.ruleset_select.value
            self.ruleset_select.options = [(named.get(name, name), name) for name in offered]
            self.ruleset_select.value = chosen
            self.precision_select.options = [(t.say("fixed samples"), FIXED),
                                             (t.say_n("\u00b1{n} point", "\u00b1{n} points", 5), 0.05),
                                             (t.say_n("\u00b1{n} point", "\u00b1{n} points", 2), 0.02),
                                             (t.say_n("\u00b1{n} point", "\u00b1{n} points", 1), 0.01)]
            self.precision_select.value = FIXED if precision is None else precision

        def _described(self) -> tuple:
            """The controls with a label at their left."""
            return (self.notation_box, self.hand_box, self.ruleset_select, self.samples_slider, self.others_box,
                    self.seed_box, self.precision_select, self.lang_select)

        def set_lang(self, lang: str) -> None:
            """Every word of the widget, and the odds shown, in ``lang``."""
            self.lang = words(lang).lang
            self.progress.set_lang(self.lang)
            self._label(self.precision_select.value)
            set_direction(self, words(self.lang).rtl)
            if self.lang_select.value != self.lang:
                self.lang_select.value = self.lang
            if self.result is not None:
                self.output.value = odds_html(self.result, self.lang)
            if self.error is not None:
                self._show_error(self.error)

        def _show_error(self, error) -> None:
            """A refusal as the message, in the widget's language (and again after a switch of language)."""
            self.error = error
            t = words(self.lang)
            self.message.value = f'<span style="color:#e53935"{t.dir}>{escape(t.error(error))}</span>'

        def _rounds(self):
            """The rounds the boxes ask for (an iterator of BattleOdds), or None with the refusal shown."""
            others = self.others_box.value or None
            try:
                precision = self.precision_select.value or None          # FIXED: a fixed number of samples
                cap = self.samples_slider.value if precision is None else None
                return odds_rounds(self.notation_box.value, self.hand_box.value, self.ruleset_select.value,
                                   samples=cap, precision=precision, others=others, seed=self.seed_box.value,
                                   progress=self.progress)
            # RulesError and its kinds: the engine's own sentence; odds the engine cannot work out
            # (NotImplementedError) too, so a click never ends in a traceback
            except (ValueError, NotImplementedError) as e:
                self._show_error(e)
                # an old result under a new error would read as the answer to the new question
                self.output.value = ""
                self.result = None
                return None

        def _show(self, odds: BattleOdds) -> None:
            """The answer so far, redrawn."""
            self.error = None
            self.message.value = ""
            self.result = odds
            self.output.value = odds_html(odds, self.lang)

        def compute(self) -> BattleOdds | None:
            """Every round at once (the answer redrawn after each): the final BattleOdds, or None."""
            for odds in self._rounds() or ():          # (a refusal: no rounds, no result)
                self._show(odds)
            return self.result

        def start(self):
            """Compute without blocking (what the Compute button does): the rounds run as an asyncio
            task, which lets the kernel (or Pyodide, which has no threads) hear a click on Stop
            between two rounds; the answer is redrawn after each.  Without a running event loop
            (a script), the same as :meth:`compute`.  The task, or None."""
            import asyncio
            if self.task is not None and not self.task.done():
                return self.task                  # already running: Stop first
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                loop = asyncio.get_event_loop() if _loop_running() else None
            if loop is None:
                self.compute()
                return None
            rounds = self._rounds()
            if rounds is None:
                return None
            self.stop_asked = False
            self.compute_button.disabled, self.stop_button.disabled = True, False
            self.task = loop.create_task(self._play(rounds))
            return self.task

        async def _play(self, rounds) -> None:
            import asyncio
            try:
                for odds in rounds:
                    self._show(odds)
                    if self.stop_asked and not odds.stopped:
                        rounds.close()
                        odds.stopped = "stopped"
                        self._show(odds)
                        break
                    await asyncio.sleep(0.02)        # the kernel reads the clicks here
            except (ValueError, NotImplementedError) as e:
                self._show_error(e)
            finally:
                self.compute_button.disabled, self.stop_button.disabled = False, True

        def stop(self) -> None:
            """End the rounds after the one being played (the Stop button)."""
            self.stop_asked = True

    return OddsWidget


def _loop_running() -> bool:
    """Is an asyncio event loop running in this thread (a Jupyter kernel, Pyodide)?"""
    import asyncio
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            return asyncio.get_event_loop().is_running()
        except RuntimeError:
            return False


def __getattr__(name):
    if name == "OddsWidget":
        cls = _make_odds_widget_class()
        globals()["OddsWidget"] = cls
        return cls
    raise AttributeError(name)


# --- interaction reports ---------------------------------------------------------------------------

def _steps_table(res, first: int | None, lang: str = "en") -> str:
    rows = []
    for i, s in enumerate(res.steps):
        mark = "background:#fff3cd;" if first is not None and i >= first else ""
        rows.append(f'<tr><td style="padding:1px 6px;vertical-align:top;{mark}">{i + 1}</td>'
                    f'<td style="padding:1px 6px;vertical-align:top;white-space:nowrap;{mark}"><small title="{escape(s.rule)}">'
                    f'{escape(s.title_in(lang))}</small></td><td style="padding:1px 6px;{mark}">{escape(s.text_in(lang))}</td></tr>')
    return f'<table style="border-collapse:collapse;font-size:12px">{"".join(rows)}</table>'


def interaction_html(report: InteractionReport, lang: str = "en") -> str:
    """The counts, then each kind of divergence with its smallest example's steps side by side
    (the steps from the first difference on are shaded), in ``lang``."""
    t = words(lang)
    n = report.battles or 1
    interrupted = t.say("(partial: interrupted)")
    part = f' <b style="color:#b00020">{escape(interrupted)}</b>' if report.partial else ""
    counts = [(t.say("battles compared"), report.battles, ""),
              (t.say("winner differs"), report.winner_differs, _pct(report.winner_differs / n)),
              (t.say("token holder differs"), report.token_differs, _pct(report.token_differs / n)),
              (t.say("winner or token holder differs"), report.either_differs, _pct(report.either_differs / n)),
              (t.say("strengths differ"), report.strengths_differ, _pct(report.strengths_differ / n))]
    counts += [(t.say("possible only under {rules}", rules=label), only, "")
               for label, only in ((report.label_a, report.only_a), (report.label_b, report.only_b)) if only]
    rows = "".join(f'<tr><td style="padding:1px 8px 1px 0">{escape(k)}</td><td style="padding:1px 8px;'
                   f'text-align:right">{v:,}</td><td style="padding:1px 8px">{p}</td></tr>' for k, v, p in counts)
    versus = t.say("{a} vs {b}", a=bold(report.label_a), b=bold(report.label_b))
    parts = [f'<div class="cnb-interactions" style="{_FONT}font-size:13px"{t.dir}>'
             f'<div>{versus}{part}</div>'
             f'<div style="color:#555;font-size:11px">{escape(space_text(report.space, t))}</div>'
             f'<table style="border-collapse:collapse;margin:4px 0">{rows}</table>']
    for d in report.divergences:
        title = divergence_title(t, d.kind, d.label_a, d.label_b)
        count, example = f"{d.count:,}", f'<span style="font-family:monospace" dir="ltr">{escape(d.notation)}</span>'
        parts.append('<div style="margin-top:8px">'
                     + t.say("{title}: {count} battles. Smallest example: {example}", title=bold(title),
                             count=count, example=Html(example))
                     + "</div>")
        first = d.first_different_step()
        cells = []
        for label, res in ((d.label_a, d.resolution_a), (d.label_b, d.resolution_b)):
            if res is None:
                continue
            said = (t.say("{rules}: winner {player}, token {holder}", rules=bold(label),
                          player=res.winner, holder=str(res.token_holder)) if res.winner
                    else t.say("{rules}: nobody wins (a tie), token {holder}", rules=bold(label),
                               holder=str(res.token_holder)))
            cells.append(f'<td style="vertical-align:top;padding:2px 8px 2px 0"><div>{said}</div>'
                         f'{_steps_table(res, first, t.lang)}</td>')
        if cells:
            parts.append(f'<table style="border-collapse:collapse"><tr>{"".join(cells)}</tr></table>')
    if report.note:
        parts.append(f'<div style="color:#555;font-size:11px">{escape(report.note)}</div>')
    parts.append("</div>")
    return "".join(parts)


def plot_interactions(reports: Sequence[InteractionReport], ax=None, lang: str | None = None):
    """A horizontal bar per comparison: the share of battles whose winner, or only whose
    token holder, differs.  Returns the matplotlib Figure.  ``lang``: its words (None: the default
    language); Chinese and Persian, which matplotlib cannot write, give an English figure and a
    warning naming the report's HTML view."""
    import matplotlib.pyplot as plt
    t = figure_words(lang, "interaction_html(report, lang=...)")
    if ax is None:
        fig, ax = plt.subplots(figsize=(7, 0.5 + 0.45 * max(len(reports), 1)))
    else:
        fig = ax.figure
    labels = [plot_text(t.say("{a} vs {b}", a=r.label_a, b=r.label_b)) for r in reports]
    win = [100 * r.winner_differs / r.battles if r.battles else 0 for r in reports]
    tok = [100 * (r.either_differs - r.winner_differs) / r.battles if r.battles else 0 for r in reports]
    y = range(len(reports))
    ax.barh(list(y), win, color="#d62728", label=t.say("winner differs"))
    ax.barh(list(y), tok, left=win, color="#ff9f40", label=t.say("only the token holder differs"))
    ax.set_yticks(list(y))
    ax.set_yticklabels(labels, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel(t.say("% of enumerated battles"))
    ax.legend(**_UNDER)
    ax.set_title(t.say("Which rulings change a battle's outcome"), fontsize=10)
    fig.tight_layout()
    return fig


# --- variant balance ---------------------------------------------------------------------------------

def plot_balance(report: BalanceReport, lang: str | None = None):
    """Four panels per ruleset and player count: the first seat's share of wins (with its 95%
    interval, against the fair share), game length, how games end, and how often Surrender,
    Bishop and Courtesan decide a battle.  Returns the matplotlib Figure.  ``lang``: its words (None:
    the default language); Chinese and Persian, which matplotlib cannot write, give an English figure
    and a warning naming :func:`balance_html`, the table of the same figures."""
    import matplotlib.pyplot as plt
    t = figure_words(lang, "balance_html(report, lang=...)")
    rows = [r for r in report.rows if r.games]
    labels = [plot_text(t.say("{ruleset} ({players}p)", ruleset=r.ruleset, players=r.players)) for r in rows]
    y = list(range(len(rows)))
    fig, axes = plt.subplots(1, 4, figsize=(13, 0.8 + 0.42 * max(len(rows), 2)), sharey=True)
    ax = axes[0]
    share = [r.first_seat for r in rows]
    lo = [r.first_seat - r.first_seat_interval[0] for r in rows]
    hi = [r.first_seat_interval[1] - r.first_seat for r in rows]
    ax.barh(y, share, xerr=[lo, hi], color=PLAYER_COLOURS[0], alpha=0.8, error_kw={"elinewidth": 1})
    ax.scatter([1 / r.players for r in rows], y, marker="|", s=200, color="black", label=t.say("fair share"),
               zorder=3)
    ax.set_yticks(y)
    ax.set_yticklabels(labels, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_title(t.say("first seat's share of wins"), fontsize=9)
    ax.legend(**_UNDER)
    ax = axes[1]
    ax.barh([v - 0.2 for v in y], [r.mean_battles for r in rows], height=0.4, color="#2ca02c", label=t.say("battles"))
    ax.barh([v + 0.2 for v in y], [r.mean_rounds for r in rows], height=0.4, color="#9467bd", label=t.say("rounds"))
    ax.set_title(t.say("game length (mean)"), fontsize=9)
    ax.legend(**_UNDER)
    ax = axes[2]
    reasons = sorted({k for r in rows for k in r.reasons})
    named = reason_words(t)
    left = [0.0] * len(rows)
    cmap = plt.get_cmap("tab10")
    for i, reason in enumerate(reasons):
        vals = [r.reasons.get(reason, 0) / r.games for r in rows]
        ax.barh(y, vals, left=left, color=cmap(i % 10), label=named.get(reason, reason))
        left = [a + b for a, b in zip(left, vals)]
    ax.set_xlim(0, 1)
    ax.set_title(t.say("how games end"), fontsize=9)
    ax.legend(**_UNDER)
    ax = axes[3]
    h = 0.8 / len(DECIDING_CARDS)
    for i, card in enumerate(DECIDING_CARDS):
        ax.barh([v - 0.4 + h * (i + 0.5) for v in y], [100 * r.decided_rate(card) for r in rows], height=h,
                color=cmap(i + 3), label=t.card(card))
    ax.set_title(t.say("% of battles the card decides"), fontsize=9)
    ax.legend(**_UNDER)
    games = sum(r.games for r in rows)
    title = (t.say_n("Variant balance: {n} game, {agent} agents (partial: interrupted)",
                     "Variant balance: {n} games, {agent} agents (partial: interrupted)", games, agent=report.agent)
             if report.partial else
             t.say_n("Variant balance: {n} game, {agent} agents", "Variant balance: {n} games, {agent} agents", games,
                     agent=report.agent))
    fig.suptitle(plot_text(title), fontsize=10)
    fig.tight_layout()
    return fig


def balance_html(report: BalanceReport, lang: str = "en") -> str:
    """The balance figures as a table (the same numbers as :func:`plot_balance`), in ``lang``."""
    t = words(lang)
    heads = (t.say("ruleset"), t.say("players"), t.say("games"), t.say("first seat"), t.say("fair"),
             t.say("battles"), t.say("rounds"), *(t.say("{card} decides", card=t.card(c)) for c in DECIDING_CARDS),
             t.say("endings"))
    head = "<tr>" + "".join(f'<th style="padding:2px 6px;text-align:{"right" if t.rtl else "left"}">{escape(h)}</th>' for h in heads) + "</tr>"
    reasons = reason_words(t)
    body = []
    for r in report.rows:
        ends = t.say(", ").join(escape(t.say("{reason} {count}", reason=reasons.get(k, k), count=v))
                                for k, v in sorted(r.reasons.items(), key=lambda kv: -kv[1]))
        cells = [escape(r.ruleset), r.players, r.games, _pct(r.first_seat), _pct(1 / r.players),
                 f"{r.mean_battles:.1f}", f"{r.mean_rounds:.2f}",
                 *(_pct(r.decided_rate(c)) for c in DECIDING_CARDS), ends]
        body.append("<tr>" + "".join(f'<td style="padding:2px 6px">{c}</td>' for c in cells) + "</tr>")
    return (f'<table class="cnb-balance" style="border-collapse:collapse;{_FONT}font-size:12px"{t.dir}>'
            + head + "".join(body) + "</table>")
