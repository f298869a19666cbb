"""The access token of a dashboard opened to a network works once: the first browser keeps access.

``serve --address`` prints one address with ``?token=...``. The first browser session to show it
spends it: the server marks the token used (for the life of the process) and hands that browser
a grant of its own, a random string the page keeps in ``localStorage``. Local storage belongs to
one origin, port included, so no page of another port or site can read it (a cookie would be
sent to and readable by every port of the host). A reload or a new tab of that browser finds no
grant in its session, so the page puts the stored one into the address (``?grant=...``) once,
the server checks it against the grants it handed out, and the page takes it out of the address
and the tab's history again. Any other browser that opens the token's address is refused: the
token is spent. A restart makes a new token, and forgets every grant.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import threading

import streamlit as st

from hermes_dash.engine.serving import TOKEN_ENV

GRANTED = "hd_access_granted"  # session state: this browser session showed the token or a grant
STORAGE_KEY = "hermes-dash-grant"  # the browser's local storage key for its grant

_LOCK = threading.Lock()
_SPENT: set[str] = set()  # digests of tokens used once (the process has one token; tests set others)
_GRANTS: set[str] = set()  # digests of the grants handed out


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def expected_token() -> str:
    return os.environ.get(TOKEN_ENV, "")


def spend(token: str) -> str | None:
    """A new grant for the first session that shows ``token``; None once it has been used."""
    with _LOCK:
        if _digest(token) in _SPENT:
            return None
        _SPENT.add(_digest(token))
        grant = secrets.token_urlsafe(32)
        _GRANTS.add(_digest(grant))
        return grant


def known_grant(grant: str) -> bool:
    """Whether this server handed out ``grant`` (compared by digest: the set holds no grant itself)."""
    digest = _digest(grant)
    with _LOCK:
        return any(hmac.compare_digest(digest, known) for known in _GRANTS)


# Each script runs in the page: ``keep`` stores a grant, ``drop`` forgets the stored one, then the
# ``token`` and ``grant`` parameters leave the address. The tab's current history entry is
# replaced (not a new one pushed, so no Back step shows them), and the app is told the address
# changed as if by Back (a popstate), so it reruns on the clean address. ``recall``: with a grant
# stored and none in the address, put it there instead (a reload of the first browser).
_SCRIPT = """<script>
(() => {
  const w = window.parent && window.parent !== window ? window.parent : window;
  const keep = %(keep)s, drop = %(drop)s, recall = %(recall)s, key = %(key)s;
  let stored = null;
  try {
    if (keep) w.localStorage.setItem(key, keep);
    if (drop) w.localStorage.removeItem(key);
    stored = w.localStorage.getItem(key);
  } catch (e) {}
  const url = new URL(w.location.href);
  if (recall) {
    if (!stored || url.searchParams.get("grant") === stored) return;
    url.searchParams.delete("token");
    url.searchParams.set("grant", stored);
  } else {
    if (!url.searchParams.has("token") && !url.searchParams.has("grant")) return;
    url.searchParams.delete("token");
    url.searchParams.delete("grant");
  }
  w.history.replaceState(w.history.state, "", url.pathname + url.search + url.hash);
  w.dispatchEvent(new w.PopStateEvent("popstate", {state: w.history.state}));
})();
</script>"""


def _run_in_page(*, keep: str | None = None, drop: bool = False, recall: bool = False) -> None:
    script = _SCRIPT % {
        "keep": json.dumps(keep),
        "drop": json.dumps(drop),
        "recall": json.dumps(recall),
        "key": json.dumps(STORAGE_KEY),
    }
    try:
        st.html(script, unsafe_allow_javascript=True)  # a newer Streamlit
    except TypeError:  # an older Streamlit: a component frame of the same origin reaches the page
        import streamlit.components.v1 as components

        components.html(script, height=0)


def _opening() -> None:
    st.caption("Opening the dashboard…")


def admit_by_token() -> bool:
    """True once this browser session has shown the token (first use) or its browser's grant.

    The run that accepts one shows only a short note and has the page take it out of the tab's
    address and history; the next run, on the clean address, shows the dashboard.
    """
    params = st.query_params
    if st.session_state.get(GRANTED):
        if "token" in params or "grant" in params:  # a run before the page forgot it: draw nothing yet
            _opening()
            _run_in_page()
            return False
        return True
    grant = params.get("grant")
    if grant and known_grant(grant):
        st.session_state[GRANTED] = True
        _opening()
        _run_in_page()
        return False
    given = params.get("token")
    expected = expected_token()
    if given and hmac.compare_digest(given.encode(), expected.encode()):
        new_grant = spend(expected)
        if new_grant is not None:
            st.session_state[GRANTED] = True
            _opening()
            _run_in_page(keep=new_grant)
            return False
        st.title("hermes-dash: this access token was used already")
        st.write(
            "The token works once: the first browser that opened its address keeps access (reloads and new "
            "tabs included) until the server stops. For another browser, restart "
            "`hermes-dash serve --address ...`: it prints a new token (and the first browser needs it too)."
        )
        _run_in_page(recall=True)  # the first browser itself, opening the printed address again
        return False
    st.title("hermes-dash: access token needed")
    st.write(
        "This dashboard is open to a network, so it asks for the access token that was "
        "printed when it started. Open the address shown there, the one that ends in "
        "`?token=...`; it works in one browser only. Lost it? Restart `hermes-dash serve --address ...` "
        "for a new one."
    )
    _run_in_page(drop=bool(grant), recall=not grant)  # a stale grant (an earlier server's) is forgotten
    return False
