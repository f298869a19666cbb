"""Where every entry came from: the agent's sessions, hermes-dash's own writes, the Inbox, git.

See docs/provenance.md. For each entry of both files (and each entry gone from them, as far as
the backups remember it) this puts together, newest last:

* the agent's memory calls that wrote its text or took it away (``state.db``,
  :mod:`hermes_dash.engine.views.origins`), with the session and the reason;
* hermes-dash's journal lines that put it in or took it out (a dashboard page, a command,
  an approval from the Inbox with the staged id and origin, a restore, an undo);
* for a MEMORY.md inside a git repository, the commit that introduced its current text.

What none of them explains is labelled by what is known (:data:`LABELS`). Read-only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from hermes_dash import FileState, MemoryStore
from hermes_dash.curation import gitread, history
from hermes_dash.curation.blame_authors import turn_of, version_authors, who_made
from hermes_dash.curation.blame_model import BEFORE_OLDEST, LABELS, Blame, EntryOrigin, Event
from hermes_dash.curation.gitread import Commit
from hermes_dash.curation.gitstate import GitBlame, entry_commits
from hermes_dash.curation.gitworker import ask
from hermes_dash.engine.io.journal import JournalLine, read_journal
from hermes_dash.engine.rules.format import TARGETS
from hermes_dash.engine.views.origins import ORIGINS_TIMEOUT_S, MemoryCall, Reason, call_reasons, scan_calls
from hermes_dash.engine.views.sessions import oldest_prompt

GIT_MAX_COMMITS = 200  # history read for git blame, newest first


def _day(moment: datetime | None) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC") if moment else "an unknown date"


def _date(moment: datetime | None) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%d") if moment else "?"


_ORIGIN_WORDS = {"background_review": "a background review", "foreground": "a session"}


def _session_words(call: MemoryCall) -> str:
    s = call.session
    bits = [b for b in (s.source, s.model) if b]
    where = f" in {s.cwd}" if s.cwd else ""
    return f"session {s.id}" + (f" ({', '.join(bits)})" if bits else "") + where


def _agent_event(call: MemoryCall, text: str, reasons: dict[int, Reason]) -> Event:
    verb = {"add": "added", "replace": "replaced into this text", "patch": "patched into this text"}.get(
        call.action, call.action
    )
    batch = f" (operation {call.batch_index + 1} of a batch)" if call.batch_index is not None else ""
    if call.status == "staged":
        return Event(
            "staged",
            text,
            call.at,
            f"staged by {_session_words(call)} on {_day(call.at)}{batch}, pending id {call.pending_id}",
            f"staged · {_date(call.at)}",
            call,
            reasons.get(call.message_id),
        )
    unconfirmed = " (no result recorded)" if call.status == "unconfirmed" else ""
    return Event(
        "agent",
        text,
        call.at,
        f"{verb} by {_session_words(call)} on {_day(call.at)}{batch}{unconfirmed}",
        f"agent · {_date(call.at)}",
        call,
        reasons.get(call.message_id),
    )


def _journal_event(line: JournalLine, text: str, staged: Iterable[MemoryCall], reasons: dict[int, Reason]) -> Event:
    how = f" ({line.via})" if line.via else ""
    if line.staged_id:
        call = next(iter(staged), None)
        by = _ORIGIN_WORDS.get(line.origin or "", line.origin or "the agent")
        if call is not None:
            by += f" in {_session_words(call)}"
        label = LABELS["approved"].format(staged_by=by, when=_day(line.at)) + f"; staged id {line.staged_id}"
        return Event(
            "approved",
            text,
            line.at,
            label,
            f"approved · {_date(line.at)}",
            call,
            reasons.get(call.message_id) if call else None,
            line.via,
        )
    if line.action in ("restore", "undo"):
        word = "restored from a backup" if line.action == "restore" else "put back by an undo"
        return Event(
            "restored",
            text,
            line.at,
            f"{word} on {_day(line.at)}{how}: {line.message}",
            f"restored · {_date(line.at)}",
            via=line.via,
        )
    return Event(
        "you", text, line.at, LABELS["you"].format(when=_day(line.at)) + how, f"you · {_date(line.at)}", via=line.via
    )


def _chain(index: _Index, last: MemoryCall) -> list[MemoryCall]:
    """The agent calls that led to ``last``'s text, oldest first: each replace or patch is
    preceded by the latest earlier call that wrote the text it matched."""
    out = [last]
    for _ in range(20):
        head = out[0]
        if head.action not in ("replace", "patch"):
            break
        if head.matched is not None:
            earlier = [c for c in index.writers(head.matched.strip()) if c.message_id < head.message_id]
        else:
            needle = (head.old_text or "").strip()
            earlier = [
                c
                for text, found in index.by_text.items()
                if needle and needle in text
                for c in found
                if c.message_id < head.message_id and c.status != "failed"
            ]
            earlier.sort(key=lambda c: (c.message_id, c.batch_index or 0))
        if not earlier:
            break
        out.insert(0, earlier[-1])
    return out


class _Index:
    """One file's calls, looked up by the text they wrote or took away (a dict, not a scan of
    every call for every entry: a big state.db holds thousands of calls)."""

    def __init__(self, calls: list[MemoryCall]) -> None:
        self.calls = calls
        self.by_text: dict[str, list[MemoryCall]] = {}
        self.fuzzy: list[MemoryCall] = []  # patches whose result text is not known
        self.taken: dict[str, list[MemoryCall]] = {}
        self.unmatched: list[MemoryCall] = []  # removers whose target entry is not known
        for c in calls:
            written = _written(c)
            if written is not None:
                self.by_text.setdefault(written, []).append(c)
            elif c.action == "patch":
                self.fuzzy.append(c)
            if c.applied and c.action in ("replace", "remove", "patch"):
                if c.matched is not None:
                    self.taken.setdefault(c.matched.strip(), []).append(c)
                else:
                    self.unmatched.append(c)

    def writers(self, text: str) -> list[MemoryCall]:
        found = self.by_text.get(text, []) + [c for c in self.fuzzy if c.writes(text)]
        return sorted(found, key=lambda c: (c.message_id, c.batch_index or 0))

    def removers(self, text: str) -> list[MemoryCall]:
        found = [c for c in self.taken.get(text, []) if not c.writes(text)] + [
            c for c in self.unmatched if c.takes_away(text)
        ]
        return sorted(found, key=lambda c: (c.message_id, c.batch_index or 0))


def _written(call: MemoryCall) -> str | None:
    if call.action in ("add", "replace"):
        return (call.content or "").strip() or None
    if call.action == "patch":
        if call.after is not None:
            return call.after.strip()
        if call.matched is not None and call.old_text:
            return call.matched.replace(call.old_text, call.content or "").strip()
    return None


@dataclass(frozen=True)
class _Step:
    """One step of an entry's life: the agent's call or hermes-dash's journal line that wrote
    ``text`` into the file (or, ``removal``, took it away)."""

    call: MemoryCall | None
    line: JournalLine | None
    text: str
    removal: bool


@dataclass(frozen=True)
class _First:
    """An entry's first known text: its texts (the first first), when the first was seen in a
    backup, and whether that backup is the oldest one kept."""

    texts: tuple[str, ...]
    seen: datetime
    oldest: bool


@dataclass(frozen=True)
class _Plan:
    """One entry to explain (present, or gone as the backups or the sessions remember it)."""

    target: str
    text: str
    present: bool
    steps: list[_Step]
    git: GitBlame | None = None
    first: _First | None = None


def blame(
    store: MemoryStore,
    target: str | None = None,
    text: str | None = None,
    *,
    reasons: bool = True,
    gone: bool = True,
    git: bool = True,
    backups: bool = True,
    timeout: float = ORIGINS_TIMEOUT_S,
) -> Blame:
    """Each entry's origin and life (of ``target``, of the one entry holding ``text``, when given).

    ``backups=False``: the files' earlier texts are not read from the backups (the landing page
    never lists them); the sessions, the journal and git still give each entry's life."""
    db = store.home.state_db
    scan = scan_calls(db, timeout=timeout)
    problems = [scan.problem] if scan.problem else []
    lines = read_journal(store.home.memories_dir)
    calls = list(scan.calls)
    plans: list[_Plan] = []
    blames: dict[str, GitBlame] = {}
    indexes: dict[str, _Index] = {}
    for t in [target] if target else list(TARGETS):
        state = store.read(t)
        gb = git_blame(state.link_target or state.path, state.entries) if git and t == "memory" else None
        if gb is not None:
            blames[t] = gb
            problems += [gb.problem] if gb.problem else []
        indexes[t] = _Index([c for c in calls if c.target == t])
        mine = [line for line in lines if line.target == t]
        plans += _plans(store, state, indexes[t], mine, gb, text=text, gone=gone, backups=backups)
    wanted = [step.call for plan in plans for step in plan.steps if step.call is not None]
    why = call_reasons(db, wanted) if reasons else {}
    unrecorded = _Unrecorded(db, scan.session_count, scan.oldest_session)
    order = {id(line): n for n, line in enumerate(lines)}
    out = [_origin(plan, indexes[plan.target].calls, why, order, unrecorded) for plan in plans]
    return Blame(tuple(out), scan.used_fts, len(calls), scan.session_count, tuple(problems), blames)


