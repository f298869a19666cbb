"""The agent's real `hermes dashboard` for the Memory tab's browser test and its screenshots.

The agent's venv: HD_AGENT_PYTHON (its python), default /opt/hermes-agent/v0.19.0/bin/python
(scripts/agent-venv makes it). The dashboard runs in a process group of its own, so stopping the
group stops what the tab started too (the tab's backend starts `hermes-dash serve` in that group).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from agent_db import agent_python, missing_agent
from cli_support import invoke
from homes import make_home
from pending_support import stage

from hermes_dash import MemoryStore
from hermes_dash.engine.freeze import freeze_snapshot
from hermes_dash.engine.rules.format import DELIMITER

AGENT_PYTHON = Path(agent_python())  # $HD_AGENT_PYTHON, else the 0.19.0 venv's python (agent_db)
HERMES = AGENT_PYTHON.parent / "hermes"


def need_agent() -> None:
    """Skip without the agent's venv (fail instead under HD_REQUIRE_AGENT=1, as CI runs)."""
    if not HERMES.exists():
        missing_agent(
            f"the released agent is not installed at {AGENT_PYTHON.parent.parent} (no {HERMES}; set "
            "HD_AGENT_PYTHON to its venv's python, or make it with the agent-venv script in scripts/): "
            "this test runs the agent's own `hermes dashboard`"
        )


def hd(home: Path, *args: str) -> subprocess.CompletedProcess:
    return invoke(*args, home=home)


