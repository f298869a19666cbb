"""Small display pieces shared by the pages. Entry text is only ever shown as plain text.

Plain text means ``st.dataframe`` cells, ``st.code`` and ``st.text``: never ``st.markdown``,
``st.write`` of a string, alert bodies or HTML, because an entry may hold ``![x](http://..)``
or ``<img src=..>`` and rendering it would make the browser fetch that address. Our own fixed
wording (titles, numbers) may use markdown; a path, a file or profile name or an id inside such
wording goes through :func:`lit` (a folder can be named like a markdown image too).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Literal

import pandas as pd
import streamlit as st

from hermes_dash import FileState, Refusal
from hermes_dash.engine.rules.format import FILENAMES, percent, usage
from hermes_dash.engine.rules.format import level as level  # on the ui face: the gauges' one fullness level
from hermes_dash.engine.views.humanize import n_entries

from ._tables import brief, cut, details, entry_grids

if TYPE_CHECKING:
    import pyarrow as pa

CHARS_PER_TOKEN = 4
# Longest text shown in an expander: its body is sent on every rerun even when collapsed, so a
# 1 MB hand-written entry would cost a megabyte per click. The rest is offered as a download.
FULL_TEXT_CHARS = 20_000


_LEVEL_LOOK = {"calm": ("green", "OK"), "warning": ("orange", "Getting full"), "alarm": ("red", "Nearly full")}


def share(used: int, limit: int) -> int:
    """The file's percentage of its limit: the agent's (whole percent, rounded down) within the
    limit; over it, the real share, rounded and at least 101 (a capped "100%" hid how far over)."""
    if used <= limit or limit <= 0:
        return percent(used, limit)
    return max(101, (used * 200 + limit) // (2 * limit))


def over_by(used: int, limit: int) -> str:
    """``"over by 96"`` (characters past the limit); ``""`` within it."""
    return f"over by {used - limit:,}" if used > limit else ""


def percent_text(used: int, limit: int) -> str:
    """The one percentage shown for a file everywhere, and how far over the limit it is:
    ``"91%"``, ``"107%, over by 96"``."""
    over = over_by(used, limit)
    return f"{share(used, limit)}%" + (f", {over}" if over else "")


def tokens(chars: int) -> int:
    return -(-chars // CHARS_PER_TOKEN)


# The bar's colour for each state: each has at least 3:1 contrast against the light theme's white
# and the dark theme's near-black background alike (WCAG's rule for a graphic), so one colour
# serves both themes. Over the limit and broken are striped too: the state is not colour alone.
BAR_COLOURS = {
    "ok": "#21883f",
    "near-full": "#c25e00",
    "edited": "#c25e00",
    "full": "#d62d20",
    "over": "#d62d20",
    "broken": "#d62d20",
}
_STRIPES = "repeating-linear-gradient(135deg, {c} 0 8px, #8a1610 8px 12px)"


def gauge_state(used: int, limit: int, *, drifted: bool = False, broken: bool = False) -> str:
    """``ok``, ``near-full`` (from 80 %), ``full`` (from 95 %), ``over`` (over the limit),
    ``broken`` (cannot be written) or ``edited`` (by hand, otherwise ok): what the bar shows."""
    if broken:
        return "broken"
    if limit <= 0 or used > limit:
        return "over"
    lvl = level(used, limit)
    if lvl == "alarm":
        return "full"
    if lvl == "warning":
        return "near-full"
    return "edited" if drifted else "ok"


def bar_html(pct: int, state: str, label: str) -> str:
    """The gauge's bar: our own markup (no entry text), a progress bar for screen readers with
    the same one percentage the figures say, drawn in the state's colour."""
    colour = BAR_COLOURS[state]
    stripes = f"background-image:{_STRIPES.format(c=colour)};" if state in ("over", "broken") else ""
    width = 100 if state in ("over", "broken") else max(0, min(100, pct))
    return (
        f'<div class="hd-bar" data-state="{state}" role="progressbar" aria-valuemin="0" aria-valuemax="100" '
        f'aria-valuenow="{min(pct, 100)}" aria-valuetext="{pct}%, {label}" aria-label="{label}" '
        'style="height:0.5rem;border-radius:0.25rem;background:rgba(128,128,128,0.25);overflow:hidden;'
        'margin:0.25rem 0 0.5rem 0">'
        f'<div class="hd-bar-fill" style="height:100%;width:{width}%;background-color:{colour};{stripes}'
        'border-radius:0.25rem"></div></div>'
    )


