"""Over budget, fitted: the entries the person may pick to remove with a staged write that
would pass the limit, as Cleanup ranks them (evidence first), never one the write touches."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hermes_dash import MemoryStore

from .parts import PartsPreview

if TYPE_CHECKING:
    from hermes_dash.curation.cleanup import Candidate


def fit_candidates(store: MemoryStore, shown: PartsPreview) -> list[Candidate]:
    """Cleanup's ranked removal candidates for the staged write's file (contradicted, duplicate,
    not found here, then the rest by length), less the entries the kept operations touch; none
    is picked. Entries Cleanup's own plan would merge or shorten are left to Cleanup. A file
    too small for Cleanup to plan (1% of its limit or less) can still be pushed over it by the
    write: its entries are ranked on the same evidence."""
    from hermes_dash.curation import cleanup
    from hermes_dash.curation.cleanup.planner import rank

    target = shown.staged.target
    report = cleanup.suggest(store, threshold=1, targets=[target])
    if target in report.plans:
        ranked = report.plans[target].ranked
    elif target in report.notes:  # written by hand or unreadable: Cleanup proposes nothing there
        ranked = ()
    else:  # the report was asked for this file only: its merges and stale hints are this file's
        ranked = rank(
            list(dict.fromkeys(shown.before)), target, report.stale, report.contradictions, report.merges, report.cross
        )
    return [c for c in ranked if c.entry in shown.before and c.entry not in shown.touched]
