"""The state behind the widgets, in plain Python (no ipywidgets here).

The widgets only turn clicks into calls on these models and render what the models
hold; every rule question goes to the engine (Battle, notation, undo).  So the models
are tested without any widget, and a widget test only checks the wiring.

Every action either succeeds or leaves the model exactly as it was with the engine's
message in ``message`` (``message_kind == "error"``): a click never half-applies.  Messages are
told in the model's ``lang`` when read (:class:`~condottiere_nb.views.observable.Tells`), so a new
language re-tells the message on screen.  Comparing rulesets lives in
:mod:`condottiere_nb.views.compare`.
"""
from __future__ import annotations

from typing import Sequence

from ..battle import Battle, Resolution
from ..arguments import check_flag
from ..cards import KINDS
from ..errors import Kind, Listed, RulesError
from ..i18n import LANGUAGES
from ..notation import kind_of, parse_kind, ruleset_named, split_target
from ..rulesets import RULESETS, Ruleset, get_ruleset, shown
from . import html as H
from .compare import (CompareModel, can_replay, face_up_moves, option_label, option_variants, replay,
                      ruleset_label, same_rules)
from .observable import Cursor, Observable, Tells
from .timeline import resolution_timeline
from .words import BATTLE_OPTIONS, Said, words

__all__ = ["BuilderModel", "StepperModel", "CompareModel", "Observable", "ruleset_label", "option_label",
           "option_variants", "can_replay", "face_up_moves", "replay", "DEFAULT_NAMES"]

DEFAULT_NAMES = ("Ana", "Ben", "Cy", "Dia", "Eli", "Fay")


# -- stepping through a resolution -----------------------------------------------------------

class StepperModel(Cursor):
    """Which Step of a Resolution is shown, and its HTML parts (in ``lang``)."""

    def __init__(self, resolution, lang: str = "en"):
        super().__init__()
        if not isinstance(resolution, Resolution):
            raise RulesError.say("a stepper shows the steps of a resolved battle, not {value}",
                                 value=shown(resolution))
        self.lang = words(lang).lang
        self.resolution = resolution
        self.timeline = resolution_timeline(resolution)
        self.steps = resolution.steps
        self.scale = H.timeline_scale(self.timeline)
        self.index = 0

    def __len__(self) -> int:
        return len(self.steps)

    @property
    def step(self):
        return self.steps[self.index]

    def strengths(self) -> tuple[dict, dict]:
        """(before, after) of the current step."""
        return H.step_strengths(self.steps, self.index, self.timeline.players)

    def header_html(self) -> str:
        return H.step_head_html(self.step, self.index, len(self.steps), self.lang)

    def lines_html(self) -> str:
        return H.step_lines_html(self.timeline, self.index, lang=self.lang, after=self.strengths()[1])

    def strengths_html(self) -> str:
        before, after = self.strengths()
        winner = self.resolution.winner if self.index == len(self.steps) - 1 else None
        return H.strengths_html(self.timeline.players, after, before, scale=self.scale, winner=winner, lang=self.lang,
                                held=H.held_strengths(self.steps, self.index, self.timeline.players))

    def rule_html(self) -> str:
        return H.rule_html(self.step, self.lang)


# -- a card's choice, asked after its click -------------------------------------------------------

