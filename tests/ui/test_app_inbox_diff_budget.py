"""The Inbox's previews share one budget of work for all their entry diffs on a run (engine diff's
LISTING_DIFF_STEPS), as `pending list` does: each write's entry diff is bounded on its own (about
0.3 s), but the page's data is a queue of up to 200; past the budget the rest are coarse, said once."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_support import no_exception, open_app
from pending_support import HOSTILE_ENTRIES, stage_hostile

from hermes_dash import MemoryStore
from hermes_dash.curation import pending
from hermes_dash.engine.views.diff import DIFF_STEPS, LISTING_DIFF_STEPS, PLACE_STEPS, diff_entries
from hermes_dash.engine.views.diffwork import Work
from hermes_dash.ui import _inbox_page

pytestmark = pytest.mark.home(
    memory=HOSTILE_ENTRIES, config="memory:\n  write_approval: true\n  memory_char_limit: 100000\n"
)


def own_steps(after: list[str]) -> int:
    """The steps one write's entry diff takes on its own (a budget too large to run out)."""
    work = Work(10**15)
    diff_entries(HOSTILE_ENTRIES, after, budget=work)
    return work.given - work.left


@pytest.mark.timeout(240)
def test_the_inbox_data_shares_one_entry_diff_budget(home: Path) -> None:
    texts = stage_hostile(home, 64)  # about 1.6 million steps each: four times the budget in all
    triaged, diffs = _inbox_page.triaged_queue(MemoryStore.open(home))
    shown = [t.preview.diff for t in pending.sort_items(triaged)]  # every write drawn in one run, oldest first
    coarse = [d.coarse for d in shown]
    assert diffs.short and coarse == sorted(coarse), "exact first, in the order drawn; the remaining ones coarse"
    exact = coarse.count(False)
    assert 3 <= exact <= 30 and coarse.count(True) >= 34, coarse
    spent = sum(own_steps([HOSTILE_ENTRIES[0], t, HOSTILE_ENTRIES[2]]) for t in texts[:exact])
    assert LISTING_DIFF_STEPS // 2 < spent <= LISTING_DIFF_STEPS + DIFF_STEPS + PLACE_STEPS
    for d, text in zip(shown, texts):  # coarse: the same entries changed, at a lower resolution
        assert {i.old for i in d.items if i.kind != "unchanged"} - {None} == {HOSTILE_ENTRIES[1]}
        assert {i.new for i in d.items if i.kind != "unchanged"} - {None} == {text}


@pytest.mark.timeout(300)
def test_a_page_past_the_budget_says_so_once(home: Path) -> None:
    stage_hostile(home, 12, length=1000)  # about 2.8 million steps each: ten on a page pass the budget
    at = open_app("curation_inbox", run=False)
    for n in range(10):  # the first page, every write open
        at.session_state[f"in_fold_{n:08x}"] = True
    at.run()
    no_exception(at)
    captions = [c.value for c in at.caption]
    assert captions.count(_inbox_page.DIFFS_CUT) == 1
    changed, removed = captions.count("Changed, word by word:"), captions.count("Removed:")
    assert changed + removed == 10 and 5 <= changed <= 9, (changed, removed)
