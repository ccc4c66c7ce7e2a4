"""Every Step says the same as before: a change to how Steps record their state (lazy counts,
shared lines) must not change a word of any explanation.

The fixture ``steps_fixture.json`` holds, for seeded random games of every named ruleset and of
rulesets with their readings flipped, and for a few hundred sandbox battles, a digest of the
games' explanations in every language and of every Step's fields (rule, player, cards,
strengths, before, values, data).  It was written by the engine before the speed work of the
``core-speed`` branch; regenerate it only for a change meant to change the explanations:

    python tests/test_steps_unchanged.py --write
"""
from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from condottiere_nb import RULESETS, Battle, Game, get_ruleset  # noqa: E402
from condottiere_nb.agents import RandomAgent  # noqa: E402
from condottiere_nb.cards import STANDARD_COUNTS  # noqa: E402
from condottiere_nb.language import LANGUAGES  # noqa: E402

FIXTURE = Path(__file__).with_name("steps_fixture.json")

#: Readings flipped away from their default, each played in seeded games too.
READINGS = {
    "spring-effective": ("standard", {"spring_highest": "effective"}),
    "hidden-on-play": ("hidden-cards", {"face_down_specials": "on_play"}),
    "hidden-mercenaries-only": ("hidden-cards", {"face_down_specials": "mercenaries_only"}),
    "bishop-drummers-first": ("standard", {"bishop_targets": "drummers_first"}),
    "bishop-drummers-and-highest": ("standard", {"bishop_targets": "drummers_and_highest"}),
    "no-courtesan-token": ("standard", {"courtesan_token": False}),
    "venezia-not-returnable": ("city-states", {"venezia_bribe": "not_returnable"}),
    "firenze-all": ("city-states", {"firenze_takes": "all", "firenze_card": "hidden"}),
    "fa-one-banner": ("fa-tutorial", {"banner_limit": "one_per_battle", "maiden_targets": "opponents"}),
    "favor-elsewhere": ("invasion", {"favor_on_battle_region": False}),
}


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def _plain(value):
    if value is None:
        return None
    if hasattr(value, "items"):
        return [[_plain(k), _plain(v)] for k, v in value.items()]
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (str, int, float, bool)):
        return value
    return repr(value)


def _fields(steps) -> str:
    return json.dumps([[s.rule, s.player, list(s.cards), _plain(s.strengths), _plain(s.before), _plain(s.values),
                        _plain(s.data)] for s in steps], ensure_ascii=False)


def _texts(steps) -> dict:
    """Digests of the steps' sentences in every language, and of their fields."""
    found = {lang: _digest("\n".join(s.text_in(lang) for s in steps)) for lang in LANGUAGES}
    found["fields"] = _digest(_fields(steps))
    found["count"] = len(steps)
    return found


def _game_cases():
    for name in RULESETS:
        for seed in range(4):
            players = 3 + seed % 2 if name.startswith("city-states") else 2 + (seed * 2 + len(name)) % 5
            yield f"{name}/{seed}", name, players, seed
    for label, (base, options) in READINGS.items():
        for seed in range(3):
            players = 3 + seed % 2 if base.startswith("city-states") else 3 + seed
            yield f"{label}/{seed}", get_ruleset(base).replace(name=label, **options), players, seed


def game_digests() -> dict:
    found = {}
    for key, ruleset, players, seed in _game_cases():
        game = Game(players, ruleset, seed=seed)
        agent = RandomAgent(seed)
        while not game.is_over and len(game.actions) < 3000:
            game.apply(agent.choose(game))
        found[key] = {**_texts(game.log), "json": _digest(game.to_json())}
    return found


def battle_scripts(count: int, ruleset: str, seed: int) -> list:
    """Seeded random sandbox battles: (players, moves), a move (player, kind, face_down) or a pass."""
    rng = random.Random(seed)
    rs = get_ruleset(ruleset)
    scripts = []
    seats = ("Ana", "Ben", "Cy", "Dee", "Eva", "Fay")
    while len(scripts) < count:
        players = seats[:rng.randint(2, 6)]
        b = Battle(players, rs)
        moves = []
        while not b.is_over and len(moves) < 30:
            p = b.to_move
            options = b.play_options(p)
            if not options or rng.random() < 0.2:
                b.pass_turn(p)
                moves.append((p, None, False, None))
                continue
            kind, face_down, take = rng.choice(options)
            b.play(p, kind, face_down=face_down, **({} if take is None else {"take": take}))
            moves.append((p, kind, face_down, take))
        scripts.append((players, moves))
    return scripts


def battle_digests() -> dict:
    found = {}
    for ruleset in ("standard", "hidden-cards", "fa-tutorial"):
        everything = []
        for i, (players, moves) in enumerate(battle_scripts(150, ruleset, 3)):
            b = Battle(players, ruleset)
            for p, kind, face_down, take in moves:
                if kind is None:
                    b.pass_turn(p)
                else:
                    b.play(p, kind, face_down=face_down, **({} if take is None else {"take": take}))
                if i % 10 == 0:
                    everything += b.steps
            res = b.resolve()
            everything += res.steps
            everything.append(repr(res))
        steps = [s for s in everything if not isinstance(s, str)]
        found[f"battles/{ruleset}"] = {**_texts(steps), "results": _digest("\n".join(
            s for s in everything if isinstance(s, str)))}
    return found


def digests() -> dict:
    return {**game_digests(), **battle_digests()}


@pytest.fixture(scope="module")
def recorded() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def now() -> dict:
    return digests()


def test_the_fixture_covers_every_ruleset(recorded):
    assert {k.split("/")[0] for k in recorded} >= set(RULESETS) | set(READINGS)
    assert STANDARD_COUNTS


def test_every_step_says_what_it_said(recorded, now):
    changed = {k: [f for f in recorded[k] if recorded[k][f] != now.get(k, {}).get(f)]
               for k in recorded if recorded[k] != now.get(k)}
    assert not changed, changed


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        raise SystemExit("usage: python tests/test_steps_unchanged.py --write")
    FIXTURE.write_text(json.dumps(digests(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {FIXTURE}")
