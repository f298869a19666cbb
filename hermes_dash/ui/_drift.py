"""The drift notice and the hand-written hint, with the way out (the Migrate page) beside them.

Overview and Edit both draw these, so a drifted file reads the same on either page.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st
from streamlit.errors import StreamlitAPIException

from hermes_dash import FileState
from hermes_dash.curation.hints import DRIFT, HAND_WRITTEN, hand_written

# By absolute path, so the link keeps working wherever the app's entry script lives.
MIGRATE_PAGE = Path(__file__).with_name("screens") / "curation_migrate.py"


def migrate_link() -> None:
    """A link to the Migrate page; its name in words when the page is not registered."""
    try:
        st.page_link(MIGRATE_PAGE, label="Tidy it up on the Migrate page", icon=":material/arrow_forward:")
    except StreamlitAPIException:
        st.caption("Tidy it up on the Migrate page (Curation section).")


def drift_notice(state: FileState) -> None:
    """The drift warning, its reasons and the way out; for a hand-written file, a hint instead."""
    if state.drift:
        title, _, rest = DRIFT.partition(": ")
        st.warning(f"**{title}:** {rest}")
        st.text("\n".join(f"- {reason}" for reason in state.drift.reasons))
        migrate_link()
    elif hand_written(state):
        st.info(
            f"**{HAND_WRITTEN[:1].upper() + HAND_WRITTEN[1:]}.** The agent reads this file as a single entry, so a "
            "replace or remove always hits all of it. It is not drift: every write works."
        )
        migrate_link()
