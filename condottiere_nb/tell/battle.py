"""The sentences of a battle's Steps: plays, on-play effects, the count and the end.

Each template takes the Step, its data and a :class:`~condottiere_nb.language.Speaker` ``t``, and
says whole sentences: ``t.say("{player} plays {card}.", ...)`` is one message of the catalogue,
translated whole.  A sentence made of a list of clauses joins them with ``t.clauses``.
"""
from __future__ import annotations


def play_card(step, d, t) -> str:
    if not d["announces"]:
        return t.say("{player} plays {a_card}.", player=step.player, a_card=t.a_card(d["kind"]))
    player, a_card, strength, unseen = step.player, t.a_card(d["kind"]), step.strengths[step.player], d.get("face_down")
    if unseen:      # the announced total counts face-up cards only: say so, or "announces 0" misleads
        return t.say_n("{player} plays {a_card} and announces {strength}, not counting the card {player} has face "
                       "down.",
                       "{player} plays {a_card} and announces {strength}, not counting the {count} cards {player} "
                       "has face down.", unseen, player=player, a_card=a_card, strength=strength,
                       count=t.number(unseen))
    return t.say("{player} plays {a_card} and announces {strength}.", player=player, a_card=a_card, strength=strength)


def play_face_down(step, d, t) -> str:
    if d["soldier"]:
        return t.say("{player} lays a soldier face down; soldiers are turned face up only for the count.",
                     player=step.player)
    return t.say("{player} plays a card face down; announced strengths count face-up cards only.",
                 player=step.player)


def play_pass(step, d, t) -> str:
    return t.say("{player} passes and will play no more cards in this battle; {player}'s line still counts.",
                 player=step.player)


def play_wait(step, d, t) -> str:
    return t.say("{player}, the defender, passes but may still play later in this battle (until playing a "
                 "first card).", player=step.player)


def season_cancel(step, d, t) -> str:
    return t.say("{player}'s {card} discards every {other} in play ({owners}): only one season can be in play.",
                 player=step.player, card=t.card(d["kind"]), other=t.card(d["other"]),
                 owners=t.join(t.owned(p, kinds) for p, kinds in d["owned"].items()))


def card_bishop(step, d, t) -> str:
    hit = t.join(t.owned(p, kinds) for p, kinds in d["hit"].items())
    said = []
    if d["drummers"]:
        drums = t.join(t.owned(p, kinds) for p, kinds in d["drummers"].items())
        if d.get("final"):
            said.append(t.say("Bishop: in this battle the Bishop discards the Drummers first (the city-state "
                              "variant's final battle), so every Drummer in play is discarded: {drummers}.",
                              drummers=drums))
        else:       # the option bishop_targets, outside a final battle
            said.append(t.say("Bishop: under this ruleset the Bishop discards the Drummers first, so every Drummer "
                              "in play is discarded: {drummers}.", drummers=drums))
        if d["hit"]:
            said.append(t.say("Then the highest face-up Mercenaries ({top}) are discarded too: {hit}.",
                              top=d["top"], hit=hit))
        else:
            said.append(t.say("No Mercenary is discarded."))
    elif d["hit"]:
        if d.get("reading") == "effective":
            said.append(t.say("Bishop: the strongest face-up Mercenary in play counts {top} now (this ruleset "
                              "compares strengths, not printed values), so every Mercenary counting {top} is "
                              "discarded: {hit}.", top=d["top"], hit=hit))
        else:
            said.append(t.say("Bishop: the highest face-up Mercenary in play is {top}, so every {top} in play is "
                              "discarded: {hit}.", top=d["top"], hit=hit))
        if step.player in d["hit"]:
            said.append(t.say("{player}'s own line is not spared.", player=step.player))
        if d["passed"]:
            said.append(t.say_n("{players} had passed, but a passed player's line is hit like any other.",
                                "{players} had passed, but a passed player's line is hit like any other.",
                                len(d["passed"]), players=t.join(d["passed"])))
        if d["face_down"]:
            said.append(t.say("Face-down cards are not seen by the Bishop."))
    else:
        said.append(t.say("Bishop: there is no face-up Mercenary in play, so nothing is discarded."))
    return t.sentences(*said, t.say("The Bishop itself is discarded."))


