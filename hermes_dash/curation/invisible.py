"""Hidden text the agent's content scan lets through: hermes-dash's own warning, beyond the agent's.

The agent's scan (engine/rules/scan.py, kept exactly as the released agent has it) refuses a
short list of invisible characters. Others pass it and reach every prompt: Unicode tag
characters (U+E0000-U+E007F, which spell ASCII that no screen shows: "ASCII smuggling"), other
format characters (category Cf: U+2061, U+00AD, U+180E, U+200E, U+061C, ...), line and
paragraph separators (categories Zl, Zp: U+2028, U+2029, which break a line for the model and
for no screen), characters that draw nothing (a BLANK or FILLER in their Unicode name: U+2800,
U+3164, ...; and joiners such as U+034F), variation selectors used as a hidden alphabet, letters
of another script inside a Latin word (Cyrillic "а" in "pаypal"), and letters or digits that
NFKC folds to ASCII (fullwidth "ｐａｙ", mathematical "𝐩𝐚𝐲", the Kelvin sign): text that reads
as a word to a person and is other code points to a filter. And control characters (every C0
control but newline and tab, DEL, the C1 controls U+0080-U+009F: ``hermes_dash.CONTROLS``), which
the agent's scan lets through too and a terminal obeys: ESC, backspace or CSI can hide a line of
an entry from anyone who reads it with ``cat``. Newline and tab are how an entry is laid out.
This module finds them so the pages can flag the entry and ``check --strict`` can fail on it; it
blocks nothing by itself, and every message says it is hermes-dash's check, not the agent's.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from hermes_dash.engine.rules.scan import INVISIBLE, MAX_SCAN_CHARS
from hermes_dash.engine.text import CONTROLS, control_name
from hermes_dash.engine.views.humanize import n_of

#: Only the first this many characters are looked at, as the agent's scan does (a longer
#: entry is kept out of the prompt whole).
MAX_CHARS = MAX_SCAN_CHARS
#: Code points listed in a flag or a line of ``check``; the count says how many more.
SHOWN_CODE_POINTS = 8

TAGS = range(0xE0000, 0xE0080)
# Not format characters (category Cf), yet they draw nothing: the grapheme joiner, free variation
# selectors of Mongolian, Khmer inherent vowels. Fillers and blanks are found by their names.
_BLANK = frozenset([0x034F, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180F])
_BLANK_NAMES = ("BLANK", "FILLER")  # BRAILLE PATTERN BLANK, HANGUL FILLER, ...
_SEPARATORS = ("Zl", "Zp")  # a line break no screen shows as one
#: Categories whose NFKC fold to ASCII makes a look-alike: letters (not modifier letters such
#: as ʰ, which phonetics writes) and decimal digits (not ², ½, Ⅻ).
_FOLDED = ("Lu", "Ll", "Lt", "Lo", "Nd")
_WIDE_SCRIPTS = ("CJK", "HIRAGANA", "KATAKANA", "HANGUL")
_SELECTORS = (range(0xFE00, 0xFE0E), range(0xE0100, 0xE01F0))  # VS1-VS14, VS17-VS256
_EMOJI_SELECTORS = frozenset([0xFE0E, 0xFE0F])  # text / emoji presentation: normal after a symbol
_OTHER_SCRIPTS = ("CYRILLIC", "GREEK", "ARMENIAN", "CHEROKEE", "COPTIC")
_WORD = re.compile(r"[^\W\d_]{2,}")
_ALNUM = re.compile(r"[^\W_]+")

FLAG = "hidden text (hermes-dash, beyond the agent's scan): "  # followed by the code points


@dataclass(frozen=True)
class HiddenText:
    """What an entry hides from a reader but not from the model."""

    invisible: tuple[int, ...]  # distinct invisible code points, in order of first appearance
    invisible_count: int  # every occurrence
    lookalikes: tuple[tuple[int, str], ...]  # (code point, the word it sits in), distinct
    tag_text: str  # what the tag characters spell, as ASCII ("" when there are none)
    #: (code point, the word it sits in) for letters and digits NFKC folds to ASCII: ｐ, 𝐩, K
    folded: tuple[tuple[int, str], ...] = ()
    controls: tuple[int, ...] = ()  # distinct control characters (CONTROLS), in order of first appearance
    control_count: int = 0  # every occurrence

    @property
    def code_points(self) -> tuple[int, ...]:
        looks = tuple(dict.fromkeys(cp for cp, _ in self.lookalikes + self.folded))
        return self.controls + self.invisible + looks


def label(cp: int) -> str:
    """``U+E0041 TAG LATIN CAPITAL LETTER A``; a control by its short name: ``U+001B ESC (control)``."""
    if CONTROLS.match(chr(cp)):
        return f"U+{cp:04X} {control_name(cp)} (control)"
    return f"U+{cp:04X} {unicodedata.name(chr(cp), 'unnamed')}"


def _invisible(cp: int, previous: int | None) -> bool:
    if chr(cp) in INVISIBLE:  # the agent's own scan refuses these already
        return False
    if cp in TAGS or cp in _BLANK or any(cp in r for r in _SELECTORS):
        return True
    if cp in _EMOJI_SELECTORS:  # hidden only when it follows nothing it could change, or another selector
        return previous is None or previous in _EMOJI_SELECTORS or unicodedata.category(chr(previous))[0] in "LNZC"
    return _draws_nothing(cp)


@lru_cache(maxsize=4096)
def _draws_nothing(cp: int) -> bool:
    """A format character, a line or paragraph separator, or one named BLANK or FILLER."""
    category = unicodedata.category(chr(cp))
    if category == "Cf" or category in _SEPARATORS:
        return True
    return category[0] != "P" and any(word in unicodedata.name(chr(cp), "").split() for word in _BLANK_NAMES)


@lru_cache(maxsize=4096)
def _wide(ch: str) -> bool:
    return unicodedata.name(ch, "").startswith(_WIDE_SCRIPTS)


@lru_cache(maxsize=4096)
def _folds_to_ascii(ch: str) -> bool:
    """A letter or digit that NFKC turns into ASCII: a look-alike of an ASCII one."""
    if unicodedata.category(ch) not in _FOLDED:
        return False
    folded = unicodedata.normalize("NFKC", ch)
    return folded != ch and folded.isascii() and folded.isalnum()


@lru_cache(maxsize=1024)
def find_hidden(text: str) -> HiddenText | None:
    """The hidden text in ``text`` (its first :data:`MAX_CHARS` characters); None when there is none."""
    text = text[:MAX_CHARS]
    controls: dict[int, None] = {}
    control_count = 0
    for match in CONTROLS.finditer(text):
        controls.setdefault(ord(match.group()))
        control_count += 1
    if text.isascii():
        return HiddenText((), 0, (), "", (), tuple(controls), control_count) if controls else None
    seen: dict[int, None] = {}
    count = 0
    previous: int | None = None
    for ch in text:
        cp = ord(ch)
        if cp > 0x7F and _invisible(cp, previous):
            seen.setdefault(cp)
            count += 1
        previous = cp
    looks: dict[tuple[int, str], None] = {}
    for word in _WORD.findall(text):
        if word.isascii():
            continue
        scripts = [unicodedata.name(c, "").split(" ", 1)[0] for c in word]
        if "LATIN" in scripts:
            for c, script in zip(word, scripts):
                if script in _OTHER_SCRIPTS:
                    looks.setdefault((ord(c), word))
    folded: dict[tuple[int, str], None] = {}
    for word in _ALNUM.findall(text):
        if word.isascii():
            continue
        found = [c for c in dict.fromkeys(word) if c > "\x7f" and _folds_to_ascii(c)]
        # Fullwidth digits and letters are ordinary inside Chinese, Japanese or Korean words (２０２６年).
        if found and not any(_wide(c) for c in dict.fromkeys(word)):
            for c in found:
                folded.setdefault((ord(c), word))
    if not seen and not looks and not folded and not controls:
        return None
    tags = "".join(chr(cp - 0xE0000) for cp in map(ord, text) if 0xE0020 <= cp <= 0xE007E)
    return HiddenText(tuple(seen), count, tuple(looks), tags, tuple(folded), tuple(controls), control_count)


def short(found: HiddenText) -> str:
    """The code points, for a table flag: ``U+E0041, U+200E, …``."""
    cps = found.code_points
    shown = ", ".join(f"U+{cp:04X}" for cp in cps[:SHOWN_CODE_POINTS])
    return shown + (f" and {len(cps) - SHOWN_CODE_POINTS} more" if len(cps) > SHOWN_CODE_POINTS else "")


def describe(found: HiddenText) -> str:
    """One sentence naming every kind found, with the exact code points."""
    parts = []
    if found.controls:
        names = "; ".join(label(cp) for cp in found.controls[:SHOWN_CODE_POINTS])
        more = len(found.controls) - SHOWN_CODE_POINTS
        parts.append(
            f"{n_of(found.control_count, 'control character')} "
            f"({names}{f'; and {more} more' if more > 0 else ''}), which a terminal obeys instead of showing"
        )
    if found.invisible:
        names = "; ".join(label(cp) for cp in found.invisible[:SHOWN_CODE_POINTS])
        more = len(found.invisible) - SHOWN_CODE_POINTS
        parts.append(
            f"{n_of(found.invisible_count, 'invisible character')} ({names}{f'; and {more} more' if more > 0 else ''})"
        )
    if found.tag_text:
        parts.append(f"the tag characters spell {found.tag_text[:200]!r}")
    if found.lookalikes:
        items = "; ".join(f"{label(cp)} in {word[:40]!r}" for cp, word in found.lookalikes[:SHOWN_CODE_POINTS])
        parts.append(f"letters of another script inside Latin words ({items})")
    if found.folded:
        items = "; ".join(f"{label(cp)} in {word[:40]!r}" for cp, word in found.folded[:SHOWN_CODE_POINTS])
        more = len(found.folded) - SHOWN_CODE_POINTS
        parts.append(
            f"look-alike letters or digits that NFKC makes ASCII ({items}{f'; and {more} more' if more > 0 else ''})"
        )
    return (
        "hidden text the agent's content scan does not catch (hermes-dash's own check, beyond the "
        "agent's; the agent puts it into every prompt as written): " + ", ".join(parts)
    )
