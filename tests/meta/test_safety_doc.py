"""docs/safety.md lists every Streamlit option the gate checks and every bound with its number."""

from __future__ import annotations

from repo import ROOT

from hermes_dash.curation import blame, gitworker, invisible
from hermes_dash.engine import home
from hermes_dash.engine.io import journal, outside, readfile
from hermes_dash.engine.serving import DOORS
from hermes_dash.engine.views import sessions, statedb, statedb_child
from hermes_dash.ui import _tables

DOC = (ROOT / "docs" / "safety.md").read_text(encoding="utf-8")


def test_every_option_the_gate_checks_is_listed() -> None:
    for door in DOORS:
        assert f"| `{door.name}` |" in DOC, door.name


def test_every_bound_is_stated_with_its_number() -> None:
    numbers = {
        "config.yaml bytes": f"{home.MAX_CONFIG_BYTES:,} bytes",
        "config.yaml values": f"{home.MAX_CONFIG_NODES:,} values",
        "config.yaml depth": f"{home.MAX_CONFIG_DEPTH} levels",
        "prompt characters read": f"{sessions.MAX_PROMPT_CHARS:,} characters",
        "largest SQLite value": f"{sessions.MAX_VALUE_BYTES >> 20} MiB",
        "state.db query time": f"{sessions.QUERY_TIMEOUT_S:g} s",
        "git history read": f"at most the last {blame.GIT_MAX_COMMITS} commits",
        "git question time": f"a {gitworker.GIT_TIMEOUT_S:g} s limit",
        "state.db rows": f"{statedb.MAX_ROWS:,} rows and {statedb.MAX_READ_BYTES >> 20} MiB",
        "state.db SQL length": f"{statedb.LIMITS['SQLITE_LIMIT_SQL_LENGTH']:,} bytes",
        "state.db expression depth": f"{statedb.LIMITS['SQLITE_LIMIT_EXPR_DEPTH']} deep",
        "state.db compound selects": f"{statedb.LIMITS['SQLITE_LIMIT_COMPOUND_SELECT']} compound",
        "state.db open time": f"after {statedb.OPEN_TIMEOUT_S:g} s",
        "state.db failure memory": f"{statedb.FAILED_TTL_S:g} s for that version",
        "state.db child kill": f"killed {statedb_child.KILL_GRACE_S:g} s after the read's deadline",
        "state.db child memory": f"grow by {statedb_child.MEMORY_BYTES >> 20} MiB at most",
        "memory file bytes": f"{readfile.MAX_MEMORY_BYTES:,} bytes",
        "agent metadata": f"{readfile.MAX_METADATA_BYTES:,} bytes for a `pyproject.toml`",
        "git ref": f"{readfile.MAX_REF_BYTES:,} bytes for git's `HEAD`",
        "packed-refs": f"{readfile.MAX_PACKED_REFS_BYTES:,} bytes for `packed-refs`",
        "shebang": f"first {readfile.MAX_SHEBANG_BYTES} bytes of a `hermes` launcher",
        "shipped files": f"{readfile.MAX_PACKAGE_FILE_BYTES:,} bytes for the files hermes-dash ships",
        "journal read": f"{journal.MAX_BYTES * 2:,} bytes",
        "journal line": f"{journal.MAX_LINE_CHARS:,} characters",
        "journal size": f"{journal.MAX_BYTES:,} bytes",
        "JSON depth": f"{outside.MAX_JSON_DEPTH} levels deep",
        "JSON length": f"{outside.MAX_JSON_CHARS:,} characters",
        "JSON digits": f"{outside.MAX_NUMBER_DIGITS} digits",
        "latest time": f"1 January {outside.LATEST.year}",
        "rows per table page": f"{_tables.PAGE_ROWS} rows at a time",
        "characters per cell": f"{_tables.CELL_CHARS:,} characters",
        "characters in an edit box": f"{_tables.EDIT_CHARS:,} characters",
        "hidden text looked at": f"first {invisible.MAX_CHARS:,} characters",
        "code points named": f"the first {invisible.SHOWN_CODE_POINTS} named",
    }
    flat = " ".join(DOC.split())  # a number may sit at a line break
    missing = {what: text for what, text in numbers.items() if " ".join(text.split()) not in flat}
    assert not missing, missing
