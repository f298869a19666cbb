"""Overview: capacity gauges and the entry tables of both files (the landing page). The page
is ``hermes_dash/ui/_overview_page.py``."""

from __future__ import annotations

from hermes_dash import ui
from hermes_dash.ui._overview_page import show

show(ui.require_store())
