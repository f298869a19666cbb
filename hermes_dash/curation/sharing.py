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

from hermes_dash import MemoryStore
from hermes_dash.engine.rules.format import FILENAMES, TARGETS

from .gitread import GitUnreadable
from .gitstate import GitInfo, file_status
from .gitworker import ask


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


def git_info(path: Path) -> GitInfo:
    """Where ``path`` (a real file, links resolved) sits in git, read through libgit2
    (:mod:`.gitread`): blob ids compared, never a filter, a program or a fetch. Asked in the
    git reader's child (:mod:`.gitworker`), so a repository that makes libgit2 block is unknown
    after its deadline instead of hanging this process."""
    try:
        return ask(file_status, path)
    except GitUnreadable as exc:
        return GitInfo(None, None, None, "", str(exc))


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
