"""Whether the page's last script run has come back: what a browser test waits for after an action.

A click, Enter in a box or a sidebar link sends the server a request for a run of the page; until
the server's answer arrives the page still looks finished (Streamlit marks the app running only
once the run has started), and on a loaded machine that answer took seconds: a test that read the
page meanwhile read the page before the action ("0 table stops for 2 tables"). So every browser
context the tests open carries ``TRACKER`` (``open_context``): it numbers each full-page run the
page asks for (a ``rerun_script`` BackMsg without a fragment id: the live fragment's checks every
second are not the person's) and each full run the server reports finished (a ForwardMsg
``script_finished`` FINISHED_SUCCESSFULLY or FINISHED_WITH_COMPILE_ERROR; a run stopped for a
rerun is not an answer, its rerun is). ``ANSWERED`` is true once the last finished run came after
the last one asked for; ``FLUSHED`` first lets a change Streamlit has not sent yet go out. The
field numbers are Streamlit's protobufs' (BackMsg.rerun_script 11, ClientState.fragment_id 5,
ForwardMsg.script_finished 6); tests/e2e/test_script_runs.py checks them against the installed
Streamlit.
"""

from __future__ import annotations

BACK_RERUN_SCRIPT = 11
CLIENT_FRAGMENT_ID = 5
FORWARD_SCRIPT_FINISHED = 6
FINISHED_FULL_RUN = (0, 1)  # FINISHED_SUCCESSFULLY, FINISHED_WITH_COMPILE_ERROR

# The protobuf reading both the tracker and a test's own page use: ``fields(bytes)`` is a message's
# top-level fields, ``bytes(data)`` a websocket frame's bytes (null for a text frame).
PROTO_JS = """  const varint = (b, i) => {
    let v = 0, s = 1, x;
    do { x = b[i++]; v += (x & 0x7f) * s; s *= 128; } while (x & 0x80 && i < b.length);
    return [v, i];
  };
  // The top-level fields of a protobuf message: {number: [a varint's value, or [start, end] of its bytes]}.
  const fields = b => {
    const out = {};
    let i = 0;
    while (i < b.length) {
      let tag, v, len;
      [tag, i] = varint(b, i);
      const wire = tag & 7;
      if (wire === 0) [v, i] = varint(b, i);
      else if (wire === 2) { [len, i] = varint(b, i); v = [i, i + len]; i += len; }
      else if (wire === 1) { v = null; i += 8; }
      else if (wire === 5) { v = null; i += 4; }
      else break;
      (out[Math.floor(tag / 8)] = out[Math.floor(tag / 8)] || []).push(v);
    }
    return out;
  };
  const bytes = d => d instanceof ArrayBuffer ? new Uint8Array(d)
    : ArrayBuffer.isView(d) ? new Uint8Array(d.buffer, d.byteOffset, d.byteLength) : null;
"""

_JS = """(() => {
  if (window.__hdRuns || !window.WebSocket) return;
  const runs = window.__hdRuns = {asked: 0, answered: 0, seq: 0, fragments: 0};
PROTO
  const Native = window.WebSocket, send = Native.prototype.send;
  Native.prototype.send = function (data) {
    try {
      const b = bytes(data), f = b && fields(b);
      if (f && f[RERUN]) {
        const [start, end] = f[RERUN][0], state = fields(b.subarray(start, end)), id = state[FRAGMENT];
        if (id && id[0][1] > id[0][0]) runs.fragments++;
        else runs.asked = ++runs.seq;
      }
    } catch (err) {}
    return send.apply(this, arguments);
  };
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', event => {
        try {
          const b = bytes(event.data), f = b && fields(b);
          if (f && f[FINISHED] && FULL.includes(f[FINISHED][0])) runs.answered = ++runs.seq;
        } catch (err) {}
      });
    }
  };
})()"""
TRACKER = (
    _JS.replace("PROTO", PROTO_JS.rstrip())
    .replace("RERUN", str(BACK_RERUN_SCRIPT))
    .replace("FRAGMENT", str(CLIENT_FRAGMENT_ID))
    .replace("FINISHED", str(FORWARD_SCRIPT_FINISHED))
    .replace("FULL", str(list(FINISHED_FULL_RUN)))
)

# Streamlit sends a widget's change from a zero-delay timer the click or key set (its widget
# manager batches the changes of one event): a zero-delay timer set after it runs after it (timers
# of equal delay run in the order they were set), so once this resolves the run has been asked for.
FLUSHED = "() => new Promise(resolve => setTimeout(() => resolve(true), 0))"

# True when no run the page asked for is still unanswered (and on a page without the tracker).
ANSWERED = "(() => { const r = window.__hdRuns; return !r || r.answered > r.asked || r.asked === 0; })()"

# The page is at rest: the run it last asked for has come back (ANSWERED: until then
# the page looks finished though the server has not started the run yet), Streamlit says no run
# is going on (the app's data-test-script-state, set as the server's messages arrive: the status
# widget this used to read has no "Running" text, only an icon's label, and is not drawn on this
# app, so that check never saw a run), and no element of the run before is left, marked stale,
# waiting for this run to redraw it.
AT_REST = (
    "() => " + ANSWERED + " && (document.querySelector('[data-testid=\"stApp\"]')?.dataset.testScriptState"
    " ?? 'notRunning') === 'notRunning' && !document.querySelector('[data-stale=\"true\"]')"
)


# Every element shown has its code: Streamlit loads an element's code (a table's grid, a chart) on
# first use and draws a grey ``stSkeleton`` box in its place meanwhile, with no stDataFrame in the
# page yet, so "every table has its cells" held with no table at all. At load 20-40 a fresh
# context's first tables stayed skeletons for more than 30 s after the page was at rest, and the
# keyboard job's Tab rounds passed tables that were not there yet.
SKELETON = "stSkeleton"  # the Suspense fallback's data-testid (tests/e2e/test_script_runs.py checks it)
LOADED = f"() => ![...document.querySelectorAll('[data-testid=\"{SKELETON}\"]')].some(s => s.offsetParent !== null)"

# How long a browser test waits for a condition (a text, a heading, the page at rest, a page
# load). Waits end as soon as the condition holds, so a long one costs a passing test nothing; CI
# runs the browser tests beside the conformance runs and the floors' install on two cores, where
# a page switch once took more than 30 s, and at load 20-27 a first page load did (Playwright's
# own default of 30 s failed a token test).
WAIT_MS = 90_000


def open_context(chromium, **options):
    """``chromium.new_context(**options)`` carrying the run tracker (every page, every frame),
    its waits and page loads bounded by :data:`WAIT_MS`."""
    context = chromium.new_context(**options)
    context.add_init_script(TRACKER)
    context.set_default_timeout(WAIT_MS)
    context.set_default_navigation_timeout(WAIT_MS)
    return context
