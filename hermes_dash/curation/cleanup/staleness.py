"""Paths named in MEMORY.md that are not found where the agent runs: hints, never removals.

Looked up only when the agent runs on this machine (:mod:`.whereabouts`: a working folder of
its sessions is here), with ``~`` as the agent's user's home. An entry naming another machine
(a host, server, container, platform or device, an ``ssh`` host, a URL) is not looked up at
all. A relative path is looked up only inside a project folder the memory names ("the checkout
is at ~/src/ledger"), and only when that folder is here. Everything looked up is reported, with
the full path tried, so "not found on this machine" says exactly what was checked.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence

from .model import PathCheck, StaleHint
from .whereabouts import Where, elsewhere

_PATH = re.compile(r"(?<![\w:/.~-])(~/[^\s`'\"<>()\[\]{},;]*|/[^\s`'\"<>()\[\]{},;]+)")
_SKIP_PATH = re.compile(r"[*?$<>{}|]|\.\.\.")
# ./x, ../x, or a/b ending in "/" or in a file name with an extension ("read/write" is no path).
_RELATIVE = re.compile(
    r"(?<![\w:/.~@-])(\.{1,2}/[^\s`'\"<>()\[\]{},;]*"
    r"|[\w.-]+(?:/[\w.-]+)*/(?:[\w-]+\.[A-Za-z0-9]{1,8}\b|(?=[\s`'\"),;:]|\.(?:\s|$)|$)))"
)
_PROJECT = re.compile(
    r"\b(?:checkout|repo|repository|project|workspace|clone|monorepo|codebase)\b[^.;\n]{0,40}?"
    r"\b(?:is|at|in|lives\s+in|under)\s+(?:at\s+|in\s+)?(~?/[\w./-]+)",
    re.IGNORECASE,
)
ELSEWHERE = elsewhere  # the earlier name


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


def project_folder(entries: Sequence[str]) -> str | None:
    """The project folder the memory names ("the repo is ~/src/ledger"), the first one."""
    for entry in entries:
        m = _PROJECT.search(entry)
        if m:
            return m.group(1).rstrip(".,:;")
    return None


def _is_local(path: str, exists: Callable[[str], bool], place: Where) -> bool:
    """Whether a path says something about the machine the agent runs on: a ``~`` path; one
    under the agent's user's home, a working folder of its sessions or a folder holding one
    (``/home/ngozi/...`` beside ``/home/ngozi/lab``); else one whose own folder is here (the
    file went, its folder did not). ``/srv/shop/media`` with no ``/srv/shop`` here, ``/api/v1``
    (a URL route) or ``/volume1/...`` (a NAS's) is a path on some other machine, never "not found"."""
    if path.startswith("~"):
        return True
    full = os.path.normpath(path)
    if full.count("/") < 2:
        return False
    roots = [place.home, *(place.expand(f) for f in place.here)]
    near = {os.path.normpath(r) for r in roots} | {
        os.path.dirname(os.path.normpath(place.expand(f))) for f in place.here
    }
    if any(r.count("/") >= 2 and (full == r or full.startswith(r + "/")) for r in near):
        return True
    return exists(os.path.dirname(full))


def _lookups(
    entry: str, project: str | None, project_here: bool, exists: Callable[[str], bool], place: Where
) -> list[tuple[str, str]]:
    """(path as named, full path looked up) for each path of ``entry`` checked here."""
    out = [(p, place.expand(p)) for p in local_paths(entry) if _is_local(p, exists, place)]
    if project and project_here:
        root = place.expand(project)
        out += [
            (p, os.path.normpath(os.path.join(root, p))) for p in relative_paths(entry) if not p.startswith(("~", "/"))
        ]
    return out


def check(
    entries: Sequence[str], exists: Callable[[str], bool] = os.path.exists, where: Where | None = None
) -> tuple[PathCheck, list[StaleHint]]:
    """What the check covered, and a hint per entry naming paths not found here. ``where``
    None: this process's machine and user are the agent's."""
    place = where or Where(os.path.expanduser("~"), ("~",), ("~",))
    away: list[str] = []
    for entry in entries:
        if elsewhere(entry):
            away += local_paths(entry) + relative_paths(entry)
    away = list(dict.fromkeys(away))
    if not place.runs_here:
        named = [p for e in entries if not elsewhere(e) for p in local_paths(e) + relative_paths(e)]
        return PathCheck(elsewhere=tuple(away), not_here=place.why_not() if named else ""), []
    project = project_folder(entries)
    project_here = bool(project) and exists(place.expand(project or ""))
    checked: list[str] = []
    relative: list[str] = []
    hints = []
    for entry in entries:
        if elsewhere(entry):
            continue
        looked = _lookups(entry, project, project_here, exists, place)
        if not project_here:
            relative += [p for p in relative_paths(entry) if not p.startswith(("~", "/"))]
        gone = [(p, full) for p, full in looked if not exists(full)]
        checked += [full for _p, full in looked]
        if gone:
            hints.append(StaleHint(entry, tuple(p for p, _ in gone), tuple(full for _p, full in gone)))
    checked = list(dict.fromkeys(checked))
    missing = sum(1 for full in checked if not exists(full))
    return (
        PathCheck(tuple(checked), missing, tuple(dict.fromkeys(relative)), tuple(away), project),
        hints,
    )


def check_paths(
    entries: Sequence[str], exists: Callable[[str], bool] = os.path.exists, where: Where | None = None
) -> PathCheck:
    return check(entries, exists, where)[0]


def stale_facts(
    entries: Sequence[str], exists: Callable[[str], bool] = os.path.exists, where: Where | None = None
) -> list[StaleHint]:
    return check(entries, exists, where)[1]
