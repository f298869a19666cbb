"""Snapshot beside the live file: what the running session sees, what is on disk, what comes
next. The page is ``hermes_dash/ui/_snapshot_page.py``."""

from __future__ import annotations

from hermes_dash import ui
from hermes_dash.ui._snapshot_page import show

show(ui.require_store())
