"""The Cleanup page on the home the independent trial described (a tea shop's MEMORY.md at 91%:
a stale and a moved Redis port, two entries saying the same Vite ports, a checkout and a venv
that exist where the agent runs, its sessions recorded by the released agent in state.db).

It surfaces the contradiction (newer first) and the duplicate, ranks the stale port first and
never a live fact above it, its figures follow the boxes ticked, and its plan keeps every live
fact. The browser test with the screenshot is tests/e2e/test_browser_cleanup.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import streamlit as st
from agent_db import build_state_db, require_agent
from app_support import open_app
from streamlit.testing.v1 import AppTest

from benchmarks import cleanup_quality
from hermes_dash.engine.rules.format import serialise, usage

HOME = next(h for h in cleanup_quality.corpus("dev").HOMES if h.name == "tea-shop")
OLD, NEW = HOME.conflict[0][1:]
VITE = HOME.same[0][2:]


def tea_shop(root: Path) -> Path:
    """The home as ``root/.hermes``; the agent's sessions ran in its checkout (made under ``root``,
    its user's home), recorded by the agent's own SessionDB."""
    require_agent()
    home = cleanup_quality.build_home(root, HOME, serialise, usage, sessions=False)
    (root / "src" / "shopfront" / "frontend" / "src" / "locales").mkdir(
        parents=True, exist_ok=True
    )  # as the checkout has it
    build_state_db(home, [{"id": "s1", "cwd": str(root / "src" / "shopfront")}, {"id": "s2", "cwd": str(root)}])
    return home


@pytest.fixture
def page(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    st.cache_data.clear()
    home = tea_shop(tmp_path)
    monkeypatch.setenv("HERMES_HOME", str(home))
    at = open_app("curation_cleanup", timeout=90)
    assert not at.exception, [e.value for e in at.exception]
    yield at, home
    st.cache_data.clear()


def texts(at: AppTest) -> list[str]:
    return [t.value for t in at.text] + [c.value for c in at.code] + [m.value for m in at.markdown]


def removal_boxes(at: AppTest) -> list:  # type: ignore[type-arg]
    return [c for c in at.checkbox if c.key.startswith("cu_plan_rm_")]


def test_the_page_surfaces_the_contradiction_newer_first_and_the_duplicate_in_the_plan(page):
    at, _home = page
    labels = [e.label for e in at.expander]
    assert "Contradictions to resolve (1)" in labels
    assert not any("no two entries give different values" in c.value for c in at.caption)
    box = next(e for e in at.expander if e.label == "Contradictions to resolve (1)")
    shown = [t.value for t in box.text] + [c.value for c in box.code]
    assert shown.index(NEW) < shown.index(OLD)  # the suggested keeper first, side by side
    assert [c.value.split(" · ")[0] for c in box.caption if " · in " in c.value] == ["Keep (newer)", "Older"]
    steps = [c.label for c in at.checkbox if c.key.startswith("cu_plan_pick_")]
    assert steps and steps[0].startswith("Step 1 · Merge · loses nothing")
    assert not any("Nothing can be merged, moved or shortened" in c.value for c in at.caption)


def test_the_stale_port_is_ranked_first_and_no_live_fact_above_it(page):
    at, _home = page
    boxes = removal_boxes(at)
    assert f" · superseded · frees {len(OLD) + 3} characters" in boxes[0].label and OLD[:40] in boxes[0].label
    assert f" · newer value · frees {len(NEW) + 3} characters" in boxes[-1].label
    # The checkout and the venv exist where the agent runs; the old admin's folder is gone.
    [gone] = [b for b in boxes if "not found here" in b.label]
    assert f" · not found here · frees {len(HOME.gone[0]) + 3} characters" in gone.label
    assert boxes.index(gone) == 1


def test_the_figures_follow_the_boxes_ticked_and_the_page_names_no_fix_elsewhere(page):
    at, _home = page

    def still() -> str:
        return next(m.value for m in at.markdown if "to free" in m.value or "reach the goal" in m.value)

    before = still()
    boxes = removal_boxes(at)
    last_before, first_before = boxes[-1].label, boxes[0].label
    boxes[1].check().run()
    assert still() != before  # the characters still to free count the tick
    boxes = removal_boxes(at)
    assert boxes[-1].label != last_before  # "after %" counts a box ticked above it ...
    assert boxes[0].label != first_before  # ... and one ticked below it
    boxes[0].check().run()
    assert "reach the goal" in still()  # the superseded port and the gone path are enough
    assert not any("Fix: free room on Cleanup" in t for t in texts(at))


def test_applying_the_plan_with_the_first_pick_keeps_every_live_fact(page):
    at, home = page
    removal_boxes(at)[0].check().run()
    removal_boxes(at)[1].check().run()
    at.button(key="cu_plan_apply_memory").click().run()
    at.button(key="cu_review_yes").click().run()
    assert not at.exception, [e.value for e in at.exception]
    memory = (home / "memories" / "MEMORY.md").read_text(encoding="utf-8")
    assert OLD not in memory and HOME.gone[0] not in memory and NEW in memory
    assert all(e in memory for e in HOME.memory + HOME.remote)
    assert "5173" in memory and "4173" in memory
