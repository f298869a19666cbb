"""A page on another origin, in Chromium, against a server whose Streamlit config lists it.

``http://evil.example`` is resolved to 127.0.0.1 by Chromium itself (``--host-resolver-rules``), so
its page is served by a small HTTP server on this machine and is still a foreign origin to the
browser. Its script opens the dashboard's websocket the way the attack did and asks for a run;
whatever the server sends back is what the foreign page could read. Under ``hermes-dash serve``
the handshake is refused; under a bare ``streamlit run app.py`` with the origin allowed by a
``STREAMLIT_*`` variable, the page gets in but the app's gate shows it no memory.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from browser_support import CHROMIUM, CHROMIUM_ARGS, REPO, WAIT_MS
from chromium import streamlit_run
from cli_support import command
from script_runs import FINISHED_FULL_RUN, FORWARD_SCRIPT_FINISHED, PROTO_JS
from web_probe import local_site, start

pytestmark = pytest.mark.e2e

EVIL_HOST = "evil.example"
MEMORY_WORD = "staging"  # in several demo MEMORY.md entries
USER_WORD = "Europe/Berlin"  # in the demo USER.md


def _rerun_bytes() -> list[int]:
    from streamlit.proto.BackMsg_pb2 import BackMsg
    from streamlit.proto.ClientState_pb2 import ClientState

    return list(BackMsg(rerun_script=ClientState()).SerializeToString())


# The foreign page's script: it reads every message until the run it asked for has finished (a
# script_finished message, script_runs.PROTO_JS reads it) or the server closes the socket; the
# minute is only a cap for a server that neither answers nor closes (``finished`` then says so).
_PAGE = """<!doctype html><title>evil</title><script>
PROTO
window.__result = null;
const got = [];
let opened = false, finished = false;
const ws = new WebSocket("ws://%(host)s:%(port)d/_stcore/stream", ["streamlit"]);
ws.binaryType = "arraybuffer";
ws.onopen = () => { opened = true; ws.send(new Uint8Array(%(rerun)s)); };
const done = () => { if (!window.__result) window.__result = {opened, finished, text: got.join("")}; };
ws.onmessage = (e) => {
  got.push(new TextDecoder("utf-8", {fatal: false}).decode(e.data));
  const f = fields(bytes(e.data));
  if (f[%(finished_field)d] && %(full)s.includes(f[%(finished_field)d][0])) { finished = true; done(); ws.close(); }
};
ws.onclose = done;
setTimeout(() => { done(); try { ws.close(); } catch (e) {} }, 60000);
</script>"""


@contextmanager
def _evil_site(port: int, ws_host: str = "127.0.0.1") -> Iterator[int]:
    """The foreign page, served on loopback (Chromium maps evil.example here); its script opens
    the websocket of the dashboard on ``ws_host:port``."""
    values = {"host": ws_host, "port": port, "rerun": _rerun_bytes()}
    values |= {"finished_field": FORWARD_SCRIPT_FINISHED, "full": list(FINISHED_FULL_RUN)}
    body = (_PAGE.replace("PROTO", PROTO_JS) % values).encode()

    with local_site(lambda path: body) as site_port:
        yield site_port


@pytest.fixture(scope="module")
def evil_browser(chromium) -> Iterator[object]:
    """One Chromium for this file that resolves evil.example to this machine, launched from the run's
    one Playwright (tests/e2e/conftest.py: a second Playwright cannot start beside it)."""
    resolve = f"--host-resolver-rules=MAP {EVIL_HOST} 127.0.0.1"
    browser = chromium.browser_type.launch(executable_path=str(CHROMIUM), headless=True, args=[*CHROMIUM_ARGS, resolve])
    try:
        yield browser
    finally:
        browser.close()


def _read(page, url: str) -> dict:
    """What the foreign page at ``url`` read from the dashboard's websocket."""
    page.goto(url, wait_until="domcontentloaded")
    page.wait_for_function("() => window.__result !== null", timeout=WAIT_MS)
    result = page.evaluate("window.__result")
    assert result["finished"] or not result["opened"], f"the run was never answered: {result}"
    return result


