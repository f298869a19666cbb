"""Edit in place: a selected row opens exactly that entry, and every write from it is pinned (AppTest).

Selecting a row calls the table's on_select callback, which opens the entry (``hd_open``); AppTest
cannot click a canvas table, so these tests open the entry the way the callback does and the
browser test (tests/e2e/test_browser_live.py) selects a real row.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from app_support import alerts, no_exception, open_app, read, texts

from hermes_dash.engine.rules.format import DELIMITER, parse

FACTS = [
    "Uses Postgres 16 on port 5433 for tests.",
    "Deploy with make deploy.",
    "Postgres backups run nightly.",
    "Prefers tabs over spaces.",
]


pytestmark = pytest.mark.home(memory=FACTS, user="Name: Sam.")


def entries(home: Path, name: str = "MEMORY.md") -> list[str]:
    return parse(read(home, name).decode("utf-8"))


def opened(page: str, entry: str, target: str = "memory"):
    at = open_app(page)
    at.session_state["hd_open"] = {"target": target, "entry": entry, "table": "", "base": tuple(FACTS)}
    at.session_state["hd_open_new"] = entry
    at.run()
    no_exception(at)
    assert entry in texts(at)  # the full text is shown
    return at


@pytest.mark.parametrize("page", ["overview", "edit"])
def test_replace_the_selected_entry_in_place_then_undo(home: Path, page: str) -> None:
    before = read(home, "MEMORY.md")
    at = opened(page, FACTS[2])
    at.text_area(key="hd_open_new").input("Postgres backups run hourly.").run()
    at.button(key="hd_open_replace").click().run()
    no_exception(at)
    assert entries(home) == [FACTS[0], FACTS[1], "Postgres backups run hourly.", FACTS[3]]  # same position
    assert "Entry replaced." in "\n".join(texts(at)) and "hd_open" not in at.session_state
    at.button(key="hd_undo_0").click().run()
    assert read(home, "MEMORY.md") == before


def test_an_entry_the_agent_changed_meanwhile_is_named_and_not_overwritten(home: Path) -> None:
    at = opened("overview", FACTS[0])
    at.text_area(key="hd_open_new").input("Uses Postgres 15.").run()
    memory = home / "memories" / "MEMORY.md"
    agent = [FACTS[0].replace("16", "17"), *FACTS[1:]]
    memory.write_text(DELIMITER.join(agent), encoding="utf-8")  # the agent, meanwhile
    at.run()  # the live check's rerun
    shown = alerts(at)
    assert "changed on disk while you were editing" in shown and "no longer in the file" in shown
    assert any("~ changed: Uses Postgres 16" in t and "Postgres 17" in t for t in texts(at))
    assert at.text_area(key="hd_open_new").value == "Uses Postgres 15."  # the person's text is kept
    agent_bytes = memory.read_bytes()
    at.button(key="hd_open_replace").click().run()
    assert "The entry changed on disk before your change was saved." in alerts(at)
    assert memory.read_bytes() == agent_bytes


def agent_changes_then_replace(home: Path, page: str):
    """Open FACTS[0], type a new text; the agent changes that entry before the click on Replace."""
    at = opened(page, FACTS[0])
    at.text_area(key="hd_open_new").input("Uses Postgres 15 on port 5433.").run()
    memory = home / "memories" / "MEMORY.md"
    memory.write_text(DELIMITER.join([FACTS[0].replace("16", "17"), *FACTS[1:]]), encoding="utf-8")
    agent_bytes = memory.read_bytes()
    at.button(key="hd_open_replace").click().run()  # no rerun in between: the click meets the new file
    no_exception(at)
    assert memory.read_bytes() == agent_bytes  # refused: the agent's text is untouched
    return at, memory, agent_bytes


@pytest.mark.parametrize("page", ["overview", "edit"])
def test_a_refused_replace_in_place_shows_both_versions_and_applies_to_the_new_text(home: Path, page: str) -> None:
    at, memory, _ = agent_changes_then_replace(home, page)
    assert "The entry changed on disk before your change was saved." in alerts(at)
    shown = texts(at)
    assert FACTS[0] in shown and "Uses Postgres 15 on port 5433." in shown  # as seen, then the new text
    assert FACTS[0].replace("16", "17") in shown  # the agent's version beside it
    assert at.button(key="hd_open_conflict_apply").label == "Replace the new text with mine"
    at.button(key="hd_open_conflict_apply").click().run()
    no_exception(at)
    assert entries(home) == ["Uses Postgres 15 on port 5433.", *FACTS[1:]]  # in the agent's entry's place
    assert "Entry replaced." in "\n".join(texts(at)) and "hd_open_conflict" not in at.session_state


def test_a_refused_replace_in_place_can_be_dropped_and_changes_nothing(home: Path) -> None:
    at, memory, agent_bytes = agent_changes_then_replace(home, "overview")
    at.button(key="hd_open_conflict_drop").click().run()
    no_exception(at)
    assert memory.read_bytes() == agent_bytes
    assert "hd_open_conflict" not in at.session_state and "hd_open" not in at.session_state
    assert "The entry changed on disk before your change was saved." not in alerts(at)


def test_remove_the_selected_entry_after_confirmation(home: Path) -> None:
    at = opened("edit", FACTS[1])
    at.button(key="hd_open_remove").click().run()
    assert "Remove this entry?" in alerts(at) and entries(home) == FACTS
    at.button(key="hd_open_rm_yes").click().run()
    no_exception(at)
    assert entries(home) == [FACTS[0], FACTS[2], FACTS[3]]


def test_move_the_selected_entry_to_the_other_file(home: Path) -> None:
    at = opened("overview", FACTS[3])
    at.button(key="hd_open_move").click().run()
    assert "Move this entry to USER.md?" in alerts(at)
    at.button(key="hd_open_mv_yes").click().run()
    no_exception(at)
    assert FACTS[3] not in entries(home) and entries(home, "USER.md") == ["Name: Sam.", FACTS[3]]


def test_an_entry_still_open_after_visiting_another_page_starts_from_its_text(home: Path) -> None:
    # Streamlit drops a text box's value on a run that did not draw it (a page switch); the open
    # entry must come back with its own text, not an empty box that Replace would send.
    at = open_app("edit")
    at.session_state["hd_open"] = {"target": "memory", "entry": FACTS[1], "table": "", "base": tuple(FACTS)}
    at.run()
    no_exception(at)
    assert at.text_area(key="hd_open_new").value == FACTS[1]


@pytest.mark.parametrize(("page", "box"), [("overview", "ov_table_memory_open"), ("edit", "ed_entries_open")])
def test_the_box_under_a_table_opens_an_entry_as_selecting_its_row_does(home: Path, page: str, box: str) -> None:
    """The keyboard's way to a row (a grid's row cannot be selected with keys): the box lists
    the rows shown, by position and text, and choosing one opens exactly that entry."""
    at = open_app(page)
    pick = at.selectbox(key=box)
    assert len(pick.options) == len(FACTS) and pick.options[1].startswith("#1 · Deploy with make deploy.")
    pick.set_value(2).run()
    no_exception(at)
    assert at.session_state["hd_open"]["entry"] == FACTS[2]
    assert at.text_area(key="hd_open_new").value == FACTS[2]  # the panel, on that entry
    assert at.selectbox(key=box).value is None  # a way in, empty again


def test_the_box_lists_only_the_rows_the_search_kept(home: Path) -> None:
    at = open_app()
    at.text_input(key="ov_search").input("postgres").run()
    pick = at.selectbox(key="ov_table_memory_open")
    assert [o.split(" · ")[0] for o in pick.options] == ["#0", "#2"]
    pick.set_value(1).run()
    assert at.session_state["hd_open"]["entry"] == FACTS[2]
