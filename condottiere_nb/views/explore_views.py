"""Views of the exploration tools (condottiere_nb.explore): odds bars, the odds widget,
interaction reports, a progress bar widget, and matplotlib plots of variant balance.

The HTML uses only the tags and inline styles JupyterLab keeps in an untrusted notebook
(views/safety.py checks them).  ipywidgets and matplotlib load on first use, so
``InteractionReport._repr_html_`` stays light.
"""
from __future__ import annotations

from html import escape
from typing import Sequence

from ..explore import DECIDING_CARDS, DIVERGENCE_KINDS, BalanceReport, BattleOdds, InteractionReport, Progress
from .html import PLAYER_COLOURS

_FONT = "font-family:sans-serif;"
_W = 240          # pixels of a 100% bar
_BEST = "#1b7f3b"
_BAR = "#4878a8"
_CI = "#9bb7d4"


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


# --- battle odds ------------------------------------------------------------------------------

def odds_html(odds: BattleOdds) -> str:
    """One row per action: a bar for the chance of winning the battle, the 95% interval as a
    thin bar under it (none when exact), and the figures; the best action in green."""
    best = odds.best.p
    rows = []
    for a in odds.actions:
        colour = _BEST if a.p == best and best > 0 else _BAR
        width = round(_W * a.p)
        if a.exact:
            ci_bar = ""
            figures = f"{_pct(a.p)} <small>(exact)</small>"
        else:
            lo, hi = round(_W * a.low), round(_W * a.high)
            ci_bar = (f'<div style="height:3px;margin-left:{lo}px;width:{max(hi - lo, 1)}px;'
                      f'background:{_CI}"></div>')
            why = f", {escape(a.settled)}" if a.settled else ""
            figures = (f"{_pct(a.p)} <small>({_pct(a.low)} - {_pct(a.high)}, ±{100 * a.half_width:.1f} "
                       f"points, {a.n:,} hands{why})</small>")
        label = f"<b>{escape(a.label)}</b>" if a.p == best else escape(a.label)
        rows.append(
            f'<tr><td style="padding:2px 8px 2px 0;white-space:nowrap">{label}</td>'
            f'<td style="padding:2px 0;width:{_W + 4}px">'
            f'<div style="height:14px;width:{max(width, 1)}px;background:{colour}"></div>{ci_bar}</td>'
            f'<td style="padding:2px 0 2px 8px;white-space:nowrap">{figures}</td></tr>')
    if odds.method == "exact":
        how = "exact: every possible hand of the opponents, weighted by its probability"
    elif odds.precision is not None:
        how = (f"Monte Carlo until every action is within \u00b1{100 * odds.precision:g} points or clearly below the "
               f"best: random hands for the opponents ({odds.rollouts:,} battles played out), 95% Wilson intervals")
    else:
        how = f"Monte Carlo: {odds.samples} random hands for the opponents, 95% Wilson intervals"
    part = ' <b style="color:#b00020">partial: interrupted</b>' if odds.partial else ""
    head = (f'<div style="margin-bottom:4px"><b>{escape(odds.player)}</b> to move; hand: '
            f'{escape(" ".join(odds.hand)) or "(empty)"}<br><small>{escape(odds.notation)}</small></div>')
    return (f'<div class="cnb-odds" style="{_FONT}font-size:13px">{head}'
            f'<table style="border-collapse:collapse">{"".join(rows)}</table>'
            f'<div style="color:#555;font-size:11px;margin-top:4px">Chance to win the battle after each action; '
            f'then everyone plays on as the heuristic agent. {escape(how)}.{part}</div></div>')


class WidgetProgress(Progress):
    """An ipywidgets progress bar with a label, for the explore functions' ``progress=``."""

    def __init__(self, description: str = ""):
        import ipywidgets as W
        self.bar = W.IntProgress(value=0, min=0, max=1, description=description)
        self.label = W.Label("")
        self.widget = W.HBox([self.bar, self.label])
        self.widget.add_class("cnb-progress")
        self.total = 1

    def start(self, total: int, label: str = "") -> None:
        self.total = max(1, int(total))
        self.bar.max = self.total
        self.bar.value = 0
        self.bar.bar_style = ""
        self.label.value = f"0/{self.total} {label}"
        self._label = label

    def update(self, done: int) -> None:
        self.bar.value = min(done, self.total)
        self.label.value = f"{done}/{self.total} {self._label}"

    def finish(self, partial: bool = False) -> None:
        self.bar.bar_style = "warning" if partial else "success"
        if partial:
            self.label.value += " (interrupted: partial result)"

    def _ipython_display_(self):
        from IPython.display import display
        display(self.widget)


