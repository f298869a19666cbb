"""An unexpected error in a page (AppTest, the real app on a real home): told in words (what
happened, that nothing was written or which file was, how to report it), never as a traceback;
and Streamlit's own error box is off wherever the dashboard is served (its "Ask Google / Ask
ChatGPT" links would send the error text, which can quote memory text, to outside sites)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from app_support import alerts
from repo import ROOT
from streamlit.testing.v1 import AppTest

from hermes_dash.cli import _serve

pytestmark = pytest.mark.home(memory=["Tests need Postgres 16."])

BOOM = """
import os
from pathlib import Path
import streamlit as st
st.title("Boom")
if os.environ.get("BOOM_WRITE"):
    with open(Path(os.environ["HERMES_HOME"]) / "memories" / "MEMORY.md", "a", encoding="utf-8") as f:
        f.write("\\n§\\nWritten before the failure.")
{}["no such key"]
"""


def boom_app(tmp_path: Path) -> AppTest:
    """The real app, its page table and one more line: a Curation page that raises."""
    boom = tmp_path / "curation_boom.py"
    boom.write_text(BOOM, encoding="utf-8")
    script = (
        "from pathlib import Path\n"
        "from hermes_dash.ui.app import PAGE_TABLE, PageLine, run\n"
        f"run(PAGE_TABLE + (PageLine('Curation', Path({str(boom)!r}), 'Boom', 'curation_boom'),))\n"
    )
    at = AppTest.from_string(script, default_timeout=120)
    at.run()
    at.switch_page(str(boom))
    at.run()
    return at


def test_an_unexpected_error_says_what_happened_and_that_nothing_was_written(home: Path, tmp_path: Path) -> None:
    at = boom_app(tmp_path)
    assert not at.exception  # no traceback on the page
    said = alerts(at)
    assert "This page stopped on an unexpected error** (KeyError)" in said
    assert "Nothing was written" in said
    assert any("issue tracker" in m.value and "terminal" in m.value for m in at.markdown)


def test_an_unexpected_error_names_the_file_written_before_it(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BOOM_WRITE", "1")
    at = boom_app(tmp_path)
    assert not at.exception
    said = alerts(at)
    assert "Changed while the page ran: MEMORY.md" in said and "Nothing was written" not in said


@pytest.mark.parametrize("config", [".streamlit/config.toml", "hermes_dash/ui/.streamlit/config.toml"])
def test_streamlit_error_details_are_off_in_each_config(config: str) -> None:
    assert tomllib.loads((ROOT / config).read_text(encoding="utf-8"))["client"]["showErrorDetails"] == "none"


def test_streamlit_error_details_are_off_when_served() -> None:
    flags = _serve.streamlit_flags("127.0.0.1", 8600)
    assert flags[flags.index("--client.showErrorDetails") + 1] == "none"
