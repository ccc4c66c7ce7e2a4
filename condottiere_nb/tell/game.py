"""The sentences of the game's Steps: setting up, dealing, the token, the map, rounds and the end."""
from __future__ import annotations

from ..cards import kind_name
from ..explain import join_names


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def game_setup(step, d) -> str:
    players = d["players"]
    total, adjacent = d["thresholds"]
    text = (f"{len(players)} players sit in this clockwise order: {join_names(players)}. "
            f"{players[0]} takes the Condottiere token, deals, and will place it on the first "
            f"battlefield. To win: {total} regions in total" + (f" or {adjacent} adjacent ones." if adjacent else "."))
    if d["control"]:
        text += f" Already controlled: {', '.join(f'{r} ({p})' for r, p in d['control'].items())}."
    if d["favor"]:
        text += f" The Pope's Favor is on {d['favor']}."
    return text


def round_deal(step, d) -> str:
    parts = []
    for p, got, before, owned, after in d["parts"]:
        why = f"{before} in hand" + (f", {len(owned)} region{'s' if len(owned) > 1 else ''} "
                                     f"({join_names(owned)})" if owned else "")
        parts.append(f"{p} {got} ({why} -> {after})")
    if d["upto"] is not None:
        text = f"{step.player} deals each player up to {d['upto']} cards: {'; '.join(parts)}."
    else:
        text = (f"{step.player} deals each player up to {d['hand_size']} cards plus "
                f"{d['per_region']} for each region they control: {'; '.join(parts)}.")
    if d["stated"]:
        text += f" The hands of {join_names(d['stated'])} were stated for this game."
    if d["ran_out"]:
        text += " The draw pile ran out before every hand was full."
    return text


def round_shuffle(step, d) -> str:
    return (f"Round {d['round']} begins: {step.player}, who holds the Condottiere token, "
            f"shuffles every other card ({d['cards']}: the discards and the rest of the deck).")


def token_place(step, d) -> str:
    first = " for the first battle" if d["first"] else ""
    return (f"{step.player} places the Condottiere token on {d['region']}{first}: the next "
            f"battle is fought there. (The token never goes on a region with a control "
            f"marker or the Pope's Favor.)")


def battle_start(step, d) -> str:
    where = "The final battle" if d["final"] else f"The battle for {d['region']}"
    return (f"{where} begins. {step.player} leads; then clockwise: {join_names(d['order'])}. "
            f"Each turn a player plays one card or passes, and a pass is final.")


def invasion_defender(step, d) -> str:
    p, region = step.player, d["region"]
    return (f"{region} is {p}'s: {p} defends it. The defender may pass "
            f"and still play later, until playing a first card; if the battle ties, "
            f"{p} keeps {region} and takes the Condottiere token.")


def invasion_tie(step, d) -> str:
    return (f"The battle is tied: the defender {step.player} keeps {d['region']} (and takes the "
            f"Condottiere token).")


def play_no_cards(step, d) -> str:
    p = step.player
    return f"{p} has no cards left, so {p} can only pass (and sits out the battles until the next round)."


def favor_place(step, d) -> str:
    player, region = step.player, d["region"]
    if d["final"]:
        return f"In the final battle the Pope's Favor no longer matters: {player} does not place it."
    if region is None:
        return f"{player} puts the Pope's Favor off the map: every region without a control marker is open."
    text = (f"{player} puts the Pope's Favor on {region}: no battle can be fought there until a later "
            f"Bishop moves it.")
    if region == d["battle_region"]:
        text += (" It sits on the region being fought over: the battle goes on, and if it ends in a "
                 "tie the region stays protected.")
    return text


def region_conquered(step, d) -> str:
    winner, region, defender = step.player, d["region"], d["defender"]
    if winner == defender:
        return f"{winner} defends {region} and keeps it."
    lost = f" {defender} loses it." if defender else ""
    regions = d["regions"]
    return (f"{winner} conquers {region} and places a control marker there ({_plural(len(regions), 'region')}: "
            f"{join_names(regions)}).{lost}")


def region_tied(step, d) -> str:
    return f"Nobody conquers {d['region']}: it stays free and may be chosen again."


