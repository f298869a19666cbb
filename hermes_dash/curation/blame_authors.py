"""Who made a step or a version, in the few words History and the pages' toasts use."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hermes_dash import MemoryStore
from hermes_dash.curation import history
from hermes_dash.curation.blame_model import BEFORE_OLDEST, Blame, Event
from hermes_dash.engine.views.diff import diff_entries
from hermes_dash.engine.views.origins import TurnMessage, call_turn

_SLACK = timedelta(seconds=2)  # a backup's name is in whole seconds


def _who(event: Event) -> str:
    if event.session is not None and event.kind in ("agent", "removed", "staged"):
        s = event.session
        return f"session {s.id}" + (f" ({s.source})" if s.source else "")
    if event.kind == "approved":
        return "approved in the Inbox"
    if event.kind in ("you", "restored") or (event.kind == "removed" and event.via):
        return "you" + (f" ({event.via})" if event.via else "")
    if event.kind == "git" and event.commit is not None:
        return f"git: {event.commit.author}"
    return "outside the agent (hand edit or git)"


def who_made(event: Event) -> str:
    """Who made ``event`` in a few words, as History's "Made by" and the pages' toasts say it."""
    return _who(event)


def version_authors(timeline: history.Timeline, found: Blame) -> list[str]:
    """Who made each version of ``timeline``: the writers of the changes from the version before
    it (the sessions, hermes-dash, the Inbox, or "outside the agent" when no record explains a
    change). A version's changes happened between the previous version's time and its own; the
    record of the same text closest to that window is taken when none falls inside it."""
    events = [e for entry in found.entries if entry.target == timeline.target for e in entry.life]
    out = []
    floor = datetime.min.replace(tzinfo=UTC) + _SLACK  # the window's start, minus the slack, still a date
    for v in timeline.versions:
        if v.index == 0 and v.name != history.CURRENT:
            out.append(BEFORE_OLDEST)  # what made the oldest copy kept, no record of ours says
            continue
        prev = timeline.versions[v.index - 1] if v.index else None  # no backup at all: the file from nothing
        start = prev.created or floor if prev is not None else floor
        end = v.created or datetime.max.replace(tzinfo=UTC)
        who: list[str] = []
        for item in diff_entries(prev.entries if prev is not None else [], v.entries).items:
            if item.kind == "unchanged":
                continue
            text, removal = (item.old, True) if item.kind == "removed" else (item.new, False)
            known = [e for e in events if e.text == text and (e.kind == "removed") == removal and e.at is not None]
            timed = [(e, e.at) for e in known if e.at is not None]
            inside = [e for e, at in timed if start - _SLACK <= at <= end + _SLACK]
            # Outside the window (a clock that disagrees with a backup's name, a copied home): the
            # writer of that same text nearest before the version, else the first one after it.
            before = [e for e, at in timed if at <= end + _SLACK]
            pick = inside or before or known
            who.append(
                _who(pick[-1] if pick is not known else pick[0]) if pick else "outside the agent (hand edit or git)"
            )
        out.append(", ".join(dict.fromkeys(who)) if who else "no entry changed (layout only)")
    return out


def turn_of(store: MemoryStore, event: Event) -> list[TurnMessage]:
    """The messages around ``event``'s memory call (for the dialog that shows the whole turn)."""
    return call_turn(store.home.state_db, event.call) if event.call is not None else []


__all__ = ["turn_of", "version_authors", "who_made"]
