"""The merge driver's rules in one process, with exact results: every count, every order, every
line it prints. The real-git cases (test_merge_driver.py) show it works inside `git merge`; these
pin down what it decides, so a changed rule fails here (mutation testing runs this file)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hermes_dash.engine.invocation import printed_command
from hermes_dash.engine.rules.format import DELIMITER
from hermes_dash.integrations.merge import MAX_BYTES, Conflict, limit_for, merge_entries, run_driver


def counts(result) -> dict[str, int]:
    return {
        name: getattr(result, name)
        for name in ("kept", "taken_ours", "taken_theirs", "added_ours", "added_theirs", "removed", "collapsed")
    }


NONE = dict.fromkeys(("kept", "taken_ours", "taken_theirs", "added_ours", "added_theirs", "removed", "collapsed"), 0)


def test_both_add_keeps_ours_then_theirs_and_counts_each() -> None:
    result = merge_entries(["a", "b"], ["a", "b", "ours new"], ["a", "b", "theirs new"])
    assert result.items == ("a", "b", "ours new", "theirs new")
    assert counts(result) == {**NONE, "kept": 2, "added_ours": 1, "added_theirs": 1}
    assert result.conflicts == [] and result.notes == ()


def test_a_removal_on_one_side_and_an_edit_on_the_other_side_of_other_entries() -> None:
    base = ["alpha", "the API runs on port 8000", "gamma"]
    ours = ["alpha", "the API runs on port 8001", "gamma"]  # changed
    theirs = ["alpha", "the API runs on port 8000"]  # gamma removed
    result = merge_entries(base, ours, theirs)
    assert result.items == ("alpha", "the API runs on port 8001")
    assert counts(result) == {**NONE, "kept": 1, "taken_ours": 1, "removed": 1}


def test_their_edit_is_taken_where_ours_kept_the_entry() -> None:
    base = ["alpha", "deploys with make deploy", "gamma"]
    theirs = ["alpha", "deploys with make deploy ENV=staging first", "gamma"]
    result = merge_entries(base, base, theirs)
    assert result.items == ("alpha", "deploys with make deploy ENV=staging first", "gamma")
    assert counts(result) == {**NONE, "kept": 2, "taken_theirs": 1}


def test_both_edit_one_entry_differently_is_one_conflict_in_its_place() -> None:
    base = ["alpha", "the API runs on port 8000", "gamma"]
    result = merge_entries(
        base,
        ["alpha", "the API runs on port 8001", "gamma"],
        ["alpha", "the API runs on port 9000", "gamma"],
    )
    assert result.items[0] == "alpha" and result.items[2] == "gamma"
    conflict = result.items[1]
    assert conflict == Conflict("the API runs on port 8001", "the API runs on port 9000", "the API runs on port 8000")
    assert result.conflicts == [conflict]
    assert counts(result) == {**NONE, "kept": 2}
    assert result.text() == DELIMITER.join(
        [
            "alpha",
            "<<<<<<< ours\nthe API runs on port 8001\n=======\nthe API runs on port 9000\n>>>>>>> theirs",
            "gamma",
        ]
    )
    assert result.text(("HEAD", "feature")).splitlines()[2] == "<<<<<<< HEAD"
    assert result.usage() == len(result.text())


def test_both_edit_to_the_same_text_is_no_conflict() -> None:
    base = ["alpha", "uses yarn 1"]
    both = ["alpha", "uses yarn 4"]
    result = merge_entries(base, both, both)
    assert result.items == ("alpha", "uses yarn 4") and result.conflicts == []
    assert counts(result) == {**NONE, "kept": 1, "taken_ours": 1}


def test_changed_on_one_side_and_removed_on_the_other_is_a_conflict_with_one_side_empty() -> None:
    base = ["alpha", "uses yarn 1", "gamma"]
    removed_by_ours = merge_entries(base, ["alpha", "gamma"], ["alpha", "uses yarn 1.22 (classic)", "gamma"])
    assert removed_by_ours.conflicts == [Conflict(None, "uses yarn 1.22 (classic)", "uses yarn 1")]
    assert removed_by_ours.items[-1] == removed_by_ours.conflicts[0]  # after ours's entries
    assert removed_by_ours.conflicts[0].text(("ours", "theirs")) == (
        "<<<<<<< ours\n=======\nuses yarn 1.22 (classic)\n>>>>>>> theirs"
    )
    removed_by_theirs = merge_entries(base, ["alpha", "uses yarn 1.22 (classic)", "gamma"], ["alpha", "gamma"])
    assert removed_by_theirs.conflicts == [Conflict("uses yarn 1.22 (classic)", None, "uses yarn 1")]
    assert removed_by_theirs.conflicts[0].text(("ours", "theirs")) == (
        "<<<<<<< ours\nuses yarn 1.22 (classic)\n=======\n>>>>>>> theirs"
    )


def test_removed_on_both_sides_is_gone_and_counted_once() -> None:
    result = merge_entries(["alpha", "stale"], ["alpha"], ["alpha"])
    assert result.items == ("alpha",)
    assert counts(result) == {**NONE, "kept": 1, "removed": 1}


def test_removed_on_ours_only_is_gone() -> None:
    result = merge_entries(["alpha", "stale"], ["alpha"], ["alpha", "stale"])
    assert result.items == ("alpha",)
    assert counts(result) == {**NONE, "kept": 1, "removed": 1}


def test_an_exact_duplicate_added_on_both_sides_appears_once_and_is_counted() -> None:
    result = merge_entries(["alpha"], ["alpha", "same new fact"], ["alpha", "same new fact"])
    assert result.items == ("alpha", "same new fact")
    assert counts(result) == {**NONE, "kept": 1, "added_ours": 1, "collapsed": 1}


def test_ours_order_is_kept_with_its_additions_in_place() -> None:
    result = merge_entries(["a", "b", "c"], ["c", "new here", "a", "b"], ["a", "b", "c", "new there"])
    assert result.items == ("c", "new here", "a", "b", "new there")


def test_from_an_empty_ancestor_both_files_are_kept_whole() -> None:
    result = merge_entries([], ["one"], ["two"])
    assert result.items == ("one", "two")
    assert counts(result) == {**NONE, "added_ours": 1, "added_theirs": 1}


@pytest.mark.parametrize(
    "name, limit, expected",
    [
        ("MEMORY.md", None, 2200),
        ("team/USER.md", None, 1375),
        ("notes/OTHER.md", None, 2200),
        ("USER.md", 50, 50),
        ("USER.md", 0, 0),
    ],
)
def test_the_limit_follows_the_file_name_unless_given(name: str, limit: int | None, expected: int) -> None:
    assert limit_for(name, limit) == expected


def sides(tmp_path: Path, base: bytes | str, ours: bytes | str, theirs: bytes | str) -> tuple[Path, Path, Path]:
    paths = tuple(tmp_path / n for n in ("O", "A", "B"))
    for path, data in zip(paths, (base, ours, theirs)):
        path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    return paths  # type: ignore[return-value]


def test_a_clean_driver_run_writes_the_merge_over_ours_and_says_what_it_did(tmp_path: Path) -> None:
    base, ours, theirs = sides(
        tmp_path, DELIMITER.join(["a", "old", "b"]), DELIMITER.join(["a", "old", "b", "mine"]), "a" + DELIMITER + "b"
    )
    report = run_driver(base, ours, theirs, "MEMORY.md")
    assert report.code == 0
    assert ours.read_bytes() == report.data == DELIMITER.join(["a", "b", "mine"]).encode()
    assert report.lines == (
        "hermes-dash: MEMORY.md: merged entry by entry: 2 kept, 1 added here, 0 added there, 0 changed, 1 removed.",
    )


def test_the_driver_names_collapsed_duplicates_and_conflicts(tmp_path: Path) -> None:
    base, ours, theirs = sides(
        tmp_path,
        DELIMITER.join(["a", "the build uses make"]),
        DELIMITER.join(["a", "the build uses make -j8", "dup"]),
        DELIMITER.join(["a", "the build uses gmake", "dup"]),
    )
    report = run_driver(base, ours, theirs, "MEMORY.md", labels=("HEAD", "topic"))
    assert report.code == 1
    assert report.lines[0] == (
        "hermes-dash: MEMORY.md: merged entry by entry: 1 kept, 1 added here, 0 added there, 0 changed, "
        "0 removed, 1 duplicates collapsed."
    )
    assert report.lines[1].startswith("  1 entry changed on both sides differently")
    assert "<<<<<<< HEAD\nthe build uses make -j8\n=======\nthe build uses gmake\n>>>>>>> topic" in ours.read_text()
    assert len(report.lines) == 2


def test_two_conflicts_are_named_in_the_plural(tmp_path: Path) -> None:
    base, ours, theirs = sides(
        tmp_path, DELIMITER.join(["x 1", "y 1"]), DELIMITER.join(["x 2", "y 2"]), DELIMITER.join(["x 3", "y 3"])
    )
    report = run_driver(base, ours, theirs, "MEMORY.md")
    assert report.code == 1 and report.lines[1].startswith("  2 entries changed on both sides")


def test_a_merge_over_the_limit_is_kept_whole_and_reported_with_its_figures(tmp_path: Path) -> None:
    base, ours, theirs = sides(tmp_path, "a", DELIMITER.join(["a", "b" * 30]), DELIMITER.join(["a", "c" * 30]))
    report = run_driver(base, ours, theirs, "USER.md", limit=40)
    used = len(DELIMITER.join(["a", "b" * 30, "c" * 30]))
    assert report.code == 0 and ours.read_text() == DELIMITER.join(["a", "b" * 30, "c" * 30])
    assert report.lines[-1] == (
        f"  The merged file is {used:,} characters, over the limit of 40 by {used - 40:,}: kept whole (nothing "
        "was cut). The agent refuses every add until it is back under the limit; "
        f"`{printed_command('suggest', 'memory')}` proposes what to merge or shorten."
    )
    at_limit = run_driver(*sides(tmp_path, "a", "a", "a"), "USER.md", limit=1)
    assert len(at_limit.lines) == 1  # exactly at the limit: no warning


def test_a_missing_side_is_an_empty_one(tmp_path: Path) -> None:
    ours = tmp_path / "A"
    ours.write_text("mine")
    report = run_driver(tmp_path / "none-O", ours, tmp_path / "none-B", "MEMORY.md")
    assert report.code == 0 and ours.read_text() == "mine" and "1 added here" in report.lines[0]


def test_crlf_reads_as_the_same_entries(tmp_path: Path) -> None:
    base, ours, theirs = sides(
        tmp_path,
        DELIMITER.join(["alpha", "beta"]),
        DELIMITER.join(["alpha", "beta"]).replace("\n", "\r\n"),
        DELIMITER.join(["alpha", "beta", "gamma"]),
    )
    report = run_driver(base, ours, theirs, "MEMORY.md")
    assert report.code == 0 and ours.read_text() == DELIMITER.join(["alpha", "beta", "gamma"])


def test_a_side_that_is_not_text_gives_gits_whole_file_conflict_of_the_raw_bytes(tmp_path: Path) -> None:
    base, ours, theirs = sides(tmp_path, b"alpha", b"ours ends with a newline\n", b"caf\xe9")
    report = run_driver(base, ours, theirs, "MEMORY.md", labels=("L", "R"))
    assert report.code == 1
    assert ours.read_bytes() == b"<<<<<<< L\nours ends with a newline\n=======\ncaf\xe9\n>>>>>>> R\n"
    assert report.lines[0] == (
        "hermes-dash: MEMORY.md: not merged entry by entry; both whole versions are in the file between "
        "conflict markers:"
    )
    assert report.lines[1].startswith("  theirs: ") and len(report.lines) == 2
    empty_ours = run_driver(*sides(tmp_path, b"a", b"", b"\xff"), "MEMORY.md")
    assert empty_ours.data == b"<<<<<<< ours\n=======\n\xff\n>>>>>>> theirs\n"


def test_an_unreadable_side_leaves_ours_exactly_as_it_was(tmp_path: Path) -> None:
    base, ours, theirs = sides(tmp_path, "alpha", DELIMITER.join(["alpha", "ours"]), "x")
    theirs.unlink()
    theirs.mkdir()  # not a regular file
    report = run_driver(base, ours, theirs, "MEMORY.md")
    assert report.code == 1 and ours.read_text() == DELIMITER.join(["alpha", "ours"])
    assert report.data == DELIMITER.join(["alpha", "ours"]).encode()
    assert report.lines[0] == (
        "hermes-dash: MEMORY.md: not merged; the file is left as our version, and git keeps theirs "
        "(`git checkout --theirs -- MEMORY.md`):"
    )
    assert report.lines[1].startswith("  theirs") and len(report.lines) == 2


def test_a_side_just_over_the_size_cap_is_not_read(tmp_path: Path) -> None:
    base, ours, theirs = sides(tmp_path, "alpha", "alpha", b"y" * (MAX_BYTES + 1))
    assert run_driver(base, ours, theirs, "MEMORY.md").code == 1
    assert ours.read_text() == "alpha"


def test_two_collapses_and_two_removals_are_counted_as_two() -> None:
    removed = merge_entries(["a", "old one", "old two"], ["a"], ["a", "old one", "old two"])
    assert removed.items == ("a",) and counts(removed) == {**NONE, "kept": 1, "removed": 2}
    collapsed = merge_entries(["a"], ["a", "new one", "new two"], ["a", "new one", "new two"])
    assert collapsed.items == ("a", "new one", "new two")
    assert counts(collapsed) == {**NONE, "kept": 1, "added_ours": 2, "collapsed": 2}


def test_whole_file_conflict_sides_without_a_final_newline_or_empty(tmp_path: Path) -> None:
    no_newline = run_driver(*sides(tmp_path, b"a", b"ab\xff", b""), "MEMORY.md")
    assert no_newline.data == b"<<<<<<< ours\nab\xff\n=======\n>>>>>>> theirs\n"
    (tmp_path / "A").write_bytes(b"ab\xff")  # the first run wrote its conflict over ours
    theirs_missing = tmp_path / "B"
    theirs_missing.unlink()
    missing = run_driver(tmp_path / "O", tmp_path / "A", theirs_missing, "MEMORY.md")
    assert missing.data == b"<<<<<<< ours\nab\xff\n=======\n>>>>>>> theirs\n"


def test_an_empty_ours_beside_an_unreadable_side_stays_empty(tmp_path: Path) -> None:
    base, ours, theirs = sides(tmp_path, "alpha", b"", "x")
    theirs.unlink()
    theirs.mkdir()
    report = run_driver(base, ours, theirs, "MEMORY.md")
    assert report.code == 1 and report.data == b"" and ours.read_bytes() == b""


def test_the_conflict_advice_is_complete(tmp_path: Path) -> None:
    report = run_driver(*sides(tmp_path, "x 1", "x 2", "x 3"), "MEMORY.md")
    assert report.lines[1] == (
        "  1 entry changed on both sides differently (or changed on one and removed on the other): both texts "
        "are in the file between <<<<<<< and >>>>>>>. Keep one (or write one from both), delete the marker "
        "lines, then `git add` it."
    )


def test_changes_from_both_sides_are_counted_together(tmp_path: Path) -> None:
    report = run_driver(
        *sides(
            tmp_path, DELIMITER.join(["x 1", "y 1"]), DELIMITER.join(["x 2", "y 1"]), DELIMITER.join(["x 1", "y 2"])
        ),
        "MEMORY.md",
    )
    assert report.code == 0 and "2 changed" in report.lines[0]


def test_whole_file_conflict_keeps_a_final_newline_of_theirs_once(tmp_path: Path) -> None:
    report = run_driver(*sides(tmp_path, b"a", b"\xff", b"theirs\n"), "MEMORY.md")
    assert report.data == b"<<<<<<< ours\n\xff\n=======\ntheirs\n>>>>>>> theirs\n"
