"""Pages that tell the truth at a glance: the real share when over budget, possible secrets,
one drift wording with its way out, and exactly what the stale-path check covered."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_support import no_exception, open_app, rendered_markdown, tables
from cli_support import run

from hermes_dash.engine.rules.format import DELIMITER, over_budget_text

FACTS_HOME = pytest.mark.home(memory=["Redis runs on port 6379", "Tests: pytest -q"])


def test_over_budget_text_says_by_how_much_with_no_second_percentage() -> None:
    assert over_budget_text(2200, 2200) == ""
    assert over_budget_text(1486, 1375) == "over the limit by 111 characters"
    assert over_budget_text(12, 0) == "over the limit by 12 characters"
    assert "%" not in over_budget_text(1486, 1375)


def test_overview_gauge_says_the_real_share_and_how_far_over(demo: Path) -> None:
    """USER.md is 1,486 of 1,375 characters: the badge and the figures say 108% (not a capped
    100%) and by how much, and the bar says it to a screen reader too."""
    at = open_app()
    no_exception(at)
    [gauge] = [m for m in rendered_markdown(at) if "**USER.md** :" in m]
    assert ":red-badge[108%, over by 111]" in gauge, gauge
    assert "1,486 / 1,375 chars** · 108%, over by 111]" in gauge, gauge
    assert 'aria-valuetext="108%, USER.md over by 111"' in gauge, gauge
    words = gauge.split("<div")[0]
    assert "100%" not in words and "108.1%" not in words, words
    # The health line over the page says the same share.
    assert any("over its limit by 111 characters (1,486 / 1,375, 108%)" in m for m in rendered_markdown(at))


def test_share_is_the_agents_within_the_limit_and_the_real_one_over_it() -> None:
    from hermes_dash.ui._widgets import percent_text, share

    assert share(2002, 2200) == 91 and share(2199, 2200) == 99 and share(2200, 2200) == 100  # the agent's, floored
    assert share(1471, 1375) == 107 and percent_text(1471, 1375) == "107%, over by 96"
    assert share(2201, 2200) == 101  # over is never said as 100%
    assert percent_text(500, 1375) == "36%"


def test_cli_show_gives_the_real_share_when_over_budget(home, write_mem) -> None:
    write_mem("user", DELIMITER.join(["x" * 700, "y" * 700]))  # 1,403 of 1,375
    code, text, _ = run(home, "show", "user", json_out=False)
    assert code == 0 and "100%" in text and "OVER BUDGET (over the limit by 28 characters)" in text
    assert "102" not in text, text


SECRET_URL = "Staging DB is postgres://admin:Hunter2Secret@db.internal:5432/app"


def test_possible_secret_is_a_separate_hint_from_the_scan() -> None:
    from hermes_dash.curation import hints as _hints
    from hermes_dash.engine.rules.scan import scan

    assert scan(SECRET_URL) == ()  # the agent lets it through, and so do we
    assert _hints.possible_secrets(SECRET_URL) == 1
    hint = _hints.secret_hint(SECRET_URL)
    assert hint.startswith("Possible secret: 1 string") and "blocked" not in hint.lower().replace("not block", "")
    assert _hints.secret_hint("Redis runs on port 6379") == ""
    # Like the scan, only the first 65,536 characters: the cost stays bounded for huge entries.
    assert _hints.possible_secrets("x " * 32_768 + SECRET_URL) == 0
    assert _hints.possible_secrets("x " * 32_000 + SECRET_URL) == 1


@FACTS_HOME
def test_edit_add_preview_shows_possible_secret_beside_a_clean_scan(home: Path) -> None:
    at = open_app("edit")
    at.text_area(key="ed_add_text").input(SECRET_URL).run()
    no_exception(at)
    assert any("Content scan: nothing found." in c.value for c in at.caption)
    assert any(w.value.startswith("Possible secret: 1 string") for w in at.warning), [w.value for w in at.warning]
    assert not any("Content scan:" in e.value for e in at.error)


@FACTS_HOME
def test_overview_flags_possible_secret_not_as_scan(home: Path) -> None:
    with (home / "memories" / "MEMORY.md").open("a", encoding="utf-8") as f:
        f.write(DELIMITER + SECRET_URL)
    at = open_app()
    no_exception(at)
    flags = list(tables(at)[0].value["Flags"])
    assert flags[-1] == "possible secret" and flags[0] == "", flags
    assert any("1 with a possible secret" in c.value for c in at.caption)


HAND_WRITTEN_USER = "# About me\nName: Sam\n\n## Preferences\n- Terse answers\n- British spelling"


def _user(home: Path, text: str) -> None:
    (home / "memories" / "USER.md").write_text(text, encoding="utf-8")


@FACTS_HOME
def test_drift_is_worded_once_with_the_way_out_on_overview_and_edit(home: Path) -> None:
    from hermes_dash.curation.hints import DRIFT

    _user(home, "Name: Sam\n\n§\n\nLikes terse answers")  # blank lines around §: drift, under budget
    at = open_app()
    no_exception(at)
    title, _, rest = DRIFT.partition(": ")
    assert sum(w.value == f"**{title}:** {rest}" for w in at.warning) == 1
    assert any("Migrate" in link.proto.label for link in at.get("page_link"))
    assert any(":orange-badge[Edited by hand]" in m for m in rendered_markdown(at))  # the gauge is not "OK"
    assert "edited by hand" in tables(at)[1].value["Flags"][0]
    edit = open_app("edit")
    edit.radio(key="ed_target").set_value("user").run()
    no_exception(edit)
    assert [w.value for w in edit.warning if w.value.startswith(f"**{title}:**")] == [f"**{title}:** {rest}"]
    assert any("Migrate" in link.proto.label for link in edit.get("page_link"))
    errors = [e.value for e in edit.error]
    for action in ("Replace", "Remove", "The batch editor"):
        assert any(e.startswith(f"{action} is not usable on this file: it was edited by hand") for e in errors), errors
    assert "ed_batch_btn" not in [b.key for b in edit.button]


@FACTS_HOME
def test_hand_written_one_entry_file_is_a_hint_not_drift(home: Path) -> None:
    _user(home, HAND_WRITTEN_USER)
    at = open_app()
    no_exception(at)
    assert not any("Edited by hand" in w.value for w in at.warning)
    assert any("Hand-written: one entry with no §; Migrate splits it" in i.value for i in at.info)
    assert list(tables(at)[1].value["Flags"]) == ["hand-written: one entry with no §; Migrate splits it"]
    assert any("Migrate" in link.proto.label for link in at.get("page_link"))


@FACTS_HOME
def test_clean_files_get_no_drift_or_hand_written_note(home: Path) -> None:
    _user(home, "Name: Sam, likes terse answers")
    at = open_app()
    no_exception(at)
    assert not at.get("page_link") and not at.info and not at.warning


def test_path_check_says_what_it_checked_and_what_it_did_not(tmp_path: Path) -> None:
    from hermes_dash.curation.cleanup import check_paths

    entries = [
        f"The release cache is in {tmp_path}/gone-cache.",  # its folder is here, it is not
        "Backend lives in services/api/; migrations in ./migrations/; read/write both; see src/app.py.",
        "The API answers on /api/v1 and https://example.com/a/b.txt.",
    ]
    check = check_paths(entries)
    assert check.checked == (f"{tmp_path}/gone-cache",) and check.missing == 1
    assert check.relative == ("services/api/", "./migrations/", "src/app.py") and check.project is None
    assert check.summary() == (
        "Checked 1 path named in MEMORY.md: 1 is not found on this machine. Not checked: "
        "1 placed on another machine (staging, a server, the NAS, a URL). Not checked: "
        "3 relative (services/api/, ./migrations/, src/app.py), as MEMORY.md names no "
        "project folder."
    )
    # With a project folder named (and here), relative paths are looked up inside it.
    (tmp_path / "services" / "api").mkdir(parents=True)
    check = check_paths([f"The checkout is at {tmp_path}.", *entries[1:]])
    assert check.project == str(tmp_path) and not check.relative
    assert check.checked == (
        str(tmp_path),
        f"{tmp_path}/services/api",
        f"{tmp_path}/migrations",
        f"{tmp_path}/src/app.py",
    )
    assert check.missing == 2
    assert check_paths([str(tmp_path) + " exists"]).summary() == "Checked 1 path named in MEMORY.md: all exist here."


@FACTS_HOME
def test_cleanup_page_names_what_the_path_check_covered(home: Path, tmp_path: Path) -> None:
    memory = home / "memories" / "MEMORY.md"
    memory.write_text(DELIMITER.join([f"Checkout in {tmp_path}", "Backend lives in services/api/"]), encoding="utf-8")
    from cleanup_corpus import agent_ran_in

    agent_ran_in(home, str(tmp_path))  # paths are looked up only where the agent runs
    at = open_app()
    at.switch_page("hermes_dash/ui/screens/curation_cleanup.py")
    at.run()
    no_exception(at)
    captions = [c.value for c in at.caption] + [t.value for t in at.text]  # the summary is plain text (paths)
    assert not any("Every local path named in MEMORY.md exists here" in c for c in captions)
    assert any(c.startswith("Checked 2 paths named in MEMORY.md: 1 is not found on this machine.") for c in captions), (
        captions
    )