@contextlib.contextmanager
def agent_dashboard(home: Path, log: Path) -> Iterator[str]:
    """`hermes dashboard --host 127.0.0.1 --port 0 --no-open --skip-build` in a process group of its own;
    yields its base URL (from the port it prints) and stops the whole group after."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "HERMES_WEB_DIST")}
    env["HERMES_HOME"] = str(home)
    out = open(log, "w+b")  # noqa: SIM115  # the dashboard writes to it until the finally below closes it
    proc = subprocess.Popen(
        [str(HERMES), "dashboard", "--host", "127.0.0.1", "--port", "0", "--no-open", "--skip-build"],
        cwd=home.parent,
        env=env,
        stdout=out,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 120
        port = None
        while port is None:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"hermes dashboard did not report its port:\n{log.read_text()[-3000:]}")
            found = re.search(r"HERMES_DASHBOARD_READY port=(\d+)", log.read_text(errors="replace"))
            port = int(found.group(1)) if found else None
            time.sleep(0.2)
        yield f"http://127.0.0.1:{port}"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        # What the tab started runs in the same group: make sure none of it outlives the test.
        for _ in range(100):
            try:
                os.killpg(proc.pid, 0)
            except ProcessLookupError:
                break
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            time.sleep(0.1)
        out.close()


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as reply:
            return reply.status == 200
    except OSError:
        return False


def tab_home(tmp_path: Path) -> Path:
    """A home the Memory tab shows: two files, a snapshot the session sees, a newer entry, a staged write."""
    home = make_home(
        tmp_path / "hermes-home", config="# my settings\nmemory:\n  memory_char_limit: 200  # small on purpose\n"
    )
    store = MemoryStore.open(home, "default")
    store.add("memory", "The project builds with `make`; tests run with pytest -q.")  # 57
    store.add("user", "Prefers short answers, in English.")
    freeze_snapshot(store)  # what the running session sees
    store.add("memory", "The staging host is stg-2; deploys go out on Thursdays.")  # 3 + 55
    payload = {"action": "add", "target": "memory", "content": "CI runs on arm64."}
    stage(home, "0123abcd", payload, origin="foreground", summary="add a fact", created_at=1795512600)
    return home


def audit_tab(page, where: str) -> None:
    """axe-core on the tab's own elements (the host page around it is the agent's)."""
    from a11y_support import FAILING_IMPACTS, audit

    ours = [
        v
        for v in audit(page, f"Memory tab, {where}")
        if v.impact in FAILING_IMPACTS
        and page.evaluate("sel => !!document.querySelector(sel)?.closest('[data-testid=hd-memory-tab]')", v.target)
    ]
    assert not ours, "\n".join(v.line() for v in ours)


# How light the host page is behind the tab (0 black to 255 white): the first background that is
# not transparent, from the tab up.
LIGHTNESS = """() => { for (let e = document.querySelector('[data-testid="hd-memory-tab"]'); e; e = e.parentElement) {
    const m = getComputedStyle(e).backgroundColor.match(/[\\d.]+/g).map(Number);
    if (m.length < 4 || m[3] > 0) return 0.2126 * m[0] + 0.7152 * m[1] + 0.0722 * m[2]; }
  return null; }"""


def drive_tab(chromium, tmp_path: Path, shots: Path) -> list[Path]:
    """The whole visit (see tests/e2e/test_memory_tab.py) in a fresh context of the launched
    ``chromium``; returns the screenshots it took into ``shots``."""
    from browser_support import quiet, settle
    from chromium import free_port
    from playwright.sync_api import expect
    from script_runs import open_context

    home = tab_home(tmp_path)
    memory = MemoryStore.open(home, "default").read("memory")
    assert DELIMITER.join(memory.entries) and memory.usage == 115 and memory.limit == 200
    port = free_port()
    installed = hd(home, "plugin", "install", "--port", str(port))
    assert installed.returncode == 0, installed.stderr
    assert "config.yaml: added 'hermes-dash' to plugins.enabled" in installed.stdout
    assert (home / "config.yaml").read_text().startswith("# my settings\nmemory:\n  memory_char_limit: 200  # small")
    full = f"http://127.0.0.1:{port}/"
    shots.mkdir(parents=True, exist_ok=True)
    with agent_dashboard(home, tmp_path / "dashboard.log") as base:
        context = open_context(chromium, viewport={"width": 1400, "height": 1000}, color_scheme="light")
        try:
            page = context.new_page()
            page.goto(base + "/", wait_until="domcontentloaded")
            tab = page.get_by_role("link", name="Memory", exact=True)
            tab.first.wait_for(timeout=60_000)
            tab.first.click()
            usage = page.get_by_test_id("hd-usage-memory")
            expect(usage).to_have_text("115 / 200 chars · 57% · 2 entries", timeout=60_000)
            expect(page.get_by_test_id("hd-level-memory")).to_have_text("OK")
            expect(page.get_by_test_id("hd-usage-user")).to_have_text("34 / 1,375 chars · 2% · 1 entry")
            expect(page.get_by_test_id("hd-since-memory")).to_contain_text("1 new, 0 changed, 0 gone")
            expect(page.get_by_test_id("hd-since-user")).to_have_text("Same as the running session's snapshot.")
            expect(page.get_by_test_id("hd-pending")).to_contain_text("1 staged write is waiting for approval")
            assert not answers(full + "_stcore/health")  # not running until asked
            with urllib.request.urlopen(base + "/", timeout=10) as reply:
                token = re.search(r'__HERMES_SESSION_TOKEN__="([^"]+)"', reply.read().decode()).group(1)
            # The backend takes nothing from a request: a path or a port sent along changes nothing.
            asked = urllib.request.Request(
                base + "/api/plugins/hermes-dash/status?home=/etc&profile=x&port=1",
                headers={"X-Hermes-Session-Token": token},
            )
            with urllib.request.urlopen(asked, timeout=60) as reply:
                said = json.loads(reply.read())
            assert said["home"] == str(home) and said["server"]["url"] == full
            page.screenshot(path=str(shots / "memory-tab.png"), full_page=True)
            audit_tab(page, "calm")

            # An agent write shows at the next poll, with no click.
            MemoryStore.open(home, "default").add("memory", "x" * 60)  # 115 + 63 = 178 of 200: 89 %
            expect(usage).to_have_text("178 / 200 chars · 89% · 3 entries", timeout=30_000)
            expect(page.get_by_test_id("hd-level-memory")).to_have_text("Getting full")
            audit_tab(page, "warning")
            MemoryStore.open(home, "default").add("memory", "y" * 15)  # 178 + 18 = 196 of 200: 98 %
            expect(usage).to_have_text("196 / 200 chars · 98% · 4 entries", timeout=30_000)
            expect(page.get_by_test_id("hd-level-memory")).to_have_text("Nearly full")
            audit_tab(page, "alarm")

            page.get_by_test_id("hd-open").click()
            frame = page.frame_locator('[data-testid="hd-frame"]')
            frame.get_by_role("heading", name="Overview").first.wait_for(timeout=120_000)
            assert answers(full + "_stcore/health")
            expect(frame.get_by_text("196 / 200 chars").first).to_be_visible(timeout=60_000)
            # The embedded hermes-dash follows the host's theme (it opened light in the dark dashboard).
            host = page.evaluate(LIGHTNESS)
            inner = frame.locator('[data-testid="stApp"]').evaluate(
                "e => { const m = getComputedStyle(e).backgroundColor.match(/\\d+/g).map(Number);"
                " return 0.2126 * m[0] + 0.7152 * m[1] + 0.0722 * m[2]; }"
            )
            assert host is not None and (host < 128) == (inner < 128), f"host lightness {host}, hermes-dash {inner:.0f}"
            inner_page = page.locator('[data-testid="hd-frame"]').element_handle().content_frame()
            assert inner_page is not None, "the Memory tab's frame has no page"
            settle(inner_page, None)  # the embedded page has run and drawn, as settle waits for in a page
            page.screenshot(path=str(shots / "memory-tab-open.png"), full_page=True)

            removed = hd(home, "plugin", "remove")
            assert removed.returncode == 0, removed.stderr
            assert "config.yaml: took 'hermes-dash' out of plugins.enabled" in removed.stdout
            # Plugin tabs are added once their list arrives: wait for that answer, then for its drawing.
            with page.expect_response(lambda r: r.url.split("?")[0].endswith("/api/dashboard/plugins"), timeout=60_000):
                page.goto(base + "/", wait_until="domcontentloaded")
            page.get_by_role("link", name="Sessions", exact=True).first.wait_for(timeout=60_000)
            quiet(page)
            assert page.get_by_role("link", name="Memory", exact=True).count() == 0
            request = urllib.request.Request(base + "/api/dashboard/plugins", headers={"X-Hermes-Session-Token": token})
            with urllib.request.urlopen(request, timeout=10) as reply:
                assert "hermes-dash" not in [p["name"] for p in json.loads(reply.read())]
            gone = urllib.request.Request(
                base + "/api/plugins/hermes-dash/status", headers={"X-Hermes-Session-Token": token}
            )
            try:
                urllib.request.urlopen(gone, timeout=10)
                raise AssertionError("the removed tab's backend still answers")
            except urllib.error.HTTPError as refused:
                assert refused.code == 404
        finally:
            context.close()
    assert not answers(full + "_stcore/health")  # what the tab started stopped with the dashboard
    return [shots / "memory-tab.png", shots / "memory-tab-open.png"]
