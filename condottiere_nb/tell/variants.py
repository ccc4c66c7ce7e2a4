"""The sentences of the rulebooks' own systems: Continuous War, Scoring, the Persian tutorial and
the Chinese city-states."""
from __future__ import annotations

from ..cards import kind_name
from ..explain import join_names


# -- Vietnamese --------------------------------------------------------------------------------------

def _drawn(d) -> str:
    return "; ".join(f"{p} {n} (now {d['hands'][p]})" for p, n in d["drawn"].items())


def war_draw(step, d) -> str:
    if d.get("refill"):
        return "The draw pile is empty: the discards are shuffled into a new draw pile."
    return f"Continuous War: everyone draws 3 cards, never above 10 plus 1 per region. {_drawn(d)}."


def war_redeal(step, d) -> str:
    return f"Nobody has a card left: everyone draws 10 instead of 3. {_drawn(d)}."


def score_game(step, d) -> str:
    winner = d["adjacent_winner"]
    bonus = (f" {winner} won by adjacent regions: 5 more for each "
             f"{'region' if d['bonus_regions'] == 'all' else 'region of the winning group'}." if winner else "")
    return (f"Game {d['game']} scores 1 point per region.{bonus} This game: "
            + ", ".join(f"{p} {n}" for p, n in d["scored"].items()) + "; match: "
            + ", ".join(f"{p} {n}" for p, n in d["points"].items()) + ".")


def score_match(step, d) -> str:
    winners = d["winners"]
    return (f"{join_names(d['reached'])} reached {d['target']} points: {join_names(winners)} "
            f"{'wins' if len(winners) == 1 else 'share'} the match with {d['best']}.")


# -- Persian ------------------------------------------------------------------------------------------

def card_banner(step, d) -> str:
    return (f"Only one Banner can count in a battle, and {d['first']}'s Banner came first: {step.player}'s Banner "
            f"is set aside and does nothing.")


def card_maiden(step, d) -> str:
    player = step.player
    if d["target"] is None:
        return f"{player}'s Maiden removes nothing (name a soldier with take=). The Maiden is discarded."
    whose = "their own" if d["owner"] == player else f"{d['owner']}'s"
    what = "a face-down soldier" if d["hidden"] else f"a {kind_name(d['kind'])}"
    return (f"{player}'s Maiden removes {whose} soldier card from the region ({what}); it will not be "
            f"counted. The Maiden is discarded.")


def card_weapon(step, d) -> str:
    p = step.player
    return (f"{p}'s Weapon: {p} draws a card from the draw pile and may play it later in this "
            f"battle. The Weapon is discarded.")


def fa_weapon_draw(step, d) -> str:
    if not d["drawn"]:
        return f"The draw pile is empty: {step.player}'s Weapon draws nothing."
    return f"{step.player} draws a card for the Weapon ({d['left']} left in the draw pile)."


def fa_draw(step, d) -> str:
    winner, drawn = d["winner"], d["drawn"]
    if winner:
        n = drawn.get(winner, 0)
        who = f"{winner} won with {n} soldier card{'s' if n != 1 else ''} and draws as many; "
    else:
        who = "Nobody won the region; "
    return (who + "every other player draws 1: " + ", ".join(f"{p} {n}" for p, n in drawn.items())
            + f". {d['left']} cards are left in the draw pile.")


def fa_end(step, d) -> str:
    return "The draw pile has run out: the Persian tutorial's game ends at once."


# -- Chinese city-states -----------------------------------------------------------------------------

def city_choose(step, d) -> str:
    p, city = step.player, d["city"]
    power = ("may, once each round, cancel another player's ability or claim a tied region"
             if city == "Roma" else f"may use {city}'s ability in one battle each round")
    return f"{p} chooses {city}: {p}'s control marker goes on {city}, which cannot be attacked, and {p} {power}."


def city_ask(step, d) -> str:
    p, city = step.player, d["city"]
    if not d["used"]:
        return f"{p} does not use {city}'s ability in this battle."
    return (f"{p} turns {city}'s tile face down and uses its ability in this battle (once this round; no one "
            f"else may use an ability in this battle, Roma aside).")


def _declared(step, d, what: str) -> str:
    p = step.player
    return (f"{p} uses {d['city']}'s ability: on each turn of this battle {p} may, instead of playing normally, "
            f"{what}.")


