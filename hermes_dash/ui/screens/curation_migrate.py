"""Migrate: turn a hand-written file (markdown headings and bullets, blank lines around §, CRLF)
into clean § entries. The page is ``hermes_dash/ui/_migrate_page.py``."""

from __future__ import annotations

from hermes_dash import ui
from hermes_dash.ui._migrate_page import show

show(ui.require_store())
