"""One pairing rule for reworded entries (docs/rules.md#diff), the same for every comparison:
the Snapshot page, the Overview's "since snapshot" flags, History and the CLI."""

from __future__ import annotations

import pytest

from hermes_dash import MemoryStore, resolve_home
from hermes_dash.curation import history as _history
from hermes_dash.engine.freeze import freeze_snapshot
from hermes_dash.engine.views.diff import diff_entries, similarity
from hermes_dash.engine.views.snapshot import diff_live


def kinds(diff) -> list[tuple[str, str | None, str | None]]:
    return [(i.kind, i.old, i.new) for i in diff.items]


def test_a_reworded_entry_in_place_is_changed_however_different_it_reads() -> None:
    old = ["Deploys go out on Fridays.", "Prefers tabs.", "CI runs on GitHub Actions."]
    new = ["Deploys go out on Fridays.", "Spaces, four of them, never tabs!", "CI runs on GitHub Actions."]
    diff = diff_entries(old, new)
    assert kinds(diff) == [
        ("unchanged", old[0], old[0]),
        ("changed", "Prefers tabs.", new[1]),
        ("unchanged", old[2], old[2]),
    ]
    assert diff.counts == {"added": 0, "removed": 0, "changed": 1, "unchanged": 2}


def test_in_place_pairing_holds_when_other_entries_were_added_at_the_end() -> None:
    old = ["alpha fact one", "Prefers tabs.", "gamma fact three"]
    new = ["alpha fact one", "Spaces, four of them, never tabs!", "gamma fact three", "A new fact.", "Another."]
    assert diff_entries(old, new).counts == {"added": 2, "removed": 0, "changed": 1, "unchanged": 2}


def test_entries_that_left_and_came_in_different_places_stay_added_and_removed() -> None:
    old = ["Deploys on Fridays.", "alpha fact one", "gamma fact three"]
    new = ["alpha fact one", "gamma fact three", "Likes green tea."]
    assert kinds(diff_entries(old, new)) == [
        ("unchanged", "alpha fact one", "alpha fact one"),
        ("unchanged", "gamma fact three", "gamma fact three"),
        ("added", None, "Likes green tea."),
        ("removed", "Deploys on Fridays.", None),
    ]


def test_after_the_last_unchanged_entry_a_removal_and_an_add_stay_apart() -> None:
    """Adds go to the end: the last entry removed and a new one added look exactly like this."""
    assert diff_entries(["keep", "Redis on port 6379"], ["keep", "Postgres 16 for everything else"]).counts == {
        "added": 1,
        "removed": 1,
        "changed": 0,
        "unchanged": 1,
    }
    assert diff_entries(["Redis on port 6379"], ["Postgres 16 for everything else"]).counts["changed"] == 0


def test_uneven_stretch_is_not_paired_by_place() -> None:
    old = ["alpha fact one", "Prefers tabs.", "gamma fact three"]
    new = ["alpha fact one", "Totally new one.", "Totally new two.", "gamma fact three"]
    assert diff_entries(old, new).counts == {"added": 2, "removed": 1, "changed": 0, "unchanged": 2}


def test_texts_that_read_alike_pair_first_then_the_rest_by_place() -> None:
    old = ["keep", "server runs on port 8080 behind nginx", "Prefers tabs.", "end"]
    new = ["keep", "Spaces only.", "server runs on port 8081 behind nginx", "end"]
    diff = diff_entries(old, new)
    assert sorted((i.old, i.new) for i in diff.of("changed")) == [
        ("Prefers tabs.", "Spaces only."),
        ("server runs on port 8080 behind nginx", "server runs on port 8081 behind nginx"),
    ]
    assert diff.counts["added"] == diff.counts["removed"] == 0


def test_history_snapshot_and_plain_diff_agree_on_a_reworded_entry(tmp_path) -> None:
    """The same replace reads the same way in History and in the snapshot comparison."""
    store = MemoryStore(resolve_home(tmp_path / "home"))
    for text in ("Deploys go out on Fridays.", "Prefers tabs.", "CI runs on GitHub Actions."):
        store.add("memory", text)
    snap = freeze_snapshot(store)
    store.replace("memory", "Prefers tabs.", "Spaces, four of them, never tabs!")
    live = diff_live(store, snap, "memory")
    assert live.counts == {"added": 0, "removed": 0, "changed": 1, "unchanged": 2}
    timeline = _history.timeline(store, "memory")
    assert len(timeline.present) == 3 and not timeline.gone
    assert timeline.diff(len(timeline.versions) - 2, "current").counts == live.counts


