"""Which Hermes agent uses a home, and the rules of each agent version as one table (docs/agents.md).

Releases differ in a few rules a person sees (the content scan's patterns, whether ``target: null``
means memory, how a leading BOM is read, ...). Each row of :data:`TABLE` states one version's
rules; the engine asks :func:`active` for the row in effect and never tests a version itself.
:func:`detect` finds the agent installed for a home; :func:`adopt` makes its row the one in
effect for this process (the command line and the dashboard call it once per home).

Every released row is checked against that agent's own code, installed in a venv of its own, by
tests/conformance (0.20.1 and 0.22.2 as the packagings that carry them, docs/agents.md); the
``main`` row (the installer's git checkout of upstream main) has the newest row's rules.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hermes_dash.engine.agent_find import Found


@dataclass(frozen=True)
class AgentRules:
    """One agent version's rules, where versions differ. Plain data: compare, show, store.

    The fields after ``keeps_bom`` arrived with 0.20 or 0.22; their defaults are the rules of
    0.18.0 to 0.19.0 (docs/agents.md#where-versions-differ has each one's reason)."""

    version: str  # "0.19.0"; "main" for a git checkout of upstream main
    scan: str  # the pattern set its content scan uses (a key of ``_scan.PATTERN_SETS``)
    null_target_is_memory: bool  # ``target: null`` means memory (else it is refused)
    exact_match_wins: bool  # an entry equal to old_text is the target even when others contain it
    refuses_emptying_batch: bool  # a batch that would leave a non-empty store empty is refused
    keeps_bom: bool  # a leading BOM is read as a character of the first entry (and written back)
    #: Its ``apply_memory_pending`` (0.22): a staged record needs its ``target``, a staged replace,
    #: remove or patch its ``matched_entry`` pin, and a ``patch`` edits exactly one span of the
    #: pinned entry (docs/pending.md). False: the record replays as 0.19.0 replays it.
    pinned_replay: bool = False
    #: Its config.yaml reader (0.22's ``hermes_yaml``): a key named twice in one mapping makes the
    #: file unreadable, and an unreadable file gives way to the newest ``backups/config/`` copy
    #: that parsed (else the defaults). False: PyYAML, the last of two keys wins.
    strict_config: bool = False
    #: A file that is not UTF-8 loads as no entries (no block in the prompt); older agents cannot
    #: start a session on it at all. Writes to it are refused either way.
    undecodable_loads_empty: bool = False
    folds_typography: bool = False  # no literal match: quotes, dashes, whitespace runs, "\n" folded
    layout_is_drift: bool = True  # a file that does not round-trip has drifted (else only a too-long entry)
    new_text_alias: bool = False  # ``new_text`` stands for ``content``
    new_text_fills_empty: bool = False  # ... also when ``content`` is "" (else only when it is missing)
    batch_op_target_checked: bool = False  # a batch op naming another target than the call's is refused
    tool_has_replace: bool = True  # the agent's tool offers replace (0.22: patch and remove only)
    disabled_store_refuses_writes: bool = False  # memory_enabled / user_profile_enabled false: writes refused
    #: How a ``[BLOCKED: ...]`` placeholder tells the model to delete the original ({target}: its key).
    blocked_remove_call: str = "memory(action=remove)"

    @property
    def released(self) -> bool:
        return self.version != "main"


_V019 = AgentRules(
    "0.19.0", "0.18", null_target_is_memory=True, exact_match_wins=False, refuses_emptying_batch=False, keeps_bom=True
)
_V020 = replace(_V019, version="0.20.1", keeps_bom=False, undecodable_loads_empty=True, new_text_alias=True)
_V022 = replace(
    _V020,
    version="0.22.2",
    scan="0.22",
    null_target_is_memory=False,
    exact_match_wins=True,
    refuses_emptying_batch=True,
    folds_typography=True,
    layout_is_drift=False,
    new_text_fills_empty=True,
    batch_op_target_checked=True,
    tool_has_replace=False,
    disabled_store_refuses_writes=True,
    blocked_remove_call="memory(action=remove, target='{target}')",
    pinned_replay=True,
    strict_config=True,
)

#: Every agent version hermes-dash knows, oldest first. A release not listed follows the newest
#: row at or below it; a git checkout follows ``main`` (the newest row's rules); an unknown agent
#: follows :data:`NEWEST`.
TABLE: tuple[AgentRules, ...] = (
    replace(_V019, version="0.18.0", null_target_is_memory=False),
    replace(_V019, version="0.18.1"),
    _V019,
    _V020,
    _V022,
    replace(_V022, version="main"),
)
RELEASES = tuple(r for r in TABLE if r.released)
OLDEST = RELEASES[0]
#: The newest row hermes-dash is checked against (upstream main follows it).
LATEST = RELEASES[-1]
#: The rules of an agent hermes-dash cannot find: 0.19.0, the newest release of the official
#: ``hermes-agent`` package (0.20 and 0.22 are on the index only as repackagings). Kept there so
#: that a home without a detected agent keeps the rules it had before the 0.20/0.22 rows.
NEWEST = _V019
_BY_VERSION = {r.version: r for r in TABLE}


def _key(version: str) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", version)[:3])


def rules_for(version: str | None) -> AgentRules:
    """The row for ``version`` ("0.19.0", "0.22.2.post1", "main", or None: unknown -> :data:`NEWEST`).

    A release between two rows follows the older one (nothing changed until the next row); one
    older than the oldest row follows the oldest (see docs/agents.md for what then differs)."""
    if version is None:
        return NEWEST
    if version in _BY_VERSION:
        return _BY_VERSION[version]
    if not re.match(r"^\d+\.\d+", version):
        return NEWEST
    at_or_below = [r for r in RELEASES if _key(r.version) <= _key(version)]
    return at_or_below[-1] if at_or_below else OLDEST


# -- detection ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class AgentInfo:
    """The agent found for a home: its version (None: unknown), where, how, and the rules followed."""

    version: str | None  # the version its code declares, else its package record's
    kind: str  # "release" (an installed hermes-agent package), "checkout" (a git checkout), "unknown"
    found_at: str | None
    rules: AgentRules
    commit: str | None = None
    record: str | None = None  # the package record's version, when it differs from the code's
    released: str | None = None  # the code's ``__release_date__``
    package_dir: str | None = field(default=None, compare=False)  # the folder holding its ``hermes_cli``

    @property
    def web_dashboard(self) -> bool | None:
        """Whether its ``hermes dashboard`` has a web front end to show (``hermes_cli/web_dist``, which
        both repackagings leave out); None when no agent's files were found."""
        if self.package_dir is None:
            return None
        return os.path.isdir(os.path.join(self.package_dir, "hermes_cli", "web_dist"))

    @property
    def supported(self) -> bool:
        return self.version is None or self.kind == "checkout" or _key(self.version) >= _key(OLDEST.version)

    def _rules_words(self) -> str:
        return "upstream main" if self.rules.version == "main" else self.rules.version

    def describe(self, path: Callable[[str], str] = str) -> str:
        """One line for the place where the home is named; ``path`` formats the path in it (a page
        shows it as a code span)."""
        if self.kind == "unknown":
            return f"Hermes not found here; using the rules of {self.rules.version}, the newest release of hermes-agent"
        if self.kind == "checkout":
            commit = f", commit {self.commit[:10]}" if self.commit else ""
            version = f" (version {self.version})" if self.version else ""
            where = path(str(self.found_at))
            return f"Hermes git checkout{version}{commit} (found at {where}): the rules of {self._rules_words()}"
        witness = f"code {self.version}, package record {self.record}; " if self.record else ""
        line = f"Hermes {self.version} ({witness}found at {path(str(self.found_at))})"
        if _key(self.rules.version) != _key(self.version or ""):  # 0.22.2.post1 is 0.22.2's row itself
            line += f": the rules of {self.rules.version}"
        if not self.supported:
            line += f" (older than {OLDEST.version}, the oldest release hermes-dash is checked against)"
        return line

    def to_dict(self) -> dict[str, object]:
        return {
            "version": self.version,
            "kind": self.kind,
            "found_at": self.found_at,
            "commit": self.commit,
            "package_record": self.record,
            "release_date": self.released,
            "rules": self.rules.version,
            "supported": self.supported,
            "description": self.describe(),
        }


def detect(root: str | os.PathLike[str] | None = None, path: str | None = None) -> AgentInfo:
    """The agent that uses the Hermes home under ``root`` (the home's root folder).

    Where people install it, in order (docs/agents.md#how-it-knows-which-agent-is-there): the
    agent's own process when hermes-dash was started by its dashboard; the installer's git
    checkout ``<root>/hermes-agent``; a launcher (``hermes``, ``hermesx``) on ``path`` (default
    ``$PATH``) or in ``~/.local/bin`` and the venv its ``#!`` line names; pipx's and ``uv tool``'s
    venvs; a hermes-agent package in this Python. Else unknown. The version is the one its code
    declares, the package record a second witness; a checkout follows the row of the version its
    code declares (``main`` when it declares none). Reads text only, each file through the
    bounded reader; imports and runs nothing."""
    from hermes_dash.engine import agent_find as find

    dashboard = find.from_dashboard()
    checkout = find.checkout(Path(root)) if root is not None else None
    # The dashboard's own agent, unless it runs from the installer's checkout (its venv inside it).
    if dashboard is not None and not (checkout and dashboard.venv and checkout[0] in dashboard.venv.parents):
        return _release(dashboard)
    if checkout is not None:
        repo, version, commit = checkout
        code = find.code_version(repo)
        released = code.released if code else None
        rules = rules_for(version or "main")
        return AgentInfo(version, "checkout", str(repo), rules, commit, released=released, package_dir=str(repo))
    for found in find.installed(path):
        return _release(found)
    return AgentInfo(None, "unknown", None, NEWEST)


def _release(found: Found) -> AgentInfo:
    rules = rules_for(found.version)
    where = str(found.package_dir) if found.package_dir else None
    return AgentInfo(found.version, "release", found.where, rules, None, found.record, found.released, where)


# -- the rules in effect ------------------------------------------------------------------------

_ACTIVE: contextvars.ContextVar[AgentRules | None] = contextvars.ContextVar("hermes_dash_agent_rules", default=None)
_PROCESS: list[AgentRules] = [NEWEST]


def active() -> AgentRules:
    """The rules the engine follows now: :func:`following`'s, else :func:`adopt`'s, else NEWEST."""
    return _ACTIVE.get() or _PROCESS[0]


agent_rules_in_effect = active  # its name on the public face


@contextlib.contextmanager
def following(rules: AgentRules | str) -> Iterator[AgentRules]:
    """Follow ``rules`` (a row or a version) inside the block, in this thread/context only."""
    row = rules if isinstance(rules, AgentRules) else rules_for(rules)
    token = _ACTIVE.set(row)
    try:
        yield row
    finally:
        _ACTIVE.reset(token)


def adopt(info: AgentInfo) -> AgentInfo:
    """Follow ``info.rules`` from now on in this process (one home per process: the CLI, the app)."""
    _PROCESS[0] = info.rules
    return info


# -- per home, cached ----------------------------------------------------------------------------

DETECT_TTL_S = 10.0
_FOUND: dict[tuple[str | None, ...], tuple[float, AgentInfo]] = {}
#: The variables detection reads (agent_find): another value is another answer, and unset is not
#: empty (no ``PATH`` searches the system's default path; an empty one searches nothing).
_LOOKED_AT = ("PATH", "HOME", "XDG_DATA_HOME", "PIPX_HOME", "UV_TOOL_DIR", "HERMES_DASH_AGENT_PREFIX")


def for_home(root: str | os.PathLike[str], ttl: float = DETECT_TTL_S) -> AgentInfo:
    """:func:`detect` for a home's root, remembered for ``ttl`` seconds: a page asks on every run,
    and an agent is installed or updated far less often than that."""
    import time

    key = (os.fspath(root), *(os.environ.get(name) for name in _LOOKED_AT))
    now = time.monotonic()
    hit = _FOUND.get(key)
    if hit is not None and now - hit[0] < ttl:
        return hit[1]
    info = detect(root)
    if len(_FOUND) > 64:
        _FOUND.clear()
    _FOUND[key] = (now, info)
    return info


def use(info: AgentInfo) -> AgentInfo:
    """Follow ``info.rules`` from now on in this context only (one dashboard run: each browser
    session may show another home, so the process-wide :func:`adopt` would not do)."""
    _ACTIVE.set(info.rules)
    return info


# The names the package face exports (the face re-exports, never renames): `agent_for_home`
# reads better than `for_home` outside this module.
adopt_agent, detect_agent, agent_for_home, following_agent, agent_rules, use_agent = (
    adopt,
    detect,
    for_home,
    following,
    rules_for,
    use,
)

__all__ = [
    "adopt_agent",
    "agent_for_home",
    "agent_rules",
    "agent_rules_in_effect",
    "AgentInfo",
    "AgentRules",
    "detect_agent",
    "following_agent",
    "use_agent",
]
