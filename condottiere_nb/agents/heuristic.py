"""A simple, sensible computer player (see :class:`HeuristicAgent`)."""
from __future__ import annotations

import random

from .. import board, plays
from ..arguments import check_seed
from ..cards import KINDS
from ..effects import AHEAD
from ..errors import RulesError
from ..game import DiscardHand, Game, Keep, Pass, PlaceFavor, PlaceToken, Play
from ..variants import city_states
from ..variants.city_states import Ball, Bribe, GenovaTrade, RomaClaim, UseAbility, Veto
from .base import Agent, choices_of
from .sight import Sight

__all__ = ["HeuristicAgent", "Sight", "COST", "KEEP_ORDER", "CITY_ORDER", "would_win", "wins_taking",
           "winning_regions", "kinds_decide"]


# What a card is worth keeping in hand, roughly: the price of playing it.  The Persian
# tutorial's Weapon costs nothing: it draws its replacement at once (fa, section 5).
COST = {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "heroine": 10,
        "courtesan": 1.5, "drummer": 5, "banner": 5, "bishop": 5, "spring": 3, "winter": 3, "scarecrow": 1,
        "surrender": 6, "maiden": 3, "weapon": 0}
# Cards to keep at the end of a round, best first.
KEEP_ORDER = ("10", "heroine", "9", "surrender", "8", "bishop", "7", "6", "drummer", "banner", "spring", "5",
              "maiden", "winter", "scarecrow", "4", "courtesan", "3", "2", "1", "weapon")
# City-states (zh 二): the cities this agent prefers, best first, by how often each won when
# heuristic players drew their cities at random (300 seeded games each with 3 and 4 players,
# fair 0.33 / 0.25): Genova 0.70 / 0.56 (its trade takes 5-7 cards from the other hands and keeps
# the best three), Venezia 0.35 / 0.22, Firenze 0.30 / 0.21, Roma 0.26 / 0.18, Bologna 0.23 / 0.19,
# Milano 0.20 / 0.16.
CITY_ORDER = ("Genova", "Venezia", "Firenze", "Roma", "Bologna", "Milano")
# The map as this agent reads it at every decision: each region's neighbours (in the map's own
# order) and weight, read once from board.ITALY.
NEIGHBOURS = {r: tuple(board.ITALY.adj[r]) for r in board.ITALY}
# kind -> the rule id of its on-play effect (or None), read from the card registry once
EFFECT = {k: spec.effect for k, spec in KINDS.items()}
WEIGHTS = {r: board.ITALY.nodes[r]["weight"] for r in board.ITALY}


def would_win(game: Game, player: str, region: str) -> bool:
    """Would ``player`` win the game by taking ``region``, under the game's ruleset?"""
    owned = {r for r, owner in game.state.control.items() if owner == player}
    return wins_taking(game.ruleset, len(game.players), player, owned, region)


def wins_taking(ruleset, seats: int, player: str, owned, region: str) -> bool:
    """:func:`would_win` for ``player`` holding the regions ``owned`` in a game of ``seats``
    players under ``ruleset``."""
    rs = ruleset
    if rs.city_states and rs.city_end == "weights_only":
        return False
    mine = set(owned)
    mine.add(region)
    if rs.victory_regions:                       # fa-tutorial: a number of regions, no adjacency
        return len(mine) >= rs.victory_regions
    # the rule the game applies after a battle (board.check_victory), asked for this player only
    return board.victory_of(player, mine, seats) is not None


# winning_regions() remembered, by (ruleset id, seats, player, regions held) -> (ruleset, answer): a
# battle changes one player's regions, and the maps of the first rounds come back in every game
_WINNING: dict = {}


def winning_regions(ruleset, seats: int, player: str, owned: frozenset) -> frozenset:
    """The regions whose taking would win ``player``, holding ``owned``, the game
    (:func:`wins_taking` for every region of the map), remembered."""
    key = (id(ruleset), seats, player, owned)
    found = _WINNING.get(key)
    if found is None or found[0] is not ruleset:
        if len(_WINNING) >= 50_000:
            _WINNING.clear()
        found = _WINNING[key] = (ruleset, frozenset([r for r in board.REGIONS
                                                     if wins_taking(ruleset, seats, player, owned, r)]))
    return found[1]


