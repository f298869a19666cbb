"""Edit page: the operations the home's agent itself offers, and its patch (AppTest).

A home used by a checkout of upstream main (0.22's rules: patch, pinned staging) gets a Patch tab
beside Add and Remove, and the page says which operations the agent has; hermes-dash's own
whole-entry Replace stays. A home whose agent predates patch gets no Patch tab. Before this
change the page had no patch at all."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_support import alerts, no_exception, open_app, read, texts

from hermes_dash.engine.rules.format import parse

MEMORY = ["concat cat", "Port 1000 is the test port.", "The user drinks green tea."]
#: The installer's checkout under the home, declaring no version: it follows upstream main's rules.
CHECKOUT = {"hermes-agent/.git/HEAD": "e" * 40 + "\n"}


def _labels(at) -> list[str]:
    return [t.label for t in at.tabs]


def _captions(at) -> str:
    return "\n".join(c.value for c in at.caption)


@pytest.mark.home(memory=MEMORY, files=CHECKOUT)
def test_a_home_whose_agent_patches_gets_the_patch_tab_and_it_edits_one_span(home: Path) -> None:
    at = open_app("edit")
    no_exception(at)
    assert _labels(at)[:5] == ["Add", "Patch", "Replace", "Remove", "Batch editor"]
    assert "offers **add, patch and remove** in its own memory tool" in "\n".join(m.value for m in at.caption)
    at.text_input(key="ed_pt_old").input(" cat").run()
    at.text_input(key="ed_pt_new").input(" dog").run()
    no_exception(at)
    at.button(key="ed_pt_btn").click().run()
    no_exception(at)
    assert parse(read(home, "MEMORY.md").decode("utf-8"))[0] == "concat dog"  # not "condog dog"


@pytest.mark.home(memory=MEMORY, files=CHECKOUT)
def test_a_span_that_occurs_twice_is_refused_before_the_click_and_nothing_is_written(home: Path) -> None:
    at = open_app("edit")
    before = read(home, "MEMORY.md")
    at.text_input(key="ed_pt_old").input("00").run()
    at.text_input(key="ed_pt_new").input("11").run()
    no_exception(at)
    assert "**Will be refused:** nothing will be written." in alerts(at)
    assert any("appears 2 times in the matched entry" in t for t in texts(at)), texts(at)
    at.button(key="ed_pt_btn").click().run()
    no_exception(at)
    assert read(home, "MEMORY.md") == before


@pytest.mark.home(memory=MEMORY)
def test_a_home_whose_agent_has_no_patch_keeps_its_three_operations(home: Path) -> None:
    at = open_app("edit")
    no_exception(at)
    assert "Patch" not in _labels(at)
    assert "offers **add, replace and remove** in its own memory tool" in _captions(at)
