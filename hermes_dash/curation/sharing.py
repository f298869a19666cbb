"""Team sharing: is MEMORY.md a link into a repository, and is USER.md safely private?

A common team practice keeps MEMORY.md as a symbolic link into a project repository
(shared, versioned) and USER.md private. This module only looks: ``os.readlink`` and the
repository's index and HEAD read through libgit2 (:mod:`.gitread`: no git binary, so nothing of
the repository's runs and nothing is fetched). The file's own bytes are hashed and compared
with the blob ids of the index and HEAD, so no filter is asked to convert them and nothing is
written, not even an index refresh.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from hermes_dash import FILENAMES, MAX_MEMORY_BYTES, TARGETS, MemoryStore, NotReadable, read_regular

from .gitread import GitUnreadable, Repo, Stored, blob_id, open_repo
from .gitworker import ask


@dataclass(frozen=True)
class GitInfo:
    repo: Path | None  # the work tree's top folder; None: not in a repository
    tracked: bool | None
    dirty: bool | None  # uncommitted changes to this file (staged, unstaged or untracked)
    status: str  # git's short status of the file ("" when clean)
    problem: str | None = None  # the repository could not answer (a missing object, ownership, ...)


@dataclass(frozen=True)
class FileSharing:
    target: str
    path: Path
    is_link: bool
    link_text: str | None  # what the link says, as written
    resolved: Path  # where reads and writes land
    exists: bool
    git: GitInfo

    @property
    def filename(self) -> str:
        return FILENAMES[self.target]


@dataclass(frozen=True)
class SharingReport:
    files: tuple[FileSharing, ...]
    warnings: tuple[str, ...]

    def file(self, target: str) -> FileSharing:
        return next(f for f in self.files if f.target == target)


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


def git_info(path: Path) -> GitInfo:
    """Where ``path`` (a real file, links resolved) sits in git, read through libgit2
    (:mod:`.gitread`): blob ids compared, never a filter, a program or a fetch. Asked in the
    git reader's child (:mod:`.gitworker`), so a repository that makes libgit2 block is unknown
    after its deadline instead of hanging this process."""
    try:
        return ask(_git_info, path)
    except GitUnreadable as exc:
        return GitInfo(None, None, None, "", str(exc))


def _git_info(path: Path) -> GitInfo:
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


def sharing(store: MemoryStore) -> SharingReport:
    files = []
    warnings = []
    for target in TARGETS:
        path = store.home.file_path(target)
        is_link = path.is_symlink()
        link_text = None
        if is_link:
            try:
                link_text = os.readlink(path)
            except OSError:
                link_text = None
        resolved = Path(os.path.realpath(path))
        info = git_info(resolved)
        files.append(FileSharing(target, path, is_link, link_text, resolved, resolved.exists(), info))
    memory, user = files
    if memory.is_link and not memory.exists:
        warnings.append(
            f"MEMORY.md links to {memory.link_text}, which does not exist: writes are refused until "
            "it does (create the file in the repository, or pull it)."
        )
    if memory.git.repo and memory.git.dirty:
        warnings.append(
            f"MEMORY.md has uncommitted changes in {memory.git.repo} ({memory.git.status}): "
            "commit them to share them with the team."
        )
    if memory.git.repo and memory.git.tracked is False:
        warnings.append(f"MEMORY.md is inside {memory.git.repo} but not tracked by git: `git add` it to share it.")
    exposed = user.is_link or bool(user.git.tracked or user.git.status)  # not git-ignored
    if user.git.repo and exposed:
        how = (
            f"is a link into the git repository {user.git.repo}"
            if user.is_link
            else f"is inside the git repository {user.git.repo}"
        )
        warnings.append(
            f"USER.md {how}. It is private (who you are, your preferences) and would be pushed "
            "with the repository: keep it outside, or add it to .gitignore."
        )
    return SharingReport(tuple(files), tuple(warnings))
