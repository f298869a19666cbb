"""History: a file's versions on one side, the chosen version against the live file on the
other. The page is ``hermes_dash/ui/_history_page.py``."""

from __future__ import annotations

from hermes_dash import ui
from hermes_dash.ui._history_page import show

show(ui.require_store())
