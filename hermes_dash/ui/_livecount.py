"""A character counter and the projected "after saving" bar that move while an entry is typed.

Streamlit's text boxes send their value to the server only when they lose focus or on
Ctrl+Enter, so nothing server-side can move per key press. This draws one line under the box
(the count, and what the file's usage would be after saving) and a small display-only script
in the page that recomputes it on every ``input`` event of that box. The script only reads the
box's value and writes our own figures into our own element: it sends nothing, stores nothing,
and never touches the box. The server-side preview (scan, match, refusal) still decides, on
blur, as before; without the script the line shows the figures of the value last sent.
"""

from __future__ import annotations

import html
import json

import streamlit as st

from hermes_dash.engine.rules.format import ALARM_AT, DELIMITER, WARN_AT, level
from hermes_dash.engine.views.humanize import n_of

from ._widgets import share

# One listener for the whole page (installed by the first counter drawn, kept across reruns):
# an input event in a box that a counter follows redraws that counter. Each counter's script
# also redraws every counter once, so a rerun (an agent write, a new pin) that changed the
# figures shows them at once against what is typed now. The text is measured as the engine
# does: stripped, in code points (Python's len), not UTF-16 units.
_SCRIPT = """<script>(() => {
  const fmt = n => n.toLocaleString('en-US');
  const draw = box => {
    const c = JSON.parse(box.dataset.hdLive);
    const name = JSON.stringify(c.label);
    const el = document.querySelector(`textarea[aria-label=${name}], input[aria-label=${name}]`);
    if (!el) return;
    const n = [...el.value.trim()].length;
    let line = n === 1 ? '1 character' : `${fmt(n)} characters`;
    let used = c.used;
    if (c.base !== null && n > 0) {
      used = c.base + n;
      const over = used - c.limit;
      // The real share over the limit, as the gauge says it (``_widgets.share``).
      const pct = c.limit <= 0 ? 0 : over > 0 ? Math.max(101, Math.round(used * 100 / c.limit))
        : Math.floor(used * 100 / c.limit);
      const word = over > 0 ? `over by ${fmt(over)}` : (c.limit <= 0 || used * 100 >= c.alarm * c.limit)
        ? 'Nearly full' : used * 100 >= c.warn * c.limit ? 'Getting full' : 'OK';
      const delta = used - c.used;
      const sign = delta >= 0 ? '+' : '−';
      line += ` · ${c.filename} after saving: ${fmt(used)} / ${fmt(c.limit)} chars · ${pct}%`
        + ` · ${word} (${sign}${fmt(Math.abs(delta))})`;
    }
    const text = box.querySelector('.hd-live-text');
    if (text.textContent !== line) text.textContent = line;
    const fill = box.querySelector('.hd-live-fill');
    const level = c.limit <= 0 || used > c.limit || used * 100 >= c.alarm * c.limit ? 'alarm'
      : used * 100 >= c.warn * c.limit ? 'warning' : 'calm';
    const width = (c.limit > 0 ? Math.min(100, used * 100 / c.limit) : 100) + '%';
    if (fill.style.width !== width) fill.style.width = width;
    if (fill.dataset.level !== level) fill.dataset.level = level;
    if (box.dataset.used !== String(used)) box.dataset.used = String(used);
  };
  const all = () => document.querySelectorAll('[data-hd-live]').forEach(draw);
  if (!window.__hdLiveCount) {
    window.__hdLiveCount = true;
    document.addEventListener('input', e => {
      const label = e.target && e.target.getAttribute && e.target.getAttribute('aria-label');
      if (!label) return;
      document.querySelectorAll('[data-hd-live]').forEach(box => {
        if (JSON.parse(box.dataset.hdLive).label === label) draw(box);
      });
    }, true);
    // A box Streamlit empties or fills itself (after a save, an entry opened in the panel) fires
    // no input event, and a counter drawn again with the same figures is not redrawn: the
    // counters follow their boxes four times a second as well (writing only what changed).
    setInterval(all, 250);
  }
  all();
})(); /* NONCE */</script>"""

_STYLE = """<style>
.hd-live { font-size: 0.875rem; opacity: 0.9; margin-top: -0.5rem; }
.hd-live-bar { height: 0.3rem; border-radius: 0.15rem; background: rgba(128, 128, 128, 0.25); margin-top: 0.2rem; }
.hd-live-fill { height: 100%; border-radius: 0.15rem; }
.hd-live-fill[data-level="calm"] { background: #21c354; }
.hd-live-fill[data-level="warning"] { background: #ffa421; }
.hd-live-fill[data-level="alarm"] { background: #ff4b4b; }
</style>"""


def live_count(
    label: str,
    value: str,
    *,
    filename: str,
    used: int,
    limit: int,
    count: int,
    replaces: str | None = None,
    adds: bool = True,
) -> None:
    """The counter under the text box labelled ``label`` (its value now: ``value``).

    ``adds``: the text becomes a new entry (usage grows by it and, when the file has entries,
    the delimiter). ``replaces``: the text replaces this entry (usage changes by the
    difference). Neither (``adds=False`` and no ``replaces``): the count alone, as when the
    entry to replace is not known yet.
    """
    if replaces is not None:
        base: int | None = used - len(replaces)
    elif adds:
        base = used + (len(DELIMITER) if count else 0)
    else:
        base = None
    config = {
        "label": label,
        "filename": filename,
        "used": used,
        "limit": limit,
        "base": base,
        "warn": WARN_AT,
        "alarm": ALARM_AT,
    }
    n = len(value.strip())
    after = used if base is None or n == 0 else base + n
    lvl = level(after, limit)
    words = n_of(n, "character")
    if base is not None and n:
        words += f" · {filename} after saving: {after:,} / {limit:,} chars · {share(after, limit)}%"
    width = min(100.0, after * 100 / limit) if limit > 0 else 100.0
    # Our own wording and figures only; the typed text never goes into the page from here.
    body = (
        f'{_STYLE}<div class="hd-live" data-hd-live="{html.escape(json.dumps(config))}" '
        f'aria-live="polite"><span class="hd-live-text">{html.escape(words)}</span>'
        f'<div class="hd-live-bar" aria-hidden="true"><div class="hd-live-fill" data-level="{lvl}" '
        f'style="width: {width:.1f}%"></div></div></div>'
    )
    st.html(
        body + _SCRIPT.replace("NONCE", html.escape(json.dumps(config)).replace("*/", "")), unsafe_allow_javascript=True
    )
