"""What reading state.db in a child process costs on the happy path: each reader on the demo home,
run as the dashboard runs it (forked child, killed at the deadline) and in this process (the
same function without the child), the median of ROUNDS in the same run.

    python -m benchmarks.statedb_child     # prints the figures as JSON
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hermes_dash.demo import create_demo_home  # noqa: E402
from hermes_dash.engine.views import origins, sessions, statedb  # noqa: E402

ROUNDS = 21


def _median_ms(read: Callable[[], object]) -> float:
    times = []
    for _ in range(ROUNDS):
        statedb._FAILED.clear()
        started = time.perf_counter()
        read()
        times.append((time.perf_counter() - started) * 1000)
    return round(statistics.median(times), 2)


def measure() -> list[dict[str, object]]:
    home = create_demo_home(Path(tempfile.mkdtemp()) / "hermes")
    db = home / "state.db"
    readers: dict[str, tuple[Callable[[], object], Callable[[], object]]] = {
        "read_sessions": (lambda: sessions.read_sessions(db), lambda: sessions._read_sessions(db, 50, None)),
        "oldest_prompt": (lambda: sessions.oldest_prompt(db), lambda: sessions._oldest_prompt(db)),
        "working_folders": (lambda: sessions.working_folders(db), lambda: sessions._working_folders(db)),
        "scan_calls": (lambda: origins.scan_calls(db), lambda: origins._scan_calls(db, 3.0, time.monotonic())),
    }
    out: list[dict[str, object]] = []
    for name, (child, here) in readers.items():
        forked, inline = _median_ms(child), _median_ms(here)
        out.append({"reader": name, "child_ms": forked, "in_process_ms": inline, "cost_ms": round(forked - inline, 2)})
    return out


if __name__ == "__main__":
    print(json.dumps(measure(), indent=1))
