"""Commands that compare versions of a file finish in seconds on the texts that made difflib run
for a minute or more: the entry diff is bounded by work (engine/views/diffwork.py)."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from cli_support import invoke, run
from homes import make_home

from hermes_dash.engine.rules.format import DELIMITER


def _ab_file(seed: int, n: int = 5) -> str:
    """About 10 KB: five entries of 2,000 random ``a``/``b`` (a second of difflib per pair)."""
    rng = random.Random(seed)
    return DELIMITER.join("".join(rng.choice("ab") for _ in range(2000)) for _ in range(n))


@pytest.mark.timeout(120)
def test_the_merge_driver_on_three_ten_kilobyte_files(tmp_path: Path) -> None:
    """45 s before the bound on an idle machine."""
    base, ours, theirs = (tmp_path / n for n in ("O", "A", "B"))
    for seed, path in enumerate((base, ours, theirs)):
        path.write_text(_ab_file(seed))
    started = time.monotonic()
    done = invoke("merge-driver", str(base), str(ours), str(theirs), "MEMORY.md", timeout=40)
    assert time.monotonic() - started < 40
    assert done.returncode in (0, 1), done.stderr
    assert "too long to compare in detail" in done.stdout + done.stderr
    merged = ours.read_text()
    for side in (_ab_file(1), _ab_file(2)):  # coarse, but nothing either side wrote is lost
        assert all(entry in merged for entry in side.split(DELIMITER))


@pytest.mark.timeout(120)
def test_history_of_three_ten_kilobyte_versions(tmp_path: Path) -> None:
    """79 s before the bound on an idle machine."""
    home = make_home(
        tmp_path / "home",
        memory=_ab_file(3),
        files={
            "memories/MEMORY.md.bak.20261129-230512": _ab_file(1),
            "memories/MEMORY.md.bak.20261130-230512": _ab_file(2),
        },
    )
    done = invoke("history", "memory", home=home, timeout=40)
    assert done.returncode == 0, done.stderr
    assert "MEMORY.md.bak.20261130-230512" in done.stdout


@pytest.mark.timeout(120)
def test_snapshot_says_when_the_comparison_was_coarse(tmp_path: Path) -> None:
    home = make_home(tmp_path / "home", memory=_ab_file(4, 12), config="memory:\n  memory_char_limit: 50000\n")
    code, _, err = run(home, "snapshot", "--freeze")
    assert code == 0, err
    (home / "memories" / "MEMORY.md").write_text(_ab_file(5, 12), encoding="utf-8")
    code, out, err = run(home, "snapshot")
    assert code == 0, err
    assert out["files"]["memory"]["coarse"] is True and out["files"]["user"]["coarse"] is False
    text = invoke("snapshot", home=home, timeout=40).stdout
    assert "too long to compare in detail" in text
