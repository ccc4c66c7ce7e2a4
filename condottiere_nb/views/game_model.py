"""The state behind GameExplorer, in plain Python: one human seat against bots.

The model holds a :class:`~condottiere_nb.Game` and the bots (agents.py); the human's
clicks become ``Game.apply`` calls, the bots move one action per :meth:`GameModel.bot_step`
(the widget calls it at the pace the user chose).  An illegal action leaves the game
as it was and puts the engine's message in ``message``.
"""
from __future__ import annotations

import random
from html import escape
from typing import Mapping, Sequence

from ..agents import make_agent
from ..arguments import check_count, check_flag
from ..cards import KINDS, Card
from ..errors import Listed, Quoted, RulesError, UnknownCard
from ..game import Game, Pass, PlaceFavor, PlaceToken, Play, check_players
from ..game.messages import action_words
from ..notation import kind_of
from ..options import shown, shown_value
from ..rulesets import get_ruleset
from . import html as H
from .model import AsksChoices, choice_label, take_choices
from .words import words


def _check_card(card) -> None:
    """A card of the hand as a click names it: a Card, its name ("10", "10#53") or a small number."""
    if not (isinstance(card, (str, Card)) or isinstance(card, int) and not isinstance(card, bool)
            and card.bit_length() <= 64):
        raise UnknownCard.say("a card is named by a string such as '5' or 'winter', not {value}",
                              value=Quoted.of(card))


def action_label(action, lang: str = "en") -> str:
    """An action as a button label a player understands, in ``lang``."""
    return action_words(action, words(lang))


#: the largest deal number: a game's seed of at most 40 digits (what a saved game holds)
MAX_DEAL = 10 ** 40 - 1


def check_deal_number(seed) -> int:
    """A deal number: None draws one by chance (a different deal every time); else a whole number
    from 0 to :data:`MAX_DEAL`, or a RulesError that says so."""
    if seed is None:
        return random.SystemRandom().randrange(2 ** 32)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_DEAL:
        raise RulesError.say("a deal number is a whole number, 0 or more, of at most {most} digits, not {value}",
                             most=40, value=shown_value(seed))
    return seed


