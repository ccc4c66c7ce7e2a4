"""Chance: setting up, shuffling and dealing.  Every shuffle draws from the game's seeded
``random.Random``, so the same seed deals the same game.

One function per rule, named after its rule id: :func:`game_setup`, :func:`round_deal`,
:func:`round_shuffle`.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .. import board
from ..cards import BY_ID, Card
from ..notation import claim_card
from ..errors import IllegalMove, Kind, Listed, Quoted, RulesError, Sentence, excerpt
from ..explain import Step
from ..options import shown_value
from ..zones import Zones, pile_name

__all__ = ["game_setup", "round_deal", "round_shuffle", "draw", "redeal", "hand_size", "hand_limits", "deal_order"]


def deal_order(game, players: Sequence[str]) -> list[str]:
    """``players`` clockwise from the dealer's left (the dealer, the token holder, is served last)."""
    seats = game.players
    i = seats.index(game.state.token_holder)
    around = seats[i + 1:] + seats[:i + 1]
    return [p for p in around if p in players]


def hand_size(game) -> int:
    """Cards a deal fills a hand up to before regions: hand_size, or the size for this many
    players (option hand_sizes; fa: 10 for 2-3 players, 8 for 4-6)."""
    rs = game.ruleset
    return dict(rs.hand_sizes).get(len(game.players), rs.hand_size) if rs.hand_sizes else rs.hand_size


def hand_limits(game, players: Iterable[str]) -> dict[str, int]:
    """How many cards a deal fills each player's hand up to: the hand size plus
    cards_per_region for each region they control."""
    size, per = hand_size(game), game.ruleset.cards_per_region
    owned = list(game.state.control.values())
    return {p: size + per * owned.count(p) for p in players}


def _stated_card(game, item, used: set, where: str | Sentence, refusals=None) -> Card:
    """One card named in a stated hand or deck order: a name, "5#41" or a Card.  ``refusals``:
    the errors for no card of a kind left and for a card used already, when not a setup's."""
    counts = game.ruleset.counts
    none_left, twice = refusals or (lambda kind: RulesError.say_n(
        "{where} asks for one {card} too many: the deck has only {n}, and the stated hands and deck order use them "
        "all", "{where} asks for one {card} too many: the deck has only {n}, and the stated hands and deck order "
        "use them all", counts[kind], where=where, card=Kind(kind)), lambda card: RulesError.say(
        "card {card} is stated twice (in {where} and before)", card=card.tag, where=where))
    return claim_card(item, game.cards, game.ruleset.kinds, used, none_left, twice, game.ruleset.name)


def _cards(game, items, used: set, where: str | Sentence, refusals=None) -> list[Card]:
    if isinstance(items, str):
        items = items.split()
    if not isinstance(items, Iterable) or isinstance(items, Mapping):
        raise RulesError.say("{where} must be a list of cards, not {value}", where=where, value=shown_value(items))
    return [_stated_card(game, item, used, where, refusals) for item in items]


def _stated_hands(game, hands) -> Mapping:
    """``hands`` as a setup or a redeal states them (player -> cards), checked: a mapping whose keys
    are players."""
    if not isinstance(hands, Mapping):
        raise RulesError.say("hands must map players to lists of cards, e.g. {example}",
                             example="{'Ana': ['10', 'winter']}")
    for p in hands:
        if p not in game.players:
            raise RulesError.say("hands name {player}, who is not a player; players are [{players}]",
                                 player=excerpt(p), players=Listed(Quoted.of(s) for s in game.players))
    return hands


