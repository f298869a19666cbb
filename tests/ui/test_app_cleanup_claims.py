"""Cleanup says only what it checked (AppTest, the real page on a near-full home as a person's
gets: a near-duplicate, a port contradiction worded freely, facts dated in the past, no state.db).

Never an absence the method cannot know ("no two entries give different values"), but what was
checked and that a model can look further; a date that is over is evidence, shown as such and
ranked before the entries with none; each removal box says which entry it removes; without
state.db, how to have paths checked."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_support import no_exception, open_app
from long_homes import crowded_home


@pytest.fixture
def crowded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_cache: None) -> Path:
    home = crowded_home(tmp_path / "crowded")
    monkeypatch.setenv("HERMES_HOME", str(home))
    return home


def everything(at) -> str:
    parts = [e.value for e in at.caption] + [e.value for e in at.markdown] + [e.value for e in at.text]
    parts += [e.label for e in at.checkbox] + [e.label for e in at.expander]
    return "\n".join(parts)


def test_cleanup_says_what_it_checked_never_an_absence_it_cannot_know(crowded: Path) -> None:
    at = open_app("curation_cleanup")
    no_exception(at)
    said = everything(at)
    assert "no two entries give different values" not in said
    assert "Nothing else to do" not in said
    assert "no contradiction found by the value rules" in said and "a model review can look further" in said


def test_a_date_that_is_over_is_evidence_ranked_before_the_entries_with_none(crowded: Path) -> None:
    at = open_app("curation_cleanup")
    boxes = [c.label for c in at.checkbox if c.label.startswith("Remove ")]
    assert "Staging freeze until March 2025" in boxes[0] and "dated in the past" in boxes[0]
    assert "by Q3 2025" in boxes[1] and "dated in the past" in boxes[1]
    assert all("no evidence" in b for b in boxes[2:])
    said = everything(at)
    assert "it says “until March 2025”, and that time is over" in said
    fold = next(e for e in at.expander if "with no evidence found against them" in e.label)
    assert fold.label.startswith(f"{len(boxes) - 2} more")  # both dated ones shown open, above the fold


def test_each_removal_box_names_its_entry(crowded: Path) -> None:
    at = open_app("curation_cleanup")
    boxes = [c.label for c in at.checkbox if c.label.startswith("Remove ")]
    assert len(boxes) > 10 and len(set(boxes)) == len(boxes)  # no two alike for a screen reader
    assert any("billing-api runs locally on 8081." in b for b in boxes)


def test_without_state_db_it_says_how_to_have_paths_checked(crowded: Path) -> None:
    at = open_app("curation_cleanup")
    assert "To have paths checked, open the dashboard on the machine where the agent runs" in everything(at)


def test_a_long_rest_of_the_list_scrolls_in_its_own_box(crowded: Path) -> None:
    """Opened, the 13 entries with no evidence found scroll inside a box: the open list was 3,967 px
    tall at 1400 and 6,058 px at 390 on this home; 2,674 and 3,573 with the box (docs/pages.md)."""
    at = open_app("curation_cleanup")
    fold = next(e for e in at.expander if "with no evidence found against them" in e.label)
    [box] = [b for b in fold.children.values() if str(getattr(b, "key", "")).startswith("cu_fold_list_")]
    assert box.proto.height_config.pixel_height == 420
    assert len([c for c in at.checkbox if c.label.startswith("Remove ")]) == 15  # all of them still there