# What each action does from lines of these kinds, mine at this seat (see HeuristicAgent._outcomes):
# (ruleset id, my seat, each line's code) -> {action id: (lead, cost, ends) or None}.  Only numbers
# and strings, which the garbage collector need not visit; _KEPT holds the ruleset and the actions
# whose ids are used, so that no other object takes one of those ids while they are.
_OUTCOMES: dict = {}
_KEPT: dict = {}
_DECIDE: dict = {}


def kinds_decide(ruleset) -> bool:
    """Do the kinds of the cards in the lines (and nothing else about the battle) decide what a
    play does to the count, when nothing lies face down?  So when every effect in the deck is a
    standard one (:data:`condottiere_nb.effects.AHEAD`: what it does depends on the cards in
    play) and there are no city-state abilities (Venezia's Bribe remembers what it took)."""
    found = _DECIDE.get(id(ruleset))
    if found is None or found[0] is not ruleset:
        found = _DECIDE[id(ruleset)] = (ruleset, not ruleset.city_states and all(
            EFFECT[k] is None or EFFECT[k] in AHEAD for k in ruleset.kinds))
    return found[1]


# The map (ruleset, players, control) an agent last read and what it remembers about it (see
# HeuristicAgent._read_map).
_LAST_MAP: list = [None]


