"""Who may see the dashboard: checked on every run, before anything is read from disk.

The dashboard has no login and USER.md is private, so it only answers a browser on this
machine: the server must listen on a loopback address and accept only loopback ``Host``
names on its websocket. Without that Host allow-list, a web page on a host name that resolves
to 127.0.0.1 (DNS rebinding) can open the websocket as if it were same-origin and read or
change memory. Opened to a network on purpose (``hermes-dash serve --address``), the server
instead requires an access token, generated at start and handed over in
``$HERMES_DASH_TOKEN``; it works once, for the first browser (``_grant``). Either way, memory is
shown only to a session whose page is this server's own: the websocket handshake's Origin must
name the same host and port as its Host (Streamlit itself compares host names only).

The checks read Streamlit's effective options (``st.get_option``), so they hold whichever
config file, flag or environment variable set them: every option that decides who may connect
(``hermes_dash.engine.serving.DOORS``: the address, allowed hosts, CORS and its allowed origins,
XSRF, the agent API, ...), checked on every run, so a config file changed while the server runs
(Streamlit re-reads them) is caught too.
"""

from __future__ import annotations

import streamlit as st

from hermes_dash.engine.serving import LOOPBACK, connection_problems, origin_problem

from ._grant import admit_by_token, expected_token


def _option(name: str) -> object:
    try:
        return st.get_option(name)
    except Exception:  # noqa: BLE001 - an option this Streamlit version does not know
        return None


def local_problems() -> list[str]:
    """Why this server is not safely local (empty when it is)."""
    return connection_problems(_option, local=True)


def open_problems() -> list[str]:
    """Why this server, opened to a network with an access token, still lets other web pages in."""
    return connection_problems(_option, local=False)


def _foreign_origin() -> str | None:
    """Why this session's websocket was opened by a page that is not this server's (the
    handshake's Origin against its Host, port included); None when it was not."""
    try:
        headers = st.context.headers
        return origin_problem(headers.get_all("Origin"), headers.get_all("Host"))
    except Exception:  # noqa: BLE001 - no handshake (AppTest, a bare script run): not a web page
        return None


def admit() -> bool:
    """True when this request may see memory; otherwise draw a plain explanation instead.

    In order: the server's own options (:data:`DOORS`), then the page that opened this session
    (its Origin, port included), then, opened to a network, the access token. A page that gets
    False must stop (``st.stop()``) before reading anything.
    """
    token = expected_token()
    if problems := open_problems() if token else local_problems():
        _refuse(problems)
        return False
    if problem := _foreign_origin():
        st.title("hermes-dash shows memory only to its own page")
        st.text(f"Refused: {problem}.")
        st.write("Open the dashboard's own address in the browser (the one `hermes-dash` printed) instead.")
        return False
    return admit_by_token() if token else True


def _refuse(problems: list[str]) -> None:
    st.title("hermes-dash refuses to show memory on this server")
    st.write(
        "USER.md is private and the dashboard has no login, so it only answers a browser on this "
        "machine. Start it with `hermes-dash` (it sets everything below), or fix these options:"
    )
    for problem in problems:
        st.text("- " + problem)
    st.write(
        "These options come from Streamlit's config files (`.streamlit/config.toml` in the working "
        "folder, `~/.streamlit/config.toml`, the one beside the app), `STREAMLIT_*` environment variables "
        "or `streamlit run` flags; docs/safety.md lists them. To open it to a network on purpose, use "
        "`hermes-dash serve --address ADDRESS`: it then asks for an access token."
    )


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
