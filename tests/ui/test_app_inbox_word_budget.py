"""The Inbox's previews share one budget of work for all their word diffs on a page (engine
diff's LISTING_WORD_STEPS): five staged batches of six costly patches each drew 30 word diffs
of 1.2 million steps, almost twice the budget; past it the rest are coarse, said once."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from app_support import no_exception, open_app
from pending_support import batch, stage

from hermes_dash.ui import _inbox_page


def _ab_words(seed: int, n: int = 400) -> str:
    rng = random.Random(seed)
    return " ".join(rng.choice("ab") for _ in range(n))


ENTRIES = [f"e{n} {_ab_words(100 + n)}" for n in range(30)]

pytestmark = pytest.mark.home(memory=ENTRIES, config="memory:\n  write_approval: true\n  memory_char_limit: 1000000\n")


@pytest.mark.timeout(300)
def test_the_inbox_page_shares_one_word_diff_budget(home: Path) -> None:
    for w in range(5):
        ops = [
            {"action": "patch", "old_text": ENTRIES[n], "new_text": f"e{n} {_ab_words(200 + n)}"}
            for n in range(w * 6, w * 6 + 6)
        ]
        stage(home, f"{w:08x}", batch(ops))
    at = open_app("curation_inbox")
    no_exception(at)
    said = [c.value for c in at.caption if c.value == _inbox_page.WORDS_CUT]
    assert len(said) == 1
