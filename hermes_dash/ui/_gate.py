"""Who may see the dashboard: checked on every run, before anything is read from disk.

The dashboard has no login and USER.md is private, so it only answers a browser on this
machine: the server must listen on a loopback address and accept only loopback ``Host``
names on its websocket. Without that Host allow-list, a web page on a host name that resolves
to 127.0.0.1 (DNS rebinding) can open the websocket as if it were same-origin and read or
change memory. Opened to a network on purpose (``hermes-dash serve --address``), the server
instead requires an access token, generated at start and handed over in
``$HERMES_DASH_TOKEN``; a browser proves it once with ``?token=...`` and the session keeps it.

The checks read Streamlit's effective options (``st.get_option``), so they hold whichever
config file, flag or environment variable set them.
"""

from __future__ import annotations

import hmac
import os

import streamlit as st

from hermes_dash import LOOPBACK, LOOPBACK_HOSTS, TOKEN_ENV

LOOPBACK_ADDRESSES = frozenset(LOOPBACK_HOSTS)
_GRANTED = "hd_access_granted"


def _option(name: str) -> object:
    try:
        return st.get_option(name)
    except Exception:  # noqa: BLE001 - an option this Streamlit version does not know
        return None


def local_problems() -> list[str]:
    """Why this server is not safely local (empty when it is)."""
    problems = []
    address = str(_option("server.address") or "")
    if address not in LOOPBACK_ADDRESSES:
        problems.append(f"server.address is {address or 'unset (every network interface)'}, "
                        "not a loopback address such as 127.0.0.1.")
    hosts = _option("server.allowedHosts")
    if not isinstance(hosts, (list, tuple)) or not hosts:
        problems.append("server.allowedHosts is not set, so a web page on a foreign host name that "
                        "resolves to this machine could connect.")
    elif any(str(h).strip().lower().strip("[]") not in LOOPBACK_HOSTS for h in hosts):
        problems.append("server.allowedHosts allows names other than localhost, 127.0.0.1 and ::1.")
    if _option("server.enableCORS") is False or _option("global.developmentMode") is True:
        problems.append("server.enableCORS is off (or developmentMode is on), so any web page may connect.")
    return problems


def _expected_token() -> str:
    return os.environ.get(TOKEN_ENV, "")


def _token_ok() -> bool:
    """True once this browser session has shown the right token (constant-time comparison)."""
    if st.session_state.get(_GRANTED):
        return True
    given = st.query_params.get("token")
    if given and hmac.compare_digest(given.encode(), _expected_token().encode()):
        st.session_state[_GRANTED] = True
        del st.query_params["token"]  # keep it out of the address bar, history and screenshots
        return True
    return False


def admit() -> bool:
    """True when this request may see memory; otherwise draw a plain explanation instead.

    A page that gets False must stop (``st.stop()``) before reading anything.
    """
    if _expected_token():
        if _token_ok():
            return True
        st.title("hermes-dash: access token needed")
        st.write("This dashboard is open to a network, so it asks for the access token that was "
                 "printed when it started. Open the address shown there, the one that ends in "
                 "`?token=...`. Lost it? Restart `hermes-dash serve --address ...` for a new one.")
        return False
    problems = local_problems()
    if not problems:
        return True
    st.title("hermes-dash refuses to show memory on this server")
    st.write("USER.md is private and the dashboard has no login, so it only answers a browser on this "
             "machine. Start it with `hermes-dash` (it sets everything below), or fix these options:")
    for problem in problems:
        st.text("- " + problem)
    st.write("To open it to a network on purpose, use `hermes-dash serve --address ADDRESS`: it then "
             "asks for an access token.")
    return False


def seal_network() -> None:
    """Keep Streamlit from looking up this machine's addresses over the network.

    For a websocket whose Origin is another site, Streamlit compares that origin with this
    machine's internal address (a UDP socket "connected" to 8.8.8.8) and its external address
    (an HTTP request to checkip.amazonaws.com) before refusing it, and no option turns that
    off. Both answers are cached in module variables, so filling them with the loopback
    address means the refusal never leaves the machine. The allowed origins stay the same:
    loopback is allowed anyway. (tests/cli/test_serve.py checks that these variables still exist.)
    """
    from streamlit import net_util

    for name in ("_internal_ip", "_external_ip"):
        if getattr(net_util, name, "missing") is None:
            setattr(net_util, name, LOOPBACK)
