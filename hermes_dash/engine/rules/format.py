"""The on-disk format of MEMORY.md / USER.md: parse, serialise, measure (docs/rules.md#format).

Pure functions on text; no I/O. Storage lives in ``_store``; keeping the two apart means
previews, tests and the command line all share exactly one definition of the format.
"""

from __future__ import annotations

from dataclasses import dataclass

from hermes_dash.engine.rules.errors import FileProblem
from hermes_dash.engine.rules.targets import TABLE
from hermes_dash.engine.views.humanize import n_of

DELIMITER = "\n§\n"
# Views of the one table of memory files (``_targets.TABLE``), kept for the many callers of these names.
TARGETS = tuple(t.key for t in TABLE)
FILENAMES = {t.key: t.filename for t in TABLE}
DEFAULT_LIMITS = {t.key: t.default_limit for t in TABLE}
BOM = b"\xef\xbb\xbf"


def decode(data: bytes) -> str:
    """Bytes -> text as the agent reads it: UTF-8, CRLF and lone CR as LF, and a leading BOM
    dropped or, where the agent version in effect keeps it (every release to 0.19.0), kept as
    the character U+FEFF at the start of the first entry (docs/agents.md).

    Raises :class:`FileProblem` naming the first bad byte, its offset, line and column.
    """
    from hermes_dash.engine.agents import active

    bom = len(BOM) if data.startswith(BOM) and not active().keeps_bom else 0
    try:
        # Decode past the BOM ourselves (not "utf-8-sig"): the error offset must count the BOM's
        # 3 bytes, or "offset N" would point 3 bytes before the bad byte in the file.
        text = data[bom:].decode("utf-8")
    except UnicodeDecodeError as exc:
        exc.start += bom
        raise FileProblem(
            describe_decode_error(data, exc),
            hint=(
                "Only UTF-8 files can be changed safely. Re-save the file as UTF-8 (for example "
                "`iconv -f latin1 -t utf-8`), or restore a backup."
            ),
        ) from None
    return normalise_newlines(text)


def describe_decode_error(data: bytes, exc: UnicodeDecodeError) -> str:
    start = exc.start
    line = data.count(b"\n", 0, start) + 1
    column = start - (data.rfind(b"\n", 0, start) + 1) + 1
    return f"Not valid UTF-8: byte 0x{data[start]:02x} at offset {start} (line {line}, column {column})."


def decode_lossy(data: bytes) -> str:
    """Best-effort text for *showing* a file that is not valid UTF-8 (never for writing); a
    leading BOM is read as :func:`decode` reads it."""
    from hermes_dash.engine.agents import active

    return normalise_newlines(data.decode("utf-8" if active().keeps_bom else "utf-8-sig", errors="replace"))


def normalise_newlines(text: str) -> str:
    # Python's universal newlines, which is what the agent's Path.read_text() applies.
    return text.replace("\r\n", "\n").replace("\r", "\n")


def split_entries(text: str) -> list[str]:
    """Split on the delimiter, strip each piece, drop empties. Duplicates are kept."""
    return [piece for piece in (p.strip() for p in text.split(DELIMITER)) if piece]


def parse(text: str) -> list[str]:
    """Entries of a file's text; exact duplicates dropped, first kept (the agent's reload)."""
    return list(dict.fromkeys(split_entries(text)))


def serialise(entries: list[str] | tuple[str, ...]) -> str:
    """Entries joined by the delimiter, no trailing newline; nothing for no entries."""
    return DELIMITER.join(entries)


def usage(entries: list[str] | tuple[str, ...]) -> int:
    """Characters (code points) of the joined text: what is held against the limit."""
    return len(serialise(entries))


def percent(used: int, limit: int) -> int:
    return min(100, int(used / limit * 100)) if limit > 0 else 0


WARN_AT, ALARM_AT = 80, 95  # percent of the limit where a file is getting full, nearly full


def level(used: int, limit: int) -> str:
    """``calm`` below 80 %, ``warning`` from 80 %, ``alarm`` from 95 % and when over budget: the
    one fullness level of the dashboard's gauges and the agent dashboard's tab."""
    if limit <= 0 or used > limit or used * 100 >= ALARM_AT * limit:
        return "alarm"
    return "warning" if used * 100 >= WARN_AT * limit else "calm"


class Weighed:
    """``usage`` and ``percent`` of a result that holds entries against its ``limit``, derived in
    one place. A subclass names the field its entries are in: ``class OpResult(Weighed,
    counts="after")`` (``entries`` when not named)."""

    limit: int
    _counts = "entries"

    def __init_subclass__(cls, counts: str = "entries", **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls._counts = counts

    @property
    def usage(self) -> int:
        return usage(getattr(self, self._counts))

    @property
    def percent(self) -> int:
        return percent(self.usage, self.limit)


def over_budget_text(used: int, limit: int) -> str:
    """``"over the limit by 111 characters"``; ``""`` within budget.

    The agent's percent stops at 100, and that one percentage is the one shown everywhere (a
    second, uncapped share beside it read as two different numbers for one file), so an
    over-budget file says by how much in characters, which is also what has to be cut.
    """
    if used <= limit:
        return ""
    return f"over the limit by {n_of(used - limit, 'character')}"


@dataclass(frozen=True)
class Drift:
    """Why a file is not in the memory tool's own shape (empty tuple: it is)."""

    reasons: tuple[str, ...]

    def __bool__(self) -> bool:
        return bool(self.reasons)


def detect_drift(text: str, limit: int) -> Drift:
    """The agent's drift signals: no exact round-trip (to 0.20; from 0.22 blank lines, CRLF and
    empty pieces are rewritten clean instead), or one entry longer than the limit.

    Duplicates are not drift (the agent compares against the split *before* de-duplication).
    """
    from hermes_dash.engine.agents import active

    stripped = text.strip()
    if not stripped:
        return Drift(())
    pieces = split_entries(text)
    reasons = []
    if active().layout_is_drift and serialise(pieces) != stripped:
        reasons.append(
            "the text does not round-trip through the § format (hand edits, blank "
            "lines around §, or headings with no §)"
        )
    longest = max((len(p) for p in pieces), default=0)
    if longest > limit:
        reasons.append(f"one entry is {longest:,} characters, longer than the whole limit of {limit:,}")
    return Drift(tuple(reasons))


__all__ = [
    "Weighed",
    "decode",
    "decode_lossy",
    "DEFAULT_LIMITS",
    "DELIMITER",
    "detect_drift",
    "FILENAMES",
    "over_budget_text",
    "parse",
    "percent",
    "serialise",
    "TARGETS",
    "usage",
]
