"""The sentences of a battle's Steps: plays, on-play effects, the count and the end."""
from __future__ import annotations

from ..cards import kind_name
from ..explain import count_names, format_strengths, join_names


def owned(player: str, kinds) -> str:
    """"Ana's 10, 5 and 4", "Huy's two 6s"."""
    return f"{player}'s {count_names(kind_name(k) for k in kinds)}"


def a(kind: str) -> str:
    """'a 10', 'a Winter', 'an 8' (the Persian tutorial has 8s)."""
    name = kind_name(kind)
    return ("an " if name[0] in "AEIOU8" or name in ("11", "18") else "a ") + name


def play_card(step, d) -> str:
    if d["announces"]:
        return f"{step.player} plays {a(d['kind'])} and announces {step.strengths[step.player]}."
    return f"{step.player} plays {a(d['kind'])}."


def play_face_down(step, d) -> str:
    if d["soldier"]:
        return (f"{step.player} lays a soldier face down; soldiers are turned face up only for "
                f"the count.")
    return f"{step.player} plays a card face down; announced strengths count face-up cards only."


def play_pass(step, d) -> str:
    p = step.player
    return f"{p} passes and will play no more cards in this battle; {p}'s line still counts."


def play_wait(step, d) -> str:
    return (f"{step.player}, the defender, passes but may still play later in this battle "
            f"(until playing a first card).")


def season_cancel(step, d) -> str:
    owners = join_names(owned(p, kinds) for p, kinds in d["owned"].items())
    return (f"{step.player}'s {kind_name(d['kind'])} discards every {kind_name(d['other'])} in play ({owners}): "
            f"only one season can be in play.")


def card_bishop(step, d) -> str:
    hit = [owned(p, kinds) for p, kinds in d["hit"].items()]
    if d["drummers"]:
        text = ("Bishop: in this battle the Bishop discards the Drummers first (the city-state variant's "
                f"final battle), so every Drummer in play is discarded: "
                f"{join_names(owned(p, kinds) for p, kinds in d['drummers'].items())}.")
        if hit:
            text += f" Then the highest face-up Mercenaries ({d['top']}) are discarded too: {join_names(hit)}."
        else:
            text += " No Mercenary is discarded."
    elif hit:
        passed = d["passed"]
        note = (f" {join_names(passed)} had passed, but a passed player's line is hit like any other."
                if passed else "")
        own = f" {step.player}'s own line is not spared." if step.player in d["hit"] else ""
        text = (f"Bishop: the highest face-up Mercenary in play is {d['top']}, so every "
                f"{d['top']} in play is discarded: {join_names(hit)}.{own}{note}")
        if d["face_down"]:
            text += " Face-down cards are not seen by the Bishop."
    else:
        text = "Bishop: there is no face-up Mercenary in play, so nothing is discarded."
    return text + " The Bishop itself is discarded."


def token_favor(step, d) -> str:
    player, previous = step.player, d["previous"]
    earns = (f"earns the Pope's Favor, taking it from {previous} (the last Bishop played decides),"
             if previous and previous != player else "earns the Pope's Favor again" if previous
             else "earns the Pope's Favor")
    return (f"{player} {earns} and places it on a region without a control marker, or off "
            f"the map.{'' if previous else ' A later Bishop would move it.'}")


def card_scarecrow(step, d) -> str:
    player = step.player
    if d["taken"] is None:
        return (f"{player}'s Scarecrow takes nothing back (to take one of your own face-up Mercenaries, "
                f"name it with take=). The Scarecrow is discarded.")
    name = kind_name(d["taken"])
    # two cards of one kind are different cards: say which one went back
    which = f"one of the {name}s (card #{d['card']})" if d["twin"] else f"the {name}"
    return (f"With the Scarecrow, {player} takes {which} back to hand; it can be played again "
            f"later. The Scarecrow is discarded.")


def card_surrender(step, d) -> str:
    return (f"{step.player}'s Surrender ends the battle at once: nobody plays another card, and "
            f"the region goes to the strongest line at this moment ({format_strengths(step.strengths)}).")


def strength_printed(step, d) -> str:
    parts = []
    for p, kinds in d["mercenaries"].items():
        if len(kinds) > 1:
            parts.append(f"{p} {' + '.join(kind_name(k) for k in kinds)} = {step.strengths[p]}")
        elif kinds:
            parts.append(f"{p} {kind_name(kinds[0])}")
        else:
            parts.append(f"{p} has no Mercenary (0)")
    return "Mercenaries at their printed values: " + "; ".join(parts) + "."


def season_winter(step, d) -> str:
    detail = "; ".join(f"{owned(p, kinds)} {'become 1 each' if len(kinds) > 1 else 'becomes 1'}"
                       for p, kinds in d["hit"].items()) or "but no Mercenary is in play"
    return f"Winter is in play: each Mercenary counts 1 ({detail})."


def card_drummer(step, d) -> str:
    parts, touched = [], False
    for p, line in d["lines"].items():
        ds = line["doublers"]
        who = (f"{p}'s {kind_name(ds[0])}" if len(ds) == 1 else
               f"{p} has {count_names(kind_name(k) for k in ds)}, which do not add up:")
        if line["mercenaries"]:
            verb = "doubles" if len(ds) == 1 else f"{p}'s Mercenaries double once"
            whose = f" {p}'s Mercenaries" if len(ds) == 1 else ""
            parts.append(f"{who} {verb}{whose} ({line['before']} -> {line['after']})")
            touched = True
        else:
            parts.append(f"{who} {'has' if len(ds) == 1 else 'and there is'} no Mercenary to double")
    text = "; ".join(parts) + "."
    if d["winter"] and touched:
        text += " Winter came first, so each drummed Mercenary counts 2."
    return text[0].upper() + text[1:]


