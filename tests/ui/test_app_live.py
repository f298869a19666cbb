"""The live view: each page that shows the memory files watches their fingerprints (AppTest).

The periodic fragment itself runs only in a real browser (tests/e2e/test_browser_live.py); here
the check it makes, and that every live page records what it was drawn from.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from app_support import PAGES, no_exception, open_app

from hermes_dash.engine.rules.format import DELIMITER
from hermes_dash.ui import _live

LIVE_PAGES = {**PAGES, "inbox": "hermes_dash/ui/screens/curation_inbox.py"}  # History among them, and the Inbox


@pytest.mark.parametrize("name", sorted(LIVE_PAGES))
def test_every_live_page_records_the_files_it_was_drawn_from(demo: Path, name: str) -> None:
    at = open_app("overview")
    if name != "overview":
        at.switch_page(LIVE_PAGES[name])
        at.run()
    # SQLite makes state.db's (empty) write-ahead log when the page first reads the sessions, after
    # the page recorded the files: an empty log is none, so the first draw is still (no redraw).
    no_exception(at)
    assert (demo / "state.db-wal").exists()
    paths, prints, _checks = at.session_state[_live.KEY]
    memories = demo / "memories"
    assert paths == (
        str(memories / "MEMORY.md"),
        str(memories / "USER.md"),
        str(demo / "pending" / "memory"),
        str(demo / "state.db"),
        str(demo / "state.db-wal"),
        str(memories / ".hermes-dash-snapshot.json"),
    )
    assert prints == _live.fingerprints(paths)
    assert not _live.changed(paths, {_live.KEY: (paths, prints)})


def test_the_check_sees_an_agent_write_and_nothing_else(demo: Path) -> None:
    memories = demo / "memories"
    paths = (str(memories / "MEMORY.md"), str(memories / "USER.md"))
    state = {_live.KEY: (paths, _live.fingerprints(paths))}
    assert not _live.changed(paths, state)
    (memories / "USER.md").read_bytes()  # reading changes nothing
    assert not _live.changed(paths, state)
    memory = memories / "MEMORY.md"
    tmp = memories / ".mem_test.tmp"
    tmp.write_text(memory.read_text(encoding="utf-8") + DELIMITER + "A new fact.", encoding="utf-8")
    tmp.replace(memory)  # the agent's rename: a new inode
    assert _live.changed(paths, state)
    assert _live.changed(("other",) + paths[1:], {_live.KEY: (paths, _live.fingerprints(paths))})  # another home


def test_a_live_rerun_keeps_typed_text_and_shows_the_new_file(demo: Path) -> None:
    at = open_app("edit")
    at.text_area(key="ed_add_text").input("Half-finished thought").run()
    memory = demo / "memories" / "MEMORY.md"
    memory.write_text(memory.read_text(encoding="utf-8") + DELIMITER + "Agent wrote this meanwhile.", encoding="utf-8")
    at.run()  # what the fragment's rerun does
    no_exception(at)
    assert at.text_area(key="ed_add_text").value == "Half-finished thought"
    assert "Agent wrote this meanwhile." in "\n".join(str(v) for v in at.dataframe[-1].value["Entry"])


def test_a_half_finished_edit_names_the_entries_that_changed_on_disk(demo: Path) -> None:
    at = open_app("edit")
    memory = demo / "memories" / "MEMORY.md"
    at.text_area(key="ed_add_text").input("Half-finished thought").run()
    assert "changed on disk while you were editing" not in "\n".join(w.value for w in at.warning)
    memory.write_text(memory.read_text(encoding="utf-8") + DELIMITER + "Agent wrote this meanwhile.", encoding="utf-8")
    at.run()  # what the live check's rerun does
    assert "MEMORY.md changed on disk while you were editing" in "\n".join(w.value for w in at.warning)
    assert any("+ added:   Agent wrote this meanwhile." in t.value for t in at.text)
    at.button(key="ed_draft_seen").click().run()
    assert "changed on disk while you were editing" not in "\n".join(w.value for w in at.warning)
    assert at.text_area(key="ed_add_text").value == "Half-finished thought"


def test_no_banner_without_a_draft(demo: Path) -> None:
    at = open_app("edit")
    memory = demo / "memories" / "MEMORY.md"
    memory.write_text(memory.read_text(encoding="utf-8") + DELIMITER + "Agent wrote this.", encoding="utf-8")
    at.run()
    assert "changed on disk while you were editing" not in "\n".join(w.value for w in at.warning)


def test_the_pages_cache_key_is_the_engines_fingerprint(demo: Path, tmp_path: Path) -> None:
    # The dashboard keys its caches and its live check by stat_key, the engine records
    # FileState.fingerprint: one type, one constructor, so the two cannot drift apart and leave
    # caches stale without any error (a link is followed by both; a missing file is None for both).
    from hermes_dash import MemoryStore, resolve_home
    from hermes_dash.engine.io.readfile import Fingerprint
    from hermes_dash.ui import stat_key

    store = MemoryStore(resolve_home(demo))
    for target in ("memory", "user"):
        state = store.read(target)
        key = stat_key(state.path)
        assert type(key) is type(state.fingerprint) is Fingerprint and key == state.fingerprint
    linked = tmp_path / "repo-MEMORY.md"
    linked.write_bytes((demo / "memories" / "MEMORY.md").read_bytes())
    (demo / "memories" / "MEMORY.md").unlink()
    (demo / "memories" / "MEMORY.md").symlink_to(linked)
    state = store.read("memory")
    assert stat_key(state.path) == state.fingerprint == Fingerprint.at(linked)
    (demo / "memories" / "USER.md").unlink()
    assert stat_key(store.home.file_path("user")) is None is store.read("user").fingerprint


def test_a_new_agent_session_or_a_freeze_is_seen_by_the_check(demo: Path) -> None:
    """The current snapshot (Overview, Snapshot) is read from state.db, whose new sessions land
    in its write-ahead log first, and from the frozen snapshot file: a change there redraws too."""
    from hermes_dash import MemoryStore, resolve_home
    from hermes_dash.engine.freeze import freeze_snapshot

    store = MemoryStore(resolve_home(str(demo)))
    paths = _live.watched(store)
    state = {_live.KEY: (paths, _live.fingerprints(paths))}
    (demo / "state.db-wal").write_bytes(b"a session the agent is writing")
    assert _live.changed(paths, state)
    state = {_live.KEY: (paths, _live.fingerprints(paths))}
    freeze_snapshot(store)
    assert _live.changed(paths, state)


def test_each_check_looks_at_the_memory_files_and_every_fifth_at_the_snapshot_sources_too(demo: Path) -> None:
    """A memory write shows at the next check (a second); a new agent session within SLOW_EVERY
    checks, since it is rarer and the sources are three more stat calls."""
    from hermes_dash import MemoryStore, resolve_home

    store = MemoryStore(resolve_home(str(demo)))
    paths = _live.watched(store)
    state = {_live.KEY: _live.record(paths)}
    (demo / "state.db-wal").write_bytes(b"a session the agent is writing")
    seen = [_live.check(paths, state) for _ in range(_live.SLOW_EVERY)]
    assert seen == [False] * (_live.SLOW_EVERY - 1) + [True]
    state = {_live.KEY: _live.record(paths)}
    assert not _live.check(paths, state)
    store.add("memory", "A fact the agent just saved.")
    assert _live.check(paths, state)  # at once, not on the fifth check


def test_a_write_the_agent_stages_is_seen_at_the_next_check(demo: Path) -> None:
    """The Inbox and the sidebar's "(N waiting)" follow the staged writes' folder as the Overview
    follows the memory files: a new staged write is seen at the next check, not the fifth."""
    from pending_support import stage

    from hermes_dash import MemoryStore, resolve_home

    store = MemoryStore(resolve_home(str(demo)))
    paths = _live.watched(store)
    state = {_live.KEY: _live.record(paths)}
    assert not _live.check(paths, state)
    stage(demo, "5e5e5e5e", {"action": "add", "target": "memory", "content": "Staged while the page is open."})
    assert _live.check(paths, state)


def test_the_check_sees_a_file_removed_a_link_repointed_and_no_empty_log(demo: Path, tmp_path: Path) -> None:
    """The idle check compares stat fields itself (it runs every second): the same changes as
    ``seen`` must show, and an empty write-ahead log that appears must still be none."""
    from hermes_dash import MemoryStore, resolve_home

    store = MemoryStore(resolve_home(str(demo)))
    paths = _live.watched(store)
    wal = demo / "state.db-wal"
    wal.unlink(missing_ok=True)
    state = {_live.KEY: (paths, _live.fingerprints(paths))}
    wal.write_bytes(b"")  # SQLite opening state.db read-only: not a change
    assert not _live.changed(paths, state)
    wal.write_bytes(b"a session the agent is writing")
    assert _live.changed(paths, state)
    state = {_live.KEY: (paths, _live.fingerprints(paths))}
    wal.write_bytes(b"")  # a checkpoint emptied the log: a change from what was drawn
    assert _live.changed(paths, state)

    user = demo / "memories" / "USER.md"
    one, two = tmp_path / "one.md", tmp_path / "two.md"
    one.write_bytes(user.read_bytes())
    two.write_bytes(user.read_bytes())
    user.unlink()
    user.symlink_to(one)
    state = {_live.KEY: (paths, _live.fingerprints(paths))}
    assert not _live.changed(paths, state, full=False)
    user.unlink()
    user.symlink_to(two)  # the link re-pointed at a copy of the same text
    assert _live.changed(paths, state, full=False)
    state = {_live.KEY: (paths, _live.fingerprints(paths))}
    user.unlink()
    assert _live.changed(paths, state, full=False)
