"""The sentences of the game's Steps: setting up, dealing, the token, the map, rounds and the end."""
from __future__ import annotations


def game_setup(step, d, t) -> str:
    players = d["players"]
    total, adjacent = d["thresholds"]
    sit = t.say("{n} players sit in this clockwise order: {players}.", n=len(players), players=t.join(players))
    if d.get("drawn"):
        first = t.say("{first} is drawn to start: {first} takes the Condottiere token, deals, and will place it on "
                      "the first battlefield.", first=d["first"])
    else:
        first = t.say("{first} takes the Condottiere token, deals, and will place it on the first battlefield.",
                      first=d.get("first", players[0]))
    if adjacent:
        win = t.say("To win: {total} regions in total or {adjacent} adjacent ones.", total=total, adjacent=adjacent)
    else:
        win = t.say("To win: {total} regions in total.", total=total)
    markers = favor = ""
    if d["control"]:
        markers = t.say("Already controlled: {markers}.", markers=t.say(", ").join(
            t.say("{region} ({player})", region=r, player=p) for r, p in d["control"].items()))
    if d["favor"]:
        favor = t.say("The Pope's Favor is on {region}.", region=d["favor"])
    return t.sentences(sit, first, win, markers, favor)


def round_deal(step, d, t) -> str:
    parts = []
    for p, got, before, owned, after in d["parts"]:
        if owned:
            parts.append(t.say_n("{player} {got} ({before} in hand, {n} region ({regions}) -> {after})",
                                 "{player} {got} ({before} in hand, {n} regions ({regions}) -> {after})", len(owned),
                                 player=p, got=got, before=before, regions=t.join(owned), after=after))
        else:
            parts.append(t.say("{player} {got} ({before} in hand -> {after})", player=p, got=got, before=before,
                               after=after))
    if d["upto"] is not None or not d["per_region"]:     # a fixed hand (city-states: 11, whatever the regions)
        upto = d["hand_size"] if d["upto"] is None else d["upto"]
        text = t.say("{dealer} deals each player up to {upto} cards: {parts}.", dealer=step.player, upto=upto,
                     parts=t.clauses(parts))
    elif d.get("new_cards"):
        text = t.say("{dealer} deals each player {size} new cards plus {per} for each region they control, on top "
                     "of the cards in hand: {parts}.", dealer=step.player, size=d["hand_size"], per=d["per_region"],
                     parts=t.clauses(parts))
    else:
        text = t.say("{dealer} deals each player up to {size} cards plus {per} for each region they control: "
                     "{parts}.", dealer=step.player, size=d["hand_size"], per=d["per_region"], parts=t.clauses(parts))
    stated = ran_out = ""
    if d["stated"]:
        stated = t.say("The hands of {players} were stated for this game.", players=t.join(d["stated"]))
    if d["ran_out"]:
        ran_out = t.say("The draw pile ran out before every hand was full.")
    return t.sentences(text, stated, ran_out)


def round_shuffle(step, d, t) -> str:
    return t.say("Round {round} begins: {player}, who holds the Condottiere token, shuffles every other card "
                 "({cards}: the discards and the rest of the deck).", round=d["round"], player=step.player,
                 cards=d["cards"])


def token_place(step, d, t) -> str:
    if d.get("invasion"):
        where = (t.say("(Invasion: the token may go on a controlled region, but never on the Pope's Favor.)")
                 if d["invasion"] == "protects" else
                 t.say("(Invasion: the token may go on any region, a controlled one or the Pope's Favor's too.)"))
        return t.say("{player} places the Condottiere token on {region}: the next battle is fought there.",
                     player=step.player, region=d["region"]) + " " + where
    if d["first"]:
        placed = t.say("{player} places the Condottiere token on {region} for the first battle: the next battle is "
                       "fought there.", player=step.player, region=d["region"])
    else:
        placed = t.say("{player} places the Condottiere token on {region}: the next battle is fought there.",
                       player=step.player, region=d["region"])
    # where the token may not go: what this ruleset has (no Bishop, no Favor: fa) and allows (Invasion)
    controlled, favor = not d.get("invades", False), d.get("favor", True)
    if controlled and favor:
        never = t.say("(The token never goes on a region with a control marker or the Pope's Favor.)")
    elif controlled:
        never = t.say("(The token never goes on a region with a control marker.)")
    elif favor:
        never = t.say("(The token may go on a region with a control marker, whose owner then defends it, but never "
                      "on the Pope's Favor.)")
    else:
        never = t.say("(The token may go on a region with a control marker, whose owner then defends it.)")
    return t.sentences(placed, never)


