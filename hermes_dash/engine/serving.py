"""What the ``hermes-dash serve`` command and the app it starts agree on.

The command hands its choices to the app through environment variables (the app runs in the
same process, but Streamlit loads it as a script, so module state is not the channel), and
both sides need the same list of loopback names.

:data:`DOORS` is the one list of Streamlit options that decide who may connect to the
server or drive the app. ``serve`` passes each as an explicit flag (flags win over every
config file and environment variable Streamlit reads), and the app's gate checks the
effective value of each before it reads anything (:func:`connection_problems`), so a
``.streamlit/config.toml`` in the working folder or in ``~``, or a ``STREAMLIT_*`` variable,
cannot open the door under ``hermes-dash serve`` or a bare ``streamlit run app.py``.
docs/safety.md lists them (tests/meta/test_safety_doc.py checks that it lists every one).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

LOOPBACK = "127.0.0.1"
#: Host names that reach this machine only: the dashboard's allow-list when it is local.
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "::1")
#: The access token the app requires when the command opened it to a network.
TOKEN_ENV = "HERMES_DASH_TOKEN"
#: The profile the command was asked to start on.
PROFILE_ENV = "HERMES_DASH_PROFILE"
#: The one origin ``serve`` lists where Streamlit wants a list of allowed origins: this
#: machine, which Streamlit allows anyway, so the list widens nothing.
LOOPBACK_ORIGIN = f"http://{LOOPBACK}"


def _host_of(origin: object) -> str:
    text = str(origin).strip()
    try:
        host = urlsplit(text if "//" in text else f"//{text}").hostname
    except ValueError:
        return ""
    return (host or "").lower().rstrip(".")


def _loopback_name(value: object) -> bool:
    return str(value).strip().lower().strip("[]").rstrip(".") in LOOPBACK_HOSTS


@dataclass(frozen=True)
class Door:
    """One Streamlit option that widens who may connect when set the wrong way."""

    name: str
    #: what ``serve`` passes (one flag per item for a list option); ``None``: made by ``serve`` itself
    served: tuple[str, ...] | None
    #: the value is safe
    safe: Callable[[object], bool]
    #: why a wrong value opens the door (for the refusal)
    why: str
    #: checked only when local (the access token guards these when opened to a network)
    local_only: bool = False


def _origins_ok(value: object) -> bool:
    if value is None:
        return True
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, (list, tuple)):
        return False
    return all(_host_of(origin) in LOOPBACK_HOSTS for origin in value if str(origin).strip())


def _hosts_ok(value: object) -> bool:
    return isinstance(value, (list, tuple)) and bool(value) and all(_loopback_name(h) for h in value)


DOORS: tuple[Door, ...] = (
    Door(
        "server.address",
        None,
        lambda v: _loopback_name(v or ""),
        "not a loopback address such as 127.0.0.1 (unset means every network interface), so other "
        "machines can reach the server",
        local_only=True,
    ),
    Door(
        "server.allowedHosts",
        None,
        _hosts_ok,
        "not a list of loopback names only (localhost, 127.0.0.1, ::1), so a page on a foreign host name that "
        "resolves to this machine (DNS rebinding) could connect",
        local_only=True,
    ),
    Door(
        "browser.serverAddress",
        None,
        lambda v: _loopback_name(v or "localhost"),
        "not a loopback name, and Streamlit accepts a websocket from any page whose origin has this host name",
        local_only=True,
    ),
    Door(
        "server.enableCORS",
        ("true",),
        lambda v: v is not False,
        "with it off, Streamlit accepts a websocket from a page on any origin",
    ),
    Door(
        "global.developmentMode",
        ("false",),
        lambda v: v is not True,
        "with it on, Streamlit turns its cross-origin protection off",
    ),
    Door(
        "server.corsAllowedOrigins",
        (LOOPBACK_ORIGIN,),
        _origins_ok,
        "a page on an origin listed here (other than this machine) may open the websocket, read memory and write it",
    ),
    Door(
        "client.allowedOrigins",
        (LOOPBACK_ORIGIN,),
        _origins_ok,
        "a page on an origin listed here (other than this machine) that frames the dashboard may send it "
        "commands (rerun, stop, set query parameters) and receive its page messages",
    ),
    Door(
        "server.enableXsrfProtection",
        ("true",),
        lambda v: v is not False,
        "with it off, a page on another site may post uploads to the server",
    ),
    Door(
        "server.xsrfCookieSameSite",
        ("lax",),
        lambda v: str(v or "lax").lower() in ("lax", "strict"),
        'only "lax" or "strict" keep the XSRF cookie from being sent with requests from other sites',
    ),
    Door(
        "server.enableAgentApi",
        ("false",),
        lambda v: v is not True,
        "with it on, Streamlit serves a second way in (its agent API, an HTTP and MCP endpoint that runs the app) "
        "that the dashboard was not built for",
    ),
)


def _shown(value: object) -> str:
    """A value as a config.toml line would write it."""
    if value is None or value == "":
        return "unset"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(f'"{v}"' for v in value) + "]"
    return f'"{value}"' if isinstance(value, str) else str(value)


def connection_problems(get: Callable[[str], object], *, local: bool) -> list[str]:
    """Why the effective options (read with ``get``, e.g. ``st.get_option``) open the server,
    one sentence per option; empty when none does. An option this Streamlit does not know is
    ``None`` here and counts as its safe default."""
    problems = []
    for door in DOORS:
        if door.local_only and not local:
            continue
        value = get(door.name)
        if not door.safe(value):
            problems.append(f"{door.name} = {_shown(value)}: {door.why}.")
    return problems


def origin_problem(origins: Sequence[str], hosts: Sequence[str]) -> str | None:
    """Why a websocket whose handshake carried these ``Origin`` and ``Host`` headers does not come
    from a page of this server itself; None when it does, or when no Origin was sent (not a web
    page: a browser always sends one).

    Same origin means the same host name and the same port: Streamlit compares host names only,
    so a page on ``http://localhost:OTHER_PORT`` (any local program's, or a downloaded file served
    by ``python -m http.server``) could otherwise open the websocket and read memory. The port is
    the one the browser dialled (the Host header), so a reverse proxy that keeps Host still works.
    """
    if not origins:
        return None
    if len(hosts) != 1 or not hosts[0].strip():
        return "the connection named no single server address (Host), so its page cannot be told to be this server's"
    host = hosts[0].strip().lower()
    for origin in origins:
        try:
            netloc = urlsplit(origin.strip()).netloc.lower()
        except ValueError:
            netloc = ""
        if netloc != host:
            return (
                f"the page that opened this connection is on {origin.strip()[:200]!r}, not on this dashboard's "
                f"own address {host[:200]!r} (host name and port): a page of another site or of another port "
                "on this machine may not read memory"
            )
    return None


def frame_headers(framed_by: int | None = None) -> tuple[tuple[str, str], ...]:
    """The response headers that say who may frame the dashboard: its own origin only (a page on
    another site or another local port that frames it invisibly could click its buttons for a
    person: remove an entry, approve a staged write), and with ``framed_by``, the agent's web
    dashboard on that port of this machine, whose Memory tab frames it (under each loopback name,
    which reach the same port).

    ``X-Frame-Options`` (for browsers older than CSP 2) goes with the first case only: its one
    useful value, SAMEORIGIN, cannot name another origin (ALLOW-FROM is obsolete and ignored), and
    a browser that knows ``frame-ancestors`` ignores it anyway."""
    ancestors = ["'self'"]
    if framed_by is not None:
        ancestors += [f"http://{host}:{framed_by}" for host in ("127.0.0.1", "localhost", "[::1]")]
    policy = ("Content-Security-Policy", "frame-ancestors " + " ".join(ancestors))
    return (policy,) if framed_by is not None else (policy, ("X-Frame-Options", "SAMEORIGIN"))


def served_flags(extra: Sequence[tuple[str, str]] = (), known: Callable[[str], bool] = lambda name: True) -> list[str]:
    """``--name value`` for every door ``serve`` sets to a fixed value, then ``extra``; only options
    ``known`` to the installed Streamlit (an older one has no agent API, and refuses the flag)."""
    out: list[str] = []
    for door in DOORS:
        if not known(door.name):
            continue
        for value in door.served or ():
            out += [f"--{door.name}", value]
    for name, value in extra:
        out += [f"--{name}", value]
    return out


__all__ = [
    "connection_problems",
    "DOORS",
    "frame_headers",
    "LOOPBACK",
    "LOOPBACK_HOSTS",
    "origin_problem",
    "PROFILE_ENV",
    "served_flags",
    "TOKEN_ENV",
]
