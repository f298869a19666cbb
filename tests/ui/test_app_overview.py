"""Overview page, sidebar and empty state, through AppTest on real temporary homes."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_support import (
    ENTRY_URLS,
    PAGES,
    no_exception,
    open_app,
    read,
    rendered_markdown,
    tables,
    texts,
)

from hermes_dash import MemoryStore, resolve_home
from hermes_dash.engine.io import backups as _backups
from hermes_dash.engine.rules.format import DELIMITER
from hermes_dash.ui import CELL_CHARS, FULL_TEXT_CHARS, app, level


def table(at, target: str):
    """The overview's entry tables come in file order: MEMORY.md, then USER.md (when it has entries)."""
    return tables(at)[0 if target == "memory" else 1].value


def test_level_thresholds() -> None:
    assert level(1759, 2200) == "calm"  # 79.9 %
    assert level(1760, 2200) == "warning"  # 80 %
    assert level(2089, 2200) == "warning"  # 94.9 %
    assert level(2090, 2200) == "alarm"  # 95 %
    assert level(2201, 2200) == "alarm"  # over budget


def test_demo_overview_gauges_tables_and_flags(demo: Path) -> None:
    at = open_app()
    no_exception(at)
    progress = [m.value for m in at.markdown]
    assert any("1,985 / 2,200 chars" in t and "90%" in t and "18 entries" in t for t in progress), progress
    assert any("1,486 / 1,375 chars" in t and "108%, over by 111" in t for t in progress), progress
    md = rendered_markdown(at)
    assert any("Getting full" in m for m in md) and any("108%, over by 111" in m for m in md)
    assert any("tokens in every prompt" in m and "estimate" in m for m in md)
    memory = table(at, "memory")
    assert len(memory) == 18
    assert list(memory.columns) == ["#", "Entry", "Chars", "Budget", "Flags", "Origin", "Details", "Brief"]
    flags = dict(zip(memory["Entry"].str[:20], memory["Flags"]))
    assert "the agent's scan blocks it: hardcoded secret" in flags["Staging API key for "]
    # Two entries were written after the newest session started and one was reworded: counted as the
    # Snapshot page counts them (Added 2, Changed 1), with the same pairing rule.
    assert sum("new since snapshot" in f for f in memory["Flags"]) == 2
    assert sum("changed since snapshot" in f for f in memory["Flags"]) == 1
    user = table(at, "user")
    assert len(user) == 1 and "edited by hand" in user["Flags"][0] and "longer than the limit" in user["Flags"][0]
    assert any("edited by hand" in m.lower() for m in md)


def test_entry_text_is_never_rendered_as_markdown_anywhere(demo: Path) -> None:
    """The demo's image links must only ever appear in plain-text elements."""
    for page in PAGES:
        at = open_app(page)
        no_exception(at)
        for shown in rendered_markdown(at):
            assert not any(url in shown for url in ENTRY_URLS), (page, shown)
            assert "<img" not in shown and "![" not in shown, (page, shown)
    at = open_app("overview")
    assert any("![x](http://127.0.0.1:9/x.png)" in e for e in table(at, "memory")["Entry"])


def test_search_filters_both_tables(demo: Path) -> None:
    at = open_app()
    at.text_input(key="ov_search").input("postgres").run()
    memory, user = table(at, "memory"), table(at, "user")
    assert len(memory) == 2 and all("postgres" in e.lower() for e in memory["Entry"])
    assert list(memory["#"]) == [0, 4]  # indices stay those of the file
    assert len(user) == 0
    at.text_input(key="ov_search").input("NEOVIM").run()
    assert len(table(at, "memory")) == 0 and len(table(at, "user")) == 1


def test_megabyte_hand_written_file_is_cut_in_the_table(tmp_path: Path, monkeypatch, fresh_cache) -> None:
    """Cut in the table and in the full-text reader (whose body is sent on every rerun even when
    collapsed); the whole entry is a download, made only when the button is clicked."""
    from streamlit.runtime.media_file_manager import MediaFileManager

    made = []
    add_deferred = MediaFileManager.add_deferred

    def record(self, data, *args, **kwargs):
        made.append(data)
        return add_deferred(self, data, *args, **kwargs)

    monkeypatch.setattr(MediaFileManager, "add_deferred", record)
    home = tmp_path / "home"
    (home / "memories").mkdir(parents=True)
    big = "# Notes\n" + ("lorem ipsum dolor sit amet " * 40_000)  # ~1 MB, one drifted entry
    (home / "memories" / "MEMORY.md").write_text(big + DELIMITER + "short one", encoding="utf-8")
    monkeypatch.setenv("HERMES_HOME", str(home))
    at = open_app()
    no_exception(at)
    memory = table(at, "memory")
    assert max(len(e) for e in memory["Entry"]) < CELL_CHARS + 120
    assert "more characters" in memory["Entry"][0]
    assert memory["Chars"][0] == len(big.strip())
    at.session_state["hd_open"] = {"target": "memory", "entry": big.strip(), "table": "", "base": ()}
    at.run()  # as selecting row 0 does (the selection itself: tests/e2e/test_browser_live.py)
    assert max(len(t) for t in texts(at)) == FULL_TEXT_CHARS
    assert any(big.strip()[:FULL_TEXT_CHARS] == t for t in texts(at))
    assert any(f"{len(big.strip()) - FULL_TEXT_CHARS:,} more characters not shown" in c.value for c in at.caption)
    download = at.get("download_button")
    assert len(download) == 1 and f"in full ({len(big.strip()):,} characters)" in download[0].label
    assert made and made[-1]() == big.strip().encode("utf-8")
    at.session_state["hd_open"] = {"target": "memory", "entry": "short one", "table": "", "base": ()}
    at.run()  # a short entry: shown whole, nothing to download
    assert "short one" in texts(at) and not at.get("download_button")


