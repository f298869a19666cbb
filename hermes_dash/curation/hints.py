"""What the pages flag beyond the agent's own rules, worded once for every page.

The content scan is the agent's, exactly: it decides what is blocked. A password inside a
URL passes it, yet the export redactor would blank it. Rather than two answers about secrets,
the pages give both: the scan's verdict, and beside it a separately named hint ("possible
secret") from the redactor's detector, which blocks nothing. Drift is worded here once too,
so the Overview and Edit say the same thing and point to the same way out.
"""

from __future__ import annotations

from functools import lru_cache

from .export import redact
from .._humanize import count
from .normalize import split
from .._scan import MAX_SCAN_CHARS
from .._store import FileState

POSSIBLE_SECRET = "possible secret"  # the table flag; never "blocked", which is the scan's word


@lru_cache(maxsize=1024)
def possible_secrets(text: str) -> int:
    """How many strings in ``text`` the export redactor would blank as credentials.

    Like the agent's scan, only the first ``MAX_SCAN_CHARS`` characters are looked at: a longer
    entry is kept out of the prompt whole, and a megabyte of hand-written text would otherwise
    cost a second on every new version. Cached by text: the Overview asks for every entry on
    every rerun, and entries rarely change.
    """
    return redact(text[:MAX_SCAN_CHARS])[1]


def secret_hint(text: str) -> str:
    """One sentence for a text with secret-looking strings; ``""`` when it has none."""
    n = possible_secrets(text)
    if not n:
        return ""
    looks = "looks" if n == 1 else "look"
    return (f"Possible secret: {count(n, 'string')} in this text {looks} like a credential (a token, a key, "
            "a password in a URL); an export with redaction blanks it. This is a hint, not the agent's content "
            "scan, which does not block it for this reason: whatever you save goes into every future prompt "
            "as written.")


# One wording for drift on every page: what it is, what still works, and the way out.
DRIFT = ("Drift: this file was not written by the memory tool. Add still works (it writes the file back in "
         "clean § form); replace, remove and batch are refused, after saving a copy, until the file is tidied "
         "up on the Migrate page.")
DRIFT_FLAG = "drift"  # the table flag


def refused_by_drift(action: str) -> str:
    """Why a Replace/Remove/Batch form cannot work on a drifted file, said before anyone types."""
    return (f"{action} is not usable on this file: it has drifted, so the write would be refused (a copy of the "
            "file is saved, nothing else changes). Tidy it up on the Migrate page first, or use Add.")


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
