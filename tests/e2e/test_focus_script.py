"""The script that puts focus where the next step is (ui.focus_script), in Chromium on a page of
its own: it must wait for an element drawn late (a loaded machine draws the Edit page's box
seconds after the script runs) and never take focus back from where the person moved it."""

from __future__ import annotations

import pytest
from browser_support import wait_js
from script_runs import open_context

from hermes_dash import ui

pytestmark = pytest.mark.e2e

PAGE = '<a href="#" id="link">Edit</a><button id="other">Other</button><div id="main"></div>'
BOX = "textarea[aria-label='New entry']"
# Draws the box the way a late rerun does, ``ms`` after the script ran.
DRAW = """ms => setTimeout(() => { const t = document.createElement('textarea');
  t.setAttribute('aria-label', 'New entry'); document.getElementById('main').append(t); }, ms)"""


@pytest.fixture
def page(chromium):
    context = open_context(chromium)
    try:
        opened = context.new_page()
        opened.set_content(PAGE)
        opened.focus("#link")  # the person pressed Enter on the page's link
        yield opened
    finally:
        context.close()


def run_script(page) -> None:
    body = ui.focus_script(BOX).removeprefix("<script>").removesuffix("</script>")
    page.add_script_tag(content=body)


def test_focus_lands_on_a_box_drawn_seconds_later(page) -> None:
    run_script(page)
    page.evaluate(DRAW, 3_000)  # past the two seconds the script used to give up after
    wait_js(page, f"() => document.activeElement?.matches({BOX!r})", None, "focus never reached the late box", 20_000)


def test_focus_the_person_moved_is_left_alone(page) -> None:
    run_script(page)
    page.focus("#other")  # the person moved on before the box was drawn
    landed = page.evaluate(
        """() => new Promise(resolve => {
      const t = document.createElement('textarea'); t.setAttribute('aria-label', 'New entry');
      document.getElementById('main').append(t);
      requestAnimationFrame(() => resolve(document.activeElement.id || document.activeElement.tagName));
    })"""
    )
    assert landed == "other"


def test_a_box_already_drawn_gets_focus_at_once(page) -> None:
    page.evaluate(DRAW, 0)
    wait_js(page, f"() => !!document.querySelector({BOX!r})", None, "the box was never drawn")
    run_script(page)
    assert page.evaluate(f"() => document.activeElement.matches({BOX!r})")
