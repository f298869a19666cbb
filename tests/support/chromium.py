"""Debian's Chromium as the tests and the benchmark start it, and a free loopback port.

No pytest import: ``python -m benchmarks`` uses this module too (as ``tests.support.chromium``).
"""

from __future__ import annotations

import socket
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
# Without the background-networking switches, Chromium tries Google's hosts at every start, and
# this machine's closed network refuses each connection.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
