"""The ``page`` section: AppTest reruns of the landing page against a bare page, and at scale."""

from __future__ import annotations

import contextlib
import dataclasses
import os
import time
from collections.abc import Iterator
from pathlib import Path

from benchmarks.core import REPO, Figure, Plan, interleaved, median_ms, ratio_figures, temp_root

APP = REPO / "app.py"
BARE_PAGE = """\
# The floor for the landing page: the same two tables and two progress bars, nothing else.
from pathlib import Path

import pandas as pd
import streamlit as st

HOME = Path({home!r})
st.title("Overview")
for name, limit in (("MEMORY.md", {memory_limit}), ("USER.md", {user_limit})):
    try:
        text = (HOME / "memories" / name).read_text(encoding="utf-8")
    except FileNotFoundError:
        text = ""
    entries = [e.strip() for e in text.replace("\\r\\n", "\\n").split("\\n\\u00a7\\n") if e.strip()]
    used = len("\\n\\u00a7\\n".join(entries))
    st.progress(min(1.0, used / limit), text=f"{{name}}: {{used:,}} / {{limit:,}} chars")
    st.dataframe(pd.DataFrame({{"#": range(len(entries)), "Entry": entries, "Chars": [len(e) for e in entries]}}),
                 hide_index=True)
"""
PAGE_TIMEOUT_S = 120.0
USABLE_CHARS = 100_000  # more than this in one table cell is "a megabyte in one cell": not readable


def demo_home(dest: Path) -> Path:
    from hermes_dash.demo import create_demo_home

    return create_demo_home(dest)


def bare_page(root: Path, home: Path) -> Path:
    """``root/bare_page.py``: BARE_PAGE on ``home`` with its limits, the baseline a page is timed against."""
    from hermes_dash.engine.home import load_settings, resolve_home

    settings = load_settings(resolve_home(home))
    script = root / "bare_page.py"
    script.write_text(
        BARE_PAGE.format(home=str(home), memory_limit=settings.memory_char_limit, user_limit=settings.user_char_limit),
        encoding="utf-8",
    )
    return script


def add_backups(home: Path, total: int) -> None:
    """Top the memories folder up to ``total`` backups (dated, as the engine names them)."""
    memories = home / "memories"
    have = len([p for p in memories.iterdir() if ".bak." in p.name])
    data = (memories / "MEMORY.md").read_bytes()
    for n in range(total - have):
        day, rest = divmod(n, 86_400)
        name = f"MEMORY.md.bak.202610{1 + day:02d}-{rest // 3600:02d}{rest // 60 % 60:02d}{rest % 60:02d}"
        (memories / name).write_bytes(data)


def hand_written_markdown(chars: int) -> str:
    """A big MEMORY.md written by hand: headings and bullets, no § delimiters at all."""
    parts, n = ["# Project notes\n"], 0
    while sum(map(len, parts)) < chars:
        n += 1
        parts.append(
            f"\n## Area {n}\n\n- The service in area {n} restarts nightly at 02:{n % 60:02d} UTC.\n"
            f"- Its logs live in /var/log/area{n}/ and rotate weekly; keep 4 weeks.\n"
            f"- Owner: team {n % 17}; page them through the on-call rota, never by direct message.\n"
        )
    return "".join(parts)[:chars]


def st_cache_clear() -> None:
    import streamlit as st

    st.cache_data.clear()


def quiet_streamlit() -> None:
    """AppTest reads element values outside a script run and Streamlit warns each time."""
    import logging

    logging.getLogger("streamlit.runtime.scriptrunner_utils.script_run_context").disabled = True


class Page:
    """One AppTest session of a page on one home; ``rerun()`` returns its time in ns."""

    def __init__(self, script: Path, home: Path) -> None:
        from streamlit.testing.v1 import AppTest

        self.home = home
        self.app = AppTest.from_file(str(script), default_timeout=PAGE_TIMEOUT_S)
        self.app.session_state["hd_home"] = str(home)  # the dashboard's own session key (ui._session)
        self.app.session_state["hd_profile"] = "default"
        self.first_ns: int | None = None

    def rerun(self, _round: int = 0) -> int:
        os.environ["HERMES_HOME"] = str(self.home)  # in case anything falls back to the environment
        t0 = time.perf_counter_ns()
        self.app.run()
        elapsed = time.perf_counter_ns() - t0
        if self.app.exception:
            raise RuntimeError(f"{self.app.exception[0].message} (home {self.home})")
        if self.first_ns is None:
            self.first_ns = elapsed  # the first run of a session on a new home: caches still cold
        return elapsed


