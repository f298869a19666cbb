"""Every write is named for what made it, with its page or command, in History's "Made by" and
in ``blame``'s life; an entry's life keeps its first origin across restores and undos; the toast
for a write from outside names the writer the Origin column names (docs/provenance.md).

Each write path is driven once, for real: the pages through AppTest, the command line as a
subprocess, on temporary homes."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_support import APP, no_exception, open_app, tables, unescaped
from cli_support import run
from streamlit.testing.v1 import AppTest

from hermes_dash.engine.io.journal import read_journal
from hermes_dash.engine.rules.format import DELIMITER

FACTS = ["The staging database listens on port 5433.", "Deploys run from the main branch.", "Tea at four."]


pytestmark = pytest.mark.home(memory=FACTS)


def _made_by(at: AppTest) -> list[str]:
    """History's "Made by", newest version first."""
    at.switch_page("hermes_dash/ui/screens/history.py")
    at.run()
    no_exception(at)
    return list(next(t.value for t in tables(at) if "Made by" in t.value.columns)["Made by"])


def _life(home: Path, text: str) -> list[dict]:
    code, data, err = run(home, "blame", "memory", text)
    assert code == 0, err
    return data["entries"][0]["life"]


def replaced_on_the_edit_page() -> AppTest:
    """The Edit page after replacing the entry with port 5433 (confirmed if the page asks)."""
    at = open_app("edit")
    at.text_input(key="ed_rep_old").input("5433").run()
    at.text_area(key="ed_rep_new").input("The staging database listens on port 5434.").run()
    at.button(key="ed_rep_btn").click().run()
    if "ed_rep_yes" in [b.key for b in at.button]:
        at.button(key="ed_rep_yes").click().run()
    return at


def test_an_undo_is_named_for_the_page_it_was_clicked_on(home: Path) -> None:
    """The Undo button's callback runs before the page: the journal still names the page."""
    at = replaced_on_the_edit_page()
    at.button(key="hd_undo_0").click().run()
    no_exception(at)
    lines = read_journal(home / "memories")
    assert [(line.action, line.via) for line in lines] == [("replace", "dashboard: Edit"), ("undo", "dashboard: Edit")]
    made = _made_by(at)
    assert made[0] == made[1] == "you (dashboard: Edit)", made
    assert made[-1] == "before the oldest backup", made
    life = _life(home, FACTS[0])
    # Its life begins where its text came from (the file held it before any backup), not with the undo.
    assert life[0]["kind"] == "outside" and "before the oldest backup" in life[0]["label"], life
    assert [e["kind"] for e in life[1:]] == ["you", "restored"], life
    assert all(e["via"] == "dashboard: Edit" for e in life[1:]), life


def test_a_restore_in_place_keeps_the_first_origin_and_names_history(home: Path) -> None:
    code, _, err = run(home, "replace", "memory", "--", "Deploys run from", "Deploys run from any branch, badly.")
    assert code == 0, err
    at = open_app("history")
    no_exception(at)
    at.button(key="hi_in_place").click().run()
    at.button(key="hi_in_place_yes").click().run()
    no_exception(at)
    assert read_journal(home / "memories")[-1].via == "dashboard: History"
    made = _made_by(at)
    assert made[:2] == ["you (dashboard: History)", "you (command line: hermes-dash replace)"], made
    life = _life(home, FACTS[1])
    assert life[0]["kind"] == "outside" and "before the oldest backup" in life[0]["label"], life
    assert [(e["kind"], e.get("via")) for e in life[1:]] == [
        ("you", "command line: hermes-dash replace"),
        ("you", "dashboard: History"),
    ], life


def test_the_inbox_and_the_command_line_are_named(demo: Path) -> None:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    at.switch_page("hermes_dash/ui/screens/curation_inbox.py")
    at.run()
    at.button(key="in_approve_3fa91c0e").click().run()
    no_exception(at)
    approved = read_journal(demo / "memories")[-1]
    assert approved.via == "dashboard: Inbox" and approved.staged_id == "3fa91c0e"  # not "Inbox (3 waiting)"
    code, _, err = run(demo, "pending", "reject", "e91f6d22")
    assert code == 0, err
    code, _, err = run(demo, "add", "memory", "--", "Added from the command line.")
    assert code == 0, err
    assert read_journal(demo / "memories")[-1].via == "command line: hermes-dash add"
    made = _made_by(at)
    assert made[0] == "you (command line: hermes-dash add)" and made[1] == "approved in the Inbox", made
    assert not any("outside the agent" in m for m in made[:2])


