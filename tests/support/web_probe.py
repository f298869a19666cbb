"""Real requests against a real dashboard server: what a foreign web page or a network could get.

* :func:`start` runs a server command (``streamlit run app.py`` or ``hermes-dash serve``) in a
  chosen working folder with a network guard: a ``sitecustomize`` that records (and refuses)
  every attempt to resolve or connect to anything but this machine, so a test can prove that
  no request leaves the machine.
* :func:`ws_probe` opens the app's websocket the way a page on another host name would (any
  ``Host`` and ``Origin`` header, always connecting to 127.0.0.1), asks for a script run and
  returns every byte the server sent back.
* :func:`listening` lists the addresses a process listens on, from /proc/net/tcp and tcp6.
* :func:`local_site` serves a page of the test's own on loopback: the foreign page, the decoy
  that frames the dashboard, the server that counts what a page fetched.
"""

from __future__ import annotations

import asyncio
import http.server
import os
import re
import subprocess
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from chromium import PortTaken, check_ours, free_port, stop
from repo import ROOT as REPO  # noqa: F401  (re-exported to the tests that start servers)

_GUARD = r"""
import os, socket, sys

_LOG = os.environ.get("HD_NET_LOG")
_LOCAL = ("127.", "::1", "localhost", "0.0.0.0")


def _is_local(host):
    if isinstance(host, bytes):
        host = host.decode("ascii", "replace")
    return host is None or host in ("", "::") or str(host).lower().startswith(_LOCAL) or str(host).startswith("/")


def _guard(event, args):
    if event == "socket.connect":
        sock, address = args
        if sock.family == socket.AF_UNIX:
            return
        host = address[0] if isinstance(address, tuple) else address
    elif event in ("socket.getaddrinfo", "socket.gethostbyname", "socket.gethostbyname_ex"):
        host = args[0]
    else:
        return
    if _is_local(host):
        return
    if _LOG:
        with open(_LOG, "a", encoding="utf-8") as out:
            out.write(f"{event} {host!r}\n")
    raise OSError(f"network guard: {event} to {host!r} refused (tests allow loopback only)")


if _LOG:
    sys.addaudithook(_guard)
"""


@dataclass
class Server:
    """A running server: its process, port, log file and the network guard's record."""

    proc: subprocess.Popen
    port: int
    log: Path
    net_log: Path
    host: str = "127.0.0.1"

    @property
    def base(self) -> str:
        return f"http://{self.host}:{self.port}"

    def outbound(self) -> list[str]:
        """Every attempt to reach another host, as recorded by the guard."""
        return self.net_log.read_text().splitlines() if self.net_log.exists() else []


def wait_healthy(server: Server, timeout: float = 90) -> None:
    """Until the server answers its health check and the answer is its own (chromium.check_ours)."""
    started = time.monotonic()
    healthy_at = None
    while time.monotonic() < started + timeout:
        if server.proc.poll() is not None:
            check_ours(server.log, server.port, False, 0)  # PortTaken when another process had the port
            raise AssertionError(f"server exited with {server.proc.returncode}:\n{server.log.read_text()[-3000:]}")
        if healthy_at is None:
            try:
                with urllib.request.urlopen(server.base + "/_stcore/health", timeout=2) as reply:
                    if reply.status == 200:
                        healthy_at = time.monotonic()
            except OSError:
                pass
        if healthy_at is not None and check_ours(server.log, server.port, True, time.monotonic() - healthy_at):
            return
        time.sleep(0.3)
    raise AssertionError(f"server not healthy after {timeout:.0f} s:\n{server.log.read_text()[-3000:]}")


@contextmanager
def start(
    command: Sequence[str],
    *,
    cwd: Path,
    scratch: Path,
    env: dict[str, str] | None = None,
    port: int | None = None,
    host: str = "127.0.0.1",
) -> Iterator[Server]:
    """Run ``command`` (``{port}`` in it is replaced) in ``cwd`` with the network guard loaded."""
    guard_dir = scratch / "net-guard"
    guard_dir.mkdir(parents=True, exist_ok=True)
    (guard_dir / "sitecustomize.py").write_text(_GUARD)
    log, net_log = scratch / "server.log", scratch / "outbound.log"
    full_env = {**os.environ, **(env or {}), "HD_NET_LOG": str(net_log)}
    full_env["PYTHONPATH"] = os.pathsep.join([str(guard_dir), *filter(None, [full_env.get("PYTHONPATH")])])
    tries = 1 if port else 3  # a free port another process took first: try another (chromium.check_ours)
    for attempt in range(tries):
        chosen = port or free_port()
        args = [part.replace("{port}", str(chosen)) for part in command]
        with open(log, "wb") as out:
            proc = subprocess.Popen(
                args, cwd=cwd, env=full_env, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
            )
        server = Server(proc, chosen, log, net_log, host)
        try:
            try:
                wait_healthy(server)
            except PortTaken:
                if attempt == tries - 1:
                    raise
                continue
            yield server
            return
        finally:
            stop(proc)


