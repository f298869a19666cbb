"""Paths named in MEMORY.md that are not found on this machine: hints, never removals.

A memory is often written on another machine, or about one. So a path is looked up only when
the entry places it here: an entry that puts it elsewhere ("on staging", "on the NAS", "on the
build server", an ``ssh`` host, a URL) is not checked at all. A relative path is looked up only
inside a project folder the memory names ("the checkout is at ~/src/ledger"), and only when
that folder is on this machine. Everything looked up is reported, with the full path tried, so
"not found on this machine" says exactly what was checked.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence

from .model import PathCheck, StaleHint

_PATH = re.compile(r"(?<![\w:/.~-])(~/[^\s`'\"<>()\[\]{},;]*|/[^\s`'\"<>()\[\]{},;]+)")
_SKIP_PATH = re.compile(r"[*?$<>{}|]|\.\.\.")
# ./x, ../x, or a/b ending in "/" or in a file name with an extension ("read/write" is no path).
_RELATIVE = re.compile(
    r"(?<![\w:/.~@-])(\.{1,2}/[^\s`'\"<>()\[\]{},;]*"
    r"|[\w.-]+(?:/[\w.-]+)*/(?:[\w-]+\.[A-Za-z0-9]{1,8}\b|(?=[\s`'\"),;:]|\.(?:\s|$)|$)))"
)
#: Words placing what an entry says on another machine.
ELSEWHERE = re.compile(
    r"\b(?:on|at|from|in)\s+(?:the\s+)?(?:staging|production|prod|nas|build\s+server|build\s+machine|ci\s+runners?|"
    r"runners?|cluster|server|servers|remote|vm|vps|box|host|hosts|pi-?\d*|[\w-]+\s+(?:server|host|box|node|machine))\b"
    r"|\bssh\b|\w@[\w.-]+:|://|\bremote(?:ly)?\b|\bon\s+[\w-]+\.(?:internal|local|lan|arpa|home)\b",
    re.IGNORECASE,
)
_PROJECT = re.compile(
    r"\b(?:checkout|repo|repository|project|workspace|clone|monorepo|codebase)\b[^.;\n]{0,40}?"
    r"\b(?:is|at|in|lives\s+in|under)\s+(?:at\s+|in\s+)?(~?/[\w./-]+)",
    re.IGNORECASE,
)


def local_paths(entry: str) -> list[str]:
    """Absolute and ``~`` paths named in the text (URLs, globs and placeholders skipped)."""
    found = []
    for raw in _PATH.findall(entry):
        path = raw.rstrip(".,:;!?)'\"`")
        if path in ("/", "~", "~/") or path.startswith("//") or _SKIP_PATH.search(path):
            continue
        found.append(path)
    return list(dict.fromkeys(found))


def relative_paths(entry: str) -> list[str]:
    """Relative paths named in the text (``services/api/``, ``./migrations/``, ``src/app.py``)."""
    found = [raw.rstrip(".,:;!?)'\"`") for raw in _RELATIVE.findall(entry)]
    return list(
        dict.fromkeys(p for p in found if p not in ("./", "../") and "://" not in p and not _SKIP_PATH.search(p))
    )


def elsewhere(entry: str) -> bool:
    """True when the entry places what it says on another machine."""
    return bool(ELSEWHERE.search(entry))


def project_folder(entries: Sequence[str]) -> str | None:
    """The project folder the memory names ("the repo is ~/src/ledger"), the first one."""
    for entry in entries:
        m = _PROJECT.search(entry)
        if m:
            return m.group(1).rstrip(".,:;")
    return None


def _is_local(path: str, exists: Callable[[str], bool]) -> bool:
    """A ``~`` path, or an absolute one whose first folder exists here (``/home/...``, ``/etc/...``);
    ``/api/v1`` is a URL route, not a claim about this machine."""
    if path.startswith("~"):
        return True
    first = path.split("/")[1]
    return bool(first) and path.count("/") >= 2 and exists("/" + first)


def _lookups(
    entry: str, project: str | None, project_here: bool, exists: Callable[[str], bool]
) -> list[tuple[str, str]]:
    """(path as named, full path looked up) for each path of ``entry`` checked here."""
    out = [(p, os.path.expanduser(p)) for p in local_paths(entry) if _is_local(p, exists)]
    if project and project_here:
        root = os.path.expanduser(project)
        out += [
            (p, os.path.normpath(os.path.join(root, p))) for p in relative_paths(entry) if not p.startswith(("~", "/"))
        ]
    return out


def check(entries: Sequence[str], exists: Callable[[str], bool] = os.path.exists) -> tuple[PathCheck, list[StaleHint]]:
    """What the check covered, and a hint per entry naming paths not found here."""
    project = project_folder(entries)
    project_here = bool(project) and exists(os.path.expanduser(project or ""))
    checked: list[str] = []
    away: list[str] = []
    relative: list[str] = []
    hints = []
    for entry in entries:
        if elsewhere(entry):
            away += local_paths(entry) + relative_paths(entry)
            continue
        looked = _lookups(entry, project, project_here, exists)
        if not project_here:
            relative += [p for p in relative_paths(entry) if not p.startswith(("~", "/"))]
        gone = [(p, full) for p, full in looked if not exists(full)]
        checked += [full for _p, full in looked]
        if gone:
            hints.append(StaleHint(entry, tuple(p for p, _ in gone), tuple(full for _p, full in gone)))
    checked = list(dict.fromkeys(checked))
    missing = sum(1 for full in checked if not exists(full))
    return (
        PathCheck(tuple(checked), missing, tuple(dict.fromkeys(relative)), tuple(dict.fromkeys(away)), project),
        hints,
    )


def check_paths(entries: Sequence[str], exists: Callable[[str], bool] = os.path.exists) -> PathCheck:
    return check(entries, exists)[0]


def stale_facts(entries: Sequence[str], exists: Callable[[str], bool] = os.path.exists) -> list[StaleHint]:
    return check(entries, exists)[1]
