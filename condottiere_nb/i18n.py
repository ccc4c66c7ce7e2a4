"""The languages of the package, and a card kind's name in each.

The names themselves are entries of the card registry (:data:`condottiere_nb.cards.KINDS`,
``names``), with the sources of each word in docs/glossary/; every name is also accepted as
input by :func:`condottiere_nb.notation.parse_kind`.  Sentences are translated by the gettext
catalogues (:mod:`condottiere_nb.language`).
"""
from .cards import KINDS

LANGUAGES = {"en": "English", "vi": "Tiếng Việt", "es": "Español", "zh": "中文", "fa": "فارسی"}


def card_name(kind: str, lang: str = "en") -> str:
    """The display name of a card kind in a language ("5" stays "5").  ``lang`` is one of
    :data:`LANGUAGES`: a language a learner chose is checked first, by
    :func:`condottiere_nb.language.check_language`."""
    spec = KINDS.get(kind)
    return spec.name(lang) if spec is not None else kind