def _make_odds_widget_class():
    """OddsWidget subclasses ipywidgets.VBox, so it is built when first asked for (PEP 562
    __getattr__ below): importing this module for HTML does not load ipywidgets."""
    import ipywidgets as W

    from ..explore import battle_odds
    from ..rulesets import RULESETS

    class OddsWidget(W.VBox):
        """Type a battle (notation) and the hand of the player to move, press Compute: bars
        per action.  ``.result`` is the last BattleOdds; errors show in ``.message``."""

        def __init__(self, notation: str = "[Ana Ben] Ana 10, Ben 6", hand: str = "5 winter bishop courtesan",
                     ruleset: str = "standard", samples: int = 100, others: int | None = None, seed: int = 0,
                     precision: float | None = None):
            self.notation_box = W.Text(value=notation, description="Battle", layout=W.Layout(width="32em"))
            self.hand_box = W.Text(value=hand, description="Hand", layout=W.Layout(width="32em"))
            self.ruleset_select = W.Dropdown(options=list(RULESETS), value=ruleset, description="Ruleset")
            self.samples_slider = W.IntSlider(value=samples, min=20, max=2000, step=20, description="Samples")
            self.others_box = W.BoundedIntText(value=others if others is not None else 0, min=0, max=20,
                                               description="Their cards",
                                               tooltip="cards in each opponent's hand; 0: as many as yours")
            self.seed_box = W.IntText(value=seed, description="Seed")
            # a precision samples each action until its interval is that narrow (Samples is then a cap)
            self.precision_select = W.Dropdown(options=[("fixed samples", None), ("\u00b15 points", 0.05),
                                                        ("\u00b12 points", 0.02), ("\u00b11 point", 0.01)],
                                               value=precision, description="Precision")
            self.compute_button = W.Button(description="Compute", button_style="primary")
            self.progress = WidgetProgress("")
            self.message = W.HTML("")
            self.output = W.HTML("")
            self.result: BattleOdds | None = None
            for w, c in ((self.notation_box, "cnb-odds-battle"), (self.hand_box, "cnb-odds-hand"),
                         (self.compute_button, "cnb-odds-compute"), (self.output, "cnb-odds-output")):
                w.add_class(c)
            self.compute_button.on_click(lambda _b: self.compute())
            super().__init__([self.notation_box, self.hand_box,
                              W.HBox([self.ruleset_select, self.others_box]),
                              W.HBox([self.samples_slider, self.seed_box]), self.precision_select,
                              W.HBox([self.compute_button, self.progress.widget]), self.message, self.output])
            self.add_class("cnb-odds-widget")

        def compute(self) -> BattleOdds | None:
            others = self.others_box.value or None
            try:
                precision = self.precision_select.value
                cap = self.samples_slider.value if precision is None else None
                self.result = battle_odds(self.notation_box.value, self.hand_box.value,
                                          self.ruleset_select.value, samples=cap, precision=precision,
                                          others=others, seed=self.seed_box.value, progress=self.progress)
            except ValueError as e:       # RulesError and its kinds: the engine's own sentence
                self.message.value = f'<span style="color:#b00020">{escape(str(e))}</span>'
                return None
            self.message.value = ""
            self.output.value = odds_html(self.result)
            return self.result

    return OddsWidget


def __getattr__(name):
    if name == "OddsWidget":
        cls = _make_odds_widget_class()
        globals()["OddsWidget"] = cls
        return cls
    raise AttributeError(name)


# --- interaction reports ---------------------------------------------------------------------------

