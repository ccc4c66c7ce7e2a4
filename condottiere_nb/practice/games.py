"""Exercises about the game around the battles: what the game does once a battle ends.

A :class:`GamePlan` is a position of a whole :class:`~condottiere_nb.game.Game` as data: the
seats, the control markers, the stated hands, the region of the battle and the moves of the
battle so far.  The question's moment is "everyone still in the battle passes now" (then, for a
question about the next battle, the Condottiere token goes to the first free region and nobody
discards a hand but the one player a hand.discard question names).  The engine answers it
(:func:`game_outcome`): the Game is set up with the public API (``hands=``, ``control=``), the
legal actions are applied, and the result is read.

A learner's mistake is the same run with one step of the end of a battle or of a round left out
or misapplied, through the hooks the Game calls at those moments (those of
:class:`~condottiere_nb.variants.base.Variant`): a :class:`Slip` is added to the game's
variants and does, at its hook, what the mistake amounts to, with the public functions of
:mod:`condottiere_nb.game.phases` (never a second copy of a rule):

* ``("no_victory", ())``: game.victory left out (the victories found are dropped);
* ``("thresholds", n)``: game.victory misapplied: the victory conditions of ``n`` players;
* ``("unconquered", ())``: region.conquered left out (the marker is taken off again);
* ``("conquer_to", player)``: region.conquered misapplied: ``player`` places the marker;
* ``("tie_to", player)``: region.tied misapplied: after a tie, ``player`` places a marker;
* ``("tie_frees", ())``: invasion.tie misapplied as region.tied: the defender's marker is taken off;
* ``("round_goes_on", ())``: round.end left out: the next battle begins without a new deal.

And one mistake that is a decision made the other way: ``("kept_hand", player)``: hand.discard left
out: ``player`` keeps the hand the question says they discard.

The kinds of question: ``marker`` (who controls the battle's region after it, or nobody),
``victory`` (who has won the game, or nobody yet), ``cards`` (how many cards a player holds when
the next battle begins).
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from .. import board
from ..game import DiscardHand, Game, Keep, Pass, PlaceToken, Play, phases
from ..language import speaker
from ..variants.base import Variant
from .exercise import Exercise, Mistake

__all__ = ["GamePlan", "GameExercise", "Slip", "game_outcome", "game_candidate", "game_judge", "GAME_ASKS",
           "GAME_SEATS", "play_position", "answered_game"]

#: The seats of an exercise game.
GAME_SEATS = ("Ana", "Ben", "Cy", "Dan")

#: What each rule of the game around the battles asks.
GAME_ASKS = {"region.conquered": ("marker", "victory"), "region.tied": ("marker",),
             "game.victory": ("victory",), "round.end": ("cards",), "hand.discard": ("cards",),
             "invasion.tie": ("marker",)}

#: The kinds a hand of an exercise game is made of: cards that do not stop the game for a decision.
_KINDS = ("1", "2", "3", "4", "5", "6", "10", "drummer", "heroine", "courtesan", "winter", "spring")


@dataclass(frozen=True)
class GamePlan:
    """A game position and its question, as data: ``hands`` and ``control`` as the Game takes them
    (tuples of pairs), ``region`` the battle's region, ``moves`` the battle's moves so far
    ((player, kind), a pass being (player, None)), ``ask`` the kind of question, ``asked`` the player
    a ``cards`` question asks about."""

    ruleset: object
    players: tuple
    hands: tuple
    control: tuple
    region: str
    moves: tuple
    ask: str
    asked: str | None = None
    discards: tuple = ()

    @property
    def key(self) -> tuple:
        return (self.players, self.hands, self.control, self.region, self.moves, self.ask, self.asked,
                self.discards)


class Slip(Variant):
    """One step of the end of a battle or of a round left out or misapplied (see the module's
    docstring): added to a game's variants, it acts at the Game's hooks."""

    name = "practice_slip"

    def __init__(self, ruleset, way: tuple | None = None, before: str | None = None):
        super().__init__(ruleset)
        self.way = way or (None, None)
        self.before = before        # who controlled the battle's region before it (None: nobody)
        self.busy = False

    def _victories(self, game, player):
        self.busy = True
        try:
            return phases.victories_of(game, player)
        finally:
            self.busy = False

    def victories(self, game, player, found):
        how, arg = self.way
        if self.busy or how is None:
            return found
        if how == "no_victory":
            return []
        if how == "thresholds":
            won = board.victory_of(player, game.regions_of(player), arg)
            return [won] if won is not None else []
        if how == "unconquered":
            region = game.state.region
            if self.before is None:
                game.state.control.pop(region, None)
            else:
                game.state.control[region] = self.before
            return self._victories(game, player)
        if how == "conquer_to" and arg != player:
            phases.region_conquered(game, arg, None)
            return self._victories(game, arg)
        return found

    def on_tie(self, game, resolution) -> bool:
        how, arg = self.way
        if how == "tie_frees":
            game.state.control.pop(game.state.region, None)
            return False
        if how != "tie_to":
            return False
        phases.region_conquered(game, arg, None)
        found = self._victories(game, arg)
        if found:
            phases.game_victory(game, found[0])
            return True
        return False

    def round_end(self, game) -> bool:
        if self.way[0] != "round_goes_on":
            return False
        phases.battle_start(game)
        return True


def play_position(plan: GamePlan, explain: bool = False) -> Game:
    """The plan's game at the question's moment: set up, the token placed, the battle's moves made."""
    g = Game(list(plan.players), plan.ruleset, seed=0, explain=explain, hands=dict(plan.hands),
             control=dict(plan.control))
    g.apply(PlaceToken(plan.region))
    for player, kind in plan.moves:
        g.apply(Pass() if kind is None else Play(kind))
    return g


