"""The sentence of every Step, told from its data: one template per rule id.

``tell(step)`` finds the template of ``step.rule`` and fills it in.  The templates are grouped
as the rules are: the battle (:mod:`.battle`), the game around it (:mod:`.game`) and each
rulebook's own systems (:mod:`.variants`).  They are English, the source language of the
translations (:mod:`condottiere_nb.language` gives the others).
"""
from __future__ import annotations

from ..language import speaker
from . import battle, game, variants

#: rule id -> the function that words a Step of that rule
TEMPLATES = {**battle.TEMPLATES, **game.TEMPLATES, **variants.TEMPLATES}


def tell(step, lang: str | None = None) -> str:
    """The sentence a learner reads for ``step``, in ``lang`` (the default language when None)."""
    template = TEMPLATES.get(step.rule)
    if template is None:
        raise NotImplementedError(f"no sentence is written for rule {step.rule!r} yet")
    return template(step, step.data, speaker(lang))
