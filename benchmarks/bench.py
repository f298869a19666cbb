"""Benchmarks and stress runs: ``python -m benchmarks [--quick] [--json PATH] [--only SECTIONS]``.

Run from the repository root. The benchmark lives outside the ``hermes_dash`` package so that an
installed dashboard does not carry it; it imports the engine like any other user of it.

It measures; it does not pass or fail. Each figure that is a ratio is measured against its
baseline in the same run, in alternating rounds (baseline, subject, subject, baseline, ...),
so that the noise of a shared machine hits both sides alike, and the medians are compared.

Sections (``--only`` takes a comma-separated list of them):

* ``op``         one engine add / replace / remove on a 2,000-character file against the same
                 file-system work done by hand (read, backup + fsync, temp + fsync, rename,
                 fsync of the folder, delete the oldest backup), each round starting from a file
                 at rest; and ``op_add_parts_ms``, where an add spends its time (``write_parts.py``).
* ``cli``        ``python -m hermes_dash show`` against ``python -c pass``.
* ``suggest``    the clean-up report on 2,000 generated entries against 200 of the same kind
                 (``workloads.distinct_facts``); the full run also times 20,000.
* ``cleanup``    precision and recall of the clean-up's pairs on the labelled corpus, facts kept by
                 merges, the model's load time (``cleanup_quality.py``, also runnable alone).
* ``pending``    the Inbox's triage of 77 staged writes (previews, marks) against listing the same
                 77 files; the entry diffs of 77 costly writes, within the listing's budget of work,
                 against an ordinary queue's (``pending.py``).
* ``live``       one idle check of the pages' live view (stat both files, compare fingerprints)
                 against two bare ``os.stat`` calls (``live_poll.py``).
* ``concurrent`` eight engine processes and one agent-style ``flock`` writer adding entries at
                 once: throughput and entries lost.
* ``crash``      a writer killed with SIGKILL at random moments: every file left behind must be
                 a state the writer meant to leave (before or after an operation).
* ``page``       AppTest reruns of the landing page: demo home against a bare Streamlit page,
                 10,000 backups against 10, a hand-written 1 MB MEMORY.md against the demo.
* ``blame``      where every entry of both files came from, on a 1,000,000-message state.db
                 in the agent's schema, against ``SELECT count(*)`` of its messages (``provenance.py``).
* ``browser``    headless Debian Chromium (a fresh browser context each time) opening ``streamlit run app.py``
                 until the Overview has rendered both gauges and both tables, alternated with a
                 bare page of the same two tables and progress bars served with the same settings.

Every Hermes home used here is a temporary folder; ``~/.hermes`` is never read or written.
JSON: a list of ``{"name", "value", "unit", "baseline"?}``; for a ratio, ``baseline`` is the
baseline's median in the unit named by the table (ms, or s for the browser).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.browser import bench_browser
from benchmarks.cleanup_quality import bench_cleanup
from benchmarks.cli import bench_cli
from benchmarks.concurrent import bench_concurrent
from benchmarks.core import FULL, QUICK, Figure, Plan
from benchmarks.crash import bench_crash
from benchmarks.live import bench_live
from benchmarks.ops import bench_ops
from benchmarks.page_heights import bench_heights
from benchmarks.pages import bench_page
from benchmarks.pending import bench_pending
from benchmarks.provenance import bench_blame
from benchmarks.suggest import bench_suggest

SECTIONS: dict[str, Callable[[Plan], list[Figure]]] = {
    # fork-based sections first: forking after Streamlit has started threads is unsafe
    "op": bench_ops,
    "cli": bench_cli,
    "suggest": bench_suggest,
    "cleanup": bench_cleanup,
    "pending": bench_pending,
    "live": bench_live,
    "concurrent": bench_concurrent,
    "crash": bench_crash,
    "page": bench_page,
    "blame": bench_blame,
    "browser": bench_browser,
    "heights": bench_heights,
}


# -- output ------------------------------------------------------------------------------------------------


def format_value(value: float) -> str:
    if float(value).is_integer() and abs(value) >= 1 or value == 0:
        return f"{int(value):,}"
    return f"{value:.3g}" if abs(value) < 100 else f"{value:,.1f}"


def table(figures: list[Figure]) -> str:
    rows = [("figure", "value", "unit", "goal", "", "detail")]
    for f in figures:
        rows.append(
            (
                f.name,
                format_value(f.value),
                f.unit,
                "" if f.goal is None else f"<= {format_value(f.goal)}",
                f.verdict,
                f.detail,
            )
        )
    widths = [max(len(r[c]) for r in rows) for c in range(5)]
    lines = []
    for n, row in enumerate(rows):
        cells = [row[0].ljust(widths[0]), row[1].rjust(widths[1])] + [row[c].ljust(widths[c]) for c in (2, 3, 4)]
        lines.append("  ".join(cells + [row[5]]).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths) + "  ------")
    return "\n".join(lines)


def run(sections: list[str], plan: Plan, log: Callable[[str], None]) -> tuple[list[Figure], list[str]]:
    figures: list[Figure] = []
    errors: list[str] = []
    for name in SECTIONS:
        if name not in sections:
            continue
        log(f"[bench] {name} ...")
        t0 = time.perf_counter()
        try:
            got = SECTIONS[name](plan)
        except Exception as exc:  # one broken section must not hide the others' figures
            errors.append(f"{name}: {type(exc).__name__}: {exc}")
            log(f"[bench] {name} FAILED: {type(exc).__name__}: {exc}")
            continue
        figures.extend(got)
        log(f"[bench] {name} done in {time.perf_counter() - t0:.1f} s")
    return figures, errors


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks", description="Measure hermes-dash. Prints a table; never fails on a slow figure."
    )
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (one to two minutes)")
    parser.add_argument("--json", metavar="PATH", help="also write the figures as a JSON list")
    parser.add_argument(
        "--only", metavar="SECTIONS", help=f"comma-separated subset of: {', '.join(SECTIONS)} (default: all)"
    )
    args = parser.parse_args(argv)
    sections = list(SECTIONS) if not args.only else [s.strip() for s in args.only.split(",") if s.strip()]
    unknown = [s for s in sections if s not in SECTIONS]
    if unknown:
        parser.error(f"unknown section(s) {', '.join(unknown)}; choose from {', '.join(SECTIONS)}")
    plan = QUICK if args.quick else FULL
    load_before = f"{os.getloadavg()[0]:.1f}"
    t0 = time.perf_counter()
    figures, errors = run(sections, plan, lambda line: print(line, file=sys.stderr, flush=True))
    print(table(figures))
    print(
        f"\n{'quick' if plan.quick else 'full'} run, {time.perf_counter() - t0:.0f} s, "
        f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load average {load_before} at the start and "
        f"{os.getloadavg()[0]:.1f} at the end.\nRatios are medians of rounds that alternate baseline and subject, "
        "so load from other work on the machine hits both sides alike."
    )
    for error in errors:
        print(f"section failed: {error}")
    if args.json:
        path = Path(args.json)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps([f.to_json() for f in figures], indent=1) + "\n", encoding="utf-8")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
