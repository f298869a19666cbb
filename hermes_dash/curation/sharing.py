"""Team sharing: is MEMORY.md a link into a repository, and is USER.md safely private?

A common team practice keeps MEMORY.md as a symbolic link into a project repository
(shared, versioned) and USER.md private. This module only looks: ``os.readlink`` and
``git`` questions that run no program of the repository's (:mod:`.safegit`: blob ids of the
file's own bytes compared with the index and HEAD, never ``git status``, which runs clean
filters), with a timeout and ``GIT_OPTIONAL_LOCKS=0`` so not even an index refresh is written.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from hermes_dash import FILENAMES, MAX_MEMORY_BYTES, TARGETS, MemoryStore, NotReadable, read_regular

from .safegit import GIT_TIMEOUT_S, run_git


@dataclass(frozen=True)
class GitInfo:
    repo: Path | None  # the work tree's top folder; None: not in a repository
    tracked: bool | None
    dirty: bool | None  # uncommitted changes to this file (staged, unstaged or untracked)
    status: str  # git's short status of the file ("" when clean)
    problem: str | None = None  # git failed (timeout, unsafe ownership, ...)


@dataclass(frozen=True)
class FileSharing:
    target: str
    path: Path
    is_link: bool
    link_text: str | None  # what the link says, as written
    resolved: Path  # where reads and writes land
    exists: bool
    git: GitInfo | None  # None when git is not installed

    @property
    def filename(self) -> str:
        return FILENAMES[self.target]


@dataclass(frozen=True)
class SharingReport:
    files: tuple[FileSharing, ...]
    git_available: bool
    warnings: tuple[str, ...]

    def file(self, target: str) -> FileSharing:
        return next(f for f in self.files if f.target == target)


def _entry(line: bytes) -> tuple[str, str] | None:
    """(mode, blob id) from one ``ls-files -s`` / ``ls-tree`` line; None for an empty answer."""
    head = line.split(b"\t", 1)[0].split()
    if len(head) < 3:
        return None
    mode, kind_or_id = head[0].decode(), head[1].decode()
    blob = head[2].decode() if kind_or_id == "blob" else kind_or_id  # ls-tree: mode type id; ls-files: mode id stage
    return mode, blob


def _worktree_blob(path: Path, folder: Path) -> tuple[str, str] | None:
    """(mode, blob id) of the file's bytes as they are, hashed without any filter; None: no file."""
    try:
        data, st = read_regular(path, MAX_MEMORY_BYTES)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise _GitFailed(f"{path} cannot be read ({exc.strerror or exc})") from None
    hashed = run_git(["hash-object", "--no-filters", "--stdin"], folder, input=data)
    if hashed.returncode != 0:
        raise _GitFailed(hashed.stderr.decode(errors="replace").strip() or "git hash-object failed")
    mode = "100755" if st.st_mode & 0o100 else "100644"
    return mode, hashed.stdout.decode().strip()


class _GitFailed(Exception):
    """A git question failed; its message is shown."""


def _status(path: Path, folder: Path) -> tuple[bool, str]:
    """(tracked, git-status-like ``XY name``) from blob ids: the index against HEAD and the file's
    own bytes against the index, so no filter is ever asked to convert the file."""
    name = path.name
    staged = run_git(["ls-files", "-s", "--", name], folder)
    if staged.returncode != 0:
        raise _GitFailed(staged.stderr.decode(errors="replace").strip() or "git ls-files failed")
    stages = [e for e in map(_entry, staged.stdout.splitlines()) if e]
    if len(stages) > 1:  # a merge conflict: several stages of the file
        return True, f"UU {name}"
    has_head = run_git(["rev-parse", "--verify", "-q", "HEAD"], folder).returncode == 0
    head_entry = None
    if has_head:
        tree = run_git(["ls-tree", "HEAD", "--", name], folder)
        head_entry = next((e for e in map(_entry, tree.stdout.splitlines()) if e), None)
    index_entry = stages[0] if stages else None
    work = _worktree_blob(path, folder)
    if index_entry is None:
        if work is not None and run_git(["check-ignore", "-q", "--", name], folder).returncode != 0:
            return False, f"?? {name}" if head_entry is None else f"D  {name}"
        return False, f"D  {name}" if head_entry is not None else ""
    x = "A" if head_entry is None else ("M" if head_entry != index_entry else " ")
    y = "D" if work is None else ("M" if work != index_entry else " ")
    return True, f"{x}{y} {name}".strip() if x + y != "  " else ""  # stripped, as ``status --porcelain`` was


def git_info(path: Path) -> GitInfo:
    """Where ``path`` (a real file, links resolved) sits in git, by questions that run no filter
    (:mod:`.safegit`): blob ids compared, never ``git status``."""
    folder = path.parent
    if not folder.is_dir():
        return GitInfo(None, None, None, "", f"{folder} does not exist")
    try:
        top = run_git(["rev-parse", "--show-toplevel"], folder)
        if top.returncode != 0:
            err = top.stderr.decode(errors="replace").strip()
            if "not a git repository" in err:
                return GitInfo(None, None, None, "")
            return GitInfo(None, None, None, "", err.splitlines()[-1] if err else "git rev-parse failed")
        repo = Path(os.fsdecode(top.stdout.strip()))
        try:
            tracked, short = _status(path, folder)
        except (_GitFailed, NotReadable) as failed:
            problem = failed.message if isinstance(failed, NotReadable) else str(failed)
            return GitInfo(repo, None, None, "", problem)
        return GitInfo(repo, tracked, bool(short), short)
    except subprocess.TimeoutExpired:
        return GitInfo(None, None, None, "", f"git took longer than {GIT_TIMEOUT_S:g} s")
    except OSError as exc:
        return GitInfo(None, None, None, "", f"git could not be run: {exc.strerror or exc}")


def sharing(store: MemoryStore) -> SharingReport:
    have_git = shutil.which("git") is not None
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
        info = git_info(resolved) if have_git else None
        files.append(FileSharing(target, path, is_link, link_text, resolved, resolved.exists(), info))
    if not have_git:
        warnings.append("git is not installed, so whether the files are versioned cannot be checked.")
    memory, user = files
    if memory.is_link and not memory.exists:
        warnings.append(
            f"MEMORY.md links to {memory.link_text}, which does not exist: writes are refused until "
            "it does (create the file in the repository, or pull it)."
        )
    if memory.git and memory.git.repo and memory.git.dirty:
        warnings.append(
            f"MEMORY.md has uncommitted changes in {memory.git.repo} ({memory.git.status}): "
            "commit them to share them with the team."
        )
    if memory.git and memory.git.repo and memory.git.tracked is False:
        warnings.append(f"MEMORY.md is inside {memory.git.repo} but not tracked by git: `git add` it to share it.")
    exposed = user.is_link or bool(user.git and (user.git.tracked or user.git.status))  # not git-ignored
    if user.git and user.git.repo and exposed:
        how = (
            f"is a link into the git repository {user.git.repo}"
            if user.is_link
            else f"is inside the git repository {user.git.repo}"
        )
        warnings.append(
            f"USER.md {how}. It is private (who you are, your preferences) and would be pushed "
            "with the repository: keep it outside, or add it to .gitignore."
        )
    return SharingReport(tuple(files), have_git, tuple(warnings))
