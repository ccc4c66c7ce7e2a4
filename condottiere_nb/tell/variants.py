"""The sentences of the rulebooks' own systems: Continuous War, Scoring, the Persian tutorial and
the Chinese city-states."""
from __future__ import annotations


# -- Vietnamese --------------------------------------------------------------------------------------

def _drawn(d, t) -> str:
    return t.clauses(t.say("{player} {n} (now {hand})", player=p, n=n, hand=d["hands"][p])
                     for p, n in d["drawn"].items())


def war_draw(step, d, t) -> str:
    if d.get("refill"):
        return t.say("The draw pile is empty: the discards are shuffled into a new draw pile.")
    return t.say("Continuous War: everyone draws 3 cards, never above 10 plus 1 per region. {drawn}.",
                 drawn=_drawn(d, t))


def war_redeal(step, d, t) -> str:
    return t.say("Nobody has a card left: everyone draws 10 instead of 3. {drawn}.", drawn=_drawn(d, t))


def score_game(step, d, t) -> str:
    this_game = t.say(", ").join(t.say("{player} {points}", player=p, points=n) for p, n in d["scored"].items())
    match = t.say(", ").join(t.say("{player} {points}", player=p, points=n) for p, n in d["points"].items())
    winner = d["adjacent_winner"]
    if winner is None and d.get("unearned"):
        return t.say("Game {game} scores 1 point per region. {winner} won by adjacent regions, but under this ruleset "
                     "only a win by 3 adjacent regions earns 5 more. This game: {this_game}; match: {match}.",
                     game=d["game"], winner=d["unearned"], this_game=this_game, match=match)
    if winner is None:
        return t.say("Game {game} scores 1 point per region. This game: {this_game}; match: {match}.",
                     game=d["game"], this_game=this_game, match=match)
    if d["bonus_regions"] == "all":
        return t.say("Game {game} scores 1 point per region. {winner} won by adjacent regions: 5 more for each region. "
                     "This game: {this_game}; match: {match}.", game=d["game"], winner=winner, this_game=this_game,
                     match=match)
    return t.say("Game {game} scores 1 point per region. {winner} won by adjacent regions: 5 more for each region of "
                 "the winning group. This game: {this_game}; match: {match}.", game=d["game"], winner=winner,
                 this_game=this_game, match=match)


def score_match(step, d, t) -> str:
    reached, winners = d["reached"], d["winners"]
    if d.get("exceed"):        # scoring_target="exceed": the match is won by passing the target
        if len(winners) > 1:
            return t.say("{reached} passed {target} points: {winners} share the match with {best}.",
                         reached=t.join(reached), target=d["target"], winners=t.join(winners), best=d["best"])
        return t.say_n("{reached} passed {target} points: {winners} wins the match with {best}.",
                       "{reached} passed {target} points: {winners} wins the match with {best}.", len(reached),
                       reached=t.join(reached), target=d["target"], winners=t.join(winners), best=d["best"])
    if len(winners) > 1:       # a tie on points: several reached the target
        return t.say("{reached} reached {target} points: {winners} share the match with {best}.",
                     reached=t.join(reached), target=d["target"], winners=t.join(winners), best=d["best"])
    # one winner; the verb "reached" agrees with the players who reached the target
    return t.say_n("{reached} reached {target} points: {winners} wins the match with {best}.",
                   "{reached} reached {target} points: {winners} wins the match with {best}.", len(reached),
                   reached=t.join(reached), target=d["target"], winners=t.join(winners), best=d["best"])


# -- Persian ------------------------------------------------------------------------------------------

def card_banner(step, d, t) -> str:
    return t.say("Only one Banner can count in a battle, and {first}'s Banner came first: {player}'s Banner is set "
                 "aside and does nothing.", first=d["first"], player=step.player)


def card_maiden(step, d, t) -> str:
    player = step.player
    if d["target"] is None:
        return t.say("{player}'s Maiden removes nothing (no soldier was chosen). The Maiden is discarded.",
                     player=player)
    what = t.say("a face-down soldier") if d["hidden"] else t.a_card(d["kind"])
    if d["owner"] == player:
        return t.say("{player}'s Maiden removes their own soldier card from the region ({what}); it will not be "
                     "counted. The Maiden is discarded.", player=player, what=what)
    return t.say("{player}'s Maiden removes {owner}'s soldier card from the region ({what}); it will not be counted. "
                 "The Maiden is discarded.", player=player, owner=d["owner"], what=what)


def card_weapon(step, d, t) -> str:
    return t.say("{player}'s Weapon: {player} draws a card from the draw pile and may play it later in this battle. "
                 "The Weapon is discarded.", player=step.player)