class HeuristicAgent(Agent):
    """A simple, sensible player (see the module docstring).  ``seed`` breaks ties.

    It plays every named ruleset: it judges a battle by its own view of it (its own
    face-down cards counted, an opponent's face-down card at the average value of the
    Mercenaries it has not seen), sometimes lays a strong Mercenary face down where hidden
    cards are allowed, and makes the city-state choices (city, ability, Roma's veto and
    claim, Genova's trade) with a few plain rules.  A decision it has no rule for is a
    random legal action.  It never lets a battle end with no card played while it could
    play one, so its games always move on (see ``_battle``).
    """

    name = "heuristic"

    def __init__(self, seed=None):
        self.seed = check_seed(seed)
        self.rng = random.Random(seed)
        # would_win() for the map of the last decision (see _wins)
        self._map = None
        self._wins_on_map: dict = {}

    def __repr__(self) -> str:
        return f"HeuristicAgent({self.seed!r})"

    def reseed(self, seed) -> None:
        """Start again from ``seed``: from now on it decides as ``HeuristicAgent(seed)`` would.
        What it remembers of the map is kept (it depends on the map alone); a rollout of each
        action from one position (the odds) starts its agents so, rather than making new ones."""
        self.seed = check_seed(seed)
        self.rng.seed(seed)

    def _wins(self, game: Game, player: str, region: str) -> bool:
        """:func:`would_win`, read from the regions that would win ``player`` the game on this
        map (:meth:`_winning`)."""
        return region in self._winning(game, player)

    def _winning(self, game: Game, player: str) -> frozenset:
        """:func:`winning_regions` for ``player``, remembered while the map stays the same
        (:meth:`_read_map`): control changes only when a battle ends."""
        memo = self._wins_on_map
        found = memo.get(player)
        if found is None:
            owned = frozenset([r for r, owner in game.state.control.items() if owner == player])
            found = memo[player] = winning_regions(game.ruleset, len(game.players), player, owned)
        return found

    def _read_map(self, game: Game) -> None:
        """Forget what :meth:`_wins` and :meth:`_stake` remember when the map (or the game) has
        changed: the ruleset (compared by identity), the players and who controls what."""
        rs = game.ruleset
        control = game.state.control
        known = self._map
        if known is not None and known[0] is rs and known[1] == game.players and known[2] == control:
            return
        # What it remembers depends on the map alone, so the agents of a game (or of a rollout)
        # share it: the last map read by any agent is kept for the next (map and memo in one
        # tuple, read at once, so that agents in threads never pair one map with another's memo).
        last = _LAST_MAP[0]
        if last is not None:
            known = last[0]
            if known[0] is rs and known[1] == game.players and known[2] == control:
                self._map, self._wins_on_map = last
                return
        self._map, self._wins_on_map = (rs, game.players, dict(control)), {}
        _LAST_MAP[0] = (self._map, self._wins_on_map)

    def choose(self, game: Game):
        legal = choices_of(game)
        phase = game.state.phase
        if phase == "battle":
            self._read_map(game)
            return self._battle(game, legal)
        handler = self._PHASES.get(phase)
        if handler is not None:
            self._read_map(game)
            return handler(self, game)
        return self.rng.choice(legal)        # a decision this agent has no rule for

    # -- choosing a region -------------------------------------------------------------------
    def _region_score(self, game: Game, region: str, me: str, control: dict, winning: dict) -> float:
        score = 0.0
        for nb in NEIGHBOURS[region]:
            owner = control.get(nb)
            if owner == me:
                score += 3
            elif owner is not None:
                score -= 1
        owner = control.get(region)
        if owner == me:
            score -= 10          # Invasion: attacking my own region gains nothing
        elif owner is not None:
            score += 1           # Invasion: taking a region from a rival counts twice
        if game.ruleset.end_ranking != "regions":
            score += 0.5 * WEIGHTS[region]     # heavier regions score more at the end
        if region in winning[me]:
            score += 50
        for p, wins in winning.items():
            if p != me and p != owner and region in wins:
                score -= 20      # a region that would let an opponent win is left alone
        return score + self.rng.random() * 0.1

    def _region(self, game: Game):
        me = game.state.to_move
        regions = game.open_regions()
        control = game.state.control
        winning = {p: self._winning(game, p) for p in game.players}
        best = max(regions, key=lambda r: self._region_score(game, r, me, control, winning))
        return PlaceToken(best)

    # -- the Pope's Favor --------------------------------------------------------------------
    def _favor(self, game: Game):
        me = game.to_move
        control = game.control
        best, best_score = None, 1.5
        for region in game.favor_regions():
            if region == game.region:
                continue
            owner = control.get(region)
            mine = sum(control.get(nb) == me for nb in NEIGHBOURS[region])
            if owner == me:
                score = 1.0 + mine        # Invasion: the Favor shields my own region from attack
            elif owner is not None:
                continue                  # ... and would shield a rival's
            else:
                threat = 0.0
                for p in game.players:
                    if p == me:
                        continue
                    if self._wins(game, p, region):
                        threat = max(threat, 100)
                    else:
                        threat = max(threat, sum(control.get(nb) == p for nb in NEIGHBOURS[region]))
                score = threat - 2 * mine
            score += self.rng.random() * 0.1
            if score > best_score:
                best, best_score = region, score
        return PlaceFavor(best)

    # -- hands ---------------------------------------------------------------------------------
    def _discard(self, game: Game):
        hand = game.hand(game.to_move)
        # Without Mercenaries only a Heroine (10) can still win a battle on her own.
        return DiscardHand(not any(c.kind == "heroine" for c in hand))

    def _keep(self, game: Game):
        hand = sorted(game.hand(game.to_move), key=lambda c: KEEP_ORDER.index(c.kind)
                      if c.kind in KEEP_ORDER else len(KEEP_ORDER))
        return Keep(tuple(c.kind for c in hand[:game.ruleset.keep_cards]))

    # -- battles -----------------------------------------------------------------------------
    def _stake(self, game: Game, me: str) -> float:
        """How much this battle matters: my neighbours, a win for me, a win for someone else
        (remembered with the map, see :meth:`_read_map`)."""
        state = game.state
        key = ("stake", me, state.region, state.final)
        found = self._wins_on_map.get(key)
        if found is None:
            found = self._wins_on_map[key] = self._stake_on_map(game, me)
        return found

    def _stake_on_map(self, game: Game, me: str) -> float:
        if game.final:
            return 10
        region = game.region
        control = game.state.control
        owner = control.get(region)
        stake = 1 + sum(control.get(nb) == me for nb in NEIGHBOURS[region])
        if owner == me:
            stake += 2                    # Invasion: defending a region I hold
        elif owner is not None:
            stake += 1                    # Invasion: taking one from a rival
        if self._wins(game, me, region):
            stake += 6
        for p in game.players:
            if p != me and self._wins(game, p, region):
                stake += 4
        return stake

    @staticmethod
    def _hidden_value(game: Game, battle, me: str) -> float:
        """What an opponent's face-down card is worth, as far as ``me`` can tell: the mean of
        the Mercenaries ``me`` has not seen (where any card may lie face down, a bluff is
        possible too, so a quarter less)."""
        fd = battle.face_down
        known = {c.id for c in battle.hand(me)}
        known.update(c.id for c in game.discard_pile)
        known.update(c.id for c in battle.discarded)
        for p in battle.players:
            known.update(c.id for c in battle.lines[p] if p == me or c.id not in fd)
        values = [c.value for c in battle.deck if c.mercenary and c.id not in known]
        mean = sum(values) / len(values) if values else 0.0
        return mean if battle.ruleset.mercenaries_face_down else 0.75 * mean

    def _outcomes(self, battle, me: str, legal, sight: Sight, edge: float) -> list:
        """(action, gap, cost, ends the battle) for each card (and Bribe or Ball) I could play:
        ``gap`` is my strength minus the best rival's after it, in my view of the battle, plus
        ``edge``.

        With nothing face down, under a ruleset whose effects are all standard ones
        (:func:`kinds_decide`), an action's outcome depends only on the kinds of the cards in
        each line (in any order: the lines' codes) and on which line is mine: it is remembered
        so (:data:`_OUTCOMES`), since the same lines come back in game after game, and in every
        hand of a battle's odds."""
        state = battle.state
        rs = state.ruleset
        known = None
        if not sight.fd and kinds_decide(rs):
            key = (id(rs), sight.at, sight.codes)
            known = _OUTCOMES.get(key)
            if known is None:
                if len(_OUTCOMES) >= 100_000 or len(_KEPT) >= 100_000:
                    _OUTCOMES.clear()
                    _KEPT.clear()
                known = _OUTCOMES[key] = {}
                _KEPT[id(rs)] = rs
        outcomes = []
        over_now = state.is_over
        first = []           # kind -> the card of that kind a Play plays (the first in hand), once needed
        for action in legal:
            if known is not None:
                a = id(action)
                if a in known:
                    done = known[a]
                else:
                    done = known[a] = self._outcome(battle, me, action, sight, first)
                    _KEPT[a] = action
            else:
                done = self._outcome(battle, me, action, sight, first)
            if done is not None:
                lead, cost, ends = done
                outcomes.append((action, lead + edge, cost, over_now or ends))
        return outcomes

    def _outcome(self, battle, me: str, action, sight: Sight, first: list):
        """(lead, cost, ends the battle) of one action (see :meth:`_outcomes`), or None for an
        action not weighed so.  ``lead``: my strength minus the best rival's after it.

        A card with no on-play effect (the registry's ``effect`` is None: a Mercenary, a Heroine,
        a Courtesan, a Drummer) only joins my line, so its outcome is counted from that line
        (:meth:`Sight.lead_after`).  What a standard effect would do (which cards it takes out
        of the lines, whether it ends the battle) is the effect's own function
        (:data:`condottiere_nb.effects.AHEAD`), read without playing the card
        (:meth:`Sight.lead_effect`).  A variant's effect or ability is played on a copy of the
        battle through the rules themselves."""
        kind = type(action)
        if kind is Play:
            if action.face_down:
                return None                               # judged as its face-up twin (_hide decides)
            name = action.card
            cost = COST.get(name, 3)
            if not first:
                hand = {}
                for c in battle.hand(me):
                    if c.kind not in hand:
                        hand[c.kind] = c
                first.append(hand)
            card = first[0][name]
            effect = EFFECT[name]
            if effect is None:
                return sight.lead_after(card), cost, False
            take = action.take
            if take is not None and name == "scarecrow":
                cost -= COST.get(take, 0)                 # the Mercenary comes back to hand
            ahead = AHEAD.get(effect)
            if ahead is not None:
                try:
                    # a listed play, as the Game makes it (game.phases.battle_play): the card it
                    # takes back, then what its rule would do
                    state = battle.state
                    done = ahead(state, me, card, None if take is None else state.taken_card(me, card, take))
                except RulesError:
                    return None                           # a card this agent cannot judge
                return sight.lead_effect(card, done.leaving), cost, done.ends
            trial = battle.copy(explain=False)
            try:
                state = trial.state
                plays.play_card(state, me, card, False, None if take is None else state.taken_card(me, card, take))
            except RulesError:
                return None
        elif kind is Bribe or kind is Ball:
            trial = battle.copy(explain=False)
            card = next(c for c in sorted(trial.hand(me)) if c.kind == action.card)
            try:
                if kind is Bribe:
                    city_states.venezia_bribe(trial, me, card, action.target)
                    cost = COST.get(action.card, 3) + 1          # the card, and the ability
                else:
                    city_states.firenze_ball(trial, me, card, action.courtesan)
                    cost = max(0.5, COST.get(action.card, 3) + 1 - COST["courtesan"])
            except RulesError:
                return None
        else:
            return None                                   # lifting a ban, Roma's annulment: never
        return sight.lead_of(Sight.count(trial, me, sight.hidden)), cost, trial.is_over

    def _battle(self, game: Game, legal=None):
        if legal is None:
            legal = game.legal_actions()
        me = game.state.to_move
        battle = game.battle
        state = battle.state
        rs = game.ruleset
        others = [p for p in state.players if p != me]
        hidden = self._hidden_value(game, battle, me) if state.face_down else 0.0
        sight = Sight(battle, me, hidden)
        now = sight.totals
        # Invasion: the defender keeps a tied region, so a tie is as good as a win for them.
        edge = 0.5 if state.defender == me else 0.0
        rival = sight.rival                               # the strongest opponent's total
        margin = now[me] - rival + edge
        # Who may still answer: not passed, and holding cards (a player without cards is passed
        # automatically, but only on their turn)
        piles = state.zones.piles
        passed = state.passed
        active = [p for p in others if p not in passed and piles["hand", p]]
        budget = 4 + 3 * self._stake(game, me)
        fa = rs.drawing == "fa_tutorial"
        if fa:
            # fa: the winner draws a card for each soldier used, so only a lost battle costs its
            # soldiers; any card that leads is worth it (x3 beat x1.5 and x2 in seeded matches).
            budget *= 3
        rng = self.rng.random

        if "weapon" in rs.counts:
            weapon = next((a for a in legal if type(a) is Play and a.card == "weapon"), None)
            if weapon is not None and game.state.deck:
                return weapon                             # fa: a Weapon is a free card
        outcomes = self._outcomes(battle, me, legal, sight, edge)
        ending = [(a, g) for a, g, c, over in outcomes if over and g > 0]
        if ending:                                        # a Surrender while ahead wins now
            return ending[0][0]
        if outcomes and not any(sight.full) and \
                all(p not in active or battle.waiting(p) for p in others):
            # A pass would end the battle with no card played at all (or leave it to Invasion's
            # defender, who has passed once and keeps a tie).  Players who each keep their cards
            # would then pass every battle for ever: the round ends only when at most one player
            # holds cards (Game(4, seed=10090) stalled so), and a defended region could be fought
            # over with no card for ever.  So the last to decide spends a card: the cheapest that
            # leads, else the cheapest of all.
            sure = [(c, -g, rng(), a) for a, g, c, over in outcomes if g > 0]
            return min(sure)[3] if sure else min((c, rng(), a) for a, g, c, over in outcomes)[2]
        if margin > 0:
            if not active or margin >= 6:
                return Pass()                             # safely ahead: keep the cards
            firmer = [(c, -g, rng(), a) for a, g, c, over in outcomes if g > margin and c <= budget / 2]
            return self._hide(game, legal, min(firmer)[3]) if firmer else Pass()
        if not active:
            # Nobody can answer any more: the cheapest card that puts me ahead takes the region.
            sure = [(c, -g, rng(), a) for a, g, c, over in outcomes if g > 0]
            if sure:
                return min(sure)[3]
        # What this battle has cost me so far counts too: the budget is for the whole battle
        # (fa aside, where the winner draws a card for every soldier it used).
        spent = 0 if fa else sum([COST.get(c.kind, 3) for c in sight.full[sight.at]])
        winning = [(c, -g, rng(), a) for a, g, c, over in outcomes
                   if g > 0 and c <= budget and (c + spent <= budget or g >= 6)]
        if winning:
            return self._hide(game, legal, min(winning)[3])   # the cheapest card that puts me ahead
        # Beaten: even my three strongest cards would not catch up.
        reach = sum(sorted([c.value for c in piles["hand", me] if c.mercenary or c.kind == "heroine"],
                           reverse=True)[:3])
        if now[me] + reach + edge <= rival:
            return self._retreat(outcomes)
        hopeful = [((g - margin) / max(c, 0.5), rng(), a) for a, g, c, over in outcomes
                   if g > margin and c <= budget / 2]
        if hopeful and margin > -15:
            return self._hide(game, legal, max(hopeful)[2])
        return self._retreat(outcomes)

    def _hide(self, game: Game, legal, action):
        """Hidden cards: lay a strong Mercenary face down half the time.  The lead it gives is
        not announced, and a face-down card is safe from the Bishop (it sees face-up
        Mercenaries only); the price is that no Scarecrow can take it back."""
        if type(action) is not Play or action.face_down or not game.ruleset.hidden_cards:
            return action
        card = next((c for c in game.battle.hand(game.to_move) if c.kind == action.card), None)
        if card is None or not card.mercenary or card.value < 5 or self.rng.random() >= 0.5:
            return action
        down = Play(action.card, face_down=True)
        return down if down in legal else action

    def _retreat(self, outcomes):
        """Beaten: take my best Mercenary back with a Scarecrow if I can, else pass."""
        backs = [(COST.get(a.take, 0), a) for a, g, c, over in outcomes
                 if type(a) is Play and a.card == "scarecrow" and a.take is not None]
        if backs:
            value, action = max(backs, key=lambda b: b[0])
            if value >= 4:
                return action
        return Pass()

    # -- city-states (zh-city-state-variant.txt) ---------------------------------------------
    def _city(self, game: Game):
        legal = game.legal_actions()
        return min(legal, key=lambda a: CITY_ORDER.index(a.city) if a.city in CITY_ORDER else len(CITY_ORDER))

    def _ability(self, game: Game):
        """Use my city's ability (once a round) only in a battle that matters, and only where it
        helps my hand more than the others'."""
        me = game.to_move
        city = game.state.variant["city"]["cities"][me]
        hand = game.hand(me)
        stake = self._stake(game, me)
        if city == "Genova":          # a better hand (or three more cards) for the round
            use = stake >= 2 or len(hand) <= 5
        elif city == "Venezia":       # the Bribe costs a card each time: keep some to pay with
            use = stake >= 2 and len(hand) >= 4
        elif city in city_states.BANS:
            banned = city_states.BANS[city]
            mine = sum(1 for c in hand if c.kind in banned)
            left = sum(c.value for c in hand if c.mercenary and c.kind not in banned)
            use = stake >= 2 and mine <= 1 and left >= 8
        else:                         # Firenze's Ball helps only against Courtesans
            use = stake >= 3
        return UseAbility(use)

    def _veto(self, game: Game):
        """Roma's Edict, kept for the claim unless the ability would hand a rival the game or
        bribe away one of my own good Mercenaries."""
        me = game.to_move
        pending = game.state.variant["city"].get("pending") or {}
        user = pending.get("player")
        if user is not None and game.region is not None and self._wins(game, user, game.region):
            return Veto(True)
        if pending.get("action") == "bribe" and pending.get("target") is not None:
            target = game.cards[pending["target"]]
            if target in game.battle.lines[me] and target.value >= 4:
                return Veto(True)
        return Veto(False)

    def _claim(self, game: Game):
        """Roma's claim on a tied region: with a Bishop, or with three spare cards (six or more
        in hand), whichever costs less; always when the region wins the game."""
        me = game.to_move
        legal = game.legal_actions()
        wins = self._wins(game, me, game.region)
        spare = len(game.hand(me)) >= 6
        options = []
        for a in legal:
            if a.cards == ("bishop",) or (len(a.cards) == 3 and (spare or wins)):
                options.append((sum(COST.get(k, 3) for k in a.cards), self.rng.random(), a))
        return min(options)[2] if options else RomaClaim(())

    def _genova(self, game: Game):
        """Genova's trade (my three cheapest cards for the best three of the others'), taking
        three from the fullest hand; else the draw from the discards."""
        legal = game.legal_actions()
        hands = game.hands
        trades = [a for a in legal if type(a) is GenovaTrade]
        if trades:
            return min(trades, key=lambda a: (sum(COST.get(k, 3) for k in a.discard), -len(hands[a.source]),
                                              self.rng.random()))
        return legal[0]

    def _genova_keep(self, game: Game):
        legal = game.legal_actions()
        return max(legal, key=lambda a: (sum(COST.get(k, 3) for k in a.cards), self.rng.random()))

    _PHASES = {"battle": _battle, "token": _region, "favor": _favor, "discard": _discard, "keep": _keep,
               "city": _city, "ability": _ability, "veto": _veto, "claim": _claim, "genova": _genova,
               "genova_keep": _genova_keep}