def _plans(
    store: MemoryStore,
    state: FileState,
    index: _Index,
    lines: list[JournalLine],
    gb: GitBlame | None,
    *,
    text: str | None,
    gone: bool,
    backups: bool,
) -> list[_Plan]:
    """The entries of one file to explain: its lives in the backups (or the current file only),
    and, ``gone``, what the sessions wrote and took away that no backup remembers."""
    t = state.target
    timeline = (
        history.timeline(store, t)
        if backups
        else history.build_timeline(
            t, [history.Version(0, history.CURRENT, history.CURRENT, None, state.entries, state.error)]
        )
    )
    lives = [life for life in timeline.lives if life.present or gone]
    if text is not None:
        lives = [life for life in lives if life.text == text][:1] or [
            life for life in lives if text in life.text or any(text in x for _, x in life.texts)
        ][:1]
    plans: list[_Plan] = []
    for life in lives:
        seen = timeline.versions[life.first_seen].created
        first = None
        if seen is not None:
            oldest = life.first_seen == 0 and timeline.versions[0].name != history.CURRENT
            first = _First(tuple(x for _, x in life.texts), seen, oldest)
        plans.append(_Plan(t, life.text, life.present, _steps(life, index, lines), gb, first))
    if gone and (text is None or not lives):
        known = {step.text for p in plans for step in p.steps} | {p.text for p in plans}
        for written, steps in _gone_from_sessions(index, known, text):
            plans.append(_Plan(t, written, False, steps))
    return plans


