"""What hermes-dash asks of a git repository, answered by libgit2 (pygit2) reading its files.

No git binary runs here or anywhere in hermes-dash (tests/meta/test_no_git_binary.py). git's
binary reads the repository's own config and acts on it: a partial clone's promisor remote
makes a missing object a fetch, and the fetch runs the repository's ``uploadpack`` or
``ext::`` command whatever ``-c protocol.allow=never`` says. No list of settings closes that.
libgit2 has no lazy fetch and runs no hook, filter driver, textconv, pager or fsmonitor, so
reading a repository through it runs nothing the repository names. An object the repository
does not hold is :class:`GitUnreadable` ("unknown"), never a fetch; that is also why a partial
clone may be opened (libgit2's ``partialclone`` extension is allowed: nothing here fetches).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pygit2

from hermes_dash.engine.io.readfile import MAX_MEMORY_BYTES

_LATEST = datetime(9999, 12, 31, tzinfo=UTC).timestamp()
# The address space of the child that runs these questions (curation/gitworker.py sets it). It
# needs about 45 MB to start and 185 MB to blame the largest file read (16 MB, 210,000 lines,
# two commits): the limit leaves room for its answer.
GIT_MEMORY_BYTES = 512 << 20
OUT_OF_MEMORY = (
    f"reading the repository needs more than {GIT_MEMORY_BYTES >> 20} MiB of memory, the git reader's "
    "limit (a huge file in its history, say): shown as unknown"
)


# libgit2 refuses a repository naming an extension it does not know, ``partialClone`` among
# them. It cannot fetch a promised object, so a partial clone reads like any other repository
# with some objects missing: allow it (pygit2 1.18+; a process-wide libgit2 setting).
pygit2.option(pygit2.enums.Option.SET_EXTENSIONS, ["partialclone"], 1)


class GitUnreadable(Exception):
    """The repository could not answer (missing object, unsupported format, not owned by this
    user, ...); the message says which and is shown as the problem."""


@dataclass(frozen=True)
class Stored:
    """A file as a tree or the index holds it."""

    mode: int
    blob: str


@dataclass(frozen=True)
class Commit:
    sha: str
    author: str
    at: datetime | None
    subject: str

    @property
    def short(self) -> str:
        return self.sha[:10]


@dataclass(frozen=True)
class BlamedFile:
    """HEAD's version of one file, line by line, with the commit that last changed each line."""

    lines: tuple[tuple[str, str], ...]  # (commit sha, text) per line
    commits: dict[str, tuple[Commit, bool]]  # sha -> (commit, whether it is the history's boundary)
    complete: bool  # the whole history was read (not cut at max_commits)


def blob_id(data: bytes) -> str:
    """The blob id of ``data`` as it is (no filter: hermes-dash hashes the bytes it read)."""
    return str(pygit2.hash(data))


def _why(exc: BaseException) -> str:
    said = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
    text = str(said).strip().strip('"').rstrip(".") or type(exc).__name__
    if "out of memory" in text.lower():  # libgit2's words when the child's limit is reached
        return OUT_OF_MEMORY
    if isinstance(exc, KeyError) or "not found" in text or "Unable to read" in text or "peeled" in text:
        return (
            f"{text}; an object is not in the repository (a partial clone keeps some on its server, "
            "and hermes-dash never fetches): shown as unknown"
        )
    return text


def _at(seconds: int) -> datetime | None:
    """A commit's time; None for one outside the calendar (a crafted 99999999999999)."""
    if not -_LATEST <= seconds <= _LATEST:
        return None
    try:
        return datetime.fromtimestamp(seconds, tz=UTC)
    except (OverflowError, OSError, ValueError):
        return None


