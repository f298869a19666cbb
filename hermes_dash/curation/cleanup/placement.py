"""Which file an entry reads as belonging in: MEMORY.md (the world) or USER.md (the person)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .model import PlacementHint

_PREFERENCE_CUES: tuple[tuple[str, str], ...] = (
    ("mentions the user", r"\b(?:the\s+)?user(?:'s)?\b"),
    (
        "a preference",
        r"\b(?:prefers?|preferred|preference|likes?|dislikes?|loves?|hates?|favou?rite|"
        r"wants?|would\s+rather|doesn't\s+like|does\s+not\s+like)\b",
    ),
    (
        "communication style",
        r"\b(?:tone|concise|verbose|brief|terse|formal|informal|friendly|emoji|"
        r"explanations?|communicat\w*|style|wording|jargon)\b",
    ),
    ("how to answer", r"\b(?:respond|reply|answer|address|call)\s+(?:me|him|her|them|in|with|as)\b"),
    (
        "personal context",
        r"\b(?:my\s+name|name\s+is|i\s+am|i'm|timezone|time\s+zone|pronouns?|"
        r"lives?\s+in|works?\s+as|native\s+language|speaks?)\b",
    ),
)
_ENVIRONMENT_CUES: tuple[tuple[str, str], ...] = (
    ("a path", r"(?:^|[\s`'\"(=:])(?:~|\.{0,2})/[\w.-]+(?:/[\w.-]+)*"),
    ("a port", r"\bport\s*:?\s*\d{2,5}\b|\b(?:localhost|127\.0\.0\.1|0\.0\.0\.0)(?::\d{2,5})?\b|:\d{4,5}\b"),
    ("a version", r"\bv?\d+\.\d+(?:\.\d+)*\b"),
    (
        "a command",
        r"`[^`\n]+`|\$\s|\b(?:npm|npx|pip|uv|git|docker|make|pytest|cargo|apt(?:-get)?|sudo|"
        r"systemctl|kubectl|brew|poetry|yarn|pnpm|go\s+(?:build|test|run)|python3?\s+-m)\b",
    ),
    ("a config or env setting", r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\.(?:ya?ml|toml|json|ini|env|cfg|conf)\b"),
)
_PREF_RE = tuple((why, re.compile(p, re.IGNORECASE)) for why, p in _PREFERENCE_CUES)
_ENV_RE = tuple((why, re.compile(p)) for why, p in _ENVIRONMENT_CUES)


def cues(entry: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(preference cues, environment cues) found in ``entry``."""
    return (
        tuple(why for why, rx in _PREF_RE if rx.search(entry)),
        tuple(why for why, rx in _ENV_RE if rx.search(entry)),
    )


def placement_of(entry: str) -> str | None:
    """``user`` when the entry reads like a personal preference, ``memory`` when it reads like an
    environment fact, None when it is unclear. Two cues more than the other side are needed."""
    pref, env = cues(entry)
    if len(pref) >= 2 and len(pref) >= len(env) + 2:
        return "user"
    if len(env) >= 2 and len(env) >= len(pref) + 2:
        return "memory"
    return None


def placement_hints(memory: Sequence[str], user: Sequence[str]) -> list[PlacementHint]:
    hints = []
    for target, entries in (("memory", memory), ("user", user)):
        for entry in entries:
            where = placement_of(entry)
            if where and where != target:
                pref, env = cues(entry)
                hints.append(PlacementHint(target, entry, where, pref if where == "user" else env))
    return hints
