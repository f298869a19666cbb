"""Check memory files the way the agent will read them, without writing anything.

For teams that keep MEMORY.md in a repository: a commit hook runs this on the file before it
lands, so a file the agent would find over budget, hand-edited (drifted), carrying an entry its
content scan blocks, or not UTF-8, is caught at commit time rather than by the next session.
The limit comes from the file name (the agent's defaults), unless one is given.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from hermes_dash import FileProblem, NotReadable
from hermes_dash.engine.io.readfile import MAX_MEMORY_BYTES, read_regular
from hermes_dash.engine.rules.format import DEFAULT_LIMITS, FILENAMES, decode, detect_drift, parse, usage
from hermes_dash.engine.rules.scan import MAX_SCAN_CHARS, scan
from hermes_dash.engine.text import shorten

from .invisible import describe as describe_hidden
from .invisible import find_hidden
from .secrets import kinds as secret_kinds
from .secrets import redact

#: Limits by file name: the agent's defaults for its two files.
LIMITS_BY_NAME = {FILENAMES[t]: DEFAULT_LIMITS[t] for t in FILENAMES}
#: A memory file is a few kilobytes; far larger is not one, and is not read whole.
MAX_BYTES = MAX_MEMORY_BYTES


@dataclass(frozen=True)
class FileCheck:
    """What is wrong with one file (nothing: ``problems`` is empty)."""

    path: str
    limit: int | None
    usage: int | None
    entry_count: int
    problems: tuple[str, ...]
    #: hermes-dash's own findings beyond the agent's rules (hidden text, possible secrets):
    #: problems only with ``strict``
    warnings: tuple[str, ...] = ()
    strict: bool = False

    @property
    def ok(self) -> bool:
        return not self.problems and not (self.strict and self.warnings)

    def to_dict(self) -> dict[str, object]:
        return {
            "path": self.path,
            "ok": self.ok,
            "limit": self.limit,
            "usage": self.usage,
            "entry_count": self.entry_count,
            "problems": list(self.problems),
            "warnings": list(self.warnings),
            "strict": self.strict,
        }


def limit_for(path: str, limit: int | None) -> int | None:
    """An explicit ``limit`` wins; else the agent's default for MEMORY.md / USER.md; else None."""
    return limit if limit is not None else LIMITS_BY_NAME.get(os.path.basename(path))


def _read(path: str) -> bytes:
    """The file's bytes: a regular file (after links), at most :data:`MAX_BYTES`."""
    try:
        return read_regular(Path(path), MAX_BYTES)[0]
    except NotReadable as problem:
        raise FileProblem(str(problem.details["reason"])) from None
    except OSError as exc:
        raise FileProblem(f"cannot be read: {exc.strerror or exc}") from None
    except ValueError:  # a NUL in the name
        raise FileProblem("is not a usable file name") from None


def check_file(path: str, limit: int | None = None, *, strict: bool = False, until: float | None = None) -> FileCheck:
    """Read ``path`` as the agent would and list every problem it would meet, then hermes-dash's
    own warnings beyond the agent's rules (hidden text, possible secrets), which fail the check
    only when ``strict``. A warning quotes the entry with its secrets blanked, never the secret.
    ``until``: the command's secret-scan deadline (secrets.deadline), shared by all its files."""
    limit = limit_for(path, limit)
    try:
        text = decode(_read(path))
    except FileProblem as problem:
        return FileCheck(path, limit, None, 0, (problem.message,), strict=strict)
    entries = parse(text)
    used = usage(entries)
    problems = []
    if limit is None:
        problems.append(
            "no limit is known for this file name (MEMORY.md: 2,200, USER.md: 1,375); give one with --limit N"
        )
    elif used > limit:
        problems.append(f"over its limit: {used:,}/{limit:,} characters ({used - limit:,} too many)")
    if limit is not None:
        problems.extend(f"drifted: {reason}" for reason in detect_drift(text, limit).reasons)
    for index, entry in enumerate(entries):
        if findings := scan(entry):  # the agent scans an entry's first MAX_SCAN_CHARS characters
            problems.append(
                f"entry [{index}] is blocked by the agent's content scan ({', '.join(findings)}): "
                f"{shorten(entry, 80)!r}"
            )
    warnings = []
    for index, entry in enumerate(entries):
        if hidden := find_hidden(entry):
            codes = ", ".join(f"U+{cp:04X}" for cp in hidden.code_points)
            warnings.append(
                f"entry [{index}] holds {describe_hidden(hidden)}; code points: {codes}: {shorten(entry, 80)!r}"
            )
        if found := secret_kinds(entry[:MAX_SCAN_CHARS], until):
            warnings.append(
                f"entry [{index}] holds a possible secret ({', '.join(found)}; hermes-dash's own check with "
                "detect-secrets, not the agent's scan, which lets it into every prompt): remove it or keep a "
                f"pointer to where it is stored instead: {shorten(redact(entry, until)[0], 80)!r}"
            )
    return FileCheck(path, limit, used, len(entries), tuple(problems), tuple(warnings), strict)
