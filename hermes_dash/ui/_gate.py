"""Who may see the dashboard: checked on every run, before anything is read from disk.

The dashboard has no login and USER.md is private, so it only answers a browser on this
machine: the server must listen on a loopback address and accept only loopback ``Host``
names on its websocket. Without that Host allow-list, a web page on a host name that resolves
to 127.0.0.1 (DNS rebinding) can open the websocket as if it were same-origin and read or
change memory. Opened to a network on purpose (``hermes-dash serve --address``), the server
instead requires an access token, generated at start and handed over in
``$HERMES_DASH_TOKEN``; a browser proves it once with ``?token=...`` and the session keeps it.

The checks read Streamlit's effective options (``st.get_option``), so they hold whichever
config file, flag or environment variable set them: every option that decides who may connect
(``hermes_dash.engine.serving.DOORS``: the address, allowed hosts, CORS and its allowed origins,
XSRF, the agent API, ...), checked on every run, so a config file changed while the server runs
(Streamlit re-reads them) is caught too.
"""

from __future__ import annotations

import hmac
import os

import streamlit as st

from hermes_dash import LOOPBACK, TOKEN_ENV, connection_problems

_GRANTED = "hd_access_granted"


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


def _expected_token() -> str:
    return os.environ.get(TOKEN_ENV, "")


# Run in the page once the token has been checked: the tab's current history entry (the one
# holding ?token=...) is replaced by the same address without it, then the app is told the
# address changed as if by Back (a popstate), so it reruns on the clean address and writes its
# own later changes over that entry too. Deleting the parameter on the server instead made the
# browser push new entries after the token's, so two Back steps showed it again.
_FORGET_TOKEN = """<script>
(() => {
  const w = window.parent && window.parent !== window ? window.parent : window;
  const url = new URL(w.location.href);
  if (!url.searchParams.has("token")) return;
  url.searchParams.delete("token");
  w.history.replaceState(w.history.state, "", url.pathname + url.search + url.hash);
  w.dispatchEvent(new w.PopStateEvent("popstate", {state: w.history.state}));
})();
</script>"""


def _forget_token_in_browser() -> None:
    try:
        st.html(_FORGET_TOKEN, unsafe_allow_javascript=True)  # a newer Streamlit
    except TypeError:  # an older Streamlit: a component frame of the same origin reaches the page
        import streamlit.components.v1 as components

        components.html(_FORGET_TOKEN, height=0)


def _token_ok() -> bool:
    """True once this browser session has shown the right token (constant-time comparison).

    The run that checks it shows only a short note and takes the token out of the tab's history
    (:data:`_FORGET_TOKEN`); the next run, on the clean address, shows the dashboard.
    """
    if st.session_state.get(_GRANTED):
        if "token" in st.query_params:  # a run before the page forgot it: do not draw anything yet
            st.caption("Opening the dashboard…")
            _forget_token_in_browser()
            return False
        return True
    given = st.query_params.get("token")
    if given and hmac.compare_digest(given.encode(), _expected_token().encode()):
        st.session_state[_GRANTED] = True
        st.caption("Opening the dashboard…")
        _forget_token_in_browser()
        return False
    return False


def admit() -> bool:
    """True when this request may see memory; otherwise draw a plain explanation instead.

    A page that gets False must stop (``st.stop()``) before reading anything.
    """
    if _expected_token():
        if problems := open_problems():
            _refuse(problems)
            return False
        if _token_ok():
            return True
        if st.session_state.get(_GRANTED):
            return False  # the token was right: the page reruns on the clean address
        st.title("hermes-dash: access token needed")
        st.write(
            "This dashboard is open to a network, so it asks for the access token that was "
            "printed when it started. Open the address shown there, the one that ends in "
            "`?token=...`. Lost it? Restart `hermes-dash serve --address ...` for a new one."
        )
        return False
    problems = local_problems()
    if not problems:
        return True
    _refuse(problems)
    return False


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