def token_favor(step, d, t) -> str:
    player, previous = step.player, d["previous"]
    if previous and previous != player:
        return t.say("{player} earns the Pope's Favor, taking it from {previous} (the last Bishop played "
                     "decides), and places it on a region without a control marker, or off the map.",
                     player=player, previous=previous)
    if previous:
        return t.say("{player} earns the Pope's Favor again and places it on a region without a control marker, "
                     "or off the map.", player=player)
    return t.say("{player} earns the Pope's Favor and places it on a region without a control marker, or off "
                 "the map. A later Bishop would move it.", player=player)


def card_scarecrow(step, d, t) -> str:
    player = step.player
    if d["taken"] is None:
        return t.say("{player}'s Scarecrow takes nothing back (no Mercenary of {player}'s own line was chosen). "
                     "The Scarecrow is discarded.", player=player)
    if d["twin"]:   # two cards of one kind are different cards: say which one went back
        return t.say("With the Scarecrow, {player} takes one of the {card}s (card #{id}) back to hand; it can be "
                     "played again later. The Scarecrow is discarded.", player=player, card=t.card(d["taken"]),
                     id=d["card"])
    return t.say("With the Scarecrow, {player} takes the {card} back to hand; it can be played again later. "
                 "The Scarecrow is discarded.", player=player, card=t.card(d["taken"]))


def card_surrender(step, d, t) -> str:
    # The step's strengths are the announced ones, face-up cards only: with hidden cards the face-down
    # cards are revealed before the count, so these are never said to decide the battle.  (``face_down``,
    # the number of face-down cards in the lines, is said when the step's data gives it.)
    if d and d.get("face_down"):
        return t.say("{player}'s Surrender ends the battle at once: nobody plays another card. The announced "
                     "strengths count face-up cards only ({strengths}); the face-down cards are revealed before "
                     "the lines are counted.", player=step.player, strengths=t.strengths(step.strengths))
    return t.say("{player}'s Surrender ends the battle at once: nobody plays another card, and the lines are "
                 "counted as they stand now (announced strengths: {strengths}).", player=step.player,
                 strengths=t.strengths(step.strengths))


def strength_printed(step, d, t) -> str:
    parts = []
    for p, kinds in d["mercenaries"].items():
        if len(kinds) > 1:
            parts.append(t.say("{player} {sum} = {total}", player=p,
                               sum=" + ".join(t.card(k) for k in kinds), total=step.strengths[p]))
        elif kinds:
            parts.append(t.say("{player} {card}", player=p, card=t.card(kinds[0])))
        else:
            parts.append(t.say("{player} has no Mercenary (0)", player=p))
    return t.say("Mercenaries at their printed values: {lines}.", lines=t.clauses(parts))


def season_winter(step, d, t) -> str:
    if not d["hit"]:
        return t.say("Winter is in play: each Mercenary counts 1 (but no Mercenary is in play).")
    parts = [t.say_n("{cards} becomes 1", "{cards} become 1 each", len(kinds), cards=t.owned(p, kinds))
             for p, kinds in d["hit"].items()]
    return t.say("Winter is in play: each Mercenary counts 1 ({detail}).", detail=t.clauses(parts))


def card_drummer(step, d, t) -> str:
    said, doublers = [], set()      # one whole sentence for each line with a doubling card
    for p, line in d["lines"].items():
        ds = line["doublers"]
        if line["mercenaries"]:
            doublers.update(ds)
            if len(ds) == 1:
                said.append(t.say("{player}'s {card} doubles {player}'s Mercenaries ({before} -> {after}).",
                                  player=p, card=t.card(ds[0]), before=line["before"], after=line["after"]))
            else:
                said.append(t.say("{player} has {cards}, which do not add up: {player}'s Mercenaries double once "
                                  "({before} -> {after}).", player=p, cards=t.cards(ds), before=line["before"],
                                  after=line["after"]))
        elif len(ds) == 1:
            said.append(t.say("{player}'s {card} has no Mercenary to double.", player=p, card=t.card(ds[0])))
        else:
            said.append(t.say("{player} has {cards}, which do not add up, and no Mercenary to double.", player=p,
                              cards=t.cards(ds)))
    if d["winter"] and doublers:
        # "drummed" only where Drummers doubled (the Persian tutorial's Banner doubles too).  Winter's 1
        # is counted before the doubling whichever card was played first: say the order of the count,
        # not of the plays.
        if doublers == {"drummer"}:
            said.append(t.say("Winter's 1 is counted before the Drummer doubles, whichever was played first, so "
                              "each drummed Mercenary counts 2."))
        else:
            said.append(t.say("Winter's 1 is counted before the doubling, whichever was played first, so each "
                              "doubled Mercenary counts 2."))
    return t.sentences(*said)


