"""The ``browser`` section: headless Chromium opening the dashboard against a bare page."""

from __future__ import annotations

import contextlib
import os
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from benchmarks.core import REPO, Figure, Plan, interleaved, median_ms, ratio_figures, temp_root
from benchmarks.pages import APP, bare_page, demo_home
from tests.support.chromium import CHROMIUM, CHROMIUM_ARGS, free_port, streamlit_run

# Finished rendering: the script has run (Streamlit's own script-state marker), no "running"
# indicator is left, and the page's heading, both gauges (progress bars) and both entry tables
# are on the page. The same test serves the dashboard and the bare page it is compared with.
LANDING_READY_JS = """() => {
  const app = document.querySelector('[data-testid="stApp"]');
  if (!app || app.getAttribute('data-test-script-state') !== 'notRunning') return false;
  if (document.querySelector('[data-testid="stStatusWidget"] [data-testid="stStatusWidgetRunningIcon"]')) return false;
  const main = document.querySelector('[data-testid="stMain"]');
  if (!main || !/Overview/.test(main.innerText)) return false;
  // Two tables and two bars: Streamlit's progress bars on the bare page, the gauges' own bars
  // (role="progressbar", ui/_widgets.bar_html) on the Overview. Both pages carry the role.
  return main.querySelectorAll('[data-testid="stDataFrame"]').length >= 2
    && main.querySelectorAll('[role="progressbar"]').length >= 2;
}"""


@contextlib.contextmanager
def streamlit_servers(runs: list[tuple[Path, Path, Path]]) -> Iterator[list[str]]:
    """``streamlit run <script>`` on free local ports, one per ``(home, log, script)`` with
    HERMES_HOME = ``home``; all start at once (they start in parallel), and their URLs are
    yielded once every one answers its health check.

    Always started from the repository folder, so the dashboard and the bare page read the same
    ``.streamlit/config.toml`` and get the same command-line settings.
    """
    import urllib.request

    procs: list[tuple[subprocess.Popen[bytes], str, Path]] = []
    try:
        for home, log, script in runs:
            port = free_port()
            env = dict(os.environ, HERMES_HOME=str(home))
            with open(log, "wb") as out:
                proc = subprocess.Popen(
                    streamlit_run(script, port),
                    cwd=REPO,
                    env=env,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                )
            procs.append((proc, f"http://127.0.0.1:{port}", log))
        deadline = time.monotonic() + 60
        for proc, url, log in procs:
            while True:
                try:
                    with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:
                        if answer.read().strip() == b"ok":
                            break
                except OSError:
                    pass
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"streamlit did not start: {log.read_text(errors='replace')[-2000:]}")
                time.sleep(0.1)
        yield [url for _, url, _ in procs]
    finally:
        for proc, _, _ in procs:
            proc.terminate()
        for proc, _, _ in procs:
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@contextlib.contextmanager
def streamlit_server(home: Path, log: Path, script: Path = APP) -> Iterator[str]:
    """One server of :func:`streamlit_servers`; yields its URL."""
    with streamlit_servers([(home, log, script)]) as urls:
        yield urls[0]


def bench_browser(plan: Plan) -> list[Figure]:
    if not APP.exists():
        raise RuntimeError(f"{APP} does not exist yet")
    if not CHROMIUM.exists():
        raise RuntimeError(f"{CHROMIUM} is missing (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with temp_root("browser") as root, sync_playwright() as playwright:
        demo = demo_home(root / "demo")
        bare_script = bare_page(root, demo)
        # One Chromium process; every open gets a fresh browser context: its own empty cache,
        # cookies and storage, as a new profile has (nothing cached from an earlier open), without
        # paying a browser start per open.
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)

        def opener(url: str) -> Callable[[int], int]:
            def run(_round: int) -> int:
                context = browser.new_context()
                try:
                    page = context.new_page()
                    t0 = time.perf_counter_ns()
                    page.goto(url, wait_until="commit")
                    page.wait_for_function(LANDING_READY_JS, timeout=60_000, polling=20)
                    return time.perf_counter_ns() - t0
                finally:
                    context.close()

            return run

        try:
            with streamlit_servers([(demo, root / "app.log", APP), (demo, root / "bare.log", bare_script)]) as urls:
                app_url, bare_url = urls
                first = opener(app_url)(0) / 1e9  # the first open after start pays the imports
                opener(bare_url)(0)
                base_ns, subj_ns = interleaved(plan.browser_rounds, opener(bare_url), opener(app_url), warmup=0)
        finally:
            browser.close()
    value = median_ms(subj_ns) / 1000
    ratio = ratio_figures(
        "browser_ready_ratio",
        base_ns,
        subj_ns,
        1.5,
        "Overview vs a bare page with the same two tables and two progress bars",
    )
    return [
        Figure(
            "browser_ready_s",
            round(value, 3),
            "s",
            None,
            None,
            f"headless Chromium, open -> Overview rendered (script notRunning, both gauges, both tables): "
            f"median of {len(subj_ns)} opens, each in a fresh browser context (empty cache and storage, "
            f"as a fresh profile); first open after server start {first:.2f} s",
        ),
        ratio,
    ]
