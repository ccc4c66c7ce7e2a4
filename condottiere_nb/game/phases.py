"""The game around the battles, as the rulebooks order it (docs/rules.md, "The game around the battles").

One function per rule, named after its rule id (``token_place`` applies ``token.place``), plus
the few functions that move the game on between them (:func:`continue_battle`,
:func:`after_compare`, :func:`after_placement`).  ``Game.apply`` calls them once an action is
checked; the variants call them through their hooks.  Each changes the game's state
(:class:`~condottiere_nb.game.state.GameState`) and records a Step when the game explains.
"""
from __future__ import annotations

from collections.abc import Sequence

from .. import board, plays
from ..battle import Battle
from ..cards import BY_ID, Card
from ..explain import Step
from ..rulesets import get_ruleset
from .actions import TERMINAL
from .deal import deal_order, round_deal, round_shuffle

__all__ = [
    "token_place", "battle_start", "invasion_defender", "invasion_tie", "continue_battle", "battle_play", "battle_pass", "play_no_cards",
    "favor_place", "battle_resolved", "region_conquered", "region_tied", "game_victory", "victories_of",
    "after_compare", "after_placement", "battle_discard_lines", "hand_discard", "round_end", "round_keep",
    "game_no_region", "game_final_battle", "ask", "sync_log",
]


def ask(game, phase: str, player) -> None:
    """The game now waits for ``player``'s decision in ``phase``."""
    game.state.phase = phase
    game.state.to_move = player


def sync_log(game) -> None:
    """Copy the battle's new Steps into the game's log (the game explains)."""
    steps = game.battle.state.steps
    state = game.state
    if len(steps) > state.logged:
        state.log.extend(steps[state.logged:])
        state.logged = len(steps)


# -- the token and the battles ------------------------------------------------------------------

def token_place(game, region: str) -> None:
    """The token holder puts the Condottiere token on a region with neither a control marker nor
    the Pope's Favor (vi: Tổng quan 1 vòng chơi; Invasion: a controlled region too): the next
    battle is fought there."""
    state = game.state
    state.region = region
    game.write(["token", region])
    if game.explains:
        # what the token may not go on: a controlled region (Invasion: it may), the Favor (if the deck has a
        # Bishop, and unless Invasion's invasion_favor="ignored" lets the token on it too)
        rs = game.ruleset
        favor = "bishop" in rs.counts and not (rs.invasion and rs.invasion_favor == "ignored")
        game.record(Step("token.place", player=state.token_holder,
                         data={"region": region, "first": not state.after_battle, "invades": rs.invasion,
                               "favor": favor}))
    if state.after_battle:
        after_placement(game)
    else:
        battle_start(game)


def _leader(game, players: Sequence[str]) -> str:
    """The token holder leads; in a final battle without them, the nearest tied player to their
    left (or the variant's leader: zh, Roma)."""
    state = game.state
    if state.final and state.final_leader in players:
        return state.final_leader
    if state.token_holder in players:
        return state.token_holder
    seats = game.players
    i = seats.index(state.token_holder)
    return next(p for p in seats[i + 1:] + seats[:i] if p in players)


def battle_start(game) -> None:
    """A battle begins (vi: Bắt đầu trận chiến): the token holder leads, then clockwise; a final
    battle is fought by the tied players only, under the final battle's ruleset if it has one."""
    state = game.state
    players = state.final_players if state.final else game.players
    rs = game.ruleset
    if state.final and rs.final_ruleset:        # zh: the city-states' final battle has its own Bishop
        rs = get_ruleset(rs.final_ruleset)
    defender = state.control.get(state.region) if game.ruleset.invasion and not state.final else None
    holder = state.token_holder if state.token_holder in players else _leader(game, players)
    leader = _leader(game, players)
    battle = Battle(players, rs, strict=True, token_holder=holder, leader=leader,
                    region=None if state.final else state.region, defender=defender,
                    explain=game.explains, zones=state.zones, final=state.final)
    game.battle = battle
    game.resolution = None
    state.logged = 0
    if game.explains:
        i = players.index(battle.leader)
        order = list(players[i:] + players[:i])
        game.record(Step("battle.start", player=battle.leader,
                         data={"region": state.region, "order": order, "final": state.final}))
        if defender is not None:
            invasion_defender(game, defender)
    if any(v.before_battle(game) for v in game.variants):
        return      # a variant asks first (city-states: abilities before the first card)
    continue_battle(game)


def invasion_defender(game, defender: str) -> None:
    """Invasion (vi, Xâm Lược): the controller of the region defends it; the defender may pass and
    still play later, until playing a first card (play.wait); a tie keeps the region with them."""
    if game.explains:
        game.record(Step("invasion.defender", player=defender, data={"region": game.state.region}))