def season_spring(step, d, t) -> str:
    top = d["top"]
    if not top:
        return t.say("Spring is in play, but no Mercenary is in play: nothing gets +3.")
    owners = d["owners"]
    raised = sum(len(kinds) for _, kinds, _, _ in owners)
    who = t.join(t.owned(p, kinds) for p, kinds, _, _ in owners)
    gets = t.say_n("{owners} gets +3.", "{owners} get +3 each.", raised, owners=who)
    doubled = [(p, kinds, value) for p, kinds, was_doubled, value in owners if was_doubled]
    # "drummed" only where Drummers doubled (the Persian tutorial's Banner doubles too)
    drums = set(d.get("doubled_by", ("drummer",))) == {"drummer"}
    said = []
    if d["reading"] == "printed":
        said.append(t.say("Spring is in play: the highest printed Mercenary in play is {top}; {gets}", top=top,
                          gets=gets))
        if doubled:
            detail = t.join(_spring_printed(t, drums, p, kinds, top, value) for p, kinds, value in doubled)
            said.append(t.say("The +3 comes after doubling: {detail}.", detail=detail))
    else:
        said.append(t.say("Spring is in play: the strongest Mercenary after doubling counts {top} (this ruleset "
                          "compares strengths, not printed values); {gets}", top=top, gets=gets))
        if doubled:
            detail = t.join(_spring_effective(t, drums, p, kinds, top) for p, kinds, value in doubled)
            said.append(t.say("The +3 comes after doubling: {detail}.", detail=detail))
        missed = d["missed"]
        if missed:
            many = sum(len(kinds) for _, kinds in missed)
            said.append(t.say_n(
                "Under the standard reading (printed values) {cards} would get +3; here it counts less than {top}, "
                "so it gets nothing.",
                "Under the standard reading (printed values) {cards} would get +3; here they count less than {top}, "
                "so they get nothing.", many, cards=t.join(t.owned(p, kinds) for p, kinds in missed), top=top))
    if d["heroine"]:
        said.append(t.say("A Heroine is not a Mercenary, so she never counts as the highest."))
    return t.sentences(*said)


def _spring_printed(t, drums: bool, player, kinds, top, value) -> str:
    """One line's doubled Mercenaries under Spring, printed reading: 'Ana's drummed 5 counts 13'."""
    if drums:
        return t.say_n("{player}'s drummed {top} counts {value}", "{player}'s drummed {top}s count {value} each",
                       len(kinds), player=player, top=top, value=value)
    return t.say_n("{player}'s doubled {top} counts {value}", "{player}'s doubled {top}s count {value} each",
                   len(kinds), player=player, top=top, value=value)


def _spring_effective(t, drums: bool, player, kinds, top) -> str:
    """One line's doubled Mercenaries under Spring, effective reading: 'Ana's drummed 5 counts 10 + 3 = 13'."""
    if len(kinds) > 1:
        if drums:
            return t.say("{player}'s {cards}, drummed, count {top} + 3 = {total} each", player=player,
                         cards=t.cards(kinds), top=top, total=top + 3)
        return t.say("{player}'s {cards}, doubled, count {top} + 3 = {total} each", player=player,
                     cards=t.cards(kinds), top=top, total=top + 3)
    if drums:
        return t.say("{player}'s drummed {card} counts {top} + 3 = {total}", player=player, card=t.card(kinds[0]),
                     top=top, total=top + 3)
    return t.say("{player}'s doubled {card} counts {top} + 3 = {total}", player=player, card=t.card(kinds[0]),
                 top=top, total=top + 3)


def strength_characters(step, d, t) -> str:
    parts = [t.say("{player} +{added} ({cards})", player=p, added=added, cards=t.cards(kinds))
             for p, (added, kinds) in d["added"].items()]
    return t.say("Heroines count 10 and Courtesans 1; they are not Mercenaries, so no season, Drummer, Bishop or "
                 "Scarecrow touches them: {added}.", added=t.clauses(parts))


def battle_end(step, d, t) -> str:
    if d["over"]:
        return t.say("The battle ends: everyone has passed.")
    return t.say("The battle is resolved here, as if everyone had passed.")


