"""hermes-dash: inspect and curate the Hermes Agent's MEMORY.md and USER.md.

This is the engine's public face. The engine is plain Python (no Streamlit, no pandas); the
layers above it import it only through the names listed here (tests/meta/test_layers.py checks):

* ``hermes_dash.curation``: clean-up, history, the pending inbox, migration, sharing, export;
* ``hermes_dash.cli``: the command line, ``hermes-dash`` / ``python -m hermes_dash``;
* ``hermes_dash.ui`` and its pages (``hermes_dash/ui/pages/``): the Streamlit dashboard.

Public names are re-exported here from small private modules, loaded on first use (PEP 562):
``python -m hermes_dash show`` must start fast, and importing the package should not pay for
difflib, prompt rendering and the rest when a command needs none of them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

__version__ = "0.1.0"

#: module -> the names it exports. "public=private" exports a name under a clearer one where
#: the module's own name only reads well inside it (``_snapshot.freeze`` -> ``freeze_snapshot``).
_EXPORTS = {
    "engine.io.backups": ("Backup", "list_backups", "read_backup"),
    "engine.rules.batchplan": ("plan_batch", "describe_batch=describe", "pin_batch=pinned"),
    "engine.views.diff": ("DiffItem", "EntryDiff", "diff_entries", "word_diff"),
    "engine.rules.errors": ("AmbiguousMatch", "ContentBlocked", "DriftDetected", "EntryChanged", "FileChanged",
                            "FileProblem", "InvalidRequest", "NoMatch", "OverLimit", "Refusal"),
    "engine.rules.format": ("DEFAULT_LIMITS", "DELIMITER", "FILENAMES", "TARGETS", "decode_lossy", "detect_drift",
                "over_budget_text", "parse", "percent", "serialise", "usage"),
    "engine.agents": ("AgentInfo", "AgentRules", "adopt_agent=adopt", "agent_for_home=for_home",
                      "agent_rules=rules_for", "agent_rules_in_effect=active", "detect_agent=detect",
                      "following_agent=following", "use_agent=use"),
    "engine.home": ("HermesHome", "Settings", "list_profiles", "load_settings", "normalise_profile", "resolve_home"),
    "engine.move": ("TwoFileResult", "TwoFileUndo", "lock_order"),
    "engine.views.humanize": ("NEXT_SESSION", "age", "ago", "n_entries=entries", "n_of=count", "past_of=past"),
    "engine.newhome": ("create_memory_files",),
    "engine.rules.ops": ("Match", "Operation", "Projection", "find", "prepare", "project"),
    "engine.io.readfile": ("Fingerprint", "NotReadable", "describe_unreadable=describe"),
    "engine.views.render": ("parse_prompt", "render_block", "render_prompt", "sanitise"),
    "engine.rules.scan": ("MAX_SCAN_CHARS", "describe_findings=describe", "scan"),
    "engine.serving": ("DOORS", "LOOPBACK", "LOOPBACK_HOSTS", "PROFILE_ENV", "TOKEN_ENV", "connection_problems",
                       "served_flags"),
    "engine.views.sessions": ("SessionList", "read_sessions"),
    "engine.views.snapshot": ("Snapshot", "choose_snapshot=choose", "compare_snapshot=compare", "diff_live",
                  "freeze_snapshot=freeze", "frozen_snapshot_path=frozen_path", "load_frozen_snapshot=load_frozen",
                  "newest_snapshot=newest", "session_snapshot=from_session", "snapshot_since=since"),
    "engine.store": ("FileState", "MemoryStore", "OpResult", "Undo", "drift_guard", "read_file_state"),
    "engine.rules.targets": ("Target", "target_of"),
    "demo": ("create_demo_home",),
}
#: public name -> (module, name in that module)
_MODULE_OF = {public: (module, private or public)
              for module, names in _EXPORTS.items()
              for public, _, private in (name.partition("=") for name in names)}
__all__ = sorted(_MODULE_OF)


def __getattr__(name: str) -> object:
    where = _MODULE_OF.get(name)
    if where is None:
        raise AttributeError(f"module 'hermes_dash' has no attribute {name!r}")
    module, private = where
    value = getattr(importlib.import_module(f"{__name__}.{module}"), private)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:  # what type checkers and editors see: the same names, imported eagerly
    from .demo import create_demo_home
    from .engine.agents import AgentInfo, AgentRules
    from .engine.agents import active as agent_rules_in_effect
    from .engine.agents import adopt as adopt_agent
    from .engine.agents import detect as detect_agent
    from .engine.agents import for_home as agent_for_home
    from .engine.agents import following as following_agent
    from .engine.agents import rules_for as agent_rules
    from .engine.agents import use as use_agent
    from .engine.home import HermesHome, Settings, list_profiles, load_settings, normalise_profile, resolve_home
    from .engine.io.backups import Backup, list_backups, read_backup
    from .engine.io.readfile import Fingerprint, NotReadable
    from .engine.io.readfile import describe as describe_unreadable
    from .engine.move import TwoFileResult, TwoFileUndo, lock_order
    from .engine.newhome import create_memory_files
    from .engine.rules.batchplan import describe as describe_batch
    from .engine.rules.batchplan import pinned as pin_batch
    from .engine.rules.batchplan import plan_batch
    from .engine.rules.errors import (
        AmbiguousMatch,
        ContentBlocked,
        DriftDetected,
        EntryChanged,
        FileChanged,
        FileProblem,
        InvalidRequest,
        NoMatch,
        OverLimit,
        Refusal,
    )
    from .engine.rules.format import (
        DEFAULT_LIMITS,
        DELIMITER,
        FILENAMES,
        TARGETS,
        decode_lossy,
        detect_drift,
        over_budget_text,
        parse,
        percent,
        serialise,
        usage,
    )
    from .engine.rules.ops import Match, Operation, Projection, find, prepare, project
    from .engine.rules.scan import describe as describe_findings
    from .engine.rules.scan import MAX_SCAN_CHARS, scan
    from .engine.rules.targets import Target, target_of
    from .engine.serving import (DOORS, LOOPBACK, LOOPBACK_HOSTS, PROFILE_ENV, TOKEN_ENV, connection_problems,
                                  served_flags)
    from .engine.store import FileState, MemoryStore, OpResult, Undo, drift_guard, read_file_state
    from .engine.views.diff import DiffItem, EntryDiff, diff_entries, word_diff
    from .engine.views.humanize import NEXT_SESSION, age, ago
    from .engine.views.humanize import count as n_of
    from .engine.views.humanize import entries as n_entries
    from .engine.views.humanize import past as past_of
    from .engine.views.render import parse_prompt, render_block, render_prompt, sanitise
    from .engine.views.sessions import SessionList, read_sessions
    from .engine.views.snapshot import Snapshot, diff_live
    from .engine.views.snapshot import choose as choose_snapshot
    from .engine.views.snapshot import compare as compare_snapshot
    from .engine.views.snapshot import freeze as freeze_snapshot
    from .engine.views.snapshot import from_session as session_snapshot
    from .engine.views.snapshot import frozen_path as frozen_snapshot_path
    from .engine.views.snapshot import load_frozen as load_frozen_snapshot
    from .engine.views.snapshot import newest as newest_snapshot
    from .engine.views.snapshot import since as snapshot_since
