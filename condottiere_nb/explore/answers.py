"""The odds' answer: :class:`ActionOdds` (one action's chance of winning the battle, its interval
and why its sampling stopped) and :class:`BattleOdds` (every action's, the best, the settled mark),
what :func:`~condottiere_nb.explore.odds.battle_odds` returns and its widget draws; and
:func:`action_label`, an action's short name."""
from __future__ import annotations

from dataclasses import dataclass

from ..cards import KINDS, kind_name
from ..errors import Either, RulesError
from ..game.actions import Action
from ..notation import kind_of, parse_kind, split_target
from ..options import shown_value

__all__ = ["ActionOdds", "BattleOdds", "action_label"]


def action_label(action) -> str:
    """A short reader's name for a battle action: '10', 'Scarecrow -> 5', '6 face down', 'pass'.
    A RulesError for what is not an action, or names no card."""
    if not isinstance(action, Action):
        raise RulesError.say("{name} must be of type {kind}, not {value}", name="action", kind=Either(("Play", "Pass")),
                             value=shown_value(action))
    card = getattr(action, "card", None)
    if card is None:
        return "pass"
    text = _card_name(card)
    take = getattr(action, "take", None)
    if take is not None:       # a card a Scarecrow takes back, or the soldier a Maiden removes ("Ben@2", "Ben:5")
        text += f" -> {take}" if isinstance(take, str) and split_target(take)[1] else f" -> {_card_name(take)}"
    if getattr(action, "face_down", False):
        text += " face down"
    return text


def _card_name(card) -> str:
    """The English name of the kind of a card of an action (a Card, "5#41", "winter", "Mùa Đông")."""
    return kind_name(parse_kind(kind_of(card) if isinstance(card, str) else card, KINDS))


@dataclass
class ActionOdds:
    """The chance of winning the battle after one action.

    ``low``/``high``: its 95% interval (both ``p`` when exact): Wilson's (:func:`wilson`), or,
    once the action has :data:`CONTROLLED_FROM` hands, the one that weighs the cards dealt
    (:func:`controlled`, ``interval`` "controlled").  ``settled``: why the sampling of this
    action stopped, when :func:`battle_odds` was given a ``precision``: "precise" (the
    interval is within plus or minus ``precision``), "below the best" (hand by hand, it does
    worse than the best action: ``behind``, its chance minus the best's, a 99% interval
    below 0, see :func:`paired_gap`) or "sample cap"; "" otherwise.
    """

    action: object
    label: str
    wins: float          # weighted wins (exact) or the number of won samples
    n: int               # samples, or hands enumerated
    p: float
    low: float
    high: float
    exact: bool = False
    settled: str = ""
    interval: str = "wilson"        # "wilson", "controlled" or "exact"
    behind: tuple | None = None     # (low, high) of p minus the best's, when "below the best"

    @property
    def half_width(self) -> float:
        """Half the width of the 95% interval (0 when exact): the "plus or minus"."""
        return (self.high - self.low) / 2

    def __repr__(self) -> str:
        if self.exact:
            return f"<ActionOdds {self.label}: {self.p:.3f} exact over {self.n} hands>"
        return f"<ActionOdds {self.label}: {self.p:.3f} [{self.low:.3f}, {self.high:.3f}] n={self.n}>"


@dataclass
class BattleOdds:
    """What :func:`battle_odds` found: one :class:`ActionOdds` per legal action.  ``hand``: the
    mover's cards by their English names; ``kinds``: the same cards' kinds, which a view names in
    the learner's language."""

    player: str
    notation: str
    hand: tuple[str, ...]
    actions: list[ActionOdds]
    method: str               # "exact" or "monte carlo"
    samples: int              # hands drawn (the most any action got) or enumerated
    seed: object
    seconds: float = 0.0
    partial: bool = False
    note: str = ""
    precision: float | None = None
    rollouts: int = 0         # battles played out in all
    kinds: tuple[str, ...] = ()
    round: int = 0            # the rounds of hands played so far (see odds_rounds)
    stopped: str = ""         # why the rounds stopped; "" while more are to come (see odds_rounds)
    best_settled: bool = False    # the best action is told apart from every other (see odds_rounds)

    @property
    def best(self) -> ActionOdds:
        """The action with the highest chance (the first listed on a tie): the best so far, settled
        when :attr:`best_settled`."""
        return max(self.actions, key=lambda a: a.p)

    @property
    def widest(self) -> float:
        """The largest "plus or minus" of the actions (0 when exact)."""
        return max((a.half_width for a in self.actions), default=0.0)

    def odds(self, label: str) -> ActionOdds:
        for a in self.actions:
            if a.label == label:
                return a
        raise KeyError(f"no action {label!r}; actions are {[a.label for a in self.actions]}")

    def summary(self) -> str:
        if self.method == "exact":
            how = f"exact over {self.samples} possible hands"
        elif self.precision is not None:
            how = (f"monte carlo to within {100 * self.precision:g} points (95%), up to {self.samples} samples, "
                   f"{self.rollouts} battles played out")
        else:
            how = f"monte carlo, {self.samples} samples"
        head = (f"{self.player} to move in {self.notation}; hand {' '.join(self.hand) or '(empty)'}; {how}"
                + (" (PARTIAL: interrupted)" if self.partial else ""))
        lines = [head]
        for a in self.actions:
            if a.exact:
                ci = "exact"
            else:
                ci = f"95% CI {a.low:.2f}-{a.high:.2f}, +/-{100 * a.half_width:.1f}, n={a.n}"
                if a.interval == "controlled":
                    ci += ", weighing the deal"
                if a.settled:
                    ci += f", {a.settled}"
            lines.append(f"  {a.label:<22} {100 * a.p:5.1f}%  ({ci})")
        if self.note:
            lines.append(self.note)
        return "\n".join(lines)

    def __repr__(self) -> str:
        part = " PARTIAL" if self.partial else ""
        return f"<BattleOdds{part} {self.player}: " + ", ".join(f"{a.label} {a.p:.2f}" for a in self.actions) + ">"

    def _repr_html_(self) -> str:
        from ..views.explore_views import odds_html
        return odds_html(self)
