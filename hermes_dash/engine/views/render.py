"""The prompt blocks exactly as the agent injects them, and parsing them back (docs/rules.md#snapshot).

``render_block`` is what the *next* session will see; ``parse_prompt`` recovers the entries a
*running* session sees from the full system prompt stored in ``state.db``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hermes_dash.engine.rules import scan as _scan
from hermes_dash.engine.rules.format import DELIMITER, TARGETS, percent, split_entries
from hermes_dash.engine.rules.targets import TABLE, Target

RULE = "═" * 46
_TARGET_OF_TITLE = {t.title: t.key for t in TABLE}
_HEADER = re.compile(
    rf"^(?P<title>{'|'.join(re.escape(t.title) for t in TABLE)}) "
    r"\[(?P<pct>\d+)% — (?P<used>[\d,]+)/(?P<limit>-?[\d,]+) chars(?P<over> ⚠ OVER BUDGET)?\]$"
)
_NOTE = re.compile(
    r"\n\n\[\.\.\. [\d,]+ chars truncated — memory over budget \([\d,]+/-?[\d,]+\); "
    r"consolidate via memory\(action=remove/replace\) \.\.\.\]\n\n"
)


def sanitise(entries: list[str] | tuple[str, ...], target: str) -> list[str]:
    """Entries as injected: those that fail the scan become ``[BLOCKED: ...]`` placeholders."""
    from hermes_dash.engine.agents import active

    spec = Target.of(target)
    filename = spec.filename
    remove_call = active().blocked_remove_call.format(target=spec.key)
    out = []
    for entry in entries:
        # An entry longer than the scan's reach is scanned on its first 65,536 characters, as the
        # agent does: no release blocks an entry for its size.
        if not entry or entry.startswith("[BLOCKED:"):
            out.append(entry)
        elif findings := _scan.scan(entry):
            out.append(
                f"[BLOCKED: {filename} entry contained threat pattern(s): {', '.join(findings)}. "
                f"Removed from system prompt; use {remove_call} to delete the original.]"
            )
        else:
            out.append(entry)
    return out


def render_cap(limit: int) -> int:
    """Where one unreleased upstream commit cut an over-budget block (only to read such a prompt
    back from state.db: no release cuts, and :func:`render_block` never does)."""
    return max(2 * limit, 4000)


def render_block(target: str, entries: list[str] | tuple[str, ...], limit: int) -> str:
    """One block as the agent renders it; "" for an empty store (no block at all).

    An over-budget store is injected in full, with no mark in its header, as every release does
    (it logs a warning; the pages show theirs beside the block, never inside it)."""
    if not entries:
        return ""
    content = DELIMITER.join(sanitise(entries, target))
    used = len(content)
    header = f"{Target.of(target).title} [{percent(used, limit)}% — {used:,}/{limit:,} chars]"
    return f"{RULE}\n{header}\n{RULE}\n{content}"


def render_prompt(blocks: dict[str, str]) -> str:
    """The MEMORY block, a blank line, the USER block; absent blocks left out."""
    return "\n\n".join(blocks[t] for t in TARGETS if blocks.get(t))


@dataclass(frozen=True)
class ParsedBlock:
    """A block found in a system prompt: its entries as injected, and its header figures."""

    target: str
    entries: tuple[str, ...]
    used: int
    limit: int
    truncated: bool
    text: str


def parse_prompt(prompt: str) -> dict[str, ParsedBlock]:
    """Find the MEMORY and USER blocks in a full system prompt.

    The header states the block's length, so the block's end is known exactly even though
    other prompt sections follow it; a truncated block is its head, the note, and its tail.
    """
    found: dict[str, ParsedBlock] = {}
    lines_start = 0
    while True:
        at = prompt.find(RULE + "\n", lines_start)
        if at < 0:
            return found
        lines_start = at + 1
        header_start = at + len(RULE) + 1
        header_end = prompt.find("\n", header_start)
        if header_end < 0:
            return found
        match = _HEADER.match(prompt[header_start:header_end])
        if not match or not prompt.startswith(RULE + "\n", header_end + 1):
            continue
        target = _TARGET_OF_TITLE[match["title"]]
        used, limit = int(match["used"].replace(",", "")), int(match["limit"].replace(",", ""))
        body_start = header_end + 1 + len(RULE) + 1
        cap = render_cap(limit)
        # Releases inject an over-budget block in full; only the unreleased commit that cut
        # blocks left a note at the cut, so a block is read as cut only where that note is.
        note = _NOTE.match(prompt, body_start + int(cap * 0.7)) if used > cap else None
        truncated = note is not None
        if note is not None:
            head_end = note.start()
            tail_end = note.end() + int(cap * 0.2)
            body = prompt[body_start:head_end] + DELIMITER + prompt[note.end() : tail_end]
            text = prompt[body_start:tail_end]
        elif body_start + used <= len(prompt):
            body = text = prompt[body_start : body_start + used]
        else:  # the header claims more text than the prompt holds: not a block
            continue
        found.setdefault(target, ParsedBlock(target, tuple(split_entries(body)), used, limit, truncated, text))
        # Continue after this block's text: an entry that quotes a block header must not be
        # taken for the next block.
        lines_start = body_start + len(text)


__all__ = ["parse_prompt", "render_block", "render_prompt", "sanitise"]