def continue_battle(game) -> None:
    """Whose turn it is now: a player with no cards can only pass (play.no_cards); once the
    battle is over, it is resolved."""
    battle = game.battle
    state = game.state
    p = battle.to_move
    while p is not None:        # None once the battle is over
        if state.hand(p):
            ask(game, "battle", p)
            return
        play_no_cards(game, p)
        p = battle.to_move
    battle_resolved(game)


def play_no_cards(game, player: str) -> None:
    """A player with no cards can only pass, and sits out the battles until the next round
    (vi: Nếu một người chơi không còn bài)."""
    if game.explains:
        sync_log(game)
        # Continuous War and the Persian tutorial draw after every battle: no waiting for a new round
        game.record(Step("play.no_cards", player=player,
                         data={"draws_after_battle": any(v.draws_after_battle for v in game.variants)}))
    game.battle.pass_turn(player)


def battle_play(game, card: Card, face_down: bool, take) -> None:
    """The player to move plays ``card`` (checked by Game.apply); ``take``: the card a Scarecrow
    takes back, or a Maiden's target ("Ben@2").  A Bishop that acted outside the final battle
    stops for its player to place the Pope's Favor."""
    state = game.state
    player = state.to_move
    battle = game.battle.state
    # legal_actions() listed this play (the battle's play_options): what is left is the card it
    # takes, and the rule itself
    taken = None if take is None else battle.taken_card(player, card, take)
    plays.play_card(battle, player, card, face_down, taken)
    game.write(["play", card.id, face_down, None if taken is None else taken.id])
    if game.explains:
        sync_log(game)
    for v in game.variants:
        v.after_play(game, player, card)
    discarded = battle.discarded
    if card.kind == "bishop" and discarded and discarded[-1] is card:      # it acted
        if not state.final:
            ask(game, "favor", player)
            return
        if game.explains:
            game.record(Step("favor.place", player=player, data={"region": None, "final": True}))
    continue_battle(game)


def battle_pass(game) -> None:
    """The player to move passes (checked by Game.apply: legal_actions() listed it)."""
    plays.play_pass(game.battle.state, game.state.to_move)
    game.write(["pass"])
    if game.explains:
        sync_log(game)
    continue_battle(game)


def favor_place(game, region: str | None) -> None:
    """Right after their Bishop, its player puts the Pope's Favor on a region without a control
    marker, or off the map (vi: Thành Phần 4): no battle can be fought where it lies."""
    state = game.state
    player = state.to_move
    state.favor = region
    game.write(["favor", region])
    if game.explains:
        game.record(Step("favor.place", player=player,
                         data={"region": region, "battle_region": state.region, "final": False}))
    continue_battle(game)


# -- after a battle -------------------------------------------------------------------------------

def battle_resolved(game) -> None:
    """The battle is resolved: the winner places a control marker (or nobody, after a tie), a
    victory ends the game, then the game goes on (after_compare)."""
    state = game.state
    battle = game.battle
    res = battle.resolve()
    game.resolution = res
    state.battles += 1
    if game.explains:
        state.log.extend(res.steps[state.logged:])
        state.logged = len(res.steps)
    if state.final:
        tied = tuple(p for p in game.players if p in res.tied)
        if res.winner is not None:
            finish(game, (res.winner,), "final_battle")
        elif game.ruleset.final_tie == "again":
            game_final_battle(game, tied, None)
        else:
            finish(game, tied, "final_battle_tie")
        return
    if res.winner is not None:
        region_conquered(game, res.winner, battle.defender)
        found = victories_of(game, res.winner)
        if found:
            game_victory(game, found[0])
            return
    elif battle.defender is not None:
        invasion_tie(game, battle.defender, res)
    else:
        region_tied(game, res)
    if res.winner is None and any(v.on_tie(game, res) for v in game.variants):
        return      # zh: Roma may claim the tied region first
    after_compare(game)


def region_conquered(game, winner: str, defender: str | None) -> None:
    """The winner places a control marker on the region (vi: Kết thúc trận chiến 1)."""
    state = game.state
    region = state.region
    state.control[region] = winner
    if game.explains:
        game.record(Step("region.conquered", player=winner, data={
            "region": region, "defender": defender, "regions": game.regions_of(winner)}))


def invasion_tie(game, defender: str, res) -> None:
    """Invasion: a tied battle keeps the region with its defender, who takes the token (the token
    rule, token.condottiere, already gave it: to the one player with the most Courtesans first, unless
    invasion_tie_token='defender')."""
    if game.explains:
        game.record(Step("invasion.tie", player=defender, data={"region": game.state.region,
                                                                "tied": list(res.tied)}))