def test_overview_never_lists_backups(demo: Path, monkeypatch) -> None:
    def tripwire(*args, **kwargs):
        raise AssertionError("the landing page listed backups")

    monkeypatch.setattr(_backups, "list_backups", tripwire)
    at = open_app()
    no_exception(at)
    assert len(table(at, "memory")) == 18


def test_newcomer_empty_state_create_files(tmp_path: Path, monkeypatch, fresh_cache) -> None:
    home = tmp_path / "nothing-here"
    monkeypatch.setenv("HERMES_HOME", str(home))
    at = open_app()
    no_exception(at)
    assert at.title[0].value == "No Hermes memory here yet"
    at.button(key="hd_create_files").click().run()
    no_exception(at)
    assert read(home, "MEMORY.md") == b"" and read(home, "USER.md") == b""
    assert at.title[0].value == "Overview"
    assert any("Created MEMORY.md, USER.md" in t for t in texts(at))


def test_newcomer_empty_state_every_page_offers_the_choices(tmp_path: Path, monkeypatch, fresh_cache) -> None:
    monkeypatch.setenv("HERMES_HOME", str(tmp_path / "nothing-here"))
    for page in PAGES:
        at = open_app(page)
        no_exception(at)
        assert at.button(key="hd_create_files") and at.button(key="hd_open_demo")
    assert not (tmp_path / "nothing-here").exists()  # looking creates nothing


def test_newcomer_opens_demo_home(tmp_path: Path, monkeypatch, fresh_cache) -> None:
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))  # the copy lands in this test's folder
    (tmp_path / "tmp").mkdir()
    monkeypatch.setenv("HERMES_HOME", str(tmp_path / "nothing-here"))
    at = open_app()
    at.button(key="hd_open_demo").click().run()
    no_exception(at)
    demo_path = Path(at.session_state["hd_home"])
    assert demo_path.is_relative_to(tmp_path / "tmp") and demo_path.parent.name.startswith("copy-")
    assert (demo_path / "state.db").is_file() and (demo_path / "memories" / "MEMORY.md").is_file()
    assert at.title[0].value == "Overview" and len(table(at, "memory")) == 18
    assert any(str(demo_path) in t for t in texts(at))


def test_profile_switcher_lists_profiles_and_switches(demo: Path) -> None:
    at = open_app()
    box = at.selectbox(key="hd_profile_select")
    assert box.options == ["default", "work"]
    box.select("work").run()
    no_exception(at)
    memory = table(at, "memory")
    assert len(memory) == 3 and "bazel" in memory["Entry"][0]
    assert any(str(demo / "profiles" / "work") in t for t in texts(at))
    at.selectbox(key="hd_profile_select").select("default").run()
    assert len(table(at, "memory")) == 18


def test_sticky_active_profile_is_the_default(demo: Path) -> None:
    (demo / "active_profile").write_text("work\n")
    at = open_app()
    assert at.selectbox(key="hd_profile_select").value == "work"
    assert len(table(at, "memory")) == 3


def test_open_another_home_folder(demo: Path, tmp_path: Path) -> None:
    other = tmp_path / "other"
    MemoryStore(resolve_home(other)).add("memory", "Other home: the only entry.")
    at = open_app()
    assert "hd_home_input" not in [w.key for w in at.text_input]
    at.button(key="hd_other_home").click().run()  # the folder box is drawn once asked for
    at.button(key="hd_other_home_close").click().run()  # Cancel hides it, nothing opened
    assert "hd_home_input" not in [w.key for w in at.text_input] and at.session_state["hd_home"] == str(demo)
    at.button(key="hd_other_home").click().run()
    at.text_input(key="hd_home_input").input(str(other))
    at.button(key="hd_open_home").click().run()
    no_exception(at)
    assert list(table(at, "memory")["Entry"]) == ["Other home: the only entry."]
    assert at.session_state["hd_home"] == str(other)
    assert "hd_home_input" not in [w.key for w in at.text_input]  # and closes after opening the folder