def city_firenze(step, d) -> str:
    if d.get("declare"):
        return _declared(step, d, "lay any card face down to take back a Courtesan")
    player = step.player
    whose = join_names(("their own" if o == player else f"{o}'s") for o in d["owners"])
    where = ("it stays face down in Firenze's line and will count when revealed at the end"
             if d["hidden"] else "it counts nothing, and no Scarecrow or other card can take it back")
    return (f"{player} uses Firenze's Ball instead of playing a card: a card is laid face down ({where}), and "
            f"{player} takes {whose} Courtesan{'s' if len(d['taken']) > 1 else ''} back into {player}'s hand.")


def city_venezia(step, d) -> str:
    if d.get("declare"):
        return _declared(step, d, "discard a card to take an enemy Mercenary of 1 to 5 into their line")
    player = step.player
    mine = ("it is now Venezia's Mercenary: a Drummer in Venezia's line doubles it and Venezia's "
            "Scarecrow may take it back to hand" if d["reading"] == "briber" else
            "a Drummer in Venezia's line doubles it (it stands in that line), but no Scarecrow may take "
            "it back: it is not Venezia's own card")
    return (f"{player} uses Venezia's Bribe instead of playing a card: {player} discards a card from hand and "
            f"{d['owner']}'s {kind_name(d['kind'])} joins {player}'s line ({mine}).")


def city_ban(step, d) -> str:
    p = step.player
    names = join_names(kind_name(k) for k in d["kinds"])
    return (f"{p} uses {d['city']}'s ability: no {names} may be played in this battle. "
            f"{p} may lift the ban at any time, and then it cannot come back.")


def city_lift(step, d) -> str:
    return f"{step.player} lifts {d['city']}'s ban: from now on those cards may be played in this battle again."


def city_genova(step, d) -> str:
    p = step.player
    if d["action"] == "draw":
        return f"{p} uses Genova's Profiteering: shuffles the discard pile and draws {d['count']} cards from it."
    if d["action"] == "keep":
        return f"{p} keeps {join_names(kind_name(k) for k in d['kept'])} and discards the other {d['discarded']}."
    return (f"{p} uses Genova's Profiteering: discards {join_names(kind_name(k) for k in d['paid'])}, draws at random "
            f"{'; '.join(f'{n} from {q}' for q, n in d['counts'].items())}, and will keep three of the "
            f"{len(d['drawn'])} cards drawn ({join_names(kind_name(k) for k in d['drawn'])}); the rest are discarded.")


def city_roma_annul(step, d) -> str:
    roma, city = step.player, d["city"]
    if d.get("ban"):
        return f"{roma}, Roma, cancels {city}'s ability: from now on those cards may be played in this battle again."
    p = d["target"]
    if d.get("allowed"):
        return f"{roma}, Roma, lets {p}'s {city} ability act."
    if d["moment"] == "before":
        return (f"{roma} uses Roma's Edict: {p}'s {city} ability is cancelled, and {p} may use no ability for "
                f"the rest of this round. (Roma may cancel or claim a region once a round, not both.)")
    return (f"{roma} uses Roma's Edict: {p}'s {city} ability is cancelled for the "
            f"rest of this round; from now on {p} plays normally.")


def city_roma_claim(step, d) -> str:
    roma, region = step.player, d["region"]
    if not d["paid"]:
        return f"{roma}, Roma, leaves {region} free."
    return (f"{roma} uses Roma's claim: discards {join_names(kind_name(k) for k in d['paid'])} and takes the tied "
            f"region {region} (Roma's ability for this round).")


def city_round(step, d) -> str:
    return "A new round: every city-state's ability is ready again."


TEMPLATES = {
    "war.draw": war_draw, "war.redeal": war_redeal, "score.game": score_game, "score.match": score_match,
    "card.banner": card_banner, "card.maiden": card_maiden, "card.weapon": card_weapon,
    "fa.weapon_draw": fa_weapon_draw, "fa.draw": fa_draw, "fa.end": fa_end,
    "city.choose": city_choose, "city.ask": city_ask, "city.firenze": city_firenze, "city.venezia": city_venezia,
    "city.bologna": city_ban, "city.milano": city_ban, "city.lift": city_lift, "city.genova": city_genova,
    "city.roma_annul": city_roma_annul, "city.roma_claim": city_roma_claim, "city.round": city_round,
}
