"""The simulation fast paths change nothing: the same seed and actions give the same game.

The Game plays a move it took from its own legal_actions() through Battle._play_plain (a
face-up play taking nothing back), Battle._play_validated and Battle._pass_validated, builds
its battles with Battle._for_game, lists the legal plays from a bit per kind (each answer kept),
and shuffles with the generator's draws written out.  A person's move
still goes through Battle.play / pass_turn / Battle(...), which check everything.  These
tests play whole seeded games both ways (and with explain on and off) and compare them byte
for byte, so they keep holding when the rules legitimately change.
"""
from __future__ import annotations

import dataclasses
import itertools
import random

import pytest

from condottiere_nb import Battle, Game, IllegalMove, RulesError
from condottiere_nb import game as game_module
from condottiere_nb.agents import HeuristicAgent, RandomAgent
from condottiere_nb.battle import Move
from condottiere_nb.game import Keep, Pass, Play


def _play_out(players, ruleset, seed, explain, agent=RandomAgent, limit=20_000) -> Game:
    game = Game(players, ruleset, seed=seed, explain=explain)
    agents = {p: agent(seed * 7 + i) for i, p in enumerate(game.players)}
    for _ in range(limit):
        if game.is_over:
            break
        game.apply(agents[game.to_move].choose(game))
    assert game.is_over, f"{ruleset} {players} players, seed {seed}: the game did not end"
    return game


@pytest.fixture
def checked(monkeypatch):
    """The Game as it was before the fast paths: every battle move checked by play() /
    pass_turn(), every battle built by the public constructor, Random.shuffle itself, and
    every action written anew as a person would type it (an equal object, not the shared one
    from legal_actions(), so apply() finds it in the legal list instead of taking its shortcut)."""
    plain_pass = Battle._pass_validated
    plain_apply = Game.apply

    def apply_written_anew(self, action):
        plain_apply(self, dataclasses.replace(action) if dataclasses.is_dataclass(action) else action)

    def play_checked(self, player, card, face_down=False, take=None, at=None):
        kwargs = {"take": take} if card.kind == "scarecrow" else {}
        self.play(player, card, face_down=face_down, **kwargs)

    def pass_checked(self, player):
        self._check_can_act(player)
        plain_pass(self, player)

    def battle_checked(cls, players, ruleset, hands, deck=None, kinds=None, **kwargs):
        return cls(players, ruleset, strict=True, hands={p: hands[p] for p in players}, **kwargs)

    monkeypatch.setattr(Battle, "_play_validated", play_checked)
    monkeypatch.setattr(Battle, "_play_plain", lambda self, player, card, at=None: play_checked(self, player, card))
    monkeypatch.setattr(Battle, "_pass_validated", pass_checked)
    monkeypatch.setattr(Battle, "_for_game", classmethod(battle_checked))
    monkeypatch.setattr(game_module, "_shuffle", lambda rng, x: rng.shuffle(x))
    monkeypatch.setattr(Game, "apply", apply_written_anew)


GAMES = [("standard", n, seed) for n in range(2, 7) for seed in (1, 2)] + [
    ("hidden-cards", 3, 5), ("invasion", 4, 6), ("continuous-war", 4, 7), ("scoring", 3, 8),
    ("city-states", 4, 9), ("city-states-final", 5, 10), ("fa-tutorial", 3, 11),
]


@pytest.mark.parametrize("ruleset, players, seed", GAMES)
def test_fast_paths_play_the_same_game_as_the_checked_paths(ruleset, players, seed, request):
    fast = _play_out(players, ruleset, seed, explain=True)
    request.getfixturevalue("checked")
    slow = _play_out(players, ruleset, seed, explain=True)
    assert fast.to_json() == slow.to_json()
    assert fast.explain() == slow.explain()


@pytest.mark.parametrize("players", range(2, 7))
def test_explain_false_plays_the_same_game_byte_for_byte(players):
    for seed in range(100 * players, 100 * players + 6):
        quiet = _play_out(players, "standard", seed, explain=False)
        told = _play_out(players, "standard", seed, explain=True)
        assert quiet.to_json() == told.to_json()
        assert quiet.log == [] and told.log


