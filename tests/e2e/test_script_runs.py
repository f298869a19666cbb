"""The run tracker that settle waits on (tests/support/script_runs.py) reads Streamlit's own
messages: its field numbers are the installed Streamlit's, and in a real browser it sees the run a
click asks for and the server's answer, and leaves the live fragment's checks out."""

from __future__ import annotations

import pytest
from browser_support import Browser, settle, until
from script_runs import (
    BACK_RERUN_SCRIPT,
    CLIENT_FRAGMENT_ID,
    FINISHED_FULL_RUN,
    FLUSHED,
    FORWARD_SCRIPT_FINISHED,
    SKELETON,
)

pytestmark = pytest.mark.e2e

RUNS = "() => ({...window.__hdRuns})"


def test_the_field_numbers_are_streamlits() -> None:
    from streamlit.proto.BackMsg_pb2 import BackMsg
    from streamlit.proto.ClientState_pb2 import ClientState
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    assert BackMsg.DESCRIPTOR.fields_by_name["rerun_script"].number == BACK_RERUN_SCRIPT
    assert ClientState.DESCRIPTOR.fields_by_name["fragment_id"].number == CLIENT_FRAGMENT_ID
    finished = ForwardMsg.DESCRIPTOR.fields_by_name["script_finished"]
    assert finished.number == FORWARD_SCRIPT_FINISHED
    full = {
        finished.enum_type.values_by_name[n].number for n in ("FINISHED_SUCCESSFULLY", "FINISHED_WITH_COMPILE_ERROR")
    }
    assert set(FINISHED_FULL_RUN) == full


def test_the_stand_in_of_an_element_loading_is_streamlits() -> None:
    """settle waits while an element's code loads (script_runs.LOADED): the grey stand-in's
    data-testid must be the installed Streamlit's, or that wait never waits."""
    from pathlib import Path

    import streamlit

    bundle = Path(streamlit.__file__).parent / "static" / "static" / "js"
    assert any(f'"data-testid":`{SKELETON}`' in js.read_text(errors="replace") for js in bundle.glob("index.*.js"))


def test_a_click_is_a_run_asked_for_and_answered(browser: Browser) -> None:
    page = browser.page
    before = page.evaluate(RUNS)
    assert before["asked"] >= 1 and before["answered"] > before["asked"], before  # the page's first run
    page.get_by_role("button", name="Open the demo home").first.click()
    page.evaluate(FLUSHED)
    clicked = page.evaluate(RUNS)
    assert clicked["asked"] > before["answered"], (before, clicked)  # asked once Streamlit sent the click
    settle(page, None)
    after = page.evaluate(RUNS)
    assert after["answered"] > after["asked"] == clicked["asked"], after
    assert page.get_by_text("1,985 / 2,200 chars").first.is_visible()  # settle waited for the run's page
    # The live fragment checks the files every second: none of its runs counts as the page's.
    until(lambda: page.evaluate(RUNS)["fragments"] >= after["fragments"] + 2, "the live fragment never ran twice")
    still = page.evaluate(RUNS)
    assert still["asked"] == after["asked"] and still["answered"] == after["answered"], (after, still)
