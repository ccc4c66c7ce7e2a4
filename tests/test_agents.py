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


def test_simulate_on_two_workers_finds_what_one_process_finds():
    """Also under Pyodide (tests/test_pyodide.py runs this file there), which starts no
    processes: the two workers asked for become this process, with a warning."""
    import warnings

    from condottiere_nb.agents.workers import can_start_processes
    one = simulate(6, 2, seed=4, progress=False)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        two = simulate(6, 2, seed=4, progress=False, workers=2)
    assert (two.wins, two.reasons, two.mean_actions) == (one.wins, one.reasons, one.mean_actions)
    warned = any("cannot start processes" in str(w.message) for w in seen)
    assert warned == (not can_start_processes())


def test_simulate_progress_callback_and_text(capsys, monkeypatch):
    seen = []
    simulate(5, 2, seed=0, progress=lambda i, n: seen.append((i, n)))
    assert seen == [(i, 5) for i in range(6)]          # from 0, as every lab tool reports
    assert capsys.readouterr().err == ""
    simulate(3, 2, seed=0, progress=False)
    assert capsys.readouterr().err == ""
    clock = iter(range(0, 10_000))
    monkeypatch.setattr(agents_module.play.time, "perf_counter", lambda: next(clock))
    simulate(3, 2, seed=0, progress=True)
    err = capsys.readouterr().err
    # capsys's stderr is no terminal: a line at each tenth of the way, the last one complete
    assert err.splitlines()[-1].startswith("games [") and "] 3/3 " in err.splitlines()[-1]
    assert "\r" not in err


def test_simulate_reports_to_a_progress_object_as_the_lab_tools_do():
    from condottiere_nb.explore import Progress

    class Seen(Progress):
        def __init__(self):
            self.calls = []

        def start(self, total, label=""):
            self.calls.append(("start", total, label))

        def update(self, done):
            self.calls.append(("update", done))

        def finish(self, partial=False):
            self.calls.append(("finish", partial))

    seen = Seen()
    simulate(4, 2, seed=0, progress=seen)
    assert seen.calls[0] == ("start", 4, "games") and seen.calls[-1] == ("finish", False)
    assert [c[1] for c in seen.calls[1:-1]] == [1, 2, 3, 4]


def test_simulate_on_a_notebook_bar_speaks_the_learners_language():
    pytest.importorskip("ipywidgets")
    from condottiere_nb.views.explore_views import WidgetProgress
    bar = WidgetProgress(lang="vi")
    simulate(3, 2, seed=0, progress=bar)
    assert "games" not in bar.label.value and "3/3" in bar.label.value


def test_simulate_is_quiet_for_a_short_run(capsys):
    simulate(2, 2, seed=0)                    # progress=True by default; well under half a second
    assert capsys.readouterr().err == ""


def test_simulate_rejects_bad_arguments():
    with pytest.raises(RulesError):
        simulate(2, 7, progress=False)
    with pytest.raises(RulesError):
        simulate(2, 3, agents=["random", "random"], progress=False)


# -- every ruleset: no stalls, its own decisions ---------------------------------------------------

def test_heuristic_agents_finish_every_named_ruleset():
    # Each game must end on its own (no stall, no error) and meet its ruleset's ending.
    from condottiere_nb.rulesets import RULESETS
    for name in list(RULESETS) + ["continuous-war+invasion"]:
        for n in (3, 4):
            for seed in (1, 2):
                r = play_game(["heuristic"] * n, seed=seed, ruleset=name, max_actions=3_000)
                assert r.game.is_over and r.winners, (name, n, seed)


def test_heuristic_stall_seed_10090_ends():
    # Cy and Dee ran out of cards; Ana kept a 10 and Ben a 10, Bishop and Heroine.  Every battle
    # both passed (a 10 cost more than a stake-1 region was worth), it tied 0-0 and the round
    # never ended.  Now the last to decide in a battle with no card played plays one.
    g = Game(4, "standard", seed=10090, explain=False)
    agents = {p: agents_module.make_agent("heuristic", seed=(10090 * 31 + i) % 2 ** 32)
              for i, p in enumerate(g.players)}
    for _ in range(2_000):
        if g.is_over:
            break
        g.apply(agents[g.to_move].choose(g))
    assert g.is_over and g.battles < 60


def test_heuristic_battles_always_spend_a_card():
    # The progress rule behind the stall fix: in a heuristic game no battle ends with no card
    # played (a tie at 0 would change nothing, and could repeat for ever).
    # Before this rule a player with cards passed while the players after it had none left
    # (they are passed automatically, but only on their turn), and Invasion's last attacker
    # passed while the defender, who keeps a tie, waited.
    for ruleset in ("standard", "invasion", "hidden-cards+invasion", "continuous-war", "city-states"):
        for n in (3, 4):
            for seed in (0, 1, 2):
                g = Game(n, ruleset, seed=seed, explain=False)
                seats = {p: HeuristicAgent(seed * 10 + i) for i, p in enumerate(g.players)}
                empty = 0
                while not g.is_over:
                    before, battle = g.battles, g.battle
                    g.apply(seats[g.to_move].choose(g))
                    if g.battles > before and not any(m.card is not None for m in battle.moves):
                        empty += 1
                assert empty == 0, (ruleset, n, seed)


