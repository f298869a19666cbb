"""Streamlit's own config cannot open the door: real servers, real websocket requests.

A ``.streamlit/config.toml`` in the working folder or in ``~``, or a ``STREAMLIT_*`` variable,
that lists a foreign origin in ``server.corsAllowedOrigins`` (or turns any other option in
``hermes_dash.engine.serving.DOORS`` the wrong way) let a page on that origin open the
websocket, read USER.md and write MEMORY.md. Under ``hermes-dash serve`` the flags win, so the
foreign page is refused at the handshake; under a bare ``streamlit run app.py``, where a
variable beats the clone's config file, the app's gate refuses to show memory to anyone.
(The same in Chromium: tests/e2e/test_browser_foreign_origin.py.)
"""

from __future__ import annotations

from pathlib import Path

import pytest
from chromium import streamlit_run
from cli_support import command
from repo import ROOT as REPO
from web_probe import start, ws_probe

pytestmark = pytest.mark.slow

MEMORY_WORD = b"staging"  # in several demo MEMORY.md entries
USER_WORD = b"Europe/Berlin"  # in the demo USER.md
EVIL = "http://evil.example"
# Every door open at once, as a careless or hostile config would have it.
OPEN_CONFIG = (
    f'[server]\ncorsAllowedOrigins = ["{EVIL}"]\nenableCORS = false\nenableXsrfProtection = false\n'
    'xsrfCookieSameSite = "none"\nenableAgentApi = true\nallowedHosts = ["*"]\naddress = "0.0.0.0"\n'
    f'[client]\nallowedOrigins = ["{EVIL}"]\n[browser]\nserverAddress = "evil.example"\n'
)
OPEN_ENV = {
    "STREAMLIT_SERVER_CORS_ALLOWED_ORIGINS": EVIL,
    "STREAMLIT_CLIENT_ALLOWED_ORIGINS": EVIL,
    "STREAMLIT_SERVER_ENABLE_XSRF_PROTECTION": "false",
    "STREAMLIT_SERVER_ENABLE_AGENT_API": "true",
}


@pytest.fixture
def careless(tmp_path: Path) -> dict[str, Path]:
    """A home folder (``~``) and a working folder, each with a config.toml that opens every door."""
    home, work = tmp_path / "user-home", tmp_path / "work"
    for folder in (home, work):
        (folder / ".streamlit").mkdir(parents=True)
        (folder / ".streamlit" / "config.toml").write_text(OPEN_CONFIG)
    return {"home": home, "work": work}


def _foreign(port: int):
    return ws_probe(port, f"127.0.0.1:{port}", EVIL, wait_s=20)


def test_serve_keeps_every_door_shut_whatever_the_config_says(demo_home, careless, tmp_path):
    serve = command("serve", "--port", "{port}", "--no-browser", home=demo_home)
    env = {"PYTHONPATH": str(REPO), "HOME": str(careless["home"]), **OPEN_ENV}
    with start(serve, cwd=careless["work"], scratch=tmp_path / "s", env=env) as server:
        foreign = _foreign(server.port)
        assert not foreign.accepted, "a page on a listed foreign origin opened the websocket"
        assert MEMORY_WORD not in foreign.received and USER_WORD not in foreign.received
        local = ws_probe(server.port, f"127.0.0.1:{server.port}", f"http://127.0.0.1:{server.port}", wait_s=30)
        assert local.accepted and MEMORY_WORD in local.received, local.detail  # still usable from this machine
        assert server.outbound() == [], server.outbound()


@pytest.mark.parametrize("how", ["environment", "home config"])
def test_streamlit_run_with_a_door_opened_shows_memory_to_no_one(demo_home, careless, tmp_path, how):
    """Bare ``streamlit run app.py`` from the clone: its own config.toml wins over ``~``'s, and a
    variable (which Streamlit takes as a flag) wins over it; the gate then refuses every page."""
    env = {"HOME": str(careless["home"]), "HERMES_HOME": str(demo_home), "PYTHONPATH": str(REPO)}
    if how == "environment":
        env.update(OPEN_ENV)
    bare = streamlit_run("app.py", "{port}", bare=True)
    with start(bare, cwd=REPO, scratch=tmp_path / "s", env=env) as server:
        local = ws_probe(server.port, f"127.0.0.1:{server.port}", None, wait_s=30)  # seals the look-ups first
        foreign = _foreign(server.port)
        assert MEMORY_WORD not in foreign.received and USER_WORD not in foreign.received
        if how == "environment":  # the foreign page gets in, and so does this machine: neither sees memory
            assert foreign.accepted
            assert MEMORY_WORD not in local.received and b"refuses to show memory" in local.received
            assert b"server.corsAllowedOrigins" in local.received and b"server.enableAgentApi" in local.received
        else:  # the clone's own config.toml, read after ~'s, shut every door again
            assert not foreign.accepted and MEMORY_WORD in local.received
        assert server.outbound() == [], server.outbound()