def _steps_table(res, first: int | None) -> str:
    rows = []
    for i, s in enumerate(res.steps):
        mark = "background:#fff3cd;" if first is not None and i >= first else ""
        rows.append(f'<tr><td style="padding:1px 6px;vertical-align:top;{mark}">{i + 1}</td>'
                    f'<td style="padding:1px 6px;vertical-align:top;white-space:nowrap;{mark}"><small>'
                    f'{escape(s.rule)}</small></td><td style="padding:1px 6px;{mark}">{escape(s.text)}</td></tr>')
    return f'<table style="border-collapse:collapse;font-size:12px">{"".join(rows)}</table>'


def interaction_html(report: InteractionReport) -> str:
    """The counts, then each kind of divergence with its smallest example's steps side by side
    (the steps from the first difference on are shaded)."""
    n = report.battles or 1
    part = ' <b style="color:#b00020">(partial: interrupted)</b>' if report.partial else ""
    counts = [("battles compared", report.battles, ""),
              ("winner differs", report.winner_differs, _pct(report.winner_differs / n)),
              ("token holder differs", report.token_differs, _pct(report.token_differs / n)),
              ("winner or token holder differs", report.either_differs, _pct(report.either_differs / n)),
              ("strengths differ", report.strengths_differ, _pct(report.strengths_differ / n))]
    if report.only_a:
        counts.append((f"possible only under {report.label_a}", report.only_a, ""))
    if report.only_b:
        counts.append((f"possible only under {report.label_b}", report.only_b, ""))
    rows = "".join(f'<tr><td style="padding:1px 8px 1px 0">{escape(k)}</td><td style="padding:1px 8px;'
                   f'text-align:right">{v:,}</td><td style="padding:1px 8px">{p}</td></tr>' for k, v, p in counts)
    parts = [f'<div class="cnb-interactions" style="{_FONT}font-size:13px">'
             f'<div><b>{escape(report.label_a)}</b> vs <b>{escape(report.label_b)}</b>{part}</div>'
             f'<div style="color:#555;font-size:11px">{escape(report.space.describe())}</div>'
             f'<table style="border-collapse:collapse;margin:4px 0">{rows}</table>']
    for d in report.divergences:
        parts.append(f'<div style="margin-top:8px"><b>{escape(d.title)}</b>: {d.count:,} battles. '
                     f'Smallest example: <span style="font-family:monospace">{escape(d.notation)}</span></div>')
        first = d.first_different_step()
        cells = []
        for label, res in ((d.label_a, d.resolution_a), (d.label_b, d.resolution_b)):
            if res is None:
                continue
            who = res.winner or "nobody (tie)"
            cells.append(f'<td style="vertical-align:top;padding:2px 8px 2px 0"><div><b>{escape(label)}</b>: '
                         f'winner {escape(who)}, token {escape(res.token_holder)}</div>{_steps_table(res, first)}</td>')
        if cells:
            parts.append(f'<table style="border-collapse:collapse"><tr>{"".join(cells)}</tr></table>')
    if report.note:
        parts.append(f'<div style="color:#555;font-size:11px">{escape(report.note)}</div>')
    parts.append("</div>")
    return "".join(parts)