def answered_game(plan: GamePlan, position: Game, way: tuple | None = None) -> Game:
    """A copy of ``position`` run on from the question's moment (with the Slip of ``way``): everyone
    passes; for a ``cards`` question, the token then goes to the first free region, the players of
    ``plan.discards`` discard their hands (and nobody else), the last player with cards keeps as many
    as they may, until the next battle begins.  ``("kept_hand", player)``: ``player`` does not discard."""
    g = position.clone()
    before = dict(plan.control).get(plan.region)
    g.variants.append(Slip(g.ruleset, None if way is None or way[0] == "kept_hand" else way, before))
    battles = g.battles
    while g.phase == "battle" and g.battles == battles:
        g.apply(Pass())
    if plan.ask != "cards" or g.is_over:
        return g
    if g.phase == "token":
        g.apply(PlaceToken(g.open_regions()[0]))
    for _ in range(10):
        if g.phase == "discard":
            player = g.to_move
            g.apply(DiscardHand(player in plan.discards and way != ("kept_hand", player)))
        elif g.phase == "keep":
            g.apply(max((a for a in g.legal_actions() if isinstance(a, Keep)), key=lambda a: len(a.cards)))
        else:
            break
    return g


def read_answer(plan: GamePlan, g: Game):
    """What a game run on answers to the plan's question."""
    if plan.ask == "marker":
        return g.control.get(plan.region)
    if plan.ask == "victory":
        return g.winners[0] if g.is_over and len(g.winners) == 1 else None
    return len(g.hand(plan.asked))


def game_outcome(plan: GamePlan, position: Game, way: tuple | None = None):
    return read_answer(plan, answered_game(plan, position, way))


# -- making positions ---------------------------------------------------------------------------

def _group(rng: random.Random, size: int, taken: set) -> list[str]:
    """``size`` adjacent free regions (a random walk on the map), or fewer where the walk is stuck."""
    free = [r for r in board.REGIONS if r not in taken]
    if not free:
        return []
    group = [rng.choice(free)]
    while len(group) < size:
        edge = sorted({n for r in group for n in board.ITALY.neighbors(r)} - set(group) - taken,
                      key=board.REGIONS.index)
        if not edge:
            break
        group.append(rng.choice(edge))
    return group


