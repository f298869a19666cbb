"""The live toast's diff is bounded in work: a page froze 62 s when a 20 KB file of long
look-alike entries changed under it (difflib compared every pair of them)."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from app_support import no_exception, open_app, unescaped
from homes import make_home

from hermes_dash.engine.rules.format import DELIMITER


def _ab_entries(seed: int) -> str:
    rng = random.Random(seed)
    return DELIMITER.join("".join(rng.choice("ab") for _ in range(2000)) for _ in range(10))


@pytest.mark.timeout(300)
def test_a_twenty_kilobyte_file_changed_under_the_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = make_home(tmp_path / "home", memory=_ab_entries(1), config="memory:\n  memory_char_limit: 50000\n")
    monkeypatch.setenv("HERMES_HOME", str(home))
    at = open_app()
    no_exception(at)
    (home / "memories" / "MEMORY.md").write_text(_ab_entries(2), encoding="utf-8")
    started = time.monotonic()
    at.run()
    took = time.monotonic() - started
    no_exception(at)
    assert [unescaped(t.value) for t in at.toast] == [
        "Written from outside this page: 10 entries added, 10 entries removed in MEMORY.md. "
        "Made by outside the agent (hand edit or git)."
    ]
    assert took < 45, took  # about 70 s before on an idle machine (every pair compared)


@pytest.mark.timeout(120)  # difflib over 40,000 tokens of three kinds each way: minutes before
def test_merging_an_edit_on_top_of_the_agents_is_bounded_in_work() -> None:
    from hermes_dash.ui._conflict import merge_on_top

    rng = random.Random(9)
    base, mine, theirs = (" ".join(rng.choice("ab") for _ in range(20_000)) for _ in range(3))
    started = time.monotonic()
    assert merge_on_top(base, mine, theirs) is None  # past the bound: one edit each, overlapping
    assert time.monotonic() - started < 60