def battle_start(step, d, t) -> str:
    rest = t.say("Each turn a player plays one card or passes, and a pass is final.")
    if d["final"]:
        begins = t.say("The final battle begins. {leader} leads; then clockwise: {order}.", leader=step.player,
                       order=t.join(d["order"]))
    else:
        begins = t.say("The battle for {region} begins. {leader} leads; then clockwise: {order}.", region=d["region"],
                       leader=step.player, order=t.join(d["order"]))
    return t.sentences(begins, rest)


def invasion_defender(step, d, t) -> str:
    return t.say("{region} is {player}'s: {player} defends it. The defender may pass and still play later, until "
                 "playing a first card; if the battle ties, {player} keeps {region} and takes the Condottiere token.",
                 region=d["region"], player=step.player)


def invasion_tie(step, d, t) -> str:
    return t.say("The battle is tied: the defender {player} keeps {region} (and takes the Condottiere token).",
                 player=step.player, region=d["region"])


def play_no_cards(step, d, t) -> str:
    if d.get("draws_after_battle"):
        return t.say("{player} has no cards left, so {player} can only pass in this battle (and draws again after "
                     "it).", player=step.player)
    return t.say("{player} has no cards left, so {player} can only pass (and sits out the battles until the next "
                 "round).", player=step.player)


def favor_place(step, d, t) -> str:
    player, region = step.player, d["region"]
    if d["final"]:
        return t.say("In the final battle the Pope's Favor no longer matters: {player} does not place it.",
                     player=player)
    if region is None:
        return t.say("{player} puts the Pope's Favor off the map: every region without a control marker is open.",
                     player=player)
    text = t.say("{player} puts the Pope's Favor on {region}: no battle can be fought there until a later Bishop "
                 "moves it.", player=player, region=region)
    if region != d["battle_region"]:
        return text
    return t.sentences(text, t.say("It sits on the region being fought over: the battle goes on, and if it ends in "
                                   "a tie the region stays protected."))


def region_conquered(step, d, t) -> str:
    winner, region, defender = step.player, d["region"], d["defender"]
    if winner == defender:
        return t.say("{winner} defends {region} and keeps it.", winner=winner, region=region)
    regions = d["regions"]
    text = t.say_n("{winner} conquers {region} and places a control marker there ({n} region: {regions}).",
                   "{winner} conquers {region} and places a control marker there ({n} regions: {regions}).",
                   len(regions), winner=winner, region=region, regions=t.join(regions))
    if not defender:
        return text
    return t.sentences(text, t.say("{defender} loses it.", defender=defender))


def region_tied(step, d, t) -> str:
    return t.say("Nobody conquers {region}: it stays free and may be chosen again.", region=d["region"])


def result_sentence(facts, t) -> str:
    """How a game ended, from Game.result_facts(): a whole sentence (the game.victory step's, and
    Game.result()'s)."""
    w, reason = facts["winners"], facts["reason"]
    total, adjacent = facts["thresholds"]
    n = facts["players"]
    if reason == "adjacent":
        group = facts["group"]
        return t.say("{winner} controls {count} adjacent regions ({regions}), at least {adjacent} with {n} players: "
                     "{winner} wins the game.", winner=w[0], count=len(group), regions=t.join(group),
                     adjacent=adjacent, n=n)
    if reason == "total":
        return t.say("{winner} controls {count} regions, at least {total} with {n} players: {winner} wins the game.",
                     winner=w[0], count=facts["regions"], total=total, n=n)
    if reason == "most_regions":
        if facts.get("without", "no_region") != "no_region":      # fa: the draw pile ran out, or no deal is left
            return t.say("The game ends without a victory and {winner} controls the most regions ({count}): "
                         "{winner} wins the game.", winner=w[0], count=facts["owned"])
        return t.say("No region can be chosen any more and {winner} controls the most regions ({count}): "
                     "{winner} wins the game.", winner=w[0], count=facts["owned"])
    if reason == "most_weight":
        return t.say("The game ends without a victory and {winner}'s regions weigh the most: {winner} wins the game.",
                     winner=w[0])
    if reason == "shared":
        return t.say("The game ends without a victory and {winners} tie on regions and value: they share it.",
                     winners=t.join(w))
    if reason == "final_battle":
        return t.say("{winner} wins the final battle and the game.", winner=w[0])
    if reason == "final_battle_tie":
        return t.say("The final battle ends in a tie: {winners} share the victory.", winners=t.join(w))
    return t.say("The game is not over.")


def game_victory(step, d, t) -> str:
    return result_sentence(d, t)


def battle_discard_lines(step, d, t) -> str:
    return t.say_n("Every battle line is discarded ({n} card).", "Every battle line is discarded ({n} cards).",
                   d["count"])


