"""hermes-dash: inspect and curate the Hermes Agent's MEMORY.md and USER.md.

The library's public face: the store and the reader, the home, the result and refusal types, and
the agent's version. Everything else is imported from its module by path
(``from hermes_dash.engine.views.diff import diff_entries``). The engine (``hermes_dash/engine``) is
plain Python; the layers above it (curation, integrations, demo, cli, ui) import it, never the
reverse (tests/meta/test_layers.py).
"""

from __future__ import annotations

from .engine.agents import AgentInfo, AgentRules, detect_agent
from .engine.home import HermesHome, Settings, list_profiles, load_settings, resolve_home
from .engine.io.readfile import NotReadable
from .engine.reader import MemoryReader
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
from .engine.rules.ops import Operation
from .engine.state import FileState, OpResult, TwoFileResult, Undo
from .engine.store import MemoryStore

__version__ = "0.1.0"

__all__ = [
    "AgentInfo",
    "AgentRules",
    "AmbiguousMatch",
    "ContentBlocked",
    "DriftDetected",
    "EntryChanged",
    "FileChanged",
    "FileProblem",
    "FileState",
    "HermesHome",
    "InvalidRequest",
    "MemoryReader",
    "MemoryStore",
    "NoMatch",
    "NotReadable",
    "OpResult",
    "Operation",
    "OverLimit",
    "Refusal",
    "Settings",
    "TwoFileResult",
    "Undo",
    "__version__",
    "detect_agent",
    "list_profiles",
    "load_settings",
    "resolve_home",
]
