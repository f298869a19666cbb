"""One snapshot for the whole app, the profile in the address, and home and profile named on every page."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_support import APP, alerts, no_exception, open_app
from streamlit.testing.v1 import AppTest

from hermes_dash import MemoryStore, resolve_home
from hermes_dash.engine.agents import agent_for_home
from hermes_dash.engine.freeze import freeze_snapshot
from hermes_dash.ui import lit

ROOT = APP.parent
ALL_PAGES = sorted(p.name for p in (ROOT / "hermes_dash" / "ui" / "screens").glob("*.py"))


def memory_flags(at: AppTest) -> list[str]:
    return list(at.dataframe[0].value["Flags"])


def snapshot_counts(at: AppTest) -> dict[str, str]:
    """The MEMORY.md metrics of the Snapshot page."""
    return {m.label: m.value for m in at.metric[:4]}


def main_captions(at: AppTest) -> list[str]:
    return [c.value for c in at.main.caption]


def compared_with(at: AppTest) -> list[str]:
    return [c for c in main_captions(at) if c.startswith("Compared with:")]


def go(at: AppTest, page: str) -> AppTest:
    at.switch_page(str(ROOT / "hermes_dash" / "ui" / "screens" / page)).run()
    no_exception(at)
    return at


# -- one snapshot -------------------------------------------------------------------------------


def test_after_freezing_overview_and_snapshot_compare_with_the_frozen_copy_and_say_so(demo: Path) -> None:
    at = open_app("snapshot")
    assert "session `20261129_081502_a41c9e`" in compared_with(at)[0]
    at.button(key="snap_freeze").click().run()
    no_exception(at)
    assert snapshot_counts(at) == {"Added": "0", "Removed": "0", "Changed": "0", "Unchanged": "18"}
    assert "the snapshot taken here at" in compared_with(at)[0]
    go(at, "overview.py")
    assert not any("since snapshot" in f for f in memory_flags(at))
    assert "the snapshot taken here at" in compared_with(at)[0]

    MemoryStore(resolve_home(demo)).add("memory", "Written after the freeze.")
    at.run()
    assert sum("new since snapshot" in f for f in memory_flags(at)) == 1
    assert any("1 new since the snapshot" in c for c in main_captions(at))
    go(at, "snapshot.py")
    assert snapshot_counts(at)["Added"] == "1"
    assert at.selectbox(key="snap_session").value == "__frozen__"


def test_a_session_picked_on_the_snapshot_page_is_the_overviews_too(demo: Path) -> None:
    at = open_app("snapshot")
    at.selectbox(key="snap_session").select("20261127_163011_09bd27").run()
    added = int(snapshot_counts(at)["Added"])
    go(at, "overview.py")
    assert "session `20261127_163011_09bd27`" in compared_with(at)[0]
    assert sum("new since snapshot" in f for f in memory_flags(at)) == added
    go(at, "snapshot.py")
    assert at.selectbox(key="snap_session").value == "20261127_163011_09bd27"


def test_a_freeze_newer_than_the_newest_session_is_what_a_new_tab_compares_with(demo: Path) -> None:
    freeze_snapshot(MemoryStore(resolve_home(demo)))  # frozen in another tab, or before a reload
    at = open_app()
    assert "the snapshot taken here at" in compared_with(at)[0]
    assert not any("since snapshot" in f for f in memory_flags(at))
    go(at, "snapshot.py")
    assert at.selectbox(key="snap_session").value == "__frozen__"
    assert snapshot_counts(at)["Unchanged"] == "18"


@pytest.fixture
def frozen_then_reworded(demo: Path) -> Path:
    """No agent session; a frozen snapshot; then one entry reworded past any likeness."""
    (demo / "state.db").unlink()
    store = MemoryStore(resolve_home(demo))
    freeze_snapshot(store)
    old = store.read("memory").entries[3]
    store.replace("memory", old, "Completely different words now stand in this place.")
    return demo


def test_a_reworded_entry_counts_the_same_on_both_pages(frozen_then_reworded: Path) -> None:
    at = open_app("snapshot")
    assert snapshot_counts(at) == {"Added": "0", "Removed": "0", "Changed": "1", "Unchanged": "17"}
    go(at, "overview.py")
    flags = memory_flags(at)
    assert sum("changed since snapshot" in f for f in flags) == 1
    assert not any("new since snapshot" in f for f in flags)
    assert "changed since snapshot" in flags[3]
    assert any("1 changed since the snapshot" in c for c in main_captions(at))


# -- the profile in the address -----------------------------------------------------------------


def open_with(params: dict[str, str]) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params.update(params)
    at.run()
    no_exception(at)
    return at


def test_profile_in_the_address_opens_that_profile(demo: Path) -> None:
    at = open_with({"profile": "work"})
    assert at.selectbox(key="hd_profile_select").value == "work"
    assert len(at.dataframe[0].value) == 3  # work's MEMORY.md
    assert at.query_params["profile"] == "work"
    go(at, "snapshot.py")
    assert at.query_params["profile"] == "work"
    at.query_params.clear()  # a page switch that dropped it: the session keeps its profile
    go(at, "overview.py")
    assert len(at.dataframe[0].value) == 3 and at.query_params["profile"] == "work"


@pytest.mark.parametrize(
    "name", ["nosuch", "../profiles/work", "/etc", "work/../..", pytest.param("x" * 500, id="500-chars")]
)
def test_unknown_profile_in_the_address_is_refused_with_a_message(demo: Path, name: str) -> None:
    at = open_with({"profile": name})
    assert "The address names a profile that does not exist here" in alerts(at)
    assert "Profiles here: default, work." in "\n".join(t.value for t in at.text)
    assert at.selectbox(key="hd_profile_select").value == "default"
    assert len(at.dataframe[0].value) == 18  # the default profile's MEMORY.md
    assert at.query_params["profile"] == "default"  # the address now says what is shown
    at.run()
    assert "does not exist here" not in alerts(at)  # said once


def test_the_address_follows_the_profile_picked_in_the_sidebar(demo: Path) -> None:
    at = open_app()
    assert at.query_params["profile"] == "default"
    at.selectbox(key="hd_profile_select").select("work").run()
    no_exception(at)
    assert at.query_params["profile"] == "work" and len(at.dataframe[0].value) == 3
    at.selectbox(key="hd_profile_select").select("default").run()
    assert at.query_params["profile"] == "default" and len(at.dataframe[0].value) == 18


def test_profile_name_in_the_address_is_read_as_the_agent_reads_it(demo: Path) -> None:
    at = open_with({"profile": " WORK "})
    assert at.selectbox(key="hd_profile_select").value == "work"
    assert at.query_params["profile"] == "work"


# -- home and profile on every page ----------------------------------------------------------------


@pytest.mark.parametrize("page", ALL_PAGES)
def test_every_page_names_its_home_and_profile(demo: Path, page: str) -> None:
    at = open_with({"profile": "work"})
    go(at, page)
    first = main_captions(at)[0]
    assert first == f"Home {lit(demo / 'profiles' / 'work')} · profile {lit('work')}"
    at.selectbox(key="hd_profile_select").select("default").run()
    assert main_captions(at)[0] == f"Home {lit(demo)} · profile {lit('default')}"
    # the agent is named once, in the sidebar, not on the page (docs/agents.md)
    agent = agent_for_home(demo).describe()
    assert [t.value for t in at.sidebar.text].count(agent) == 1
    assert not any(agent in c or "Hermes" in c for c in main_captions(at))


def test_the_empty_state_names_its_home_too(tmp_path: Path, monkeypatch, fresh_cache) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.setenv("HERMES_HOME", str(empty))
    at = open_with({})
    assert main_captions(at)[0] == f"Home {lit(empty)} · profile {lit('default')}"
