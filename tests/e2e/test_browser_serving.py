"""End to end through `hermes-dash serve` (started from another folder) and Debian's Chromium.

* Opened to a network (``--address``), the dashboard asks for the access token: without it the
  page says how to get in and shows no memory; the printed URL with the token gets in, the
  token leaves the address bar and the tab's history (no Back step shows it), and moving
  between pages keeps the access.
* A home folder named like a markdown image is shown as text: the browser never requests the
  address inside the name (Inbox with nothing staged, Sharing with one profile).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import REPO, goto_page, settle
from cli_support import command
from script_runs import open_context
from web_probe import start, token_url

pytestmark = pytest.mark.e2e


def _browser(chromium, requests: list[str]):
    """A fresh context of the run's one Chromium (tests/e2e/conftest.py), recording every request."""
    context = open_context(chromium, viewport={"width": 1400, "height": 1400})
    context.on("request", lambda request: requests.append(request.url))
    return context


def _serve(home: Path, tmp_path: Path, *extra: str, host: str = "127.0.0.1"):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(exist_ok=True)
    serve = command("serve", "--port", "{port}", "--no-browser", *extra, home=home)
    return start(serve, cwd=elsewhere, scratch=tmp_path / "server", env={"PYTHONPATH": str(REPO)}, host=host)


def test_network_mode_needs_the_token_in_a_real_browser(tmp_path: Path, chromium) -> None:
    from hermes_dash.demo import create_demo_home

    home = create_demo_home(tmp_path / "demo")
    # 127.0.0.2 stands for a network address: not the default, so a token is required, while
    # the test server still stays on this machine's loopback interface.
    with _serve(home, tmp_path, "--address", "127.0.0.2", host="127.0.0.2") as server:
        url = token_url(server)
        assert url.startswith(f"http://127.0.0.2:{server.port}/?token=")
        requests: list[str] = []
        context = _browser(chromium, requests)
        try:
            page = context.new_page()
            page.goto(f"http://127.0.0.2:{server.port}/", wait_until="domcontentloaded")
            settle(page, "access token needed")
            body = page.locator("body").inner_text()
            assert "?token=" in body and "staging" not in body and "MEMORY.md" not in body

            page.goto(url.replace("token=", "token=x"), wait_until="domcontentloaded")
            settle(page, "access token needed")
            assert "staging" not in page.locator("body").inner_text()

            page.goto(url, wait_until="domcontentloaded")
            settle(page, "1,985 / 2,200 chars")
            page.wait_for_function("() => !location.search.includes('token')", timeout=15_000)
            goto_page(page, "Edit")  # the session keeps its access across pages
            assert "access token needed" not in page.locator("body").inner_text()
        finally:
            context.close()


def test_a_home_named_like_a_markdown_image_is_never_fetched(tmp_path: Path, chromium) -> None:
    home = tmp_path / "![x](http:" / "127.0.0.1:9" / "leak.png)"
    (home / "memories").mkdir(parents=True)
    (home / "memories" / "MEMORY.md").write_text("One entry.", encoding="utf-8")
    with _serve(home, tmp_path) as server:
        requests: list[str] = []
        context = _browser(chromium, requests)
        try:
            page = context.new_page()
            page.goto(server.base, wait_until="domcontentloaded")
            settle(page, "MEMORY.md")
            goto_page(page, "Inbox", heading=False)
            settle(page, "No staged writes in")
            goto_page(page, "Sharing", heading=False)
            settle(page, "There is only the default profile in")
            page.wait_for_load_state("networkidle")  # any image the page asks for has been asked for
        finally:
            context.close()
    leaked = [u for u in requests if "leak.png" in u or "127.0.0.1:9/" in u]
    assert not leaked, leaked
    assert all(u.startswith((server.base, "data:", "blob:")) for u in requests), sorted(
        {u for u in requests if not u.startswith(server.base)}
    )


def test_the_token_leaves_the_tabs_history_too(tmp_path: Path, chromium) -> None:
    """The token left the address bar but not the history; two Back steps showed /?token=... .
    Now the entry holding it is replaced, and no entry of the tab's history holds it."""
    from hermes_dash.demo import create_demo_home

    home = create_demo_home(tmp_path / "demo")
    with _serve(home, tmp_path, "--address", "127.0.0.2", host="127.0.0.2") as server:
        url = token_url(server)
        requests: list[str] = []
        context = _browser(chromium, requests)
        try:
            page = context.new_page()
            page.goto(f"http://127.0.0.2:{server.port}/", wait_until="domcontentloaded")
            settle(page, "access token needed")
            page.goto(url, wait_until="domcontentloaded")
            settle(page, "1,985 / 2,200 chars")
            goto_page(page, "Edit")
            # The tab's whole history, as Back and Forward walk it (Chromium's own list): stepping
            # Back and waiting for the address to change failed on a loaded machine, Back from
            # "/?profile=default" never leaving it (two entries in a row at one address).
            history = context.new_cdp_session(page).send("Page.getNavigationHistory")
            seen = [entry["url"] for entry in history["entries"]]
            ours = [u for u in seen if u.startswith(f"http://127.0.0.2:{server.port}/")]
            assert seen[history["currentIndex"]] == page.url and "/edit" in page.url, seen
            assert len(ours) >= 3, seen  # the page before the token, the one after it and Edit
            assert not any("token=" in u for u in seen), seen
        finally:
            context.close()
