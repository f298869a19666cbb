"""Markup from outside is text, in Chromium (docs/safety.md, "Text from outside is shown as text").

A commit author ``![x](http://127.0.0.1:PORT/a.png)`` made the browser fetch the image when the
entry panel opened, and a commit subject ``[Claim your prize](http://...)`` became a link; a
session's model, source and cwd (from state.db) were drawn as markdown the same way. Here the
agent itself records the session (its own SessionDB, tests/support/agent_db.py), git commits the
file under such an author and subject, a small HTTP server on this machine counts every request,
and the panel is opened: nothing is fetched from it, no link or image points at it, and the words
are shown as written.
"""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import agent_db
import pytest
from browser_support import REPO, settle, stable_box
from cli_support import command
from git_support import need_git
from script_runs import open_context
from web_probe import local_site, start

pytestmark = pytest.mark.e2e

# Every link or image whose address is on the counting server, with the markup around it.
POINTING = """port => [...document.querySelectorAll('a[href], img[src]')]
  .filter(e => (e.href || e.src).includes(':' + port + '/'))
  .map(e => (e.href || e.src) + ' in ' + e.parentElement.outerHTML.slice(0, 300))"""


@contextmanager
def _counter() -> Iterator[tuple[int, list[str]]]:
    """An HTTP server on a local port that records every path asked of it."""
    asked: list[str] = []

    def count(path: str) -> None:  # an empty answer (204): only the asking counts
        asked.append(path)

    with local_site(count) as port:
        yield port, asked


def _home(home: Path, evil: str) -> None:
    """One entry added by an agent session whose model, source and cwd are markdown, then
    committed to git by an author and with a subject that are markdown too."""
    (home / "memories").mkdir(parents=True)
    session = {
        "id": "20261201_090000_cafe",
        "source": f"[telegram]({evil}/source)",
        "model": f"![m]({evil}/model.png)",
        "cwd": f"/work/![c]({evil}/cwd.png)",
        "started_at": time.time() - 3600,
        "messages": [
            {
                "user": "Remember the deploy command.",
                "content": "Saved.",
                "at": time.time() - 3500,
                "memory_call": {"action": "add", "content": "Deploys go through make ship."},
            }
        ],
    }
    agent_db.build_state_db(home, [session])
    env = {
        **os.environ,
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CONFIG_GLOBAL": os.devnull,
        "HOME": str(home.parent),
        "GIT_AUTHOR_NAME": f"![x]({evil}/a.png)",
        "GIT_AUTHOR_EMAIL": "a@example.invalid",
        "GIT_COMMITTER_NAME": "c",
        "GIT_COMMITTER_EMAIL": "c@example.invalid",
    }
    git = need_git()
    for args in (
        ["init", "-q", "-b", "main"],
        ["add", "MEMORY.md"],
        ["commit", "-qm", f"[Claim your prize]({evil}/phish)"],
    ):
        subprocess.run([git, *args], cwd=home / "memories", env=env, check=True, capture_output=True, timeout=60)


def _open_first_row(page) -> None:
    """Select the first row of MEMORY.md's table (a canvas: by position, once it is still)."""
    for _ in range(3):
        grid = page.locator('[data-testid="stDataFrame"]').filter(visible=True).first
        grid.scroll_into_view_if_needed()
        box = stable_box(page, grid)
        page.mouse.click(box["x"] + 14, box["y"] + 36 + 36)
        try:
            page.get_by_text("Where this entry came from").first.wait_for(timeout=8_000)
            return
        except Exception:  # noqa: BLE001 - playwright's TimeoutError: the grid was still being laid out
            settle(page, None)
    raise AssertionError("selecting the row did not open the entry")


def test_commit_and_session_strings_are_text_in_the_entry_panel(tmp_path: Path, chromium) -> None:
    home = tmp_path / "home"
    with _counter() as (port, asked):
        evil = f"http://127.0.0.1:{port}"
        _home(home, evil)
        serve = command("serve", "--port", "{port}", "--no-browser", home=home)
        (tmp_path / "elsewhere").mkdir()
        with start(serve, cwd=tmp_path / "elsewhere", scratch=tmp_path / "s", env={"PYTHONPATH": str(REPO)}) as srv:
            context = open_context(chromium, viewport={"width": 1400, "height": 1400})
            try:
                page = context.new_page()
                page.goto(f"http://127.0.0.1:{srv.port}/", wait_until="domcontentloaded")
                settle(page, "MEMORY.md")
                _open_first_row(page)
                settle(page, "Where this entry came from")
                shown = page.locator("body").inner_text()
                pointing = page.evaluate(POINTING, port)
            finally:
                context.close()
        assert f"![x]({evil}/a.png)" in shown and f"[Claim your prize]({evil}/phish)" in shown, shown[-3000:]
        assert f"![m]({evil}/model.png)" in shown and f"/work/![c]({evil}/cwd.png)" in shown
        assert not pointing, f"a link or an image points at the outside address: {pointing}"
        assert not asked, f"the browser fetched from the address in a commit or a session: {asked}"
