"""The state behind GameExplorer, in plain Python: one human seat against bots.

The model holds a :class:`~condottiere_nb.Game` and the bots (agents.py); the human's
clicks become ``Game.apply`` calls, the bots move one action per :meth:`GameModel.bot_step`
(the widget calls it at the pace the user chose).  An illegal action leaves the game
as it was and puts the engine's message in ``message``.
"""
from __future__ import annotations

from typing import Mapping, Sequence

from ..agents import make_agent
from ..cards import KINDS
from ..errors import RulesError
from ..game import DiscardHand, Game, Keep, Pass, PlaceFavor, PlaceToken, Play
from ..i18n import LANGUAGES, card_name
from . import html as H
from .model import Observable


def action_label(action, lang: str = "en") -> str:
    """An action as a button label a player understands."""
    if isinstance(action, PlaceToken):
        return f"Place the Condottiere token on {action.region}"
    if isinstance(action, PlaceFavor):
        return f"Put the Pope's Favor on {action.region}" if action.region else "Put the Pope's Favor off the map"
    if isinstance(action, DiscardHand):
        return "Discard my whole hand (no Mercenary in it)" if action.yes else "Keep my hand"
    if isinstance(action, Keep):
        names = [card_name(getattr(c, "kind", str(c)).split("#")[0], lang) for c in action.cards]
        return "Keep " + (" and ".join(names) if names else "nothing")
    if isinstance(action, Pass):
        return "Pass"
    if isinstance(action, Play):
        kind = getattr(action.card, "kind", str(action.card)).split("#")[0]
        text = f"Play {card_name(kind, lang)}"
        if action.face_down:
            text += " face down"
        if action.take is not None:
            text += f", taking back {action.take}"
        return text
    return repr(action)


