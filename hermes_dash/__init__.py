"""hermes-dash: inspect and curate the Hermes Agent's MEMORY.md and USER.md.

The engine is plain Python (no Streamlit, no pandas); the dashboard and the command line are
thin layers over it. Public names are re-exported here from small private modules.
"""

from __future__ import annotations

from ._backups import Backup, list_backups
from ._diff import DiffItem, EntryDiff, diff_entries
from ._errors import (
    AmbiguousMatch,
    ContentBlocked,
    DriftDetected,
    FileProblem,
    InvalidRequest,
    NoMatch,
    OverLimit,
    Refusal,
)
from ._format import DEFAULT_LIMITS, DELIMITER, FILENAMES, TARGETS, detect_drift, parse, percent, serialise, usage
from ._home import HermesHome, Settings, list_profiles, load_settings, resolve_home
from ._ops import Match, Operation, find
from ._render import parse_prompt, render_block, render_prompt, sanitise
from ._scan import scan
from ._store import FileState, MemoryStore, OpResult

__version__ = "0.1.0"

__all__ = [
    "DEFAULT_LIMITS", "DELIMITER", "FILENAMES", "TARGETS",
    "AmbiguousMatch", "Backup", "ContentBlocked", "DiffItem", "DriftDetected", "EntryDiff", "FileProblem",
    "FileState", "HermesHome", "InvalidRequest", "Match", "MemoryStore", "NoMatch", "OpResult", "Operation",
    "OverLimit", "Refusal", "Settings",
    "detect_drift", "diff_entries", "find", "list_backups", "list_profiles", "load_settings", "parse",
    "parse_prompt", "percent", "render_block", "render_prompt", "resolve_home", "sanitise", "scan",
    "serialise", "usage",
]
