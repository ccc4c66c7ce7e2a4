"""GameExplorer: play a whole game against the bots in the notebook.

Your hand as clickable cards, the battle on the table, the map, a scrolling log of
Steps; the bots move one action per tick of a Play widget, at the pace you choose (or
all at once with "Bots until my turn").  Open hands shows every hand, as the Spanish
rulebook allows while players make deals.  The state lives in
:class:`~condottiere_nb.views.game_model.GameModel`.
"""
from __future__ import annotations

from html import escape

import ipywidgets as W

from ..i18n import LANGUAGES, MERCENARY
from . import html as H
from .game_model import GameModel
from .mapview import MapView
from .widgets import NOTHING, ActsOnModel, dropdown_options, dropdown_value, or_none

EXPLORER_CLASSES = {
    "explorer": "cnb-explorer", "status (seats, regions, hands)": "cnb-game-status",
    "your hand (the box)": "cnb-hand", "a card of your hand": "cnb-hand-card (and cnb-hand-<kind>)",
    "face down": "cnb-game-face-down", "Scarecrow's target": "cnb-game-take", "pass": "cnb-game-pass",
    "other actions (token, Favor, discard, keep)": "cnb-game-actions", "do the chosen action": "cnb-game-act",
    "one bot move": "cnb-bot-step", "bots until my turn": "cnb-bots-run", "bots play at a pace": "cnb-bot-play",
    "pace (seconds per bot move)": "cnb-bot-pace", "open hands": "cnb-open-hands", "new game": "cnb-new-game",
    "seed": "cnb-seed", "message": "cnb-game-message", "battle on the table": "cnb-game-battle",
    "log of Steps": "cnb-game-log", "map": "cnb-map",
}


def _classed(widget, *classes):
    for c in classes:
        widget.add_class(c)
    return widget


