"""Where an installed Hermes agent is, and its version, from its metadata alone (docs/agents.md).

Every place people install the agent is looked at: the installer's git checkout under the home,
the ``hermes`` launcher (on ``PATH`` or in ``~/.local/bin``) and the venv its ``#!`` line names,
pipx's and ``uv tool``'s venvs, and the agent's own process when its dashboard started
hermes-dash (the Memory tab passes its ``sys.prefix`` as :data:`DASHBOARD_PREFIX`). Only names,
``#!`` lines, a dist-info's ``METADATA``, a ``pyproject.toml`` and git's ``HEAD`` and refs are
read, each through :mod:`~hermes_dash.engine.io.readfile` with its bound: no agent code is
imported or run, and a FIFO, a device or a huge file there is "not found", never a hang.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from hermes_dash.engine.io.readfile import (
    MAX_METADATA_BYTES,
    MAX_PACKED_REFS_BYTES,
    MAX_REF_BYTES,
    MAX_SHEBANG_BYTES,
    read_regular,
    read_text_or_none,
)
from hermes_dash.engine.io.which import which
from hermes_dash.engine.rules.errors import FileProblem

#: Set by the Memory tab's backend (inside the agent's ``hermes dashboard``) for the hermes-dash it
#: starts: that Python's ``sys.prefix``, whose site-packages holds the running agent.
DASHBOARD_PREFIX = "HERMES_DASH_AGENT_PREFIX"
#: What a version may look like (PEP 440's characters, a sane length): anything else is unknown.
_VERSION = re.compile(r"^[0-9][0-9A-Za-z.+!_-]{0,39}$")
_DIST = re.compile(r"^hermes_agent-(?P<version>[^-]+)\.dist-info$")
_OBJECT_ID = re.compile(r"^(?:[0-9a-f]{40}|[0-9a-f]{64})$")
#: A branch name git itself would accept (git-check-ref-format), kept to ``refs/``: no ``..``, no
#: component starting with a dot or ending in ``.lock``, none of `` ~^:?*[\`` or control characters.
_REF_PART = r"(?!\.)(?:(?!\.\.|@\{)[^\x00-\x20\x7f ~^:?*\[\\/])+(?<!\.lock)(?<!\.)"
_REFNAME = re.compile(rf"^refs/(?:{_REF_PART}/)*{_REF_PART}$")


@dataclass(frozen=True)
class Found:
    version: str
    where: str  # what is named in "found at ...": the launcher, the venv or the site-packages
    venv: Path | None = None  # the venv it is installed in, when known


def _version(text: str | None) -> str | None:
    return text if text is not None and _VERSION.match(text) else None


def site_version(site: Path) -> str | None:
    """The hermes-agent version installed in a site-packages folder: its dist-info's ``METADATA``
    ``Version:`` (the folder's name when that file cannot be read)."""
    try:
        names = os.listdir(site)
    except OSError:
        return None
    found = []
    for match in filter(None, map(_DIST.match, names)):
        meta = read_text_or_none(site / match[0] / "METADATA", MAX_METADATA_BYTES)
        declared = None
        if meta is not None:
            head = meta.split("\n\n", 1)[0]  # the headers; the long description follows
            if re.search(r"^Name:\s*hermes[-_.]agent\s*$", head, re.MULTILINE | re.IGNORECASE):
                got = re.search(r"^Version:\s*(\S+)\s*$", head, re.MULTILINE)
                declared = _version(got[1]) if got else None
        if (version := declared or _version(match["version"])) is not None:
            found.append(version)
    return max(found, key=_key) if found else None


def _key(version: str) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", version)[:3])


def _sites(venv: Path) -> Iterator[Path]:
    try:
        lib = sorted(n for n in os.listdir(venv / "lib") if n.startswith("python3"))
    except OSError:
        return
    for name in lib:
        yield venv / "lib" / name / "site-packages"


def _in_venv(venv: Path, where: str) -> Found | None:
    for site in _sites(venv):
        if (version := site_version(site)) is not None:
            return Found(version, where, venv)
    return None


def _interpreter(script: Path) -> Path | None:
    """The interpreter a script's ``#!`` line names (its first word), or None."""
    try:
        first = read_regular(script, MAX_SHEBANG_BYTES, start_only=True)[0].split(b"\n", 1)[0]
    except (OSError, ValueError, FileProblem):  # not readable: no interpreter known
        return None
    if not first.startswith(b"#!"):
        return None
    words = first[2:].strip().split()
    return Path(os.fsdecode(words[0])) if words else None


def launcher(command: Path) -> Found | None:
    """The agent a ``hermes`` launcher runs: the venv its ``#!`` interpreter belongs to (not
    resolved: a venv's python is a link to the system one), else the venv the launcher sits in
    (itself, then the file a link of it points at: the installer links ``~/.local/bin/hermes``)."""
    venvs = []
    if (python := _interpreter(command)) is not None:
        venvs.append(python.parent.parent)
    venvs.append(command.parent.parent)
    try:
        venvs.append(command.resolve().parent.parent)
    except (OSError, RuntimeError):
        pass
    for venv in dict.fromkeys(venvs):
        if (found := _in_venv(venv, str(command))) is not None:
            return found
    return None


def _tool_venvs() -> Iterator[Path]:
    """pipx's and ``uv tool``'s venvs named hermes-agent, where their defaults or variables put them."""
    home = Path(os.path.expanduser("~"))
    data = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    if pipx := os.environ.get("PIPX_HOME"):
        yield Path(pipx) / "venvs" / "hermes-agent"
    yield data / "pipx" / "venvs" / "hermes-agent"
    yield home / ".local" / "pipx" / "venvs" / "hermes-agent"  # pipx before 1.3
    if uv := os.environ.get("UV_TOOL_DIR"):
        yield Path(uv) / "hermes-agent"
    yield data / "uv" / "tools" / "hermes-agent"


def installed(path: str | None = None) -> Iterator[Found]:
    """Every released agent found, best first: the launcher on ``path``, ``~/.local/bin/hermes``,
    pipx's and uv's venvs, this Python's own site-packages."""
    commands = [which("hermes", path), os.path.join(os.path.expanduser("~"), ".local", "bin", "hermes")]
    for command in dict.fromkeys(c for c in commands if c):
        if os.path.exists(command) and (found := launcher(Path(command))) is not None:
            yield found
    for venv in _tool_venvs():
        if (found := _in_venv(venv, str(venv))) is not None:
            yield found
    for entry in sys.path:
        if entry.endswith("site-packages") and (version := site_version(Path(entry))):
            yield Found(version, entry)


def from_dashboard() -> Found | None:
    """The agent whose dashboard started this hermes-dash (its Memory tab sets :data:`DASHBOARD_PREFIX`)."""
    prefix = os.environ.get(DASHBOARD_PREFIX)
    if not prefix or not os.path.isabs(prefix):
        return None
    found = _in_venv(Path(prefix), prefix)
    return Found(found.version, f"{prefix} (the dashboard that started this)", Path(prefix)) if found else None


def checkout(root: Path) -> tuple[Path, str | None, str | None] | None:
    """The installer's git checkout (``<root>/hermes-agent``): its path, pyproject version, commit."""
    repo = root / "hermes-agent"
    git = repo / ".git"
    if not git.exists():
        return None
    version = None
    if (text := read_text_or_none(repo / "pyproject.toml", MAX_METADATA_BYTES, follow=False)) is not None:
        match = re.search(r'^version\s*=\s*"([^"\n]+)"', text, re.MULTILINE)
        version = _version(match[1]) if match else None
    return repo, version, head_commit(git)


def head_commit(git: Path) -> str | None:
    """The commit ``HEAD`` names: an object id, or a valid ref inside ``.git`` (its file, else
    ``packed-refs``) holding one. Anything else, a ref like ``../../etc/passwd`` included, is None:
    only a 40- or 64-digit hex id ever leaves here."""
    head = read_text_or_none(git / "HEAD", MAX_REF_BYTES, follow=False)
    if head is None:
        return None
    head = head.strip()
    if _OBJECT_ID.match(head):
        return head
    if not head.startswith("ref: ") or not _REFNAME.match(ref := head[5:].strip()):
        return None
    loose = read_text_or_none(git.joinpath(*ref.split("/")), MAX_REF_BYTES, follow=False)
    if loose is not None:
        return loose.strip() if _OBJECT_ID.match(loose.strip()) else None
    packed = read_text_or_none(git / "packed-refs", MAX_PACKED_REFS_BYTES, follow=False) or ""
    for line in packed.splitlines():
        parts = line.split(" ")
        if len(parts) == 2 and parts[1] == ref and _OBJECT_ID.match(parts[0]):
            return parts[0]
    return None
