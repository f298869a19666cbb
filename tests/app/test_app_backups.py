"""Backups page: listing in all three naming styles, diff, restore whole file or one entry."""

from __future__ import annotations

from pathlib import Path

from hermes_dash import DELIMITER, parse
from app_support import alerts, demo, fresh_cache, no_exception, open_app, read, texts  # noqa: F401


def backups_page():
    at = open_app("backups")
    no_exception(at)
    return at


def test_lists_every_backup_newest_first_with_styles(demo: Path) -> None:
    at = backups_page()
    table = at.dataframe[0].value
    assert list(table["Name"]) == ["MEMORY.md.bak.20261127-184210", "MEMORY.md.bak.1795512600",
                                   "USER.md.bak.20261120"]
    assert [s.split()[0] for s in table["Style"]] == ["dated", "drift", "daily"]
    assert list(table["Entries"]) == [12, 8, 6]
    # Characters of its entries, as every page counts them (the file holds "§" and "—": not bytes).
    user = parse(read(demo, "USER.md.bak.20261120").decode())
    assert table["Chars"][2] == len(DELIMITER.join(user)) < len(read(demo, "USER.md.bak.20261120"))
    assert "Size (bytes)" not in table.columns


def test_back_up_now(demo: Path) -> None:
    at = backups_page()
    at.button(key="bk_now_memory").click().run()
    no_exception(at)
    made = sorted((demo / "memories").glob("MEMORY.md.bak.2*-*"))
    assert len(made) == 2 and any(p.read_bytes() == read(demo, "MEMORY.md") for p in made)
    assert "Backed up" in alerts(at)


def test_diff_of_a_backup_against_the_live_file(demo: Path) -> None:
    at = backups_page()
    at.selectbox(key="bk_pick").select("MEMORY.md.bak.20261127-184210").run()
    diff = at.dataframe[1].value
    assert list(diff.columns) == ["Difference", "Live file", "Backup"]
    kinds = list(diff["Difference"])
    assert kinds.count("only in live file") == 6 and kinds.count("changed") == 1 and "only in backup" not in kinds
    assert any("done by Alex only" in b for b in diff["Backup"])


def test_restore_whole_file_after_confirmation_keeps_the_current_version(demo: Path) -> None:
    current = read(demo, "USER.md")
    at = backups_page()
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


def test_restore_one_entry(demo: Path) -> None:
    at = backups_page()
    at.selectbox(key="bk_pick").select("MEMORY.md.bak.20261127-184210").run()
    pick = at.selectbox(key="bk_entry_pick")
    assert len(pick.options) == 1  # the old wording of the deploy rule
    before = parse(read(demo, "MEMORY.md").decode())
    at.button(key="bk_entry_restore").click().run()
    assert parse(read(demo, "MEMORY.md").decode()) == before  # it asks first
    at.button(key="bk_entry_yes").click().run()
    no_exception(at)
    live = parse(read(demo, "MEMORY.md").decode())
    # In place of the entry's current wording, not added at the end: same count, same neighbours.
    (at_index,) = [i for i, e in enumerate(live) if e.endswith("production deploys are done by Alex only.")]
    assert len(live) == len(before) and live[:at_index] == before[:at_index]
    assert live[at_index + 1:] == before[at_index + 1:] and live[at_index] != before[at_index]
    assert "Entry replaced." in "\n".join(texts(at))


def test_restore_one_entry_refused_when_it_does_not_fit(tmp_path: Path, monkeypatch, fresh_cache) -> None:
    home = tmp_path / "home"
    mem = home / "memories"
    mem.mkdir(parents=True)
    (home / "config.yaml").write_text("memory:\n  memory_char_limit: 120\n")
    (mem / "MEMORY.md").write_text(DELIMITER.join(["a" * 50, "b" * 50]))
    (mem / "MEMORY.md.bak.20261101").write_text(DELIMITER.join(["a" * 50, "c" * 60]))
    monkeypatch.setenv("HERMES_HOME", str(home))
    before = (mem / "MEMORY.md").read_bytes()
    at = backups_page()
    at.button(key="bk_entry_restore").click().run()
    at.button(key="bk_entry_yes").click().run()
    assert "Refused: nothing was changed." in "\n".join(e.value for e in at.error)
    assert any("would put the file at 166/120" in t for t in texts(at))
    assert (mem / "MEMORY.md").read_bytes() == before


def test_no_backups_yet(tmp_path: Path, monkeypatch, fresh_cache) -> None:
    home = tmp_path / "home"
    (home / "memories").mkdir(parents=True)
    (home / "memories" / "MEMORY.md").write_text("One entry.")
    monkeypatch.setenv("HERMES_HOME", str(home))
    at = backups_page()
    assert "No backups yet" in alerts(at)
    at.button(key="bk_now_memory").click().run()
    assert len(at.dataframe[0].value) == 1


def test_undo_of_a_whole_file_restore_puts_the_live_file_back_byte_identical(demo: Path) -> None:
    before = read(demo, "MEMORY.md")
    at = backups_page()
    at.selectbox(key="bk_pick").select("MEMORY.md.bak.20261127-184210").run()
    at.button(key="bk_restore").click().run()
    at.button(key="bk_restore_yes").click().run()
    assert read(demo, "MEMORY.md") == read(demo, "MEMORY.md.bak.20261127-184210") != before
    at.button(key="hd_undo_0").click().run()
    no_exception(at)
    assert read(demo, "MEMORY.md") == before and "Undone" in alerts(at)