def season_spring(step, d) -> str:
    top = d["top"]
    if not top:
        return "Spring is in play, but no Mercenary is in play: nothing gets +3."
    owners = d["owners"]
    each = sum(len(kinds) for _, kinds, _, _ in owners) > 1
    gets = (f"{join_names(owned(p, kinds) for p, kinds, _, _ in owners)} {'get' if each else 'gets'} "
            f"+3{' each' if each else ''}.")
    drummed = [(p, kinds, value) for p, kinds, doubled, value in owners if doubled]
    if d["reading"] == "printed":
        text = f"Spring is in play: the highest printed Mercenary in play is {top}; {gets}"
        if drummed:
            text += " The +3 comes after doubling: " + join_names(
                f"{p}'s drummed {top}s count {value} each" if len(kinds) > 1 else
                f"{p}'s drummed {top} counts {value}" for p, kinds, value in drummed) + "."
    else:
        text = (f"Spring is in play: the strongest Mercenary after doubling counts {top} (this ruleset "
                f"compares strengths, not printed values); {gets}")
        if drummed:
            text += " The +3 comes after doubling: " + join_names(
                f"{p}'s {count_names(kind_name(k) for k in kinds)}, drummed, count {top} + 3 = {top + 3} each"
                if len(kinds) > 1 else f"{p}'s drummed {kind_name(kinds[0])} counts {top} + 3 = {top + 3}"
                for p, kinds, value in drummed) + "."
        missed = d["missed"]
        if missed:
            many = sum(len(kinds) for _, kinds in missed) > 1
            text += (f" Under the standard reading (printed values) "
                     f"{join_names(owned(p, kinds) for p, kinds in missed)} would get +3; here "
                     f"{'they count' if many else 'it counts'} less than {top}, so "
                     f"{'they get' if many else 'it gets'} nothing.")
    if d["heroine"]:
        text += " A Heroine is not a Mercenary, so she never counts as the highest."
    return text


def strength_characters(step, d) -> str:
    parts = [f"{p} +{added} ({count_names(kind_name(k) for k in kinds)})" for p, (added, kinds) in d["added"].items()]
    return ("Heroines count 10 and Courtesans 1; they are not Mercenaries, so no season, "
            f"Drummer, Bishop or Scarecrow touches them: {'; '.join(parts)}.")


def battle_end(step, d) -> str:
    if d["over"]:
        return "The battle ends: everyone has passed."
    return "The battle is resolved here, as if everyone had passed."


def battle_reveal(step, d) -> str:
    if "bluff" in d:
        return (f"{d['player']}'s face-down {kind_name(d['bluff'])} was a bluff: played face "
                f"down it does nothing, and it is discarded.")
    names = "; ".join(f"{p}: {count_names(kind_name(k) for k in kinds)}" for p, kinds in d["shown"].items())
    return f"Everyone reveals their face-down cards ({names})."


def battle_compare(step, d) -> str:
    where = d["region"] or "the region"
    best, winner = d["best"], d["winner"]
    if winner:
        text = f"{winner} has the strongest line ({best}) and conquers {where}."
        if d["passed"]:
            text += f" {winner} had passed: a passed player's line still counts."
        return text
    text = f"{join_names(d['tied'])} tie for the highest total ({best}): nobody conquers {where}."
    if d["defender"] is not None:
        text += f" It stays with its defender, {d['defender']}."
    return text


def token_condottiere(step, d) -> str:
    holder, winner, why = d["holder"], d["winner"], d["why"]
    if why == "courtesans":
        extra = "" if holder == winner else (f", instead of the winner {winner}" if winner else
                                             " although nobody won the battle")
        return f"{holder} has the most Courtesans ({d['most']}) and takes the Condottiere token{extra}."
    note = (f"{join_names(d['leaders'])} tie for the most Courtesans ({d['most']}), so the Courtesans decide "
            f"nothing. " if d["leaders"] else "")
    if why == "winner":
        return f"{note}The winner, {winner}, takes the Condottiere token."
    if why == "defender":
        return (f"{note}The battle is tied: the defender {holder} keeps the region "
                f"and takes the Condottiere token.")
    return (f"{note}Nobody won, so the token passes from {d['previous']} to the next seat on "
            f"the left: {holder}.")


TEMPLATES = {
    "play.card": play_card, "play.face_down": play_face_down, "play.pass": play_pass, "play.wait": play_wait,
    "season.cancel": season_cancel, "card.bishop": card_bishop, "token.favor": token_favor,
    "card.scarecrow": card_scarecrow, "card.surrender": card_surrender,
    "strength.printed": strength_printed, "season.winter": season_winter, "card.drummer": card_drummer,
    "season.spring": season_spring, "strength.characters": strength_characters,
    "battle.end": battle_end, "battle.reveal": battle_reveal, "battle.compare": battle_compare,
    "token.condottiere": token_condottiere,
}
