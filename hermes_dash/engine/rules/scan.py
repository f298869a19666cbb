"""The agent's content scan for text injected into every system prompt (docs/rules.md#scan).

Invisible characters are looked for in the raw text; every other rule runs case-insensitively
on the NFKC-normalised text (full-width letters fold to ASCII). Only the first 65,536
characters are scanned, as the agent does, so a 10 MB paste cannot stall anything: every
gap in the patterns below is bounded for the same reason.
"""

from __future__ import annotations

import re
from functools import cache

from hermes_dash.engine.views.humanize import agreeing

MAX_SCAN_CHARS = 65_536

INVISIBLE = frozenset(
    "\u200b\u200c\u200d\u2060\u2062\u2063\u2064\ufeff\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)

_W = r"(?:\w+\s+){0,8}"  # "a few words": up to eight words in between
_LINE = r"[^\n]{0,2048}"  # "then on the same line"
_EDIT = rf"(?:update|modify|edit|write|change|append|add\s+to)\s+{_LINE}"
#: 0.18.0 to 0.20.1: any name *containing* KEY, TOKEN, SECRET, PASSWORD, CREDENTIAL or API, so
#: ``curl $TRILLIUM_ETAPI_URL/notes`` is refused. 0.22: the name must *end* in one of the first
#: five (an optional S), so it passes.
_SECRET_VAR_018 = r"\$\{?\w*(?:KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL|API)"
_SECRET_VAR_022 = r"\$\{?\w*(?:KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL)S?\b"
_TRANSLATE_018 = r"translate\s+[^\n]{0,512}\s+into\s+[^\n]{0,512}\s+and\s+(?:execute|run|eval)"
#: 0.22: the language is one to three words, and the verb a whole word.
_TRANSLATE_022 = r"translate\s+[^\n]{0,512}\s+into\s+\w+(?:[\s-]+\w+){0,2}\s+and\s+(?:execute|run|eval)\b"
_SSH_018 = r"\$HOME/\.ssh|~/\.ssh"
#: 0.22: a write verb, a redirect or ``open(`` before the path ("check ~/.ssh is 700" passes).
_SSH_022 = (
    r"(?:\b(?:echo|cat|cp|mv|dd|tee|install|printf|rsync|scp|ln|append|add|write"
    r"|sed|chmod|chown|truncate|rm|touch|curl|wget|git)\b|\bopen\s*\(|>>?)"
    r"[^\n]{0,512}(?:\$HOME/\.ssh|~/\.ssh)"
)
_SECRET_018 = r"(?:api[_-]?key|token|secret|password)\s*[=:]\s*[\"'][A-Za-z0-9+/=_-]{20,}"
#: 0.22: a value that is itself a variable's name in capitals (``"MY_APP_PASSWORD"``) passes; the
#: look-ahead is case-sensitive inside a case-insensitive pattern (``(?-i:...)``).
_SECRET_022 = (
    r"(?:api[_-]?key|token|secret|password)\s*[=:]\s*[\"']"
    r"(?!(?-i:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)[\"'])"
    r"[A-Za-z0-9+/=_-]{20,}"
)


def _rules(secret_var: str, translate: str, ssh: str, secret: str) -> tuple[tuple[str, str], ...]:
    """(rule id, pattern) in the order findings are reported; the arguments are the four rules
    that differ between pattern sets."""
    return (
        # injection
        ("prompt_injection", rf"ignore\s+{_W}(?:previous|all|above|prior)\s+{_W}instructions"),
        ("sys_prompt_override", r"system\s+prompt\s+override"),
        ("disregard_rules", rf"disregard\s+{_W}(?:your|all|any)\s+{_W}(?:instructions|rules|guidelines)"),
        (
            "bypass_restrictions",
            rf"act\s+as\s+(?:if|though)\s+{_W}you\s+{_W}(?:have\s+no|don't\s+have)\s+{_W}(?:restrictions|limits|rules)",
        ),
        # the word may sit inside a longer one: "<!-- systematic -->" is refused
        ("html_comment_injection", r"<!--[^>]{0,512}(?:ignore|override|system|secret|hidden)[^>]{0,512}-->"),
        ("hidden_div", r"<\s*div\s+style\s*=\s*[\"'][^>]{0,2048}display\s*:\s*none"),
        ("translate_execute", translate),
        ("deception_hide", rf"do\s+not\s+{_W}tell\s+{_W}the\s+user"),
        # role and promptware
        ("role_hijack", rf"you\s+are\s+{_W}now\s+(?:a|an|the)\s+"),
        ("role_pretend", rf"pretend\s+{_W}(?:you\s+are|to\s+be)\s+"),
        ("leak_system_prompt", rf"output\s+{_W}(?:system|initial)\s+prompt"),
        ("remove_filters", rf"(?:respond|answer|reply)\s+without\s+{_W}(?:restrictions|limitations|filters|safety)"),
        ("fake_update", rf"you\s+have\s+been\s+{_W}(?:updated|upgraded|patched)\s+to"),
        ("identity_override", r"\bname\s+yourself\s+\w+"),
        ("c2_node_registration", r"register\s+(?:as\s+)?a?\s*node"),
        ("c2_heartbeat", r"(?:heartbeat|beacon|check[\s-]?in)\s+(?:to|with)\s+"),
        ("c2_task_pull", r"pull\s+(?:down\s+)?(?:new\s+)?task(?:ing|s)?\b"),
        ("c2_network_connect", r"connect\s+to\s+the\s+network\b"),
        ("forced_action", r"you\s+must\s+(?:\w+\s+){0,3}(?:register|connect|report|beacon)\b"),
        ("anti_forensic_oneliner", r"only\s+use\s+one[\s-]?liners?\b"),
        ("anti_forensic_disk", rf"never\s+{_W}(?:create|write)\s+{_W}(?:script|file)\s+{_W}disk"),
        ("env_var_unset_agent", r"unset\s+\w*(?:CLAUDE|CODEX|HERMES|AGENT|OPENAI|ANTHROPIC)\w*"),
        ("known_c2_framework", r"\b(?:cobalt\s*strike|sliver|havoc|mythic|metasploit|brainworm)\b"),
        ("c2_explicit", r"\bc2\s+(?:server|channel|infrastructure|beacon)\b"),
        ("c2_explicit_long", r"\bcommand\s+and\s+control\b"),
        # exfiltration
        ("exfil_curl", rf"curl\s+{_LINE}{secret_var}"),
        ("exfil_wget", rf"wget\s+{_LINE}{secret_var}"),
        ("read_secrets", rf"cat\s+{_LINE}(?:\.env|credentials|\.netrc|\.pgpass|\.npmrc|\.pypirc)"),
        ("send_to_url", rf"(?:send|post|upload|transmit)\s+{_LINE}\s+(?:to|at)\s+https?://"),
        (
            "context_exfil",
            rf"(?:include|output|print|share)\s+{_W}(?:conversation|chat\s+history|previous\s+messages|full\s+context|entire\s+context)",
        ),
        # persistence and secrets
        ("ssh_backdoor", r"authorized_keys"),
        ("ssh_access", ssh),
        ("hermes_env", r"\$HOME/\.hermes/\.env|~/\.hermes/\.env"),
        ("agent_config_mod", rf"{_EDIT}(?:AGENTS\.md|CLAUDE\.md|\.cursorrules|\.clinerules)"),
        ("hermes_config_mod", rf"{_EDIT}\.hermes/(?:config\.yaml|SOUL\.md)"),
        ("hardcoded_secret", secret),
    )


#: Pattern set -> its rules. Which set an agent version uses is a column of ``agents.TABLE``.
PATTERN_SETS: dict[str, tuple[tuple[str, str], ...]] = {
    "0.18": _rules(_SECRET_VAR_018, _TRANSLATE_018, _SSH_018, _SECRET_018),  # 0.18.0 to 0.20.1
    "0.22": _rules(_SECRET_VAR_022, _TRANSLATE_022, _SSH_022, _SECRET_022),
}
#: The set of the newest known release (what an unknown agent is assumed to run).
RULES = PATTERN_SETS["0.18"]

RULE_IDS = tuple(rule_id for rule_id, _ in RULES)


@cache
def _compiled(pattern_set: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    # Compiled on first use so `python -m hermes_dash show` never pays for it.
    return tuple((rule_id, re.compile(pattern, re.IGNORECASE)) for rule_id, pattern in PATTERN_SETS[pattern_set])


@cache
def _compiled_lower(pattern_set: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The same rules, lower-cased and case-sensitive, for ASCII text already lower-cased: on
    ASCII the two find the same (the characters IGNORECASE adds, like U+0131 for "i", are not
    ASCII), and a case-sensitive pattern skips ahead to its first letter instead of trying every
    position (5x faster on a 100-character entry). A pattern with an escape that lower-casing
    would change (``\\S`` into ``\\s``, ``\\D``, ``\\B``, ``\\N{...}``) keeps its own
    case and IGNORECASE: on lower-cased ASCII it finds what it finds on the text itself (a
    backslash then a capital: an escape whose case is its meaning). A pattern with a
    case-sensitive part (``(?-i:...)``) is marked to run on the text itself: lower-cased, its
    capitals would never match."""
    return tuple(
        (
            rule_id,
            re.compile(pattern, re.IGNORECASE)
            if re.search(r"\\[A-Z]|\(\?-i:", pattern)
            else re.compile(pattern.lower()),
        )
        for rule_id, pattern in PATTERN_SETS[pattern_set]
    )


def _ascii_findings(head: str, pattern_set: str) -> tuple[str, ...]:
    lowered = head.lower()
    return tuple(
        rule_id
        for rule_id, pattern in _compiled_lower(pattern_set)
        if pattern.search(head if "(?-i:" in pattern.pattern else lowered)
    )


def scan(text: str, pattern_set: str | None = None) -> tuple[str, ...]:
    """Findings for ``text``: invisible characters (by code point), then rule ids in order.

    ``pattern_set``: a key of :data:`PATTERN_SETS`; by default the one of the agent version in
    effect (``agents.active()``)."""
    if not text:
        return ()
    if pattern_set is None:
        from hermes_dash.engine.agents import active

        pattern_set = active().scan
    head = text[:MAX_SCAN_CHARS]
    if head.isascii():  # no invisible character, and NFKC leaves ASCII as it is
        return _ascii_findings(head, pattern_set)
    findings = [f"invisible_unicode_U+{ord(ch):04X}" for ch in sorted(set(head) & INVISIBLE)]
    import unicodedata  # here: a command that scans nothing (show) need not load its tables (~1 ms)

    folded = unicodedata.normalize("NFKC", head)
    findings.extend(rule_id for rule_id, pattern in _compiled(pattern_set) if pattern.search(folded))
    return tuple(findings)


def describe(findings: tuple[str, ...]) -> str:
    """One sentence naming what the scan found, for refusals and table flags."""
    invisible = [f.removeprefix("invisible_unicode_") for f in findings if f.startswith("invisible_unicode_")]
    rules = [f for f in findings if not f.startswith("invisible_unicode_")]
    parts = []
    if invisible:
        parts.append(agreeing(len(invisible), "invisible character ", "invisible characters ") + ", ".join(invisible))
    if rules:
        parts.append(agreeing(len(rules), "threat pattern ", "threat patterns ") + ", ".join(rules))
    return " and ".join(parts)


#: The name the package face exports (the face re-exports, never renames).
describe_findings = describe

__all__ = ["describe_findings", "INVISIBLE", "MAX_SCAN_CHARS", "scan"]