@pytest.mark.parametrize("players", [2, 4, 6])
def test_heuristic_games_are_the_same_on_both_paths(players, request):
    # the heuristic agent tries every play on a copy of the battle, so it reads the battle's
    # state more than the random agent does
    fast = _play_out(players, "standard", 21, explain=False, agent=HeuristicAgent).to_json()
    request.getfixturevalue("checked")
    assert _play_out(players, "standard", 21, explain=False, agent=HeuristicAgent).to_json() == fast
    assert Game.from_json(fast).to_json() == fast


def test_the_games_battle_is_the_battle_the_public_constructor_builds():
    game = Game(4, seed=3)
    game.apply(game.legal_actions()[0])
    hands = {p: game.hand(p) for p in game.players}
    fast = Battle._for_game(game.players, game.ruleset, hands, token_holder="Ben", leader="Ben",
                            defender=None, region="Roma", explain=False)
    public = Battle(game.players, game.ruleset, strict=True, hands=hands, token_holder="Ben",
                    leader="Ben", region="Roma", explain=False)
    assert vars(fast) == vars(public)          # every attribute, so a new one cannot be forgotten
    assert all(fast.hands[p] is not hands[p] for p in game.players)
    given = Battle._for_game(game.players, game.ruleset, hands, token_holder="Ben", leader="Ben",
                             defender=None, region="Roma", explain=False, deck=game.cards,
                             kinds=game.ruleset.kinds)
    assert vars(given) == vars(public)


def _deal_card_by_card(hands, deck, players, limits):
    """The deal as the rulebooks say it: one card at a time, clockwise, to each player still
    short of their limit, until the pile ends."""
    wanting = [p for p in players if len(hands[p]) < limits[p]]
    while wanting and deck:
        for p in wanting:
            if deck:
                hands[p].append(deck.pop())
        wanting = [p for p in wanting if len(hands[p]) < limits[p]]
    for p in players:
        hands[p].sort(key=lambda c: c.id)


@pytest.mark.parametrize("pile", [0, 1, 5, 23, 41, 80])
def test_dealing_in_slices_deals_the_cards_one_by_one_would(pile):
    rng = random.Random(pile)
    game = Game(5, seed=pile, explain=False, control={"Roma": "Ben", "Napoli": "Ben", "Parma": "Cy"})
    for _ in range(25):
        cards = list(game.cards)
        rng.shuffle(cards)
        game._deck = cards[:pile]
        rest = cards[pile:]
        for p in game.players:
            k = rng.choice([0, 0, 1, 2, 5, 10, 12])
            game._hands[p], rest = rest[:k], rest[k:]
        order = game._deal_order(rng.sample(game.players, rng.randint(1, 5)))
        hands = {p: list(h) for p, h in game._hands.items()}
        deck = list(game._deck)
        _deal_card_by_card(hands, deck, order, {p: game.hand_limit(p) for p in order})
        game._deal(order, dealer=game.token_holder)
        assert game._hands == hands and game._deck == deck


@pytest.mark.parametrize("size", [0, 1, 2, 3, 17, 58, 110, 255, 256, 257, 600])
def test_the_written_out_shuffle_is_random_shuffle(size):
    for seed in range(60):
        mine, theirs = random.Random(seed), random.Random(seed)
        a, b = list(range(size)), list(range(size))
        game_module._shuffle(mine, a)
        theirs.shuffle(b)
        assert a == b
        assert mine.getstate() == theirs.getstate()


def _spec_plays(game: Game) -> list:
    """The legal plays without hidden cards, as DESIGN.md describes them: one Play per kind in
    hand (deck order, not banned), the Scarecrow followed by its takes, then Pass."""
    player, battle = game.to_move, game.battle
    in_hand = {c.kind for c in game.hand(player)} - set(battle.banned)
    mine = {c.kind for c in battle.lines[player] if c.mercenary and c.id not in battle.face_down}
    plays = []
    for kind in game.ruleset.kinds:
        if kind in in_hand:
            plays.append(Play(kind))
            if kind == "scarecrow":
                plays += [Play("scarecrow", take=k) for k in game.ruleset.kinds if k in mine]
    return plays + [Pass()]


