"""The Persian tutorial's own cards (fa-tutorial.txt): soldiers, Banner, Maiden, Weapon.  Its
draws and its end are the game rules of :mod:`.persian_game`.

The tutorial does not describe the real game; it describes a simpler one of its own.  What its
text leaves open is decided here and written down, option by option, in
:mod:`condottiere_nb.rulesets`.

* Soldiers are Mercenaries valued 1 to 10 (the deck has 7s, 8s and 9s the real game lacks; see
  :mod:`condottiere_nb.decks`), laid face down (section 3) and turned face up for the count
  (section 4).
* Banner doubles its line's soldiers; several Banners do not add up (section 5 and the exact
  rules: "only one Banner can be active").  The doubling itself is the Drummer's rule in
  :mod:`condottiere_nb.strength` (the card registry marks both as doubling); here is only the
  one-Banner limit.
* Maiden removes one soldier card from the region (exact rules: "before the final count").
* Weapon lets its player draw a card from the draw pile (section 5 and the exact rules).
* After each region the winner draws a card per soldier used, the others 1; the game ends at 5
  regions, or when the draw pile runs out (sections 6 and 7).
"""
from __future__ import annotations

from ..cards import Card
from ..errors import Clauses, IllegalMove, Joined, Kind, Listed, Quoted, Sentence, Spaced
from ..explain import Step
from ..notation import read_target

__all__ = ["card_banner", "card_maiden", "card_weapon", "maiden_target", "maiden_lines", "position_targets",
           "position_of", "owed_draws"]


# -- on-play effects (the card registry names them; signature (battle, player, card, target)) ----

def card_banner(battle, player: str, card: Card, _target=None) -> None:
    """One Banner per battle (option banner_limit="one_per_battle"): a later Banner is set aside.

    Under the default "per_line" nothing happens on play: the doubling is counted at the end,
    and a second Banner in the same line adds nothing, as with the real game's Drummer.
    """
    if battle.ruleset.banner_limit != "one_per_battle":
        return
    earlier = [c for c in battle.in_play() if c.kind == "banner" and c.id != card.id]
    if not earlier:
        return
    before = battle.announced() if battle.explains else None
    first = battle.owner(earlier[0])
    battle.discard([card])
    if battle.explains:
        battle.record(Step("card.banner", strengths=battle.announced(), before=before, player=player,
                           cards=(card.id,), data={"first": first}))


def maiden_target(battle, player: str, target) -> Card:
    """The soldier card a Maiden removes, from ``target``: a Card, ``"5#41"``, ``"Ben:5"`` or
    ``"Ben@2"`` (Ben's second soldier in line order).

    A plain value ``"5"`` is enough when only one line holds a soldier of that value.
    The Maiden may pick a face-down soldier: in the tutorial every soldier is face down.
    """
    rs = battle.ruleset
    allowed = maiden_lines(battle, player)
    pool = [(p, c) for p in allowed for c in battle.line(p) if c.mercenary]
    if isinstance(target, Card):
        found = [(p, c) for p, c in pool if c.id == target.id]
        label = target.tag
    elif isinstance(target, str) and target.strip():
        named, label = read_target(target, battle.kinds), target
        owner = named.owner
        if named.by_position:
            soldiers = [c for c in battle.line(owner) if c.mercenary] if owner in battle.players else []
            if owner not in allowed or named.position is None or not 1 <= named.position <= len(soldiers):
                possible = position_targets(battle, player)
                raise IllegalMove.say("the Maiden's target {target} is not a soldier she may remove; possible: "
                                      "{possible}", target=Quoted.of(target),
                                      possible=Listed(possible) if possible else Sentence.say("none"))
            found = [(owner, soldiers[named.position - 1])]
        else:
            if owner is not None and owner not in battle.players:
                raise IllegalMove.say("the Maiden's target {target} names {owner}, who is not a player; players are "
                                      "{players}", target=Quoted.of(target), owner=Quoted.of(owner),
                                      players=Listed(battle.players))
            found = [(p, c) for p, c in pool if c.kind == named.kind and named.id in (None, c.id)
                     and owner in (None, p)]
            if owner == player and rs.maiden_targets == "opponents":
                raise IllegalMove.say("under this ruleset a Maiden removes a soldier from another player's line, not "
                                      "from your own")
    else:
        raise IllegalMove.say("name the soldier the Maiden removes as 'Ben:5' or '5#41', not {target}",
                              target=Quoted.of(target))
    if not found:
        lines = Clauses(Sentence.say("{player}: {cards}", player=p,
                                     cards=Spaced(Kind(c.kind) for c in battle.line(p) if c.mercenary))
                        for p in allowed if any(c.mercenary for c in battle.line(p)))
        raise IllegalMove.say("there is no soldier {target} the Maiden may remove; soldiers in play: {lines} "
                              "(take=None removes nothing)", target=Quoted.of(label),
                              lines=lines or Sentence.say("none"))
    owners = {p for p, _ in found}
    if len(owners) > 1:
        example = f"take='{found[0][0]}:{found[0][1].kind}'"
        raise IllegalMove.say("{players} each have a {card}: name the line, e.g. {example}",
                              players=Joined(sorted(owners)), card=Kind(found[0][1].kind), example=example)
    return found[-1][1]


