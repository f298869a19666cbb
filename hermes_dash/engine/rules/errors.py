"""One exception family for every refusal the engine makes.

A :class:`Refusal` always means *nothing on disk changed* (apart from the agent-compatible
drift copy, which the refusal names). Each carries what was wrong (``message``) and what to do
about it (``hint``) so every layer (UI, command line, tests) can show both without guessing.
"""

from __future__ import annotations


class Refusal(Exception):
    """An operation was refused; every file is exactly as it was."""

    #: Short machine-readable kind, stable for scripts (``--json``) and tests.
    code = "refused"

    def __init__(self, message: str, *, hint: str = "", target: str | None = None, **details: object) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint
        self.target = target
        self.details = details

    def __str__(self) -> str:
        return f"{self.message} {self.hint}".strip()

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"code": self.code, "error": self.message}
        if self.hint:
            out["hint"] = self.hint
        out.update({k: v for k, v in self.details.items() if v is not None})
        return out


class InvalidRequest(Refusal):
    """The request itself is malformed: empty text, unknown target or action, bad name."""

    code = "invalid"


class OverLimit(Refusal):
    """The result would be longer than the store's character limit."""

    code = "over_limit"


class NoMatch(Refusal):
    """``old_text`` is in no entry."""

    code = "no_match"


class AmbiguousMatch(Refusal):
    """``old_text`` is in several distinct entries; ``details['matches']`` has previews."""

    code = "ambiguous"


class ContentBlocked(Refusal):
    """The content scan found an injection, exfiltration or invisible-character pattern."""

    code = "blocked"


class DriftDetected(Refusal):
    """The file was written by something other than the memory tool; a copy was saved first."""

    code = "drift"


class FileProblem(Refusal):
    """The file or its folder cannot be read or written (encoding, permissions, disk, lock)."""

    code = "file"


class EntryChanged(NoMatch):
    """A pinned replace/remove: the entry ``old_text`` hits is no longer the text the caller saw.

    ``details['expected']`` is the text they saw; ``details['current']`` the text of the entry
    that ``old_text`` hits now, or None when no entry stands in its place (it is gone). A
    subclass of NoMatch because, for the caller, the entry they aimed at is not there any more.
    """

    code = "entry_changed"

    def to_dict(self) -> dict[str, object]:
        # "current": null is the answer "it is gone", so it is kept (other details drop None).
        return {**super().to_dict(), "current": self.details.get("current")}


class FileChanged(Refusal):
    """The file is no longer what an earlier write left (an undo would throw away a later write)."""

    code = "file_changed"


__all__ = [
    "AmbiguousMatch",
    "ContentBlocked",
    "DriftDetected",
    "EntryChanged",
    "FileChanged",
    "FileProblem",
    "InvalidRequest",
    "NoMatch",
    "OverLimit",
    "Refusal",
]
