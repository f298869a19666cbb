"""Clean-up assistant: one fact said twice, contradictions, entries in the wrong file, paths not
found where the agent runs, and a plan to get under a threshold that never removes a live fact
on its own.

Everything here is a proposal (``hermes_dash.curation.cleanup``). Nothing is written until the
person confirms in a dialog that shows the combined word-level diff of both files; each apply
is one engine call (one ``batch`` per file, or the store's two-file write). The page's parts
are ``hermes_dash/ui/_cleanup_*.py``: the plan, the other sections, the review dialog.
"""

from __future__ import annotations

from hermes_dash import ui

ui.cleanup_page(ui.require_store())