class AsksChoices(Tells):
    """A model whose player lays cards: face down or not (``face_down``, where the ruleset
    ``self.ruleset`` allows it), in the model's language, and who may be asked the choice of the card
    just clicked (a Scarecrow's target, a Maiden's): ``pending`` is (card, [(label, choice), ...]),
    the labels (``_choice_label(card, choice)``) in the model's language, or None."""

    _pending: tuple | None = None
    face_down = False

    @property
    def pending(self) -> tuple | None:
        if self._pending is None:
            return None
        card, choices = self._pending
        return card, [(self._choice_label(card, choice), choice) for choice in choices]

    @pending.setter
    def pending(self, value) -> None:
        self._pending = None if value is None else (value[0], [choice for _, choice in value[1]])

    def cancel_choice(self) -> bool:
        self.pending = None
        return self._ok()

    def _ok(self, info=None) -> bool:
        """Success: ``info(words)`` (if given) as the message, then observers are told."""
        self.tell("info", info)
        self._changed()
        return True

    def _kind(self, kind) -> str:
        """The kind a card's name names in this battle's deck (any language, as the battle reads
        it); a RulesError (UnknownCard) names what is wrong, a list or a number of the wrong type too."""
        return parse_kind(kind, self.ruleset.kinds)

    def face_down_allowed(self, kind: str | None = None) -> bool:
        """May a card (of ``kind``, or any card) be played face down here?  (The engine's rule.)"""
        ways = self.ruleset.ways
        return any(True in w for w in ways.values()) if kind is None else True in ways.get(self._kind(kind), ())

    def set_face_down(self, flag: bool) -> bool:
        try:
            check_flag("face_down", flag)
        except RulesError as e:
            return self.fail(e)
        if flag and not self.face_down_allowed():
            return self.fail(RulesError.say(
                "cards are played face up under the {rules} ruleset; choose a ruleset with hidden cards, "
                "such as {example}, to play face down", rules=repr(self.ruleset.name), example="'hidden-cards'"))
        self.face_down = bool(flag)
        return self._ok()

    def set_lang(self, lang: str) -> bool:
        if not isinstance(lang, str) or lang not in LANGUAGES:
            return self.fail(RulesError.say("unknown language {lang}; choose one of {languages}", lang=shown(lang),
                                            languages=Listed(LANGUAGES)))
        self.lang = lang
        self._changed()          # the message on screen stays, told in the new language
        return True


def take_choices(battle, player: str, lang: str) -> list[tuple[str, str | None]]:
    """``player``'s Scarecrow choices, as the engine lists them: nothing (where the ruleset lets a
    Scarecrow take nothing back), or one of their face-up Mercenaries it may take back."""
    t = words(lang)
    scarecrow = KINDS["scarecrow"]
    nothing = [(t.say("take nothing back"), None)] if None in battle.take_options(player, scarecrow) else []
    return nothing + [(t.say("take back {card} (card #{id})", card=t.card(c.kind), id=c.id), f"{c.kind}#{c.id}")
                      for c in battle.take_cards(player, scarecrow)]


# -- building a battle ---------------------------------------------------------------------------

