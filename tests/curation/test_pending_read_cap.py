"""Staged writes are read up to a count and a total of bytes, oldest first; the rest are listed
as "not read (N more, X MB)" in `pending list` and the Inbox. Before, every file was parsed and
kept: 200 files of a megabyte used 287 MB, 10,000 would use about 14 GB."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from app_support import open_app
from cli_support import invoke, run
from homes import make_home
from pending_support import stage, stage_file
from repo import ROOT

from hermes_dash.curation import pending


def _many(home: Path, n: int) -> None:
    for i in range(n):
        path = stage(home, f"{i:08x}", {"action": "add", "target": "memory", "content": f"entry {i}"})
        os.utime(path, (1_700_000_000 + i, 1_700_000_000 + i))  # the oldest first


def test_past_the_count_the_rest_are_listed_as_not_read(tmp_path: Path) -> None:
    home = make_home(tmp_path / "home", memory=["alpha"])
    _many(home, pending.MAX_READ_FILES + 30)
    code, out, _ = run(home, "pending", "list")
    assert code == 0
    assert [p["id"] for p in out["pending"]] == [f"{i:08x}" for i in range(pending.MAX_READ_FILES)]
    assert out["not_read"]["count"] == 30
    text = invoke("pending", "list", home=home)
    assert "not read (30 more, 0.0 MB): approve or reject these first." in text.stdout


def _padded(home: Path, i: int) -> None:
    """A valid add made about a megabyte long by 330,000 empty objects: about 25 MB once parsed."""
    doc = json.dumps(
        {
            "id": f"{i:08x}",
            "subsystem": "memory",
            "action": "add",
            "created_at": 1_700_000_000 + i,
            "payload": {"action": "add", "target": "memory", "content": f"entry {i}", "pad": "PAD"},
        }
    )
    path = stage_file(home, f"{i:08x}.json", doc.replace('"PAD"', "[" + ",".join(["{}"] * 330_000) + "]").encode())
    os.utime(path, (1_700_000_000 + i, 1_700_000_000 + i))


@pytest.mark.timeout(180)
def test_past_the_bytes_the_rest_are_not_read_and_memory_stays_bounded(tmp_path: Path) -> None:
    home = make_home(tmp_path / "home", memory=["alpha"])
    for i in range(12):
        _padded(home, i)
    size = (home / "pending" / "memory" / "00000000.json").stat().st_size
    fit = pending.MAX_READ_BYTES // size
    # VmHWM, the peak of this process's own memory: ru_maxrss would count the test process's
    # memory at the fork too (Linux keeps it across exec).
    probe = (
        "import sys\n"
        "from pathlib import Path\n"
        "from hermes_dash import MemoryStore, resolve_home\n"
        "from hermes_dash.curation import pending\n"
        "store = MemoryStore(resolve_home(Path(sys.argv[1])))\n"
        "read, left = len(pending.list_pending(store)), pending.not_read(store).count\n"
        "peak = next(int(l.split()[1]) for l in Path('/proc/self/status').read_text().splitlines()"
        " if l.startswith('VmHWM:'))\n"
        "print(read, left, peak // 1024)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, str(home)],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        timeout=150,
        check=True,
    )
    read, left, peak_mb = map(int, done.stdout.split())
    assert (read, left) == (fit, 12 - fit)
    assert peak_mb < 200, peak_mb  # 12 files read and kept: about 330 MB


def test_the_inbox_says_what_was_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = make_home(tmp_path / "home", memory=["alpha"])
    _many(home, pending.MAX_READ_FILES + 5)
    monkeypatch.setenv("HERMES_HOME", str(home))
    at = open_app("curation_inbox")
    assert not at.exception
    said = [c.value for c in at.caption if "not read" in c.value]
    shown = f"{pending.MAX_READ_FILES} oldest staged writes shown"
    assert said == [f"{shown}; not read (5 more, 0.0 MB): approve or reject these first."]


@pytest.mark.timeout(60)  # unbounded difflib over 40,000 units of three kinds: minutes
def test_a_staged_patch_shown_word_by_word_is_bounded_in_work() -> None:
    rng = random.Random(8)
    before = " ".join(rng.choice("ab") for _ in range(20_000))
    after = " ".join(rng.choice("ab") for _ in range(20_000))
    shown = pending.word_diff("Keep: " + before, "Keep: " + after)
    assert shown.startswith("Keep: ") and shown.count("[-") == 1 and shown.count("{+") == 1
