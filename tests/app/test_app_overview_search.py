"""Overview: the search marks where it matched; filters for entries new since the snapshot and flagged."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_support import demo, fresh_cache, no_exception, open_app, tables  # noqa: F401

from hermes_dash import DELIMITER
from hermes_dash.ui import search_context


def table(at, target: str):
    return tables(at)[0 if target == "memory" else 1].value


def captions(at) -> str:
    return "\n".join(c.value for c in at.caption)


def test_search_context_marks_each_match_with_its_surroundings() -> None:
    assert search_context("Project uses Postgres 15", "postgres") == "Project uses «Postgres» 15"
    far = "x" * 200 + " Postgres\nmigrations " + "y" * 200
    assert search_context(far, "POSTGRES") == "…" + "x" * 29 + " «Postgres» migrations " + "y" * 18 + "…"
    many = " and ".join(["redis"] * 5)
    assert search_context(many, "redis", most=3).endswith("(and 2 more)")
    assert search_context(many, "redis").count("«redis»") == 3
    assert search_context("abc", "z") == "" and search_context("abc", "") == ""


def test_search_shows_where_each_entry_matched(demo: Path) -> None:
    at = open_app()
    assert "Match" not in table(at, "memory").columns  # no search, no column
    at.text_input(key="ov_search").input("postgres").run()
    no_exception(at)
    memory = table(at, "memory")
    assert list(memory.columns) == ["#", "Entry", "Match", "Chars", "Budget", "Flags", "Origin", "Details"]
    assert all("«postgres»" in m.lower() for m in memory["Match"])
    assert any("«Postgres»" in m for m in memory["Match"])  # the entry's own spelling, marked


def test_a_match_deep_in_a_long_entry_is_shown_in_the_match_column(tmp_path: Path, monkeypatch, fresh_cache) -> None:
    home = tmp_path / "home"
    (home / "memories").mkdir(parents=True)
    long = "Notes on the build. " * 40 + "The needle is here." + " More notes." * 10
    (home / "memories" / "MEMORY.md").write_text(DELIMITER.join(["Short fact.", long]))
    monkeypatch.setenv("HERMES_HOME", str(home))
    at = open_app()
    at.text_input(key="ov_search").input("needle").run()
    match = table(at, "memory")["Match"][0]
    assert "The «needle» is here." in match and match.startswith("…") and len(match) < 120


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
    assert list(memory["#"]) == [5] and "scan: hardcoded_secret" in memory["Flags"][0]
    assert len(user) == 1 and "edited by hand" in user["Flags"][0]
    assert "1 of 18 entries is flagged." in captions(at)
    at.text_input(key="ov_search").input("deploy").run()
    assert len(table(at, "memory")) == 0 and "0 of 18 entries contain the search text and are flagged." in captions(at)
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
