"""The Persian tutorial's own battle cards (fa-tutorial.txt): soldiers, Banner, Maiden, Weapon.

The tutorial does not describe the real game; it describes a simpler one of its own.
What its text leaves open is decided here and written down, option by option, in
:mod:`condottiere_nb.rulesets`.  The game-level rules (hands of 10 or 8, the draw pile,
redraws after a region, the end of the game) are in the Game, driven by the ``fa_*``
options.

* Soldiers are Mercenaries valued 1 to 10 (the deck has 7s, 8s and 9s the real game lacks),
  laid face down (section 3) and turned face up for the count (section 4).
* Banner doubles its line's soldiers; several Banners do not add up (section 5 and the
  exact rules: "only one Banner can be active").  The doubling itself is the Drummer's
  rule in :mod:`condottiere_nb.strength` (DOUBLERS); here is only the one-Banner limit.
* Maiden removes one soldier card from the region (exact rules: "before the final count").
* Weapon lets its player draw a card from the draw pile (section 5 and the exact rules).
"""
from __future__ import annotations

from ..cards import Card
from ..errors import IllegalMove
from ..explain import RULES, Step, join_names

RULES.update({
    "card.banner": ("Banner: the line's soldiers double (only one Banner counts)",
                    "fa: بند ۵ (کارت‌های ویژه، درفش) و قوانین دقیق"),
    "card.maiden": ("Maiden: one soldier card leaves the region",
                    "fa: بند ۵ (کارت‌های ویژه، دوشیزه) و قوانین دقیق"),
    "card.weapon": ("Weapon: draw a card", "fa: بند ۵ (کارت‌های ویژه، جنگ‌افزار) و قوانین دقیق"),
})

#: Soldier values of the tutorial deck (intro: "about 40, values 1 to 10").
SOLDIER_VALUES = tuple(range(1, 11))

#: Readings of "about 15 special cards: Banner, Maiden, Weapon" (intro): (Banner, Maiden, Weapon).
SPECIAL_SPLITS = {
    "even": (5, 5, 5),          # our reading: nothing favours one card, so 15 split evenly
    "few-banners": (3, 6, 6),   # the Banner is the strongest card, so it is the rarest
}


def tutorial_counts(soldiers_each: int = 4, split: str | tuple = "even") -> dict[str, int]:
    """Card counts of the tutorial deck: ``soldiers_each`` of every value 1-10, then the specials.

    >>> c = tutorial_counts(); sum(c.values()), c["7"], c["banner"]
    (55, 4, 5)
    """
    banner, maiden, weapon = SPECIAL_SPLITS[split] if isinstance(split, str) else split
    counts = {str(v): soldiers_each for v in SOLDIER_VALUES}
    counts.update(banner=banner, maiden=maiden, weapon=weapon)
    return counts


#: Named decks, usable as ``Ruleset.replace(deck="fa-tutorial")``.
DECKS = {
    "fa-tutorial": tutorial_counts(4, "even"),
    "fa-tutorial-few-banners": tutorial_counts(4, "few-banners"),
}


# -- on-play effects (called by Battle, signature (battle, player, card, target)) ----------------

def banner(battle, player: str, card: Card, _target) -> None:
    """One Banner per battle (option banner_limit="one_per_battle"): a later Banner is set aside.

    Under the default "per_line" nothing happens on play: the doubling is counted at the end,
    and a second Banner in the same line adds nothing, as with the real game's Drummer.
    """
    if battle.ruleset.banner_limit != "one_per_battle":
        return
    earlier = [c for c in battle.in_play() if c.kind == "banner" and c.id != card.id]
    if not earlier:
        return
    before = battle._announced() if battle.explaining else None
    battle._discard([card])
    if battle.explaining:
        first = battle._owner(earlier[0])
        battle.steps.append(Step(
            "card.banner",
            f"Only one Banner can count in a battle, and {first}'s Banner came first: {player}'s Banner is "
            f"set aside and does nothing.",
            strengths=battle._announced(), before=before, player=player, cards=(card.id,)))


