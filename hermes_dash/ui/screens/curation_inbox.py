"""Inbox: the writes the agent staged for approval, each previewed, approved or rejected on its
own or together, a long queue triaged. The page is ``hermes_dash/ui/_inbox_page.py``."""

from __future__ import annotations

from hermes_dash import ui
from hermes_dash.ui._inbox_page import show

show(ui.require_store())
