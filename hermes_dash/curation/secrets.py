"""Secret-looking strings in memory text: where they are, so an export can blank them whole and
the Overview and ``check`` can flag the entry.

Detection is Yelp's ``detect-secrets`` (its regex detectors, its keyword detector, its entropy
measure and its false-positive heuristics), used as a library on strings, under hermes-dash's
own patterns for what it lacks in prose (docs/safety.md#secrets). Every finding is a span, so
redaction blanks exactly that text: a private key's whole ``BEGIN`` … ``END`` block, a
``user:password`` pair, a token's full length. Nothing here reads files, calls the network
(detect-secrets' verification is never reached: only its string functions are called) or
keeps state, so pages may call it from any thread.

This is hermes-dash's own warning, separate from the agent's content scan
(engine/rules/scan.py), which decides what the agent blocks and is kept exactly as the agent's.
"""

from __future__ import annotations

import math
import re
import time
from dataclasses import dataclass
from functools import lru_cache

from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class
from detect_secrets.filters import heuristic
from detect_secrets.plugins.base import RegexBasedDetector
from detect_secrets.plugins.high_entropy_strings import Base64HighEntropyString
from detect_secrets.plugins.keyword import DENYLIST, REGEX_BY_FILETYPE, KeywordDetector
from detect_secrets.plugins.private_key import PrivateKeyDetector
from detect_secrets.util.filetype import FileType

from hermes_dash.engine.rules.scan import MAX_SCAN_CHARS

REDACTED = "[REDACTED]"
DETECTOR = "detect-secrets"
OWN = "hermes-dash"

#: Characters of one text that are scanned (and exported when redacting): the agent's scan's.
MAX_CHARS = MAX_SCAN_CHARS
#: One text is scanned for at most this long, checked between windows (a window costs at most
#: its square: about 0.4 s for 4,096 characters of `sk-` on a loaded machine). Past it the rest
#: of the text is one finding of its own, so an export blanks it and `check` flags it: text
#: that was not scanned is never passed as clean.
SCAN_SECONDS = 2.0
NOT_SCANNED = "Text not scanned in time"
#: One command (`check`, `export --redact`) scans for at most this long in all (the text under
#: way when it runs out keeps its own SCAN_SECONDS): each text after it is one NOT_SCANNED
#: finding, unread. 250 entries of 65,536 characters of `sk-` took `check` 500 s before.
COMMAND_SCAN_SECONDS = 10.0
#: Text is scanned in windows this long, overlapping by OVERLAP characters (see find_secrets).
WINDOW = 4096
OVERLAP = 1024
#: detect-secrets detectors whose hits are not credentials in a memory entry.
_NOT_SECRETS = frozenset({"IPPublicDetector"})
#: A private key's block ends at its END line; one cut short runs to the end of the text.
_KEY_END = re.compile(r"-----END [A-Z0-9 ]*-----|\Z")
_KEY_BEGIN = re.compile(r"-----BEGIN [A-Z0-9 ]*(?:PRIVATE KEY|PRIVATE KEY BLOCK)-----|PuTTY-User-Key-File-\d")
#: Characters a regex detector takes as context around a token, not part of it.
_EDGE = " \t\r\n=:\"'"