def _origin(
    plan: _Plan,
    calls: list[MemoryCall],
    why: dict[int, Reason],
    order: dict[int, int],
    unrecorded: _Unrecorded,
) -> EntryOrigin:
    """One entry's life, oldest first, and the event its current text (or its removal) came from."""
    # Oldest first; within one second (the journal's times are whole seconds) in the journal's order.
    made = [(_event(s.call, s.line, s.text, s.removal, calls, why), order.get(id(s.line), -1)) for s in plan.steps]
    made.sort(key=lambda pair: (pair[0].at or datetime.min.replace(tzinfo=UTC), pair[1]))
    events = [event for event, _ in made]
    if plan.first is not None:
        events = _keep_first_origin(events, plan.first.texts, plan.first.seen, plan.first.oldest, unrecorded)
    gb = plan.git
    git_event = _git_event(gb, plan.text) if gb is not None and plan.present else None
    current = [e for e in events if e.text == plan.text and e.kind != "removed"]
    if not plan.present:
        removal = [e for e in events if e.kind == "removed"]
        origin = removal[-1] if removal else Event("removed", plan.text, None, _REMOVED_UNSEEN, "removed")
    elif current:
        origin = current[-1]
    elif git_event is not None and git_event.commit is not None:
        origin = git_event
    else:
        origin = unrecorded(plan.text)
    if origin not in events:
        events.append(origin)
    return EntryOrigin(plan.target, plan.text, plan.present, origin, tuple(events), git_event)


_REMOVED_UNSEEN = "removed outside the agent (hand edit or git), or by a write no record shows"


class _Unrecorded:
    """What no record explains, said once per text: in the oldest session's prompt (it was in the
    file before the sessions began), else outside the agent. The prompt is read on first need."""

    def __init__(self, db: Path, sessions: int, oldest: datetime | None) -> None:
        self.db, self.sessions, self.oldest = db, sessions, oldest
        self._prompt: str | None = None

    def __call__(self, text: str) -> Event:
        if self._prompt is None:
            self._prompt = oldest_prompt(self.db) if self.sessions else ""
        if self._prompt and text in self._prompt:
            return Event(
                "before", text, self.oldest, LABELS["before"].format(when=_day(self.oldest)), "before sessions"
            )
        return Event("outside", text, None, LABELS["outside"], "hand edit")


def _keep_first_origin(
    events: list[Event], texts: tuple[str, ...], seen: datetime, oldest: bool, unrecorded: _Unrecorded
) -> list[Event]:
    """An entry's life begins with where its first text came from. When the oldest known step
    on one of its ``texts`` (``events``, oldest first) does not write the first one (it changes
    it, takes it out, or puts it back from a backup), that text was there before any record: what
    is known of it goes first (the sessions' first prompt held it, or the oldest backup did, at
    ``seen``). The agent's calls that led to the first text (a replace's earlier text) stay."""
    first_text = texts[0]
    tracked = [e for e in events if e.text in texts]
    if not tracked or (tracked[0].text == first_text and tracked[0].kind not in ("removed", "restored")):
        return events
    came = unrecorded(first_text)
    if came.kind == "outside" and oldest:
        came = Event("outside", first_text, None, LABELS["oldest"].format(when=_day(seen)), "hand edit")
    return [came, *events]