def hand_discard(step, d, t) -> str:
    names = t.cards(d["hand"])
    if d["discarded"]:
        return t.say("{player} has no Mercenary in hand and discards the whole hand ({cards}); {player} sits out "
                     "until the next round.", player=step.player, cards=names)
    return t.say("{player} has no Mercenary in hand but keeps the hand ({cards}); discarding is optional.",
                 player=step.player, cards=names)


def round_end(step, d, t) -> str:
    holding = d["holding"]
    if holding:
        return t.say("Round {round} ends: only {player} has cards left.", round=d["round"], player=holding[0])
    return t.say("Round {round} ends: nobody has cards left.", round=d["round"])


def round_keep(step, d, t) -> str:
    # counts are words ("two", "three cards") and kept cards are named as cards ("a 1"), so that
    # no count reads as a Mercenary's value
    player, limit, discarded = step.player, t.number(d["limit"]), d["discarded"]
    if not d["kept"]:
        return t.say_n("{player}, the only player with cards, may keep up to {limit} cards but keeps none: the one "
                       "card in {player}'s hand is discarded.",
                       "{player}, the only player with cards, may keep up to {limit} cards but keeps none: all {count} "
                       "cards in {player}'s hand are discarded.", discarded, player=player, limit=limit,
                       count=t.number(discarded))
    kept = t.a_card(d["kept"][0]) if len(d["kept"]) == 1 else t.cards(d["kept"])
    if not discarded:
        return t.say("{player}, the only player with cards, may keep up to {limit} cards and keeps {kept}.",
                     player=player, limit=limit, kept=kept)
    return t.say_n("{player}, the only player with cards, may keep up to {limit} cards: {player} keeps {kept} and "
                   "discards the other card.",
                   "{player}, the only player with cards, may keep up to {limit} cards: {player} keeps {kept} and "
                   "discards the other {count} cards.", discarded, player=player, limit=limit, kept=kept,
                   count=t.number(discarded))


def game_no_region(step, d, t) -> str:
    ranking, counts, weights = d["ranking"], d["counts"], d["weights"]
    if d["why"] == "draw_pile":
        why = t.say("The draw pile has run out")
    elif d["why"] == "no_deal":
        why = t.say("Fewer than two players have cards and the tutorial deals no new hands")
    elif d.get("favor_region"):
        why = t.say("No region can be chosen any more ({region} has the Pope's Favor)", region=d["favor_region"])
    else:
        why = t.say("No region can be chosen any more")
    if ranking == "weights":
        rule = t.say("the highest region weight wins (3, 2 or 1 a region)")
        shown = t.say(", ").join(t.say("{player} {points}", player=p, points=w) for p, w in weights.items())
    elif ranking == "regions":
        rule = t.say("the most regions wins")
        shown = t.say(", ").join(t.say("{player} {regions}", player=p, regions=counts[p]) for p in counts)
    else:
        rule = t.say("the most regions wins, then the most region value")
        shown = t.say(", ").join(t.say("{player} {score} (value {value})", player=p, score=counts[p], value=weights[p])
                                 for p in counts)
    return t.say("{why}: {rule}. Scores: {scores}.", why=why, rule=rule, scores=shown)


def game_final_battle(step, d, t) -> str:
    if "counts" in d:
        return t.say("Before the final battle each finalist discards every {kinds}: {counts}.",
                     kinds=t.join(t.card(k) for k in d["kinds"]),
                     counts=t.clauses(t.say("{player} {n}", player=p, n=n) for p, n in d["counts"].items()))
    if d["best"] is None:
        tie = t.say("The final battle is tied: {players} fight another one.", players=t.join(d["players"]))
    elif d["by_weight"]:
        tie = t.say_n("{players} tie with {n} point each: they fight a final battle.",
                      "{players} tie with {n} points each: they fight a final battle.", d["best"],
                      players=t.join(d["players"]))
    else:
        tie = t.say_n("{players} tie with {n} region each: they fight a final battle.",
                      "{players} tie with {n} regions each: they fight a final battle.", d["best"],
                      players=t.join(d["players"]))
    return t.sentences(tie, t.say("Everyone discards their hand and {dealer} shuffles all {cards} cards.",
                                  dealer=d["dealer"], cards=d["cards"]))


TEMPLATES = {
    "game.setup": game_setup, "round.deal": round_deal, "round.shuffle": round_shuffle,
    "token.place": token_place, "battle.start": battle_start, "invasion.defender": invasion_defender,
    "invasion.tie": invasion_tie, "play.no_cards": play_no_cards, "favor.place": favor_place,
    "region.conquered": region_conquered, "region.tied": region_tied, "game.victory": game_victory,
    "battle.discard_lines": battle_discard_lines, "hand.discard": hand_discard, "round.end": round_end,
    "round.keep": round_keep, "game.no_region": game_no_region, "game.final_battle": game_final_battle,
}
