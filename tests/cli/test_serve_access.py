"""Who gets memory from a running dashboard: only its own page (Origin with the port), and with a
token, only the first browser that shows it (the token works once; that browser keeps a grant)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from app_support import texts
from cli_support import command
from repo import ROOT as REPO
from web_probe import free_port, start, ws_probe

from hermes_dash.engine.serving import TOKEN_ENV, origin_problem

MEMORY_WORD = b"staging"  # in several demo MEMORY.md entries


@pytest.mark.parametrize(
    "origins, host, same",
    [
        ([], "127.0.0.1:8501", True),  # no Origin: not a web page
        (["http://127.0.0.1:8501"], "127.0.0.1:8501", True),
        (["http://LOCALHOST:8501"], "localhost:8501", True),
        (["http://[::1]:8501"], "[::1]:8501", True),
        (["https://dash.example.org"], "dash.example.org", True),  # behind a proxy that keeps Host
        (["http://localhost:9000"], "localhost:8501", False),  # another port of this machine
        (["http://127.0.0.1:8501"], "localhost:8501", False),  # another host name for the same server
        (["http://127.0.0.1"], "127.0.0.1:8501", False),
        (["null"], "127.0.0.1:8501", False),  # a sandboxed frame or a file:// page
        (["http://127.0.0.1:8501", "http://evil.example"], "127.0.0.1:8501", False),
    ],
)
def test_same_origin_means_host_and_port(origins, host, same) -> None:
    assert (origin_problem(origins, [host]) is None) is same
    if origins:
        assert origin_problem(origins, []) is not None and origin_problem(origins, [host, host]) is not None


@pytest.mark.slow
def test_a_websocket_from_another_local_port_gets_no_memory(demo_home: Path, tmp_path: Path) -> None:
    """Streamlit accepts it (host names match); the app's gate shows it nothing, and its own page everything."""
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    serve = command("serve", "--port", "{port}", "--no-browser", home=demo_home)
    with start(serve, cwd=folder, scratch=tmp_path / "server", env={"PYTHONPATH": str(REPO)}) as server:
        other = free_port()
        foreign = ws_probe(server.port, f"localhost:{server.port}", f"http://localhost:{other}", wait_s=30)
        own = ws_probe(server.port, f"localhost:{server.port}", f"http://localhost:{server.port}", wait_s=30)
    assert foreign.accepted and MEMORY_WORD not in foreign.received, foreign.detail
    assert b"shows memory only to its own page" in foreign.received
    assert own.accepted and MEMORY_WORD in own.received, own.detail


def _app(monkeypatch, home: Path, token: str):
    from streamlit import config
    from streamlit.testing.v1 import AppTest

    monkeypatch.setenv("HERMES_HOME", str(home))
    monkeypatch.setenv(TOKEN_ENV, token)
    config.set_option("server.address", "0.0.0.0")
    config.set_option("server.allowedHosts", [])
    return AppTest.from_file(str(REPO / "app.py"), default_timeout=60)


def _shows_memory(at) -> bool:
    return any("staging" in s for s in texts(at) + [frame.value.to_csv() for frame in at.dataframe])


def _scripts(at) -> str:
    return "".join(h.proto.body for h in at.get("html"))


def test_the_token_works_once_and_the_first_browser_keeps_a_grant(monkeypatch, demo_home, fresh_cache) -> None:
    token = "one-time-token-" + str(free_port())  # the spent set lives as long as the process
    first = _app(monkeypatch, demo_home, token)
    first.query_params["token"] = token
    first.run()
    assert not first.exception and not _shows_memory(first)
    script = _scripts(first)
    [grant] = re.findall(r'const keep = "([\w-]+)"', script)  # the page stores it in localStorage
    del first.query_params["token"]
    first.run()
    assert _shows_memory(first)

    second = _app(monkeypatch, demo_home, token)  # another browser with the same address
    second.query_params["token"] = token
    second.run()
    assert not second.exception and not _shows_memory(second)
    assert "used already" in second.title[0].value

    reload = _app(monkeypatch, demo_home, token)  # the first browser again: the page recalls its grant
    reload.run()
    assert "access token needed" in reload.title[0].value and "recall = true" in _scripts(reload)
    reload.query_params["grant"] = grant
    reload.run()
    assert not _shows_memory(reload)  # this run has the page take the grant out of the address
    del reload.query_params["grant"]
    reload.run()
    assert _shows_memory(reload)

    forged = _app(monkeypatch, demo_home, token)
    forged.query_params["grant"] = grant[:-2] + "xx"
    forged.run()
    assert "access token needed" in forged.title[0].value and not _shows_memory(forged)
    assert "drop = true" in _scripts(forged)  # a stale grant (an earlier server's) is forgotten