class BuilderModel(AsksChoices):
    """The battle builder's state: seats, the battle, the options of the next play,
    the language, and (after Resolve) a stepper or a comparison.

    >>> m = BuilderModel(["Ana", "Ben"])
    >>> m.play("10"), m.play("winter")
    (True, True)
    >>> m.notation(), m.battle.strengths()
    ('[Ana Ben] Ana 10, Ben winter', {'Ana': 1, 'Ben': 0})
    >>> m.set_face_down(True), m.message[:34]
    (False, 'cards are played face up under the')
    >>> m.resolve(), m.stepper.resolution.winner
    (True, 'Ana')
    """

    def __init__(self, players: Sequence[str] = ("Ana", "Ben"), ruleset="standard", notation: str | None = None,
                 lang: str = "en", auto_advance: bool = True, compare=None):
        super().__init__()
        self.lang = words(lang).lang
        self.auto_advance = check_flag("auto_advance", auto_advance)
        self.take: str | None = None
        self.stepper: StepperModel | None = None
        self.comparison: CompareModel | None = None
        self.compare_with: Ruleset | None = None
        # Battles cleared by Reset, so Undo can bring them back.
        self._cleared: list[Battle] = []
        if notation is not None:
            self.battle = Battle.from_notation(notation, ruleset=self._notation_ruleset(notation, ruleset))
        else:
            self.battle = Battle(players, ruleset)
        self.selected = self.battle.to_move or self.battle.players[0]
        if compare is not None:
            self.compare_with = get_ruleset(compare)

    # -- reading the state ----------------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        return self.battle.players

    @property
    def ruleset(self) -> Ruleset:
        return self.battle.ruleset

    def notation(self) -> str:
        return self.battle.notation()

    def deck_left(self) -> dict[str, int]:
        """kind -> how many cards of that kind are still in the deck (not in a line, not
        discarded, not taken back to a hand)."""
        left = dict(self.ruleset.counts)
        b = self.battle
        for c in [*b.in_play(), *b.discarded, *(c for cs in b.returned.values() for c in cs)]:
            left[c.kind] -= 1
        return left

    def take_options(self) -> list[tuple[str, str | None]]:
        """The selected player's Scarecrow choices (:func:`take_choices`)."""
        return take_choices(self.battle, self.selected, self.lang)

    def sample(self, kind: str):
        """A card of ``kind`` from this battle's deck (what a palette shows for the kind)."""
        kind = self._kind(kind)
        card = next((c for c in self.battle.deck if c.kind == kind), None)
        if card is None:
            raise RulesError.say("no {card} is left in the deck", card=Kind(kind))
        return card

    def card_label(self, kind: str) -> str:
        return words(self.lang).card(self._kind(kind))

    def compare_choices(self) -> list[tuple[str, Ruleset]]:
        """Rulesets to compare with, in words: the other named rulesets whose battles differ,
        then the current one with one battle reading changed; only those under which the moves
        so far can be replayed (:func:`can_replay`)."""
        rs = self.ruleset

        def battle_rules(r):
            return (tuple(sorted(r.counts.items())), tuple(getattr(r, o) for o in BATTLE_OPTIONS))
        # one choice per different battle: Continuous war plays its battles as Standard does
        seen = {battle_rules(rs)}
        choices = []
        for r in RULESETS.values():
            if battle_rules(r) not in seen:
                seen.add(battle_rules(r))
                choices.append((ruleset_label(r, self.lang), r))
        relevant = [o for o in BATTLE_OPTIONS if self._option_matters(o, rs, set(rs.counts))]
        choices += [(option_label(r, self.lang), r) for r in option_variants(rs, relevant)]
        choices = [(label, r) for label, r in choices if can_replay(self.battle, r)]
        chosen = self.compare_with
        if chosen is not None and not any(same_rules(r, chosen) for _, r in choices):
            # a ruleset given by hand (BattleBuilder(compare=...)) is a choice too, by its own name
            choices.append((ruleset_label(chosen, self.lang), chosen))
        return choices

    @staticmethod
    def _option_matters(option: str, rs: Ruleset, present: set) -> bool:
        # A reading matters in a battle only where its cards or its hidden play exist.
        needs = {"face_down_specials": rs.hidden_cards, "bishop_targets": "bishop" in present,
                 "courtesan_token": "courtesan" in present, "spring_highest": "spring" in present,
                 "banner_limit": "banner" in present, "maiden_targets": "maiden" in present,
                 "venezia_bribe": "venezia" in present and "scarecrow" in present,
                 "mercenaries_face_down": rs.mercenaries_face_down}
        return needs.get(option, True)

    # -- plumbing ----------------------------------------------------------------------------
    def _ok(self, info=None) -> bool:
        """Success: ``info(words)`` (if given) as the message, then observers are told."""
        self.tell("info", info)
        if not self.battle.moves:
            self.close_results()                  # nothing left to resolve (an Undo, a Reset)
        if self.stepper is not None or self.comparison is not None:
            # Results stay live: an edit re-resolves at once, on the same step.
            try:
                self._open_results(keep_index=True)
            except RulesError as e:
                self.close_results()
                self.compare_with = None          # the comparison cannot follow: it is turned off
                # (bound now: Python forgets ``e`` when the except block ends, and the message is
                # worded later, in the learner's language of that moment)
                self.tell("error", lambda t, closed=e: t.say("the comparison was closed: {error}", error=t.error(closed)))
        self._changed()
        return True

    def _changed(self) -> None:
        # the results open speak the builder's language (set_lang changes it)
        for m in (self.stepper, self.comparison):
            if m is not None:
                m.lang = self.lang
        super()._changed()

    def _after_move(self) -> None:
        self.face_down = False
        self.take = None
        if self.auto_advance and self.battle.to_move is not None:
            self.selected = self.battle.to_move

    @staticmethod
    def _notation_ruleset(text: str, ruleset):
        # A "(name)" head in the notation chooses the ruleset itself.
        return None if ruleset_named(text) is not None else ruleset

    # -- actions -------------------------------------------------------------------------------
    def select(self, player: str) -> bool:
        if player not in self.players:
            return self.fail(RulesError.say("{player} is not a player; players are {players}", player=shown(player),
                                            players=Listed(self.players)))
        self.selected = player
        self.take = self.pending = None
        return self._ok()

    def set_take(self, take: str | None) -> bool:
        allowed = [v for _, v in self.take_options()]
        if take is not None and take not in allowed:      # None: nothing chosen (yet)
            return self.fail(RulesError.say("{player} has no face-up Mercenary {take} to take back; choices: {choices}",
                                            player=self.selected, take=shown(take), choices=Listed(str(v) for v in allowed)))
        self.take = take
        return self._ok()

    def choices_for(self, kind: str) -> list[tuple[str, object]]:
        """What playing ``kind`` now asks the selected player to choose, as the engine lists it
        (``Battle.take_options``): [] when there is nothing to choose."""
        kind = self._kind(kind)
        spec = KINDS.get(kind)
        if spec is None or spec.choice is None:
            return []
        try:
            takes = self.battle.take_options(self.selected, spec, self.face_down)
        except RulesError:
            return []
        if len(takes) <= 1:
            return []
        return [(self._choice_label(kind, take), take) for take in [None] + [t for t in takes if t is not None]]

    def _choice_label(self, kind: str, take) -> str:
        return choice_label(kind, take, self.lang)

    def click(self, kind: str) -> bool:
        """A palette click: play ``kind``, or, when the card asks a choice (a Scarecrow with
        Mercenaries to take back), ask it first (``pending``) and play on :meth:`choose`."""
        try:
            kind = self._kind(kind)
        except RulesError as e:
            return self.fail(e)
        options = self.choices_for(kind)
        if options:
            # Ask only for a card that may be played now: else the engine's refusal, at once.
            if kind not in {option[0] for option in self.battle.play_options(self.selected)}:
                options = []
        if not options:
            return self.play(kind)
        self.pending = (kind, options)
        player = self.selected
        if KINDS[kind].choice == "take":
            return self._ok(lambda t: t.say("{player}: Which card does the Scarecrow take back?", player=player))
        return self._ok(lambda t: t.say("{player}: What does the {card} remove?", player=player, card=t.card(kind)))

    def choose(self, take) -> bool:
        """Answer the pending choice: play the card with ``take``."""
        if self.pending is None:
            return self.fail(RulesError.say("there is no card waiting for a choice; click a card first"))
        kind, options = self.pending
        if take not in [v for _, v in options]:
            return self.fail(RulesError.say("{take} is not one of the choices: {choices}", take=shown(take),
                                            choices=Listed(Said(choice_label, kind, v) for _, v in options)))
        return self.play(kind, take=take)      # (a refusal keeps the question open)

    def play(self, kind: str, take=...) -> bool:
        """The selected player plays a card of ``kind`` with the current options (``take``: a
        Scarecrow's target, else the one set with :meth:`set_take`)."""
        try:
            kind = self._kind(kind)
            if KINDS.get(kind) is not None and KINDS[kind].choice is not None:     # a Scarecrow, a Maiden
                chosen = self.take if take is ... else take
                self.battle.play(self.selected, kind, face_down=self.face_down,
                                 take=None if (self.face_down and KINDS[kind].choice == "take") else chosen)
            else:
                self.battle.play(self.selected, kind, face_down=self.face_down)
        except RulesError as e:
            return self.fail(e)
        self.pending = None
        self._after_move()
        return self._ok()

    def pass_turn(self) -> bool:
        try:
            self.battle.pass_turn(self.selected)
        except RulesError as e:
            return self.fail(e)
        self._after_move()
        return self._ok()

    def undo(self) -> bool:
        """Take back the last move; right after a Reset, bring the cleared battle back."""
        self.pending = None
        if not self.battle.moves and self._cleared:
            self.battle = self._cleared.pop()
            self.selected = self.battle.to_move or self.players[0]
            n = len(self.battle.moves)
            return self._ok(lambda t: t.say_n("Reset undone: the {n} move is back",
                                              "Reset undone: the {n} moves are back", n))
        try:
            move = self.battle.undo()
        except RulesError as e:
            return self.fail(RulesError.say("nothing to undo: no card has been played yet") if not self.battle.moves
                             else e)
        self.selected = move.player
        if move.kind is None:
            return self._ok(lambda t: t.say("took back {player}'s pass", player=move.player))
        return self._ok(lambda t: t.say("took back {player}'s {card}", player=move.player, card=t.card(move.kind)))

    def reset(self) -> bool:
        """Clear the lines (seats and ruleset stay); Undo brings them back."""
        cleared = len(self.battle.moves)
        if cleared:
            self._cleared.append(self.battle)
        self.battle = Battle(self.players, self.ruleset)
        self.selected = self.battle.to_move or self.players[0]
        self.face_down, self.take, self.pending = False, None, None
        self.close_results()
        return self._ok((lambda t: t.say_n("cleared {n} move; Undo brings it back",
                                           "cleared {n} moves; Undo brings them back", cleared)) if cleared else None)

    def set_players(self, names: Sequence[str]) -> bool:
        """New seats.  Moves are kept seat by seat while every seat that moved is still
        there; otherwise the battle starts afresh (and says so).  A text is not a list of names
        (``"Ana"`` would seat A, n and a): it is refused, like anything else that is not a list."""
        if isinstance(names, str) or not isinstance(names, Sequence) or len(names) > 6:
            return self.fail(RulesError.say("players must be a list of names such as {example}, not {value}",
                                            example="['Ana', 'Ben']", value=shown(names)))
        names = [n.strip() if isinstance(n, str) else n for n in names]
        try:
            fresh = Battle(names, self.ruleset)
        except RulesError as e:
            return self.fail(e)
        old = self.players
        seat = {p: i for i, p in enumerate(old)}
        info = None
        if self.battle.moves:
            try:
                if any(seat[m.player] >= len(names) for m in self.battle.moves):
                    raise RulesError("a seat that moved is gone")
                renamed = Battle(names, self.ruleset)
                for m in self.battle.moves:
                    renamed.apply_move(m, player=names[seat[m.player]])
                fresh = renamed
            except RulesError:
                n = len(self.battle.moves)
                info = (lambda t: t.say_n("new seats: the {n} move so far was cleared",
                                          "new seats: the {n} moves so far were cleared", n))
        self.battle = fresh
        if self.selected in old and seat[self.selected] < len(names):
            self.selected = names[seat[self.selected]]
        else:
            self.selected = fresh.to_move or names[0]
        self.take = None
        self.close_results()
        return self._ok(info)

    def set_player_count(self, n: int) -> bool:
        if isinstance(n, bool) or not isinstance(n, int) or not 2 <= n <= 6:
            return self.fail(RulesError.say("a battle needs 2 to 6 players, not {n}", n=shown(n)))
        names = list(self.players[:n])
        spare = [d for d in DEFAULT_NAMES if d not in names]
        while len(names) < n:
            names.append(spare.pop(0))
        return self.set_players(names)

    def rename(self, seat: int, name: str) -> bool:
        names = list(self.players)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(names):
            return self.fail(RulesError.say("there is no seat {seat}; seats are 0 to {last}", seat=shown(seat),
                                            last=len(names) - 1))
        names[seat] = name
        return self.set_players(names)

    def set_ruleset(self, ruleset) -> bool:
        """Switch rulesets, replaying the moves; if one is illegal there, nothing changes."""
        try:
            rs = get_ruleset(ruleset)
            battle = replay(self.battle, rs)
        except RulesError as e:
            return self.fail(e)
        self.battle = battle
        if self.face_down and not self.face_down_allowed():
            self.face_down = False
        if self.compare_with is not None and same_rules(self.compare_with, rs):
            self.compare_with = None              # comparing a ruleset with itself shows nothing
        return self._ok()

    def load_notation(self, text: str) -> bool:
        """Replace the battle by the one written in ``text`` (seats included)."""
        try:
            battle = Battle.from_notation(text, ruleset=self._notation_ruleset(text, self.ruleset))
        except RulesError as e:
            return self.fail(e)
        self.battle = battle
        self.selected = battle.to_move or battle.players[0]
        self.face_down, self.take = False, None
        self.close_results()
        n = len(battle.moves)
        return self._ok(lambda t: t.say_n("loaded {n} move", "loaded {n} moves", n))

    def set_compare(self, ruleset) -> bool:
        """Compare mode: Resolve shows this ruleset beside the current one (None: off)."""
        try:
            chosen = None if ruleset is None else get_ruleset(ruleset)
        except RulesError as e:
            return self.fail(e)
        if self.stepper is None and self.comparison is None:
            self.compare_with = chosen
            return self._ok()
        # Results are open: show them under the new choice, or, if they cannot be, change nothing.
        before = self.compare_with, self.stepper, self.comparison
        self.compare_with = chosen
        try:
            self._open_results(keep_index=False)
        except RulesError as e:
            self.compare_with, self.stepper, self.comparison = before
            return self.fail(e)
        self.tell("", None)
        self._changed()
        return True

    def resolve(self) -> bool:
        """Open the stepper on a resolution of a copy (the battle stays editable), or the
        comparison when compare mode is on.  (A refusal leaves everything as it was, a card's
        question too.)"""
        if not self.battle.moves:
            return self.fail(RulesError.say("nothing to resolve yet: click cards to lay them in the lines first"))
        try:
            self._open_results(keep_index=False)
        except RulesError as e:
            return self.fail(e)
        self.pending = None
        self.tell("", None)
        self._changed()
        return True

    def _open_results(self, keep_index: bool) -> None:
        old = self.comparison if self.compare_with is not None else self.stepper
        index = old.index if (keep_index and old is not None) else None
        if self.compare_with is not None:
            target = self.comparison = CompareModel(self.battle, self.ruleset, self.compare_with, self.lang)
            self.stepper = None
        else:
            target = self.stepper = StepperModel(self.battle.preview(), self.lang)
            self.comparison = None
        if index is not None:
            target.index = min(index, len(target) - 1)

    def close_results(self) -> None:
        self.stepper = None
        self.comparison = None


def choice_label(kind: str, take, lang: str = "en") -> str:
    """One choice of a card that asks one (a Scarecrow's target, a Maiden's), in words."""
    t = words(lang)
    if KINDS[kind].choice == "take":
        return (t.say("take nothing back") if take is None
                else t.say("take back the {card}", card=t.card(kind_of(take))))
    if take is None:
        return t.say("remove nothing")
    player, sep, card = split_target(str(take))
    if sep == "@":      # a soldier by its place in a line (the Persian tutorial's soldiers lie face down)
        return t.say("remove card {position} of {player}'s line", player=player, position=card)
    return t.say("remove the {card}", card=t.card(kind_of(card)))
