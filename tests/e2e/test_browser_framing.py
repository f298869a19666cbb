"""A page no other origin can frame, in Chromium (docs/safety.md, "Who may frame the dashboard").

A decoy page on another local port framed the dashboard invisibly, and three clicks on the decoy
removed an entry. ``hermes-dash serve`` now answers with ``Content-Security-Policy:
frame-ancestors 'self'`` (and the agent's dashboard's port with ``--framed-by``, as the Memory
tab starts it). One server, two decoy pages on two local ports: the one named by ``--framed-by``
(standing for the agent's dashboard) shows the Overview in its frame; the other gets nothing:
no script of the dashboard is fetched into it and no websocket is opened.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from browser_support import REPO, WAIT_MS
from cli_support import command
from web_probe import free_port, local_site, start

pytestmark = pytest.mark.e2e


@contextmanager
def _decoy(port: int) -> Iterator[list[int]]:
    """A page on a local port of its own that frames ``http://127.0.0.1:DASHBOARD/``; yields a
    one-item list for the dashboard's port, filled in once the server has one."""
    target: list[int] = []

    def page(path: str) -> bytes:
        return (
            "<!doctype html><title>decoy</title><button>Win a prize</button>"
            f'<iframe id="f" src="http://127.0.0.1:{target[0]}/" width="1200" height="900" '
            'onload="window.__loaded = true"></iframe>'
        ).encode()

    with local_site(page, port):
        yield target


def test_only_the_named_dashboard_may_frame_it(tmp_path: Path, chromium) -> None:
    from hermes_dash.demo import create_demo_home

    demo = create_demo_home(tmp_path / "demo")
    before = (demo / "memories" / "MEMORY.md").read_bytes()
    agent_port, other_port = free_port(), free_port()
    serve = command("serve", "--port", "{port}", "--no-browser", "--framed-by", str(agent_port), home=demo)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    with (
        _decoy(agent_port) as agent,
        _decoy(other_port) as other,
        start(serve, cwd=elsewhere, scratch=tmp_path / "server", env={"PYTHONPATH": str(REPO)}) as server,
    ):
        agent.append(server.port)
        other.append(server.port)
        context = chromium.new_context(viewport={"width": 1400, "height": 1000})
        context.set_default_timeout(WAIT_MS)
        requests: list[str] = []
        sockets: list[str] = []
        context.on("request", lambda request: requests.append(request.url))
        try:
            page = context.new_page()
            page.on("websocket", lambda ws: sockets.append(ws.url))
            page.goto(f"http://127.0.0.1:{other_port}/", wait_until="domcontentloaded")
            page.wait_for_function("() => window.__loaded === true")  # the frame's load: after its scripts
            dashboard = f"http://127.0.0.1:{server.port}/"
            fetched = [u for u in requests if u.startswith(dashboard) and u != dashboard]
            assert not fetched, f"the framed dashboard loaded into a page of another port: {fetched}"
            assert not sockets, sockets
            framed = page.frame_locator("#f")
            assert framed.get_by_role("heading", name="Overview").count() == 0

            # The agent's dashboard (the port --framed-by named) frames it as the Memory tab does.
            page.goto(f"http://127.0.0.1:{agent_port}/", wait_until="domcontentloaded")
            page.frame_locator("#f").get_by_role("heading", name="Overview").first.wait_for(timeout=WAIT_MS)
            assert any(u.startswith(f"ws://127.0.0.1:{server.port}/") for u in sockets)
        finally:
            context.close()
    assert (demo / "memories" / "MEMORY.md").read_bytes() == before
