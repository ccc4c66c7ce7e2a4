"""Computer players and the simulation helpers."""
import pytest

from condottiere_nb import (DiscardHand, Game, HeuristicAgent, Keep, Pass, PlaceFavor, PlaceToken, Play,
                            RandomAgent, RulesError, play_game, simulate)
from condottiere_nb import agents as agents_module
from condottiere_nb.board import check_victory


def battle(hands, lines=(), control=None, players=("Ana", "Ben")):
    """A game in a battle for Roma where ``lines`` (player, card) were played in turn first."""
    g = Game(list(players), seed=0, hands=hands, control=control)
    g.apply(PlaceToken("Roma"))
    for card in lines:
        g.apply(Pass() if card == "pass" else Play(card))
    return g


def test_random_agent_plays_legal_actions_reproducibly():
    a = play_game([RandomAgent(1), RandomAgent(2), RandomAgent(3)], seed=5)
    b = play_game([RandomAgent(1), RandomAgent(2), RandomAgent(3)], seed=5)
    assert a.game.to_json() == b.game.to_json()
    assert a.winners and a.actions == len(a.game.actions)


def test_heuristic_plays_the_cheapest_card_that_wins():
    g = battle({"Ben": ["2", "1"], "Ana": ["10", "6", "3", "1"]}, players=("Ben", "Ana"), lines=["2"])
    assert g.to_move == "Ana"
    assert HeuristicAgent(0).choose(g) == Play("3")


def test_heuristic_passes_when_beaten():
    g = battle({"Ben": ["heroine", "10", "1"], "Ana": ["1", "2"]}, players=("Ben", "Ana"), lines=["heroine"])
    assert HeuristicAgent(0).choose(g) == Pass()


def test_heuristic_takes_a_mercenary_back_before_giving_up():
    g = battle({"Ana": ["6", "scarecrow", "1"], "Ben": ["10", "heroine", "10", "1"]},
               lines=["6", "10", "pass"] if False else ["6", "10", "1", "heroine"])
    # Ana 6 + 1 = 7 against Ben's 20: beaten; her Scarecrow brings the 6 home.
    assert g.to_move == "Ana"
    assert HeuristicAgent(0).choose(g) == Play("scarecrow", take="6")


def test_heuristic_surrenders_when_ahead():
    g = battle({"Ana": ["10", "surrender", "1"], "Ben": ["5", "6", "1"]}, lines=["10", "5"])
    assert HeuristicAgent(0).choose(g) == Play("surrender")


def test_heuristic_bishop_when_it_turns_the_battle():
    g = battle({"Ana": ["6", "bishop", "1"], "Ben": ["10", "10", "1"]}, lines=["6", "10", "1", "10"])
    # Ana 7 against 20; a Bishop discards both 10s: Ana 7 against 0.
    assert HeuristicAgent(0).choose(g) == Play("bishop")


def test_heuristic_chooses_a_region_next_to_its_own():
    g = Game(["Ana", "Ben", "Cy", "Dee"], seed=0, control={"Napoli": "Ana"})
    choice = HeuristicAgent(0).choose(g)
    assert isinstance(choice, PlaceToken) and choice.region in ("Roma", "Spoleto", "Ancona")


def test_heuristic_completes_its_own_victory_region():
    g = Game(4, seed=0, control={"Torino": "Ana", "Milano": "Ana", "Roma": "Ben"})
    assert HeuristicAgent(0).choose(g) == PlaceToken("Genova") or \
        check_victory({**g.control, HeuristicAgent(0).choose(g).region: "Ana"}, 4)


def test_heuristic_puts_the_favor_where_an_opponent_would_win():
    g = battle({"Ana": ["bishop", "1"], "Ben": ["2"], "Cy": ["3"], "Dee": ["4"]},
               control={"Torino": "Ben", "Milano": "Ben"}, players=("Ana", "Ben", "Cy", "Dee"),
               lines=["bishop"])
    assert g.phase == "favor"
    choice = HeuristicAgent(0).choose(g)
    assert isinstance(choice, PlaceFavor) and choice.region is not None
    assert check_victory({**g.control, choice.region: "Ben"}, 4)


