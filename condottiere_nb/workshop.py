"""What a workshop leader runs: the messages the JupyterLite site shows when Python cannot start.

The site's pages (tools/build_lite.py) carry a small script that tells an attendee, in the
browser's language, that Python could not start and what to do; its sentences are here so that
they are translated with the package's other messages (the ``condottiere`` catalogues).
"""
from __future__ import annotations

from .language import speaker

#: the languages the site's pages speak (the browser's language picks one; English otherwise)
LANGUAGES = ("en", "vi", "es", "zh", "fa")


def no_python_messages(where: str | None = None) -> dict[str, dict[str, str]]:
    """For each language, the title and the advice the site shows when Python cannot start:
    ``where`` is the host Python is loaded from (a CDN), or None when the site serves it itself.

    >>> no_python_messages("cdn.jsdelivr.net")["es"]["title"]
    'Python no pudo arrancar'
    """
    out = {}
    for lang in LANGUAGES:
        s = speaker(lang)
        if where:
            advice = s.say("This page loads Python from {host}, which this browser cannot reach: there is "
                           "probably no internet connection. Connect to the internet and reload the page, or ask "
                           "the workshop leader for the site that works without internet.", host=where)
        else:
            advice = s.say("This page could not load Python from its own site. Reload the page; if Python "
                           "still does not start, tell the workshop leader.")
        out[lang] = {"title": s.say("Python could not start"), "advice": advice,
                     "close": s.say("Close this message")}
    return out
