"""What the pages flag beyond the agent's own rules, worded once for every page.

The content scan is the agent's, exactly: it decides what is blocked. A password inside a
URL passes it, yet the export redactor would blank it. Rather than two answers about secrets,
the pages give both: the scan's verdict, and beside it a separately named hint ("possible
secret") from the redactor's detector, which blocks nothing. Drift is worded here once too,
so the Overview and Edit say the same thing and point to the same way out.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from hermes_dash import FileState
from hermes_dash.engine.rules.scan import MAX_SCAN_CHARS
from hermes_dash.engine.views.humanize import agreeing, n_of

from .export import redact
from .invisible import FLAG as HIDDEN_FLAG
from .invisible import SHOWN_CODE_POINTS, find_hidden, label, short
from .normalize import split

POSSIBLE_SECRET = "possible secret"  # the table flag; never "blocked", which is the scan's word


@lru_cache(maxsize=1024)
def possible_secrets(text: str) -> int:
    """How many strings in ``text`` the export redactor would blank as credentials.

    Like the agent's scan, only the first ``MAX_SCAN_CHARS`` characters are looked at: a megabyte
    of hand-written text would otherwise
    cost a second on every new version. Cached by text: the Overview asks for every entry on
    every rerun, and entries rarely change.
    """
    return redact(text[:MAX_SCAN_CHARS])[1]


def secret_hint(text: str) -> str:
    """One sentence for a text with secret-looking strings; ``""`` when it has none."""
    n = possible_secrets(text)
    if not n:
        return ""
    looks = agreeing(n, "looks", "look")
    return (
        f"Possible secret: {n_of(n, 'string')} in this text {looks} like a credential (a token, a key, "
        "a password in a URL); an export with redaction blanks it. This is a hint, not the agent's content "
        "scan, which does not block it for this reason: whatever you save goes into every future prompt "
        "as written."
    )


# One wording for drift on every page: what it is, what still works, and the way out.
# In plain words: "drift" is our name for it, not one a newcomer knows.
DRIFT = (
    "Edited by hand: this file is not in the form the memory tool writes. Add still works (it writes the "
    "file back in clean § form); replace, remove and batch are refused, after saving a copy, until the file "
    "is tidied up on the Migrate page."
)
DRIFT_FLAG = "edited by hand"  # the table flag


def refused_by_drift(action: str) -> str:
    """Why a Replace/Remove/Batch form cannot work on a drifted file, said before anyone types."""
    return (
        f"{action} is not usable on this file: it was edited by hand, so the write would be refused (a copy of the "
        "file is saved, nothing else changes). Tidy it up on the Migrate page first, or use Add."
    )


HAND_WRITTEN = "hand-written: one entry with no §; Migrate splits it"


def hand_written(state: FileState) -> bool:
    """A file the agent reads as one valid entry, though it was written as several sections.

    Not drift (it round-trips), so the memory tool accepts it; but every replace or remove hits
    the whole file at once, which is rarely what its author meant.
    """
    if state.error or state.drift or len(state.entries) != 1 or "§" in state.entries[0]:
        return False
    pieces, _, _ = split(state.entries[0], "section")
    return len(set(pieces)) > 1


# -- the Overview's flags -----------------------------------------------------------------------

NEW_FLAG = "new since snapshot"
CHANGED_FLAG = "changed since snapshot"
LONG_FLAG = "longer than the limit"
SCAN_FLAG = "scan: "  # followed by the rule ids that matched
#: The agent takes an entry that starts like its own block note for one, and puts it into the
#: prompt without scanning it (docs/rules.md#snapshot); a hand edit can start an entry that way.
BLOCK_MARKER = "[BLOCKED:"
UNSCANNED_FLAG = "unscanned: starts with [BLOCKED:"


def entry_flags(
    state: FileState, findings: Sequence[Sequence[str]], since: Sequence[str] | None = None
) -> tuple[tuple[str, ...], ...]:
    """The flags of each entry of ``state``, in the order the table shows them.

    ``findings``: the content scan of each entry. ``since``: each entry's kind against the
    current snapshot (``_snapshot.snapshot_since``: "added", "changed" or "unchanged"), or None without
    one; its words are the Snapshot page's, counted with the same pairing rule.
    """
    drift_or_hand = DRIFT_FLAG if state.drift else HAND_WRITTEN if hand_written(state) else None
    kinds = since if since is not None else ("unchanged",) * len(state.entries)
    out = []
    for entry, found, kind in zip(state.entries, findings, kinds):
        row = []
        if entry.startswith(BLOCK_MARKER):
            row.append(UNSCANNED_FLAG)
        if found:
            row.append(SCAN_FLAG + ", ".join(found))
        if possible_secrets(entry):
            row.append(POSSIBLE_SECRET)
        if hidden := find_hidden(entry):
            row.append(HIDDEN_FLAG + short(hidden))
        if len(entry) > state.limit:
            row.append(LONG_FLAG)
        if drift_or_hand:
            row.append(drift_or_hand)
        if kind == "added":
            row.append(NEW_FLAG)
        elif kind == "changed":
            row.append(CHANGED_FLAG)
        out.append(tuple(row))
    return tuple(out)


def control_hint(text: str) -> str | None:
    """A warning for text about to be written that holds control characters (None when it holds
    none): the agent accepts them, so the write is not refused, but a terminal obeys them."""
    found = find_hidden(text)
    if found is None or not found.controls:
        return None
    names = ", ".join(label(cp) for cp in found.controls[:SHOWN_CODE_POINTS])
    return (
        f"This text holds {n_of(found.control_count, 'control character')} "
        f"({names}). The agent accepts them and puts them into every prompt as written, and a terminal that "
        "prints the file obeys them (it can hide or redraw text); `check --strict` fails on such an entry. "
        "Remove them unless they are meant."
    )


def flag_notes(flags: Sequence[Sequence[str]]) -> list[str]:
    """What the flags of one table add up to, one sentence part each (plain wording, no markdown)."""
    unscanned = sum(UNSCANNED_FLAG in row for row in flags)
    scan = sum(any(f.startswith(SCAN_FLAG) for f in row) and UNSCANNED_FLAG not in row for row in flags)
    secrets = sum(POSSIBLE_SECRET in row for row in flags)
    hidden = sum(any(f.startswith(HIDDEN_FLAG) for f in row) for row in flags)
    new = sum(NEW_FLAG in row for row in flags)
    changed = sum(CHANGED_FLAG in row for row in flags)
    notes = []
    if unscanned:
        notes.append(
            f"{unscanned} {agreeing(unscanned, 'starts', 'start')} with “{BLOCK_MARKER}”, which the agent "
            "takes for its own block note and puts into its prompt without scanning: remove "
            f"{agreeing(unscanned, 'it', 'them')} or reword the start"
        )
    if scan:
        notes.append(
            f"{scan} flagged by the content scan (the agent replaces such entries with a [BLOCKED] note in its prompt)"
        )
    if secrets:
        notes.append(
            f"{secrets} with a {POSSIBLE_SECRET} (a hint from the export's redactor, "
            "not the agent's scan: such text goes into every prompt as written)"
        )
    if hidden:
        notes.append(
            f"{hidden} with hidden text: control characters, invisible characters or look-alike letters that "
            "the agent's content scan does not catch (hermes-dash's own check, beyond the agent's; the code points are "
            "in the flag, and such text goes into every prompt as written)"
        )
    if new:
        notes.append(f"{new} new since the snapshot (the running session does not see {agreeing(new, 'it', 'them')})")
    if changed:
        notes.append(
            f"{changed} changed since the snapshot (the running session has the earlier "
            f"{agreeing(changed, 'text', 'texts')})"
        )
    return notes