def region_tied(game, res) -> None:
    """A tied battle conquers nothing: the region stays free and may be chosen again."""
    if game.explains:
        game.record(Step("region.tied", data={"region": game.state.region, "tied": list(res.tied)}))


def victories_of(game, player: str) -> list[board.Victory]:
    """The victory conditions ``player`` meets now: 5 regions or 3 adjacent with 4-6 players,
    6 or 4 with 2-3 (vi: Chiến Thắng 1-2); option victory_regions: that many regions, no
    adjacency win (fa); a variant may take them away (zh: city_end)."""
    rs = game.ruleset
    mine = frozenset(r for r, p in game.state.control.items() if p == player)
    if rs.victory_regions:
        found = ([board.Victory(player, "total", mine, board.adjacent_group(mine))]
                 if len(mine) >= rs.victory_regions else [])
    else:
        won = board.victory_of(player, mine, len(game.players))
        found = [won] if won is not None else []
    for v in game.variants:
        found = v.victories(game, player, found)
    return found


def game_victory(game, victory: board.Victory) -> None:
    """A victory ends the game at once."""
    finish(game, (victory.player,), victory.reason, victory)


def finish(game, winners: Sequence[str], reason: str, victory=None) -> None:
    """The game is over: ``winners`` win for ``reason``."""
    state = game.state
    state.winners = tuple(winners)
    state.reason = reason
    state.victory = victory
    ask(game, "over", TERMINAL)
    if game.explains:
        game.record(Step("game.victory", player=winners[0] if len(winners) == 1 else None,
                         data={"winners": list(winners), "reason": reason, **game.result_facts()}))


def after_compare(game) -> None:
    """After the compare: the variants' draws, then the token holder (the new one, by
    token.condottiere) chooses the next region; with none left the game ends (game.no_region)."""
    state = game.state
    if any(v.after_compare(game) for v in game.variants):
        return      # fa: the draw pile ran out and the game ended
    state.token_holder = game.resolution.token_holder
    if not game.open_regions():
        game_no_region(game)
        return
    state.after_battle = True
    ask(game, "token", state.token_holder)


def after_placement(game) -> None:
    """Once the next region is chosen: the lines are discarded, then each player without a
    Mercenary in hand may discard it, in turn from the token holder."""
    state = game.state
    battle_discard_lines(game)
    state.queue = []
    if game.ruleset.hand_discard:
        i = game.players.index(state.token_holder)
        for p in game.players[i:] + game.players[:i]:
            hand = state.hand(p)
            if hand and not any(c.mercenary for c in hand):
                state.queue.append(p)
    next_discard(game)


def battle_discard_lines(game) -> None:
    """Every battle line is discarded (vi: 3 – Giải tán quân đội)."""
    state = game.state
    table = []
    for p in game.battle.players:
        line = list(state.zones.pile(("line", p)))
        state.zones.move_all(line, ("line", p), "discard")
        table += line
    if game.explains:
        game.record(Step("battle.discard_lines", cards=tuple(c.id for c in table), data={"count": len(table)}))


def next_discard(game) -> None:
    """The next player who may discard a hand decides, or the round may end."""
    state = game.state
    if state.queue:
        ask(game, "discard", state.queue[0])
        return
    round_end(game)


def hand_discard(game, yes: bool) -> None:
    """A player with no Mercenary in hand may discard the whole hand (vi: 4 – Bỏ bài trên tay)."""
    state = game.state
    player = state.queue.pop(0)
    game.write(["discard", yes])
    hand = list(state.hand(player))
    if game.explains:
        game.record(Step("hand.discard", player=player, cards=tuple(c.id for c in hand) if yes else (),
                         data={"discarded": yes, "hand": tuple(c.kind for c in hand)}))
    if yes:
        state.zones.move_all(hand, ("hand", player), "discard")
    next_discard(game)


def round_end(game) -> None:
    """When one or no player has cards left the round ends (vi: Kết thúc vòng chơi): the last
    player with cards keeps up to two (round.keep), the rest is shuffled and dealt again."""
    state = game.state
    holding = [p for p in game.players if state.hand(p)]
    if len(holding) >= 2:
        battle_start(game)
        return
    if any(v.round_end(game) for v in game.variants):
        return      # fa: the tutorial deals no new hands; the game ends
    if game.explains:
        game.record(Step("round.end", data={"round": state.round, "holding": holding}))
    if holding and game.ruleset.keep_cards > 0:
        ask(game, "keep", holding[0])
        return
    if holding:
        state.zones.move_all(list(state.hand(holding[0])), ("hand", holding[0]), "discard")
    new_round(game)