def gauge(
    filename: str,
    used: int,
    limit: int,
    count: int,
    *,
    projected: int | None = None,
    projected_count: int | None = None,
    key: str | None = None,
    drifted: bool = False,
    broken: bool = False,
) -> str:
    """A capacity gauge; with ``projected``, the gauge shows the usage after an operation.

    The colour follows the state (green, orange, red), the bar's too (see :func:`gauge_state`): a
    file that cannot be written (``broken``) or is over its limit is red and striped, a
    hand-edited one (``drifted``) never "OK". One percentage in the badge, the figures and the bar
    alike: the agent's within the limit, the real share over it ("107%, over by 96"). Returns the
    level (``calm``/``warning``/``alarm``) of the figure shown.
    """
    shown, shown_count = (
        (used, count) if projected is None else (projected, projected_count if projected_count is not None else count)
    )
    lvl = level(shown, limit)
    color, word = _LEVEL_LOOK[lvl]
    over = shown > limit
    word = percent_text(shown, limit) if over else word
    if drifted and not over:  # a file the memory tool did not write is never simply "OK"
        color, word = ("orange" if lvl == "calm" else color), "Edited by hand"
    if broken:
        color, word = "red", "Cannot be written"
    pct = share(shown, limit)
    state = gauge_state(shown, limit, drifted=drifted, broken=broken)
    after = "" if projected is None else "After saving: "
    with st.container(border=True, key=None if key is None else f"{key}-hdlvl-{color}"):
        # Our own wording, figures and markup only (no entry text): markdown and HTML are safe here.
        # One element for title, figures and bar: every element costs the landing page's rerun time.
        st.markdown(
            f"**{filename}** :{color}-badge[{after}{word}]  \n"
            f":{color}[**{shown:,} / {limit:,} chars** · {percent_text(shown, limit)}] · {n_entries(shown_count)}"
            + "\n\n"
            + bar_html(
                pct, state, f"{after}{filename} " + (over_by(shown, limit) if over else f"{pct}% of its limit: {word}")
            ),
            unsafe_allow_html=True,
        )
        if projected is None:
            st.caption(
                f"≈ {tokens(used):,} tokens in every prompt (an estimate: about {CHARS_PER_TOKEN} characters per token)"
            )
        else:
            st.caption(
                f"{projected - used:+,} characters (now {used:,}) · ≈ {tokens(projected):,} tokens per "
                "prompt (an estimate)"
            )
    return lvl


def gauge_after(state: FileState, used: int, count: int, *, key: str, before: tuple[int, int] | None = None) -> str:
    """The one "after saving" gauge: ``state``'s file after a write, ``used`` characters in
    ``count`` entries, from its usage and count now (``before``: from these instead)."""
    now_used, now_count = before if before is not None else (state.usage, len(state.entries))
    return gauge(state.filename, now_used, state.limit, now_count, projected=used, projected_count=count, key=key)


def state_gauge(state: FileState, **kwargs: Any) -> str:
    return gauge(
        state.filename,
        state.usage,
        state.limit,
        len(state.entries),
        drifted=bool(state.drift),
        broken=bool(state.error),
        **kwargs,
    )


