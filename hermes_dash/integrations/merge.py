"""A three-way merge of a memory file, entry by entry (``hermes-dash merge-driver %O %A %B %P``).

git's line merge knows nothing of ``§``: two people who each add an entry at the end conflict on
the delimiter line, and the usual ``merge=union`` workaround glues entries together and doubles
delimiters. Here each version is read as the agent reads it (UTF-8, a leading BOM dropped as 0.20
and later drop it, CRLF as LF, split on the delimiter, stripped, exact duplicates dropped) and
compared with the common ancestor using the engine's one pairing rule (``diff_entries``: an entry
removed and one added that read alike, or that took its place, are one entry changed). Then, per
entry:

* kept on both sides: kept; removed or changed on one side only: that side's change;
* changed on both sides to the same text: that text; removed on both: gone;
* changed differently on both sides, or changed on one side and removed on the other: a
  conflict, written in git's markers around both full texts (``<<<<<<< ours``, ``=======``,
  ``>>>>>>> theirs``) in the entry's place, and the merge reports a conflict;
* added on either side: kept, ours first, then theirs; an exact duplicate appears once.

So nothing either side wrote is lost: every entry of ours and of theirs that is not the
ancestor's is in the result, as an entry or inside a conflict. A result over the limit is kept
whole and reported. A version that cannot be read as text (not UTF-8, too large) is not merged
entry by entry: the result is git's whole-file conflict of the raw bytes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from hermes_dash import Refusal
from hermes_dash.engine.invocation import printed_program
from hermes_dash.engine.io.atomic import write_file
from hermes_dash.engine.io.readfile import read_regular
from hermes_dash.engine.rules.format import DEFAULT_LIMITS, DELIMITER, FILENAMES, decode, parse
from hermes_dash.engine.views.diff import diff_entries
from hermes_dash.engine.views.humanize import n_of

#: Memory files hold kilobytes; a version larger than this is not read entry by entry.
MAX_BYTES = 16 << 20
MARKER = 7


@dataclass(frozen=True)
class Conflict:
    ours: str | None  # None: removed on our side
    theirs: str | None
    base: str | None  # the ancestor's entry both started from (None: both added... never here)

    def text(self, labels: tuple[str, str]) -> str:
        return "\n".join(
            [
                "<" * MARKER + f" {labels[0]}",
                *([self.ours] if self.ours is not None else []),
                "=" * MARKER,
                *([self.theirs] if self.theirs is not None else []),
                ">" * MARKER + f" {labels[1]}",
            ]
        )


@dataclass(frozen=True)
class MergeResult:
    """The merged entries (a :class:`Conflict` stands in an entry's place) and what happened."""

    items: tuple[str | Conflict, ...]
    kept: int = 0
    taken_ours: int = 0
    taken_theirs: int = 0
    added_ours: int = 0
    added_theirs: int = 0
    removed: int = 0
    collapsed: int = 0
    notes: tuple[str, ...] = field(default=())

    @property
    def conflicts(self) -> list[Conflict]:
        return [item for item in self.items if isinstance(item, Conflict)]

    def text(self, labels: tuple[str, str] = ("ours", "theirs")) -> str:
        return DELIMITER.join(item.text(labels) if isinstance(item, Conflict) else item for item in self.items)

    def usage(self) -> int:
        return len(self.text())


COARSE = (
    "The versions were too long to compare in detail (the diff's work bound): an entry changed on one "
    "side may be kept as removed and added, so look for near-duplicates."
)


def _changes(base: list[str], side: list[str]) -> tuple[dict[str, str | None], list[str], bool]:
    """Per ancestor entry that side touched: its new text (None: removed); that side's additions;
    whether the diff was coarse (past its work bound)."""
    touched: dict[str, str | None] = {}
    added: list[str] = []
    diff = diff_entries(base, side)
    for item in diff.items:
        if item.kind == "changed":
            touched[item.before] = item.after
        elif item.kind == "removed":
            touched[item.before] = None
        elif item.kind == "added":
            added.append(item.after)
    return touched, added, diff.coarse


def _resolved(
    entry: str, ours: dict[str, str | None], theirs: dict[str, str | None]
) -> tuple[str | None | Conflict, str]:
    """An ancestor entry given what each side did to it: its text (None: removed, or a conflict) and the count."""
    a_touched, b_touched = entry in ours, entry in theirs
    a, b = ours.get(entry, entry), theirs.get(entry, entry)
    if a_touched and b_touched and a != b:
        return Conflict(a, b, entry), "conflict"
    if not a_touched and not b_touched:
        return entry, "kept"
    value, what = (a, "taken_ours") if a_touched else (b, "taken_theirs")
    return value, what


def merge_entries(base: list[str], ours: list[str], theirs: list[str]) -> MergeResult:
    """Three entry lists (each as parsed) -> the merge. Order: ours's, then what theirs added."""
    ours_touched, ours_added, ours_coarse = _changes(base, ours)
    theirs_touched, theirs_added, theirs_coarse = _changes(base, theirs)
    base_set = set(base)
    counts = dict.fromkeys(
        ("kept", "taken_ours", "taken_theirs", "added_ours", "added_theirs", "removed", "collapsed"), 0
    )
    out: list[str | Conflict] = []
    seen: set[str] = set()

    def put(text: str, what: str) -> None:
        if text in seen:
            counts["collapsed"] += 1
            return
        seen.add(text)
        out.append(text)
        counts[what] += 1

    def resolve(entry: str) -> None:
        """An ancestor entry: what becomes of it given both sides."""
        value, what = _resolved(entry, ours_touched, theirs_touched)
        if isinstance(value, Conflict):
            out.append(value)
        elif value is None:
            counts["removed"] += 1
        else:
            put(value, what)

    # Ours's order: its entries (ancestor ones resolved against theirs, its own additions), then the
    # ancestor entries ours removed (resolved: gone, or a conflict where theirs changed them).
    ours_new = {new: old for old, new in ours_touched.items() if new is not None}
    added_set = set(ours_added)
    for entry in ours:
        if entry in base_set:
            resolve(entry)
        elif entry in ours_new:
            resolve(ours_new[entry])
        elif entry in added_set:
            put(entry, "added_ours")
    for entry in base:
        if ours_touched.get(entry, "") is None:
            resolve(entry)
    for entry in theirs_added:
        put(entry, "added_theirs")
    # A conflict's side that is also an entry elsewhere in the result still shows in the conflict:
    # whoever resolves it must see both texts whole.
    return MergeResult(
        tuple(out),
        kept=counts["kept"],
        taken_ours=counts["taken_ours"],
        taken_theirs=counts["taken_theirs"],
        added_ours=counts["added_ours"],
        added_theirs=counts["added_theirs"],
        removed=counts["removed"],
        collapsed=counts["collapsed"],
        notes=(COARSE,) if ours_coarse or theirs_coarse else (),
    )


@dataclass(frozen=True)
class DriverReport:
    """What one run of the driver did: the exit status for git and the lines it printed."""

    code: int  # 0 merged cleanly, 1 conflicts (the result holds git's markers)
    lines: tuple[str, ...]
    data: bytes  # what was written to %A


def _read(path: Path, role: str) -> tuple[bytes | None, list[str] | None, str | None]:
    """One version's raw bytes (None: unreadable), its entries (None: not text the agent reads) and why not."""
    try:
        raw = read_regular(path, MAX_BYTES)[0]
    except FileNotFoundError:
        return b"", [], None  # git passes an empty file for a side that has none; missing means empty too
    except Refusal as problem:
        return None, None, f"{role}: {problem.message}"
    except OSError as exc:
        return None, None, f"{role} ({path}): {exc.strerror or exc}"
    try:
        # A leading BOM dropped whatever agent rules are in effect (0.19.0 kept it as U+FEFF), as
        # 0.20 and later read a file (``utf-8-sig``): a side an editor saved with a BOM changed no entry.
        return raw, parse(decode(raw).removeprefix("\ufeff")), None
    except Refusal as problem:
        return raw, None, f"{role}: {problem.message}"


def limit_for(name: str, limit: int | None) -> int:
    if limit is not None:
        return limit
    base = Path(name).name
    return next((DEFAULT_LIMITS[t] for t, filename in FILENAMES.items() if filename == base), DEFAULT_LIMITS["memory"])


def run_driver(
    base: Path,
    ours: Path,
    theirs: Path,
    name: str,
    limit: int | None = None,
    labels: tuple[str, str] = ("ours", "theirs"),
) -> DriverReport:
    """Merge ``ours`` with ``theirs`` from ``base`` and write the result over ``ours`` (git's %A)."""
    limit = limit_for(name, limit)
    read = {role: _read(path, role) for role, path in (("ancestor", base), ("ours", ours), ("theirs", theirs))}
    problems = [why for _, entries, why in read.values() if entries is None and why]
    if any(raw is None for raw, _, _ in read.values()):
        # A version that cannot even be read (too large, not a file): %A is left exactly as it was,
        # and git keeps all three versions of a conflicted file in its index.
        return DriverReport(
            1,
            (
                f"hermes-dash: {name}: not merged; the file is left as our version, and git keeps "
                f"theirs (`git checkout --theirs -- {name}`):",
                *(f"  {p}" for p in problems),
            ),
            read["ours"][0] or b"",
        )
    ancestor, mine, yours = read["ancestor"][1], read["ours"][1], read["theirs"][1]
    if ancestor is None or mine is None or yours is None:
        return _whole_conflict(ours, name, labels, (read["ours"][0] or b"", read["theirs"][0] or b""), problems)
    return _entry_merge(ours, name, limit, labels, merge_entries(ancestor, mine, yours))


def _whole_conflict(
    ours: Path, name: str, labels: tuple[str, str], sides: tuple[bytes, bytes], problems: list[str]
) -> DriverReport:
    """A side that is not text the agent could read: git's own whole-file conflict, every byte
    of both kept, written over ``ours``."""
    a, b = sides
    data = b"".join(
        [
            b"<" * MARKER + f" {labels[0]}\n".encode(),
            a,
            b"" if a.endswith(b"\n") or not a else b"\n",
            b"=" * MARKER + b"\n",
            b,
            b"" if b.endswith(b"\n") or not b else b"\n",
            b">" * MARKER + f" {labels[1]}\n".encode(),
        ]
    )
    write_file(ours, data, mode=0o600)
    return DriverReport(
        1,
        (
            f"hermes-dash: {name}: not merged entry by entry; both whole versions are in the "
            "file between conflict markers:",
            *(f"  {p}" for p in problems),
        ),
        data,
    )


def _entry_merge(ours: Path, name: str, limit: int, labels: tuple[str, str], result: MergeResult) -> DriverReport:
    """Write the entry-by-entry merge over ``ours`` and say what it did (1: conflicts left to settle)."""
    text = result.text(labels)
    data = text.encode("utf-8")
    write_file(ours, data, mode=0o600)
    lines = [
        f"hermes-dash: {name}: merged entry by entry: {result.kept} kept, {result.added_ours} added here, "
        f"{result.added_theirs} added there, {result.taken_ours + result.taken_theirs} changed, "
        f"{result.removed} removed" + (f", {result.collapsed} duplicates collapsed" if result.collapsed else "") + "."
    ]
    if result.conflicts:
        lines.append(
            f"  {n_of(len(result.conflicts), 'entry', 'entries')} changed on both "
            "sides differently (or changed on one and removed on the other): both texts are in the file "
            "between <<<<<<< and >>>>>>>. Keep one (or write one from both), delete the marker lines, "
            "then `git add` it."
        )
    lines += [f"  {note}" for note in result.notes]
    used = len(text)
    if used > limit:
        lines.append(
            f"  The merged file is {used:,} characters, over the limit of {limit:,} by {used - limit:,}: "
            "kept whole (nothing was cut). The agent refuses every add until it is back under the limit; "
            f"`{printed_program()} suggest memory` proposes what to merge or shorten."
        )
    return DriverReport(1 if result.conflicts else 0, tuple(lines), data)
