"""Edit page, batch editor: a changed or added row that looks like a credential gets the same
"possible secret" hint as Add and Replace."""

from __future__ import annotations

from pathlib import Path

from app_support import no_exception
from test_app_edit import FACTS_HOME, edit_page

from hermes_dash.curation.hints import secret_hint

SECRET_URL = "Staging DB is postgres://admin:Hunter2Secret@db.internal:5432/app"

pytestmark = FACTS_HOME


def warnings(at) -> list[str]:
    return [w.value for w in at.warning]


def test_batch_rows_with_a_possible_secret_get_the_add_tabs_hint(home: Path) -> None:
    at = edit_page()
    at.session_state["ed_batch_memory"] = {
        "edited_rows": {1: {"Entry": SECRET_URL}},
        "added_rows": [{"Entry": "Plain new fact."}, {"Entry": SECRET_URL + "?x"}],
        "deleted_rows": [],
    }
    at.run()
    no_exception(at)
    hint = secret_hint(SECRET_URL)
    assert hint.startswith("Possible secret: 1 string")
    hinted = [w for w in warnings(at) if hint in w]
    # Change 1 is the replace, 2 the plain add (no hint), 3 the added URL.
    assert [w.split(".")[0] for w in hinted] == ["**Change 1", "**Change 3"], warnings(at)
    # The Add tab says the very same sentence for the same text.
    at.text_area(key="ed_add_text").input(SECRET_URL).run()
    assert any(w == hint for w in warnings(at))


def test_batch_rows_without_secrets_get_no_hint(home: Path) -> None:
    at = edit_page()
    at.session_state["ed_batch_memory"] = {
        "edited_rows": {1: {"Entry": "Deploy with make ship."}},
        "added_rows": [],
        "deleted_rows": [],
    }
    at.run()
    assert not any("Possible secret" in w for w in warnings(at))
