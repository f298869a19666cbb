"""Edit page: each write typed is matched once and previewed once per run, not
once for the button's reason and again for the gauge below it."""

from __future__ import annotations

import importlib
import sys
from collections import Counter
from pathlib import Path

import pytest
from app_support import no_exception, open_app

from hermes_dash import MemoryStore
from hermes_dash.engine.rules import matching

pytestmark = pytest.mark.home(
    memory=["Uses Postgres 16 on port 5433 for tests.", "Deploy with make deploy."],
    config="memory:\n  memory_char_limit: 300\n",
)


def test_each_write_is_matched_and_previewed_once_per_run(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    at = open_app("edit")
    no_exception(at)
    at.text_area(key="ed_add_text").input("Likes rye bread.")
    at.text_input(key="ed_rep_old").input("5433")
    at.text_area(key="ed_rep_new").input("Uses Postgres 16 on port 5434 for tests.")
    at.text_input(key="ed_rm_old").input("Deploy")
    previews: list[str] = []
    found: list[str] = []
    real_preview, real_find = MemoryStore.preview, matching.find

    def counted_preview(self: MemoryStore, state: object, op: object, **kwargs: object) -> object:
        previews.append(repr(op))
        return real_preview(self, state, op, **kwargs)  # type: ignore[arg-type]

    def counted_find(entries: list[str], old_text: str) -> matching.Match:
        if sys._getframe(1).f_code.co_filename != matching.__file__:  # the page's, not the preview's own
            found.append(old_text)
        return real_find(entries, old_text)

    monkeypatch.setattr(MemoryStore, "preview", counted_preview)
    monkeypatch.setattr(matching, "find", counted_find)  # a page script imports it again each run
    for name in ("hermes_dash.ui._edit_page", "hermes_dash.ui._patchtab"):  # the page's modules, imported once
        try:
            monkeypatch.setattr(importlib.import_module(name), "find", counted_find)
        except ModuleNotFoundError:
            pass
    at.run()
    no_exception(at)
    assert len(previews) >= 3, previews  # add, replace and remove are each previewed
    assert [op for op, n in Counter(previews).items() if n > 1] == [], previews
    assert Counter(found)["5433"] == 1 and Counter(found)["Deploy"] == 1, found
