"""An unexpected error in a page, told to a person instead of a Python traceback: what happened,
whether anything was written while the page ran (the memory files and the staged writes
compared before and after, by size and time), and how to report it. The traceback goes to the
terminal that runs the dashboard, never to the page (and never to a search site: Streamlit's own
error box, with its "Ask Google / Ask ChatGPT" links, is turned off by ``client.showErrorDetails``).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from pathlib import Path

import streamlit as st

from hermes_dash import HermesHome
from hermes_dash.engine.rules.format import FILENAMES, TARGETS

_LOG = logging.getLogger("hermes_dash.ui")


def _stamps(home: HermesHome | None) -> dict[str, tuple[int, int] | None]:
    """Each memory file's and the staged-writes folder's (size, mtime_ns); None when absent."""
    paths: dict[str, Path] = {}
    if home is not None:
        paths = {t: home.file_path(t) for t in TARGETS}
        paths["staged writes"] = home.pending_dir
    out: dict[str, tuple[int, int] | None] = {}
    for name, path in paths.items():
        try:
            info = os.stat(path)
            out[name] = (info.st_size, info.st_mtime_ns)
        except OSError:
            out[name] = None
    return out


def guarded(run: Callable[[], None], home: HermesHome | None) -> None:
    """Run a page; an exception it raises (not Streamlit's own stop or rerun) is told, not shown raw."""
    before = _stamps(home)
    try:
        run()
    except Exception as error:  # noqa: BLE001 - every failure of a page is shown to its person
        _LOG.exception("The page failed")
        after = _stamps(home)
        changed = [name for name in before if before[name] != after.get(name)]
        tell(error, changed)


def tell(error: Exception, changed: list[str]) -> None:
    """What happened, what was written (nothing, or which files changed while the page ran), how to report."""
    written = (
        "Nothing was written: the memory files and the staged writes are as they were before this page ran."
        if not changed
        else "Changed while the page ran: "
        + ", ".join(FILENAMES.get(name, name) for name in changed)
        + " (History lists every version; Undo in its message, if one was shown, takes a write back)."
    )
    st.error(f"**This page stopped on an unexpected error** ({type(error).__name__}). {written}")
    st.markdown(
        "Reload the page to go on. To report it, copy the full error from the terminal that runs hermes-dash "
        "(it is written there, never to this page) to the project's issue tracker, with what you clicked just "
        "before; leave out any memory text it quotes."
    )
