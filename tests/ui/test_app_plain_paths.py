"""Paths, names and ids are shown as text, never read as markdown.

A home folder can be named like a markdown image (``![x](http:/127.0.0.1:9/leak.png)`` is a
valid path: the browser reads ``http:/host`` as ``http://host``). Shown inside markdown, the
browser would fetch that address. Every page and the sidebar must keep such text literal: in
markdown it may only appear inside a code span (``ui.lit``), or in plain-text elements.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from app_support import APP, no_exception, rendered_markdown
from streamlit.testing.v1 import AppTest

from hermes_dash import ui

ROOT = APP.parent
LEAK = "![x](http:/127.0.0.1:9/leak.png)"


def _outside_code_spans(markdown: str) -> str:
    return re.sub(r"(`+)(.+?)\1", "", markdown, flags=re.S)


def _assert_literal(at: AppTest) -> None:
    labels = [w.label for kind in (at.checkbox, at.button) for w in kind]
    for shown in rendered_markdown(at) + [t.value for t in at.title] + [h.value for h in at.subheader] + labels:
        rest = _outside_code_spans(shown)
        assert "![" not in rest and "](" not in rest and "leak.png" not in rest, shown


@pytest.fixture
def odd_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_cache) -> Path:
    home = tmp_path / "![x](http:" / "127.0.0.1:9" / "leak.png)"
    (home / "memories").mkdir(parents=True)
    (home / "memories" / "MEMORY.md").write_text("One entry.", encoding="utf-8")
    monkeypatch.setenv("HERMES_HOME", str(home))
    assert LEAK in str(home)
    return home


@pytest.mark.parametrize(
    "page",
    [
        "curation_inbox.py",
        "curation_sharing.py",
        "overview.py",
        "history.py",
        "snapshot.py",
        "edit.py",
        "curation_cleanup.py",
        "curation_migrate.py",
    ],
)
def test_a_home_named_like_a_markdown_image_is_shown_as_text(odd_home: Path, page: str) -> None:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    no_exception(at)
    at.switch_page(str(ROOT / "hermes_dash" / "ui" / "screens" / page)).run()
    no_exception(at)
    _assert_literal(at)


def test_the_empty_inbox_and_one_profile_sharing_name_the_folder(odd_home: Path) -> None:
    for page in ("curation_inbox.py", "curation_sharing.py"):
        at = AppTest.from_file(str(APP), default_timeout=60)
        at.run()
        at.switch_page(str(ROOT / "hermes_dash" / "ui" / "screens" / page)).run()
        assert any(LEAK in shown for shown in rendered_markdown(at)), page  # shown, as a code span


@pytest.mark.parametrize("value", ["plain", "a`b", "``x``", "line\n\n![x](http:/h/i.png)", "", "`"])
def test_lit_makes_a_code_span_that_holds_the_whole_value(value: str) -> None:
    span = ui.lit(value)
    fence = re.match(r"`+", span).group()
    inner = span[len(fence) : -len(fence)]
    assert span.endswith(fence) and fence not in inner and "\n" not in span
    assert " ".join(value.splitlines()).strip() == inner.strip() or not value