class GameModel(Observable):
    """A game with one human seat (``human``; None: bots only) and a bot in every other seat.

    >>> m = GameModel(["You", "Ana", "Ben"], seed=3)
    >>> m.waiting_for_human, m.game.phase
    (True, 'token')
    >>> m.act(m.other_actions()[0][1]), m.game.phase
    (True, 'battle')
    """

    def __init__(self, players: Sequence[str] = ("You", "Ana", "Ben"), human: str | None = "",
                 ruleset="standard", seed: int = 0, bots="heuristic", lang: str = "en",
                 open_hands: bool = False):
        super().__init__()
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
        players = tuple(players)
        self.human = players[0] if human == "" else human
        if self.human is not None and self.human not in players:
            raise RulesError(f"the human seat {self.human!r} is not one of the players {list(players)}")
        self.players = players
        self.ruleset = ruleset
        self.bot_specs = bots
        self.lang = lang
        self.open_hands = bool(open_hands)
        self.message = ""
        self.message_kind = ""
        self.face_down = False
        self.take: str | None = None
        self._start(seed)

    def _start(self, seed) -> None:
        self.seed = seed
        self.game = Game(self.players, self.ruleset, seed=seed)
        specs = self.bot_specs
        self.bots = {}
        for i, p in enumerate(self.players):
            if p == self.human:
                continue
            spec = specs.get(p, "heuristic") if isinstance(specs, Mapping) else specs
            self.bots[p] = make_agent(spec, seed=(seed or 0) * 7 + i)

    # -- reading ------------------------------------------------------------------------------
    @property
    def waiting_for_human(self) -> bool:
        return not self.game.is_over and self.human is not None and self.game.to_move == self.human

    @property
    def bot_to_move(self) -> bool:
        return not self.game.is_over and self.game.to_move in self.bots

    def hand(self) -> list:
        return self.game.hand(self.human) if self.human is not None else []

    def can_play_cards(self) -> bool:
        return self.waiting_for_human and self.game.phase == "battle"

    def face_down_allowed(self) -> bool:
        """May some card be played face down in this game?  (The engine's rule.)"""
        return any(True in w for w in self.game.ruleset.ways.values())

    def take_options(self) -> list[tuple[str, str | None]]:
        """The human's Scarecrow choices, as the engine lists them: nothing (where the ruleset lets a
        Scarecrow take nothing), or a face-up Mercenary of their line it may take back."""
        opts: list[tuple[str, str | None]] = [("take nothing back", None)]
        if self.human is None or self.game.battle is None or self.game.phase != "battle":
            return opts
        battle, scarecrow = self.game.battle, KINDS["scarecrow"]
        if None not in battle.take_options(self.human, scarecrow):
            opts = []
        cards = battle.take_cards(self.human, scarecrow)
        return opts + [(f"take back {c.name} (card #{c.id})", f"{c.kind}#{c.id}") for c in cards]

    def other_actions(self) -> list[tuple[str, object]]:
        """The human's legal actions that are not a card or a pass (token, Favor, discard, keep)."""
        if not self.waiting_for_human:
            return []
        return [(action_label(a, self.lang), a) for a in self.game.legal_actions()
                if not isinstance(a, (Play, Pass))]

    # -- plumbing ----------------------------------------------------------------------------------
    def fail(self, error) -> bool:
        self.message, self.message_kind = str(error), "error"
        self._changed()
        return False

    def _ok(self, info: str = "") -> bool:
        self.message, self.message_kind = info, ("info" if info else "")
        self._changed()
        return True

    def _apply_human(self, action) -> bool:
        if self.game.is_over:
            return self.fail(RulesError(f"the game is over: {' and '.join(self.game.winners)} won; "
                                         f"start a new game"))
        if not self.waiting_for_human:
            return self.fail(RulesError(f"it is {self.game.to_move}'s turn, not yours; let the bots move"))
        try:
            self.game.apply(action)
        except RulesError as e:
            return self.fail(e)
        self.face_down, self.take = False, None
        return self._ok()

    # -- the human's actions ---------------------------------------------------------------------------
    def play(self, card) -> bool:
        """Play a card from the human's hand (a kind like "10", or "10#53" for one card)."""
        spec = KINDS.get(str(card).split("#")[0])
        take = self.take if (spec is not None and spec.choice == "take" and not self.face_down) else None
        return self._apply_human(Play(card, self.face_down, take))

    def pass_turn(self) -> bool:
        return self._apply_human(Pass())

    def act(self, action) -> bool:
        """Any legal action of the human (placing a token, the Favor, discarding, keeping)."""
        return self._apply_human(action)

    def set_face_down(self, flag: bool) -> bool:
        if flag and not self.face_down_allowed():
            return self.fail(RulesError(f"cards are played face up under the {self.game.ruleset.name!r} "
                                         f"ruleset; a ruleset with hidden cards allows face-down play"))
        self.face_down = bool(flag)
        return self._ok()

    def set_take(self, take) -> bool:
        if take is not None and take not in [v for _, v in self.take_options()]:      # None: nothing chosen
            return self.fail(RulesError(f"{take!r} is not one of your face-up Mercenaries"))
        self.take = take
        return self._ok()

    def set_open_hands(self, flag: bool) -> bool:
        self.open_hands = bool(flag)
        return self._ok()

    def set_lang(self, lang: str) -> bool:
        if lang not in LANGUAGES:
            return self.fail(ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}"))
        self.lang = lang
        return self._ok()

    # -- the bots ---------------------------------------------------------------------------------------
    def bot_step(self) -> bool:
        """One bot action; False (nothing changes) when it is the human's turn or the game is over."""
        if not self.bot_to_move:
            return False
        player = self.game.to_move
        action = self.bots[player].choose(self.game)
        self.game.apply(action)
        self.message, self.message_kind = f"{player}: {action_label(action, self.lang)}", "info"
        self._changed()
        return True

    def run_bots(self, limit: int = 2000) -> int:
        """Bot actions until the human must act or the game ends; how many were made."""
        n = 0
        while n < limit and self.bot_to_move:
            player = self.game.to_move
            self.game.apply(self.bots[player].choose(self.game))
            n += 1
        if n:
            self.message, self.message_kind = f"the bots made {n} move{'s' if n > 1 else ''}", "info"
            self._changed()
        return n

    def new_game(self, seed: int | None = None) -> bool:
        self._start(self.seed + 1 if seed is None else seed)
        self.face_down, self.take = False, None
        return self._ok(f"new game, seed {self.seed}")

    # -- HTML ----------------------------------------------------------------------------------------
    def status_html(self) -> str:
        # Your own hand is the row of buttons below the status, so it is not repeated here.
        return H.game_html(self.game, self.lang, open_hands=self.open_hands)

    def log_html(self, last: int = 80) -> str:
        log = self.game.log
        start = max(0, len(log) - last)
        return H.log_html(log[start:], start=start + 1)

    def battle_html(self) -> str:
        """The battle on the table, or the last battle's result between battles."""
        g = self.game
        if g.battle is not None and g.phase == "battle":
            return H.battle_html(g.battle, self.lang)
        res = getattr(g, "resolution", None)
        if res is not None:
            return ('<div style="font-family:sans-serif;font-size:12px;color:#555555">Last battle:</div>'
                    + H.resolution_html(res, self.lang, steps=False))
        return ""