def maiden_lines(battle, player: str) -> list[str]:
    """The players whose soldiers ``player``'s Maiden may remove: every player, or under
    maiden_targets='opponents' the others (fa-tutorial.txt, section 5)."""
    return [p for p in battle.players if battle.ruleset.maiden_targets == "any" or p != player]


def position_targets(battle, player: str) -> list[str]:
    """The Maiden's targets as a player sees them: "Ben@2" is Ben's second soldier in line order
    (soldiers lie face down, so a player chooses a position, not a value)."""
    return [f"{p}@{i}" for p in maiden_lines(battle, player)
            for i in range(1, sum(1 for c in battle.line(p) if c.mercenary) + 1)]


def position_of(battle, card: Card) -> str:
    """The "Ben@2" position of a soldier card in play."""
    owner = battle.owner(card)
    soldiers = [c for c in battle.line(owner) if c.mercenary]
    return f"{owner}@{soldiers.index(card) + 1}"


def card_maiden(battle, player: str, card: Card, target: Card | None = None) -> None:
    """The Maiden removes the named soldier card at once and is discarded.

    The exact rules say she removes it "before the final count"; we read that as on play,
    since section 5 says each special's rule is announced when it is played.
    """
    before = battle.announced() if battle.explains else None
    owner = None if target is None else battle.owner(target)
    hidden = target is not None and target.id in battle.face_down
    battle.discard([card] if target is None else [target, card])
    if battle.explains:
        battle.record(Step("card.maiden", strengths=battle.announced(), before=before, player=player,
                           cards=() if target is None else (target.id,),
                           data={"owner": owner, "target": None if target is None else target.id,
                                 "kind": None if target is None else target.kind, "hidden": hidden}))


def card_weapon(battle, player: str, card: Card, _target=None) -> None:
    """The Weapon gives its player one card from the draw pile, then is discarded.

    A Battle alone has no draw pile; in a game the Persian variant deals the card
    (:func:`condottiere_nb.variants.persian_game.fa_weapon_draw`; :func:`owed_draws` counts them).
    """
    before = battle.announced() if battle.explains else None
    battle.discard([card])
    if battle.explains:
        battle.record(Step("card.weapon", strengths=battle.announced(), before=before, player=player,
                           cards=(card.id,)))


def owed_draws(battle) -> dict[str, int]:
    """How many cards each player has earned from Weapons in this battle (the Game deals them)."""
    return {p: sum(1 for m in battle.moves if m.player == p and m.kind == "weapon" and not m.face_down)
            for p in battle.players}