def _visit_evil(evil_browser, server_port: int) -> dict:
    """The foreign page on http://evil.example, in a fresh context (its own storage) of ``evil_browser``."""
    with _evil_site(server_port) as evil_port:
        context = evil_browser.new_context()
        try:
            page = context.new_page()
            result = _read(page, f"http://{EVIL_HOST}:{evil_port}/")
            assert page.evaluate("location.origin") == f"http://{EVIL_HOST}:{evil_port}"
            return result
        finally:
            context.close()


def test_a_page_on_another_local_port_sees_no_memory_in_chromium(tmp_path: Path, chromium) -> None:
    """Streamlit compares host names only: a page on http://localhost:OTHER_PORT (a downloaded
    file served by ``python -m http.server``) opened the websocket and read memory. The gate
    compares the handshake's Origin with its Host, port included, and shows such a page nothing."""
    from hermes_dash.demo import create_demo_home

    demo = create_demo_home(tmp_path / "demo")
    home, work = tmp_path / "user-home", tmp_path / "work"
    home.mkdir()
    work.mkdir()
    serve = command("serve", "--port", "{port}", "--no-browser", home=demo)
    before = (demo / "memories" / "MEMORY.md").read_bytes()
    env = {"PYTHONPATH": str(REPO), "HOME": str(home)}
    with start(serve, cwd=work, scratch=tmp_path / "s", env=env) as srv, _evil_site(srv.port, "localhost") as other:
        context = chromium.new_context()  # no run tracker: the foreign page's websocket is its own
        try:
            result = _read(context.new_page(), f"http://localhost:{other}/")
        finally:
            context.close()
    assert result["opened"]  # Streamlit lets a page of localhost in, whatever its port
    assert MEMORY_WORD not in result["text"] and USER_WORD not in result["text"]
    assert "shows memory only to its own page" in result["text"] and f"localhost:{other}" in result["text"]
    assert (demo / "memories" / "MEMORY.md").read_bytes() == before


def _careless(tmp_path: Path) -> tuple[Path, Path]:
    """``~`` and a working folder whose config.toml lists evil.example as an allowed origin."""
    home, work = tmp_path / "user-home", tmp_path / "work"
    for folder in (home, work):
        (folder / ".streamlit").mkdir(parents=True)
        (folder / ".streamlit" / "config.toml").write_text(f'[server]\ncorsAllowedOrigins = ["http://{EVIL_HOST}"]\n')
    return home, work


def test_a_listed_foreign_origin_is_refused_by_serve_in_chromium(tmp_path: Path, evil_browser) -> None:
    from hermes_dash.demo import create_demo_home

    demo = create_demo_home(tmp_path / "demo")
    home, work = _careless(tmp_path)
    serve = command("serve", "--port", "{port}", "--no-browser", home=demo)
    env = {"PYTHONPATH": str(REPO), "HOME": str(home), "STREAMLIT_SERVER_CORS_ALLOWED_ORIGINS": f"http://{EVIL_HOST}"}
    before = (demo / "memories" / "MEMORY.md").read_bytes()
    with start(serve, cwd=work, scratch=tmp_path / "s", env=env) as server:
        result = _visit_evil(evil_browser, server.port)
    assert not result["opened"], "the foreign page opened the dashboard's websocket"
    assert MEMORY_WORD not in result["text"] and USER_WORD not in result["text"]
    assert (demo / "memories" / "MEMORY.md").read_bytes() == before


def test_a_listed_foreign_origin_sees_no_memory_under_streamlit_run_in_chromium(tmp_path: Path, evil_browser) -> None:
    from hermes_dash.demo import create_demo_home

    demo = create_demo_home(tmp_path / "demo")
    home, _ = _careless(tmp_path)
    env = {
        "PYTHONPATH": str(REPO),
        "HOME": str(home),
        "HERMES_HOME": str(demo),
        "STREAMLIT_SERVER_CORS_ALLOWED_ORIGINS": f"http://{EVIL_HOST}",
    }
    bare = streamlit_run("app.py", "{port}", bare=True)
    with start(bare, cwd=REPO, scratch=tmp_path / "s", env=env) as server:
        result = _visit_evil(evil_browser, server.port)
    # Streamlit lets the page in (the variable beats every config file); the app shows it nothing.
    assert result["opened"]
    assert MEMORY_WORD not in result["text"] and USER_WORD not in result["text"]
    assert "refuses to show memory" in result["text"] and "server.corsAllowedOrigins" in result["text"]