def _control(rng: random.Random, players: tuple, ask: str) -> dict:
    total, adjacent = board.victory_thresholds(len(players))
    control: dict = {}
    main = rng.choice(players)
    if ask == "victory" or rng.random() < 0.5:
        near = _group(rng, adjacent - rng.choice((1, 1, 2)), set())
        for r in near:
            control[r] = main
        extra = rng.randint(0, total - 1 - len(near))
        for r in rng.sample([r for r in board.REGIONS if r not in control], extra):
            control[r] = main
    for p in players:
        if p != main:
            for r in rng.sample([r for r in board.REGIONS if r not in control], rng.randint(0, 2)):
                control[r] = p
    if board.check_victory(control, len(players)):
        return {}
    return control


def _battle_region(rng: random.Random, control: dict, defended: bool = False) -> str:
    if defended:
        return rng.choice(sorted(control, key=board.REGIONS.index))
    free = [r for r in board.REGIONS if r not in control]
    near = sorted({n for r in control for n in board.ITALY.neighbors(r)} & set(free), key=board.REGIONS.index)
    return rng.choice(near) if near and rng.random() < 0.7 else rng.choice(free)


def game_candidate(rng: random.Random, ruleset, rule: str) -> GamePlan | None:
    """A random game position and question for ``rule`` (None when the deal cannot make one)."""
    n = rng.choice((2, 3, 3, 4))
    players = GAME_SEATS[:n]
    ask = rng.choice(GAME_ASKS[rule])
    control = _control(rng, players, ask)
    if not control and ask == "victory":
        return None
    size = (1, 3) if ask == "cards" else (2, 5)
    # hand.discard: hands with more cards that are not Mercenaries, and players who pass early and keep them
    mixed, passing = (0.45, 0.25) if rule == "hand.discard" else (0.75, 0.08 if ask != "cards" else 0.02)
    mercs = [k for k in _KINDS if k.isdigit()]
    left = dict(ruleset.counts)
    hands = {}
    for p in players:
        hand = []
        for _ in range(rng.randint(*size)):
            kind = rng.choice(mercs) if rng.random() < mixed else rng.choice(_KINDS)
            if left.get(kind, 0) > 0:
                left[kind] -= 1
                hand.append(kind)
        if not hand:
            return None
        hands[p] = tuple(hand)
    if rule == "invasion.tie" and not control:
        return None
    region = _battle_region(rng, control, rule == "invasion.tie")
    plan = GamePlan(ruleset, players, tuple(hands.items()), tuple(control.items()), region, (), ask)
    g = play_position(plan)
    moves = []
    plays = rng.randint(n, 3 * n) if ask != "cards" else 99
    ties = rule in ("region.tied", "invasion.tie")
    while len([m for m in moves if m[1] is not None]) < plays:
        if g.phase != "battle" or g.battles:
            moves.pop()         # the move that ended the battle: the question's "everyone passes" instead
            break
        player = g.to_move
        options = sorted({a.card for a in g.legal_actions() if isinstance(a, Play) and not a.face_down})
        if not options or rng.random() < passing:
            moves.append((player, None))
            g.apply(Pass())
        else:
            kind = rng.choice(options)
            moves.append((player, kind))
            g.apply(Play(kind))
        # a tie's rules: stop at the first moment the lines tie, if everyone passed then
        if ties and len(moves) >= n and g.phase == "battle" and not g.battles and g.battle.preview().winner is None:
            break
    if not moves:
        return None
    asked, discards = None, ()
    if ask == "cards":
        asked = rng.choice(players)
    if rule == "hand.discard":
        # who may discard after this battle: a hand of cards that are not Mercenaries; the question's
        # moves leave each player's first cards in hand, so it is told from the hands and the moves
        held = {p: list(h) for p, h in hands.items()}
        for p, kind in moves:
            if kind is not None:
                held[p].remove(kind)
        may = [p for p in players if held[p] and not any(k.isdigit() for k in held[p])]
        if not may:
            return None
        discards = (rng.choice(may),)
        asked = discards[0] if rng.random() < 0.5 else asked
    return GamePlan(ruleset, players, tuple(hands.items()), tuple(control.items()), region, tuple(moves), ask,
                    asked, discards)


