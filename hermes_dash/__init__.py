"""hermes-dash: inspect and curate the Hermes Agent's MEMORY.md and USER.md.

This is the engine's public face. The engine is plain Python (no Streamlit, no pandas); the
layers above it import it only through the names listed here (tests/test_layers.py checks):

* ``hermes_dash.curation``: clean-up, history, the pending inbox, migration, sharing, export;
* ``hermes_dash.cli``: the command line, ``hermes-dash`` / ``python -m hermes_dash``;
* ``hermes_dash.ui`` and the pages in ``app_pages/``: the Streamlit dashboard.

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
    "_backups": ("Backup", "list_backups", "read_backup"),
    "_batchplan": ("plan_batch", "describe_batch=describe", "pin_batch=pinned"),
    "_diff": ("DiffItem", "EntryDiff", "diff_entries"),
    "_errors": ("AmbiguousMatch", "ContentBlocked", "DriftDetected", "EntryChanged", "FileChanged", "FileProblem",
                "InvalidRequest", "NoMatch", "OverLimit", "Refusal"),
    "_format": ("DEFAULT_LIMITS", "DELIMITER", "FILENAMES", "TARGETS", "decode_lossy", "detect_drift",
                "over_budget_text", "parse", "percent", "serialise", "usage"),
    "_home": ("HermesHome", "Settings", "list_profiles", "load_settings", "normalise_profile", "resolve_home"),
    "_move": ("TwoFileResult", "TwoFileUndo", "lock_order"),
    "_humanize": ("NEXT_SESSION", "age", "ago", "n_entries=entries", "n_of=count", "past_of=past"),
    "_newhome": ("create_memory_files",),
    "_ops": ("Match", "Operation", "Projection", "find", "prepare", "project"),
    "_readfile": ("Fingerprint", "NotReadable", "describe_unreadable=describe"),
    "_render": ("parse_prompt", "render_block", "render_prompt", "sanitise"),
    "_scan": ("MAX_SCAN_CHARS", "describe_findings=describe", "scan"),
    "_serving": ("LOOPBACK", "LOOPBACK_HOSTS", "PROFILE_ENV", "TOKEN_ENV"),
    "_sessions": ("SessionList", "read_sessions"),
    "_snapshot": ("Snapshot", "choose_snapshot=choose", "compare_snapshot=compare", "diff_live",
                  "freeze_snapshot=freeze", "frozen_snapshot_path=frozen_path", "load_frozen_snapshot=load_frozen",
                  "newest_snapshot=newest", "session_snapshot=from_session", "snapshot_since=since"),
    "_store": ("FileState", "MemoryStore", "OpResult", "Undo", "drift_guard", "read_file_state"),
    "_targets": ("Target", "target_of"),
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
    from ._backups import Backup, list_backups, read_backup
    from ._batchplan import describe as describe_batch, pinned as pin_batch, plan_batch
    from ._diff import DiffItem, EntryDiff, diff_entries
    from ._errors import (AmbiguousMatch, ContentBlocked, DriftDetected, EntryChanged, FileChanged, FileProblem,
                          InvalidRequest, NoMatch, OverLimit, Refusal)
    from ._format import (DEFAULT_LIMITS, DELIMITER, FILENAMES, TARGETS, decode_lossy, detect_drift,
                          over_budget_text, parse, percent, serialise, usage)
    from ._home import HermesHome, Settings, list_profiles, load_settings, normalise_profile, resolve_home
    from ._humanize import NEXT_SESSION, age, ago, count as n_of, entries as n_entries, past as past_of
    from ._move import TwoFileResult, TwoFileUndo, lock_order
    from ._newhome import create_memory_files
    from ._ops import Match, Operation, Projection, find, prepare, project
    from ._readfile import Fingerprint, NotReadable, describe as describe_unreadable
    from ._render import parse_prompt, render_block, render_prompt, sanitise
    from ._scan import MAX_SCAN_CHARS, describe as describe_findings, scan
    from ._serving import LOOPBACK, LOOPBACK_HOSTS, PROFILE_ENV, TOKEN_ENV
    from ._sessions import SessionList, read_sessions
    from ._snapshot import (Snapshot, choose as choose_snapshot, compare as compare_snapshot, diff_live,
                            freeze as freeze_snapshot, from_session as session_snapshot,
                            frozen_path as frozen_snapshot_path, load_frozen as load_frozen_snapshot,
                            newest as newest_snapshot, since as snapshot_since)
    from ._store import FileState, MemoryStore, OpResult, Undo, drift_guard, read_file_state
    from ._targets import Target, target_of
    from .demo import create_demo_home
