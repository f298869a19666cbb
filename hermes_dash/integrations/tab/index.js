// hermes-dash: the Memory tab of the Hermes Agent's web dashboard (written by `hermes-dash plugin install`).
// Build-free: plain JavaScript against the dashboard's plugin SDK (window.__HERMES_PLUGIN_SDK__).
// It shows figures only (sizes, counts, file names), never an entry's text, and all of it as
// text nodes: nothing here is parsed as HTML. Its two requests go to this plugin's own backend,
// which takes nothing from them (docs/integrations.md#what-the-tab-exposes).
(function () {
  "use strict";
  var SDK = window.__HERMES_PLUGIN_SDK__;
  var PLUGINS = window.__HERMES_PLUGINS__;
  if (!SDK || !PLUGINS) return;
  var React = SDK.React;
  var h = React.createElement;
  var useState = SDK.hooks.useState, useEffect = SDK.hooks.useEffect, useCallback = SDK.hooks.useCallback;
  var C = SDK.components || {};
  var NAME = "hermes-dash";
  var API = "/api/plugins/" + NAME;
  var POLL_MS = 5000;

  var LOOK = {
    calm: { colour: "#2e9d57", word: "OK" },
    warning: { colour: "#d98a00", word: "Getting full" },
    alarm: { colour: "#f05252", word: "Nearly full" },
  };

  function n(x) { return Number(x).toLocaleString("en-US"); }

  // The host's theme, from what this tab is drawn on (the agent's dashboard is dark by default):
  // the first background behind the tab that is not transparent, else the text colour (light text
  // on a dark page). The embedded hermes-dash opens in the same one (Streamlit's embed_options).
  function rgb(text) {
    var m = /rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?/.exec(text || "");
    return m && (m[4] === undefined || Number(m[4]) > 0) ? 0.2126 * m[1] + 0.7152 * m[2] + 0.0722 * m[3] : null;
  }
  function themed(url) {
    var tab = document.querySelector('[data-testid="hd-memory-tab"]') || document.body;
    var dark = null;
    for (var el = tab; el && dark === null; el = el.parentElement) {
      var bg = rgb(getComputedStyle(el).backgroundColor);
      if (bg !== null) dark = bg < 128;
    }
    if (dark === null) { var fg = rgb(getComputedStyle(tab).color); dark = fg !== null && fg > 128; }
    return url + (url.indexOf("?") < 0 ? "?" : "&") + "embed_options=" + (dark ? "dark_theme" : "light_theme");
  }
  function when(iso) { return iso ? String(iso).replace("T", " ").replace(/\+00:00$/, " UTC") : "at an unknown time"; }

  function Box(props) {
    var Card = C.Card, CardContent = C.CardContent;
    var inner = h("div", { style: { padding: "14px 16px" } }, props.children);
    if (Card && CardContent) return h(Card, { "data-testid": props.testid }, h(CardContent, null, inner));
    return h("div", { "data-testid": props.testid, style: { border: "1px solid rgba(128,128,128,.35)",
      borderRadius: 8 } }, inner);
  }

  function Gauge(props) {
    var f = props.file;
    var look = LOOK[f.level] || LOOK.calm;
    var word = f.over_budget ? "Over budget" : (f.drift && f.level === "calm" ? "Drift" : look.word);
    var colour = f.drift && f.level === "calm" ? LOOK.warning.colour : look.colour;
    var width = f.limit > 0 ? Math.min(100, (f.usage / f.limit) * 100) : 100;
    var since = f.since_snapshot;
    var lines = [
      h("div", { key: "t", style: { display: "flex", justifyContent: "space-between", alignItems: "baseline" } },
        h("strong", null, f.file),
        h("span", { "data-testid": "hd-level-" + f.target, style: { color: colour, fontWeight: 600 } }, word)),
      h("div", { key: "b", role: "progressbar", "aria-valuemin": 0, "aria-valuemax": f.limit,
        "aria-valuenow": f.usage, "aria-label": f.file + " usage",
        style: { height: 10, borderRadius: 5, background: "rgba(128,128,128,.25)", margin: "8px 0",
          overflow: "hidden" } },
        h("div", { style: { width: width + "%", height: "100%", background: colour } })),
      h("div", { key: "u", "data-testid": "hd-usage-" + f.target },
        n(f.usage) + " / " + n(f.limit) + " chars \u00b7 " + f.percent + "% \u00b7 " + n(f.entries) +
        (f.entries === 1 ? " entry" : " entries") + (f.over_budget ? " \u00b7 " + n(f.usage - f.limit) + " over" : "")),
    ];
    if (!f.enabled) lines.push(h("div", { key: "off", style: { opacity: 0.75 } },
      "Switched off in config.yaml: sessions do not load this file."));
    if (f.error) lines.push(h("div", { key: "err", style: { color: LOOK.alarm.colour } }, f.error));
    if (since) {
      lines.push(h("div", { key: "s", "data-testid": "hd-since-" + f.target, style: { opacity: 0.85, marginTop: 4 } },
        since.added + since.changed + since.removed === 0 ? "Same as the running session's snapshot." :
          "Since the snapshot: " + since.added + " new, " + since.changed + " changed, " + since.removed +
          " gone (the running session does not see these)."));
    }
    return h(Box, { testid: "hd-gauge-" + f.target }, lines);
  }

  function MemoryTab() {
    var s = useState(null), status = s[0], setStatus = s[1];
    var e = useState(null), error = e[0], setError = e[1];
    var o = useState(false), open = o[0], setOpen = o[1];
    var b = useState(false), busy = b[0], setBusy = b[1];

    var load = useCallback(function () {
      return SDK.fetchJSON(API + "/status").then(function (data) { setStatus(data); setError(null); })
        .catch(function (err) { setError(String(err && err.message || err)); });
    }, []);
    useEffect(function () {
      load();
      // Each look runs hermes-dash once (about half a second of CPU): none while the page is hidden.
      var timer = setInterval(function () { if (document.visibilityState !== "hidden") load(); }, POLL_MS);
      document.addEventListener("visibilitychange", load);
      return function () { clearInterval(timer); document.removeEventListener("visibilitychange", load); };
    }, [load]);

    function openFull() {
      setBusy(true);
      SDK.fetchJSON(API + "/start", { method: "POST" }).then(function (data) {
        setBusy(false);
        setStatus(function (old) { return Object.assign({}, old || {}, { server: data }); });
        if (data.running) setOpen(true); else setError(data.problem || "hermes-dash did not start.");
      }).catch(function (err) { setBusy(false); setError(String(err && err.message || err)); });
    }

    var Button = C.Button || "button";
    var body = [h("h2", { key: "h", style: { fontSize: 22, fontWeight: 700, margin: "0 0 4px" } }, "Memory")];
    if (status && status.home) {
      body.push(h("div", { key: "home", style: { opacity: 0.75, marginBottom: 12 } },
        "MEMORY.md and USER.md of " + status.home + (status.profile ? " (profile " + status.profile + ")" : "") +
        ", read by hermes-dash with the agent's own rules."));
    }
    var problem = error || (status && status.success === false ?
      (status.error || "hermes-dash could not read the memory files.") + (status.hint ? " " + status.hint : "") : null);
    if (problem) body.push(h("div", { key: "e", "data-testid": "hd-error", style: { color: LOOK.alarm.colour,
      margin: "8px 0" } }, problem));
    if (status && status.files) {
      body.push(h("div", { key: "g", style: { display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(280px, 1fr))",
        gap: 12 } }, status.files.map(function (f) { return h(Gauge, { key: f.target, file: f }); })));
      var p = status.pending || { count: 0 };
      var snap = status.snapshot;
      body.push(h("div", { key: "p", "data-testid": "hd-pending", style: { marginTop: 12 } },
        p.count === 0 ? "No staged writes waiting for approval." :
          n(p.count) + (p.count === 1 ? " staged write is" : " staged writes are") +
          " waiting for approval (the Inbox of the full dashboard shows them)."));
      body.push(h("div", { key: "snap", style: { opacity: 0.75, marginTop: 4 } },
        snap ? "Compared with: " + (snap.session_id ? "the snapshot of " + snap.source + ", started " :
          "the snapshot " + snap.source + ", taken ") + when(snap.taken_at) + "." :
          "No snapshot to compare with: no agent session is recorded in state.db yet."));
    } else if (!problem) {
      body.push(h("div", { key: "l" }, "Reading the memory files\u2026"));
    }
    var server = status && status.server;
    var url = server && server.url;
    body.push(h("div", { key: "a", style: { display: "flex", gap: 12, alignItems: "center", margin: "16px 0 8px" } },
      h(Button, { "data-testid": "hd-open", onClick: openFull, disabled: busy },
        busy ? "Starting hermes-dash\u2026" : (open ? "Reload the full dashboard" : "Open the full dashboard")),
      url && server.running ? h("a", { href: url, target: "_blank", rel: "noopener noreferrer" },
        "Open it in a browser tab of its own") : null,
      h("span", { style: { opacity: 0.75 } }, server ? (server.running ? "hermes-dash is running on " + url :
        "hermes-dash is not running; the button starts it on " + url + " (this machine only).") : "")));
    if (open && url) {
      body.push(h("iframe", { key: "f" + (busy ? 1 : 0), "data-testid": "hd-frame", src: themed(url), title: "hermes-dash",
        style: { width: "100%", height: "78vh", border: "1px solid rgba(128,128,128,.35)", borderRadius: 8 } }));
    }
    return h("div", { "data-testid": "hd-memory-tab", style: { padding: 16, maxWidth: 1400 } }, body);
  }

  PLUGINS.register(NAME, MemoryTab);
})();