def battle_reveal(step, d, t) -> str:
    if "bluff" in d:
        return t.say("{player}'s face-down {card} was a bluff: played face down it does nothing, and it is "
                     "discarded.", player=d["player"], card=t.card(d["bluff"]))
    shown = t.clauses(t.say("{player}: {cards}", player=p, cards=t.cards(kinds)) for p, kinds in d["shown"].items())
    return t.say("Everyone reveals their face-down cards ({shown}).", shown=shown)


def battle_compare(step, d, t) -> str:
    """Every line's total first, so that a learner can check the comparison, then its outcome."""
    totals = t.say("Line totals: {strengths}.", strengths=t.strengths(step.strengths)) if step.strengths else ""
    return t.sentences(totals, _compared(d, t))


def _compared(d, t) -> str:
    best, winner, final = d["best"], d["winner"], d.get("final")      # a final battle is fought for no region
    if winner:
        if final:
            text = t.say("{winner} has the strongest line ({best}) and wins the final battle.", winner=winner,
                         best=best)
        elif d["region"]:
            text = t.say("{winner} has the strongest line ({best}) and conquers {region}.", winner=winner, best=best,
                         region=d["region"])
        else:
            text = t.say("{winner} has the strongest line ({best}) and conquers the region.", winner=winner,
                         best=best)
        if not d["passed"]:
            return text
        return t.sentences(text, t.say("{winner} had passed: a passed player's line still counts.", winner=winner))
    tied = t.join(d["tied"])
    if final:
        return t.say("{players} tie for the highest total ({best}): nobody wins the final battle.", players=tied,
                     best=best)
    if d["region"]:
        text = t.say("{players} tie for the highest total ({best}): nobody conquers {region}.", players=tied,
                     best=best, region=d["region"])
    else:
        text = t.say("{players} tie for the highest total ({best}): nobody conquers the region.", players=tied,
                     best=best)
    if d["defender"] is None:
        return text
    return t.sentences(text, t.say("It stays with its defender, {defender}.", defender=d["defender"]))


def token_condottiere(step, d, t) -> str:
    holder, winner, why = d["holder"], d["winner"], d["why"]
    if why == "courtesans":
        if holder == winner:
            return t.say("{holder} has the most Courtesans ({most}) and takes the Condottiere token.", holder=holder,
                         most=d["most"])
        if winner:
            return t.say("{holder} has the most Courtesans ({most}) and takes the Condottiere token, instead of the "
                         "winner {winner}.", holder=holder, most=d["most"], winner=winner)
        return t.say("{holder} has the most Courtesans ({most}) and takes the Condottiere token although nobody won "
                     "the battle.", holder=holder, most=d["most"])
    note = (t.say("{players} tie for the most Courtesans ({most}), so the Courtesans decide nothing.",
                  players=t.join(d["leaders"]), most=d["most"]) if d["leaders"] else "")
    if d.get("ignored") and why == "defender":
        note = t.say("{player} has the most Courtesans ({most}), but under this ruleset the defender of a tied "
                     "Invasion battle takes the token whatever the Courtesans.", player=d["ignored"], most=d["most"])
    elif d.get("ignored"):
        note = t.say("{player} has the most Courtesans ({most}), but under this ruleset a tied battle passes the "
                     "token whatever the Courtesans.", player=d["ignored"], most=d["most"])
    if why == "winner":
        said = t.say("The winner, {winner}, takes the Condottiere token.", winner=winner)
    elif why == "defender":
        said = t.say("The battle is tied: the defender {holder} keeps the region and takes the Condottiere token.",
                     holder=holder)
    else:
        said = t.say("Nobody won, so the token passes from {previous} to the next seat on the left: {holder}.",
                     previous=d["previous"], holder=holder)
    return t.sentences(note, said)


TEMPLATES = {
    "play.card": play_card, "play.face_down": play_face_down, "play.pass": play_pass, "play.wait": play_wait,
    "season.cancel": season_cancel, "card.bishop": card_bishop, "token.favor": token_favor,
    "card.scarecrow": card_scarecrow, "card.surrender": card_surrender,
    "strength.printed": strength_printed, "season.winter": season_winter, "card.drummer": card_drummer,
    "season.spring": season_spring, "strength.characters": strength_characters,
    "battle.end": battle_end, "battle.reveal": battle_reveal, "battle.compare": battle_compare,
    "token.condottiere": token_condottiere,
}