#: hermes-dash's own patterns: shapes detect-secrets has no detector for (or only inside a
#: config file of one kind), and credentials written as prose. The span is group "v" if there
#: is one, else the whole match.
_OWN: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern, flags))
    for kind, pattern, flags in (
        ("Private Key", _KEY_BEGIN.pattern, 0),
        ("Stripe Key", r"\b[spr]k_(?:live|test)_[A-Za-z0-9]{8,}", 0),
        ("OpenAI / Anthropic Key", r"\bsk-(?:proj-|ant-|svcacct-|admin-)?(?=[A-Za-z_-]*\d)[A-Za-z0-9_-]{16,}", 0),
        ("GitHub Token", r"\bgh[pousr]_[A-Za-z0-9]{20,}|\bgithub_pat_[A-Za-z0-9_]{20,}", 0),
        ("GitLab Token", r"\bgl(?:pat|dt|ft|soat|rt|cbt|imt|ptt|oas)-[A-Za-z0-9_-]{20,}", 0),
        ("Hugging Face Token", r"\bhf_[A-Za-z0-9]{30,}", 0),
        ("npm Token", r"\bnpm_[A-Za-z0-9]{30,}", 0),
        ("PyPI Token", r"\bpypi-[A-Za-z0-9_-]{50,}", 0),
        ("SendGrid Key", r"\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}", 0),
        ("Google OAuth Secret", r"\bGOCSPX-[A-Za-z0-9_-]{20,}", 0),
        ("Google API Key", r"\bAIza[0-9A-Za-z_-]{35}\b", 0),
        ("Slack Token", r"\bxox[abeoprs]-[A-Za-z0-9-]{10,}", 0),
        ("Slack Webhook", r"https://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9_/]+", 0),
        ("Discord Webhook", r"https://(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/\d+/[\w-]+", 0),
        ("JSON Web Token", r"\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}", 0),
        # An HTTP credential after its scheme word: Bearer, Basic, Token, Digest.
        (
            "Authorization Header",
            r"\b(?:Authorization\s*:\s*)?(?:Bearer|Basic|Token|Digest)\s+(?P<v>[A-Za-z0-9._~+/=-]{12,})",
            re.IGNORECASE,
        ),
        ("Password in URL", r"(?<=://)(?P<v>[^/\s:@]+:[^/\s@]+)(?=@)", 0),
        # name = value, name: value (a name ending in key, token, secret, password, ...), the value
        # with a digit or 16 characters long ("hotkey: ctrl+shift" is not one). No pattern for the
        # name's start: `[\w.-]*` before the word backtracks on a long run of them.
        (
            "Secret Assignment",
            r"(?:api[_-]?key|key|token|secret|password|passwd|pwd|credential)s?[\"']?\s*[=:]\s*"
            r"[\"']?(?P<v>(?=[^\s\"',;]*\d|[^\s\"',;]{16})[^\s\"',;]{6,})",
            re.IGNORECASE,
        ),
        # Prose: "the wifi password is X", "passphrase: X", "PIN was X". The value needs a
        # character that is not a letter, so "the password is in the vault" stays.
        (
            "Password in Prose",
            r"\b(?:pass(?:word|phrase|code)|passwd|pin|secret|token|api[ _-]?key)s?"
            r"(?:\s+(?:is|was|are|=)\s+|\s*[:=]\s*)[\"'“]?(?P<v>(?=[^\s\"'”]*[^A-Za-z\s\"'”.,;:!?)])[^\s\"'”]{4,})",
            re.IGNORECASE,
        ),
        # A passphrase is words: after "passphrase:" the rest of the sentence goes.
        ("Passphrase", r"\bpassphrase\s*(?:is|was|[:=])\s*[\"'“]?(?P<v>[^\s\"'”][^\n\"'”.;]{3,})", re.IGNORECASE),
    )
)

#: A keyword's value shorter than this is a word, not a secret ("secret: none").
MIN_VALUE = 6
#: Random text has short runs of lower-case letters (1.7 on average in base62); words in a
#: camelCase name have long ones.
MAX_LOWER_RUN = 3.0
_LOWER_RUN = re.compile(r"[a-z]+")
#: A bare token the entropy test looks at: a run of the base64/url-safe alphabet.
_TOKEN = re.compile(r"(?<![A-Za-z0-9+/=_.-])[A-Za-z0-9+/=_-]{20,}(?![A-Za-z0-9+/=_-])")
_HEX = re.compile(r"[0-9a-fA-F_-]+")
#: A token this long and random is a secret by detect-secrets' own limit (4.5 bits per char).
_ENTROPY = Base64HighEntropyString()
#: Shorter tokens cannot reach 4.5 bits; they need this share of the most their length allows.
ENTROPY_SHARE = 0.8


@dataclass(frozen=True)
class Finding:
    """One secret-looking span of a text: ``text[start:end]``."""

    start: int
    end: int
    kind: str  # what it looks like: "GitLab Token", "Private Key", "High Entropy String", ...
    by: str  # who found it: "detect-secrets" or "hermes-dash"


