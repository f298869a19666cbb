"""Which entry an operation's ``old_text`` hits: the agent's substring matching, the pin to the
text a person saw, and the refusals when it hits none or several (docs/rules.md#operations)."""

from __future__ import annotations

from dataclasses import dataclass

from hermes_dash.engine.agents import active
from hermes_dash.engine.rules.errors import AmbiguousMatch, EntryChanged, NoMatch

PREVIEW_CHARS = 80


@dataclass(frozen=True)
class Match:
    """Which entries ``old_text`` hits: ``target`` is the index an operation would use, or None."""

    old_text: str
    indices: tuple[int, ...]
    target: int | None
    previews: tuple[str, ...]

    @property
    def kind(self) -> str:
        if self.target is not None:
            return "one"
        return "none" if not self.indices else "several"


def preview(entry: str) -> str:
    return entry[:PREVIEW_CHARS] + ("..." if len(entry) > PREVIEW_CHARS else "")


#: Typography a model re-types differently from the stored entry (0.22's matching): every quote
#: and backtick as ``'``, every dash and minus as ``-``.
_FOLD = str.maketrans(
    {
        **dict.fromkeys('"`\u2018\u2019\u201a\u201b\u201c\u201d\u201e\u201f', "'"),
        **dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2015\u2212", "-"),
    }
)


def fold(text: str) -> str:
    """``text`` as 0.22 compares it when nothing matches literally: quotes and dashes folded, a
    literal backslash-n and every run of whitespace as one space."""
    return " ".join(text.replace("\\n", " ").translate(_FOLD).split())


def _hits(entries: list[str], old_text: str) -> tuple[int, ...]:
    """The entries containing ``old_text``; where the version in effect folds typography and
    none does literally, those containing it folded (never for a needle of punctuation and
    spaces alone, which would hit whole entries)."""
    literal = tuple(i for i, entry in enumerate(entries) if old_text in entry)
    if literal or not active().folds_typography:
        return literal
    needle = fold(old_text)
    if not any(c.isalnum() for c in needle):
        return ()
    return tuple(i for i, entry in enumerate(entries) if needle in fold(entry))


def find(entries: list[str], old_text: str) -> Match:
    """The agent's matching: the entries containing ``old_text`` must all be the same text (then
    the first is used). Where the agent version in effect has the exact-match rule (0.22), an
    entry equal to ``old_text`` wins over others containing it, and typography is folded when
    nothing matches literally (:func:`_hits`; docs/agents.md)."""
    old_text = old_text.strip()
    if not old_text:  # "" is in every entry; an empty search hits nothing rather than "several"
        return Match(old_text, (), None, ())
    exact_wins = active().exact_match_wins
    equal = tuple(i for i, entry in enumerate(entries) if entry == old_text) if exact_wins else ()
    indices = equal or _hits(entries, old_text)
    if not indices:
        return Match(old_text, indices, None, ())
    exact = equal[0] if equal else None
    distinct = {entries[i] for i in indices}
    target = exact if exact is not None else (indices[0] if len(distinct) == 1 else None)
    previews = tuple(preview(t) for t in dict.fromkeys(entries[i] for i in indices))
    return Match(old_text, indices, target, previews)


def resolve(entries: list[str], old_text: str, *, where: str = "") -> int:
    """Index of the entry an operation on ``old_text`` targets, or a NoMatch/AmbiguousMatch refusal."""
    match = find(entries, old_text)
    if match.target is not None:
        return match.target
    if not match.indices:
        raise NoMatch(
            f"{where}No entry contains {match.old_text!r}.",
            hint="Check the entry list and use a piece of the exact text of the entry you mean.",
        )
    listing = "; ".join(f"[{i}] {preview(entries[i])}" for i in dict.fromkeys(match.indices))
    raise AmbiguousMatch(
        f"{where}{match.old_text!r} is in {len(match.previews)} different entries: {listing}",
        hint="Use a longer piece of text that only the entry you mean contains.",
        matches=list(match.previews),
    )


def locate(entries: list[str], old_text: str, expect_entry: str | None = None, *, where: str = "") -> int:
    """Index of the entry a replace/remove targets; pinned to ``expect_entry`` when given.

    Unpinned, this is the agent's matching (:func:`resolve`). Pinned, the entry ``old_text``
    hits must be exactly ``expect_entry``, else :class:`EntryChanged` with the text it has now.
    When ``old_text`` has become ambiguous but the pinned entry is still one of the hits, the
    pin says which one the caller meant, so it is used.
    """
    if expect_entry is None:
        return resolve(entries, old_text, where=where)
    match = find(entries, old_text)
    if match.target is not None and entries[match.target] == expect_entry:
        return match.target
    if match.target is None and expect_entry in (entries[i] for i in match.indices):
        return entries.index(expect_entry)
    current = entries[match.target] if match.target is not None else None
    if current is not None:
        what = (
            f"The entry this change was aimed at is no longer in the file as it was shown: "
            f"{preview(expect_entry)!r}; it now reads {preview(current)!r}."
        )
    elif match.indices:
        what = (
            f"{match.old_text!r} is now in {len(match.previews)} different entries, and none is the entry this "
            f"change was aimed at, which is no longer in the file: {preview(expect_entry)!r}."
        )
    else:
        what = (
            f"No entry contains {match.old_text!r} any more: the entry this change was aimed at is no longer "
            f"in the file: {preview(expect_entry)!r}."
        )
    raise EntryChanged(
        f"{where}{what} Nothing was changed.",
        hint="Someone (the agent, another tab) changed it meanwhile. Compare the two versions, then apply "
        "your change to the current text or drop it.",
        expected=expect_entry,
        current=current,
        index=match.target,
    )


__all__ = ["find", "fold", "Match"]
