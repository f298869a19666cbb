"""One budget of work for all the entry diffs of `pending list` (engine/views/diff.py
``LISTING_DIFF_STEPS``): each staged write's entry diff is bounded on its own (about 0.3 s), but a
listing reads up to 200 staged files, so a queue of costly ones added up to a minute. Past the
listing's budget the rest are coarse, said once; a normal queue is listed exactly as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import invoke, run
from homes import make_home
from pending_support import HOSTILE_ENTRIES, stage, stage_hostile

from hermes_dash.engine.views.diff import DIFF_STEPS, LISTING_DIFF_STEPS, PLACE_STEPS, diff_entries
from hermes_dash.engine.views.diffwork import Work

CONFIG = "memory:\n  memory_char_limit: 100000\n"


def own_steps(before: list[str], after: list[str]) -> int:
    """The steps one write's entry diff takes on its own (a budget too large to run out)."""
    work = Work(10**15)
    diff_entries(before, after, budget=work)
    return work.given - work.left


def changed_entries(listed: dict[str, object]) -> tuple[set[str], set[str]]:
    """The old and the new texts a listed write's entry diff names as changed (``changed``,
    ``removed``, ``added``: coarse or not, the same entries)."""
    items = listed["preview"]["diff"]  # type: ignore[index]
    return {i["old"] for i in items if i["old"] is not None}, {i["new"] for i in items if i["new"] is not None}


@pytest.mark.timeout(240)
def test_pending_list_shares_one_work_budget_across_its_entry_diffs(tmp_path: Path) -> None:
    home = make_home(tmp_path / "home", memory=HOSTILE_ENTRIES, config=CONFIG)
    texts = stage_hostile(home, 64)  # about 1.6 million steps each: 100 million in all, four times the budget
    code, out, err = run(home, "pending", "list")
    assert code == 0, err
    listed = out["pending"]
    assert len(listed) == 64
    assert out["entry_diffs_coarse"] is True
    coarse = [s["preview"]["diff_coarse"] for s in listed]
    assert coarse == sorted(coarse), "exact first, in the order listed; the remaining ones coarse"
    exact = coarse.count(False)
    assert 3 <= exact <= 30 and coarse.count(True) >= 34, coarse
    # The steps the exact ones took, each counted on its own: within the budget plus one write's bound.
    spent = sum(own_steps(HOSTILE_ENTRIES, [HOSTILE_ENTRIES[0], t, HOSTILE_ENTRIES[2]]) for t in texts[:exact])
    assert spent <= LISTING_DIFF_STEPS + DIFF_STEPS + PLACE_STEPS
    assert spent > LISTING_DIFF_STEPS // 2  # and the budget was used, not thrown away
    for s, text in zip(listed, texts):  # coarse is a lower resolution, never a wrong answer
        assert changed_entries(s) == ({HOSTILE_ENTRIES[1]}, {text})  # the same entries changed
    assert all({i["kind"] for i in s["preview"]["diff"]} == {"changed"} for s in listed[:exact])
    # Past the one the budget ran out in (paired by place, when that still fit): each removed and added.
    assert all({i["kind"] for i in s["preview"]["diff"]} == {"removed", "added"} for s in listed[exact + 1 :])
    said = invoke("pending", "list", home=home, timeout=120).stdout
    assert said.count("Entry diffs are coarse once this listing's work budget for them is spent") == 1


def test_a_normal_queue_is_listed_exactly(tmp_path: Path) -> None:
    entries = [f"Entry {i}: the build runs on runner {i} with cache {i * 7}." for i in range(30)]
    home = make_home(tmp_path / "home", memory=entries, config=CONFIG)
    for n in range(60):
        entry = entries[n % 30]
        op = {"action": "replace", "target": "memory", "old_text": entry, "content": entry + f" (checked {n})"}
        stage(home, f"{n:08x}", op, age=60 - n)
    code, out, err = run(home, "pending", "list")
    assert code == 0, err
    assert out["entry_diffs_coarse"] is False
    for n, s in enumerate(out["pending"]):
        entry = entries[n % 30]
        assert s["preview"]["diff_coarse"] is False
        assert s["preview"]["diff"] == [{"kind": "changed", "old": entry, "new": entry + f" (checked {n})"}]
    said = invoke("pending", "list", home=home).stdout
    assert "Entry diffs are coarse" not in said