@lru_cache(maxsize=1)
def _regex_detectors() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Every regex of every detect-secrets detector (its maintained list of token shapes)."""
    out: list[tuple[str, re.Pattern[str]]] = []
    classes: dict[str, type] = get_mapping_from_secret_type_to_class()
    for kind, cls in sorted(classes.items()):
        if issubclass(cls, RegexBasedDetector) and cls.__name__ not in _NOT_SECRETS:
            out += [(kind, pattern) for pattern in cls.denylist]  # type: ignore[attr-defined]  # a class attribute, typed as a property
    return tuple(out)


def _span_of(match: re.Match[str]) -> tuple[int, int]:
    """The secret inside a detector's match: its last value group (one after a name, as in
    ``user:password@``), or the whole match when a group only names the kind (``ghp``)."""
    start, end = match.span()
    for group in range(match.re.groups, 0, -1):
        if match.group(group) and match.start(group) > start:
            start, end = match.span(group)
            break
    while start < end and match.string[start] in _EDGE:
        start += 1
    while end > start and match.string[end - 1] in _EDGE:
        end -= 1
    return start, end


def _key_block(text: str, start: int) -> tuple[int, int]:
    """A private key's whole block, from the start of its BEGIN line's marker to its END line."""
    begin = text.rfind("-----BEGIN", max(0, start - 40), start + 10)
    begin = begin if begin != -1 else start
    end = _KEY_END.search(text, start)
    return begin, end.end() if end else len(text)


def _dismissed(value: str, line: str) -> bool:
    """detect-secrets' own false-positive heuristics: ``abcdef``, UUIDs, ``${VAR}``, ``$x``, ``id=``."""
    return (
        heuristic.is_sequential_string(value)
        or heuristic.is_potential_uuid(value)
        or heuristic.is_templated_secret(value)
        or heuristic.is_prefixed_with_dollar_sign(value)
        or heuristic.is_not_alphanumeric_string(value)
        or heuristic.is_likely_id_string(value, line)
    )


def _high_entropy(token: str) -> bool:
    """A random-looking token: mixed case and digits, not hex (hashes and git SHAs are hex and
    everywhere in notes), not words run together (``AbstractFactoryBean2``), and near the most
    entropy its length allows."""
    if _HEX.fullmatch(token) or not (
        any(c.isupper() for c in token) and any(c.islower() for c in token) and any(c.isdigit() for c in token)
    ):
        return False
    runs = _LOWER_RUN.findall(token)
    if sum(map(len, runs)) / len(runs) > MAX_LOWER_RUN:
        return False
    limit = min(_ENTROPY.entropy_limit, ENTROPY_SHARE * math.log2(min(len(token), 64)))
    return _ENTROPY.calculate_shannon_entropy(token) >= limit


#: Any of the keyword detector's words: a line without one cannot match its patterns.
_ANY_KEYWORD = re.compile("|".join(DENYLIST), re.IGNORECASE)
_KEYWORDS = KeywordDetector()
_BY_CONFIG = REGEX_BY_FILETYPE[FileType.YAML]  # prose reads like `name: value`, unquoted
_WORD_RUN = re.compile(r"\w+")


def _tamed(line: str) -> str:
    r"""``line`` as the keyword detector may read it without backtracking for seconds.

    Its patterns read ``keyword \w* [^\s]{0,50}? ...``: from every keyword in a run of word
    characters, ``\w*`` runs to the run's end and gives it back a character at a time, so
    ``api_key`` repeated 580 times cost 5-6 s. A later keyword in the same run can match only
    where the first can (the first's ``\w*`` covers the same characters), so past a run's first
    keyword its characters become ``0``: a word character in every class the patterns test, and
    in no keyword. The same lines match, at the same places; each run is tried once."""
    out, at = [], 0
    for run in _WORD_RUN.finditer(line):
        first = _ANY_KEYWORD.search(line, run.start(), run.end())
        if first is None or _ANY_KEYWORD.search(line, first.start() + 1, run.end()) is None:
            continue
        out += [line[at : first.end()], "0" * (run.end() - first.end())]
        at = run.end()
    return "".join(out) + line[at:] if out else line


def _keyword_values(line: str) -> list[tuple[int, str]]:
    """What detect-secrets' keyword detector takes for values in ``line`` (its
    ``analyze_string``: each pattern's first match), with where each starts, read from the line
    itself after matching its tamed form."""
    tamed = _tamed(line)
    return [
        (match.start(group), line[match.start(group) : match.end(group)])
        for pattern, group in _BY_CONFIG.items()
        if (match := pattern.search(tamed))
    ]


def _line_findings(text: str) -> list[Finding]:
    """detect-secrets' keyword detector and the entropy test, line by line."""
    found = []
    offset = 0
    for line in text.splitlines(keepends=True):
        for at, value in _keyword_values(line) if _ANY_KEYWORD.search(line) else ():
            value = value.split()[0] if value.split() else ""  # unquoted: the value ends at a space
            if len(value) >= MIN_VALUE and not _dismissed(value, line):
                found.append(Finding(offset + at, offset + at + len(value), KeywordDetector.secret_type, DETECTOR))
        for match in _TOKEN.finditer(line):
            if _high_entropy(match[0]) and not _dismissed(match[0], line):
                found.append(Finding(offset + match.start(), offset + match.end(), "High Entropy String", DETECTOR))
        offset += len(line)
    return found


