"""Every check a model's proposal passes before a person sees it as verified (docs/cleanup.md#checks).

The entries it names must be entries of the files (the agent's matching rules); a merged or
condensed text must keep every distinctive token of what it replaces (the local method's
tokens) and add no value of its own; it must pass the agent's content scan, hermes-dash's
hidden-text and secret checks, and the result must fit the file's limit. A failed check makes
the finding unverified, each problem in one sentence; a finding naming text that is not in the
files is dropped (None).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hermes_dash import FileState, Operation
from hermes_dash.engine.rules.batchplan import pin_batch
from hermes_dash.engine.rules.format import FILENAMES, TARGETS
from hermes_dash.engine.rules.matching import find
from hermes_dash.engine.rules.ops import project
from hermes_dash.engine.rules.scan import describe_findings, scan

from .. import invisible, secrets
from .facts import missing, tokens
from .values import values

Entry = tuple[str, str]  # (target, full text)
WHY_CHARS = 500
_DIGITS = re.compile(r"\d+")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}\b)")  # 5,432 is 5432


@dataclass(frozen=True)
class Finding:
    """One proposal of the model, resolved to the files' entries, with what the checks found."""

    kind: str
    entries: tuple[Entry, ...]
    keep: Entry | None
    merged: str | None
    why: str
    problems: tuple[str, ...] = ()

    @property
    def verified(self) -> bool:
        return not self.problems

    @property
    def targets(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(t for t, _ in self.entries))

    @property
    def anchor(self) -> Entry | None:
        """The entry that stays (as it is, or as ``merged``): ``keep``, else the first."""
        return self.keep or (self.entries[0] if self.entries else None)

    def operations(self) -> list[tuple[str, dict[str, str]]]:
        """(target, operation) pairs, each pinned to an entry's full text."""
        if self.kind == "outdated" and self.merged is None:
            return [(t, {"action": "remove", "old_text": e, "expect_entry": e}) for t, e in self.entries]
        anchor = self.anchor
        if anchor is None:
            return []
        t, text = anchor
        out = []
        if self.merged is not None and self.merged != text:
            out.append((t, {"action": "replace", "old_text": text, "expect_entry": text, "content": self.merged}))
        out += [
            (u, {"action": "remove", "old_text": e, "expect_entry": e}) for u, e in self.entries if (u, e) != anchor
        ]
        return out

    def to_dict(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "entries": [{"file": FILENAMES[t], "target": t, "text": e} for t, e in self.entries],
            "keep": self.keep[1] if self.keep else None,
            "merged": self.merged,
            "why": self.why,
            "verified": self.verified,
            "problems": list(self.problems),
        }


def resolve(text: str, files: dict[str, FileState]) -> Entry | None:
    """The entry ``text`` names: exactly an entry, else the one entry the agent's matching hits."""
    text = text.strip()
    if not text:
        return None
    for t in TARGETS:
        if text in files[t].entries:
            return t, text
    for t in TARGETS:
        entries = list(files[t].entries)
        hit = find(entries, text)
        if hit.target is not None:
            return t, entries[hit.target]
    return None


def _text(value: object) -> str | None:
    return value.strip() if isinstance(value, str) and value.strip() else None


def _word_at(text: str, start: int, end: int) -> str:
    """The whole word around ``text[start:end]``, for naming what is dropped (``25th``, ``£10k``)."""
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    while end < len(text) and not text[end].isspace():
        end += 1
    return text[start:end].strip(".,;:()[]\"'")


def dropped_values(text: str, merged: str) -> set[str]:
    """The values of ``text`` that ``merged`` gives neither as a value (``16 cm`` = ``160 mm``,
    ``2h`` = ``two hours``) nor in its words, and every number of ``text`` outside such a value
    that ``merged`` does not hold (a date, a time, a part of an identifier)."""
    kept = {v.value for v in values(merged)}
    numbers = set(_DIGITS.findall(_THOUSANDS.sub("", merged)))
    folded = merged.casefold()
    out, covered = set(), []
    for v in values(text):
        if v.value in kept or text[v.start : v.end].casefold() in folded:
            covered.append((v.start, v.end))
        else:
            out.add(_word_at(text, v.start, v.end))
    for m in _DIGITS.finditer(text):
        if m.group(0) not in numbers and not any(a <= m.start() < b for a, b in covered):
            out.add(_word_at(text, m.start(), m.end()))
    return out


