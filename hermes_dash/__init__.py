"""hermes-dash: inspect and curate the Hermes Agent's MEMORY.md and USER.md.

The engine is plain Python (no Streamlit, no pandas); the dashboard and the command line are
thin layers over it. Public names are re-exported here from small private modules, loaded on
first use (PEP 562): `python -m hermes_dash show` must start fast, and importing the package
should not pay for difflib, prompt rendering and the rest when a command needs none of them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

__version__ = "0.1.0"

_EXPORTS = {
    "_backups": ("Backup", "list_backups"),
    "_diff": ("DiffItem", "EntryDiff", "diff_entries"),
    "_errors": ("AmbiguousMatch", "ContentBlocked", "DriftDetected", "EntryChanged", "FileChanged", "FileProblem",
                "InvalidRequest", "NoMatch", "OverLimit", "Refusal"),
    "_format": ("DEFAULT_LIMITS", "DELIMITER", "FILENAMES", "TARGETS", "detect_drift", "parse", "percent",
                "serialise", "usage"),
    "_home": ("HermesHome", "Settings", "list_profiles", "load_settings", "resolve_home"),
    "_ops": ("Match", "Operation", "Projection", "find", "prepare", "project"),
    "_render": ("parse_prompt", "render_block", "render_prompt", "sanitise"),
    "_scan": ("scan",),
    "_store": ("FileState", "MemoryStore", "OpResult", "Undo"),
}
_MODULE_OF = {name: module for module, names in _EXPORTS.items() for name in names}
__all__ = sorted(_MODULE_OF)


def __getattr__(name: str) -> object:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'hermes_dash' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:  # what type checkers and editors see: the same names, imported eagerly
    from ._backups import Backup, list_backups
    from ._diff import DiffItem, EntryDiff, diff_entries
    from ._errors import (AmbiguousMatch, ContentBlocked, DriftDetected, EntryChanged, FileChanged, FileProblem,
                          InvalidRequest, NoMatch, OverLimit, Refusal)
    from ._format import (DEFAULT_LIMITS, DELIMITER, FILENAMES, TARGETS, detect_drift, parse, percent, serialise,
                          usage)
    from ._home import HermesHome, Settings, list_profiles, load_settings, resolve_home
    from ._ops import Match, Operation, Projection, find, prepare, project
    from ._render import parse_prompt, render_block, render_prompt, sanitise
    from ._scan import scan
    from ._store import FileState, MemoryStore, OpResult, Undo
