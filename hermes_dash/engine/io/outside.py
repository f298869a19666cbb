"""Values parsed from files other programs write: bounded where they are parsed.

A journal line, a pending file, a git commit or a state.db row is read from a folder anyone with
access may have edited, so its JSON may nest 200,000 deep (``json.loads`` then raises
RecursionError, which no caller catches), its numbers may be 400 digits long, and its times may lie
millions of years ahead (``datetime`` raises ValueError or OverflowError). Everything here turns
such a value into "not a value" (None, or :class:`OutsideValue` for callers that word a refusal),
never into an exception of another kind. docs/safety.md lists the bounds.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

#: How deep JSON from outside may nest. The deepest JSON hermes-dash reads is a pending file's
#: ``operations`` list of objects (depth 4); Python's parser recurses once a level and stops
#: near 1,000.
MAX_JSON_DEPTH = 32
#: The longest JSON text from outside parsed at once (a journal line is under 2 KB; a pending
#: file is capped by its own reader).
MAX_JSON_CHARS = 4 << 20
#: Digits of one JSON number: Python turns a 4,300-digit integer into a ValueError, and a long
#: one costs quadratic time before that.
MAX_NUMBER_DIGITS = 40
#: The latest time accepted from outside: 1 January 3000, UTC. A later one (a git author time of
#: 99999999999999, a journal line from the year 9999) is not a time anything recorded.
LATEST = datetime(3000, 1, 1, tzinfo=UTC)
MAX_EPOCH_S = LATEST.timestamp()
#: The longest ISO time text parsed ("2026-12-01T17:42:00.123456+00:00" is 32 characters).
MAX_ISO_CHARS = 40

#: One JSON string from its opening quote (anchored with ``match``: linear in its length).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
#: The next place that matters outside strings: a quote, a bracket or a run of digits.
_TOKEN = re.compile(r'["\[\]{}]|\d+')


class OutsideValue(ValueError):
    """A value from outside is beyond its bound (or not a value at all); the message says which."""


def json_depth(text: str, stop_past: int | None = None) -> int:
    """How deep the arrays and objects of the JSON ``text`` nest (strings are skipped); counting
    stops once it is past ``stop_past`` (a line of 200,000 ``[`` costs 33 steps). One pass, each
    character looked at once: an unterminated string ends the count (it is not JSON anyway).
    :class:`OutsideValue` for a number of more than :data:`MAX_NUMBER_DIGITS` digits."""
    depth = deepest = 0
    pos = 0
    while (token := _TOKEN.search(text, pos)) is not None:
        char = token[0]
        if char == '"':
            string = _STRING.match(text, token.start())
            if string is None:
                break
            pos = string.end()
            continue
        pos = token.end()
        if char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if stop_past is not None and deepest > stop_past:
                    break
        elif char in "]}":
            depth -= 1
        elif len(char) > MAX_NUMBER_DIGITS:
            raise OutsideValue(f"it holds a number of more than {MAX_NUMBER_DIGITS} digits")
    return deepest


def loads(text: str | bytes, *, max_depth: int = MAX_JSON_DEPTH, max_chars: int = MAX_JSON_CHARS) -> object:
    """``json.loads`` for JSON from outside: :class:`OutsideValue` when it is not JSON, longer than
    ``max_chars``, nests deeper than ``max_depth`` or holds a number of more than
    :data:`MAX_NUMBER_DIGITS` digits; checked before the parser runs, so it never recurses deep."""
    import json

    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise OutsideValue(f"it is not UTF-8 (byte {exc.start})") from None
    if len(text) > max_chars:
        raise OutsideValue(f"it is {len(text):,} characters long, more than the {max_chars:,} read")
    if json_depth(text, stop_past=max_depth) > max_depth:
        raise OutsideValue(f"it nests more than {max_depth} levels deep, more than is read")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise OutsideValue(f"it is not JSON ({exc})") from None


def time_from_epoch(value: object) -> datetime | None:
    """A time given as seconds since 1970 (int, float or their text), in UTC; None when it is not
    a number or lies before 1970 or after :data:`LATEST`."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str, bytes)):
        return None
    try:
        seconds = float(value[:MAX_ISO_CHARS] if isinstance(value, (str, bytes)) else value)
    except (TypeError, ValueError, OverflowError):
        return None
    if not 0 <= seconds < MAX_EPOCH_S:  # also NaN
        return None
    return datetime.fromtimestamp(seconds, tz=UTC)


def time_from_iso(value: object) -> datetime | None:
    """A time given as ISO 8601 text (one without a zone is UTC); None when it is not one, is
    longer than :data:`MAX_ISO_CHARS` or lies outside 1970 to :data:`LATEST`."""
    if not isinstance(value, str) or len(value) > MAX_ISO_CHARS:
        return None
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    try:
        return when if datetime(1970, 1, 1, tzinfo=UTC) <= when < LATEST else None
    except (ValueError, OverflowError):
        return None


# The names the package face exports (the face renames nothing).
json_from_outside = loads

__all__ = ["json_from_outside", "OutsideValue", "time_from_epoch", "time_from_iso"]
