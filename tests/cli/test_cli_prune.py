"""`backups --prune N [--dry-run]` and sizes in characters, through the real command line."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import run

DATED = [f"MEMORY.md.bak.20261101-0000{i:02d}" for i in range(5)]  # oldest first
KEPT_ALWAYS = ["MEMORY.md.bak.20200101", "MEMORY.md.bak.1600000000", "USER.md.bak.20261102-000000"]


@pytest.fixture
def folder(home: Path) -> Path:
    folder = home / "memories"
    folder.mkdir()
    (folder / "MEMORY.md").write_text("live")
    for name in [*DATED, *KEPT_ALWAYS]:
        (folder / name).write_text("é fact\n§\nsecond")  # 15 characters, 17 bytes
    return folder


def names(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir() if ".bak." in p.name}


def test_listing_gives_characters_and_keeps_size_in_bytes(home: Path, folder: Path) -> None:
    code, out, _ = run(home, "backups")
    assert code == 0 and all(b["size"] == 17 and b["chars"] == 15 for b in out["backups"])
    code, text, _ = run(home, "backups", json_out=False)
    assert code == 0 and "15 chars" in text and "bytes" not in text


def test_dry_run_lists_what_would_go_and_deletes_nothing(home: Path, folder: Path) -> None:
    before = names(folder)
    code, out, _ = run(home, "backups", "--prune", "2", "--dry-run")
    assert code == 0 and out["dry_run"] is True and out["keep"] == 2
    assert [b["name"] for b in out["pruned"]] == DATED[2::-1]
    assert out["pruned"][0]["chars"] == 15
    assert names(folder) == before
    code, text, _ = run(home, "backups", "--prune", "2", "--dry-run", json_out=False)
    assert code == 0 and "Would delete 3 dated backups" in text and "Nothing was deleted (dry run)." in text
    assert all(name in text for name in DATED[:3]) and DATED[3] not in text


def test_prune_deletes_only_the_oldest_dated_backups(home: Path, folder: Path) -> None:
    code, out, _ = run(home, "backups", "memory", "--prune", "2")
    assert code == 0 and out["dry_run"] is False and [b["name"] for b in out["pruned"]] == DATED[2::-1]
    assert names(folder) == {*DATED[3:], *KEPT_ALWAYS}
    code, text, _ = run(home, "backups", "--prune", "2", json_out=False)
    assert code == 0 and text.startswith("Nothing to prune: neither file has more than 2 dated backups.")


@pytest.mark.parametrize("keep", ["0", "-3"])
def test_keeping_fewer_than_one_is_refused(home: Path, folder: Path, keep: str) -> None:
    before = names(folder)
    code, out, _ = run(home, "backups", "--prune", keep)
    assert code == 1 and out["success"] is False and out["code"] == "invalid"
    assert "Nothing was deleted" in out["error"] and "at least 1" in out["hint"]
    assert names(folder) == before


def test_bad_numbers_and_a_lone_dry_run_are_refused(home: Path, folder: Path) -> None:
    before = names(folder)
    code, out, _ = run(home, "backups", "--prune", "two")
    assert code == 2 and out["code"] == "usage" and "'two' is not a valid integer" in out["error"]
    code, out, _ = run(home, "backups", "--dry-run")
    assert code == 1 and "--dry-run goes with --prune N" in out["error"]
    assert names(folder) == before
