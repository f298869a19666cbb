"""Overview: the search marks where it matched; filters for entries new since the snapshot and flagged."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_support import no_exception, open_app, tables

from hermes_dash.engine.rules.format import DELIMITER
from hermes_dash.ui import mark_matches, matches


def table(at, target: str):
    return tables(at)[0 if target == "memory" else 1].value


def captions(at) -> str:
    return "\n".join(c.value for c in at.caption)


def test_every_word_in_any_order_and_quotes_for_a_phrase() -> None:
    entry = "Redis for the job queue runs on port 6380 locally"
    assert matches(entry, "redis 6380") and matches(entry, "6380 REDIS") and matches(entry, "  queue   job ")
    assert not matches(entry, "redis 6379")  # every word, not any
    assert matches(entry, '"job queue"') and not matches(entry, '"queue job"')  # a phrase keeps its order
    assert matches("the job\nqueue", '"job queue"')  # a line break inside an entry is a space
    assert matches(entry, "") and matches(entry, '""')
    assert mark_matches(entry, "6380 redis") == "«Redis» for the job queue runs on port «6380» locally"
    assert mark_matches(entry, '"the job"') == "Redis for «the job» queue runs on port 6380 locally"
    assert mark_matches("abc", "z") == "abc" and mark_matches("abc", "") == "abc"


def test_search_keeps_the_tables_columns_and_marks_the_words_in_the_entry(demo: Path) -> None:
    at = open_app()
    columns = list(table(at, "memory").columns)
    at.text_input(key="ov_search").input("staging redis").run()
    no_exception(at)
    memory = table(at, "memory")
    assert list(memory.columns) == columns  # the same table, fewer rows
    [entry] = memory["Entry"]
    assert "«redis»" in entry and "«staging»" in entry
    assert "1 of 18 entries matches the search." in captions(at)


def test_a_match_deep_in_a_long_entry_is_shown_in_its_cell(tmp_path: Path, monkeypatch, fresh_cache) -> None:
    home = tmp_path / "home"
    (home / "memories").mkdir(parents=True)
    long = "Notes on the build. " * 40 + "The needle is here." + " More notes." * 10
    (home / "memories" / "MEMORY.md").write_text(DELIMITER.join(["Short fact.", long]))
    monkeypatch.setenv("HERMES_HOME", str(home))
    at = open_app()
    at.text_input(key="ov_search").input("needle").run()
    [cell] = table(at, "memory")["Entry"]
    assert cell.startswith("… ") and "The «needle» is here." in cell[:70]  # in the first line, the start left out


def test_filter_new_since_snapshot(demo: Path) -> None:
    at = open_app()
    new = {}
    for target in ("memory", "user"):
        everything = table(at, target)
        new[target] = [
            i
            for i, f in zip(everything["#"], everything["Flags"])
            if "new since snapshot" in f or "changed since snapshot" in f
        ]
    assert len(new["memory"]) == 3 and len(new["user"]) == 1
    at.radio(key="ov_show").set_value("new").run()
    no_exception(at)
    assert list(table(at, "memory")["#"]) == new["memory"] and list(table(at, "user")["#"]) == new["user"]
    assert "3 of 18 entries are new or changed since the snapshot." in captions(at)


def test_filter_flagged_and_with_search(demo: Path) -> None:
    at = open_app()
    at.radio(key="ov_show").set_value("flagged").run()
    no_exception(at)
    memory, user = table(at, "memory"), table(at, "user")
    # The scan's find (also a possible secret) and the drifted USER.md; new entries are not "flagged".
    assert list(memory["#"]) == [5] and "the agent's scan blocks it: hardcoded secret" in memory["Flags"][0]
    assert len(user) == 1 and "edited by hand" in user["Flags"][0]
    assert "1 of 18 entries is flagged." in captions(at)
    at.text_input(key="ov_search").input("deploy").run()
    assert len(table(at, "memory")) == 0 and "0 of 18 entries match the search and are flagged." in captions(at)
    at.radio(key="ov_show").set_value("all").run()
    assert len(table(at, "memory")) > 0


def test_filter_new_without_a_snapshot_says_why_nothing_shows(tmp_path: Path, monkeypatch, fresh_cache) -> None:
    home = tmp_path / "home"
    (home / "memories").mkdir(parents=True)
    (home / "memories" / "MEMORY.md").write_text(DELIMITER.join(["One.", "Two."]))
    monkeypatch.setenv("HERMES_HOME", str(home))
    at = open_app()
    at.radio(key="ov_show").set_value("new").run()
    no_exception(at)
    assert len(table(at, "memory")) == 0
    assert "there is no snapshot to compare with" in captions(at)


@pytest.mark.parametrize("query", ["«", "a.*", "(", "\\"])
def test_search_text_that_looks_like_a_pattern_is_plain_text(demo: Path, query: str) -> None:
    at = open_app()
    at.text_input(key="ov_search").input(query).run()
    no_exception(at)