def _ways(plan: GamePlan, rule: str, position: Game, right_game: Game) -> list[tuple]:
    """The ways ``rule`` is left out or misapplied in this position (each a Slip's way)."""
    res = right_game.resolution
    if rule == "game.victory":
        n = len(plan.players)
        other = 4 if n <= 3 else 3
        ways = [("no_victory", ())]
        if not plan.ruleset.victory_regions:
            ways.append(("thresholds", other))
        return ways
    if rule == "region.conquered":
        if res is None or res.winner is None:
            return []
        ways = [("unconquered", ())]
        for p in (res.token_holder, position.token_holder):
            if p != res.winner and ("conquer_to", p) not in ways:
                ways.append(("conquer_to", p))
        return ways
    if rule == "region.tied":
        if res is None or res.winner is not None:
            return []
        ways = []
        for p in (res.token_holder, *[q for q in plan.players if q in res.tied]):
            if ("tie_to", p) not in ways:
                ways.append(("tie_to", p))
        return ways
    if rule == "invasion.tie":
        if res is None or res.winner is not None or plan.region not in dict(plan.control):
            return []
        ways = [("tie_frees", ())]
        for p in (res.token_holder, *[q for q in plan.players if q in res.tied]):
            if p != dict(plan.control)[plan.region] and ("tie_to", p) not in ways:
                ways.append(("tie_to", p))
        return ways
    if rule == "round.end":
        return [("round_goes_on", ())]
    if rule == "hand.discard":
        return [("kept_hand", p) for p in plan.discards]
    return []


def _present(plan: GamePlan, right_game: Game) -> list[str]:
    res = right_game.resolution
    rules = []
    if res is not None and res.winner is not None:
        rules.append("region.conquered")
    elif res is not None:
        rules.append("invasion.tie" if plan.ruleset.invasion and plan.region in dict(plan.control) else
                     "region.tied")
    if plan.ask == "victory" or (res is not None and res.winner is not None):
        rules.append("game.victory")
    if plan.ask == "cards":
        rules.append("round.end")
    if plan.discards:
        rules.append("hand.discard")
    return rules


def game_judge(plan: GamePlan, rule: str, level: int | None):
    """The exercise of ``plan`` for ``rule``, or None when ``rule`` does not change its answer, a
    question of the next battle has none (the game ended), or its level is not ``level``."""
    position = play_position(plan)
    right_game = answered_game(plan, position)
    if plan.ask == "cards" and (right_game.is_over or right_game.phase != "battle"):
        return None
    right = read_answer(plan, right_game)
    present = _present(plan, right_game)
    if rule not in present:
        return None
    present.remove(rule)
    present.insert(0, rule)         # its mistakes first: an answer two rules give is told as the practised one
    deciding, mistakes = [], []
    for r in present:
        changed = False
        for way in _ways(plan, r, position, right_game):
            wrong = game_outcome(plan, position, way)
            if wrong != right:
                changed = True
                if all(m.answer != wrong for m in mistakes):
                    mistakes.append(Mistake(r, way, wrong))
        if changed:
            deciding.append(r)
    if rule not in deciding:
        return None
    if level is not None and len(deciding) != level:
        return None
    return GameExercise(rule, tuple(r for r in deciding if r != rule), plan, right, tuple(mistakes))