def game_setup(game, hands, deck_order, control, favor) -> dict:
    """Set the table (vi: Chuẩn Bị): the markers of a stated position, the shuffled deck, the
    stated hands, the first player (option first_player: the first seat, or drawn by chance), who
    takes the token and deals, then the first deal.  Everything stated is checked before anything
    is set.  Returns the setup as a saved game stores it."""
    players, state = game.players, game.state
    setup_control = {}
    if control is not None:
        if not isinstance(control, Mapping):
            raise RulesError.say("control must map regions to players, e.g. {example}", example="{'Parma': 'Ana'}")
        for r, p in control.items():
            name = board.region(r)
            if p is None:
                continue
            if p not in players:
                raise RulesError.say("control gives {region} to {player}, who is not a player; players are [{players}]",
                                     region=name, player=excerpt(p), players=Listed(Quoted.of(s) for s in players))
            setup_control[name] = p
        won = board.check_victory(setup_control, len(players))
        if won:
            if won[0].reason == "adjacent":
                raise RulesError.say("the stated control already makes {player} the winner (adjacent); a game must "
                                     "start before any victory", player=won[0].player)
            raise RulesError.say("the stated control already makes {player} the winner (total); a game must "
                                 "start before any victory", player=won[0].player)
    state.control = {r: setup_control[r] for r in board.REGIONS if r in setup_control}
    if favor is not None:
        favor = board.region(favor)
        if favor in state.control:
            raise RulesError.say("the Pope's Favor cannot start on {region}: it has a control marker", region=favor)
    state.favor = favor
    if not game.open_regions():
        raise RulesError.say("the stated position leaves no region where the Condottiere token can go")
    used: set[int] = set()
    stated: dict[str, list[Card]] = {}
    if hands is not None:
        for p, items in _stated_hands(game, hands).items():
            stated[p] = _cards(game, items, used, Sentence.say("{owner}'s hand", owner=p))
    top = [] if deck_order is None else _cards(game, deck_order, used, "deck_order")
    rest = [c for c in game.cards if c.id not in used]
    game.rng.shuffle(rest)
    # The pile's top is the end of the list: deck_order[0] is drawn first.
    piles = {("hand", p): stated.get(p, []) for p in players}
    piles["deck"] = rest + top[::-1]
    piles["discard"] = []
    state.zones = Zones(piles)
    drawn = game.ruleset.first_player == "drawn"
    state.first = state.token_holder = state.to_move = game.rng.choice(players) if drawn else players[0]
    if game.explains:
        game.record(Step("game.setup", data={
            "players": list(players), "seed": game.seed, "thresholds": game.thresholds,
            "control": dict(state.control), "favor": state.favor, "first": state.token_holder, "drawn": drawn}))
    round_deal(game, [p for p in deal_order(game, players) if p not in stated], dealer=state.token_holder,
               stated=sorted(stated, key=players.index), upto=game.ruleset.first_hand or None)
    return {
        "hands": None if hands is None else {p: [c.id for c in cs] for p, cs in stated.items()},
        "deck_order": None if deck_order is None else [c.id for c in top],
        "control": None if control is None else dict(state.control),
        "favor": state.favor,
    }


def round_deal(game, players: Sequence[str], dealer: str, stated: Sequence[str] = (),
               upto: int | None = None) -> None:
    """Deal one card at a time, clockwise from the dealer's left, until every hand reaches its
    limit (10 plus 1 per region controlled; ``upto``: Continuous War's 7-card start, a final
    battle's hand) or the draw pile ends (vi: Chuẩn Bị 4; es: Fin de una ronda).  Option
    zh_deal='eleven': each player gets that many new cards, on top of the cards in hand."""
    zones = game.state.zones
    deck = zones.pile("deck")
    hands = {p: zones.pile(("hand", p)) for p in players}
    before = {p: len(hands[p]) for p in players}
    limits = hand_limits(game, players) if upto is None else {p: upto for p in players}
    if game.ruleset.zh_deal == "eleven":
        limits = {p: before[p] + limits[p] for p in players}
    wanting = [p for p in players if len(hands[p]) < limits[p]]
    while wanting and deck:
        for p in wanting:
            if deck:
                zones.move(deck[-1], "deck", ("hand", p))
        wanting = [p for p in wanting if len(hands[p]) < limits[p]]
    for p in players:
        hands[p].sort(key=BY_ID)
    if not game.explains or not players:
        return
    control = game.state.control
    dealt = [(p, len(hands[p]) - before[p], before[p], [r for r, q in control.items() if q == p], len(hands[p]))
             for p in players]
    game.record(Step("round.deal", player=dealer, data={
        "dealt": {p: got for p, got, *_ in dealt}, "hand_sizes": {p: len(zones.pile(("hand", p))) for p in game.players},
        "parts": dealt, "upto": upto, "hand_size": hand_size(game), "per_region": game.ruleset.cards_per_region,
        "stated": list(stated), "ran_out": bool(wanting), "new_cards": game.ruleset.zh_deal == "eleven"}))


def round_shuffle(game) -> None:
    """A new round (vi: Kết thúc vòng chơi): the token holder shuffles every card nobody holds
    (the discards and the rest of the draw pile) into a new draw pile, then deals."""
    state = game.state
    state.round += 1
    zones = state.zones
    zones.move_all(list(zones.pile("discard")), "discard", "deck")
    deck = zones.pile("deck")
    deck.sort(key=BY_ID)       # the deck's order: every card nobody holds, by id
    game.rng.shuffle(deck)
    if game.explains:
        game.record(Step("round.shuffle", player=state.token_holder, data={"round": state.round, "cards": len(deck)}))
    round_deal(game, deal_order(game, game.players), dealer=state.token_holder)