def _battle_decisions(ruleset: str, seeds, rng: random.Random):
    """(game, legal_actions()) at every battle decision of seeded random 4-player games, before
    the random move is made."""
    for seed in seeds:
        game = Game(4, ruleset, seed=seed, explain=False)
        while not game.is_over:
            legal = game.legal_actions()
            if game.phase == "battle":
                yield game, legal
            game.apply(legal[int(rng.random() * len(legal))])


@pytest.mark.parametrize("ruleset", ["standard", "invasion", "scoring", "standard, nothing kept"])
def test_legal_plays_match_the_rule(ruleset, monkeypatch):
    if ruleset.endswith("nothing kept"):      # the tables when they keep no answer (a full cache)
        ruleset = "standard"
        monkeypatch.setattr(game_module, "_PLAY_TABLES", {})
        monkeypatch.setattr(game_module._PlayTables, "_KEPT", 0)
    checked_states = 0
    for game, legal in _battle_decisions(ruleset, range(12), random.Random(ruleset)):
        assert [a for a in legal if isinstance(a, (Play, Pass))] == _spec_plays(game)
        checked_states += 1
    assert checked_states > 500
    assert len(game._tables.known) <= game._tables._KEPT


def _spec_keeps(game: Game) -> list:
    """The end of a round as DESIGN.md says it: keep any up to keep_cards of your cards; one
    Keep per multiset of kinds, smallest first, in deck order."""
    hand = [c.kind for c in game.hand(game.to_move)]
    kinds = [k for k in game.ruleset.kinds if k in hand]
    most = min(game.ruleset.keep_cards, len(hand))
    return [Keep(combo) for size in range(most + 1)
            for combo in itertools.combinations_with_replacement(kinds, size)
            if all(combo.count(k) <= hand.count(k) for k in combo)]


@pytest.mark.parametrize("players", range(2, 7))
def test_keep_choices_match_the_rule(players):
    rng = random.Random(players)
    checked = 0
    for seed in range(40):
        game = Game(players, seed=seed, explain=False)
        while not game.is_over:
            legal = game.legal_actions()
            if game.phase == "keep":
                assert legal == _spec_keeps(game)
                checked += 1
            game.apply(legal[int(rng.random() * len(legal))])
    assert checked > 5


def test_moves_are_shared_but_equal_to_new_ones():
    a, b = Battle(["Ana", "Ben"]), Battle(["Ana", "Ben"])
    for battle in (a, b):
        battle.play("Ana", "10")
        battle.pass_turn("Ben")
    assert a.moves == b.moves == [Move("Ana", "10", False, None, a.lines["Ana"][0].id), Move("Ben", None)]
    a.undo()
    assert a.moves == [b.moves[0]] and len(b.moves) == 2


def test_bad_moves_through_the_public_api_still_raise_and_change_nothing():
    game = Game(4, seed=12)
    game.apply(game.legal_actions()[0])
    player = game.to_move
    missing = next(k for k in game.ruleset.kinds if all(c.kind != k for c in game.hand(player)))
    before = game.to_json()
    with pytest.raises(IllegalMove, match="Allowed now"):
        game.apply(Play(missing))
    assert game.to_json() == before
    battle = game.battle
    other = next(p for p in game.players if p != player)
    with pytest.raises(IllegalMove, match="turn"):
        battle.play(other, game.hand(other)[0])
    with pytest.raises(IllegalMove, match="turn"):
        battle.pass_turn(other)
    with pytest.raises(IllegalMove, match="no .* in hand"):
        battle.play(player, missing)
    with pytest.raises(RulesError):
        Battle(["Ana", "Ana"], hands={"Ana": ["10"]})
    assert game.to_json() == before


def test_heuristic_agent_plays_its_cheapest_card_rather_than_end_an_empty_battle():
    # Ben led and passed holding a Heroine; Ana alone is left, nothing is in play, and her
    # cards all cost more than this battle is worth to her.  A pass would end the battle with
    # no card played while the round goes on: she plays her cheapest card instead.
    game = Game(["Ben", "Ana"], seed=4, explain=False,
                hands={"Ana": ["10", "heroine", "10"], "Ben": ["heroine"]})
    game.apply(game.legal_actions()[0])                  # Ben places the token and leads
    game.apply(Pass())
    assert game.to_move == "Ana" and not any(game.lines.values())
    for seed in range(5):
        choice = HeuristicAgent(seed).choose(game)
        assert isinstance(choice, Play) and choice.card in ("10", "heroine")


