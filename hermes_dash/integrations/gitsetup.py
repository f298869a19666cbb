"""``hermes-dash git-setup [REPO]``: the merge driver's two lines in a repository.

By hand it is::

    git config merge.hermes-memory.driver 'hermes-dash merge-driver %O %A %B %P'
    echo 'MEMORY.md merge=hermes-memory' >> .gitattributes

This does the same, idempotently, and says what it changed. It runs no program at all (no git
binary, so no hook, filter or ``core.fsmonitor`` of the repository's): ``.gitattributes`` is
edited as text, and libgit2 (:mod:`hermes_dash.curation.gitread`, the config writer of that
one file, which parses and quotes as git does and runs nothing) sets the driver in ``.git/config``,
asked in the git reader's child (a config that includes a FIFO is stopped after its deadline).
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

from hermes_dash import FileProblem, InvalidRequest
from hermes_dash.curation import gitread
from hermes_dash.curation.gitworker import ask
from hermes_dash.engine.io.atomic import write_file
from hermes_dash.engine.io.readfile import read_regular

DRIVER = "hermes-memory"
ATTRIBUTE_LINE = f"MEMORY.md merge={DRIVER}"
DRIVER_NAME = "hermes-dash: MEMORY.md entry by entry"
_MAX_ATTRIBUTES = 1 << 20
_MAX_CONFIG = 1 << 20


@dataclass(frozen=True)
class SetupStep:
    file: Path
    changed: bool
    what: str


def self_command() -> list[str]:
    """How another program (git, the agent's dashboard) starts this hermes-dash: the absolute
    path of the installed ``hermes-dash`` when that is what runs, else this Python with ``-m``
    (from a clone, with the clone on ``PYTHONPATH``, see :func:`self_env`)."""
    launched = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if launched is not None and launched.name == "hermes-dash" and launched.is_file():
        return [os.path.abspath(launched)]
    found = shutil.which("hermes-dash")
    package = Path(__file__).resolve().parents[1]
    if found and _installed_here(found, package):
        return [os.path.abspath(found)]
    return [os.path.abspath(sys.executable), "-m", "hermes_dash"]


def _installed_here(script: str, package: Path) -> bool:
    """Whether the ``hermes-dash`` on PATH runs this very copy (not another install's)."""
    return (
        package.parent.name in ("site-packages", "dist-packages")
        and Path(os.path.realpath(script)).parent == Path(os.path.realpath(sys.executable)).parent
    )


def self_env() -> dict[str, str]:
    """Extra environment :func:`self_command` needs: the clone's folder when not installed."""
    package = Path(__file__).resolve().parents[1]
    if self_command()[1:2] == ["-m"] and package.parent.name not in ("site-packages", "dist-packages"):
        return {"PYTHONPATH": str(package.parent)}
    return {}


def driver_command() -> str:
    """The shell command git runs: this hermes-dash, absolute, with git's placeholders."""
    env = "".join(f"{k}={shlex.quote(v)} " for k, v in self_env().items())
    return env + " ".join(shlex.quote(part) for part in self_command()) + " merge-driver %O %A %B %P"


def _git_dir(repo: Path) -> Path:
    """The folder whose ``config`` gets the driver: ``.git``, or the repository a ``.git`` file
    points to, once it is known to be a repository of this work tree (:func:`_belonging`).
    Read, not asked of git."""
    dot = repo / ".git"
    if dot.is_dir() and not dot.is_symlink():
        return dot
    if dot.is_file() and not dot.is_symlink():
        text = _small_text(dot)
        if text.startswith("gitdir:"):
            where = Path(text[len("gitdir:") :].strip())
            return _belonging(repo, dot, Path(os.path.normpath(where if where.is_absolute() else repo / where)))
    from hermes_dash.engine.invocation import printed_program

    raise InvalidRequest(
        f"{repo} is not the top folder of a git repository (no .git there).",
        hint=f"Give the repository's top folder: `{printed_program()} git-setup PATH`.",
    )


def _small_text(path: Path) -> str:
    return read_regular(path, 4096)[0].decode("utf-8", "replace").strip()


def _belonging(top: Path, dot: Path, gitdir: Path) -> Path:
    """The repository ``gitdir`` (its common folder, for a linked worktree) when it is one (HEAD,
    objects and refs, as git's ``is_git_directory``) and belongs to the work tree ``top``: a
    linked worktree's ``gitdir`` file leads back to ``dot`` (git's own worktree check), or, for a
    submodule's folder (or a separate git dir), its ``core.worktree`` leads to ``top``. Otherwise
    refused: a ``.git`` file pointing at ``~/.ssh`` would have had libgit2 write ``~/.ssh/config``."""
    common = gitdir
    if (gitdir / "commondir").is_file():
        shared = Path(_small_text(gitdir / "commondir"))
        common = Path(os.path.normpath(shared if shared.is_absolute() else gitdir / shared))
    if not ((gitdir / "HEAD").is_file() and (common / "objects").is_dir() and (common / "refs").is_dir()):
        raise FileProblem(
            f"{dot} points to {gitdir}, which is not a git repository (no HEAD, objects and refs). "
            "Nothing was changed.",
            hint=f"Check the gitdir: line in {dot}; or run git-setup in the repository's own work tree.",
        )
    if common != gitdir:
        back = Path(_small_text(gitdir / "gitdir")) if (gitdir / "gitdir").is_file() else None
        if back is not None and _same(back if back.is_absolute() else gitdir / back, dot):
            return common
        leads = f"its gitdir file leads to {back}" if back is not None else "it has no gitdir file"
    else:
        config = gitdir / "config"
        read_regular(config, _MAX_CONFIG)  # a regular file of a sane size before libgit2 opens it
        try:
            worktree = ask(gitread.config_value, config, "core.worktree")
        except gitread.GitUnreadable as exc:
            raise FileProblem(str(exc), hint="Check that file.") from None
        if worktree is not None and _same(Path(worktree) if Path(worktree).is_absolute() else gitdir / worktree, top):
            return common
        leads = f"its core.worktree is {worktree}" if worktree is not None else "it names no core.worktree"
    raise FileProblem(
        f"{dot} points to {gitdir}, a repository that does not belong to {top} ({leads}). Nothing was changed.",
        hint="If it is this work tree's repository, say so in it: "
        f"`git --git-dir={shlex.quote(str(gitdir))} config core.worktree {shlex.quote(str(top))}`; "
        "then run git-setup again.",
    )


def _same(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _attributes_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines()]


def setup(repo: str | os.PathLike[str] = ".", *, dry_run: bool = False) -> list[SetupStep]:
    """Set the driver in the repository's config and ``MEMORY.md merge=hermes-memory`` in its
    ``.gitattributes``; each step says whether it changed anything."""
    top = Path(os.path.abspath(repo))
    config = _git_dir(top) / "config"
    if config.is_symlink():
        raise FileProblem(
            f"{config} is a symbolic link; hermes-dash does not write through it.",
            hint="Set the driver by hand (see the README).",
        )
    attributes = top / ".gitattributes"
    if attributes.is_symlink():
        raise FileProblem(
            f"{attributes} is a symbolic link; hermes-dash does not write through it.",
            hint=f"Add the line {ATTRIBUTE_LINE!r} to it by hand.",
        )
    read: tuple[int, int] | None = None  # the identity of the .gitattributes read (None: absent)
    try:
        raw, st = read_regular(attributes, _MAX_ATTRIBUTES, follow=False)
        read = (st.st_dev, st.st_ino)
    except FileNotFoundError:
        raw = b""
    try:
        read_regular(config, _MAX_CONFIG)  # a regular file of a sane size (a FIFO would hang libgit2)
    except FileNotFoundError:
        pass
    return [_config_step(config, dry_run), _attributes_step(attributes, raw, read, dry_run)]


def _config_step(config: Path, dry_run: bool) -> SetupStep:
    """Name the driver in the repository's config (unless it already is)."""
    command = driver_command()
    key = f"merge.{DRIVER}.driver"
    try:
        current = ask(gitread.config_value, config, key)
    except gitread.GitUnreadable as exc:
        raise FileProblem(str(exc), hint="Check that file.") from None
    if current == command:
        return SetupStep(config, False, f"merge.{DRIVER}.driver is already {command}")
    if not dry_run:
        try:
            ask(gitread.set_config, config, {f"merge.{DRIVER}.name": DRIVER_NAME, key: command})
        except gitread.GitUnreadable as exc:
            raise FileProblem(str(exc), hint="Check that file.") from None
    return SetupStep(config, True, f"set merge.{DRIVER}.driver = {command}" + (f" (was {current})" if current else ""))


def _attributes_step(attributes: Path, raw: bytes, read: tuple[int, int] | None, dry_run: bool) -> SetupStep:
    """Add the attribute line to ``.gitattributes`` (``raw``, read with identity ``read``) unless it is there."""
    text = raw.decode("utf-8", "surrogateescape")
    lines = _attributes_lines(text)
    if ATTRIBUTE_LINE in lines:
        return SetupStep(attributes, False, f"already has the line {ATTRIBUTE_LINE!r}")
    others = [line for line in lines if line.split()[:1] == ["MEMORY.md"] and "merge" in line]
    nl = "\r\n" if "\r\n" in text else "\n"
    new = text + ("" if not text or text.endswith("\n") else nl) + ATTRIBUTE_LINE + nl
    if not dry_run:
        # A new tracked file is readable like the repository's others; an existing one keeps its bits.
        data = new.encode("utf-8", "surrogateescape")
        write_file(attributes, data, mode=0o644 if read is None else None, expect=read)
    return SetupStep(
        attributes,
        True,
        f"added the line {ATTRIBUTE_LINE!r}"
        + (f" (after {', '.join(repr(o) for o in others)}, which it overrides)" if others else ""),
    )
