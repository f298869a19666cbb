"""The git state of a memory file: its status (Sharing) and the commit of each entry (provenance).

Both are answered from :mod:`.gitread` alone (libgit2: no git binary, no fetch, no filter), and
asked by :mod:`.sharing` and :mod:`.blame` through :mod:`.gitworker`'s child, which is why they
live in this small module of their own: the child imports only it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from hermes_dash import NotReadable
from hermes_dash.engine.io.readfile import MAX_MEMORY_BYTES, read_regular

from .gitread import Commit, GitUnreadable, Repo, Stored, blob_id, open_repo


@dataclass(frozen=True)
class GitInfo:
    repo: Path | None  # the work tree's top folder; None: not in a repository
    tracked: bool | None
    dirty: bool | None  # uncommitted changes to this file (staged, unstaged or untracked)
    status: str  # git's short status of the file ("" when clean)
    problem: str | None = None  # the repository could not answer (a missing object, ownership, ...)


@dataclass(frozen=True)
class GitBlame:
    repo: Path
    path: str  # the file inside the repository
    commits_read: int
    complete: bool  # no entry's text is older than the history read (GIT_MAX_COMMITS)
    introduced: dict[str, Commit] = field(default_factory=dict)  # entry text -> commit that introduced it
    uncommitted: frozenset[str] = frozenset()  # entry texts not in HEAD
    problem: str | None = None
    earlier: frozenset[str] = frozenset()  # entry texts put on the oldest commit read: that one or an older one


def _worktree_blob(path: Path) -> Stored | None:
    """The file's bytes as they are, hashed without any filter; None: no file."""
    try:
        data, st = read_regular(path, MAX_MEMORY_BYTES)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise GitUnreadable(f"{path} cannot be read ({exc.strerror or exc})") from None
    return Stored(0o100755 if st.st_mode & 0o100 else 0o100644, blob_id(data))


def _status(repo: Repo, path: Path) -> tuple[bool, str, str | None]:
    """(tracked, git-status-like ``XY name``, problem) from blob ids: the index against HEAD and
    the file's own bytes against the index, so no filter is ever asked to convert the file. When
    HEAD cannot be read (a missing object), what the index says still stands."""
    name = path.name
    rel = repo.rel(path)
    stages = repo.stages(rel)
    if len(stages) > 1:  # a merge conflict: several stages of the file
        return True, f"UU {name}", None
    index_entry = stages[0] if stages else None
    try:
        head_entry = repo.head_entry(rel)
    except GitUnreadable as exc:
        if index_entry is None:
            raise
        return True, "", str(exc)
    work = _worktree_blob(path)
    if index_entry is None:
        if work is not None and not repo.ignored(rel):
            return False, f"?? {name}" if head_entry is None else f"D  {name}", None
        return False, f"D  {name}" if head_entry is not None else "", None
    x = "A" if head_entry is None else ("M" if head_entry != index_entry else " ")
    y = "D" if work is None else ("M" if work != index_entry else " ")
    return True, f"{x}{y} {name}".strip() if x + y != "  " else "", None  # stripped, as ``status --porcelain`` was


def file_status(path: Path) -> GitInfo:
    """Where ``path`` (a real file, links resolved) sits in git: blob ids compared, never a
    filter, a program or a fetch."""
    folder = path.parent
    if not folder.is_dir():
        return GitInfo(None, None, None, "", f"{folder} does not exist")
    try:
        repo = open_repo(folder)
    except GitUnreadable as exc:
        return GitInfo(None, None, None, "", f"the git repository could not be read: {exc}")
    if repo is None:
        return GitInfo(None, None, None, "")
    try:
        tracked, short, problem = _status(repo, path)
    except (GitUnreadable, NotReadable, ValueError) as failed:
        problem = failed.message if isinstance(failed, NotReadable) else str(failed)
        return GitInfo(repo.top, None, None, "", problem)
    return GitInfo(repo.top, tracked, None if problem else bool(short), short, problem)


def entry_commits(path: Path, wanted: list[str], max_commits: int) -> GitBlame | None:
    """For each entry of ``wanted``, the newest commit among those that last changed its lines
    in HEAD's version of the file; None: not in a repository."""
    real = Path(path).resolve()
    try:
        repo = open_repo(real.parent)
        if repo is None:
            return None
        rel = repo.rel(real)
        blamed = repo.blame(rel, max_commits)
    except (GitUnreadable, ValueError) as exc:  # ValueError: a file outside the work tree
        return GitBlame(real.parent, "", 0, False, problem=f"git blame could not be read: {exc}")
    if blamed is None:  # not committed yet (or no commit at all)
        return GitBlame(repo.top, rel, 0, True, uncommitted=frozenset(wanted))
    introduced: dict[str, Commit] = {}
    boundary: set[str] = set()
    for text, shas in _entries_of(blamed.lines):
        newest = max((blamed.commits[s] for s in shas), key=lambda c: c[0].at or datetime.min.replace(tzinfo=UTC))
        introduced.setdefault(text, newest[0])
        if newest[1]:
            boundary.add(text)
    found = {e: introduced[e] for e in wanted if e in introduced}
    return GitBlame(
        repo.top,
        rel,
        len(blamed.commits),
        blamed.complete or not (boundary & set(found)),
        found,
        frozenset(e for e in wanted if e not in introduced),
        earlier=frozenset(boundary & set(found)),
    )


def _entries_of(lines: Iterable[tuple[str, str]]) -> list[tuple[str, set[str]]]:
    """HEAD's entries (lines between lines holding only ``§``) with the commits of their lines."""
    groups: list[tuple[str, set[str]]] = []
    text: list[str] = []
    shas: set[str] = set()
    for line_sha, line in [*lines, ("", "§")]:
        if line.strip() == "§":
            entry = "\n".join(text).strip()
            if entry and shas:
                groups.append((entry, shas))
            text, shas = [], set()
            continue
        text.append(line)
        if line.strip():
            shas.add(line_sha)
    return groups


__all__ = ["GitBlame", "GitInfo", "entry_commits", "file_status"]
