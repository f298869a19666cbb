"""Migrate hand-written files into clean § entries (docs/rules.md#format, drift).

A hand-written file is often markdown: headings and bullets, no ``§``; the agent then sees the whole
file as one entry. Other hand edits leave blank lines or spaces around ``§`` and CRLF line
ends. :func:`preview` shows how a file would split (one entry per heading section, or per
bullet), and :func:`apply` writes exactly that preview through
:meth:`MemoryStore.rewrite`, which backs the old bytes up first and refuses if the file
changed since the preview.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hermes_dash import FileProblem, InvalidRequest, MemoryStore, OpResult
from hermes_dash.engine.rules.format import Weighed, decode, decode_lossy, serialise, usage
from hermes_dash.engine.rules.scan import scan
from hermes_dash.engine.views.diff import EntryDiff, diff_entries

MODES = ("section", "bullet")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+\S")
_BULLET = re.compile(r"^(\s*)(?:[-*+]|\d{1,3}[.)])\s+(.*)$")
_FENCE = re.compile(r"^\s*(?:```|~~~)")
_SECTION_LINE = re.compile(r"^[ \t]*§[ \t]*$", re.MULTILINE)


@dataclass(frozen=True)
class Preview(Weighed):
    """What normalising ``target`` would write, and what it would change."""

    target: str
    by: str
    entries: tuple[str, ...]
    before: tuple[str, ...]  # the entries as the agent parses the file today
    dropped: tuple[str, ...]  # lines that would not survive (headings in bullet mode)
    limit: int
    raw: bytes  # the bytes the preview was made from: apply refuses if the file changed since
    split_on: str  # "§" (the file has § lines) or "markdown"
    findings: tuple[tuple[int, tuple[str, ...]], ...]  # (entry index, scan findings): shown, not fixed here

    @property
    def usage_before(self) -> int:
        return usage(self.before)

    @property
    def changed(self) -> bool:
        return serialise(self.entries).encode("utf-8") != self.raw

    @property
    def over_limit(self) -> bool:
        return self.usage > self.limit

    @property
    def refused(self) -> bool:
        """True when applying will be refused for room: over the limit and longer than the file is
        now (the same test ``MemoryStore.rewrite`` makes), so the page can say so before the click."""
        return self.over_limit and self.usage > len(decode_lossy(self.raw).strip())

    def diff(self) -> EntryDiff:
        return diff_entries(self.before, self.entries)


def _tidy(lines: list[str]) -> str:
    """Trailing spaces off, runs of blank lines collapsed to one, outer blank lines dropped."""
    out: list[str] = []
    for line in (raw.rstrip() for raw in lines):
        if line or (out and out[-1]):
            out.append(line)
    return "\n".join(out).strip()


def by_section(text: str) -> list[str]:
    """One entry per heading and its body; a heading with no body is kept with the next section."""
    sections: list[list[str]] = [[]]
    fence = False
    for line in text.split("\n"):
        if _FENCE.match(line):
            fence = not fence
        elif not fence and _HEADING.match(line) and any(s.strip() and not _HEADING.match(s) for s in sections[-1]):
            sections.append([])
        sections[-1].append(line)
    return [piece for piece in (_tidy(s) for s in sections) if piece]


def by_bullet(text: str) -> tuple[list[str], list[str]]:
    """One entry per top-level bullet (marker dropped; wrapped and nested lines kept with it)
    and one per plain paragraph.

    Headings only organise a hand-written file; they are returned as ``dropped`` so the
    preview can say so (the backup keeps them).
    """
    entries: list[list[str]] = []
    dropped: list[str] = []
    current: list[str] | None = None
    kind, indent, gap, fence = "", 0, False, False
    for line in text.split("\n"):
        bullet = _BULLET.match(line)
        width = len(line) - len(line.lstrip())
        if fence or _FENCE.match(line):  # a code block stays whole, with its own # and - lines
            opening = not fence
            fence = fence != bool(_FENCE.match(line))
            if current is None or (opening and gap and width <= indent):
                current, kind, gap = [], "paragraph", False
                entries.append(current)
            current.append(line[min(width, indent + 2) :].rstrip() if kind == "bullet" else line.rstrip())
            gap = False
        elif _HEADING.match(line):
            dropped.append(line.strip())
            current = None
        elif not line.strip():
            gap = True
            if kind == "paragraph":
                current = None
        elif bullet and (current is None or kind == "paragraph" or width <= indent):
            current, kind, indent, gap = [bullet.group(2).strip()], "bullet", width, False
            entries.append(current)
        elif current is None or (gap and width <= indent):
            current, kind, gap = [line.strip()], "paragraph", False
            entries.append(current)
        else:
            current.append(line[min(width, indent + 2) :].rstrip() if bullet else line.strip())
            gap = False
    return [piece for piece in (_tidy(e) for e in entries) if piece], dropped


def split(text: str, by: str = "section") -> tuple[list[str], list[str], str]:
    """(entries, dropped lines, what was split on) for a file's decoded text."""
    if by not in MODES:
        raise InvalidRequest(f"Unknown split mode {by!r}.", hint="Use 'section' or 'bullet'.")
    if _SECTION_LINE.search(text):
        # The file already uses § (with stray blank lines or spaces): keep its entries as they are.
        return [p for p in (_tidy(piece.split("\n")) for piece in _SECTION_LINE.split(text)) if p], [], "§"
    if by == "section":
        return by_section(text), [], "markdown"
    entries, dropped = by_bullet(text)
    return entries, dropped, "markdown"


def preview(store: MemoryStore, target: str, by: str = "section") -> Preview:
    state = store.read(target)
    if state.error:
        raise FileProblem(
            f"{state.filename}: {state.error}",
            hint="Only UTF-8 files can be normalised: re-save it as UTF-8 or restore a backup.",
            target=target,
        )
    text = decode(state.raw)
    entries, dropped, split_on = split(text, by)
    entries = list(dict.fromkeys(entries))
    findings = tuple((i, found) for i, e in enumerate(entries) if (found := scan(e)))
    return Preview(
        target, by, tuple(entries), state.entries, tuple(dropped), state.limit, state.raw, split_on, findings
    )


def looks_hand_written(store: MemoryStore, target: str) -> bool:
    """True when normalising would split the file into more entries than the agent sees."""
    try:
        shown = preview(store, target, "section")
    except FileProblem:
        return False
    return len(shown.entries) > len(shown.before)


def apply(store: MemoryStore, shown: Preview) -> OpResult:
    """Write exactly the previewed entries (one write, dated backup of the old bytes first)."""
    if not shown.entries and shown.raw.strip():
        raise InvalidRequest(
            "The preview has no entries but the file is not empty.", hint="Nothing was changed; check the file by hand."
        )
    return store.rewrite(shown.target, shown.entries, expect=shown.raw)
