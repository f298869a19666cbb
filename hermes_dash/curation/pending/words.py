"""A patch shown word by word inside its entry, in git's word-diff notation."""

from __future__ import annotations

import difflib
import re

_WORDS = re.compile(r"\w+|\s+|[^\w\s]")  # words, runs of space, and each other character


def word_diff(before: str, after: str) -> str:
    """``before`` -> ``after`` word by word, as plain text: ``[-removed-]{+added+}`` (git's
    word-diff notation), the rest as it is. Changed words with only spaces between them are one
    change (``[-an approved-]{+two+}``, not a word-by-word interleaving)."""
    a, b = _WORDS.findall(before), _WORDS.findall(after)
    pieces: list[list[object]] = []  # [changed?, old text, new text]
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        pieces.append([op != "equal", "".join(a[i1:i2]), "".join(b[j1:j2])])
    for n in range(1, len(pieces) - 1):  # a space between two changes joins them
        if not pieces[n][0] and not str(pieces[n][1]).strip() and pieces[n - 1][0] and pieces[n + 1][0]:
            pieces[n][0] = True
    out, old, new = [], "", ""
    for changed, a_text, b_text in [*pieces, [False, "", ""]]:
        if changed:
            old, new = old + str(a_text), new + str(b_text)
            continue
        if old:
            out.append(f"[-{old}-]")
        if new:
            out.append(f"{{+{new}+}}")
        old, new = "", ""
        out.append(str(a_text))
    return "".join(out)