def largest_texts(app: object) -> tuple[tuple[int, str], tuple[int, str]]:
    """(chars, where) of the largest table cell and of the largest other text element shown."""
    cell, other = (0, "no table"), (0, "no text element")
    for n, frame in enumerate(app.dataframe):  # type: ignore[attr-defined]
        value = frame.value
        for column in value.columns:
            for item in value[column]:
                if len(str(item)) > cell[0]:
                    cell = (len(str(item)), f"st.dataframe #{n} column {column!r}")
    for kind in ("code", "text", "markdown", "caption", "json"):
        for n, element in enumerate(getattr(app, kind, ())):
            size = len(str(getattr(element, "value", "")))
            if size > other[0]:
                other = (size, f"st.{kind} #{n}")
    return cell, other


@contextlib.contextmanager
def server_script_cache() -> Iterator[None]:
    """Keep compiled page scripts between AppTest runs, as ``streamlit run`` does.

    AppTest builds a fresh ScriptCache for every run, so each rerun re-reads, AST-rewrites
    (magic) and compiles every script; the server does that once per script. Used only for
    the extra figure in page_rerun_ratio's detail.
    """
    from streamlit.runtime.scriptrunner.script_cache import ScriptCache
    from streamlit.testing.v1 import app_test, local_script_runner

    shared = ScriptCache()
    saved = app_test.ScriptCache, local_script_runner.ScriptCache
    app_test.ScriptCache = local_script_runner.ScriptCache = lambda: shared  # type: ignore[assignment,misc]
    try:
        yield
    finally:
        app_test.ScriptCache, local_script_runner.ScriptCache = saved  # type: ignore[misc]


def bench_page(plan: Plan) -> list[Figure]:
    if not APP.exists():
        raise RuntimeError(f"{APP} does not exist yet")
    quiet_streamlit()
    saved_env = os.environ.get("HERMES_HOME")
    figures = []
    try:
        with temp_root("page") as root:
            demo = demo_home(root / "demo")
            bare_script = bare_page(root, demo)
            app, bare = Page(APP, demo), Page(bare_script, demo)
            base_ns, subj_ns = interleaved(plan.page_rounds, bare.rerun, app.rerun)
            figures.append(
                Figure(
                    "page_rerun_ms",
                    round(median_ms(subj_ns), 1),
                    "ms",
                    None,
                    None,
                    f"AppTest rerun of app.py -> Overview on the demo home (median of {len(subj_ns)})",
                )
            )
            ratio = ratio_figures(
                "page_rerun_ratio",
                base_ns,
                subj_ns,
                2.0,
                "landing page vs a bare page with the same two tables and bars",
            )
            with server_script_cache():
                app2, bare2 = Page(APP, demo), Page(bare_script, demo)
                base2, subj2 = interleaved(plan.page_rounds, bare2.rerun, app2.rerun)
            figures.append(
                Figure(
                    ratio.name,
                    ratio.value,
                    ratio.unit,
                    ratio.baseline,
                    ratio.goal,
                    ratio.detail + f"; with scripts compiled once as under `streamlit run`: "
                    f"{median_ms(subj2):.2f} vs {median_ms(base2):.2f} ms = "
                    f"{median_ms(subj2) / median_ms(base2):.2f}x",
                )
            )

            few, many = demo_home(root / "few"), demo_home(root / "many")
            add_backups(few, 10)
            add_backups(many, 10_000)
            few_ns, many_ns = interleaved(plan.page_rounds, Page(APP, few).rerun, Page(APP, many).rerun)
            figures.append(
                ratio_figures("page_backups_growth", few_ns, many_ns, 1.2, "landing page with 10,000 backups vs 10")
            )

            big = demo_home(root / "big")
            (big / "memories" / "MEMORY.md").write_text(hand_written_markdown(1_000_000), encoding="utf-8")
            big_page, demo_page = Page(APP, big), Page(APP, demo)
            st_cache_clear()
            demo_ns, big_ns = interleaved(plan.page_rounds, demo_page.rerun, big_page.rerun)
            (cell, cell_where), (other, other_where) = largest_texts(big_page.app)
            usable = cell <= USABLE_CHARS
            figure = ratio_figures(
                "page_big_file_ratio",
                demo_ns,
                big_ns,
                3.0,
                "landing page with a hand-written 1 MB MEMORY.md vs the demo home",
            )
            figures.append(
                dataclasses.replace(
                    figure,
                    detail=figure.detail + f"; largest table cell {cell:,} chars ({cell_where}: "
                    f"{'ok' if usable else 'TOO BIG: not usable'}); largest other text element "
                    f"{other:,} chars ({other_where}); first run with cold caches "
                    f"{(big_page.first_ns or 0) / 1e6:.0f} ms vs demo "
                    f"{(demo_page.first_ns or 0) / 1e6:.0f} ms",
                    must=usable,
                )
            )
    finally:
        if saved_env is None:
            os.environ.pop("HERMES_HOME", None)
        else:
            os.environ["HERMES_HOME"] = saved_env
    return figures