def plot_interactions(reports: Sequence[InteractionReport], ax=None):
    """A horizontal bar per comparison: the share of battles whose winner, or only whose
    token holder, differs.  Returns the matplotlib Figure."""
    import matplotlib.pyplot as plt
    if ax is None:
        fig, ax = plt.subplots(figsize=(7, 0.5 + 0.45 * max(len(reports), 1)))
    else:
        fig = ax.figure
    labels = [f"{r.label_a} vs {r.label_b}" for r in reports]
    win = [100 * r.winner_differs / r.battles if r.battles else 0 for r in reports]
    tok = [100 * (r.either_differs - r.winner_differs) / r.battles if r.battles else 0 for r in reports]
    y = range(len(reports))
    ax.barh(list(y), win, color="#d62728", label="winner differs")
    ax.barh(list(y), tok, left=win, color="#ff9f40", label="only the token holder differs")
    ax.set_yticks(list(y))
    ax.set_yticklabels(labels, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("% of enumerated battles")
    ax.legend(fontsize=8, loc="lower right")
    ax.set_title("Which rulings change a battle's outcome", fontsize=10)
    fig.tight_layout()
    return fig


# --- variant balance ---------------------------------------------------------------------------------

def plot_balance(report: BalanceReport):
    """Four panels per ruleset and player count: the first seat's share of wins (with its 95%
    interval, against the fair share), game length, how games end, and how often Surrender,
    Bishop and Courtesan decide a battle.  Returns the matplotlib Figure."""
    import matplotlib.pyplot as plt
    rows = [r for r in report.rows if r.games]
    labels = [f"{r.ruleset} ({r.players}p)" for r in rows]
    y = list(range(len(rows)))
    fig, axes = plt.subplots(1, 4, figsize=(13, 0.8 + 0.42 * max(len(rows), 2)), sharey=True)
    ax = axes[0]
    share = [r.first_seat for r in rows]
    lo = [r.first_seat - r.first_seat_interval[0] for r in rows]
    hi = [r.first_seat_interval[1] - r.first_seat for r in rows]
    ax.barh(y, share, xerr=[lo, hi], color=PLAYER_COLOURS[0], alpha=0.8, error_kw={"elinewidth": 1})
    ax.scatter([1 / r.players for r in rows], y, marker="|", s=200, color="black", label="fair share", zorder=3)
    ax.set_yticks(y)
    ax.set_yticklabels(labels, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_title("first seat's share of wins", fontsize=9)
    ax.legend(fontsize=7, loc="lower right")
    ax = axes[1]
    ax.barh([v - 0.2 for v in y], [r.mean_battles for r in rows], height=0.4, color="#2ca02c", label="battles")
    ax.barh([v + 0.2 for v in y], [r.mean_rounds for r in rows], height=0.4, color="#9467bd", label="rounds")
    ax.set_title("game length (mean)", fontsize=9)
    ax.legend(fontsize=7, loc="lower right")
    ax = axes[2]
    reasons = sorted({k for r in rows for k in r.reasons})
    left = [0.0] * len(rows)
    cmap = plt.get_cmap("tab10")
    for i, reason in enumerate(reasons):
        vals = [r.reasons.get(reason, 0) / r.games for r in rows]
        ax.barh(y, vals, left=left, color=cmap(i % 10), label=reason)
        left = [a + b for a, b in zip(left, vals)]
    ax.set_xlim(0, 1)
    ax.set_title("how games end", fontsize=9)
    ax.legend(fontsize=7, loc="lower right")
    ax = axes[3]
    h = 0.8 / len(DECIDING_CARDS)
    for i, card in enumerate(DECIDING_CARDS):
        ax.barh([v - 0.4 + h * (i + 0.5) for v in y], [100 * r.decided_rate(card) for r in rows], height=h,
                color=cmap(i + 3), label=card)
    ax.set_title("% of battles the card decides", fontsize=9)
    ax.legend(fontsize=7, loc="lower right")
    part = " (partial: interrupted)" if report.partial else ""
    fig.suptitle(f"Variant balance: {sum(r.games for r in rows)} games, {report.agent} agents{part}", fontsize=10)
    fig.tight_layout()
    return fig


def balance_html(report: BalanceReport) -> str:
    """The balance figures as a table (the same numbers as :func:`plot_balance`)."""
    head = ("<tr>" + "".join(f'<th style="padding:2px 6px;text-align:left">{h}</th>' for h in
                             ("ruleset", "players", "games", "first seat", "fair", "battles", "rounds",
                              *(f"{c} decides" for c in DECIDING_CARDS), "endings")) + "</tr>")
    body = []
    for r in report.rows:
        ends = ", ".join(f"{escape(k)} {v}" for k, v in sorted(r.reasons.items(), key=lambda kv: -kv[1]))
        cells = [escape(r.ruleset), r.players, r.games, _pct(r.first_seat), _pct(1 / r.players),
                 f"{r.mean_battles:.1f}", f"{r.mean_rounds:.2f}",
                 *(_pct(r.decided_rate(c)) for c in DECIDING_CARDS), ends]
        body.append("<tr>" + "".join(f'<td style="padding:2px 6px">{c}</td>' for c in cells) + "</tr>")
    return (f'<table class="cnb-balance" style="border-collapse:collapse;{_FONT}font-size:12px">'
            + head + "".join(body) + "</table>")
