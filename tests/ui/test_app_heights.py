"""What each page is for comes first, and the details fold away.

On the demo home, in the order the elements are drawn: the Cleanup plan's gauge and its one
Review button come before its steps, and its other sections, the no-evidence candidates and the
step's full texts are inside expanders; the Inbox says what write_approval means in plain words
and puts each write's buttons before its table; Migrate's Rewrite button is above its preview.
(Edit's table height is not visible to AppTest: benchmarks/page_heights.py measures it.)
"""

from __future__ import annotations

from pathlib import Path

from app_support import no_exception, open_app


def walk(node, inside: tuple[str, ...] = ()):
    """Every element under ``node`` in the order drawn, each with the expanders it sits in."""
    for child in getattr(node, "children", {}).values():
        folded = getattr(child, "type", "") == "expander"
        yield child, inside
        yield from walk(child, inside + ((child.label,) if folded else ()))


def order(at) -> list:
    return list(walk(at.main))


def index_of(flat, test) -> int:
    return next(n for n, (el, _) in enumerate(flat) if test(el))


def key(el) -> str:
    return getattr(el, "key", None) or ""


def test_cleanup_plan_shows_its_gauge_and_review_before_its_steps(demo: Path) -> None:
    at = open_app("curation_cleanup")
    no_exception(at)
    flat = order(at)
    review = index_of(flat, lambda e: key(e) == "cu_plan_apply_memory")
    first_step = index_of(flat, lambda e: key(e).startswith("cu_plan_pick_"))
    first_candidate = index_of(flat, lambda e: key(e).startswith("cu_plan_rm_"))
    gauge = index_of(flat, lambda e: key(e).startswith("cu_plan_gauge_memory"))
    assert gauge < review < first_step < first_candidate
    # Picking a removal keeps one line about the goal (no line appears or vanishes above the boxes).
    goal = [c.value for c in at.caption if "the goal" in c.value]
    assert len(goal) == 1 and "above the goal" in goal[0]


def test_cleanup_details_are_folded(demo: Path) -> None:
    at = open_app("curation_cleanup")
    flat = order(at)
    folded = {key(e): inside for e, inside in flat if key(e)}
    # The candidates with no evidence against them fold away, but for the first two.
    candidates = [c for c in at.checkbox if c.key.startswith("cu_plan_rm_")]
    assert candidates[0].label.startswith("Remove `") and not folded[candidates[0].key]
    assert any(folded[c.key] for c in candidates) and len(candidates) > 3
    # A step's edit box and full texts, the explanation, the other sections: each in an expander.
    assert all(folded[t.key] for t in at.text_area if t.key.startswith("cu_plan_text_"))
    labels = [e.label for e in at.expander]
    assert "How the plan is made" in labels and "Paths not found where the agent runs (0)" in labels
    assert any(label.startswith("Entries that may be in the wrong file") for label in labels)
    assert not [h for h in at.header if h.value in ("Contradictions to resolve", "Entries that state one fact")]
    # Empty sections are said once, in one line.
    assert any(
        c.value.startswith("Checked, nothing found: no contradiction found by the value rules") for c in at.caption
    )


def test_inbox_says_write_approval_in_plain_words(demo: Path) -> None:
    at = open_app("curation_inbox")
    no_exception(at)
    said = " ".join(c.value for c in at.main.caption)  # the page (the sidebar is not this page's)
    assert "write_approval is on" not in said
    assert "The agent asks before it changes its memory" in said
    # Each write's buttons come before what it changes (the file after it is beside them).
    flat = order(at)
    box = index_of(flat, lambda e: key(e) == "in_box_3fa91c0e")
    approve = index_of(flat, lambda e: key(e) == "in_approve_3fa91c0e")
    diff = index_of(flat, lambda e: key(e) == "in_changes_3fa91c0e")
    assert box < approve < diff


def test_migrate_rewrite_button_is_above_its_preview(demo: Path) -> None:
    at = open_app("curation_migrate")
    at.radio(key="mg_target").set_value("user").run()
    no_exception(at)
    flat = order(at)
    assert index_of(flat, lambda e: key(e) == "mg_apply") < index_of(flat, lambda e: type(e).__name__ == "Dataframe")