def _named(text: str, token: str) -> str:
    """A dropped token named as the word it stands in (``2026-11-30T14:05Z``, not ``30t14``)."""
    at = text.casefold().find(token)
    return _word_at(text, at, at + len(token)) if at >= 0 else token


def token_problems(merged: str, replaced: list[str], all_texts: list[str]) -> list[str]:
    """Each distinctive token or value a replaced entry has and ``merged`` drops; each value it adds."""
    dropped = {_named(text, w) for text in replaced for w in missing(text, merged)}
    dropped |= {w for text in replaced for w in dropped_values(text, merged)}
    problems = [f"drops {w}" for w in sorted(dropped)]
    have = " ".join(all_texts).casefold().replace(",", "")
    said = {v.value for text in all_texts for v in values(text)}
    same = [merged[v.start : v.end].casefold() for v in values(merged) if v.value in said]
    added = sorted(
        {
            v
            for kind, v in tokens(merged)[0]
            if kind != "qual" and v not in have and not any(v in surface for surface in same)
        }
    )
    problems += [f"adds {v}, which no entry it replaces says" for v in added]
    return problems


def text_problems(merged: str) -> list[str]:
    """What the agent's scan, the hidden-text check and the secret check say of ``merged``."""
    out = []
    if found := scan(merged):
        out.append(f"the agent's content scan would block it ({describe_findings(found)})")
    if hidden := invisible.find_hidden(merged):
        out.append(f"it holds hidden text: {invisible.describe(hidden)}")
    if kinds := secrets.kinds(merged):
        out.append(f"it holds what looks like a secret ({', '.join(kinds)})")
    return out


def _shape_problems(kind: str, entries: list[Entry], keep: Entry | None, merged: str | None) -> list[str]:
    out = []
    if kind in ("duplicate", "contradiction") and len(set(entries)) < 2:
        out.append(f"a {kind} needs two entries; it names one")
    if kind == "contradiction" and keep is None:
        out.append("it does not say which entry to keep: choose one")
    if kind == "condense" and merged is None:
        out.append("it gives no shorter text")
    return out


def _fits(finding: Finding, files: dict[str, FileState]) -> list[str]:
    """The finding's write, projected on each file it changes: over the limit or refused."""
    out = []
    by_target: dict[str, list[dict[str, str]]] = {}
    for t, op in finding.operations():
        by_target.setdefault(t, []).append(op)
    for t, ops in by_target.items():
        state = files[t]
        projected = project(state.entries, Operation.batch(pin_batch(ops)), state.limit)
        if projected.refusal is not None and projected.refusal.code != "blocked":  # the scan is said above
            out.append(f"{state.filename} would refuse it: {projected.refusal.message}")
    return out


def check_finding(item: dict[str, object], files: dict[str, FileState], claimed: set[Entry]) -> Finding | None:
    """``item`` (one of the answer's findings) checked; None when it names text not in the files."""
    kind = str(item.get("kind") or "")
    named = item.get("entries")
    texts = [t for t in named if isinstance(t, str)] if isinstance(named, list) else []
    entries = [resolve(t, files) for t in texts]
    if not texts or any(e is None for e in entries):
        return None
    found = list(dict.fromkeys(e for e in entries if e is not None))
    keep_text, merged = _text(item.get("keep")), _text(item.get("merged"))
    keep = resolve(keep_text, files) if keep_text else None
    why = (_text(item.get("why")) or "")[:WHY_CHARS]
    problems = [] if kind in ("duplicate", "contradiction", "outdated", "condense") else [f"unknown kind {kind!r}"]
    if keep_text and keep not in found:
        problems.append("its entry to keep is not one of the entries it names")
        keep = None
    problems += _shape_problems(kind, found, keep, merged)
    if merged is not None:
        replaced = [keep[1]] if kind == "contradiction" and keep else [e for _, e in found]
        problems += token_problems(merged, replaced, [e for _, e in found])
        problems += text_problems(merged)
    if claimed.intersection(found):
        problems.append("an earlier finding already changes one of its entries")
    finding = Finding(kind, tuple(found), keep, merged, why, tuple(problems))
    return Finding(kind, tuple(found), keep, merged, why, tuple(problems + _fits(finding, files)))