def printed(server: Server, pattern: str, timeout_s: float = 90) -> str:
    """The first text matching ``pattern`` in the server's log, once the log has it."""
    deadline = time.monotonic() + timeout_s
    while not (found := re.search(pattern, server.log.read_text(errors="replace"))):
        if server.proc.poll() is not None or time.monotonic() > deadline:
            raise AssertionError(f"{pattern!r} not printed in {timeout_s:.0f} s:\n{server.log.read_text()[-2000:]}")
        time.sleep(0.1)
    return found.group()


def token_url(server: Server, timeout_s: float = 90) -> str:
    """The one-time address `hermes-dash serve` prints in network mode, once its log has it."""
    return printed(server, r"http://\S+\?token=[\w-]+", timeout_s)


@dataclass
class Probe:
    accepted: bool
    received: bytes
    detail: str = ""
    finished: bool = False  # the run asked for came to its script_finished


async def _probe(port: int, host: str, origin: str | None, wait_s: float) -> Probe:
    from streamlit.proto.BackMsg_pb2 import BackMsg
    from streamlit.proto.ClientState_pb2 import ClientState
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, InvalidHandshake

    # The URI names the Host header to send; the TCP connection always goes to 127.0.0.1.
    uri = f"ws://{host}/_stcore/stream"
    received, finished = b"", False
    try:
        async with connect(
            uri, host="127.0.0.1", port=port, origin=origin, subprotocols=["streamlit"], open_timeout=15, max_size=None
        ) as ws:
            await ws.send(BackMsg(rerun_script=ClientState()).SerializeToString())
            deadline = time.monotonic() + wait_s
            while time.monotonic() < deadline:
                try:
                    data = await asyncio.wait_for(ws.recv(), timeout=max(0.1, deadline - time.monotonic()))
                except (TimeoutError, ConnectionClosed):
                    break
                raw = data if isinstance(data, bytes) else data.encode()
                received += raw
                msg = ForwardMsg()
                msg.ParseFromString(raw)
                if msg.WhichOneof("type") == "script_finished":
                    finished = True
                    break
    except (InvalidHandshake, ConnectionClosed, OSError) as exc:
        return Probe(False, received, f"{type(exc).__name__}: {exc}")
    return Probe(True, received, finished=finished)


def ws_probe(port: int, host: str, origin: str | None = None, wait_s: float = 30) -> Probe:
    """Open the app's websocket sending ``Host: host`` (and ``Origin``), run the app once.

    In a thread of its own: a process that already ran Playwright's sync API (a browser test
    earlier in the same worker) has an event loop running, and asyncio.run refuses to nest."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, _probe(port, host, origin, wait_s)).result()


def listening(port: int) -> list[str]:
    """Local addresses listening on ``port`` (IPv4 and IPv6), e.g. ``['127.0.0.1']``."""
    found = []
    for name, width in (("tcp", 8), ("tcp6", 32)):
        table = Path("/proc/net") / name
        if not table.exists():
            continue
        for line in table.read_text().splitlines()[1:]:
            fields = line.split()
            local, state = fields[1], fields[3]
            address, port_hex = local.split(":")
            if state != "0A" or int(port_hex, 16) != port:  # 0A = LISTEN
                continue
            found.append(_address(address, width))
    return found


def _address(hex_address: str, width: int) -> str:
    import ipaddress

    raw = bytes.fromhex(hex_address)
    # /proc stores each 32-bit word in host byte order (little-endian here).
    words = b"".join(raw[i : i + 4][::-1] for i in range(0, len(raw), 4))
    return str(ipaddress.ip_address(words)) if width == 8 else str(ipaddress.IPv6Address(words))


@contextmanager
def local_site(answer: Callable[[str], bytes | None], port: int | None = None) -> Iterator[int]:
    """An HTTP server on 127.0.0.1 (``port``, else a free one) that answers each GET with
    ``answer(path)``: an HTML page (200), or None for an empty 204; yields its port."""

    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the handler's name
            body = answer(self.path)
            self.send_response(204 if body is None else 200)
            if body is not None:
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if body is not None:
                self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", free_port() if port is None else port), Page)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield httpd.server_address[1]
    finally:
        httpd.shutdown()
        httpd.server_close()
