"""Rules exploration at speed: which rulings matter, what to play, which variant is fair.

Three tools answer questions about the rules with numbers:

* :func:`check_interactions` enumerates every battle up to a bound under two rulesets
  (or two values of one option) and counts the battles whose winner or token holder
  differs, with the smallest example of each kind of divergence explained by its Steps.
* :func:`battle_odds` estimates, for the player to move, the chance of winning the
  battle after each legal action (Monte Carlo with the heuristic agent, to a chosen
  precision if asked, exact where the rest of the battle is small enough to enumerate).
* :func:`variant_balance` plays many games per ruleset and player count and reports
  first-seat advantage, game length, how games end and how often Surrender, Bishop and
  Courtesan decide a battle.

A fourth, :func:`soak`, plays many random games and checks every invariant after every
action (:func:`check_game`).

One module per tool:

* ``space``: the bound of an enumeration (:class:`BattleSpace`, :class:`PlayedCard`) and
  how one of its battles is played through the engine (:func:`engine_outcome`);
* ``interactions``: the interaction checker (:func:`check_interactions`, its reports);
* ``numpy_model``: the vectorised battle model that gives the checker its speed (its
  docstring lists the rules and rulesets it covers), held equal to the engine by
  tests/test_numpy_model.py and benchmarks/check_numpy_model.py (:func:`fast_outcomes`,
  :func:`fast_model_gap`);
* ``divergences``: what the checker counts (``Divergences``), shared by its two evaluators;
* ``odds``: :func:`battle_odds`, :func:`odds_rounds` (the same, round by round), :func:`game_odds`,
  :func:`has_odds`;
* ``hands``: the opponents' possible hands with their probabilities (exact odds);
* ``intervals``: the odds' 95% intervals (:func:`wilson` and the others);
* ``rollouts``: a battle played out from a position, many times (what the odds' workers run);
* ``balance``: :func:`variant_balance`, :data:`DECIDES`, :func:`card_decides`, :func:`player_counts`;
* ``invariants``: the soak (:func:`soak`, :func:`check_game`, :func:`check_victory_claims`);
* ``progress``: progress reports, interruption and seeds, shared by all.

Every tool that plays many games or battles (the balance, the odds, the soak; and
:func:`condottiere_nb.agents.simulate`) takes ``workers=`` (processes of this machine) or
``executor=`` (any concurrent.futures.Executor, a Dask cluster's too) and gives the same
figures however many workers play (:mod:`condottiere_nb.agents.workers`).

numpy is optional (the ``lab`` extra) and imported only when used: without it the
interaction checker uses the engine (the same counts, more slowly, with a note), exact odds
work, and Monte Carlo odds say what to install.

The engine side only: no display library is imported here (the bars, the progress
widget and the plots live in ``views/explore_views.py``).  Long runs report progress to
a :class:`Progress` object and stop cleanly on KeyboardInterrupt, returning what they
have so far marked ``partial=True``.
"""
from .balance import (DECIDES, DECIDING_CARDS, BalanceReport, BalanceRow, card_decides, player_counts,
                      variant_balance)
from .interactions import Divergence, InteractionReport, check_interactions, option_variants
from .invariants import CHECKED_ENDINGS, SoakResult, check_game, check_victory_claims, soak
from .numpy_model import FAST_KINDS, FAST_OPTIONS, GAME_OPTIONS, fast_model_gap, fast_outcomes
from .odds import ActionOdds, BattleOdds, action_label, battle_odds, exact_hands, game_odds, odds_rounds, wilson
from .progress import CallbackProgress, Progress, TextProgress
from .space import (DEFAULT_KINDS, SEATS, BattleSpace, PlayedCard, battle_space, engine_outcome,
                    play_sequence_notation, possible_plays)
from .divergences import DIVERGENCE_KINDS

__all__ = [
    # the interaction checker
    "check_interactions", "option_variants", "InteractionReport", "Divergence", "DIVERGENCE_KINDS",
    "BattleSpace", "PlayedCard", "battle_space", "possible_plays", "play_sequence_notation",
    "engine_outcome", "SEATS", "DEFAULT_KINDS",
    "fast_outcomes", "fast_model_gap", "FAST_OPTIONS", "FAST_KINDS", "GAME_OPTIONS",
    # battle odds
    "battle_odds", "odds_rounds", "game_odds", "BattleOdds", "ActionOdds", "action_label", "wilson", "exact_hands",
    # variant balance
    "variant_balance", "BalanceReport", "BalanceRow", "DECIDES", "DECIDING_CARDS", "card_decides", "player_counts",
    # the soak
    "soak", "SoakResult", "check_game", "check_victory_claims", "CHECKED_ENDINGS",
    # progress
    "Progress", "TextProgress", "CallbackProgress",
]