class GameModel(AsksChoices):
    """A game with one human seat (``human``; None: bots only) and a bot in every other seat.

    >>> m = GameModel(["Ana", "Ben", "Cy"], seed=3)
    >>> m.waiting_for_human, m.game.phase
    (True, 'token')
    >>> m.act(m.other_actions()[0][1]), m.game.phase
    (True, 'battle')
    """

    def __init__(self, players: Sequence[str] = ("Ana", "Ben", "Cy"), human: str | None = "",
                 ruleset="standard", seed: int | None = None, bots="heuristic", lang: str = "en",
                 open_hands: bool = False):
        super().__init__()
        lang = words(lang).lang
        players = check_players(players)
        self.human = players[0] if human == "" else human
        if self.human is not None and self.human not in players:
            raise RulesError.say("the human seat {seat} is not one of the players {players}", seat=shown(self.human),
                                 players=Listed(players))
        self.players = players
        self.ruleset = get_ruleset(ruleset)
        self.bot_specs = bots
        self.lang = lang
        self.open_hands = check_flag("open_hands", open_hands)
        self.take: str | None = None
        self._start(seed)

    def _start(self, seed) -> None:
        """Deal game ``seed`` (None: a seed drawn by chance, so every deal differs); a refused
        deal number or bot leaves the model as it was."""
        seed = check_deal_number(seed)
        game = Game(self.players, self.ruleset, seed=seed)
        specs = self.bot_specs
        bots = {}
        for i, p in enumerate(self.players):
            if p == self.human:
                continue
            spec = specs.get(p, "heuristic") if isinstance(specs, Mapping) else specs
            # each bot its own seed, from the game's (which Game drew when seed was None)
            bots[p] = make_agent(spec, seed=game.seed * 7 + i)
        self.seed, self.game, self.bots = game.seed, game, bots
        #: Every battle resolved so far, as it happened: (number, region, Resolution).
        self.results: list[tuple[int, str | None, object]] = []
        #: results[fresh:] happened since the human's last action: the board announces them.
        self.fresh = 0

    # -- reading ------------------------------------------------------------------------------
    def _choice_label(self, card, action) -> str:
        return choice_label(kind_of(card), action.take, self.lang)

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

    def take_options(self) -> list[tuple[str, str | None]]:
        """The human's Scarecrow choices (:func:`~condottiere_nb.views.model.take_choices`); out of a
        battle, only to take nothing back."""
        if self.human is None or self.game.battle is None or self.game.phase != "battle":
            return [(words(self.lang).say("take nothing back"), None)]
        return take_choices(self.game.battle, self.human, self.lang)

    def other_actions(self, *, regions: bool = True) -> list[tuple[str, object]]:
        """The human's legal actions that are not a card or a pass (token, Favor, discard, keep);
        ``regions=False`` leaves out those that name a region (a map takes them by a click)."""
        if not self.waiting_for_human:
            return []
        return [(action_label(a, self.lang), a) for a in self.game.legal_actions()
                if not isinstance(a, (Play, Pass))
                and (regions or not (isinstance(a, (PlaceToken, PlaceFavor)) and a.region))]

    def region_actions(self) -> dict[str, object]:
        """region -> the human's legal action that places a token there (the Condottiere token or
        the Pope's Favor), as ``Game.legal_actions`` lists them: what a click on the map may do."""
        if not self.waiting_for_human:
            return {}
        return {a.region: a for a in self.game.legal_actions()
                if isinstance(a, (PlaceToken, PlaceFavor)) and a.region}

    def card_choices(self, card) -> list[tuple[str, object]]:
        """The legal plays of one card of the hand that differ by a choice (a Scarecrow's target),
        read from ``Game.legal_actions``: [] when the card asks nothing."""
        _check_card(card)
        if not self.can_play_cards():
            return []
        kind = kind_of(card)
        plays = [a for a in self.game.legal_actions() if isinstance(a, Play)
                 and kind_of(a.card) == kind and a.face_down == self.face_down]
        if len({a.take for a in plays}) <= 1:
            return []
        return [(self._choice_label(card, a), a) for a in plays]

    # -- plumbing ----------------------------------------------------------------------------------
    def _apply(self, action) -> None:
        """Apply an action; a battle it resolves joins ``results`` (who won it is told at once)."""
        region, battles = self.game.region, self.game.battles
        self.game.apply(action)
        if self.game.battles > battles and self.game.resolution is not None:
            self.results.append((self.game.battles, region, self.game.resolution))

    def _told(self, start: int, said=lambda t: ""):
        """A move's message: ``said(words)``, then the result of every battle resolved since
        ``results[start]``."""
        done = self.results[start:]
        return lambda t: t.say("; ").join(filter(None, (
            said(t), " ".join(H.battle_result_text(n, r, res, t.lang) for n, r, res in done))))

    # -- the human's actions ---------------------------------------------------------------------------
    def act(self, action) -> bool:
        """Any legal action of the human (a card, a pass, placing a token or the Favor, discarding,
        keeping); a battle it ends is told in the message."""
        if self.game.is_over:
            return self.fail(RulesError.say("the game is over: {winners} won; start a new game",
                                            winners=" and ".join(self.game.winners)))
        if not self.waiting_for_human:
            return self.fail(RulesError.say("it is {player}'s turn, not yours; let the bots move",
                                            player=self.game.to_move))
        start = len(self.results)
        try:
            self._apply(action)
        except RulesError as e:
            return self.fail(e)
        self.fresh = start
        self.face_down, self.take, self.pending = False, None, None
        return self._ok(self._told(start) if len(self.results) > start else None)

    def click(self, card) -> bool:
        """A click on a card of the hand: play it, or ask its choice first (``pending``)."""
        try:
            choices = self.card_choices(card)
        except RulesError as e:
            return self.fail(e)
        if not choices:
            return self.play(card)
        self.pending = (card, choices)
        if KINDS[kind_of(card)].choice == "take":
            return self._ok(lambda t: t.say("Which card does the Scarecrow take back?"))
        return self._ok(lambda t: t.say("Which soldier does the card remove?"))

    def choose(self, action) -> bool:
        """Answer the pending choice with one of its actions."""
        if self.pending is None or action not in [a for _, a in self.pending[1]]:
            return self.fail(RulesError.say("there is no card waiting for that choice; click a card of your hand"))
        self.pending = None
        return self.act(action)

    def play(self, card) -> bool:
        """Play a card from the human's hand (a kind like "10", or "10#53" for one card)."""
        try:
            _check_card(card)
        except RulesError as e:
            return self.fail(e)
        spec = KINDS.get(kind_of(card))
        take = self.take if (spec is not None and spec.choice == "take" and not self.face_down) else None
        return self.act(Play(card, self.face_down, take))

    def pass_turn(self) -> bool:
        return self.act(Pass())

    def set_take(self, take) -> bool:
        if take is not None and take not in [v for _, v in self.take_options()]:      # None: nothing chosen
            return self.fail(RulesError.say("{take} is not one of your face-up Mercenaries", take=shown(take)))
        self.take = take
        return self._ok()

    def set_open_hands(self, flag: bool) -> bool:
        try:
            self.open_hands = check_flag("open_hands", flag)
        except RulesError as e:
            return self.fail(e)
        return self._ok()

    # -- the bots ---------------------------------------------------------------------------------------
    def bot_step(self) -> bool:
        """One bot action; False (nothing changes) when it is the human's turn or the game is over."""
        if not self.bot_to_move:
            return False
        player = self.game.to_move
        action = self.bots[player].choose(self.game)
        start = len(self.results)
        self._apply(action)
        self.tell("info", self._told(start, lambda t: t.say("{player}: {action}", player=player,
                                                             action=action_label(action, t.lang))))
        self._changed()
        return True

    def run_bots(self, limit: int = 2000) -> int:
        """Bot actions until the human must act or the game ends; how many were made."""
        check_count("limit", limit, 0, 100_000)
        n, start = 0, len(self.results)
        while n < limit and self.bot_to_move:
            player = self.game.to_move
            self._apply(self.bots[player].choose(self.game))
            n += 1
        if n:
            self.tell("info", self._told(start, lambda t: t.say_n("the bots made {n} move",
                                                                  "the bots made {n} moves", n)))
            self._changed()
        return n

    def new_game(self, seed: int | None = None) -> bool:
        """A new deal: ``seed``, or the next seed (a new game is never the same deal again).  A deal
        number that is not a whole number from 0 to :data:`MAX_DEAL` is refused with a message, and
        the model stays as it was."""
        try:
            self._start((self.seed + 1) % (MAX_DEAL + 1) if seed is None else seed)
        except RulesError as e:
            return self.fail(e)
        self.face_down, self.take, self.pending = False, None, None
        seed = self.seed
        return self._ok(lambda t: t.say("new game, seed {seed}", seed=seed))

    # -- HTML ----------------------------------------------------------------------------------------
    def status_html(self) -> str:
        # Your own hand is the row of cards below, and the battle has its own view: neither is
        # repeated here.
        return H.game_html(self.game, self.lang, open_hands=self.open_hands, you=self.human, battle=False)

    def log_html(self, last: int = 80) -> str:
        """Every battle's result (a click opens its steps), then the last ``last`` Steps; the newest
        on top of each (a box showing its top follows the game)."""
        check_count("last", last, 0, 100_000)
        log = self.game.log
        start = max(0, len(log) - last)
        results = "".join(H.battle_result_html(n, r, res, self.lang) for n, r, res in reversed(self.results))
        return results + H.log_html(log[start:], start=start + 1, newest_first=True, lang=self.lang)

    def results_html(self) -> str:
        """The battles resolved since the human's last action (bots' battles included), each as
        its result with its steps a click away; the newest open."""
        fresh = self.results[self.fresh:]
        if not fresh:
            return ""
        t = words(self.lang)
        head = t.say_n("Battle since your last move:", "Battles since your last move:", len(fresh))
        items = "".join(H.battle_result_html(n, r, res, self.lang, opened=i == len(fresh) - 1)
                        for i, (n, r, res) in enumerate(fresh))
        return (f'<div class="cnb-fresh-results" style="border-left:4px solid #e8a317;padding:2px 6px;margin:2px 0">'
                f'<div style="font-family:sans-serif;font-size:12px;color:#555555"{t.dir}>{escape(head)}</div>'
                f'{items}</div>')

    def battle_html(self) -> str:
        """The battles that just ended (announced, as they happened), then the battle on the table."""
        g = self.game
        table = H.battle_html(g.battle, self.lang) if g.battle is not None and g.phase == "battle" else ""
        return self.results_html() + table