def test_the_cleanup_pages_merge_is_named(home: Path) -> None:
    (home / "memories" / "MEMORY.md").write_text(
        DELIMITER.join([*FACTS, "The staging database listens on port 5433."[:-1] + " (staging)."]), encoding="utf-8"
    )
    at = open_app("curation_cleanup")
    no_exception(at)
    apply = [b for b in at.button if b.key == "cu_merge_apply_memory"]
    assert apply, [b.key for b in at.button]
    apply[0].click().run()
    at.button(key="cu_review_yes").click().run()
    no_exception(at)
    assert read_journal(home / "memories")[-1].via == "dashboard: Cleanup"
    made = _made_by(at)
    assert made[0] == "you (dashboard: Cleanup)", made


def test_the_toast_and_the_origin_column_name_the_same_writer(home: Path) -> None:
    at = open_app()
    no_exception(at)
    code, _, err = run(home, "add", "memory", "--", "Written by the command line meanwhile.")
    assert code == 0, err
    at.run()
    no_exception(at)
    toasts = [unescaped(t.value) for t in at.toast]
    assert toasts == [
        "Written from outside this page: 1 entry added in MEMORY.md. Made by you (command line: hermes-dash add)."
    ]
    memory = tables(at)[0].value
    origin = dict(zip(memory["Entry"], memory["Origin"]))
    assert origin["Written by the command line meanwhile."].startswith("you · ")


def test_a_refusal_on_a_page_prints_its_command_for_the_dashboards_home(home: Path) -> None:
    """The dashboard's hints name the home it shows (not ~/.hermes), through the one builder."""
    from hermes_dash.engine.invocation import invocation_for

    (home / "memories" / "MEMORY.md").write_text(f"{FACTS[0]}\n\n§\n\n{FACTS[1]}", encoding="utf-8")  # hand-edited
    at = replaced_on_the_edit_page()
    no_exception(at)
    shown = "\n".join([t.value for t in at.text] + [e.value for e in at.error] + [c.value for c in at.caption])
    wanted = invocation_for(home).command("normalize", "memory")
    assert f"--home {home}" in wanted and wanted in shown, shown


def test_the_cleanup_pages_plan_is_named(home: Path) -> None:
    (home / "config.yaml").write_text("memory:\n  memory_char_limit: 200\n")
    long = "Old note: the staging cluster was migrated in 2019 and the old hosts are long gone now."
    (home / "memories" / "MEMORY.md").write_text(DELIMITER.join([*FACTS, long]), encoding="utf-8")
    at = open_app("curation_cleanup")
    no_exception(at)
    picks = [c for c in at.checkbox if c.key.startswith("cu_plan_rm_") and "frees 90 characters" in c.label]
    assert picks, [(c.key, c.label) for c in at.checkbox]  # no entry is picked for you
    picks[0].check().run()
    review = [b for b in at.button if b.key == "cu_plan_apply_memory"]
    assert review, [b.key for b in at.button]
    review[0].click().run()
    at.button(key="cu_review_yes").click().run()
    no_exception(at)
    assert read_journal(home / "memories")[-1].via == "dashboard: Cleanup"
    assert _made_by(at)[0] == "you (dashboard: Cleanup)"


def test_the_cleanup_pages_move_is_named_in_both_files(home: Path) -> None:
    (home / "memories" / "MEMORY.md").write_text(
        DELIMITER.join([*FACTS, "The user prefers short answers without preamble."]), encoding="utf-8"
    )
    at = open_app("curation_cleanup")
    no_exception(at)
    move = [b for b in at.button if b.key.startswith("cu_move_")]
    assert move, [b.key for b in at.button]
    move[0].click().run()
    at.button(key="cu_review_yes").click().run()
    no_exception(at)
    lines = read_journal(home / "memories")
    assert {(line.target, line.via) for line in lines} == {
        ("memory", "dashboard: Cleanup"),
        ("user", "dashboard: Cleanup"),
    }
    assert _made_by(at)[0] == "you (dashboard: Cleanup)"
    # USER.md did not exist: its one version, the live file, was made by the move, not "kept".
    at.radio(key="hi_target").set_value("user").run()
    no_exception(at)
    made = list(next(t.value for t in tables(at) if "Made by" in t.value.columns)["Made by"])
    assert made == ["you (dashboard: Cleanup)"], made
