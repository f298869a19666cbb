"""hermes-dash: inspect and curate the Hermes Agent's MEMORY.md and USER.md.

This is the engine's public face. The engine is plain Python (no Streamlit, no pandas); the
layers above it import it only through the names listed here (tests/meta/test_layers.py checks):

* ``hermes_dash.curation``: clean-up, history, the pending inbox, migration, sharing, export;
* ``hermes_dash.integrations``: git's merge driver and the Memory tab of the agent's dashboard;
* ``hermes_dash.cli``: the command line, ``hermes-dash`` / ``python -m hermes_dash``;
* ``hermes_dash.ui`` and its pages (``hermes_dash/ui/pages/``): the Streamlit dashboard.

Each name is the engine module's own name for it, never renamed. The names are loaded on first
use (PEP 562): a command imports only the modules it touches (``show`` skips difflib, the prompt
render, the views; docs/performance.md has the figures). Type checkers and editors read the
explicit re-exports in the ``TYPE_CHECKING`` block, which tests/meta/test_layers.py keeps equal
to ``__all__`` and to the table.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (a command's start-up; mypy reads it the same)

__version__ = "0.1.0"

__all__ = [
    "Action",
    "adopt_agent",
    "age",
    "agent_for_home",
    "agent_rules",
    "agent_rules_in_effect",
    "AgentInfo",
    "AgentRules",
    "ago",
    "AmbiguousMatch",
    "Backup",
    "call_reasons",
    "call_turn",
    "choose_snapshot",
    "compare_snapshot",
    "ConfigChange",
    "connection_problems",
    "ContentBlocked",
    "create_demo_home",
    "create_memory_files",
    "decode",
    "decode_lossy",
    "DEFAULT_LIMITS",
    "DELIMITER",
    "describe_batch",
    "describe_findings",
    "describe_unreadable",
    "detect_agent",
    "detect_drift",
    "diff_entries",
    "diff_live",
    "DiffItem",
    "DOORS",
    "drift_guard",
    "DriftDetected",
    "EntryChanged",
    "EntryDiff",
    "FileChanged",
    "FILENAMES",
    "FilePreview",
    "FileProblem",
    "FileState",
    "find",
    "Fingerprint",
    "following_agent",
    "freeze_snapshot",
    "frozen_snapshot_path",
    "held",
    "HermesHome",
    "InvalidRequest",
    "INVISIBLE",
    "journal_default",
    "JOURNAL_NAME",
    "journal_via",
    "JournalLine",
    "list_backups",
    "list_profiles",
    "load_frozen_snapshot",
    "load_settings",
    "lock_order",
    "LOOPBACK",
    "LOOPBACK_HOSTS",
    "Match",
    "MAX_LOCKED_WORK",
    "MAX_MEMORY_BYTES",
    "MAX_SCAN_CHARS",
    "MemoryCall",
    "MemoryStore",
    "n_entries",
    "n_of",
    "newest_snapshot",
    "NEXT_SESSION",
    "NoMatch",
    "normalise_profile",
    "NotReadable",
    "oldest_prompt",
    "Operation",
    "OpResult",
    "ORIGINS_TIMEOUT_S",
    "over_budget_text",
    "OverLimit",
    "parse",
    "parse_prompt",
    "past_of",
    "percent",
    "pin_batch",
    "plan_batch",
    "plan_plugin_enabled",
    "prepare",
    "PROFILE_ENV",
    "project",
    "Projection",
    "read_backup",
    "read_file_state",
    "read_journal",
    "read_regular",
    "read_sessions",
    "Reason",
    "Refusal",
    "render_block",
    "render_prompt",
    "resolve_home",
    "sanitise",
    "scan",
    "scan_calls",
    "serialise",
    "served_flags",
    "session_snapshot",
    "SessionInfo",
    "SessionList",
    "set_plugin_enabled",
    "Settings",
    "shorten",
    "Snapshot",
    "snapshot_since",
    "step",
    "Target",
    "target_of",
    "TARGETS",
    "TOKEN_ENV",
    "TurnMessage",
    "TwoFileResult",
    "TwoFileUndo",
    "Undo",
    "usage",
    "use_agent",
    "word_diff",
    "Work",
    "working_folders",
    "write_atomic",
    "write_private",
]

#: public name -> the engine module (under hermes_dash) that defines it under that name
_MODULE_OF = {
    "create_demo_home": "demo",
    "JOURNAL_NAME": "engine.io.journal",
    "JournalLine": "engine.io.journal",
    "read_journal": "engine.io.journal",
    "ORIGINS_TIMEOUT_S": "engine.views.origins",
    "MemoryCall": "engine.views.origins",
    "Reason": "engine.views.origins",
    "SessionInfo": "engine.views.origins",
    "TurnMessage": "engine.views.origins",
    "call_reasons": "engine.views.origins",
    "call_turn": "engine.views.origins",
    "scan_calls": "engine.views.origins",
    "oldest_prompt": "engine.views.sessions",
    "adopt_agent": "engine.agents",
    "agent_for_home": "engine.agents",
    "agent_rules": "engine.agents",
    "agent_rules_in_effect": "engine.agents",
    "AgentInfo": "engine.agents",
    "AgentRules": "engine.agents",
    "detect_agent": "engine.agents",
    "following_agent": "engine.agents",
    "use_agent": "engine.agents",
    "ConfigChange": "engine.config",
    "plan_plugin_enabled": "engine.config",
    "set_plugin_enabled": "engine.config",
    "HermesHome": "engine.home",
    "list_profiles": "engine.home",
    "load_settings": "engine.home",
    "normalise_profile": "engine.home",
    "resolve_home": "engine.home",
    "Settings": "engine.home",
    "write_atomic": "engine.io.atomic",
    "write_private": "engine.io.atomic",
    "Backup": "engine.io.backups",
    "list_backups": "engine.io.backups",
    "read_backup": "engine.io.backups",
    "journal_default": "engine.io.journal",
    "journal_via": "engine.io.journal",
    "held": "engine.io.lock",
    "describe_unreadable": "engine.io.readfile",
    "Fingerprint": "engine.io.readfile",
    "MAX_MEMORY_BYTES": "engine.io.readfile",
    "NotReadable": "engine.io.readfile",
    "read_regular": "engine.io.readfile",
    "create_memory_files": "engine.newhome",
    "FilePreview": "engine.pipeline",
    "lock_order": "engine.pipeline",
    "MAX_LOCKED_WORK": "engine.pipeline",
    "Action": "engine.rules.actions",
    "describe_batch": "engine.rules.batchplan",
    "pin_batch": "engine.rules.batchplan",
    "plan_batch": "engine.rules.batchplan",
    "AmbiguousMatch": "engine.rules.errors",
    "ContentBlocked": "engine.rules.errors",
    "DriftDetected": "engine.rules.errors",
    "EntryChanged": "engine.rules.errors",
    "FileChanged": "engine.rules.errors",
    "FileProblem": "engine.rules.errors",
    "InvalidRequest": "engine.rules.errors",
    "NoMatch": "engine.rules.errors",
    "OverLimit": "engine.rules.errors",
    "Refusal": "engine.rules.errors",
    "decode": "engine.rules.format",
    "decode_lossy": "engine.rules.format",
    "DEFAULT_LIMITS": "engine.rules.format",
    "DELIMITER": "engine.rules.format",
    "detect_drift": "engine.rules.format",
    "FILENAMES": "engine.rules.format",
    "over_budget_text": "engine.rules.format",
    "parse": "engine.rules.format",
    "percent": "engine.rules.format",
    "serialise": "engine.rules.format",
    "TARGETS": "engine.rules.format",
    "usage": "engine.rules.format",
    "find": "engine.rules.ops",
    "Match": "engine.rules.ops",
    "Operation": "engine.rules.ops",
    "prepare": "engine.rules.ops",
    "project": "engine.rules.ops",
    "Projection": "engine.rules.ops",
    "step": "engine.rules.ops",
    "Work": "engine.rules.ops",
    "describe_findings": "engine.rules.scan",
    "INVISIBLE": "engine.rules.scan",
    "MAX_SCAN_CHARS": "engine.rules.scan",
    "scan": "engine.rules.scan",
    "Target": "engine.rules.targets",
    "target_of": "engine.rules.targets",
    "LOOPBACK": "engine.serving",
    "LOOPBACK_HOSTS": "engine.serving",
    "PROFILE_ENV": "engine.serving",
    "TOKEN_ENV": "engine.serving",
    "DOORS": "engine.serving",
    "connection_problems": "engine.serving",
    "served_flags": "engine.serving",
    "TwoFileResult": "engine.state",
    "TwoFileUndo": "engine.state",
    "drift_guard": "engine.store",
    "FileState": "engine.store",
    "MemoryStore": "engine.store",
    "OpResult": "engine.store",
    "read_file_state": "engine.store",
    "Undo": "engine.store",
    "shorten": "engine.text",
    "diff_entries": "engine.views.diff",
    "DiffItem": "engine.views.diff",
    "EntryDiff": "engine.views.diff",
    "word_diff": "engine.views.diff",
    "age": "engine.views.humanize",
    "ago": "engine.views.humanize",
    "n_entries": "engine.views.humanize",
    "n_of": "engine.views.humanize",
    "NEXT_SESSION": "engine.views.humanize",
    "past_of": "engine.views.humanize",
    "parse_prompt": "engine.views.render",
    "render_block": "engine.views.render",
    "render_prompt": "engine.views.render",
    "sanitise": "engine.views.render",
    "read_sessions": "engine.views.sessions",
    "working_folders": "engine.views.sessions",
    "SessionList": "engine.views.sessions",
    "choose_snapshot": "engine.views.snapshot",
    "compare_snapshot": "engine.views.snapshot",
    "diff_live": "engine.views.snapshot",
    "freeze_snapshot": "engine.views.snapshot",
    "frozen_snapshot_path": "engine.views.snapshot",
    "load_frozen_snapshot": "engine.views.snapshot",
    "newest_snapshot": "engine.views.snapshot",
    "session_snapshot": "engine.views.snapshot",
    "Snapshot": "engine.views.snapshot",
    "snapshot_since": "engine.views.snapshot",
}


def __getattr__(name: str) -> object:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'hermes_dash' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:  # what type checkers and editors see: the same names, re-exported explicitly
    from .demo import create_demo_home as create_demo_home
    from .engine.agents import (
        AgentInfo as AgentInfo,
    )
    from .engine.agents import (
        AgentRules as AgentRules,
    )
    from .engine.agents import (
        adopt_agent as adopt_agent,
    )
    from .engine.agents import (
        agent_for_home as agent_for_home,
    )
    from .engine.agents import (
        agent_rules as agent_rules,
    )
    from .engine.agents import (
        agent_rules_in_effect as agent_rules_in_effect,
    )
    from .engine.agents import (
        detect_agent as detect_agent,
    )
    from .engine.agents import (
        following_agent as following_agent,
    )
    from .engine.agents import (
        use_agent as use_agent,
    )
    from .engine.config import (
        ConfigChange as ConfigChange,
    )
    from .engine.config import (
        plan_plugin_enabled as plan_plugin_enabled,
    )
    from .engine.config import (
        set_plugin_enabled as set_plugin_enabled,
    )
    from .engine.home import (
        HermesHome as HermesHome,
    )
    from .engine.home import (
        Settings as Settings,
    )
    from .engine.home import (
        list_profiles as list_profiles,
    )
    from .engine.home import (
        load_settings as load_settings,
    )
    from .engine.home import (
        normalise_profile as normalise_profile,
    )
    from .engine.home import (
        resolve_home as resolve_home,
    )
    from .engine.io.atomic import write_atomic as write_atomic
    from .engine.io.atomic import write_private as write_private
    from .engine.io.backups import Backup as Backup
    from .engine.io.backups import list_backups as list_backups
    from .engine.io.backups import read_backup as read_backup
    from .engine.io.journal import JOURNAL_NAME as JOURNAL_NAME
    from .engine.io.journal import JournalLine as JournalLine
    from .engine.io.journal import journal_default as journal_default
    from .engine.io.journal import journal_via as journal_via
    from .engine.io.journal import read_journal as read_journal
    from .engine.io.lock import held as held
    from .engine.io.readfile import (
        MAX_MEMORY_BYTES as MAX_MEMORY_BYTES,
    )
    from .engine.io.readfile import (
        Fingerprint as Fingerprint,
    )
    from .engine.io.readfile import (
        NotReadable as NotReadable,
    )
    from .engine.io.readfile import (
        describe_unreadable as describe_unreadable,
    )
    from .engine.io.readfile import (
        read_regular as read_regular,
    )
    from .engine.newhome import create_memory_files as create_memory_files
    from .engine.pipeline import (
        MAX_LOCKED_WORK as MAX_LOCKED_WORK,
    )
    from .engine.pipeline import (
        FilePreview as FilePreview,
    )
    from .engine.pipeline import (
        lock_order as lock_order,
    )
    from .engine.rules.actions import Action as Action
    from .engine.rules.batchplan import (
        describe_batch as describe_batch,
    )
    from .engine.rules.batchplan import (
        pin_batch as pin_batch,
    )
    from .engine.rules.batchplan import (
        plan_batch as plan_batch,
    )
    from .engine.rules.errors import (
        AmbiguousMatch as AmbiguousMatch,
    )
    from .engine.rules.errors import (
        ContentBlocked as ContentBlocked,
    )
    from .engine.rules.errors import (
        DriftDetected as DriftDetected,
    )
    from .engine.rules.errors import (
        EntryChanged as EntryChanged,
    )
    from .engine.rules.errors import (
        FileChanged as FileChanged,
    )
    from .engine.rules.errors import (
        FileProblem as FileProblem,
    )
    from .engine.rules.errors import (
        InvalidRequest as InvalidRequest,
    )
    from .engine.rules.errors import (
        NoMatch as NoMatch,
    )
    from .engine.rules.errors import (
        OverLimit as OverLimit,
    )
    from .engine.rules.errors import (
        Refusal as Refusal,
    )
    from .engine.rules.format import (
        DEFAULT_LIMITS as DEFAULT_LIMITS,
    )
    from .engine.rules.format import (
        DELIMITER as DELIMITER,
    )
    from .engine.rules.format import (
        FILENAMES as FILENAMES,
    )
    from .engine.rules.format import (
        TARGETS as TARGETS,
    )
    from .engine.rules.format import (
        decode as decode,
    )
    from .engine.rules.format import (
        decode_lossy as decode_lossy,
    )
    from .engine.rules.format import (
        detect_drift as detect_drift,
    )
    from .engine.rules.format import (
        over_budget_text as over_budget_text,
    )
    from .engine.rules.format import (
        parse as parse,
    )
    from .engine.rules.format import (
        percent as percent,
    )
    from .engine.rules.format import (
        serialise as serialise,
    )
    from .engine.rules.format import (
        usage as usage,
    )
    from .engine.rules.ops import (
        Match as Match,
    )
    from .engine.rules.ops import (
        Operation as Operation,
    )
    from .engine.rules.ops import (
        Projection as Projection,
    )
    from .engine.rules.ops import (
        Work as Work,
    )
    from .engine.rules.ops import (
        find as find,
    )
    from .engine.rules.ops import (
        prepare as prepare,
    )
    from .engine.rules.ops import (
        project as project,
    )
    from .engine.rules.ops import (
        step as step,
    )
    from .engine.rules.scan import (
        INVISIBLE as INVISIBLE,
    )
    from .engine.rules.scan import (
        MAX_SCAN_CHARS as MAX_SCAN_CHARS,
    )
    from .engine.rules.scan import (
        describe_findings as describe_findings,
    )
    from .engine.rules.scan import (
        scan as scan,
    )
    from .engine.rules.targets import Target as Target
    from .engine.rules.targets import target_of as target_of
    from .engine.serving import (
        DOORS as DOORS,
    )
    from .engine.serving import (
        LOOPBACK as LOOPBACK,
    )
    from .engine.serving import (
        LOOPBACK_HOSTS as LOOPBACK_HOSTS,
    )
    from .engine.serving import (
        PROFILE_ENV as PROFILE_ENV,
    )
    from .engine.serving import (
        TOKEN_ENV as TOKEN_ENV,
    )
    from .engine.serving import (
        connection_problems as connection_problems,
    )
    from .engine.serving import (
        served_flags as served_flags,
    )
    from .engine.state import TwoFileResult as TwoFileResult
    from .engine.state import TwoFileUndo as TwoFileUndo
    from .engine.store import (
        FileState as FileState,
    )
    from .engine.store import (
        MemoryStore as MemoryStore,
    )
    from .engine.store import (
        OpResult as OpResult,
    )
    from .engine.store import (
        Undo as Undo,
    )
    from .engine.store import (
        drift_guard as drift_guard,
    )
    from .engine.store import (
        read_file_state as read_file_state,
    )
    from .engine.text import shorten as shorten
    from .engine.views.diff import (
        DiffItem as DiffItem,
    )
    from .engine.views.diff import (
        EntryDiff as EntryDiff,
    )
    from .engine.views.diff import (
        diff_entries as diff_entries,
    )
    from .engine.views.diff import (
        word_diff as word_diff,
    )
    from .engine.views.humanize import (
        NEXT_SESSION as NEXT_SESSION,
    )
    from .engine.views.humanize import (
        age as age,
    )
    from .engine.views.humanize import (
        ago as ago,
    )
    from .engine.views.humanize import (
        n_entries as n_entries,
    )
    from .engine.views.humanize import (
        n_of as n_of,
    )
    from .engine.views.humanize import (
        past_of as past_of,
    )
    from .engine.views.origins import ORIGINS_TIMEOUT_S as ORIGINS_TIMEOUT_S
    from .engine.views.origins import MemoryCall as MemoryCall
    from .engine.views.origins import Reason as Reason
    from .engine.views.origins import SessionInfo as SessionInfo
    from .engine.views.origins import TurnMessage as TurnMessage
    from .engine.views.origins import call_reasons as call_reasons
    from .engine.views.origins import call_turn as call_turn
    from .engine.views.origins import scan_calls as scan_calls
    from .engine.views.render import (
        parse_prompt as parse_prompt,
    )
    from .engine.views.render import (
        render_block as render_block,
    )
    from .engine.views.render import (
        render_prompt as render_prompt,
    )
    from .engine.views.render import (
        sanitise as sanitise,
    )
    from .engine.views.sessions import SessionList as SessionList
    from .engine.views.sessions import oldest_prompt as oldest_prompt
    from .engine.views.sessions import read_sessions as read_sessions
    from .engine.views.sessions import working_folders as working_folders
    from .engine.views.snapshot import (
        Snapshot as Snapshot,
    )
    from .engine.views.snapshot import (
        choose_snapshot as choose_snapshot,
    )
    from .engine.views.snapshot import (
        compare_snapshot as compare_snapshot,
    )
    from .engine.views.snapshot import (
        diff_live as diff_live,
    )
    from .engine.views.snapshot import (
        freeze_snapshot as freeze_snapshot,
    )
    from .engine.views.snapshot import (
        frozen_snapshot_path as frozen_snapshot_path,
    )
    from .engine.views.snapshot import (
        load_frozen_snapshot as load_frozen_snapshot,
    )
    from .engine.views.snapshot import (
        newest_snapshot as newest_snapshot,
    )
    from .engine.views.snapshot import (
        session_snapshot as session_snapshot,
    )
    from .engine.views.snapshot import (
        snapshot_since as snapshot_since,
    )
