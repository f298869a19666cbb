"""Who may frame the dashboard: the headers ``hermes-dash serve`` sends on every HTTP answer
(docs/safety.md, "Who may frame the dashboard"); the browser test is tests/e2e/test_browser_framing.py."""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path

import pytest
from cli_support import command, invoke
from homes import make_home
from web_probe import start

from hermes_dash.engine.serving import frame_headers


def _headers(url: str) -> dict[str, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as reply:
            return {k.lower(): v for k, v in reply.headers.items()}
    except urllib.error.HTTPError as answer:  # a 404 carries them too
        return {k.lower(): v for k, v in answer.headers.items()}


def test_every_answer_says_only_the_dashboard_itself_may_frame_it(tmp_path: Path) -> None:
    home = make_home(tmp_path / "home", memory=["One entry."])
    serve = command("serve", "--port", "{port}", "--no-browser", home=home)
    with start(serve, cwd=tmp_path, scratch=tmp_path / "s", env={"PYTHONPATH": str(Path.cwd())}) as server:
        base = f"http://127.0.0.1:{server.port}/"
        for path in ("", "_stcore/health", "no/such/page.js"):
            got = _headers(base + path)
            assert got.get("content-security-policy") == "frame-ancestors 'self'", (path, got)
            assert got.get("x-frame-options") == "SAMEORIGIN", (path, got)


def test_the_agents_dashboard_port_is_added_and_x_frame_options_left_out() -> None:
    policy = dict(frame_headers(9119))
    assert policy == {
        "Content-Security-Policy": "frame-ancestors 'self' http://127.0.0.1:9119 http://localhost:9119 http://[::1]:9119"
    }
    assert dict(frame_headers()) == {
        "Content-Security-Policy": "frame-ancestors 'self'",
        "X-Frame-Options": "SAMEORIGIN",
    }


def test_a_framed_by_that_is_no_port_is_refused(tmp_path: Path) -> None:
    home = make_home(tmp_path / "home")
    done = invoke("serve", "--port", "1", "--no-browser", "--framed-by", "70000", home=home, timeout=60)
    assert done.returncode == 1 and "--framed-by 70000 is not a port number" in done.stderr


def test_serving_is_refused_when_streamlit_has_no_place_for_the_headers(monkeypatch: pytest.MonkeyPatch) -> None:
    from streamlit.web.server.starlette import starlette_app

    from hermes_dash import Refusal
    from hermes_dash.ui import seal_frames

    monkeypatch.delattr(starlette_app, "create_streamlit_middleware")
    with pytest.raises(Refusal, match="no create_streamlit_middleware"):
        seal_frames(None)
