"""History page (Backups and History as one page): the versions of a file (every backup, in all three
naming styles, then the live file, with who made each and its usage over time), the chosen version
against the live file with the unchanged entries folded, and restore: the whole file, or one entry
where it stood (the one routine, ``put_back``). AppTest on the real app and temporary homes."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from app_support import alerts, no_exception, open_app, read, rendered_markdown, texts

from hermes_dash import MemoryStore
from hermes_dash.curation import history as _history
from hermes_dash.engine.rules.format import DELIMITER, parse
from hermes_dash.ui import app as app_module


def history_page():
    at = open_app("history")
    no_exception(at)
    return at


def frame(at, column: str):
    """The table that has ``column`` (the page's tables differ by their columns)."""
    found = [d.value for d in at.dataframe if column in d.value.columns]
    assert found, f"no table with a {column!r} column"
    return found[0]


def html(at) -> str:
    """The word-level diffs (escaped HTML) as the text that comes: struck-through parts left out."""
    import html as _html
    import re as _re

    bodies = [e.proto.body for e in at.get("html")]
    return "\n".join(
        _html.unescape(_re.sub(r"<[^>]+>", "", _re.sub(r"<del[^>]*>.*?</del>", "", b, flags=_re.S))) for b in bodies
    )


def mem(home: Path, name: str = "MEMORY.md") -> bytes:
    return (home / "memories" / name).read_bytes()


# -- one page ------------------------------------------------------------------------------------


def test_backups_and_history_are_one_page_in_the_navigation() -> None:
    """One "History" page under Memory, where Backups was; no separate Backups or curation History."""
    pages = app_module.PAGES
    assert not (pages / "backups.py").exists() and not (pages / "curation_history.py").exists()
    at = open_app("overview")
    no_exception(at)
    made = at.session_state["hd_pages"][1]
    assert [p.title for p in made["Memory"]] == ["Overview", "Snapshot", "Edit", "History"]
    assert not [p.title for p in made["Curation"] if p.title in ("History", "Backups")]


def test_the_page_shows_versions_beside_the_diff_and_the_restores(demo: Path) -> None:
    at = history_page()
    assert [t.value for t in at.title] == ["History"]
    # Versions on one side, the chosen version against the live file on the other (stacked on a phone).
    side, main = [c for c in at.main.columns][:2]
    assert any("versions of MEMORY.md" in h.value for h in side.header)
    assert [d.value.columns[0] for d in side.dataframe] == ["#"]
    keys = {getattr(e, "key", None) for e in main.button}
    assert {"bk_restore", "hi_in_place"} <= keys
    assert [s.key for s in main.selectbox][:1] == ["bk_pick"]


# -- the versions ---------------------------------------------------------------------------------


def test_lists_every_version_newest_first_with_styles(demo: Path) -> None:
    at = history_page()
    table = frame(at, "Made by")
    assert list(table.columns) == ["#", "Written", "Made by", "Chars"]  # fits its side at 1400 px
    assert list(table["#"]) == [2, 1, 0] and "Size (bytes)" not in table.columns
    # The picker beside it names each backup with its kind (in plain words), entries and file
    # name, newest first.
    options = at.selectbox(key="bk_pick").options
    assert [o.split(" · ")[1:] for o in options] == [
        [f"before a write by {table['Made by'][0]}", "12 entries", "MEMORY.md.bak.20261127-184210"],
        ["copy of a hand edit", "8 entries", "MEMORY.md.bak.1795512600"],
    ]
    assert [o.split(" ", 1)[0] for o in options] == ["[1]", "[0]"]
    at.radio(key="hi_target").set_value("user").run()
    table = frame(at, "Made by")
    assert list(table["#"]) == [1, 0]
    assert table["Written"][1] == "before 2026-11-20 (day)"  # a hand-made daily name carries no time of day
    assert at.selectbox(key="bk_pick").options == [
        "[0] 2026-11-20 (day) · daily copy · 6 entries · USER.md.bak.20261120"
    ]
    # Characters of its entries, as every page counts them (the file holds "§" and "—": not bytes).
    user = parse(read(demo, "USER.md.bak.20261120").decode())
    assert table["Chars"][1] == len(DELIMITER.join(user)) < len(read(demo, "USER.md.bak.20261120"))


def test_back_up_now(demo: Path) -> None:
    at = history_page()
    at.button(key="bk_now_memory").click().run()
    no_exception(at)
    made = sorted((demo / "memories").glob("MEMORY.md.bak.2*-*"))
    assert len(made) == 2 and any(p.read_bytes() == read(demo, "MEMORY.md") for p in made)
    assert "Backed up" in alerts(at)


def test_no_backups_yet(tmp_path: Path, monkeypatch, fresh_cache) -> None:
    home = tmp_path / "home"
    (home / "memories").mkdir(parents=True)
    (home / "memories" / "MEMORY.md").write_text("One entry.")
    monkeypatch.setenv("HERMES_HOME", str(home))
    at = history_page()
    assert "No backups yet" in alerts(at)
    assert list(frame(at, "Made by")["#"]) == [0]  # the live file only
    at.button(key="bk_now_memory").click().run()
    assert len(frame(at, "Made by")) == 2 and len(at.selectbox(key="bk_pick").options) == 1


def test_history_charts_each_versions_usage_with_the_limit_line(demo: Path) -> None:
    store = MemoryStore.open(demo)
    store.add("memory", "Chart test: the nightly job runs at 02:00 UTC.")  # one more version
    at = history_page()
    line = _history.timeline(store, "memory")
    charts = at.get("vega_lite_chart")
    assert len(charts) == 1, "History shows no usage chart"
    usage, limit = json.loads(charts[0].proto.spec)["layer"]
    assert [p["Chars"] for p in usage["data"]["values"]] == [v.usage for v in line.versions]
    assert [p["Version"].split("] ")[1] for p in usage["data"]["values"]] == [v.name for v in line.versions]
    assert usage["encoding"]["x"]["type"] == "temporal"
    state = store.read("memory")
    assert limit["mark"]["type"] == "rule" and limit["data"]["values"] == [{"Limit": state.limit}]
    words = [c.value for c in at.caption if "usage over time" in c.value]
    assert words and f"{state.usage:,} now" in words[0] and f"{state.limit:,}-character limit" in words[0]
    # It follows the file chosen.
    at.radio(key="hi_target").set_value("user").run()
    values = json.loads(at.get("vega_lite_chart")[0].proto.spec)["layer"][0]["data"]["values"]
    assert [p["Chars"] for p in values] == [v.usage for v in _history.timeline(store, "user").versions]


# -- the chosen version against the live file -----------------------------------------------------


def test_diff_of_a_version_against_the_live_file_folds_the_unchanged(demo: Path) -> None:
    at = history_page()
    at.selectbox(key="bk_pick").select("MEMORY.md.bak.20261127-184210").run()
    diff = frame(at, "Difference")
    assert list(diff.columns) == ["Difference", "Live file", "Backup"]
    kinds = list(diff["Difference"])
    assert kinds.count("only in live file") == 6 and kinds.count("changed") == 1 and "only in backup" not in kinds
    assert len(kinds) == 7, "an unchanged entry is listed in the diff"
    assert any("done by Alex only" in b for b in diff["Backup"])
    assert any(e.label == "11 unchanged entries" and not e.proto.expanded for e in at.expander)


def test_restore_whole_file_after_confirmation_keeps_the_current_version(demo: Path) -> None:
    current = read(demo, "USER.md")
    at = history_page()
    at.radio(key="hi_target").set_value("user").run()
    at.selectbox(key="bk_pick").select("USER.md.bak.20261120").run()
    at.button(key="bk_restore").click().run()
    assert "Replace the live USER.md with `USER.md.bak.20261120`?" in alerts(at)
    at.button(key="bk_restore_no").click().run()
    assert read(demo, "USER.md") == current
    at.button(key="bk_restore").click().run()
    at.button(key="bk_restore_yes").click().run()
    no_exception(at)
    assert read(demo, "USER.md") == read(demo, "USER.md.bak.20261120")
    kept = [p for p in (demo / "memories").glob("USER.md.bak.2*-*") if p.read_bytes() == current]
    assert kept, "the hand-written USER.md must be backed up before the restore"
    assert "Restored USER.md from USER.md.bak.20261120." in "\n".join(texts(at))


def test_undo_of_a_whole_file_restore_puts_the_live_file_back_byte_identical(demo: Path) -> None:
    before = read(demo, "MEMORY.md")
    at = history_page()
    at.selectbox(key="bk_pick").select("MEMORY.md.bak.20261127-184210").run()
    at.button(key="bk_restore").click().run()
    at.button(key="bk_restore_yes").click().run()
    assert read(demo, "MEMORY.md") == read(demo, "MEMORY.md.bak.20261127-184210") != before
    at.button(key="hd_undo_0").click().run()
    no_exception(at)
    assert read(demo, "MEMORY.md") == before and "Undone" in alerts(at)


def test_restore_one_entry_in_place(demo: Path) -> None:
    at = history_page()
    at.selectbox(key="bk_pick").select("MEMORY.md.bak.20261127-184210").run()
    pick = at.selectbox(key="hi_pick")
    assert len(pick.options) == 1 and pick.options[0].startswith("changed since · ")  # the deploy rule's old text
    before = parse(read(demo, "MEMORY.md").decode())
    at.button(key="hi_in_place").click().run()
    assert "in place of the entry's current text" in alerts(at)  # where it goes, said in the question
    assert parse(read(demo, "MEMORY.md").decode()) == before  # it asks first
    at.button(key="hi_in_place_yes").click().run()
    no_exception(at)
    live = parse(read(demo, "MEMORY.md").decode())
    # In place of the entry's current wording, not added at the end: same count, same neighbours.
    (at_index,) = [i for i, e in enumerate(live) if e.endswith("production deploys are done by Alex only.")]
    assert len(live) == len(before) and live[:at_index] == before[:at_index]
    assert live[at_index + 1 :] == before[at_index + 1 :] and live[at_index] != before[at_index]
    assert "Restored in place: the entry has this version's text again." in "\n".join(texts(at))


def test_an_earlier_text_can_also_come_back_as_a_new_entry(demo: Path) -> None:
    at = history_page()
    line = _history.timeline(MemoryStore.open(demo), "memory")
    newest = line.versions[-2]
    candidate = next(t for t in newest.entries if t not in line.versions[-1].entries)
    assert candidate in html(at)  # the word-level diff against the entry now
    assert not [d for d in at.dataframe if "Status" in d.value.columns]  # each entry's life: folded
    at.toggle(key="hi_lives_on").set_value(True).run()
    lives = frame(at, "Status")
    assert set(lives["Status"]) == {"in the file"} and len(lives) == 18
    before = mem(demo)
    at.button(key="hi_restore").click().run()
    assert "Add this text to MEMORY.md as a new entry?" in alerts(at) and mem(demo) == before
    at.button(key="hi_restore_yes").click().run()
    no_exception(at)
    assert candidate in mem(demo).decode()


def test_a_removed_entry_goes_back_where_it_stood_byte_identical(tmp_path: Path, monkeypatch, fresh_cache) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("HERMES_HOME", str(home))
    store = MemoryStore.open(home)
    for fact in ("Name: Sam.", "Prefers tabs.", "Lives in Lyon."):
        store.add("user", fact)
    good = mem(home, "USER.md")
    store.remove("user", "Prefers tabs.")
    at = history_page()
    at.radio(key="hi_target").set_value("user").run()
    assert at.selectbox(key="hi_pick").options == ["removed since · Prefers tabs."]
    at.button(key="hi_in_place").click().run()
    assert "back where it stood, after the entry that preceded it" in alerts(at)
    at.button(key="hi_in_place_yes").click().run()
    no_exception(at)
    assert mem(home, "USER.md") == good  # at its place, not at the end


def test_restore_one_entry_refused_when_it_does_not_fit(tmp_path: Path, monkeypatch, fresh_cache) -> None:
    home = tmp_path / "home"
    mem_dir = home / "memories"
    mem_dir.mkdir(parents=True)
    (home / "config.yaml").write_text("memory:\n  memory_char_limit: 120\n")
    (mem_dir / "MEMORY.md").write_text(DELIMITER.join(["a" * 50, "b" * 50]))
    (mem_dir / "MEMORY.md.bak.20261101").write_text(DELIMITER.join(["a" * 50, "c" * 60]))
    monkeypatch.setenv("HERMES_HOME", str(home))
    before = (mem_dir / "MEMORY.md").read_bytes()
    at = history_page()
    at.button(key="hi_in_place").click().run()
    at.button(key="hi_in_place_yes").click().run()
    assert "Refused: nothing was changed." in "\n".join(e.value for e in at.error)
    assert any("would put the file at 166/120" in t for t in texts(at))
    assert (mem_dir / "MEMORY.md").read_bytes() == before


def test_history_restores_in_place_byte_identical_and_counts_agree(tmp_path: Path, monkeypatch, fresh_cache) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("HERMES_HOME", str(home))
    store = MemoryStore.open(home)
    for fact in ("Deploys go through ArgoCD.", "The API is on port 8080.", "Tabs, not spaces."):
        store.add("memory", fact)
    store.remove("memory", "ArgoCD")
    store.add("memory", "Deploys go through ArgoCD.")  # left and came back
    good = mem(home)
    store.replace("memory", "port 8080", "The API moved (a bad replace).")
    bad = mem(home)
    at = history_page()
    at.toggle(key="hi_lives_on").set_value(True).run()
    lives = frame(at, "Status")
    assert list(lives["Status"]) == ["in the file"] * 3  # ArgoCD once, not also as gone
    assert any(
        "3 in the file now, 0 gone (1 of those in the file left it once and came back)" in c.value for c in at.caption
    )
    at.button(key="hi_in_place").click().run()
    assert "in place of the entry's current text" in alerts(at)
    at.button(key="hi_in_place_yes").click().run()
    no_exception(at)
    assert mem(home) == good
    at.button(key="hd_undo_0").click().run()  # and the restore itself can be undone
    no_exception(at)
    assert mem(home) == bad
    at.button(key="hi_in_place").click().run()
    at.button(key="hi_in_place_yes").click().run()
    assert mem(home) == good
    # The restore kept the bad file as the newest backup: now the bad text is the one that can come back.
    at.selectbox(key="bk_pick").set_value(at.selectbox(key="bk_pick").options[0]).run()
    assert "The API moved (a bad replace)." in html(at)


def test_history_diff_between_chosen_versions(demo: Path) -> None:
    at = history_page()
    at.toggle(key="hi_compare_on").set_value(True).run()
    at.selectbox(key="hi_from").select(0).run()
    at.selectbox(key="hi_to").select(1).run()
    no_exception(at)
    c = _history.timeline(MemoryStore.open(demo), "memory").diff(0, 1).counts
    expected = f"{c['added']} added, {c['removed']} removed, {c['changed']} changed, {c['unchanged']} unchanged."
    assert c["added"] > 0 and expected in [cap.value for cap in at.caption]
    table = frame(at, "In [1]")
    assert list(table.columns) == ["Change", "In [0]", "In [1]"]
    assert len(table) == c["added"] + c["removed"] + c["changed"]
    assert any(e.label == f"{c['unchanged']} unchanged entries" for e in at.expander)


def test_history_survives_awkward_files(tmp_path: Path, monkeypatch, fresh_cache) -> None:
    home = tmp_path / "home"
    (home / "memories").mkdir(parents=True)
    (home / "memories" / "MEMORY.md").write_bytes(b"caf\xe9 latin-1 notes\n\xa7\nsecond")
    os.symlink(tmp_path / "nowhere" / "USER.md", home / "memories" / "USER.md")
    (home / "memories" / "MEMORY.md.bak.20200101").write_bytes(b"\xff\xfe")
    (home / "config.yaml").write_text("memory: [not, a, mapping]\n")
    monkeypatch.setenv("HERMES_HOME", str(home))
    before = mem(home)
    history_page()
    assert mem(home) == before


@pytest.mark.parametrize("target", ["memory", "user"])
def test_nothing_on_the_page_is_markdown_of_an_entry(demo: Path, target: str) -> None:
    at = history_page()
    at.radio(key="hi_target").set_value(target).run()
    no_exception(at)
    assert "127.0.0.1:9" not in "\n".join(rendered_markdown(at))


def test_the_usage_chart_speaks_24_hour_time_as_the_table_beside_it(demo: Path) -> None:
    import json

    at = history_page()
    [chart] = at.get("vega_lite_chart")
    spec = json.loads(chart.proto.spec)
    line = spec["layer"][0]["encoding"]
    assert line["x"]["axis"]["format"] == "%d %b %H:%M"  # Vega's default said "04 PM"
    [when] = [t for t in line["tooltip"] if t["field"] == "Time"]
    assert when["format"] == "%Y-%m-%d %H:%M"
    assert "%I" not in json.dumps(spec) and "%p" not in json.dumps(spec)
