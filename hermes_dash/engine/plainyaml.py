"""The common shape of ``config.yaml`` read without PyYAML: importing it is a fifth of a
command's start-up (``show``: about 15 ms of its regular expressions and tables; docs/performance.md).

:func:`read` takes only a strict, line-by-line subset of YAML: block mappings whose keys are
plain names, block sequences of scalars, and scalars that YAML 1.1 (PyYAML's ``safe_load``)
resolves in one way only: decimal integers without leading zeros, decimals with a dot,
``true``/``false``, ``null``/``~``, single-quoted text, double-quoted text without escapes, ``[]``
and ``{}``, plain text that starts with a letter and holds no YAML indicator, and paths. That is what the
agent writes (``yaml.dump`` of its config) and what people type. Anything else, and anything
this reader is not sure of (``yes``/``on`` booleans, octal-looking numbers, anchors, tags,
flow collections, line breaks other than LF, tabs, text PyYAML would refuse), gives
:data:`UNSURE`, and the caller parses the file with PyYAML as before. Whatever it accepts it
reads exactly as ``yaml.safe_load`` does (tests/engine/test_plainyaml.py compares the two).
"""

from __future__ import annotations

import re

#: What :func:`read` returns when the text is not in its subset: parse it with PyYAML.
UNSURE = object()

_KEY = r"[A-Za-z_][A-Za-z0-9_-]*"
# A line: indentation, then "key:" with an optional value, or "- value".
_MAPPING_LINE = re.compile(rf"( *)({_KEY}):(?: +(.*?))? *")
_SEQUENCE_LINE = re.compile(r"( *)- +(.*?) *")
_COMMENT_OR_BLANK = re.compile(r" *(?:#.*)?")
# A scalar, then nothing or a comment (which YAML starts with whitespace and "#").
# Short numbers only: a long one is PyYAML's to build (or refuse: 5,000 digits are too many for int()).
_INT = re.compile(r"(?:0|-?[1-9][0-9]{0,17})(?= +#|$)")
_FLOAT = re.compile(r"-?(?:0|[1-9][0-9]{0,14})\.[0-9]{1,15}(?= +#|$)")
# A ":" inside plain text is text unless a space (or the line's end) follows it.
_WORD = re.compile(r"[A-Za-z](?:[A-Za-z0-9_./@+-]|:(?=[^ ]))*(?: (?:[A-Za-z0-9_./@+()-]|:(?=[^ ]))+)*(?= +#|$)")
_UNIT = re.compile(r"[1-9][0-9]*(?![eE])[A-Za-z]+(?= +#|$)")  # "5m", "30s": text (YAML's numbers need no letter)
_PATH = re.compile(r"[./~](?:[A-Za-z0-9_./@+~-]|:(?=[^ ]))*(?= +#|$)")  # ".", "/srv/x", "~/.hermes"
_SINGLE = re.compile(r"'((?:[^']|'')*)'(?= +#|$)")
_DOUBLE = re.compile(r'"([^"\\]*)"(?= +#|$)')
_EMPTY = re.compile(r"(\[\]|\{\})(?= +#|$)")
_AFTER = re.compile(r"(?: +#.*)?")
_BOOLS = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_NULLS = {"null", "Null", "NULL"}
_FLOAT_STARTS = {f".{d}" for d in "0123456789"}
#: Plain words YAML 1.1 reads as something other than text; a key or value that is one is left to PyYAML.
_NOT_TEXT = {"yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF", "y", "Y", "n", "N"}
# Characters PyYAML's reader takes (its NON_PRINTABLE, less the breaks it reads as line ends),
# and not the byte-order mark, which it treats apart.
_ODD = re.compile("[^\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]")
MAX_DEPTH = 50


class _Unsure(Exception):
    pass