def test_heuristic_hand_discard_and_keep():
    g = Game(["Ana", "Ben", "Cy"], seed=0, hands={"Ana": ["10", "3"], "Ben": ["1", "winter", "courtesan"],
                                                  "Cy": ["5", "2"]})
    for a in (PlaceToken("Roma"), Play("10"), Play("1"), Play("5"), Pass(), Pass(), Pass(), PlaceToken("Napoli")):
        g.apply(a)
    assert g.phase == "discard"
    assert HeuristicAgent(0).choose(g) == DiscardHand(True)
    h = Game(["Ana", "Ben"], seed=0, hands={"Ana": ["10"], "Ben": ["1", "heroine", "10", "winter", "2"]})
    for a in (PlaceToken("Roma"), Play("10"), Play("1"), Pass(), PlaceToken("Napoli")):
        h.apply(a)
    assert h.phase == "keep"
    choice = HeuristicAgent(0).choose(h)
    assert sorted(choice.cards) == ["10", "heroine"]
    h.apply(choice)


def test_heuristic_agents_finish_games_for_every_player_count():
    for n in (2, 3, 4, 5, 6):
        r = play_game(["heuristic"] * n, seed=n)
        assert r.game.is_over and r.winners


def test_heuristic_beats_random_players():
    stats = simulate(40, 4, agents=["heuristic", "random", "random", "random"], seed=1, progress=False)
    assert stats.wins["Ana"] > 0.4 * stats.games


def test_play_game_by_mapping_and_errors():
    r = play_game({"Xu": "random", "Yo": "heuristic"}, seed=3, explain=True)
    assert r.players == ("Xu", "Yo") and r.log_length == len(r.game.log) > 0
    with pytest.raises(RulesError):
        play_game(["random"], seed=1)
    with pytest.raises(RulesError, match="unknown agent"):
        play_game(["random", "genius"], seed=1)
    with pytest.raises(RulesError):
        play_game(["random", "random"], seed=1, players=["A", "B", "C"])


def test_a_plain_function_is_an_agent():
    calls = []

    def first(game):
        calls.append(game.to_move)
        return game.legal_actions()[0]

    r = play_game([first, first, first], seed=2)
    assert r.game.is_over and len(calls) == r.actions


def test_simulate_statistics_add_up_and_are_reproducible():
    a = simulate(30, 3, seed=4, progress=False)
    b = simulate(30, 3, seed=4, progress=False)
    assert a.wins == b.wins and a.reasons == b.reasons
    assert sum(a.wins.values()) == pytest.approx(30)
    assert sum(a.reasons.values()) == 30
    assert a.mean_battles > 1 and a.mean_rounds >= 1 and a.mean_actions > 10
    assert abs(sum(a.win_rate.values()) - 1) < 1e-9
    assert "30 games" in str(a)


def test_simulate_progress_callback_and_text(capsys, monkeypatch):
    seen = []
    simulate(5, 2, seed=0, progress=lambda i, n: seen.append((i, n)))
    assert seen == [(i, 5) for i in range(1, 6)]
    assert capsys.readouterr().err == ""
    simulate(3, 2, seed=0, progress=False)
    assert capsys.readouterr().err == ""
    clock = iter(range(0, 10_000))
    monkeypatch.setattr(agents_module.time, "perf_counter", lambda: next(clock))
    simulate(3, 2, seed=0, progress=True)
    err = capsys.readouterr().err
    assert "3/3 games" in err and "games/s" in err


def test_simulate_rejects_bad_arguments():
    with pytest.raises(RulesError):
        simulate(2, 7, progress=False)
    with pytest.raises(RulesError):
        simulate(2, 3, agents=["random", "random"], progress=False)
