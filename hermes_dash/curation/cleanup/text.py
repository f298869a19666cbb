"""Texts a proposal writes: a merge that keeps every fact, a shorter wording, a word-level diff.

Both rewrites are checked against the distinctive tokens of what they replace
(:func:`.facts.missing`): a merge or a shortening that would drop a number, path, version or
name is not proposed in that form.
"""

from __future__ import annotations

import re

from hermes_dash.engine.views.diff import word_diff as engine_word_diff

from . import facts

_SENTENCE = re.compile(r"(?<=[.!?;])\s+|\n+")
_WORD = re.compile(r"\w+")
_STOP = frozenset(
    "a an and are as at be by for from has have in is it its of on or that the this to was were will with".split()
)


def _content(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.casefold()) if w not in _STOP}


def merge_text(a: str, b: str) -> str:
    """The longer entry, plus each sentence of the shorter one that says something it does not
    (a content word or a distinctive token it lacks). Every distinctive token of both is kept:
    a sentence holding one the longer text lacks is always added."""
    longer, shorter = (a, b) if len(a) >= len(b) else (b, a)
    if shorter.casefold() in longer.casefold():
        return longer
    have = _content(longer)
    text = longer
    extra: list[str] = []
    for sentence in (s.strip() for s in _SENTENCE.split(shorter)):
        words = _content(sentence)
        if not sentence or not words:
            continue
        lacks = facts.missing(sentence, text + " " + " ".join(extra))
        if lacks or len(words - have) / len(words) > 0.5:
            extra.append(sentence)
            have |= words
    if not extra:
        return longer
    joiner = "\n" if "\n" in longer else " "
    head = longer if longer.rstrip()[-1:] in ".!?;:" else longer.rstrip() + "."
    return head + joiner + " ".join(extra)


# -- shorter wording ----------------------------------------------------------------------------

# Phrases that add no fact: dropped or put shorter. Text in `backticks` is never touched.
_FILLER = re.compile(
    r"\b(?:it\s+is\s+(?:important|worth)\s+(?:to\s+)?(?:note|noting|remember)(?:ing)?\s+that"
    r"|(?:please\s+)?note\s+that|keep\s+in\s+mind\s+that|make\s+sure\s+(?:to|that)|basically"
    r"|actually|really|very|simply|just)\s+(\w)",
    re.IGNORECASE,
)
_PHRASES = (
    (re.compile(r"\b(i)n\s+order\s+to\b", re.IGNORECASE), lambda m: "To" if m.group(1) == "I" else "to"),
    (re.compile(r"\bdue\s+to\s+the\s+fact\s+that\b", re.IGNORECASE), lambda m: "because"),
    (re.compile(r"\bis\s+able\s+to\b", re.IGNORECASE), lambda m: "can"),
    (re.compile(r"\bat\s+this\s+point\s+in\s+time\b", re.IGNORECASE), lambda m: "now"),
    (re.compile(r"\ba\s+number\s+of\b", re.IGNORECASE), lambda m: "several"),
    (re.compile(r"\band\s+also\b", re.IGNORECASE), lambda m: "and"),
    (re.compile(r"\bfor\s+example\b", re.IGNORECASE), lambda m: "e.g."),
    (re.compile(r"\bthat\s+is\s+to\s+say\b", re.IGNORECASE), lambda m: "i.e."),
)
_CODE = re.compile(r"(`[^`]*`)")
#: Any phrase a rule above rewrites, or a run of spaces: an entry with none is left as it is
#: without trying each rule (a file of thousands of entries is shortened in one pass).
_WORK = re.compile(
    r"[ \t]{2,}|[ \t]\n|\n{3}|\b(?:note|keep|make|basically|actually|really|very|simply|just|"
    r"in\s+order|due\s+to|is\s+able|at\s+this|a\s+number|and\s+also|for\s+example|"
    r"that\s+is|it\s+is)\b",
    re.IGNORECASE,
)


def _drop_filler(match: re.Match[str]) -> str:
    first = match.group(1)  # "Note that the API ..." -> "The API ...": the opening hands over its capital
    return first.upper() if match.group(0)[0].isupper() else first


def shorten(entry: str) -> str:
    """The entry with the same facts in fewer characters: runs of spaces and blank lines
    collapsed, filler ("note that", "basically", "very") dropped, long phrases put short ("in
    order to" -> "to", "due to the fact that" -> "because"). Deterministic; code in backticks
    is left as it is; the entry itself when a rewrite would lose a distinctive token."""
    if not _WORK.search(entry):
        return entry.strip()
    parts = _CODE.split(entry)
    for i in range(0, len(parts), 2):  # the even parts are outside backticks
        text = re.sub(r"[ \t]+\n", "\n", parts[i])
        text = re.sub(r"\n{3,}", "\n\n", text)
        text = re.sub(r"(?<=\S)[ \t]{2,}", " ", text)
        text = _FILLER.sub(_drop_filler, text)
        for rx, put in _PHRASES:
            text = rx.sub(put, text)
        parts[i] = text
    short = "".join(parts).strip()
    if short and short[0].islower() and entry[:1].isupper():
        short = short[0].upper() + short[1:]
    return short if short and (short == entry or not facts.missing(entry, short)) else entry


# -- word-level diff ----------------------------------------------------------------------------


def word_diff(old: str, new: str) -> list[tuple[str, str]]:
    """(kind, text) pieces turning ``old`` into ``new`` word by word: kind is "same", "gone"
    or "new"; the spaces between words go with the pieces. The engine's diff, which compares at
    most a bounded middle (an unbounded comparison of a megabyte entry stalled Cleanup for
    minutes: tests/ui/test_app_page_caps.py)."""
    return list(engine_word_diff(old, new))
