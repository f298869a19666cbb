"""Team sharing: is MEMORY.md a link into a repository, and is USER.md safely private?

A common team practice keeps MEMORY.md as a symbolic link into a project repository
(shared, versioned) and USER.md private. This module only looks: ``os.readlink`` and
read-only ``git`` calls (``rev-parse``, ``ls-files``, ``status``) with a timeout and
``GIT_OPTIONAL_LOCKS=0`` so not even git's index refresh writes anything.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from hermes_dash import FILENAMES, MemoryStore, TARGETS

GIT_TIMEOUT_S = 5.0


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


#: Switches that stop git from running any program a repository's own config (or its hooks
#: folder) names. A memory folder may sit inside any repository, including one made by someone
#: else, and merely looking at it must not run their code: fsmonitor, hooks, pager, external
#: diff, askpass/ssh/editor commands, and (below) clean/smudge filters.
_NO_PROGRAMS = ("--no-pager", "-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null",
                "-c", "core.pager=cat", "-c", "diff.external=", "-c", "core.untrackedCache=false",
                "-c", "core.askPass=", "-c", "core.sshCommand=", "-c", "core.editor=true",
                "-c", "core.alternateRefsCommand=", "-c", "protocol.allow=never")
_ENV_DROPPED = ("GIT_EXTERNAL_DIFF", "GIT_PAGER", "PAGER", "GIT_ASKPASS", "SSH_ASKPASS", "GIT_SSH", "GIT_SSH_COMMAND",
                "GIT_EDITOR", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE")


def _git_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in _ENV_DROPPED and not k.startswith("GIT_CONFIG_KEY_")
           and not k.startswith("GIT_CONFIG_VALUE_")}
    env.update({"GIT_OPTIONAL_LOCKS": "0", "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C", "GIT_CONFIG_NOSYSTEM": "1",
                "GIT_PAGER": "cat", "PAGER": "cat"})
    return env


def _git(args: list[str], cwd: Path, extra: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *_NO_PROGRAMS, *extra, *args], cwd=cwd, capture_output=True, text=True,
                          timeout=GIT_TIMEOUT_S, env=_git_env(), stdin=subprocess.DEVNULL, check=False)


def _no_filters(folder: Path) -> tuple[str, ...]:
    """``-c`` switches that blank every clean/smudge/process filter the config defines: `git
    status` runs a file's clean filter to compare it with the index. Reading config runs nothing."""
    listed = _git(["config", "--name-only", "--get-regexp", r"^filter\..*\.(clean|smudge|process|required)$"],
                  folder)
    drivers = dict.fromkeys(key[len("filter."):key.rindex(".")] for key in listed.stdout.split()) \
        if listed.returncode == 0 else {}
    out: list[str] = []
    for driver in drivers:  # a "required" filter with no program would make status fail instead
        out += ["-c", f"filter.{driver}.clean=", "-c", f"filter.{driver}.smudge=", "-c", f"filter.{driver}.process=",
                "-c", f"filter.{driver}.required=false"]
    return tuple(out)


def git_info(path: Path) -> GitInfo:
    """Where ``path`` (a real file, links resolved) sits in git, by read-only calls."""
    folder = path.parent
    if not folder.is_dir():
        return GitInfo(None, None, None, "", f"{folder} does not exist")
    try:
        top = _git(["rev-parse", "--show-toplevel"], folder)
        if top.returncode != 0:
            err = top.stderr.strip()
            if "not a git repository" in err:
                return GitInfo(None, None, None, "")
            return GitInfo(None, None, None, "", err.splitlines()[-1] if err else "git rev-parse failed")
        repo = Path(top.stdout.strip())
        quiet = _no_filters(folder)
        tracked = _git(["ls-files", "--error-unmatch", "--", path.name], folder, quiet).returncode == 0
        status = _git(["status", "--porcelain", "--ignore-submodules=all", "--", path.name], folder, quiet)
        if status.returncode != 0:
            return GitInfo(repo, tracked, None, "", status.stderr.strip() or "git status failed")
        short = status.stdout.strip()
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
        warnings.append(f"MEMORY.md links to {memory.link_text}, which does not exist: writes are refused until "
                        "it does (create the file in the repository, or pull it).")
    if memory.git and memory.git.repo and memory.git.dirty:
        warnings.append(f"MEMORY.md has uncommitted changes in {memory.git.repo} ({memory.git.status}): "
                        "commit them to share them with the team.")
    if memory.git and memory.git.repo and memory.git.tracked is False:
        warnings.append(f"MEMORY.md is inside {memory.git.repo} but not tracked by git: `git add` it to share it.")
    exposed = user.is_link or bool(user.git and (user.git.tracked or user.git.status))  # not git-ignored
    if user.git and user.git.repo and exposed:
        how = f"is a link into the git repository {user.git.repo}" if user.is_link else \
            f"is inside the git repository {user.git.repo}"
        warnings.append(f"USER.md {how}. It is private (who you are, your preferences) and would be pushed "
                        "with the repository: keep it outside, or add it to .gitignore.")
    return SharingReport(tuple(files), have_git, tuple(warnings))