def test_play_game_raises_a_clear_error_when_the_players_never_finish():
    # The rules allow a game that never ends: players who always pass tie every battle.
    def passer(game):
        legal = game.legal_actions()
        return Pass() if Pass() in legal else legal[0]

    with pytest.raises(RulesError, match="did not end within 300 actions"):
        play_game([passer, passer, passer], seed=1, max_actions=300)


def test_heuristic_fights_with_face_down_soldiers():
    # fa-tutorial: soldiers lie face down, so every announced strength is 0.  Ana counts her own
    # soldiers: her cheapest card that leads is the 3.
    g = Game(["Ana", "Ben"], "fa-tutorial", seed=0, hands={"Ana": ["3", "8"], "Ben": ["2", "6"]})
    g.apply(PlaceToken("Roma"))
    assert HeuristicAgent(0).choose(g) == Play("3")


def test_heuristic_counts_a_hidden_soldier_at_the_unseen_average():
    # Ben has laid a soldier face down: Ana cannot see it, and counts it at the mean of the
    # soldiers she has not seen (5.5 here), so a 3 would not lead; she plays the 8.
    g = Game(["Ben", "Ana"], "fa-tutorial", seed=0, hands={"Ana": ["3", "8"], "Ben": ["2", "6"]})
    g.apply(PlaceToken("Roma"))
    g.apply(Play("2"))
    assert g.battle.strengths() == {"Ben": 0, "Ana": 0}
    assert 5 <= HeuristicAgent._hidden_value(g, g.battle, "Ana") <= 6
    assert HeuristicAgent(0).choose(g) == Play("8")
    # ... and she counts her own face-down soldier: after the 8 she is ahead and Ben has passed
    g.apply(Play("8"))
    g.apply(Pass())
    assert g.to_move == "Ana" and HeuristicAgent(0).choose(g) == Pass()


def test_heuristic_sometimes_lays_a_strong_mercenary_face_down():
    # hidden-cards: the 5 that takes the lead goes face down about half the time (the lead is
    # not announced, and the Bishop cannot see it); the 1 and 2 would not lead.
    g = Game(["Ben", "Ana"], "hidden-cards", seed=0, hands={"Ana": ["5", "1", "2"], "Ben": ["4", "1", "6"]})
    g.apply(PlaceToken("Roma"))
    g.apply(Play("4"))
    choices = [HeuristicAgent(s).choose(g) for s in range(20)]
    assert set(choices) == {Play("5"), Play("5", face_down=True)}
    assert all(c in g.legal_actions() for c in choices)


def test_heuristic_defender_is_content_with_a_tie():
    # Invasion: the defender keeps a tied region, so Ben's 3 against Ana's 3 is enough.
    g = Game(["Ana", "Ben"], "invasion", seed=0, control={"Roma": "Ben"},
             hands={"Ana": ["3", "5"], "Ben": ["3", "1", "2"]})
    g.apply(PlaceToken("Roma"))
    g.apply(Play("3"))
    assert g.battle.defender == "Ben" and HeuristicAgent(0).choose(g) == Play("3")


def city_game(cities, hands, control=None):
    from condottiere_nb.variants.city_states import ChooseCity
    g = Game(["Ana", "Ben", "Cy"], "city-states", seed=3, hands=hands, control=control)
    for c in cities:
        g.apply(ChooseCity(c))
    return g


def test_heuristic_city_states_choices():
    from condottiere_nb.variants.city_states import ChooseCity, GenovaKeep, GenovaTrade, UseAbility, Veto
    g = Game(3, "city-states", seed=3)
    assert g.phase == "city" and HeuristicAgent(0).choose(g) == ChooseCity("Genova")
    g.apply(ChooseCity("Genova"))
    assert HeuristicAgent(0).choose(g) == ChooseCity("Venezia")
    g = city_game(["Roma", "Genova", "Bologna"],
                  {"Ana": ["1", "2", "bishop", "10", "6", "5"], "Ben": ["1", "1", "2", "3", "4", "5", "drummer"],
                   "Cy": ["10", "10", "6", "heroine", "5", "4"]})
    g.apply(PlaceToken("Parma"))               # next to Ben's Genova: worth Genova's trade
    agent = HeuristicAgent(0)
    assert (g.phase, g.to_move) == ("ability", "Ben") and agent.choose(g) == UseAbility(True)
    g.apply(UseAbility(True))
    assert (g.phase, g.to_move) == ("veto", "Ana") and agent.choose(g) == Veto(False)
    g.apply(Veto(False))
    trade = agent.choose(g)
    assert isinstance(trade, GenovaTrade) and trade.discard == ("1", "1", "2")    # the three cheapest
    g.apply(trade)
    keep = agent.choose(g)
    assert isinstance(keep, GenovaKeep)
    cost = agents_module.heuristic.COST
    drawn = sorted((cost[c.kind] for c in g.hand("Ben") if c.id in g.state.variant["city"]["drawn"]), reverse=True)
    assert len(drawn) == 5 and sum(cost[k] for k in keep.cards) == sum(drawn[:3])     # the best three