def test_a_cards_id_is_its_place_in_the_deck():
    # Game._all_but deletes cards from a copy of the deck by id (dealing every new round)
    from condottiere_nb import RULESETS
    for ruleset in RULESETS.values():
        deck = ruleset.make_deck()
        assert [c.id for c in deck] == list(range(len(deck)))
    game = Game(3, seed=2, explain=False)
    assert game_module._all_but(game.cards, {5, 0, 109}) == [c for c in game.cards if c.id not in (0, 5, 109)]


def test_a_validated_play_removes_the_right_card_whatever_place_it_is_told():
    hands = {"Ana": ["5", "10", "5", "winter"], "Ben": ["3"]}
    for at in (None, 0, 1, 2, 3, 9):
        battle = Battle(["Ana", "Ben"], strict=True, hands=hands)
        card = battle.hands["Ana"][2]                   # the second 5
        battle._play_validated("Ana", card, at=at)
        assert battle.lines["Ana"] == [card]
        assert [c.kind for c in battle.hands["Ana"]] == ["5", "10", "winter"] and card not in battle.hands["Ana"]


@pytest.mark.parametrize("players", range(2, 7))
def test_the_turn_goes_round_the_table_to_the_next_player_who_has_not_passed(players):
    # Battle reads the next seat from a table indexed by the passed seats' bits; here the
    # turn is worked out by walking round the table, after every move of random battles.
    rng = random.Random(players)
    names = [f"P{i}" for i in range(players)]
    for _ in range(40):
        leader = rng.choice(names)
        battle = Battle(names, strict=True, token_holder=leader,
                        hands={p: ["1", "2", "3", "4", "5"] for p in names})
        seat = names.index(leader)
        while not battle.is_over:
            player = battle.to_move
            assert player == names[seat]
            if rng.random() < 0.35 or not battle.hands[player]:
                battle.pass_turn(player)
            else:
                battle.play(player, battle.hands[player][0].kind)
            if battle.is_over:
                break
            seat = next(s % players for s in range(seat + 1, seat + players + 1)
                        if names[s % players] not in battle.passed)
        assert len(battle.passed) == players


def test_is_over_and_to_move_are_read_only_and_follow_the_game():
    # Both are read by a C getter from attributes the Game sets itself (is_over from _over,
    # set together with phase "over"); neither may be assigned from outside.
    from condottiere_nb import RULESETS, TERMINAL
    rng = random.Random(7)
    for name in RULESETS:
        game = Game(3, name, seed=5, explain=False)
        with pytest.raises(AttributeError):
            game.is_over = True
        with pytest.raises(AttributeError):
            game.to_move = "Ana"
        while not game.is_over:
            assert game.phase != "over" and game.to_move in game.players
            legal = game.legal_actions()
            game.apply(legal[int(rng.random() * len(legal))])
        assert game.phase == "over" and game.to_move is TERMINAL and game.winners
        assert game.clone().is_over and Game.from_json(game.to_json()).is_over


@pytest.mark.parametrize("ruleset", ["standard", "invasion", "scoring"])
def test_apply_takes_exactly_the_shared_plays_that_legal_actions_lists(ruleset):
    # apply() plays a shared face-up Play without searching legal_actions() when the battle
    # has no variant and no hidden cards; here every such Play of the deck (and Pass) is tried
    # on copies of random battle states: accepted exactly when listed, refused otherwise with
    # the game unchanged.
    rng = random.Random(ruleset)
    tried = 0
    for game, legal in _battle_decisions(ruleset, range(6), rng):
        if rng.random() >= 0.3:
            continue
        for action in [game_module._play(k) for k in game.ruleset.kinds] + [Pass(), game_module._PASS]:
            trial = game.clone()
            before = trial.to_json()
            if action in legal:
                trial.apply(action)
                assert trial.actions[-1] == action
            else:
                with pytest.raises(IllegalMove):
                    trial.apply(action)
                assert trial.to_json() == before
            tried += 1
    assert tried > 300
