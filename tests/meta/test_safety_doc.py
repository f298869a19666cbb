"""docs/safety.md lists every Streamlit option the gate checks and every bound with its number."""

from __future__ import annotations

from repo import ROOT

from hermes_dash import DOORS
from hermes_dash.curation import blame, gitworker, invisible
from hermes_dash.engine import home
from hermes_dash.engine.views import sessions
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
        "rows per table page": f"{_tables.PAGE_ROWS} rows at a time",
        "characters per cell": f"{_tables.CELL_CHARS:,} characters",
        "characters in an edit box": f"{_tables.EDIT_CHARS:,} characters",
        "hidden text looked at": f"first {invisible.MAX_CHARS:,} characters",
        "code points named": f"the first {invisible.SHOWN_CODE_POINTS} named",
    }
    missing = {what: text for what, text in numbers.items() if text not in DOC}
    assert not missing, missing
