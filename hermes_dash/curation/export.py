"""Export both memory files (JSON, Markdown), optionally with secrets blanked, and compare
two profiles side by side.

Redaction is a best-effort safety net for sharing an export (a bug report, a team wiki), not
a guarantee: it blanks whole every span that ``secrets`` (detect-secrets under hermes-dash's
own patterns) takes for a credential, and counts what it blanked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime

from hermes_dash import MemoryStore
from hermes_dash.engine.rules.format import FILENAMES, TARGETS
from hermes_dash.engine.views.diff import diff_entries
from hermes_dash.engine.views.humanize import n_entries

from .secrets import REDACTED, deadline, redact

__all__ = ["REDACTED", "Export", "ExportedFile", "compare", "export_data", "redact", "to_markdown"]


@dataclass(frozen=True)
class ExportedFile:
    """What the Markdown document shows of one file (the JSON ``data`` holds the rest)."""

    usage: int
    limit: int
    entries: list[str]


@dataclass(frozen=True)
class Export:
    data: dict[str, object]  # JSON-ready
    redacted: int  # how many strings were blanked
    files: dict[str, ExportedFile]  # per target, typed, for the Markdown document


def export_data(store: MemoryStore, *, redact_secrets: bool = False) -> Export:
    """Both files as one JSON-ready object (entries as plain strings)."""
    files: dict[str, object] = {}
    shown: dict[str, ExportedFile] = {}
    blanked, until = 0, deadline() if redact_secrets else None  # one scan budget for the export
    for target in TARGETS:
        state = store.read(target)
        entries = list(state.entries)
        if redact_secrets:
            out = []
            for entry in entries:
                clean, n = redact(entry, until)
                out.append(clean)
                blanked += n
            entries = out
        files[target] = {
            "file": state.filename,
            "path": str(state.path),
            "exists": state.exists,
            "limit": state.limit,
            "usage": state.usage,
            "percent": state.percent,
            "problem": state.error,
            "entries": entries,
        }
        shown[target] = ExportedFile(state.usage, state.limit, entries)
    data: dict[str, object] = {
        "format": "hermes-dash-export/1",
        "exported_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "home": str(store.home.path),
        "profile": store.home.profile,
        "redacted": redact_secrets,
        "redactions": blanked,
        "files": files,
    }
    return Export(data, blanked, shown)


def _fence(text: str) -> str:
    longest = max((len(m) for m in re.findall(r"`+", text)), default=0)
    return "`" * max(3, longest + 1)


def to_markdown(export: Export) -> str:
    """A readable document: each entry in a ``text`` code fence, so nothing in it renders."""
    data = export.data
    lines = [
        f"# Hermes memory export ({data['profile'] or 'default profile'})",
        "",
        f"Home: `{data['home']}`  ",
        f"Exported: {data['exported_at']}  ",
    ]
    if data["redacted"]:
        lines.append(f"Secret-looking strings redacted: {data['redactions']}  ")
    for target in TARGETS:
        info = export.files[target]
        lines += [
            "",
            f"## {FILENAMES[target]} ({info.usage:,}/{info.limit:,} chars, {n_entries(len(info.entries))})",
            "",
        ]
        if not info.entries:
            lines.append("(empty)")
        for i, entry in enumerate(info.entries, start=1):
            fence = _fence(entry)
            lines += [f"### Entry {i}", "", f"{fence}text", entry, fence, ""]
    return "\n".join(lines).rstrip() + "\n"


@dataclass(frozen=True)
class ComparedRow:
    target: str
    kind: str  # "same" | "changed" | "only_a" | "only_b"
    a: str | None
    b: str | None
    similarity: float


def compare(a: MemoryStore, b: MemoryStore) -> list[ComparedRow]:
    """Rows for a side-by-side table of two homes' (profiles') memories, per file."""
    kinds = {"unchanged": "same", "changed": "changed", "removed": "only_a", "added": "only_b"}
    rows = []
    for target in TARGETS:
        # Two profiles are not two versions of one file: texts pair only when they read alike.
        diff = diff_entries(a.read(target).entries, b.read(target).entries, in_place=False)
        rows += [
            ComparedRow(target, kinds[item.kind], item.old, item.new, round(item.similarity, 3)) for item in diff.items
        ]
    return rows
