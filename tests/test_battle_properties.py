"""Properties every battle has, checked on random battles (hypothesis).

* any sequence of legal plays resolves, to a winner among the players (or a tie) and a token holder;
* totals, every step's strengths and every card's value are never negative;
* the result does not depend on the order of plays, except through the on-play effects:
  shuffling the plays between two effect cards (Winter, Spring, Bishop, Scarecrow,
  Surrender) or passes gives the same resolution;
* the cards in the lines, the discard and back in hands are exactly the cards played, each once;
* explain=True and explain=False give the same strengths, winner, token holder and Favor;
* the announced strengths are the resolution's strengths when no card is face down;
* the notation round-trips.
"""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from condottiere_nb import Battle, IllegalMove, get_ruleset
from condottiere_nb.cards import STANDARD_COUNTS

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay"]
RULESETS = {
    "standard": get_ruleset("standard"),
    "hidden": get_ruleset("hidden-cards"),
    "hidden-on-play": get_ruleset("hidden-cards").replace(face_down_specials="on_play"),
    "hidden-mercs": get_ruleset("hidden-cards").replace(face_down_specials="mercenaries_only"),
    "no-courtesan-token": get_ruleset("standard").replace(courtesan_token=False),
}
MERCS = [k for k in STANDARD_COUNTS if k.isdigit()]
SPECIALS = [k for k in STANDARD_COUNTS if not k.isdigit()]
EFFECTS = {"winter", "spring", "bishop", "scarecrow", "surrender"}

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# (seat, kind or "pass", face down?, which own Mercenary a Scarecrow takes: 0 none, else an index)
actions = st.tuples(st.integers(0, 5), st.sampled_from(MERCS * 2 + SPECIALS + ["pass"]),
                    st.booleans(), st.integers(0, 6))
scripts = st.tuples(st.integers(2, 6), st.sampled_from(sorted(RULESETS)),
                    st.lists(actions, max_size=40), st.sampled_from(NAMES))


def build(script, explain=True) -> Battle:
    """Apply the script's actions; the illegal ones (deck limits, passed players, a
    Surrender already played, ...) are refused and skipped, as a player would be told."""
    n, rs, acts, holder = script
    ruleset = RULESETS[rs]
    players = NAMES[:n]
    b = Battle(players, ruleset, explain=explain, token_holder=holder if holder in players else None)
    for seat, kind, face_down, t in acts:
        p = players[seat % n]
        face_down = face_down and ruleset.hidden_cards
        try:
            if kind == "pass":
                b.pass_turn(p)
            elif kind == "scarecrow":
                own = [c for c in b.lines[p] if c.mercenary and c.id not in b.face_down]
                acts_now = not face_down or ruleset.face_down_specials == "on_play"
                take = own[(t - 1) % len(own)] if own and t and acts_now else None
                b.play(p, kind, face_down=face_down, take=take)
            else:
                b.play(p, kind, face_down=face_down)
        except IllegalMove:
            pass
    return b


def replay(like: Battle, moves, takes=None) -> Battle:
    """A battle like ``like`` (seats, ruleset, token) with the same moves card for card
    (by id), in the order given; ``takes`` maps a Scarecrow's id to the exact card it takes
    back ("5#41"), for moves whose take names only a kind."""
    b = Battle(like.players, like.ruleset, token_holder=like.token_holder, leader=like.leader,
               defender=like.defender)
    for m in moves:
        if m.is_pass:
            b.pass_turn(m.player)
        elif m.kind == "scarecrow":
            b.play(m.player, b.deck[m.card], face_down=m.face_down, take=(takes or {}).get(m.card, m.take))
        else:
            b.play(m.player, b.deck[m.card], face_down=m.face_down)
    return b


def exact_takes(like: Battle, moves) -> dict:
    """The card each Scarecrow of ``moves`` took back, by id: a take written as a kind ("5")
    means the card the battle would pick at that moment, which another order of plays changes."""
    b, takes = replay(like, []), {}
    for m in moves:
        if not m.is_pass and m.kind == "scarecrow" and m.take is not None and "#" not in m.take:
            taken = b.state.find_take(m.player, m.take)
            takes[m.card] = f"{taken.kind}#{taken.id}"
        if m.is_pass:
            b.pass_turn(m.player)
        elif m.kind == "scarecrow":
            b.play(m.player, b.deck[m.card], face_down=m.face_down, take=takes.get(m.card, m.take))
        else:
            b.play(m.player, b.deck[m.card], face_down=m.face_down)
    return takes


def outcome(r):
    return (r.strengths, r.winner, r.token_holder, r.favor, r.tied, r.surrendered_by)