def fa_weapon_draw(step, d, t) -> str:
    if not d["drawn"]:
        return t.say("The draw pile is empty: {player}'s Weapon draws nothing.", player=step.player)
    return t.say("{player} draws a card for the Weapon ({left} left in the draw pile).", player=step.player,
                 left=d["left"])


def fa_draw(step, d, t) -> str:
    winner, drawn, left = d["winner"], d["drawn"], d["left"]
    owed = d["owed"]        # what each was to draw: the pile may fall short
    counts = t.say(", ").join(t.say("{player} {n}", player=p, n=n) for p, n in drawn.items())
    if d.get("reading") == "section_6":
        said = t.say("Everyone draws as many cards as they laid in the region: {counts}.", counts=counts)
    elif not winner and d.get("tie") == "none":
        said = t.say("Nobody won the region, and under this ruleset nobody draws after a tie.")
    elif not winner:
        said = t.say("Nobody won the region, so every player draws 1: {counts}.", counts=counts)
    elif d.get("losers") == "played":
        said = t.say_n("{winner} won with {n} soldier card and draws as many; every other player who laid a card "
                       "draws 1: {counts}.",
                       "{winner} won with {n} soldier cards and draws as many; every other player who laid a card "
                       "draws 1: {counts}.", owed[winner], winner=winner, counts=counts)
    elif owed.get(winner):
        said = t.say_n("{winner} won with {n} soldier card and draws as many; every other player draws 1: {counts}.",
                       "{winner} won with {n} soldier cards and draws as many; every other player draws 1: "
                       "{counts}.", owed[winner], winner=winner, counts=counts)
    else:
        said = t.say("{winner} won without a soldier card left in the line and draws none; every other player draws "
                     "1: {counts}.", winner=winner, counts=counts)
    short = [p for p, n in owed.items() if drawn.get(p, 0) < n]
    if short:
        pile = t.say("The draw pile ran out before {players} drew every card owed.", players=t.join(short))
    elif left:
        pile = t.say_n("{n} card is left in the draw pile.", "{n} cards are left in the draw pile.", left)
    else:
        pile = t.say("The draw pile is empty now.")
    return t.sentences(said, pile)


def fa_end(step, d, t) -> str:
    return t.say("The draw pile has run out: the Persian tutorial's game ends at once.")


# -- Chinese city-states -----------------------------------------------------------------------------

def city_choose(step, d, t) -> str:
    p, city = step.player, d["city"]
    if city == "Roma":
        return t.say("{player} chooses Roma: {player}'s control marker goes on Roma, which cannot be attacked, and "
                     "{player} may, once each round, cancel another player's ability or claim a tied region.",
                     player=p)
    return t.say("{player} chooses {city}: {player}'s control marker goes on {city}, which cannot be attacked, and "
                 "{player} may use {city}'s ability in one battle each round.", player=p, city=city)


def city_ask(step, d, t) -> str:
    p, city = step.player, d["city"]
    if not d["used"]:
        return t.say("{player} does not use {city}'s ability in this battle.", player=p, city=city)
    return t.say("{player} turns {city}'s tile face down and uses its ability in this battle (once this round; no "
                 "one else may use an ability in this battle, Roma aside).", player=p, city=city)


def city_firenze(step, d, t) -> str:
    p = step.player
    if d.get("declare"):
        return t.say("{player} uses Firenze's ability: on each turn of this battle {player} may, instead of playing "
                     "normally, lay any card face down to take back a Courtesan.", player=p)
    whose = t.join(t.say("their own") if o == p else t.say("{owner}'s", owner=o) for o in dict.fromkeys(d["owners"]))
    if d["hidden"]:
        return t.say_n("{player} uses Firenze's Ball instead of playing a card: a card is laid face down (it stays "
                       "face down in Firenze's line and will count when revealed at the end), and {player} takes "
                       "{whose} Courtesan back into {player}'s hand.",
                       "{player} uses Firenze's Ball instead of playing a card: a card is laid face down (it stays "
                       "face down in Firenze's line and will count when revealed at the end), and {player} takes "
                       "{whose} Courtesans back into {player}'s hand.", len(d["taken"]), player=p, whose=whose)
    return t.say_n("{player} uses Firenze's Ball instead of playing a card: a card is laid face down (it counts "
                   "nothing, and no Scarecrow or other card can take it back), and {player} takes {whose} Courtesan "
                   "back into {player}'s hand.",
                   "{player} uses Firenze's Ball instead of playing a card: a card is laid face down (it counts "
                   "nothing, and no Scarecrow or other card can take it back), and {player} takes {whose} Courtesans "
                   "back into {player}'s hand.", len(d["taken"]), player=p, whose=whose)


