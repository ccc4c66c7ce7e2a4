"""HTML for cards, lines, battles and resolutions (div/span with inline styles only,
so JupyterLab's sanitiser keeps it in untrusted notebooks)."""
from __future__ import annotations

from html import escape

_COLOURS = {"mercenary": "#f6c177", "season": "#9ccfd8", "character": "#eb6f92", "tactic": "#c4a7e7"}


def card_html(card, *, face_down: bool = False, value: int | None = None, struck: bool = False) -> str:
    if face_down:
        return ('<span style="display:inline-block;width:34px;height:48px;margin:2px;border-radius:5px;'
                'background:#555;border:2px solid #333" title="face-down card"></span>')
    bg = _COLOURS.get(card.family, "#ddd")
    deco = "text-decoration:line-through;opacity:0.45;" if struck else ""
    shown = "" if value is None or value == card.value else f"<br><b>{value}</b>"
    return (f'<span style="display:inline-block;min-width:34px;min-height:48px;margin:2px;padding:2px;'
            f'border-radius:5px;background:{bg};border:2px solid #333;text-align:center;font-size:12px;'
            f'vertical-align:top;{deco}" title="{escape(card.tag)}">{escape(card.name)}{shown}</span>')


def battle_html(battle) -> str:
    strengths = battle.strengths()
    rows = []
    for p in battle.players:
        cards = "".join(card_html(c, face_down=c.id in battle.face_down) for c in battle.lines[p])
        mark = " (passed)" if p in battle.passed else ""
        rows.append(f'<div style="margin:2px 0"><b>{escape(p)}</b>{mark}: {cards or "—"} '
                    f'<span style="color:#555">strength {strengths[p]}</span></div>')
    return '<div style="font-family:sans-serif">' + "".join(rows) + "</div>"


def resolution_html(res) -> str:
    rows = []
    for p in res.players:
        cards = "".join(card_html(c, value=res.values.get(c.id)) for c in res.lines[p])
        rows.append(f'<div style="margin:2px 0"><b>{escape(p)}</b>: {cards or "—"} '
                    f'<b>{res.strengths[p]}</b></div>')
    verdict = f"{escape(res.winner)} wins" if res.winner else "tie: nobody conquers"
    return ('<div style="font-family:sans-serif">' + "".join(rows) +
            f'<div>{verdict}; token: {escape(str(res.token_holder))}</div></div>')
