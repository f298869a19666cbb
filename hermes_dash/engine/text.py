"""Cutting text for display, and showing its control characters: the one rule for each that every
page, command and message uses."""

from __future__ import annotations

import re

MARK = "…"

#: Control characters a terminal obeys instead of drawing: every C0 control but newline and tab
#: (ESC, backspace, BEL, carriage return, ...), DEL, and the C1 controls U+0080-U+009F (U+009B is
#: CSI, which starts a terminal command on its own). Newline and tab are how an entry is laid out.
CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")

_C0 = (
    "NUL SOH STX ETX EOT ENQ ACK BEL BS HT LF VT FF CR SO SI DLE DC1 DC2 DC3 DC4 NAK SYN ETB CAN EM SUB ESC FS GS RS US"
).split()
_C1 = (
    "PAD HOP BPH NBH IND NEL SSA ESA HTS HTJ VTS PLD PLU RI SS2 SS3 "
    "DCS PU1 PU2 STS CCH MW SPA EPA SOS SGCI SCI CSI ST OSC PM APC"
).split()


def shorten(text: str, width: int, *, one_line: bool = False) -> str:
    """``text`` in at most ``width`` characters: whole when it fits, else cut and ended with "…".
    ``one_line``: runs of whitespace (newlines too) become one space first."""
    if one_line:
        text = " ".join(text.split())
    if len(text) <= width:
        return text
    return text[: max(width - len(MARK), 0)] + MARK


def control_name(cp: int) -> str:
    """The short name of a control character: ``ESC``, ``BS``, ``DEL``, ``CSI``; else ``U+XXXX``."""
    if cp < 0x20:
        return _C0[cp]
    if cp == 0x7F:
        return "DEL"
    if 0x80 <= cp <= 0x9F:
        return _C1[cp - 0x80]
    return f"U+{cp:04X}"


def show_controls(text: str) -> tuple[str, dict[int, int]]:
    """``text`` with each :data:`CONTROLS` character written as ``\\xNN`` (a carriage return as
    ``\\r``), so a terminal draws it instead of obeying it; and how many of each were there."""
    found: dict[int, int] = {}

    def shown(match: re.Match[str]) -> str:
        cp = ord(match.group())
        found[cp] = found.get(cp, 0) + 1
        return "\\r" if cp == 0x0D else f"\\x{cp:02x}"

    if text.isprintable() or not CONTROLS.search(text):
        return text, found
    return CONTROLS.sub(shown, text), found


__all__ = ["CONTROLS", "control_name", "shorten", "show_controls"]
