"""Over budget, fitted: the entries the person may pick to remove with a staged write that
would pass the limit, as Cleanup ranks them (evidence first), never one the write touches."""

from __future__ import annotations

from hermes_dash import MemoryStore

from .parts import PartsPreview

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dash.curation.cleanup import Candidate


def fit_candidates(store: MemoryStore, shown: PartsPreview) -> list[Candidate]:
    """Cleanup's ranked removal candidates for the staged write's file (contradicted, duplicate,
    not found here, then the rest by length), less the entries the kept operations touch; none
    is picked. Entries Cleanup's own plan would merge or shorten are left to Cleanup."""
    from hermes_dash.curation import cleanup

    target = shown.staged.target
    report = cleanup.suggest(store, threshold=1, targets=[target])
    ranked = report.plans[target].ranked if target in report.plans else ()
    return [c for c in ranked if c.entry in shown.before and c.entry not in shown.touched]