def lit(value: object) -> str:
    """``value`` (a path, a file or profile name, an id) as a markdown code span: shown exactly
    as written, never read as a link, an image, emphasis or one of Streamlit's directives.

    The fence is one backtick longer than any run of backticks inside, and line breaks become
    spaces (a blank line would end the span and let the rest be read as markdown).
    """
    text = " ".join(str(value).splitlines()) or " "
    fence = "`" * (max((len(run) for run in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text[0] == "`" or text[-1] == "`" else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def plain(text: str) -> None:
    """Show text exactly as written (no markdown, no HTML), wrapped."""
    st.code(text, language=None, wrap_lines=True)


def show_entry(text: str, *, max_chars: int | None = None) -> None:
    """One entry as plain text; with ``max_chars``, cut with a note saying how much is hidden."""
    if max_chars is not None and len(text) > max_chars:
        plain(text[:max_chars])
        st.caption(f"… {len(text) - max_chars:,} more characters not shown.")
    else:
        plain(text)


REFUSED = "**Refused: nothing was changed.**"


def refusal_text(refusal: Refusal) -> str:
    """The reason and the way out, as plain text (for a message body)."""
    return refusal.message + (f"\nWhat to do: {refusal.hint}" if refusal.hint else "")


def show_refusal(refusal: Refusal, title: str = REFUSED) -> None:
    """The engine's reason and hint under ``title`` (our own wording, markdown): a write that was
    refused, or with another title one that a preview says would be. The reason and the hint may
    quote entry text, so both are plain text."""
    with st.container(border=True):
        st.error(title)
        st.text(refusal.message)
        if refusal.hint:
            st.text("What to do: " + refusal.hint)


def share_of_file(chars: int, file_chars: int) -> float:
    """An entry's share of its file's characters, in percent (one decimal): never above 100, and
    the entries of a file add up to about 100 (the § separators make the rest). How full the file
    is against its limit is the gauge's one figure, not this column's."""
    return round(min(chars, file_chars) / file_chars * 100, 1) if file_chars > 0 else 0.0


def flag_words(flag: str) -> str:
    """A flag as a table cell says it: the content scan's rule ids ("scan: hardcoded_secret") in
    words a newcomer reads ("the agent's scan blocks it: hardcoded secret")."""
    from hermes_dash.curation.hints import SCAN_FLAG

    if flag.startswith(SCAN_FLAG):
        return "the agent's scan blocks it: " + flag.removeprefix(SCAN_FLAG).replace("_", " ")
    return flag


def entry_frame(
    entries: Sequence[str],
    limit: int,
    flags: Sequence[Sequence[str]] | None = None,
    indices: Sequence[int] | None = None,
    *,
    file_chars: int | None = None,
) -> pd.DataFrame:
    """The entry table: index, text (cut for display), characters, share of the file, flags,
    and the compact table's two: the entry cut to what a phone shows (``Brief``) and one column
    of figures and flags (``Details``).

    ``file_chars``: the whole file's characters (its usage), needed when ``entries`` is only some
    of the file's entries (a filtered table); by default ``entries`` is the whole file. ``limit`` is
    not part of the share: a share of the limit went above 100 % in an over-full file.
    """
    indices = list(range(len(entries))) if indices is None else list(indices)
    flags = [[flag_words(x) for x in f] for f in (flags or [()] * len(entries))]
    total = usage(list(entries)) if file_chars is None else file_chars
    shares = [share_of_file(len(e), total) for e in entries]
    return pd.DataFrame(
        {
            "#": indices,
            "Entry": [cut(e) for e in entries],
            "Chars": [len(e) for e in entries],
            "Budget": shares,
            "Flags": [", ".join(f) for f in flags],
            "Details": [details(i, len(e), s, f) for i, e, s, f in zip(indices, entries, shares, flags)],
            "Brief": [brief(e) for e in entries],
        }
    )


def entry_table(frame: pd.DataFrame | pa.Table, *, key: str | None = None, height: int | None = None) -> None:
    """Show an :func:`entry_frame` (or its Arrow table): plain-text cells, taller rows so text
    wraps, the full or the compact layout as the width allows (see ``_tables``)."""
    entry_grids(frame, key=key, height=height)


def filename(target: str) -> str:
    return FILENAMES[target]


def _question(question: str, detail: str, show: Callable[[], None] | None, yes: str, key: str) -> tuple[bool, bool]:
    """The question (a warning), what it is about (``show``), and its two buttons in one row:
    (yes clicked, Cancel clicked). Drawn alike on the page and in a dialog."""
    st.warning(f"**{question}**" + (f" {detail}" if detail else ""))
    if show is not None:
        show()
    with st.container(horizontal=True, gap="small", key=f"{key}_buttons"):
        said_yes = st.button(yes, key=f"{key}_yes", type="primary")
        said_no = st.button("Cancel", key=f"{key}_no")
    return said_yes, said_no


def confirm(
    flag: str,
    token: object,
    question: str,
    *,
    yes: str,
    key: str,
    detail: str = "",
    show: Callable[[], None] | None = None,
) -> bool:
    """Ask ``question`` while ``st.session_state[flag] == token`` (a button set it); True on yes.

    A confirmation drawn from a session-state flag, not a dialog opened by a button: AppTest
    cannot click inside those. ``show`` draws what the question is about (an entry, say) between
    the question and the buttons. Buttons are ``{key}_yes`` (primary, first) and ``{key}_no``
    right beside it, left-aligned in one row (container ``{key}_buttons``), wrapping only when the
    page is too narrow for both; either clears the flag.
    """
    if st.session_state.get(flag) != token:
        return False
    said_yes, said_no = _question(question, detail, show, yes, key)
    if said_no:
        del st.session_state[flag]
        st.rerun()
    if said_yes:
        del st.session_state[flag]
        return True
    return False


def ask(
    flag: str,
    token: object,
    question: str,
    *,
    yes: str,
    key: str,
    then: Callable[[], object],
    detail: str = "",
    show: Callable[[], None] | None = None,
    width: Literal["small", "medium", "large"] = "large",
    title: str = "Check before it is written",
) -> None:
    """:func:`confirm` in a dialog: while ``st.session_state[flag] == token`` the question opens
    over the page, where the eye is, with the focus inside; Yes calls ``then`` (a write, which
    reruns the page), Cancel, Escape or the close button clears the flag.

    The dialog's ``title`` names the step; the question is the warning inside, as in :func:`confirm`.
    Opened from a session-state flag, never by the button itself: AppTest cannot click inside a
    dialog that a button opened. A dialog reruns on its own when a button inside is clicked, so
    the write is ``then``, called inside it (a refusal is then shown inside the dialog too).
    """
    if st.session_state.get(flag) != token:
        return

    def dismissed() -> None:
        st.session_state.pop(flag, None)

    @st.dialog(title, width=width, on_dismiss=dismissed)
    def dialog() -> None:
        said_yes, said_no = _question(question, detail, show, yes, key)  # the question, said once
        if said_no:
            dismissed()
            st.rerun()
        if said_yes:
            dismissed()
            then()

    dialog()


def after_text(filename: str, used: int, limit: int, count: int) -> str:
    """``"MEMORY.md after: 1,200 / 2,200 characters (55%), 7 entries"``: the usage a write would leave."""
    return f"{filename} after: {used:,} / {limit:,} characters ({percent_text(used, limit)}), {n_entries(count)}"


def then_and_now(then_label: str, then: Callable[[], object], now_label: str, now: Callable[[], object]) -> None:
    """Two versions side by side, each under its caption: what was seen, and what is there now."""
    left, right = st.columns(2)
    with left:
        st.caption(then_label)
        then()
    with right:
        st.caption(now_label)
        now()