def _merge(found: list[Finding]) -> tuple[Finding, ...]:
    """Overlapping spans as one, kept by the earliest start (the first kind named wins)."""
    out: list[Finding] = []
    for item in sorted(found, key=lambda f: (f.start, -f.end)):
        if out and item.start < out[-1].end:
            last = out[-1]
            if item.end > last.end:
                out[-1] = Finding(last.start, item.end, last.kind, last.by)
            continue
        out.append(item)
    return tuple(out)


def _window_findings(text: str, window: str, offset: int) -> list[Finding]:
    """The findings of one window of ``text`` (which starts at ``offset``), in ``text``'s positions."""
    found: list[Finding] = []
    for kind, pattern in _regex_detectors():
        for match in pattern.finditer(window):
            if kind == PrivateKeyDetector.secret_type:
                start, end = _key_block(text, offset + match.start())
            else:
                start, end = (offset + at for at in _span_of(match))
                if end - start < 4:
                    continue
            found.append(Finding(start, end, kind, DETECTOR))
    for kind, pattern in _OWN:
        for match in pattern.finditer(window):
            if kind == "Private Key":
                start, end = _key_block(text, offset + match.start())
            else:
                start, end = (offset + at for at in (match.span("v") if "v" in pattern.groupindex else match.span()))
            if end > start and not ("v" in pattern.groupindex and _dismissed(text[start:end], match[0])):
                found.append(Finding(start, end, kind, OWN))
    found += [Finding(f.start + offset, f.end + offset, f.kind, f.by) for f in _line_findings(window)]
    return found


def deadline() -> float:
    """When one command's scan stops (:data:`COMMAND_SCAN_SECONDS` from now, ``time.monotonic``)."""
    return time.monotonic() + COMMAND_SCAN_SECONDS


def find_secrets(text: str, until: float | None = None) -> tuple[Finding, ...]:
    """Every secret-looking span of ``text``, merged where they overlap, in order.

    Long text is read in windows of :data:`WINDOW` characters that overlap by :data:`OVERLAP`
    (longer than any token shape), so a regex that backtracks (detect-secrets' npm one does, on
    ``//`` repeated) costs at most a window's square, not the text's. Answers are remembered (a
    page asks again on every rerun): 2,048 texts of up to a window, and the last 64 longer ones,
    so what is kept stays bounded (2,048 texts of 65,536 characters would be half a gigabyte).
    ``until`` (a command's :func:`deadline`): past it the whole text is one NOT_SCANNED finding.
    """
    if until is not None and text and time.monotonic() > until:
        return (Finding(0, len(text), NOT_SCANNED, OWN),)
    return _find_short(text) if len(text) <= WINDOW else _find_long(text)


@lru_cache(maxsize=2048)
def _find_short(text: str) -> tuple[Finding, ...]:
    return _find(text)


@lru_cache(maxsize=64)
def _find_long(text: str) -> tuple[Finding, ...]:
    return _find(text)


def _find(text: str) -> tuple[Finding, ...]:
    if REDACTED in text:  # an already redacted value is not found again
        text = text.replace(REDACTED, "\0" * len(REDACTED))
    found: list[Finding] = []
    deadline = time.monotonic() + SCAN_SECONDS
    for offset in range(0, max(len(text) - OVERLAP, 1), WINDOW - OVERLAP):
        if offset and time.monotonic() > deadline:  # the rest is one finding: blanked, flagged
            found.append(Finding(offset, len(text), NOT_SCANNED, OWN))
            break
        found += _window_findings(text, text[offset : offset + WINDOW], offset)
    return _merge([f for f in found if f.kind == NOT_SCANNED or "\0" not in text[f.start : f.end]])


def redact(text: str, until: float | None = None) -> tuple[str, int]:
    """``text`` with each secret-looking span replaced by ``[REDACTED]``, and how many were.

    Only the first :data:`MAX_CHARS` characters are scanned (as the agent's scan and ``check``
    read them); the rest is left out, said in one marker that counts as one redaction: text
    that was not scanned is never exported as if it had been."""
    head, rest = text[:MAX_CHARS], len(text) - MAX_CHARS
    found = find_secrets(head, until)
    out, at = [], 0
    for item in found:
        out += [head[at : item.start], REDACTED]
        at = item.end
    out.append(head[at:])
    if rest > 0:
        out.append(f" [NOT SCANNED: {rest:,} more characters left out]")
    return "".join(out), len(found) + (rest > 0)


def kinds(text: str, until: float | None = None) -> tuple[str, ...]:
    """What the secrets in ``text`` look like, each kind once, in order of appearance."""
    return tuple(dict.fromkeys(f.kind for f in find_secrets(text, until)))