def round_keep(game, kept: Sequence[Card]) -> None:
    """The only player with cards keeps ``kept`` (up to keep_cards) and discards the rest."""
    state = game.state
    player = state.to_move
    hand = state.hand(player)
    rest = [c for c in hand if c not in kept]
    game.write(["keep", [c.id for c in kept]])
    state.zones.move_all(rest, ("hand", player), "discard")
    hand.sort(key=BY_ID)
    if game.explains:
        game.record(Step("round.keep", player=player, cards=tuple(c.id for c in kept),
                         data={"kept": tuple(c.kind for c in kept), "discarded": len(rest),
                               "limit": game.ruleset.keep_cards}))
    new_round(game)


def new_round(game) -> None:
    """Shuffle and deal (round.shuffle, round.deal); the variants start their round; a battle."""
    round_shuffle(game)
    for v in game.variants:
        v.new_round(game)       # zh: every city-state's ability is ready again
    battle_start(game)


# -- the end without a victory ---------------------------------------------------------------------

def game_no_region(game, why: str = "no_region") -> None:
    """No region can be chosen any more (vi: Chiến Thắng 3; ``why``: "no_region", or another end
    without a victory: the Persian tutorial's empty draw pile, "draw_pile", or its last deal,
    "no_deal"): the game ends and is ranked by option end_ranking (the most regions; zh: the most
    region weight; fa: regions, then weight, then shared); a tie is a final battle."""
    state = game.state
    state.without = why
    free = [r for r in board.REGIONS if r not in state.control]
    ranking = game.ruleset.end_ranking
    counts = {p: sum(1 for q in state.control.values() if q == p) for p in game.players}
    weights = {p: sum(board.ITALY.nodes[r]["weight"] for r, q in state.control.items() if q == p)
               for p in game.players}
    score = weights if ranking == "weights" else counts
    best = max(score.values())
    top = tuple(p for p in game.players if score[p] == best)
    by_weight = ranking == "weights"
    if ranking == "regions_then_weights" and len(top) > 1:
        most = max(weights[p] for p in top)
        top = tuple(p for p in top if weights[p] == most)
        by_weight = True
    if game.explains:
        game.record(Step("game.no_region", data={"counts": counts, "weights": weights, "ranking": ranking,
                                                 "why": why, "favor_region": free[0] if free else None}))
    if len(top) == 1:
        finish(game, top, "most_weight" if by_weight else "most_regions")
    elif ranking == "regions_then_weights":
        finish(game, top, "shared")
    else:
        game_final_battle(game, top, best)


def game_final_battle(game, top: tuple, best: int | None) -> None:
    """The tied players fight a final battle (es: Romper lazos): all hands are discarded, all the
    cards shuffled, each tied player dealt 10 plus 1 per region (option final_hand); the token
    holder, or the nearest tied player to their left, leads.  ``best`` None: the final battle was
    tied and is fought again (option final_tie='again'), by the players tied in it."""
    state = game.state
    state.final = True
    state.final_players = top
    zones = state.zones
    for p in game.players:
        zones.move_all(list(state.hand(p)), ("hand", p), "discard")
    for p in game.battle.players:
        zones.move_all(list(zones.pile(("line", p))), ("line", p), "discard")
    zones.move_all(list(zones.pile("discard")), "discard", "deck")
    deck = zones.pile("deck")
    deck.sort(key=BY_ID)
    game.rng.shuffle(deck)
    if game.explains:
        game.record(Step("game.final_battle", data={"players": list(top), "best": best, "cards": len(deck),
                                                    "by_weight": game.ruleset.end_ranking == "weights",
                                                    "dealer": state.token_holder}))
    rs = game.ruleset
    round_deal(game, deal_order(game, top), dealer=state.token_holder, upto=rs.final_hand or None)
    if rs.final_discard:
        # zh 三: each finalist first discards every Scarecrow, Surrender, Winter and Spring
        out = {p: [c for c in state.hand(p) if c.kind in rs.final_discard] for p in top}
        for p in top:
            zones.move_all(out[p], ("hand", p), "discard")
        if game.explains:
            game.record(Step("game.final_battle", data={
                "discarded": {p: [c.id for c in out[p]] for p in top}, "counts": {p: len(out[p]) for p in top},
                "kinds": list(rs.final_discard)}))
    for v in game.variants:
        leader = v.final_leader(game, top)
        if leader is not None:
            state.final_leader = leader
    battle_start(game)