def test_two_profiles_pair_only_texts_that_read_alike() -> None:
    old = ["Shared fact", "Deploys need a change ticket", "Also shared"]
    new = ["Shared fact", "The cat is called Miso", "Also shared"]
    assert diff_entries(old, new).counts["changed"] == 1
    assert diff_entries(old, new, in_place=False).counts == {"added": 1, "removed": 1, "changed": 0, "unchanged": 2}


def test_only_a_changed_entry_has_a_similarity_and_one_paired_by_place_alone_reads_zero() -> None:
    diff = diff_entries(
        ["keep", "Prefers tabs.", "end", "gone for good"],
        ["keep", "Spaces, four of them, never tabs!", "end", "A new fact."],
    )
    by_kind = {i.kind: i.similarity for i in diff.items}
    # Paired by place, not by reading alike: below the bar its similarity is 0, not difflib's 0.39.
    assert by_kind == {"unchanged": 1.0, "changed": 0.0, "added": 0.0, "removed": 0.0}


def test_texts_exactly_half_alike_are_changed() -> None:
    """difflib's ratio of exactly CHANGED_AT (0.5) pairs: 12 characters kept of 12 + 36."""
    old, new = "Prefers tabs", "Prefers tabs in Python, four columns"
    assert similarity(old, new) == 0.5
    assert [(i.kind, i.similarity) for i in diff_entries([old], [new], in_place=False).items] == [("changed", 0.5)]


def test_every_character_counts_in_the_similarity_of_long_texts() -> None:
    """No character is skipped as too common (difflib's autojunk drops those of texts of 200+
    characters, and would read this one-word change as 0.9835...): 240 of 243 characters kept."""
    old = (
        "The deploy pipeline runs on GitHub Actions; staging deploys go out every weekday at ten, production "
        "deploys need a change ticket and a second reviewer, and rollbacks are done with the release tool, "
        "never by hand. Logs are kept for thirty days."
    )
    assert similarity(old, old.replace("thirty", "ninety")) == 240 / 243


def test_the_best_match_wins_when_two_removed_entries_read_like_one_added() -> None:
    old = ["server runs on port 9090 behind caddy", "server runs on port 8080 behind nginx"]
    new = ["server runs on port 8081 behind nginx"]
    assert kinds(diff_entries(old, new, in_place=False)) == [
        ("changed", "server runs on port 8080 behind nginx", new[0]),
        ("removed", "server runs on port 9090 behind caddy", None),
    ]


def _many(first: int, n: int) -> list[str]:
    # Texts with no character in common, so only the planted pair reads alike.
    return [chr(first + i) * 5 for i in range(n)]


def test_reading_alike_is_tried_as_long_as_the_work_bound_allows() -> None:
    """200 x 200 short entries are compared (the bound is work, not a count of pairs); 1,000 x
    1,000 cost more than DIFF_STEPS only to look at, so they pair by place alone (coarse)."""
    old = ["Deploys go out on Fridays at noon.", *_many(0x4E00, 199)]
    new = ["Deploys go out on Fridays at ten.", *_many(0x5E00, 199)]
    diff = diff_entries(old, new, in_place=False)
    assert diff.counts["changed"] == 1 and not diff.coarse  # 200 x 200: compared
    wide = diff_entries([*old, *_many(0x6000, 800)], [*new, *_many(0x7000, 800)], in_place=False)
    assert wide.counts["changed"] == 0 and wide.coarse


def test_a_diff_item_gives_the_texts_its_kind_has_and_refuses_the_one_it_lacks():
    """``before``/``after`` are typed ``str``: an added item has no old text, a removed one no new."""
    items = {item.kind: item for item in diff_entries(["keep", "gone"], ["keep", "fresh entry"]).items}
    assert (items["unchanged"].before, items["unchanged"].after) == ("keep", "keep")
    assert items["removed"].before == "gone" and items["added"].after == "fresh entry"
    with pytest.raises(ValueError, match="added item has no old text"):
        _ = items["added"].before
    with pytest.raises(ValueError, match="removed item has no new text"):
        _ = items["removed"].after
