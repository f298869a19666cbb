"""The one way hermes-dash runs git: questions that make git run no program of the repository's.

A memory folder may sit inside any repository, including one someone else made, and merely
looking at it must not run their code. Blanking the programs a config names cannot be complete
(``git -c filter.a=b.clean=`` is read as the key ``filter.a``, so a filter whose name holds
``=`` survived it), so this module asks only questions git answers without running a filter
at all, and refuses every other command:

* ``rev-parse``, ``ls-files``, ``ls-tree``, ``check-ignore``: read refs, the index, trees and
  ignore files;
* ``hash-object --no-filters --stdin``: the blob id of bytes we read ourselves (never a path,
  which would let git pick the file's clean filter);
* ``cat-file`` without ``--filters`` / ``--textconv``: a stored object as stored;
* ``blame`` of a named revision (``REV -- PATH``), with ``--no-textconv`` always added: a blame
  without a revision reads the working file through its clean filter, and textconv runs a
  program.

On top, every run switches off what git could start by itself (pager, fsmonitor, hooks,
external diff, askpass/ssh/editor commands, the system config), drops the environment
variables that inject config, sets ``GIT_OPTIONAL_LOCKS=0`` (not even an index refresh is
written), reads no standard input but what is given, and stops after :data:`GIT_TIMEOUT_S`.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

GIT_TIMEOUT_S = 5.0

_NO_PROGRAMS = (
    "--no-pager",
    "-c",
    "core.fsmonitor=false",
    "-c",
    "core.hooksPath=/dev/null",
    "-c",
    "core.pager=cat",
    "-c",
    "diff.external=",
    "-c",
    "core.untrackedCache=false",
    "-c",
    "core.askPass=",
    "-c",
    "core.sshCommand=",
    "-c",
    "core.editor=true",
    "-c",
    "core.alternateRefsCommand=",
    "-c",
    "protocol.allow=never",
)
_ENV_DROPPED = (
    "GIT_EXTERNAL_DIFF",
    "GIT_PAGER",
    "PAGER",
    "GIT_ASKPASS",
    "SSH_ASKPASS",
    "GIT_SSH",
    "GIT_SSH_COMMAND",
    "GIT_EDITOR",
    "GIT_CONFIG_PARAMETERS",
    "GIT_CONFIG_COUNT",
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_INDEX_FILE",
    "GIT_CONFIG_GLOBAL",
    "GIT_CONFIG_SYSTEM",
    "GIT_ATTR_SOURCE",
)
#: The subcommands that never run a filter (with the checks in :func:`_unsafe`).
SAFE_COMMANDS = ("rev-parse", "ls-files", "ls-tree", "check-ignore", "hash-object", "cat-file", "blame")


class UnsafeGitCommand(ValueError):
    """A git command that could run a program of the repository's; a bug in the caller."""


def _env() -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in _ENV_DROPPED and not k.startswith("GIT_CONFIG_KEY_") and not k.startswith("GIT_CONFIG_VALUE_")
    }
    env.update(
        {
            "GIT_OPTIONAL_LOCKS": "0",
            "GIT_TERMINAL_PROMPT": "0",
            "LC_ALL": "C",
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_PAGER": "cat",
            "PAGER": "cat",
        }
    )
    return env


def _unsafe(args: list[str]) -> str | None:
    """Why ``args`` could make git run a filter or another program; None when it cannot."""
    if not args or args[0] not in SAFE_COMMANDS:
        named = args[0] if args else ""
        return f"git {named} is not one of the commands that run no filter ({', '.join(SAFE_COMMANDS)})"
    command, rest = args[0], args[1:]
    if command == "hash-object" and (
        "--no-filters" not in rest
        or "--stdin" not in rest
        or "--path" in rest
        or any(a.startswith("--path=") for a in rest)
        or "-w" in rest
    ):
        return "hash-object must read --stdin with --no-filters (no path, no write)"
    if command == "cat-file" and any(
        a in ("--filters", "--textconv") or a.startswith(("--filters", "--textconv", "--batch")) for a in rest
    ):
        return "cat-file --filters / --textconv / --batch run the repository's filters"
    if command == "ls-files" and any(a in ("-m", "--modified", "-d", "--deleted", "-o", "--others") for a in rest):
        return "ls-files --modified / --deleted / --others compare the working tree (filters)"
    if command == "blame":
        if any(a == "--contents" or a.startswith("--contents=") for a in rest) or "--" not in rest:
            return "blame needs a revision and `-- PATH` (never the working file or --contents)"
        before = rest[: rest.index("--")]
        if (
            not before
            or before[-1].startswith("-")
            or (len(before) > 1 and before[-2] in ("-L", "-S", "--ignore-rev", "--ignore-revs-file"))
        ):
            return "blame needs a revision right before `--` (a blame of the working file runs its clean filter)"
    return None


def run_git(
    args: list[str],
    cwd: Path,
    *,
    input: bytes | None = None,  # noqa: A002 - subprocess's name
    timeout: float = GIT_TIMEOUT_S,
) -> subprocess.CompletedProcess[bytes]:
    """Run ``git ARGS`` in ``cwd`` so that it runs nothing of the repository's (module docstring).

    Raises :class:`UnsafeGitCommand` for a command outside that set, ``subprocess.TimeoutExpired``
    after ``timeout`` and ``OSError`` when git cannot be started. Output is bytes (paths may be
    any bytes); decode with ``errors="replace"`` where shown.
    """
    if why := _unsafe(args):
        raise UnsafeGitCommand(why)
    if args[0] == "blame":
        args = ["blame", "--no-textconv", *args[1:]]
    return subprocess.run(
        ["git", *_NO_PROGRAMS, *args],
        cwd=cwd,
        capture_output=True,
        input=input,
        stdin=None if input is not None else subprocess.DEVNULL,
        timeout=timeout,
        env=_env(),
        check=False,
    )