@SETTINGS
@given(scripts)
def test_any_sequence_of_legal_plays_resolves(script):
    b = build(script)
    r = b.resolve()
    assert set(r.strengths) == set(b.players)
    best = max(r.strengths.values())
    if r.winner is None:
        assert len(r.tied) >= 2 and all(r.strengths[p] == best for p in r.tied)
    else:
        assert r.strengths[r.winner] == best and list(r.strengths.values()).count(best) == 1
    assert r.token_holder in b.players
    assert r.favor is None or r.favor in b.players
    assert r.steps[-1].rule == "token.condottiere" and r.steps[-2].rule == "battle.compare"


@SETTINGS
@given(scripts)
def test_totals_are_never_negative(script):
    b = build(script)
    assert all(v >= 0 for v in b.strengths().values())
    r = b.resolve()
    assert all(v >= 0 for v in r.strengths.values())
    assert all(v >= 0 for v in r.values.values())
    for s in r.steps:
        for strengths in (s.strengths, s.before):
            assert strengths is None or all(v >= 0 for v in strengths.values()), s


@SETTINGS
@given(scripts, st.randoms(use_true_random=False))
def test_the_order_of_plays_matters_only_through_on_play_effects(script, rnd):
    b = build(script, explain=False)
    moves = list(b.moves)
    # cut the moves at every effect card and every pass; shuffle the plays in between
    shuffled, segment = [], []
    for m in moves:
        if m.is_pass or m.kind in EFFECTS:
            rnd.shuffle(segment)
            shuffled += segment + [m]
            segment = []
        else:
            segment.append(m)
    rnd.shuffle(segment)
    shuffled += segment
    other = replay(b, shuffled, exact_takes(b, moves))
    ra, rb = b.resolve(), other.resolve()
    assert outcome(ra) == outcome(rb)
    assert {p: sorted(c.kind for c in l) for p, l in ra.lines.items()} == \
           {p: sorted(c.kind for c in l) for p, l in rb.lines.items()}
    assert sorted(c.kind for c in ra.discarded) == sorted(c.kind for c in rb.discarded)


@SETTINGS
@given(scripts)
def test_lines_discard_and_returned_are_exactly_the_cards_played(script):
    b = build(script)
    played = {m.card for m in b.moves if not m.is_pass}
    r = b.resolve()
    where = [c.id for ln in r.lines.values() for c in ln] + [c.id for c in r.discarded] + \
        [c.id for ln in r.returned.values() for c in ln]
    assert sorted(where) == sorted(played)          # each played card in exactly one place
    kinds = {c.id: c.kind for c in b.deck}
    for m in b.moves:
        if not m.is_pass:
            assert kinds[m.card] == m.kind


@SETTINGS
@given(scripts)
def test_explain_true_and_false_give_the_same_result(script):
    full, fast = build(script, True), build(script, False)
    assert fast.steps == [] and fast.moves == full.moves
    assert fast.strengths() == full.strengths()
    pf, px = fast.preview(), full.preview()
    assert outcome(pf) == outcome(px)
    rf, rx = fast.resolve(), full.resolve()
    assert outcome(rf) == outcome(rx) == outcome(px)
    assert rf.steps == []
    assert {p: [c.id for c in l] for p, l in rf.lines.items()} == {p: [c.id for c in l] for p, l in rx.lines.items()}
    assert sorted(c.id for c in rf.discarded) == sorted(c.id for c in rx.discarded)


@SETTINGS
@given(scripts)
def test_announced_strengths_are_the_resolution_when_nothing_is_face_down(script):
    b = build(script)
    r = b.preview()
    if not b.face_down:
        assert b.strengths() == r.strengths
    else:
        face_up = {p: [c for c in l if c.id not in b.face_down] for p, l in b.lines.items()}
        assert all(v >= 0 for v in b.strengths().values()) and face_up is not None
    # the strengths after the last strength stage are the ones compared
    pipeline = [s for s in r.steps if s.rule.startswith(("strength.", "season.winter", "season.spring",
                                                         "card.drummer")) and s.values is not None]
    assert pipeline[-1].strengths == r.strengths


@SETTINGS
@given(scripts)
def test_notation_round_trips(script):
    b = build(script)
    text = b.notation()
    again = Battle.from_notation(text, ruleset=b.ruleset) if b.ruleset.name.endswith("+custom") \
        else Battle.from_notation(text)
    assert again.notation() == text
    assert outcome(again.preview()) == outcome(b.preview())
    assert {p: [c.id for c in l] for p, l in again.lines.items()} == {p: [c.id for c in l] for p, l in b.lines.items()}


@SETTINGS
@given(scripts, st.data())
def test_undo_restores_the_battle_before_the_last_move(script, data):
    b = build(script)
    if not b.moves:
        return
    cut = data.draw(st.integers(0, len(b.moves) - 1))
    shorter = replay(b, b.moves[:cut])
    for _ in range(len(b.moves) - cut):
        b.undo()
    assert b.notation() == shorter.notation()
    assert b.strengths() == shorter.strengths()
    assert [s.text for s in b.steps] == [s.text for s in shorter.steps]