class GameExplorer(ActsOnModel, W.VBox):
    """Play Condottiere against bots.

    ``players``: the seats (the first is you, unless ``human`` names another seat;
    ``human=None`` lets the bots play alone); ``bots``: "heuristic", "random", or
    {player: agent}; ``seed``: the deal; ``pace``: seconds between bot moves when
    the bots play on their own; ``open_hands``: show every hand.
    """

    def __init__(self, players=("You", "Ana", "Ben"), *, human: str | None = "", ruleset="standard", seed: int = 0,
                 bots="heuristic", lang: str = "en", open_hands: bool = False, pace: float = 0.6,
                 show_map: bool = True):
        self.model = GameModel(players, human, ruleset, seed, bots, lang, open_hands)
        m = self.model
        self._syncing = False
        self._renders = 0
        self.status = _classed(W.HTML(), "cnb-game-status")
        self.message = _classed(W.HTML(), "cnb-game-message")
        self.hand_box = _classed(W.HBox(layout=W.Layout(flex_flow="row wrap")), "cnb-hand")
        self.hand_buttons: list[W.Button] = []
        self.face_down_box = _classed(W.Checkbox(description="face down", indent=False,
                                                 layout=W.Layout(width="110px")), "cnb-game-face-down")
        self.take_select = _classed(W.Dropdown(description="Scarecrow", layout=W.Layout(width="300px")),
                                    "cnb-game-take")
        self.pass_button = _classed(W.Button(description="Pass", tooltip="pass for the rest of this battle",
                                             layout=W.Layout(width="80px")), "cnb-game-pass")
        self.action_select = _classed(W.Dropdown(description="Action", layout=W.Layout(width="420px")),
                                      "cnb-game-actions")
        self.act_button = _classed(W.Button(description="Do it", button_style="primary",
                                            layout=W.Layout(width="80px")), "cnb-game-act")
        self.step_button = _classed(W.Button(description="Bot move", tooltip="one bot action",
                                             layout=W.Layout(width="100px")), "cnb-bot-step")
        self.run_button = _classed(W.Button(description="Bots until my turn", layout=W.Layout(width="160px")),
                                   "cnb-bots-run")
        self.autoplay = _classed(W.Play(value=0, min=0, max=10 ** 6, step=1, interval=int(pace * 1000),
                                        description="Bots play", show_repeat=False), "cnb-bot-play")
        self.pace = _classed(W.FloatSlider(value=pace, min=0.1, max=3.0, step=0.1, description="Pace (s)",
                                           layout=W.Layout(width="260px")), "cnb-bot-pace")
        self.open_hands_box = _classed(W.Checkbox(value=m.open_hands, description="open hands", indent=False,
                                                  layout=W.Layout(width="120px")), "cnb-open-hands")
        self.lang_select = _classed(W.Dropdown(options=[(f"{n} ({c})", c) for c, n in LANGUAGES.items()],
                                               value=lang, description="Language", layout=W.Layout(width="230px")),
                                    "cnb-game-lang")
        self.seed_box = _classed(W.IntText(value=seed, description="Seed", layout=W.Layout(width="160px")),
                                 "cnb-seed")
        self.new_button = _classed(W.Button(description="New game", button_style="warning",
                                            layout=W.Layout(width="100px")), "cnb-new-game")
        self.battle_view = _classed(W.HTML(), "cnb-game-battle")
        self.log_view = _classed(W.HTML(layout=W.Layout(max_height="260px", overflow="auto",
                                                   border="1px solid #dddddd", padding="2px")), "cnb-game-log")
        self.map = MapView(m.game) if show_map else None

        self.pass_button.on_click(lambda _: m.pass_turn())
        self.act_button.on_click(lambda _: or_none(self.action_select.value) is not None
                                 and m.act(self.action_select.value))
        self.step_button.on_click(lambda _: self._bot_step())
        self.run_button.on_click(lambda _: self._run_bots())
        self.new_button.on_click(lambda _: m.new_game(self.seed_box.value))
        self.autoplay.observe(self._on_tick, names="value")
        self.pace.observe(lambda ch: setattr(self.autoplay, "interval", int(ch["new"] * 1000)), names="value")
        self.face_down_box.observe(self._when(m.set_face_down), names="value")
        self.take_select.observe(self._when(lambda v: m.set_take(or_none(v))), names="value")
        self.open_hands_box.observe(self._when(m.set_open_hands), names="value")
        self.lang_select.observe(self._when(m.set_lang), names="value")

        left = [
            self.status, self.message,
            W.HTML('<div style="font-family:sans-serif;font-size:12px;color:#555555">Your hand (click a card '
                   'to play it):</div>'),
            self.hand_box,
            W.HBox([self.face_down_box, self.take_select, self.pass_button]),
            W.HBox([self.action_select, self.act_button]),
            self.battle_view,
        ]
        controls = W.HBox([self.step_button, self.run_button, self.autoplay, self.pace])
        options = W.HBox([self.open_hands_box, self.lang_select, self.seed_box, self.new_button])
        top = W.HBox([W.VBox(left, layout=W.Layout(width="62%")), self.map]) if self.map is not None \
            else W.VBox(left)
        super().__init__([options, controls, top, self.log_view])
        self.add_class("cnb-explorer")
        m.observe(lambda _: self.render())
        self.render()

    # -- wiring --------------------------------------------------------------------------------------

    def _on_tick(self, change) -> None:
        # The Play widget ticks in the browser at the chosen pace; each tick is one bot move.
        if not self.model.bot_step():
            self.autoplay.playing = False

    def _bot_step(self) -> None:
        if not self.model.bot_step():
            self.model.fail(RuntimeError("no bot to move: it is your turn" if self.model.waiting_for_human
                                          else "the game is over"))

    def _run_bots(self) -> None:
        if self.model.run_bots() == 0:
            self.render()

    def _play(self, card):
        return lambda _: self.model.play(card)

    # -- rendering -------------------------------------------------------------------------------------
    def render(self) -> None:
        m = self.model
        self._renders += 1
        self._syncing = True
        try:
            self.status.value = m.status_html()
            colour = "#b00020" if m.message_kind == "error" else "#1b5e20"
            self.message.value = (f'<div style="color:{colour};font-family:sans-serif;font-size:12px">'
                                  f'{escape(m.message)}</div>' if m.message else "")
            playable = m.can_play_cards()
            buttons = []
            for c in m.hand():
                label = H.card_label(c, m.lang)
                b = W.Button(description=label, disabled=not playable,
                             tooltip=(f"{MERCENARY[m.lang]} {c.kind}" if c.mercenary else label) + f" (card #{c.id})",
                             layout=W.Layout(width="auto", min_width="56px", margin="1px"))
                b.style.button_color = H.FAMILY_COLOURS.get(c.family, "#dddddd")
                _classed(b, "cnb-hand-card", f"cnb-hand-{c.kind}")
                b.on_click(self._play(f"{c.kind}#{c.id}"))
                buttons.append(b)
            old = self.hand_buttons
            self.hand_buttons = buttons
            self.hand_box.children = buttons
            for b in old:
                b.close()
            self.face_down_box.disabled = not (playable and m.face_down_allowed())
            self.face_down_box.value = m.face_down
            takes = dropdown_options(m.take_options())
            if tuple(self.take_select.options) != tuple(takes):
                self.take_select.options = takes
            self.take_select.value = dropdown_value(takes, m.take)
            self.take_select.disabled = not playable
            self.pass_button.disabled = not playable
            actions = m.other_actions()
            self.action_select.options = actions or [("(nothing to choose now)", NOTHING)]
            self.action_select.value = actions[0][1] if actions else NOTHING
            self.action_select.disabled = self.act_button.disabled = not actions
            bots = m.bot_to_move
            self.step_button.disabled = self.run_button.disabled = not bots
            self.open_hands_box.value = m.open_hands
            self.lang_select.value = m.lang
            self.battle_view.value = m.battle_html()
            self.log_view.value = m.log_html()
            if self.map is not None:
                if self.map.game is not m.game:
                    self.map.game = m.game
                self.map.refresh()
        finally:
            self._syncing = False
