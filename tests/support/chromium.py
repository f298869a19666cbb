"""Debian's Chromium and the Streamlit server as the tests and the benchmarks start them, and a
free loopback port.

No pytest import: ``python -m benchmarks`` uses this module too (as ``tests.support.chromium``).
"""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
# Without the background-networking switches, Chromium tries Google's hosts at every start, and
# this machine's closed network refuses each connection.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def streamlit_run(script: str | Path, port: int | str, *, bare: bool = False) -> list[str]:
    """``python -m streamlit run SCRIPT`` as every test server and benchmark starts it: on
    loopback, headless, with no usage statistics and no file watcher (one place, so a browser test
    and the benchmark that times the same page measure one server). ``bare``: only the port and
    headless, as a person types it, for the tests of what the app's own settings do (``port`` may
    be web_probe.start's ``"{port}"``)."""
    command = [sys.executable, "-m", "streamlit", "run", str(script), "--server.port", str(port),
               "--server.headless", "true"]  # fmt: skip
    if bare:
        return command
    return [*command, "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false",
            "--server.fileWatcherType", "none"]  # fmt: skip


def stop(proc: subprocess.Popen[bytes]) -> None:
    """End a server this run started: asked first, killed after 15 s."""
    proc.terminate()
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def serves_port(log: Path, port: int) -> bool | None:
    """Whether the server writing ``log`` holds ``port``: True once its log names the port (Streamlit
    prints the URL it serves), False once it says the port was taken, None while it says neither.

    Parallel test runs (pytest-xdist) start servers at the same time, so a port free_port() gave can
    be bound by another process first; a health check on it would then reach the other server."""
    text = log.read_text(errors="replace") if log.exists() else ""
    if f"Port {port} is not available" in text or f"Port {port} is already in use" in text:
        return False
    return True if f":{port}" in text else None


class PortTaken(AssertionError):
    """The server could not bind its port: another process took it first."""


def check_ours(log: Path, port: int, alive: bool, waited_s: float) -> bool:
    """After a health check answered: True when the answer is this server's (its log names the port,
    or it is still running 10 s on without saying otherwise); False to look again; PortTaken when
    its log says the port was taken."""
    ours = serves_port(log, port)
    if ours is False:
        raise PortTaken(f"port {port} was taken before the server bound it:\n{log.read_text()[-3000:]}")
    return alive and (ours is True or waited_s >= 10)