def _scalar(text: str) -> object:
    """One value as YAML 1.1 resolves it, or _Unsure."""
    for pattern, build in ((_INT, int), (_FLOAT, float)):
        match = pattern.match(text)
        if match:
            _rest(text, match.end())
            return build(match.group())
    match = _WORD.match(text)
    if match:
        _rest(text, match.end())
        word = match.group()
        if word in _NOT_TEXT:
            raise _Unsure
        if word in _BOOLS:
            return _BOOLS[word]
        return None if word in _NULLS else word
    match = _UNIT.match(text)
    if match:
        _rest(text, match.end())
        return match.group()
    match = _PATH.match(text)
    if match:
        _rest(text, match.end())
        path = match.group()
        if path == "~":
            return None
        if path[:2] in _FLOAT_STARTS or path.lower() in (".inf", ".nan"):
            raise _Unsure  # ".5", ".inf": numbers to YAML
        return path
    for pattern in (_SINGLE, _DOUBLE, _EMPTY):
        match = pattern.match(text)
        if match:
            _rest(text, match.end())
            if pattern is _SINGLE:
                return match.group(1).replace("''", "'")
            if pattern is _DOUBLE:
                return match.group(1)
            return [] if match.group(1) == "[]" else {}
    raise _Unsure


def _rest(text: str, end: int) -> None:
    if not _AFTER.fullmatch(text, end):
        raise _Unsure


def read(text: str) -> object:
    """``yaml.safe_load(text)`` (an empty document as ``{}``), or :data:`UNSURE`."""
    if _ODD.search(text):
        return UNSURE
    try:
        return _read(text)
    except (_Unsure, RecursionError):
        return UNSURE


def _read(text: str) -> object:
    lines = [line for line in text.split("\n") if not _COMMENT_OR_BLANK.fullmatch(line)]
    if not lines:
        return {}
    value, end = _block(lines, 0, 0, 0)
    if end != len(lines):
        raise _Unsure
    return value or {}


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _block(lines: list[str], start: int, indent: int, depth: int) -> tuple[object, int]:
    """The mapping (or sequence) whose lines start at ``start``, indented ``indent``; and the
    index of the first line after it."""
    if depth > MAX_DEPTH:
        raise _Unsure
    if _SEQUENCE_LINE.fullmatch(lines[start]):
        return _sequence(lines, start, indent, depth)
    out: dict[str, object] = {}
    i = start
    while i < len(lines):
        line = lines[i]
        here = _indent(line)
        if here < indent:
            break
        match = _MAPPING_LINE.fullmatch(line)
        if here > indent or match is None:
            raise _Unsure
        key, rest = match.group(2), match.group(3)
        if key in _NOT_TEXT or key in _BOOLS or key in _NULLS:
            raise _Unsure  # a key YAML 1.1 reads as true, false or null
        i += 1
        if rest is not None and not rest.startswith("#"):
            out[key] = _scalar(rest)
            continue
        # "key:" alone: what follows, more indented (or a sequence at the same indentation)
        if i < len(lines) and (_indent(lines[i]) > indent or
                               (_indent(lines[i]) == indent and _SEQUENCE_LINE.fullmatch(lines[i]))):
            out[key], i = _block(lines, i, _indent(lines[i]), depth + 1)
        else:
            out[key] = None
    return out, i


def _sequence(lines: list[str], start: int, indent: int, depth: int) -> tuple[list[object], int]:
    items: list[object] = []
    i = start
    while i < len(lines):
        line = lines[i]
        here = _indent(line)
        if here < indent:
            break
        match = _SEQUENCE_LINE.fullmatch(line)
        if here > indent or match is None:
            if here == indent and _MAPPING_LINE.fullmatch(line):
                break  # the parent mapping's next key (a sequence at the key's own indentation)
            raise _Unsure
        value = match.group(2)
        if value.startswith("#"):
            raise _Unsure
        column = match.start(2)  # where the text after "- " starts
        if _MAPPING_LINE.fullmatch(" " * column + value):  # "- key: value": a mapping as the item
            lines[i] = " " * column + value
            item, i = _block(lines, i, column, depth + 1)
            items.append(item)
            continue
        items.append(_scalar(value))
        i += 1
    return items, i
