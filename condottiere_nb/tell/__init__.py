"""The sentence of every Step, told from its data: one template per rule id.

``tell(step)`` finds the template of ``step.rule`` and fills it in.  The templates are grouped
as the rules are: the battle (:mod:`.battle`), the game around it (:mod:`.game`) and each
rulebook's own systems (:mod:`.variants`).  They are English, the source language of the
translations.
"""
from __future__ import annotations

from . import battle, game, variants

#: rule id -> the function that words a Step of that rule
TEMPLATES = {**battle.TEMPLATES, **game.TEMPLATES, **variants.TEMPLATES}


def tell(step) -> str:
    """The sentence a learner reads for ``step``."""
    template = TEMPLATES.get(step.rule)
    if template is None:
        raise NotImplementedError(f"no sentence is written for rule {step.rule!r} yet")
    return template(step, step.data)
