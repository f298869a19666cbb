"""History page: pruning dated backups (preview, confirm, pinned to the preview), the .lock line,
the backup buttons at the top."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from app_support import alerts, no_exception, open_app, rendered_markdown, texts

from hermes_dash import MemoryStore, resolve_home

DATED = [f"MEMORY.md.bak.20261101-0000{i:02d}" for i in range(6)]  # oldest first
USER_DATED = ["USER.md.bak.20261102-000000", "USER.md.bak.20261102-000001", "USER.md.bak.20261102-000002"]
KEPT_ALWAYS = ["MEMORY.md.bak.20200101", "MEMORY.md.bak.1600000000"]


pytestmark = pytest.mark.home(
    memory="live fact",
    user="live preference",
    files={
        f"memories/{name}": "é fact\n§\nsecond" for name in [*DATED, *USER_DATED, *KEPT_ALWAYS]
    },  # 15 characters, 17 bytes
)


def backups(home: Path) -> set[str]:
    return {p.name for p in (home / "memories").iterdir() if ".bak." in p.name}


PREVIEW_LINE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d  (MEMORY|USER)\.md {2,}(\S+\.bak\.\S+)$")


def prune_table(at) -> list[str] | None:
    """The names the preview lists (one line each: time, file, name), or None without a preview."""
    for text in at.text:
        lines = text.value.splitlines()
        if lines and all(PREVIEW_LINE.match(line) for line in lines):
            return [PREVIEW_LINE.match(line)[2] for line in lines]
    return None


def preview(at) -> list[str]:
    return prune_table(at) or []


def test_sizes_are_in_characters_and_the_lock_files_are_explained(home: Path) -> None:
    at = open_app("history")
    no_exception(at)
    table = at.dataframe[0].value
    assert "Chars" in table.columns and "Size (bytes)" not in table.columns
    assert set(table["Chars"][1:]) == {15} and table["Chars"][0] == 9  # every backup; the live file first
    said = "\n".join(rendered_markdown(at))
    assert "MEMORY.md.lock and USER.md.lock" in said and "writing at the same moment" in said and "Leave them" in said


def test_the_backup_buttons_share_one_row_at_the_top(home: Path) -> None:
    """Not one button per half of the page: both in one block at the top of the page."""
    at = open_app("history")
    blocks = [b for b in at.main.children.values() if hasattr(b, "children")]
    rows = [
        b for b in blocks if {"bk_now_memory", "bk_now_user"} <= {getattr(e, "key", None) for e in b.children.values()}
    ]
    assert len(rows) == 1


def test_preview_lists_exactly_the_backups_that_go_and_deletes_nothing(home: Path) -> None:
    before = backups(home)
    at = open_app("history")
    at.number_input(key="bk_keep").set_value(2).run()
    no_exception(at)
    assert preview(at) == [*DATED[3::-1], USER_DATED[0]]
    assert "These 5 dated backups would be deleted:" in "\n".join(rendered_markdown(at))
    at.number_input(key="bk_keep").set_value(3).run()
    assert preview(at) == DATED[2::-1]
    assert backups(home) == before


def test_confirm_deletes_only_the_previewed_backups(home: Path) -> None:
    at = open_app("history")
    at.number_input(key="bk_keep").set_value(2).run()
    shown = preview(at)
    at.button(key="bk_prune").click().run()
    assert "Delete these 5 backups for good?" in alerts(at)
    at.button(key="bk_prune_no").click().run()
    assert not set(shown) - backups(home), "Cancel deletes nothing"
    at.button(key="bk_prune").click().run()
    at.button(key="bk_prune_yes").click().run()
    no_exception(at)
    assert backups(home) == {*DATED[4:], *USER_DATED[1:], *KEPT_ALWAYS}
    assert "Pruned" in alerts(at) and any("Deleted 5 dated backups" in t for t in texts(at))
    assert [o.rsplit(" · ", 1)[-1] for o in at.selectbox(key="bk_pick").options].count(
        "MEMORY.md.bak.20261101-000004"
    ) == 1


def test_a_write_between_preview_and_confirm_asks_again_and_deletes_nothing(home: Path) -> None:
    at = open_app("history")
    at.number_input(key="bk_keep").set_value(2).run()
    at.button(key="bk_prune").click().run()
    MemoryStore(resolve_home(home)).add("memory", "a write meanwhile")  # one more dated backup
    before = backups(home)
    at.button(key="bk_prune_yes").click().run()
    no_exception(at)
    assert backups(home) == before
    assert "for good?" not in alerts(at)  # the question was about a list that is no longer true
    assert preview(at) == [*DATED[4::-1], USER_DATED[0]]


def test_nothing_to_prune(home: Path) -> None:
    at = open_app("history")
    at.number_input(key="bk_keep").set_value(6).run()
    assert prune_table(at) is None
    assert any("Nothing to delete: no file has more than 6 dated backups." in c.value for c in at.caption)
