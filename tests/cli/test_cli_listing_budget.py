"""One budget of work for all the word diffs of a listing (engine/views/diff.py
``LISTING_WORD_STEPS``): each patch's word diff is bounded on its own, but a queue of many
costly patches added up to minutes; past the listing's budget the rest are coarse, said once."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from cli_support import invoke, run
from homes import make_home
from pending_support import stage


def _ab_words(seed: int, n: int = 400) -> str:
    """Words of random ``a``/``b``: the word diff of two such texts costs about 1.2 million
    steps, under one diff's WORD_STEPS (2 million), so each alone is shown word by word."""
    rng = random.Random(seed)
    return " ".join(rng.choice("ab") for _ in range(n))


@pytest.mark.timeout(180)
def test_pending_list_shares_one_work_budget_across_its_word_diffs(tmp_path: Path) -> None:
    middle = _ab_words(0)
    home = make_home(tmp_path / "home", memory=f"start {middle} end", config="memory:\n  memory_char_limit: 100000\n")
    batches = 30  # 30 word diffs of 1.2 million steps each: almost twice the listing's budget
    for n in range(batches):
        ops = {"action": "patch", "target": "memory", "old_text": middle, "new_text": _ab_words(n + 1)}
        stage(home, f"{n:08x}", ops)
    started = time.monotonic()
    code, out, err = run(home, "pending", "list")
    assert code == 0, err
    assert out["word_diffs_coarse"] is True
    patched = [p["word_diff"] for s in out["pending"] for p in s["preview"]["patched"]]
    assert len(patched) == batches
    whole = [d for d in patched if d.count("[-") == 1]  # the changed middle as one piece
    assert 5 <= len(whole) <= batches - 10, "word by word within the budget, coarse past it"
    text = invoke("pending", "list", home=home, timeout=120).stdout
    assert text.count("past this listing's work budget") == 1
    assert time.monotonic() - started < 120


def test_a_small_listing_is_not_cut(tmp_path: Path) -> None:
    home = make_home(tmp_path / "home", memory="Deploy with make ship.")
    stage(home, "0a0a0a0a", {"action": "patch", "target": "memory", "old_text": "make ship", "new_text": "make deploy"})
    code, out, err = run(home, "pending", "list")
    assert code == 0, err
    assert out["word_diffs_coarse"] is False
    assert out["pending"][0]["preview"]["patched"][0]["word_diff"] == "Deploy with make [-ship-]{+deploy+}."


@pytest.mark.timeout(180)
def test_pending_list_id_shares_one_work_budget_across_its_operations(tmp_path: Path) -> None:
    ops = 30  # one batch of 30 patches of 1.2 million steps each: almost twice the budget
    entries = [f"e{n} {_ab_words(100 + n)}" for n in range(ops)]
    home = make_home(tmp_path / "home", memory=entries, config="memory:\n  memory_char_limit: 1000000\n")
    patches = [
        {"action": "patch", "old_text": entry, "new_text": f"e{n} {_ab_words(200 + n)}"}
        for n, entry in enumerate(entries)
    ]
    stage(home, "0c0c0c0c", {"action": "batch", "target": "memory", "operations": patches})
    code, out, err = run(home, "pending", "list", "0c0c0c0c")
    assert code == 0, err
    assert out["word_diffs_coarse"] is True
    whole = [o for o in out["operations"] if o["word_diff"].count("[-") == 1]
    assert 5 <= len(whole) <= ops - 10, [o["verdict"] for o in out["operations"]]
    text = invoke("pending", "list", "0c0c0c0c", home=home, timeout=120).stdout
    assert text.count("past this listing's work budget") == 1
