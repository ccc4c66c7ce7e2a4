"""What the translation tests share: a spy on every message a Speaker says, and the English pieces of
a catalogue's messages that a rendered view must not show in another language."""
from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

from condottiere_nb.language import Speaker, speaker

ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = ("vi", "es", "zh", "fa")


def has_words(message: str) -> bool:
    """Does a message say something in English beyond its placeholders and punctuation?"""
    return bool(re.search(r"[A-Za-z]", re.sub(r"\{\w+\}", "", message)))


def english_pieces(where, strip: str) -> dict[str, list[str]]:
    """lang -> the English pieces (two words or more between placeholders, ``strip`` taken off their
    ends) of the messages whose source location satisfies ``where(path)``, which the language's
    translation does not keep (a name like "Monte Carlo" or a code name may stay)."""
    out = {}
    for lang in TRANSLATED:
        with open(ROOT / f"condottiere_nb/locale/{lang}/LC_MESSAGES/condottiere.po", "rb") as f:
            catalogue = read_po(f)
        pieces = set()
        for m in catalogue:
            if not m.id or not any(where(path) for path, _ in m.locations):
                continue
            kept = " ".join(m.string) if isinstance(m.string, tuple) else m.string
            for form in (m.id if isinstance(m.id, tuple) else (m.id,)):
                for piece in re.split(r"\{\w+\}", form):
                    piece = piece.strip(strip)
                    if len(re.findall(r"[A-Za-z]{2,}", piece)) >= 2 and piece not in kept:
                        pieces.add(piece)
        out[lang] = sorted(pieces)
    return out


class Said:
    """Every message said (a plural one as its pair of forms) while the block runs.  ``same_in(lang)``:
    the messages that language writes as English does (Spanish "no"), not counted as untranslated."""

    def __init__(self, same_in=lambda lang: frozenset()):
        self.same_in = same_in

    def __enter__(self):
        self.messages: set = set()
        self.say, self.say_n = Speaker.say, Speaker.say_n
        said, outer = self.messages, self

        def spy_say(speaker_, message, **values):
            said.add(message)
            return outer.say(speaker_, message, **values)

        def spy_say_n(speaker_, singular, plural, n, **values):
            said.add((singular, plural))
            return outer.say_n(speaker_, singular, plural, n, **values)

        Speaker.say, Speaker.say_n = spy_say, spy_say_n
        return self

    def __exit__(self, *exc):
        Speaker.say, Speaker.say_n = self.say, self.say_n

    def untranslated(self, lang: str) -> list[str]:
        """The messages said that are still English in ``lang`` (plurals looked up as plurals:
        Python 3.10's gettext does not find a plural entry)."""
        catalogue = speaker(lang).catalogue
        out = []
        for m in self.messages:
            if isinstance(m, tuple):
                if has_words(m[0]) and catalogue.ngettext(m[0], m[1], 1) == m[0]:
                    out.append(repr(m))
            elif has_words(m) and catalogue.gettext(m) == m and m not in self.same_in(lang):
                out.append(m)
        return sorted(out)