class GameExercise(Exercise):
    """A question about what the game does once a battle ends, that one rule of the game around the
    battles decides (:mod:`condottiere_nb.practice.games`): ``position`` is a Game at the moment the
    question names; ``kind`` is "marker" (who places a control marker on the battle's region),
    "victory" (who has won the game) or "cards" (how many cards a player holds when the next battle
    begins)."""

    def __init__(self, rule: str, rules: tuple, plan, answer, mistakes: tuple):
        self.rule, self.rules, self.plan, self.answer, self.mistakes = rule, tuple(rules), plan, answer, mistakes
        self.level = len({rule, *rules})
        self.ruleset = plan.ruleset
        self.kind = plan.ask
        self.position = play_position(plan, explain=True)
        #: the game as the question runs it on
        self.solution = answered_game(plan, self.position)

    def say_question(self, lang: str | None = None) -> str:
        t = speaker(lang)
        plan = self.plan
        setup = [t.say("Everyone still in the battle for {region} passes now.", region=plan.region)]
        if plan.ask == "cards" and plan.discards:
            setup.append(t.say("Then the Condottiere token goes to a free region, and {player} discards their hand "
                               "(nobody else does).", player=plan.discards[0]))
        elif plan.ask == "cards":
            setup.append(t.say("Then the Condottiere token goes to a free region, and nobody discards their hand."))
        asks = {
            "marker": lambda: t.say("Who controls {region} after this battle? (a player, or nobody)",
                                    region=plan.region),
            "victory": lambda: t.say("Who has won the game? (a player, or nobody yet)"),
            "cards": lambda: t.say("How many cards does {player} hold when the next battle begins?",
                                   player=plan.asked),
        }
        return t.sentences(*setup, asks[plan.ask]())

    @property
    def steps(self) -> list:
        """The engine's Steps from the question's moment on."""
        return self.solution.log[len(self.position.log):]

    def explain(self, lang: str | None = None) -> str:
        """The engine's steps from the question's moment on, in ``lang``."""
        from ..explain import explain as explain_steps
        return explain_steps(self.steps, lang)

    def position_text(self, lang: str | None = None) -> str:
        """The position in one line: the battle's lines and every player's regions."""
        t = speaker(lang)
        g = self.position
        markers = " · ".join(t.say("{player}: {regions}", player=p, regions=t.say(", ").join(g.regions_of(p)) or "-")
                             for p in g.players)
        return t.say("Battle for {region}: {battle}. Control markers: {markers}.", region=g.region,
                     battle=g.battle.notation(), markers=markers)

    def mistake_sentence(self, mistake: Mistake, lang: str | None = None) -> str:
        t = speaker(lang)
        how, arg = mistake.variant
        shown = self.answer_text(mistake.answer, t.lang)
        if how == "no_victory":
            return t.say("{answer} is what you get if nobody checked for a victory after the battle.", answer=shown)
        if how == "thresholds":
            from ..board import victory_thresholds
            total, adjacent = victory_thresholds(arg)
            return t.say("{answer} is what you get with the victory conditions of a game of {n} players: {total} "
                         "regions, or {adjacent} adjacent ones.", answer=shown, n=arg, total=total, adjacent=adjacent)
        if how == "unconquered":
            return t.say("{answer} is what you get if the winner of the battle placed no control marker.",
                         answer=shown)
        if how == "conquer_to":
            return t.say("{answer} is what you get if {player} placed the control marker instead of the winner of "
                         "the battle.", answer=shown, player=arg)
        if how == "tie_to":
            return t.say("{answer} is what you get if a tied battle gave the region to {player}.", answer=shown,
                         player=arg)
        if how == "tie_frees":
            return t.say("{answer} is what you get if a tied battle freed the defender's region, as it does without "
                         "Invasion.", answer=shown)
        if how == "kept_hand":
            return t.say("{answer} is what you get if {player} kept their hand.", answer=shown, player=arg)
        if how == "round_goes_on":
            return t.say("{answer} is what you get if the round went on without a new deal.", answer=shown)
        return super().mistake_sentence(mistake, lang)

    def __repr__(self) -> str:
        return f"<GameExercise {self.rule} level={self.level} {self.kind}: {self.question!r} answer={self.answer!r}>"