def city_venezia(step, d, t) -> str:
    p = step.player
    if d.get("declare"):
        return t.say("{player} uses Venezia's ability: on each turn of this battle {player} may, instead of playing "
                     "normally, discard a card to take an enemy Mercenary of 1 to 5 into their line.", player=p)
    if d["reading"] == "briber":
        return t.say("{player} uses Venezia's Bribe instead of playing a card: {player} discards a card from hand and "
                     "{owner}'s {card} joins {player}'s line (it is now Venezia's Mercenary: a Drummer in Venezia's "
                     "line doubles it and Venezia's Scarecrow may take it back to hand).", player=p, owner=d["owner"],
                     card=t.card(d["kind"]))
    return t.say("{player} uses Venezia's Bribe instead of playing a card: {player} discards a card from hand and "
                 "{owner}'s {card} joins {player}'s line (a Drummer in Venezia's line doubles it (it stands in that "
                 "line), but no Scarecrow may take it back: it is not Venezia's own card).", player=p,
                 owner=d["owner"], card=t.card(d["kind"]))


def city_ban(step, d, t) -> str:
    return t.say("{player} uses {city}'s ability: no {cards} may be played in this battle. {player} may lift the ban "
                 "at any time, and then it cannot come back.", player=step.player, city=d["city"],
                 cards=t.join_or(t.card(k) for k in d["kinds"]))


def city_lift(step, d, t) -> str:
    return t.say("{player} lifts {city}'s ban: from now on those cards may be played in this battle again.",
                 player=step.player, city=d["city"])


def city_genova(step, d, t) -> str:
    p = step.player
    if d["action"] == "draw":
        return t.say("{player} uses Genova's Profiteering: shuffles the discard pile and draws {n} cards from it.",
                     player=p, n=d["count"])
    if d["action"] == "keep":
        # at least 5 cards were drawn (3 + 2 from each other player): at least 2 are discarded
        return t.say_n("{player} keeps {cards} and discards the other card.",
                       "{player} keeps {cards} and discards the other {count} cards.", d["discarded"], player=p,
                       cards=t.cards(d["kept"]), count=t.number(d["discarded"]))
    counts = t.clauses(t.say("{n} from {player}", n=n, player=q) for q, n in d["counts"].items())
    return t.say("{player} uses Genova's Profiteering: discards {paid}, draws at random {counts}, and will keep three "
                 "of the {n} cards drawn ({drawn}); the rest are discarded.", player=p,
                 paid=t.cards(d["paid"]), counts=counts, n=len(d["drawn"]), drawn=t.cards(d["drawn"]))


def city_roma_annul(step, d, t) -> str:
    roma, city = step.player, d["city"]
    if d.get("ban"):
        return t.say("{roma}, Roma, cancels {city}'s ability: from now on those cards may be played in this battle "
                     "again.", roma=roma, city=city)
    p = d["target"]
    if d.get("allowed"):
        return t.say("{roma}, Roma, lets {player}'s {city} ability act.", roma=roma, player=p, city=city)
    if d["moment"] == "before":
        return t.say("{roma} uses Roma's Edict: {player}'s {city} ability is cancelled, and {player} may use no "
                     "ability for the rest of this round. (Roma may cancel or claim a region once a round, not both.)",
                     roma=roma, player=p, city=city)
    return t.say("{roma} uses Roma's Edict: {player}'s {city} ability is cancelled for the rest of this round; from "
                 "now on {player} plays normally.", roma=roma, player=p, city=city)


def city_roma_claim(step, d, t) -> str:
    roma, region = step.player, d["region"]
    if not d["paid"]:
        return t.say("{roma}, Roma, leaves {region} free.", roma=roma, region=region)
    return t.say("{roma} uses Roma's claim: discards {cards} and takes the tied region {region} (Roma's ability for "
                 "this round).", roma=roma, cards=t.cards(d["paid"]), region=region)


def city_round(step, d, t) -> str:
    return t.say("A new round: every city-state's ability is ready again.")


TEMPLATES = {
    "war.draw": war_draw, "war.redeal": war_redeal, "score.game": score_game, "score.match": score_match,
    "card.banner": card_banner, "card.maiden": card_maiden, "card.weapon": card_weapon,
    "fa.weapon_draw": fa_weapon_draw, "fa.draw": fa_draw, "fa.end": fa_end,
    "city.choose": city_choose, "city.ask": city_ask, "city.firenze": city_firenze, "city.venezia": city_venezia,
    "city.bologna": city_ban, "city.milano": city_ban, "city.lift": city_lift, "city.genova": city_genova,
    "city.roma_annul": city_roma_annul, "city.roma_claim": city_roma_claim, "city.round": city_round,
}
