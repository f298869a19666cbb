"""What the pages flag beyond the agent's own rules, worded once for every page.

The content scan is the agent's, exactly: it decides what is blocked. A password inside a
URL passes it, yet the export redactor would blank it. Rather than two answers about secrets,
the pages give both: the scan's verdict, and beside it a separately named hint ("possible
secret") from the redactor's detector, which blocks nothing.
"""

from __future__ import annotations

from functools import lru_cache

from ._export import redact
from ._humanize import count

POSSIBLE_SECRET = "possible secret"  # the table flag; never "blocked", which is the scan's word


@lru_cache(maxsize=4096)
def possible_secrets(text: str) -> int:
    """How many strings in ``text`` the export redactor would blank as credentials.

    Cached by text: the Overview asks for every entry on every rerun, and entries rarely change.
    """
    return redact(text)[1]


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
