"""GameExplorer: play a whole game against the bots in the notebook.

Your hand as cards you click (the same faces as the cards on the table), the battle on the
table, the map (click a region to place the Condottiere token or the Pope's Favor), and a
log of Steps with the newest on top; the bots move one action at a time ("Bot move"), until
your turn ("Bots until my turn"), or on their own at the pace you choose ("Let the bots
play").  Open hands shows every hand, as the Spanish rulebook allows while players make
deals.  The state lives in :class:`~condottiere_nb.views.game_model.GameModel`.
"""
from __future__ import annotations


import ipywidgets as W

from ..errors import RulesError
from ..game import PlaceToken
from . import html as H
from .game_model import GameModel
from .mapview import MapView
from .sheet import as_view
from .widgets import (NOTHING, ActsOnModel, CardButton, button, classed, fit, label, language_select, message_html,
                      or_none, set_if_changed, set_options)
from .words import Words, words


class GameExplorer(ActsOnModel, W.VBox):
    """Play Condottiere against bots.

    ``players``: the seats (the first is you, unless ``human`` names another seat;
    ``human=None`` lets the bots play alone); ``bots``: "heuristic", "random", or
    {player: agent}; ``seed``: the deal number (None: one drawn by chance); ``pace``: seconds
    between bot moves when the bots play on their own; ``open_hands``: show every hand; ``lang``: every word of the
    explorer (cards, log, buttons, map) in en, vi, es, zh or fa, switched live by its Language dropdown.
    """

    def __init__(self, players=("Ana", "Ben", "Cy"), *, human: str | None = "", ruleset="standard",
                 seed: int | None = None, bots="heuristic", lang: str = "en", open_hands: bool = False, pace: float = 0.6,
                 show_map: bool = True):
        self.model = GameModel(players, human, ruleset, seed, bots, lang, open_hands)
        m = self.model
        self._hand_kinds: dict[int, str] = {}
        self.status = classed(W.HTML(), "cnb-game-status")
        self.message = classed(W.HTML(layout=W.Layout(min_height="20px")), "cnb-game-message")
        self.hand_box = classed(W.HBox(layout=W.Layout(flex_flow="row wrap")), "cnb-hand")
        self.hand_cards: list[CardButton] = []
        self.hand_buttons: list[W.Button] = []
        self.hand_title = W.HTML()
        self.choice_box = classed(W.HBox(layout=W.Layout(flex_flow="row wrap", display="none")), "cnb-game-choice")
        # (every control's words are said by _label_controls, in the model's language)
        self.face_down_box = classed(W.Checkbox(indent=False, layout=fit("130px")), "cnb-game-face-down")
        self.pass_button = button("cnb-game-pass", "80px")
        self.action_select = classed(W.Dropdown(layout=fit("400px")), "cnb-game-actions")
        self.act_button = button("cnb-game-act", "80px", "primary")
        self.step_button = button("cnb-bot-step", "100px")
        self.run_button = button("cnb-bots-run", "160px")
        self.auto_button = classed(W.ToggleButton(value=False, layout=W.Layout(min_width="170px", width="auto")),
                                   "cnb-bot-autoplay")
        # The ticking happens in the browser (the Play widget's timer); its own buttons are hidden.
        self.autoplay = classed(W.Play(value=0, min=0, max=10 ** 6, step=1, interval=int(pace * 1000),
                                       show_repeat=False, layout=W.Layout(display="none")), "cnb-bot-play")
        # A number box, not a slider: a screen reader names a box by its description (ipywidgets gives a
        # slider's handle no name), and the arrow keys still step it by a tenth of a second.
        self.pace = classed(W.BoundedFloatText(value=pace, min=0.1, max=3.0, step=0.1, layout=fit("220px")),
                            "cnb-bot-pace")
        self.open_hands_box = classed(W.Checkbox(value=m.open_hands, indent=False, layout=W.Layout(width="auto")),
                                      "cnb-open-hands")
        self.lang_select = language_select(m.lang, "cnb-game-lang")
        self.seed_box = classed(W.IntText(value=m.seed, layout=fit("160px")), "cnb-seed")
        self.new_button = button("cnb-new-game", "100px", "warning")
        self.battle_view = classed(W.HTML(), "cnb-game-battle")
        self.log_view = classed(W.HTML(layout=W.Layout(max_height="220px", overflow="auto",
                                                       border="1px solid #8888", padding="2px")), "cnb-game-log")
        self.map = MapView(m.game, lang=m.lang) if show_map else None

        self.pass_button.on_click(lambda _: m.pass_turn())
        self.act_button.on_click(lambda _: or_none(self.action_select.value) is not None
                                 and m.act(self.action_select.value))
        self.step_button.on_click(lambda _: self._bot_step())
        self.run_button.on_click(lambda _: self._run_bots())
        self.new_button.on_click(lambda _: self._new_game())
        self.autoplay.observe(self._on_tick, names="value")
        self.auto_button.observe(self._on_auto, names="value")
        self.pace.observe(lambda ch: setattr(self.autoplay, "interval", int(ch["new"] * 1000)), names="value")
        self.face_down_box.observe(self._when(m.set_face_down), names="value")
        self.open_hands_box.observe(self._when(m.set_open_hands), names="value")
        self.lang_select.observe(self._when(m.set_lang), names="value")

        left = [
            self.status, self.message, self.battle_view, self.hand_title, self.hand_box, self.choice_box,
            W.HBox([self.pass_button, self.face_down_box]),
            W.HBox([self.action_select, self.act_button]),
        ]
        bots = W.HBox([self.step_button, self.run_button, self.auto_button, self.pace, self.autoplay],
                      layout=W.Layout(flex_flow="row wrap"))
        options = W.HBox([self.lang_select, self.seed_box, self.new_button, self.open_hands_box],
                         layout=W.Layout(flex_flow="row wrap"))
        column = W.VBox(left, layout=W.Layout(flex="1 1 400px", min_width="min(360px, 100%)"))
        top = W.HBox([column, self.map], layout=W.Layout(flex_flow="row wrap")) if self.map is not None \
            else column
        super().__init__([options, top, bots, self.log_view])
        as_view(self, "cnb-explorer")
        m.observe(lambda _: self.render())
        self.render()

    # -- wiring --------------------------------------------------------------------------------------

    def _on_tick(self, change) -> None:
        # The Play widget ticks in the browser at the chosen pace; each tick is one bot move.
        if not self.model.bot_step():
            self.autoplay.playing = False
            self.auto_button.value = False

    def _on_auto(self, change) -> None:
        self.autoplay.playing = bool(change["new"])
        self._label_auto(words(self.model.lang))

    def _label_auto(self, t: Words) -> None:
        set_if_changed(self.auto_button, "description",
                       t.say("⏸ Pause the bots") if self.auto_button.value else t.say("▶ Let the bots play"))

    def _bot_step(self) -> None:
        if not self.model.bot_step():
            self.model.fail(RulesError.say("no bot to move: it is your turn") if self.model.waiting_for_human
                            else RulesError.say("the game is over"))

    def _run_bots(self) -> None:
        if self.model.run_bots() == 0:
            self.render()

    def _new_game(self) -> None:
        # a deal number typed in the box is played; otherwise the next one (never the same deal again)
        self.model.new_game(None if self.seed_box.value == self.model.seed else self.seed_box.value)

    def _play(self, i):
        """A click on the ``i``-th card of the hand plays that very card ("5#41")."""
        hand = self.model.hand
        return lambda _: i < len(hand()) and self.model.click(f"{hand()[i].kind}#{hand()[i].id}")

    def _place(self, region) -> None:
        action = self.model.region_actions().get(region)
        if action is not None:
            self.model.act(action)

    # -- rendering -------------------------------------------------------------------------------------
    def _render_hand(self) -> None:
        m = self.model
        t = words(m.lang)
        hand = m.hand()
        playable = m.can_play_cards()
        if len(self.hand_cards) < len(hand):          # a slot per card of the largest hand so far
            self.hand_cards += [CardButton(self._play(i), ("cnb-hand-card",))
                                for i in range(len(self.hand_cards), len(hand))]
            self.hand_box.children = list(self.hand_cards)
        for i, card_button in enumerate(self.hand_cards):
            b = card_button.button
            if i >= len(hand):              # a slot the hand no longer fills: hidden, and nothing to click
                set_if_changed(card_button.layout, "display", "none")
                set_if_changed(b, "disabled", True)
                continue
            c = hand[i]
            set_if_changed(card_button.layout, "display", "")
            word = t.say("Mercenary {value}", value=c.kind) if c.mercenary else t.card(c.kind)
            card_button.show(H.card_html(c, lang=m.lang), disabled=not playable,
                             tooltip=t.say("play {card}", card=word) if playable
                             else t.say("{card} (not your turn to play)", card=word))
            if self._hand_kinds.get(i) != c.kind:
                if i in self._hand_kinds:
                    b.remove_class(f"cnb-hand-{self._hand_kinds[i]}")
                b.add_class(f"cnb-hand-{c.kind}")
                self._hand_kinds[i] = c.kind
        self.hand_buttons = [cb.button for cb in self.hand_cards[:len(hand)]]
        who = H.bold(t.say("Your hand") if m.human else t.say("No human seat"))
        regions = m.region_actions() if self.map is not None else {}
        if regions and any(isinstance(a, PlaceToken) for a in regions.values()):
            title = t.say("{who}. Click a region with a blue name on the map to place the Condottiere "
                          "token.", who=who)
        elif regions:
            title = t.say("{who}. Click a region with a blue name on the map to place the Pope's Favor.",
                          who=who)
        elif playable:
            title = t.say("{who} (click a card to play it)", who=who)
        else:
            title = who
        set_if_changed(self.hand_title, "value", f'<div style="font-family:sans-serif;font-size:13px"{t.dir}>'
                                                 f'{title}</div>')

    def _label_controls(self, t: Words) -> None:
        """Every control's words in the model's language."""
        label(self.face_down_box, t.say("play face down"))
        label(self.pass_button, t.say("Pass"), t.say("pass for the rest of this battle"))
        label(self.action_select, t.say("Your choice"))
        label(self.act_button, t.say("Do it"))
        label(self.step_button, t.say("Bot move"), t.say("the bot to move makes one move"))
        label(self.run_button, t.say("Bots until my turn"), t.say("the bots move until you must act"))
        self._label_auto(t)
        set_if_changed(self.auto_button, "tooltip", t.say("the bots move on their own, one move per tick of the pace"))
        label(self.pace, t.say("Seconds a move"))
        label(self.open_hands_box, t.say("show every hand"))
        label(self.lang_select, t.say("Language"))
        label(self.seed_box, t.say("Deal no."))
        label(self.new_button, t.say("New game"), t.say("a new deal: the next deal number, or the one you typed"))

    def _render(self, m, t: Words) -> None:
        # the table first (what a move changes), the controls after
        set_if_changed(self.battle_view, "value", m.battle_html())
        set_if_changed(self.status, "value", m.status_html())
        set_if_changed(self.message, "value",
                       message_html(m.message, m.message_kind, t, bold=True, size="font-size:13px;"))
        self._render_hand()
        self._render_choice("cnb-game-choice-cancel", "cnb-game-choice-option")
        playable = m.can_play_cards()
        allowed = m.face_down_allowed()
        set_if_changed(self.face_down_box.layout, "display", "" if allowed else "none")
        set_if_changed(self.face_down_box, "disabled", not (playable and allowed))
        set_if_changed(self.face_down_box, "value", m.face_down)
        set_if_changed(self.pass_button, "disabled", not playable)
        actions = m.other_actions(regions=self.map is None)
        set_options(self.action_select, actions or [(t.say("(nothing to choose now)"), NOTHING)])
        set_if_changed(self.action_select, "value", actions[0][1] if actions else NOTHING)
        for w in (self.action_select, self.act_button):
            set_if_changed(w, "disabled", not actions)
            set_if_changed(w.layout, "display", "" if actions else "none")
        for w in (self.step_button, self.run_button):
            set_if_changed(w, "disabled", not m.bot_to_move)
        set_if_changed(self.open_hands_box, "value", m.open_hands)
        set_if_changed(self.lang_select, "value", m.lang)
        set_if_changed(self.seed_box, "value", m.seed)
        set_if_changed(self.log_view, "value", m.log_html())
        if self.map is not None:
            if self.map.game is not m.game:
                self.map.game = m.game
            self.map.set_lang(m.lang)
            self.map.refresh()
            regions = m.region_actions()
            token = any(isinstance(a, PlaceToken) for a in regions.values())
            self.map.choose(regions, self._place if regions else None, "token" if token else "favor")