def draw(game, player: str, n: int, *, refill=None, sort: bool = True) -> int:
    """``player`` draws up to ``n`` cards from the top of the draw pile (fewer if it runs out);
    ``refill(game)`` is called when the pile is empty (Continuous War shuffles the discards into
    a new one).  Returns how many were drawn."""
    zones = game.state.zones
    deck = zones.pile("deck")
    got = 0
    for _ in range(n):
        if not deck and refill is not None:
            refill(game)
        if not deck:
            break
        zones.move(deck[-1], "deck", ("hand", player))
        got += 1
    if sort:
        zones.pile(("hand", player)).sort(key=BY_ID)
    return got


def redeal_at(game, redeals, index: int) -> None:
    """Deal again the hands of the setup's redeals made after ``index`` actions (Game.redealt)."""
    for at, *hands in redeals:
        if at == index:
            redeal(game, {p: [game.cards[i] for i in ids] for p, ids in zip(hands[::2], hands[1::2])})


def _replays_alike(game) -> bool:
    """Would the game's actions replay alike from a setup stating the re-dealt hands?  Yes in its
    first battle (a token placed, cards played, passes, the Favor placed): no hand was asked anything yet (the
    discard of a hand without a Mercenary comes with the next region, the keeping at the round's
    end)."""
    kinds = [record[0] for record in game.state.records]
    return kinds.count("token") <= 1 and set(kinds) <= {"token", "play", "pass", "favor"}


def redeal(game, hands: Mapping[str, Iterable]) -> None:
    """Deal the hands of the players named in ``hands`` another way: each then holds the cards
    listed (a name, "5#41" or a Card), in that order, as many as before.  The cards come from
    those hands and the draw pile, and the cards given back go to the draw pile, which keeps its
    shuffle: its cards, in id order, take the places its old cards held in id order.  A setup
    that stated these hands, no card drawn since, states them re-dealt (the cards it stated that
    are no longer in the hand, played, then the new hand); any other setup lists the redeal
    (``redeals``: [actions before it, player, card ids, player, card ids...]), so that a replay
    deals it again after the same actions.  Nothing else changes, the game's chance neither.  Everything
    is checked first: a refusal changes nothing.  (What :meth:`Game.redealt` does to its copy.)"""
    _stated_hands(game, hands)
    zones = game.state.zones
    old = {p: list(zones.pile(("hand", p))) for p in hands}
    free = {c.id for cs in old.values() for c in cs} | {c.id for c in zones.pile("deck")}
    used = {c.id for c in game.cards} - free        # in a line, the discards or a hand kept
    refusals = (lambda kind: IllegalMove.say("{card} is not in {pile}", card=Kind(kind), pile=pile_name("deck")),
                lambda card: IllegalMove.say("{card} is not in {pile}", card=card.tag, pile=pile_name("deck")))
    new = {}
    for p, items in hands.items():
        new[p] = _cards(game, items, used, Sentence.say("{owner}'s hand", owner=p), refusals)
        if len(new[p]) != len(old[p]):
            raise RulesError.say_n("{player} holds {n} card, and a re-dealt hand keeps its size (not {given})",
                                   "{player} holds {n} cards, and a re-dealt hand keeps its size (not {given})",
                                   len(old[p]), player=p, given=len(new[p]))
    deck = zones.pile("deck")
    taking = {c.id for cs in new.values() for c in cs}
    given_back = [c for cs in old.values() for c in cs if c.id not in taking]
    rest = sorted([c for c in deck if c.id not in taking] + given_back, key=BY_ID)
    ranks = {c.id: i for i, c in enumerate(sorted(deck, key=BY_ID))}
    piles = {("hand", p): new[p] for p in hands}
    piles["deck"] = [rest[ranks[c.id]] for c in deck]        # the k-th card by id where the k-th was
    zones.regroup(piles)
    stated = game.setup["hands"]
    if stated is not None and "redeals" not in game.setup and all(p in stated for p in hands) and \
            len(deck) == len(game.cards) - sum(len(ids) for ids in stated.values()):
        # No card drawn since the stated deal: the game may be the one set up with these hands, the
        # cards they played first (what the odds' worlds rely on), if its actions replay alike
        restated = {q: list(ids) for q, ids in stated.items()}
        for p in hands:
            held = {c.id for c in old[p]}
            restated[p] = [i for i in stated[p] if i not in held] + [c.id for c in new[p]]
        if _replays_alike(game):
            game.setup = {**game.setup, "hands": restated}
            return
    # Else the redeal joins the setup with the number of actions before it: a replay (a saved file,
    # undo) deals it again at that point, whatever was drawn before or after.
    done = list(game.setup.get("redeals", ()))
    entry = [len(game.state.actions)]
    for p in hands:
        entry += [p, [c.id for c in new[p]]]
    game.setup = {**game.setup, "redeals": done + [entry]}