def maiden_target(battle, player: str, target) -> Card:
    """The soldier card a Maiden removes, from ``target``: a Card, ``"5#41"`` or ``"Ben:5"``.

    A plain value ``"5"`` is enough when only one line holds a soldier of that value.
    The Maiden may pick a face-down soldier: in the tutorial every soldier is face down.
    """
    rs = battle.ruleset
    allowed = [p for p in battle.players if rs.maiden_targets == "any" or p != player]
    pool = [(p, c) for p in allowed for c in battle.lines[p] if c.mercenary]
    if isinstance(target, Card):
        found = [(p, c) for p, c in pool if c.id == target.id]
        label = target.tag
    elif isinstance(target, str) and "@" in target:
        # "Ben@2": Ben's second soldier in line order, for a player who cannot see face-down values
        owner, _, pos = target.strip().rpartition("@")
        soldiers = [c for c in battle.lines.get(owner.strip(), ()) if c.mercenary]
        if owner.strip() not in allowed or not pos.isdigit() or not 1 <= int(pos) <= len(soldiers):
            raise IllegalMove(f"the Maiden's target {target!r} is not a soldier she may remove; "
                              f"possible: {', '.join(position_targets(battle, player)) or 'none'}")
        found = [(owner.strip(), soldiers[int(pos) - 1])]
        label = target
    elif isinstance(target, str) and target.strip():
        text = target.strip()
        owner = None
        if ":" in text:
            owner, _, text = text.rpartition(":")
            owner = owner.strip()
            if owner not in battle.players:
                raise IllegalMove(f"the Maiden's target {target!r} names {owner!r}, who is not a player; "
                                  f"players are {list(battle.players)}")
        kind, _, num = text.strip().partition("#")
        kind = kind.strip()
        found = [(p, c) for p, c in pool if c.kind == kind and (not num or str(c.id) == num)
                 and (owner is None or p == owner)]
        label = target
        if owner == player and rs.maiden_targets == "opponents":
            raise IllegalMove("under this ruleset a Maiden removes a soldier from another player's line, "
                              "not from your own")
    else:
        raise IllegalMove(f"name the soldier the Maiden removes as 'Ben:5' or '5#41', not {target!r}")
    if not found:
        shown = "; ".join(f"{p}: {' '.join(c.name for c in battle.lines[p] if c.mercenary)}"
                          for p in allowed if any(c.mercenary for c in battle.lines[p]))
        raise IllegalMove(f"there is no soldier {label!r} the Maiden may remove; soldiers in play: "
                          f"{shown or 'none'} (take=None removes nothing)")
    owners = {p for p, _ in found}
    if len(owners) > 1:
        raise IllegalMove(f"{join_names(sorted(owners))} each have a {found[0][1].name}: name the line, "
                          f"e.g. take='{found[0][0]}:{found[0][1].kind}'")
    return found[-1][1]


def position_targets(battle, player: str) -> list[str]:
    """The Maiden's targets as a player sees them: "Ben@2" is Ben's second soldier in line order
    (soldiers lie face down, so a player chooses a position, not a value)."""
    allowed = [p for p in battle.players if battle.ruleset.maiden_targets == "any" or p != player]
    return [f"{p}@{i}" for p in allowed
            for i in range(1, sum(1 for c in battle.lines[p] if c.mercenary) + 1)]


def position_of(battle, card: Card) -> str:
    """The "Ben@2" position of a soldier card in play."""
    owner = battle._owner(card)
    soldiers = [c for c in battle.lines[owner] if c.mercenary]
    return f"{owner}@{soldiers.index(card) + 1}"


def maiden(battle, player: str, card: Card, target: Card | None) -> None:
    """The Maiden removes the named soldier card at once and is discarded.

    The exact rules say she removes it "before the final count"; we read that as on play,
    since section 5 says each special's rule is announced when it is played.
    """
    before = battle._announced() if battle.explaining else None
    victims = [card] if target is None else [target, card]
    owner = None if target is None else battle._owner(target)
    hidden = target is not None and target.id in battle.face_down
    battle._discard(victims)
    if not battle.explaining:
        return
    if target is None:
        text = f"{player}'s Maiden removes nothing (name a soldier with take=). The Maiden is discarded."
    else:
        whose = "their own" if owner == player else f"{owner}'s"
        what = "a face-down soldier" if hidden else f"a {target.name}"
        text = (f"{player}'s Maiden removes {whose} soldier card from the region ({what}); it will not be "
                f"counted. The Maiden is discarded.")
    battle.steps.append(Step("card.maiden", text, strengths=battle._announced(), before=before,
                             player=player, cards=() if target is None else (target.id,),
                             data={"owner": owner, "target": None if target is None else target.id}))


def weapon(battle, player: str, card: Card, _target) -> None:
    """The Weapon gives its player one card from the draw pile, then is discarded.

    A Battle alone has no draw pile; the Game deals the card (see :func:`owed_draws`).
    """
    before = battle._announced() if battle.explaining else None
    battle._discard([card])
    if battle.explaining:
        battle.steps.append(Step(
            "card.weapon",
            f"{player}'s Weapon: {player} draws a card from the draw pile and may play it later in this "
            f"battle. The Weapon is discarded.",
            strengths=battle._announced(), before=before, player=player, cards=(card.id,)))


def owed_draws(battle) -> dict[str, int]:
    """How many cards each player has earned from Weapons in this battle (the Game deals them)."""
    owed = {p: 0 for p in battle.players}
    for m in battle.moves:
        if m.kind == "weapon" and not m.face_down:
            owed[m.player] += 1
    return owed
