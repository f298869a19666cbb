"""Sharing: is MEMORY.md a link into a team repository (and committed), is USER.md kept private;
export both files; compare two profiles. The page is ``hermes_dash/ui/_sharing_page.py``."""

from __future__ import annotations

from hermes_dash import ui
from hermes_dash.ui._sharing_page import show

show(ui.require_store())
