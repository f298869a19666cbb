"""Edit: add, replace, remove, patch and a batch editor, each previewed before anything is
written. The page is ``hermes_dash/ui/_edit_page.py``."""

from __future__ import annotations

from hermes_dash import ui
from hermes_dash.ui._edit_page import show

show(ui.require_store())