def test_heuristic_city_states_declines_an_ability_where_little_is_at_stake():
    from condottiere_nb.variants.city_states import UseAbility
    g = city_game(["Roma", "Venezia", "Milano"],
                  {"Ana": ["1", "5", "2"], "Ben": ["2", "1", "3", "4"], "Cy": ["5", "2"]})
    g.apply(PlaceToken("Torino"))                # far from Venezia
    assert (g.phase, g.to_move) == ("ability", "Ben") and HeuristicAgent(0).choose(g) == UseAbility(False)


def test_heuristic_venezia_bribes_and_roma_vetoes_the_bribe_of_its_5():
    from condottiere_nb.variants.city_states import Bribe, UseAbility, Veto
    g = city_game(["Roma", "Venezia", "Milano"],
                  {"Ana": ["1", "5", "2"], "Ben": ["2", "1", "3", "4"], "Cy": ["5", "2"]})
    g.apply(PlaceToken("Torino"))
    g.apply(UseAbility(True))
    g.apply(Veto(False))
    g.apply(Play("5"))
    choice = HeuristicAgent(0).choose(g)
    assert choice == Bribe("1", "Ana:5")         # Ana's 5 for Ben's cheapest card: 5 against 0
    g.apply(choice)
    assert (g.phase, g.to_move) == ("veto", "Ana") and HeuristicAgent(0).choose(g) == Veto(True)


def test_heuristic_roma_vetoes_an_ability_that_would_win_the_game():
    from condottiere_nb.variants.city_states import UseAbility, Veto
    g = city_game(["Roma", "Venezia", "Milano"],
                  {"Ana": ["1", "5", "2"], "Ben": ["2", "1", "3", "4"], "Cy": ["5", "2"]},
                  control={"Mantova": "Ben", "Ferrara": "Ben"})
    g.apply(PlaceToken("Modena"))                # Venezia, Mantova, Ferrara and Modena: 4 adjacent
    assert g.to_move == "Ben" and HeuristicAgent(0).choose(g) == UseAbility(True)
    g.apply(UseAbility(True))
    assert (g.phase, g.to_move) == ("veto", "Ana") and HeuristicAgent(0).choose(g) == Veto(True)


def test_heuristic_roma_claims_a_tie_with_a_bishop_or_three_spare_cards():
    from condottiere_nb.variants.city_states import RomaClaim, UseAbility

    def tied(ana):
        g = city_game(["Roma", "Firenze", "Milano"], {"Ana": ana, "Ben": ["5", "1"], "Cy": ["5", "2"]})
        g.apply(PlaceToken("Torino"))
        while g.phase == "ability":
            g.apply(UseAbility(False))
        for a in (Pass(), Play("5"), Play("5"), Pass(), Pass()):
            g.apply(a)
        assert (g.phase, g.to_move) == ("claim", "Ana")
        return HeuristicAgent(0).choose(g)

    assert tied(["1", "bishop", "2"]) == RomaClaim(("bishop",))
    assert tied(["1", "3", "2", "4", "1", "5"]) == RomaClaim(("1", "1", "2"))    # six cards: three spare
    assert tied(["1", "3", "2", "4"]) == RomaClaim(())                            # four: none to spare


def test_heuristic_city_states_games_use_abilities():
    used = declined = 0
    for seed in range(4):
        r = play_game(["heuristic"] * 4, seed=seed, ruleset="city-states", explain=True)
        for step in r.game.log:
            if step.rule == "city.ask":
                used += "uses" in step.text
                declined += "does not use" in step.text
    assert used > 0 and declined > 0


def test_heuristic_spends_a_card_when_the_players_after_it_have_none():
    # Cy has no cards: he will be passed automatically, but only on his turn, after Ben's.  Ana
    # has passed, so a pass by Ben would end the battle with no card played; he plays instead.
    g = Game(["Ana", "Ben", "Cy"], seed=0, hands={"Ana": ["heroine", "1"], "Ben": ["10", "heroine"], "Cy": []})
    g.apply(PlaceToken("Roma"))
    g.apply(Pass())
    assert g.to_move == "Ben" and g.battle.passed == ["Ana"]
    assert HeuristicAgent(0).choose(g) in (Play("10"), Play("heroine"))


def test_heuristic_spends_a_card_before_a_waiting_defender():
    # Invasion: Cy defends Torino and has passed once (he may still play, and keeps a tie); Ana
    # has passed.  Ben holds no Mercenary, yet a pass would leave the region to a battle with no
    # card at all, which could repeat for ever: he spends his cheapest card.
    g = Game(["Cy", "Ana", "Ben"], "invasion", seed=0, control={"Torino": "Cy"},
             hands={"Cy": ["3", "2"], "Ana": ["heroine", "1"], "Ben": ["bishop", "winter"]})
    g.apply(PlaceToken("Torino"))
    g.apply(Pass())
    g.apply(Pass())
    assert g.to_move == "Ben" and g.battle.waiting("Cy")
    assert HeuristicAgent(0).choose(g) == Play("winter")
