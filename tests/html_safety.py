"""Does a piece of HTML survive JupyterLab's sanitiser for untrusted output?

JupyterLab (packages/apputils/src/sanitizer.ts) cleans the HTML of an untrusted notebook
with sanitize-html: a list of allowed tags, of allowed attributes, and of allowed CSS
properties each with a regular expression its value must match; anything else is
dropped silently, so a card would lose its colour in Binder and nobody would notice.
:func:`unsafe_parts` re-checks our own markup against that policy (the subset of
tags and properties our views could use), and the tests call it on every renderer.
"""
from __future__ import annotations

import re
from html.parser import HTMLParser

# Tags we allow ourselves: a subset of JupyterLab's list, and what the brief names.
SAFE_TAGS = frozenset({"div", "span", "b", "i", "table", "tbody", "tr", "td", "th", "img", "br", "small"})
GLOBAL_ATTRS = frozenset({"class", "dir", "id", "lang", "style", "title"})
TAG_ATTRS = {"img": frozenset({"alt", "height", "src", "width"}), "td": frozenset({"colspan", "rowspan"}),
             "th": frozenset({"colspan", "rowspan"})}

_NUM = r"[+-]?([0-9]*[.])?[0-9]+"
_LEN = rf"({_NUM}(px|em|rem|ex|in|cm|mm|pt|pc)|0)"
_LEN_PERC = rf"(0|{_NUM}(px|em|rem|ex|in|cm|mm|pt|pc|%))"
_COLOUR = (r"(\#(0x)?[0-9a-f]+|rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)|"
           r"black|white|gray|grey|red|green|blue|transparent|orange|gold|silver|navy|maroon|purple|teal)")
_BORDER_STYLE = "none|hidden|dotted|dashed|solid|double|groove|ridge|inset|outset"
_BORDER = rf"((thin|medium|thick|{_LEN}|{_BORDER_STYLE}|{_COLOUR})\s*){{1,3}}"
_SHADOW = rf"(({_COLOUR})\s+(({_LEN})\s*){{2,4}}(\s+inset)?)|((inset\s+)?(({_LEN})\s*){{2,4}}\s*({_COLOUR})?)"

# property -> value pattern, as in JupyterLab's CssProp for the properties we use.
SAFE_STYLES = {
    "background": rf"{_COLOUR}",
    "background-color": _COLOUR,
    "border": _BORDER, "border-left": _BORDER, "border-right": _BORDER, "border-top": _BORDER,
    "border-bottom": _BORDER,
    "border-collapse": "collapse|separate",
    "border-radius": rf"(({_LEN_PERC})\s*){{1,4}}",
    "box-shadow": rf"none|{_SHADOW}",
    "box-sizing": "content-box|padding-box|border-box",
    "color": _COLOUR,
    "cursor": "auto|default|pointer|help|not-allowed",
    "direction": "ltr|rtl",
    "display": "inline|block|inline-block|table|inline-table|table-cell|none|table-row|flex|inline-flex|grid",
    "float": "left|right|none",
    "font-family": r"[a-z -]+(,\s*[a-z -]+)*",
    "font-size": rf"{_LEN}|{_NUM}%|small|medium|large|x-small|x-large",
    "font-style": "normal|italic|oblique",
    "font-weight": "normal|bold|bolder|lighter|[1-9]00",
    "height": rf"{_LEN}|{_NUM}%|auto",
    "line-height": rf"normal|{_NUM}|{_LEN}|{_NUM}%",
    "margin": rf"(({_LEN_PERC}|auto)\s*){{1,4}}",
    "margin-left": rf"{_LEN_PERC}|auto", "margin-right": rf"{_LEN_PERC}|auto",
    "margin-top": rf"{_LEN_PERC}|auto", "margin-bottom": rf"{_LEN_PERC}|auto",
    "max-height": rf"{_LEN}|{_NUM}%|none|auto", "max-width": rf"{_LEN}|{_NUM}%|none|auto",
    "min-height": rf"{_LEN}|{_NUM}%|auto", "min-width": rf"{_LEN}|{_NUM}%|auto",
    "opacity": r"[+]?(1([.][0]+)?|0([.][0-9]+)?)",
    "outline": rf"(({_COLOUR}|invert|{_BORDER_STYLE}|thin|medium|thick|{_LEN})\s*){{1,3}}",
    "overflow": "visible|hidden|scroll|auto", "overflow-y": "visible|hidden|scroll|auto",
    "overflow-x": "visible|hidden|scroll|auto",
    "overflow-wrap": "normal|break-word",
    "padding": rf"(({_LEN}|{_NUM}%)\s*){{1,4}}",
    "padding-left": rf"{_LEN}|{_NUM}%", "padding-right": rf"{_LEN}|{_NUM}%",
    "padding-top": rf"{_LEN}|{_NUM}%", "padding-bottom": rf"{_LEN}|{_NUM}%",
    "text-align": "left|right|center|justify",
    "text-decoration": r"none|((underline|overline|line-through|blink)\s*)+",
    "vertical-align": rf"baseline|sub|super|top|text-top|middle|bottom|text-bottom|{_LEN_PERC}",
    "white-space": "normal|pre|nowrap|pre-wrap|pre-line",
    "width": rf"{_LEN}|{_NUM}%|auto",
}
_COMPILED = {k: re.compile(rf"^({v})$", re.I) for k, v in SAFE_STYLES.items()}


class _Checker(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag not in SAFE_TAGS:
            self.problems.append(f"tag <{tag}> is not kept")
            return
        for name, value in attrs:
            if name not in GLOBAL_ATTRS and name not in TAG_ATTRS.get(tag, ()):
                self.problems.append(f"attribute {name!r} on <{tag}> is not kept")
            if name == "style" and value:
                self._style(tag, value)
            if name == "src" and value and not value.startswith(("data:image/png", "data:image/svg+xml")):
                self.problems.append(f"<img src> should be a data: image, not {value[:30]!r}")
            if name.startswith("on"):
                self.problems.append(f"event handler {name!r} on <{tag}>")

    def _style(self, tag, style):
        for decl in style.split(";"):
            if not decl.strip():
                continue
            prop, sep, value = decl.partition(":")
            prop, value = prop.strip().lower(), value.strip()
            if not sep:
                self.problems.append(f"malformed CSS {decl!r} on <{tag}>")
            elif prop not in _COMPILED:
                self.problems.append(f"CSS property {prop!r} on <{tag}> is not kept")
            elif not _COMPILED[prop].match(value):
                self.problems.append(f"CSS value {prop}: {value!r} on <{tag}> is not kept")


def unsafe_parts(html: str) -> list[str]:
    """Everything in ``html`` that JupyterLab's sanitiser would strip ([] when all is kept).

    >>> unsafe_parts('<div style="color:#123456;display:inline-block">x</div>')
    []
    >>> unsafe_parts('<style>p {}</style><div style="gap:4px">x</div>')
    ['tag <style> is not kept', "CSS property 'gap' on <div> is not kept"]
    """
    checker = _Checker()
    checker.feed(html)
    checker.close()
    return checker.problems