class Repo:
    """One repository's work tree, opened by :func:`open_repo`."""

    def __init__(self, repository: pygit2.Repository, top: Path) -> None:
        self._repo = repository
        self.top = top

    def rel(self, path: Path) -> str:
        """``path`` (links resolved) as git names it inside the work tree."""
        return Path(os.path.realpath(path)).relative_to(Path(os.path.realpath(self.top))).as_posix()

    def _head_tree(self) -> pygit2.Tree | None:
        if self._repo.head_is_unborn:
            return None
        try:
            return self._repo.head.peel(pygit2.Tree)
        except (pygit2.GitError, KeyError, ValueError) as exc:
            raise GitUnreadable(_why(exc)) from None

    def stages(self, rel: str) -> list[Stored]:
        """The index's entries for ``rel``: one, or several during a merge conflict, or none."""
        try:
            index = self._repo.index
            conflicts = index.conflicts
            if conflicts is not None and rel in conflicts:
                return [Stored(e.mode, str(e.id)) for e in conflicts[rel] if e is not None]
            if rel not in index:
                return []
            entry = index[rel]
        except (pygit2.GitError, KeyError, ValueError, OSError) as exc:
            raise GitUnreadable(_why(exc)) from None
        return [Stored(entry.mode, str(entry.id))]

    def _lookup(self, tree: pygit2.Tree, rel: str) -> pygit2.Object | None:
        """``rel``'s entry in ``tree``, one folder at a time, so that a folder's tree the repository
        does not hold is :class:`GitUnreadable`, not "no such file"."""
        node = tree
        parts = rel.split("/")
        for depth, name in enumerate(parts):
            if name not in node:
                return None
            entry = node[name]
            if depth == len(parts) - 1:
                return entry
            sub = self._repo.get(entry.id)
            if sub is None:
                raise GitUnreadable(_why(KeyError(f"the tree of {'/'.join(parts[: depth + 1])} ({entry.id})")))
            if not isinstance(sub, pygit2.Tree):
                return None
            node = sub
        return None

    def head_entry(self, rel: str) -> Stored | None:
        """HEAD's entry for ``rel``; None when HEAD has no such file (or no commit yet)."""
        tree = self._head_tree()
        if tree is None:
            return None
        try:
            entry = self._lookup(tree, rel)
        except (pygit2.GitError, KeyError, ValueError) as exc:
            raise GitUnreadable(_why(exc)) from None
        return Stored(entry.filemode, str(entry.id)) if entry is not None else None

    def ignored(self, rel: str) -> bool:
        try:
            return bool(self._repo.path_is_ignored(rel))
        except (pygit2.GitError, ValueError, OSError) as exc:
            raise GitUnreadable(_why(exc)) from None

    def blame(self, rel: str, max_commits: int) -> BlamedFile | None:
        """Who last changed each line of HEAD's ``rel``, reading at most ``max_commits`` first
        parents back (older lines are put on that boundary commit). None: not in HEAD."""
        try:
            head = self._head_tree()
            entry = self._lookup(head, rel) if head is not None else None
            if entry is None:
                return None
            blob = self._repo.get(entry.id)
            if blob is None:
                raise GitUnreadable(_why(KeyError(f"HEAD's {rel} ({entry.id})")))
            if not isinstance(blob, pygit2.Blob):
                return None
            if blob.size > MAX_MEMORY_BYTES:
                raise GitUnreadable(f"HEAD's {rel} holds {blob.size:,} bytes, more than {MAX_MEMORY_BYTES:,}")
            bound = _first_parent(self._repo.head.peel(pygit2.Commit), max_commits)
            flags = pygit2.enums.BlameFlag.IGNORE_WHITESPACE
            hunks = (
                self._repo.blame(rel, flags=flags)
                if bound is None
                else self._repo.blame(rel, flags=flags, oldest_commit=bound.id)
            )
            complete = bound is None
            text = blob.data.decode("utf-8", "replace").split("\n")
            lines: list[tuple[str, str]] = []
            commits: dict[str, tuple[Commit, bool]] = {}
            for hunk in hunks:
                sha = str(hunk.final_commit_id)
                if sha not in commits:
                    commits[sha] = (self._commit(sha), bool(hunk.boundary) and not complete)
                start = hunk.final_start_line_number - 1
                lines += [(sha, line.rstrip("\r")) for line in text[start : start + hunk.lines_in_hunk]]
        except (pygit2.GitError, KeyError, ValueError, OSError) as exc:
            raise GitUnreadable(_why(exc)) from None
        return BlamedFile(tuple(lines), commits, complete)

    def _commit(self, sha: str) -> Commit:
        found = self._repo[sha]
        if not isinstance(found, pygit2.Commit):
            raise GitUnreadable(f"{sha} is not a commit")
        author = found.author
        subject = (found.message or "").split("\n", 1)[0].strip()
        return Commit(sha, author.name, _at(author.time), subject)


def _first_parent(head: pygit2.Commit, count: int) -> pygit2.Commit | None:
    """``HEAD~count`` (first parents); None when the history is shorter (it is read whole)."""
    commit = head
    for _ in range(count):
        if not commit.parent_ids:
            return None
        commit = commit.parents[0]
    return commit


def config_value(config: Path, key: str) -> str | None:
    """``key`` in the one config file ``config`` (not the user's or the system's); None: unset."""
    try:
        settings = pygit2.Config(str(config))
        if key not in settings:
            return None
        return str(settings[key])
    except (pygit2.GitError, KeyError, ValueError, OSError) as exc:
        raise GitUnreadable(f"{config} could not be read: {_why(exc)}") from None


def set_config(config: Path, values: dict[str, str]) -> None:
    """Set each key in ``config`` alone, quoted as git quotes (libgit2 writes it through a lock
    file and a rename)."""
    try:
        settings = pygit2.Config(str(config))
        for key, value in values.items():
            settings[key] = value
    except (pygit2.GitError, KeyError, ValueError, OSError) as exc:
        raise GitUnreadable(f"{config} could not be written: {_why(exc)}") from None


def open_repo(folder: Path) -> Repo | None:
    """The work tree ``folder`` sits in; None when it is in none. :class:`GitUnreadable` when
    there is one libgit2 will not read (say why: ownership, format, a broken ``.git``)."""
    try:
        found = pygit2.discover_repository(str(folder))
    except (pygit2.GitError, ValueError, OSError) as exc:
        raise GitUnreadable(_why(exc)) from None
    if found is None:
        return None
    try:
        repository = pygit2.Repository(found)
    except (pygit2.GitError, KeyError, ValueError, OSError) as exc:
        raise GitUnreadable(_why(exc)) from None
    if repository.is_bare or repository.workdir is None:
        return None
    return Repo(repository, Path(repository.workdir.rstrip("/") or "/"))


__all__ = [
    "GIT_MEMORY_BYTES",
    "OUT_OF_MEMORY",
    "BlamedFile",
    "Commit",
    "GitUnreadable",
    "Repo",
    "Stored",
    "blob_id",
    "config_value",
    "open_repo",
    "set_config",
]
