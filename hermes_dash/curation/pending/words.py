"""A patch shown word by word inside its entry, in git's word-diff notation."""

from __future__ import annotations

from hermes_dash.engine.views.diff import word_diff as _pieces
from hermes_dash.engine.views.diffwork import Work


def word_diff(before: str, after: str, budget: Work | None = None) -> str:
    """``before`` -> ``after`` word by word, as plain text: ``[-removed-]{+added+}`` (git's
    word-diff notation), the rest as it is. Changed words with only spaces between them are one
    change (``[-an approved-]{+two+}``, not a word-by-word interleaving). The engine's word diff,
    bounded in work: past it (or past ``budget``, a listing's) the changed middle is one change."""
    pieces: list[list[object]] = []  # [changed?, old text, new text]
    for kind, text in _pieces(before, after, budget):
        if kind == "same":
            pieces.append([False, text, text])
        elif pieces and pieces[-1][0]:  # the "new" half of a change whose "gone" came first
            pieces[-1][2] = str(pieces[-1][2]) + text
        else:
            pieces.append([True, text if kind == "gone" else "", text if kind == "new" else ""])
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
