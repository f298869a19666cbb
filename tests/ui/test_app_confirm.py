"""Every confirmation the pages ask is the shared ``ui.confirm`` (or ``ui.ask``, the same in a
dialog): the question as a warning, then "Yes, …" (primary) and Cancel side by side in one
left-aligned row, keyed ``{key}_yes`` and ``{key}_no`` (AppTest; the browser test checks the row's
geometry)."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_support import alerts, no_exception, open_app
from streamlit.testing.v1 import AppTest

from hermes_dash.engine.rules.format import DELIMITER


def opened(page: str) -> AppTest:
    at = open_app(page)
    no_exception(at)
    return at


def blocks(node):  # type: ignore[no-untyped-def]
    for child in getattr(node, "children", {}).values():
        yield node, child
        yield from blocks(child)


def assert_shared_confirmation(at: AppTest, key: str, yes: str) -> None:
    """``{key}_yes`` (primary, labelled ``yes``) and then ``{key}_no`` (Cancel) are the only two
    children of one horizontal, start-aligned row: the shape only ``ui.confirm`` draws."""
    no_exception(at)
    # In the page, or in a dialog (``ui.ask``: Streamlit keeps dialogs outside the main block).
    [row] = {
        id(parent): parent for parent, child in blocks(at._tree) if getattr(child, "key", None) == f"{key}_yes"
    }.values()
    assert [getattr(c, "key", None) for c in row.children.values()] == [f"{key}_yes", f"{key}_no"]
    flex = row.proto.flex_container
    assert flex.direction == flex.Direction.HORIZONTAL and flex.justify == flex.Justify.JUSTIFY_START
    yes_button, no_button = at.button(key=f"{key}_yes"), at.button(key=f"{key}_no")
    assert (yes_button.label, yes_button.proto.type) == (yes, "primary")
    assert no_button.label == "Cancel"
    assert alerts(at)  # the question itself, as a warning above the buttons


def test_edit_remove(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_cache: None) -> None:
    root = tmp_path / "home"
    (root / "memories").mkdir(parents=True)
    (root / "memories" / "MEMORY.md").write_text(DELIMITER.join(["Deploy with make deploy.", "Prefers tabs."]))
    monkeypatch.setenv("HERMES_HOME", str(root))
    at = opened("edit")
    at.text_input(key="ed_rm_old").input("tabs").run()
    at.button(key="ed_rm_btn").click().run()
    assert_shared_confirmation(at, "ed_rm", "Yes, remove it")
    assert "Prefers tabs." in [c.value for c in at.code]  # the entry asked about, between question and buttons


def test_history_restore_whole_file(demo: Path) -> None:
    at = opened("history")
    at.radio(key="hi_target").set_value("user").run()
    at.selectbox(key="bk_pick").select("USER.md.bak.20261120").run()
    at.button(key="bk_restore").click().run()
    assert_shared_confirmation(at, "bk_restore", "Yes, restore")


def in_dialog(at: AppTest, key: str) -> bool:
    """Whether the element keyed ``key`` is drawn inside a dialog (``st.dialog``: ``ui.ask``)."""

    def kind(node) -> str | None:  # type: ignore[no-untyped-def]
        try:
            return node.proto.WhichOneof("type")
        except (AttributeError, ValueError):  # an element, not a block
            return None

    def walk(node, inside: bool) -> bool:  # type: ignore[no-untyped-def]
        inside = inside or kind(node) == "dialog"
        if getattr(node, "key", None) == key:
            return inside
        return any(walk(child, inside) for child in getattr(node, "children", {}).values())

    return walk(at._tree, False)


def test_history_restores_whole_file_in_the_dialog_every_write_uses(demo: Path) -> None:
    at = opened("history")
    at.selectbox(key="bk_pick").select("MEMORY.md.bak.20261127-184210").run()
    at.button(key="bk_restore").click().run()
    assert in_dialog(at, "bk_restore_yes"), "the whole-file restore asks inline, below the page's fold"
    at.button(key="bk_restore_no").click().run()
    at.button(key="hi_in_place").click().run()
    assert in_dialog(at, "hi_in_place_yes")  # as the one-entry restore always asked


def test_history_restore(demo: Path) -> None:
    at = opened("history")
    at.button(key="hi_in_place").click().run()
    assert_shared_confirmation(at, "hi_in_place", "Yes, restore in place")


def test_migrate_apply(demo: Path) -> None:
    at = opened("curation_migrate")
    at.radio(key="mg_target").set_value("user").run()
    at.button(key="mg_apply").click().run()
    assert_shared_confirmation(at, "mg_apply", "Yes, rewrite")


def test_inbox_bulk_and_per_item(demo: Path) -> None:
    at = opened("curation_inbox")
    at.checkbox(key="in_pick_3fa91c0e").check().run()
    at.button(key="in_approve").click().run()
    assert_shared_confirmation(at, "in_confirm", "Yes, approve")
    at.button(key="in_confirm_no").click().run()
    at.button(key="in_reject_c04e9a7b").click().run()
    assert_shared_confirmation(at, "in_rej_c04e9a7b", "Yes, reject")