def result_sentence(facts) -> str:
    """How a game ended, from Game.result_facts()."""
    w, reason = facts["winners"], facts["reason"]
    total, adjacent = facts["thresholds"]
    n = facts["players"]
    if reason == "adjacent":
        group = facts["group"]
        return (f"{w[0]} controls {len(group)} adjacent regions ({join_names(group)}), at least "
                f"{adjacent} with {n} players: {w[0]} wins the game")
    if reason == "total":
        return f"{w[0]} controls {facts['regions']} regions, at least {total} with {n} players: {w[0]} wins the game"
    if reason == "most_regions":
        how = ("the game ends without a victory" if facts["drawing"] == "fa_tutorial"
               else "no region can be chosen any more")
        return f"{how} and {w[0]} controls the most regions ({facts['owned']}): {w[0]} wins the game"
    if reason == "most_weight":
        return f"the game ends without a victory and {w[0]}'s regions weigh the most: {w[0]} wins the game"
    if reason == "shared":
        return f"the game ends without a victory and {join_names(w)} tie on regions and value: they share it"
    if reason == "final_battle":
        return f"{w[0]} wins the final battle and the game"
    if reason == "final_battle_tie":
        return f"the final battle ends in a tie: {join_names(w)} share the victory"
    return "the game is not over"


def game_victory(step, d) -> str:
    return result_sentence(d)


def battle_discard_lines(step, d) -> str:
    return f"Every battle line is discarded ({_plural(d['count'], 'card')})."


def hand_discard(step, d) -> str:
    p, names = step.player, " ".join(kind_name(k) for k in d["hand"])
    if d["discarded"]:
        return (f"{p} has no Mercenary in hand and discards the whole hand ({names}); {p} sits out "
                f"until the next round.")
    return f"{p} has no Mercenary in hand but keeps the hand ({names}); discarding is optional."


def round_end(step, d) -> str:
    holding = d["holding"]
    who = f"only {holding[0]} has cards left" if holding else "nobody has cards left"
    return f"Round {d['round']} ends: {who}."


def round_keep(step, d) -> str:
    shown = join_names(kind_name(k) for k in d["kept"]) if d["kept"] else "nothing"
    return (f"{step.player}, the only player with cards, keeps {shown} (up to "
            f"{d['limit']}) and discards the other {d['discarded']}.")


def game_no_region(step, d) -> str:
    ranking, counts, weights, why = d["ranking"], d["counts"], d["weights"], d["why"]
    if ranking == "weights":
        rule = "the highest region weight wins (3, 2 or 1 a region)"
        shown = ", ".join(f"{p} {w}" for p, w in weights.items())
    else:
        rule = "the most regions wins" + (", then the most region value" if ranking != "regions" else "")
        shown = ", ".join(f"{p} {counts[p]}" + (f" (value {weights[p]})" if ranking != "regions" else "")
                          for p in counts)
    return f"{why[0].upper()}{why[1:]}: {rule}. Scores: {shown}."


def game_final_battle(step, d) -> str:
    if "counts" in d:
        return (f"Before the final battle each finalist discards every {join_names(d['kinds'])}: "
                + "; ".join(f"{p} {n}" for p, n in d["counts"].items()) + ".")
    unit = "points" if d["by_weight"] else "regions"
    return (f"{join_names(d['players'])} tie with {d['best']} {unit} each: they fight a final battle. "
            f"Everyone discards their hand and {d['dealer']} shuffles all {d['cards']} cards.")


TEMPLATES = {
    "game.setup": game_setup, "round.deal": round_deal, "round.shuffle": round_shuffle,
    "token.place": token_place, "battle.start": battle_start, "invasion.defender": invasion_defender,
    "invasion.tie": invasion_tie, "play.no_cards": play_no_cards, "favor.place": favor_place,
    "region.conquered": region_conquered, "region.tied": region_tied, "game.victory": game_victory,
    "battle.discard_lines": battle_discard_lines, "hand.discard": hand_discard, "round.end": round_end,
    "round.keep": round_keep, "game.no_region": game_no_region, "game.final_battle": game_final_battle,
}