def _git_event(gb: GitBlame, text: str) -> Event | None:
    commit = gb.introduced.get(text)
    if commit is not None:
        return Event(
            "git",
            text,
            commit.at,
            f"committed by {commit.author} on {_day(commit.at)} "
            f"({commit.short} {commit.subject})" + (" or earlier" if text in gb.earlier else ""),
            f"git: {commit.author}",
            commit=commit,
        )
    if text in gb.uncommitted:
        return Event("git", text, None, f"not committed yet in {gb.repo}", "git: uncommitted")
    return None


def _gone_from_sessions(index: _Index, known: set[str], text: str | None) -> list[tuple[str, list[_Step]]]:
    """Entries the agent wrote and later took away that no backup remembers (the agent keeps
    no backups): each text a call wrote, not known otherwise, that a later call removed (a
    text a replace overwrote lives on in the entry that replace made), with its last writer
    and the removal."""
    out: list[tuple[str, list[_Step]]] = []
    for written, writers in index.by_text.items():
        if written in known or (text is not None and text not in written):
            continue
        applied = [c for c in writers if c.applied]
        if not applied:
            continue
        last = applied[-1]
        later = [c for c in index.removers(written) if c.message_id >= last.message_id]
        if not later or later[0].action != "remove":
            continue
        out.append((written, [_Step(last, None, written, False), _Step(later[0], None, written, True)]))
    return out


def _steps(life: history.EntryLife, index: _Index, lines: list[JournalLine]) -> list[_Step]:
    """Every known step of one entry: the calls and journal lines that wrote each of its texts
    (and the calls that led to them), and for a gone entry what took it away."""
    texts = list(dict.fromkeys(x for _, x in life.texts))
    steps: list[_Step] = []
    seen: set[int] = set()
    for x in texts:
        writers = index.writers(x)
        if writers:
            for c in [*_chain(index, writers[-1]), *writers[:-1]]:
                if id(c) not in seen:
                    seen.add(id(c))
                    steps.append(_Step(c, None, _written(c) or x, False))
        steps += [_Step(None, line, x, False) for line in lines if line.put_in(x)]
    if not life.present:
        steps += [_Step(c, None, life.text, True) for c in index.removers(life.text)]
        steps += [_Step(None, line, life.text, True) for line in lines if line.took_out(life.text)]
    return steps


def _event(
    call: MemoryCall | None,
    line: JournalLine | None,
    text: str,
    removal: bool,
    calls: list[MemoryCall],
    why: dict[int, Reason],
) -> Event:
    if removal:
        if call is not None:
            return Event(
                "removed",
                text,
                call.at,
                f"removed by {_session_words(call)} on {_day(call.at)}"
                + (f" (operation {call.batch_index + 1} of a batch)" if call.batch_index is not None else ""),
                f"removed · {_date(call.at)}",
                call,
                why.get(call.message_id),
            )
        assert line is not None
        return Event(
            "removed",
            text,
            line.at,
            f"removed by hermes-dash on {_day(line.at)}" + (f" ({line.via})" if line.via else "") + f": {line.message}",
            f"removed · {_date(line.at)}",
            via=line.via,
        )
    if call is not None:
        return _agent_event(call, text, why)
    assert line is not None
    staged = [c for c in calls if line.staged_id and c.pending_id == line.staged_id]
    return _journal_event(line, text, staged, why)


# -- git ------------------------------------------------------------------------------------------


def git_blame(path: Path, entries: Iterable[str], max_commits: int = GIT_MAX_COMMITS) -> GitBlame | None:
    """For each entry, the commit that introduced its current text: the newest commit among those
    that last changed its lines in HEAD's version of the file. None: not in a repository.

    Read through :mod:`hermes_dash.curation.gitread` (libgit2: no git binary, no fetch, no filter,
    textconv or hook). The history read is bounded to the last ``max_commits`` commits (first
    parents): a line older than that is put on the boundary, said as "or earlier"; an object the
    repository does not hold makes the problem, never a fetch. Asked in the git reader's child
    (:mod:`hermes_dash.curation.gitworker`): a repository that makes libgit2 block is a problem
    after its deadline, not a hang.
    """
    wanted = list(entries)
    try:
        return ask(entry_commits, Path(path), wanted, max_commits)
    except gitread.GitUnreadable as exc:
        return GitBlame(Path(path).parent, "", 0, False, problem=f"git blame could not be read: {exc}")


__all__ = [
    "Blame",
    "Commit",
    "EntryOrigin",
    "Event",
    "GitBlame",
    "BEFORE_OLDEST",
    "LABELS",
    "blame",
    "git_blame",
    "turn_of",
    "version_authors",
    "who_made",
]
