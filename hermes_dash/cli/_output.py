"""The one way the command line prints: text that cannot lie to a terminal.

An entry, a staged write, a commit subject or a session's model name can hold ESC, backspace,
BEL, DEL or a C1 control (U+009B is CSI): printed raw, the terminal obeys them, and an entry
followed by ``\\x1b[2K\\x1b[1G`` and a harmless line shows only the harmless line. Every text this
command line prints goes through :func:`say`, which writes each control as ``\\xNN`` (``\\r`` for
a carriage return; newline and tab are kept) and says on standard error how many it showed so.
JSON goes through :func:`say_json`: lossless, with DEL and the C1 controls escaped as ``\\u00NN``
(``json`` escapes the C0 controls itself). The one raw path is ``render --raw`` into a pipe or a
file (docs/safety.md, "Text that cannot lie to a terminal"). tests/meta/test_output_path.py
checks that no other module of the command line prints.
"""

from __future__ import annotations

import re
import sys

from hermes_dash.engine.text import control_name, shorten, show_controls

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (a command's start-up)
if TYPE_CHECKING:
    from typing import TextIO

_JSON_CONTROLS = re.compile("[\x7f-\x9f]")


def one_line(text: str, width: int = 100) -> str:
    """``text`` on one line, cut to ``width`` characters: how a listing names an entry."""
    return shorten(text, width, one_line=True)


def tally(found: dict[int, int]) -> str:
    """``ESC ×2, CSI``: the controls found, by name, in order of first appearance."""
    return ", ".join(control_name(cp) + (f" ×{n}" if n > 1 else "") for cp, n in found.items())


def say(text: str, stream: TextIO | None = None, *, flush: bool = False) -> None:
    """Print ``text`` (a line) with its control characters shown, never obeyed."""
    stream = sys.stdout if stream is None else stream
    shown, found = show_controls(text)
    print(shown, file=stream, flush=flush)
    if found:
        count = sum(found.values())
        print(
            f"hermes-dash: {count} control character{'s' if count != 1 else ''} ({tally(found)}) shown above as "
            "\\xNN, not passed to the terminal, which would obey them (redraw or hide text); "
            "`hermes-dash check --strict` names the entries that hold them",
            file=sys.stderr,
            flush=flush,
        )


def say_raw(text: str) -> None:
    """Print ``text`` as it is: only for ``render --raw`` into a pipe or a file."""
    print(text)


def say_json(data: object) -> None:
    """Print ``data`` as JSON, DEL and C1 controls escaped (``\\u009b``): the same values, no raw control."""
    import json

    text = json.dumps(data, ensure_ascii=False, indent=1)
    print(_JSON_CONTROLS.sub(lambda m: f"\\u{ord(m.group()):04x}", text))


__all__ = ["one_line", "say", "say_json", "say_raw", "tally"]
