"""hermes-dash's Memory tab: its backend inside ``hermes dashboard`` (written by ``hermes-dash plugin install``).

The agent's dashboard imports this file and mounts ``router`` at ``/api/plugins/hermes-dash/``.
On loopback those routes need no login, so they expose exactly two things and take nothing from
a request (no path, no command, no text, no query parameter):

* ``GET  status``: read-only figures of the two memory files, from ``hermes-dash plugin status``;
* ``POST start``: starts ``hermes-dash serve`` on 127.0.0.1 with the arguments below, fixed when
  the tab was installed, unless something already answers on that port. It adds
  ``--framed-by PORT``, the port of the agent's dashboard that runs this file, taken from the
  socket the request came in on (the ASGI scope's ``server``, not a header the browser sends), so
  that the tab may frame hermes-dash and no other page may.

It runs hermes-dash as a program (the absolute command below), never imports it: the agent's
Python has its own packages. See docs/integrations.md#what-the-tab-exposes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
import urllib.request

from fastapi import APIRouter, Request

# -- decided at install time --
COMMAND: list[str] = []
ENV: dict[str, str] = {}
HOME = ""
PROFILE = "default"
PORT = 8501
# -- end --

STATUS_TIMEOUT = 30
START_TIMEOUT = 60
router = APIRouter()
_lock = threading.Lock()
_started: list[subprocess.Popen[bytes]] = []


def _url() -> str:
    return f"http://127.0.0.1:{PORT}/"


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "HERMES_HOME")}
    env.update(ENV)
    # The agent running this dashboard, for hermes-dash to name (it reads only its version metadata).
    env["HERMES_DASH_AGENT_PREFIX"] = sys.prefix
    return env


def _argv(*rest: str) -> list[str]:
    return [*COMMAND, "--home", HOME, "--profile", PROFILE, *rest]


def _answers() -> bool:
    try:
        with urllib.request.urlopen(_url() + "_stcore/health", timeout=1) as reply:
            return bool(reply.status == 200 and reply.read().strip() == b"ok")  # urlopen's reply is untyped
    except OSError:
        return False


def _server() -> dict[str, object]:
    ours = any(p.poll() is None for p in _started)
    return {"running": _answers(), "url": _url(), "started_here": ours}


@router.get("/status")  # type: ignore[untyped-decorator]  # fastapi: the agent's, absent here
def status() -> dict[str, object]:
    try:
        done = subprocess.run(
            _argv("--json", "plugin", "status"),
            capture_output=True,
            env=_env(),
            timeout=STATUS_TIMEOUT,
            stdin=subprocess.DEVNULL,
        )
        data = json.loads(done.stdout.decode("utf-8", "replace") or "{}")
    except (OSError, ValueError, subprocess.TimeoutExpired) as exc:
        data = {
            "success": False,
            "error": f"hermes-dash could not be run ({type(exc).__name__}): "
            "reinstall the tab with `hermes-dash plugin install`.",
        }
    if not isinstance(data, dict):
        data = {"success": False, "error": "hermes-dash answered something unexpected."}
    data["server"] = _server()
    return data


def _own_port(request: Request) -> list[str]:
    """``--framed-by PORT``: the port this dashboard listens on, from the connection's socket."""
    server = request.scope.get("server")
    port = server[1] if isinstance(server, (tuple, list)) and len(server) == 2 else None
    return ["--framed-by", str(port)] if isinstance(port, int) and 0 < port < 65536 else []


@router.post("/start")  # type: ignore[untyped-decorator]  # fastapi: the agent's, absent here
def start(request: Request) -> dict[str, object]:
    with _lock:
        if _answers():
            return _server()
        for proc in _started:
            proc.poll()
        _started[:] = [p for p in _started if p.returncode is None]
        if not _started:
            # Same process group as the dashboard: it stops with it (Ctrl+C in its terminal).
            _started.append(
                subprocess.Popen(
                    _argv("serve", "--port", str(PORT), "--no-browser", *_own_port(request)),
                    env=_env(),
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
            )
        proc = _started[0]
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if _answers():
                return _server()
            if proc.poll() is not None:
                return {
                    **_server(),
                    "problem": f"hermes-dash serve stopped at once (exit {proc.returncode}); "
                    f"is port {PORT} taken? Run `hermes-dash plugin install --port N`.",
                }
            time.sleep(0.3)
        return {**_server(), "problem": f"hermes-dash did not answer on port {PORT} within {START_TIMEOUT} s."}