def test_config_warnings_shown_in_sidebar(demo: Path) -> None:
    (demo / "config.yaml").write_text("memory:\n  memory_char_limit: lots\n  memory_enabled: false\n")
    at = open_app()
    no_exception(at)
    shown = "\n".join(t.value for t in at.sidebar.text)
    assert "memory.memory_char_limit = 'lots'" in shown and "using 2200" in shown
    assert "memory_enabled is false" in shown
    assert any("sessions do not load MEMORY.md at all" in c.value for c in at.caption)


def test_edited_config_is_read_on_the_next_rerun(demo: Path) -> None:
    """Settings are reused while config.yaml is unchanged, never after it changes."""
    at = open_app()
    assert any("/ 2,200 chars" in m.value for m in at.markdown)
    config = demo / "config.yaml"
    config.write_text(config.read_text().replace("memory_char_limit: 2200", "memory_char_limit: 3000"))
    at.run()
    assert any("/ 3,000 chars" in m.value for m in at.markdown)


def test_file_changed_outside_is_shown_on_the_next_rerun(demo: Path) -> None:
    """The cached reads are keyed by the file's fingerprint: an agent's write shows at once."""
    at = open_app()
    before = len(table(at, "memory"))
    MemoryStore(resolve_home(demo)).add("memory", "Written by the agent meanwhile.")
    at.run()
    memory = table(at, "memory")
    assert len(memory) == before + 1 and memory["Entry"].iloc[-1] == "Written by the agent meanwhile."
    assert "new since snapshot" in memory["Flags"].iloc[-1]


def test_symlinked_memory_file_is_shown_as_a_link(tmp_path: Path, monkeypatch, fresh_cache) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "MEMORY.md").write_text("Shared team fact.")
    home = tmp_path / "home"
    (home / "memories").mkdir(parents=True)
    (home / "memories" / "MEMORY.md").symlink_to(repo / "MEMORY.md")
    monkeypatch.setenv("HERMES_HOME", str(home))
    at = open_app()
    no_exception(at)
    assert any(str(repo / "MEMORY.md") in t for t in texts(at))
    assert list(table(at, "memory")["Entry"]) == ["Shared team fact."]


def test_non_utf8_file_is_shown_with_its_problem(tmp_path: Path, monkeypatch, fresh_cache) -> None:
    home = tmp_path / "home"
    (home / "memories").mkdir(parents=True)
    (home / "memories" / "USER.md").write_bytes("Caf\xe9 owner".encode("latin-1"))
    monkeypatch.setenv("HERMES_HOME", str(home))
    at = open_app()
    no_exception(at)
    assert any("Not valid UTF-8" in t for t in texts(at))
    assert "cannot be changed safely" in "\n".join(e.value for e in at.error)


@pytest.mark.parametrize("page", list(PAGES))
def test_every_page_renders_on_demo_home(demo: Path, page: str) -> None:
    at = open_app(page)
    no_exception(at)
    assert at.title[0].value.lower() == page


@pytest.mark.parametrize("page", list(PAGES))
def test_megabyte_file_on_every_page_keeps_cells_short(
    tmp_path: Path, monkeypatch, fresh_cache, page: str, capsys
) -> None:
    import time

    home = tmp_path / "home"
    (home / "memories").mkdir(parents=True)
    big = "## Hand-written\n" + ("a line of notes that goes on and on\n" * 30_000)
    (home / "memories" / "MEMORY.md").write_text(big, encoding="utf-8")
    (home / "memories" / "MEMORY.md.bak.20261101").write_text(big + "\nolder", encoding="utf-8")
    monkeypatch.setenv("HERMES_HOME", str(home))
    started = time.perf_counter()
    at = open_app(page)
    elapsed = time.perf_counter() - started
    no_exception(at)
    for frame in at.dataframe:
        for column in frame.value.columns:
            cells = [c for c in frame.value[column] if isinstance(c, str)]
            assert all(len(c) < CELL_CHARS + 120 for c in cells), (page, column)
    with capsys.disabled():
        print(f"\n[measured] {page} page with a {len(big):,}-character MEMORY.md: {elapsed:.2f} s (first run)")


def test_every_curation_page_of_the_table_is_reachable(demo: Path) -> None:
    """app.py's page table lists the Curation pages; each one opens."""
    found = [line.script.name for line in app.PAGE_TABLE if line.section == "Curation"]
    assert found
    for name in found:
        at = open_app()
        at.switch_page(f"hermes_dash/ui/screens/{name}").run()
        no_exception(at)
