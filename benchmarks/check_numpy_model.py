"""The vectorised battle model against the engine: random battles of every ruleset it claims.

The interaction checker counts battles with ``condottiere_nb/explore/numpy_model.py``, a second
statement of the battle rules kept for speed.  This plays ``--battles`` random battles (default
100,000) of each ruleset the model claims (:func:`claimed_rulesets`, as numpy_model's docstring
says: the named rulesets it takes, and each value of each battle reading it models), two to four
players, through ``Battle(..., explain=False)``'s play / pass_turn / resolve and through the
model, and compares
the winner, the token holder and every strength; about one battle in ten ends in a play the
engine refuses, which the model must refuse too.

Prints, per ruleset, the battles that agree, those refused by both and the mismatches (the
first few in battle notation); the exit code is 1 on any mismatch.  tests/test_numpy_model.py
runs a slice (450 battles of each ruleset) and checks that a model with a planted fault fails.

Run:  python benchmarks/check_numpy_model.py [--battles N] [--seed S] [--ruleset NAME ...]
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Sequence

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from condottiere_nb import Battle, IllegalMove  # noqa: E402
from condottiere_nb.explore import numpy_model  # noqa: E402
from condottiere_nb.explore.numpy_model import FAST_KINDS, fast_model_gap  # noqa: E402
from condottiere_nb.explore.space import (SEATS, BattleSpace, PlayedCard, play_in_turn,  # noqa: E402
                                          play_sequence_notation)
from condottiere_nb.rulesets import RULESETS, Ruleset, get_ruleset  # noqa: E402

#: The options of numpy_model.FAST_OPTIONS that are readings of a battle rule (the others name
#: the ruleset, its deck, or turn hidden cards on).
READINGS = ("courtesan_token", "bishop_targets", "spring_highest", "face_down_specials")


def claimed_rulesets() -> dict[str, Ruleset]:
    """Every ruleset whose battles the model claims to play as the engine does, by a name:
    each named ruleset it takes whole, then each other value of each of :data:`READINGS` on
    the standard and the hidden-cards rulesets ("hidden-cards bishop_targets=drummers_first")."""
    out = {name: r for name, r in RULESETS.items() if fast_model_gap(r) is None}
    for base in (RULESETS["standard"], RULESETS["hidden-cards"]):
        for f in fields(base):
            if f.name not in READINGS or (f.name == "face_down_specials" and not base.hidden_cards):
                continue
            for value in f.metadata["choices"] or (True, False):
                if value != getattr(base, f.name):
                    out[f"{base.name} {f.name}={value}"] = base.replace(**{f.name: value})
    return out


@dataclass
class Agreement:
    """How the model and the engine compared on the random battles of one ruleset."""

    ruleset: str
    battles: int = 0          # battles both resolved, with the same winner, token holder and strengths
    refused: int = 0          # battles ending in a play both refused
    mismatches: list = field(default_factory=list)   # the battles they disagree on, in battle notation

    def __str__(self) -> str:
        return f"{self.ruleset}: {self.battles} battles agree, {self.refused} refused by both, " \
               f"{len(self.mismatches)} mismatches"


def random_battle(ruleset: Ruleset, space: BattleSpace, rng: random.Random) -> tuple[list, object]:
    """A random battle of ``space`` played through the engine's public API (Battle.play and
    pass_turn in strict turn order, explain=False): (its plays, the engine's outcome).  The
    outcome is (winner, token holder, strengths) after resolve(), or None when the last play is
    one the engine refused (about one battle in ten ends so; the model must refuse it too)."""
    players, n = space.players, len(space.players)
    battle = Battle(players, ruleset, explain=False)
    plays, played = [], [0] * n
    for _ in range(rng.randint(0, 5 * n)):
        if battle.is_over:
            break
        mover = players.index(battle.to_move)
        seat = mover if rng.random() < 0.85 else rng.randrange(n)
        if players[seat] in battle.passed or played[seat] == space.max_cards:
            break
        play = _random_play(ruleset, space, battle, seat, rng, legal_only=True)
        try:
            play_in_turn(battle, space, play)
        except IllegalMove:
            break            # the seats before it may have passed: the battle stops here
        plays.append(play)
        played[seat] += 1
    if rng.random() < 0.1 and not battle.is_over and played[players.index(battle.to_move)] < space.max_cards:
        seat = players.index(battle.to_move)
        for _ in range(50):
            play = _random_play(ruleset, space, battle, seat, rng, legal_only=False)
            try:
                play_in_turn(battle, space, play)      # the mover plays: no pass comes first
            except IllegalMove:
                return plays + [play], None
            plays.append(play)
            played[seat] += 1
            if battle.is_over or played[seat] == space.max_cards:
                break
    r = battle.resolve()
    return plays, (r.winner, r.token_holder, dict(r.strengths))


def _random_play(ruleset, space: BattleSpace, battle, seat: int, rng, legal_only: bool) -> PlayedCard:
    """A play for ``seat``: any kind of the bound, face down now and then where the ruleset hides
    cards (or anywhere, unless ``legal_only``), a Scarecrow taking back one of the seat's own
    Mercenaries in line or nothing (or any Mercenary, unless ``legal_only``)."""
    kind = rng.choice(space.kinds)
    face_down = rng.random() < 0.3 and (ruleset.hidden_cards or not legal_only)
    take = None
    if kind == "scarecrow":
        own = [c.kind for c in battle.line(space.players[seat]) if c.mercenary]
        mercs = own if legal_only else [k for k in space.kinds if k.isdigit()]
        take = rng.choice([None] + mercs)
    return PlayedCard(seat, kind, face_down, take)


def check_against_engine(ruleset: Ruleset, battles: int, seed, name: str | None = None,
                         players: Sequence[int] = (2, 3, 4)) -> Agreement:
    """Play ``battles`` random battles of ``ruleset`` (spread over the player counts ``players``,
    every card of :data:`FAST_KINDS` the deck has, up to 8 cards a seat) through the engine and
    through the model, and compare the winner, the token holder and every strength of each."""
    ruleset = get_ruleset(ruleset)
    out = Agreement(name or ruleset.name)
    kinds = tuple(k for k in ruleset.kinds if k in FAST_KINDS)
    for i, count in enumerate(players):
        share = battles // len(players) + (i < battles % len(players))
        space = BattleSpace(SEATS[:count], kinds, max_cards=8)
        rng = random.Random(f"{seed}-{out.ruleset}-{count}")
        games = [random_battle(ruleset, space, rng) for _ in range(share)]
        for (plays, engine), model in zip(games, numpy_model.fast_outcomes(ruleset, space, [p for p, _ in games])):
            if model != engine:
                out.mismatches.append(f"{play_sequence_notation(space, plays)}: model {model}, engine {engine}")
            elif engine is None:
                out.refused += 1
            else:
                out.battles += 1
    return out



def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--battles", type=int, default=100_000, help="random battles per ruleset (default 100,000)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the random battles (default 0)")
    ap.add_argument("--ruleset", action="append", help="only this claimed ruleset (repeatable); default: all")
    args = ap.parse_args(argv)
    claimed = claimed_rulesets()
    names = args.ruleset or list(claimed)
    unknown = [n for n in names if n not in claimed]
    if unknown:
        ap.error(f"not a ruleset the model claims: {', '.join(unknown)}; it claims: {', '.join(claimed)}")
    start = time.perf_counter()
    agreed = refused = mismatched = 0
    for name in names:
        result = check_against_engine(claimed[name], args.battles, args.seed, name)
        print(result, flush=True)
        for line in result.mismatches[:5]:
            print("   ", line)
        agreed, refused, mismatched = agreed + result.battles, refused + result.refused, \
            mismatched + len(result.mismatches)
    print(f"{len(names)} rulesets, {agreed + refused + mismatched} battles: {agreed} agree, {refused} refused "
          f"by both, {mismatched} mismatches ({time.perf_counter() - start:.0f} s, seed {args.seed})")
    return 1 if mismatched else 0


if __name__ == "__main__":
    sys.exit(main())
