"""live_poll_ratio: the cost of an idle live check against a bare check that only stats both files.

Pages follow their files with a fragment that runs every second (hermes_dash.ui._live). The
check timed here is the one the pages run, on the files they watch (``_live.watched``: both
memory files, and every ``SLOW_EVERY``-th second also state.db, its write-ahead log and the
frozen snapshot), as a mean over ``SLOW_EVERY`` consecutive checks: what an idle second costs on
average. The baseline stats the two memory files and nothing else; the goal is a ratio of at
most 2. Both are timed in the same run, on the demo home, in alternated rounds. The fragment
machinery (one rerun message per second) is the same for both, so only the bodies are timed;
the session state is a dict here (st.session_state in the app).

    python benchmarks/live_poll.py        # prints the figures as JSON
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hermes_dash import MemoryStore, resolve_home  # noqa: E402
from hermes_dash.demo import create_demo_home  # noqa: E402
from hermes_dash.engine.rules.format import TARGETS  # noqa: E402
from hermes_dash.ui import _live  # noqa: E402

ROUNDS, CALLS = 7, 5_000  # CALLS: whole cycles of SLOW_EVERY checks


def _best(fn) -> float:  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(CALLS):
            fn()
        best = min(best, time.perf_counter() - start)
    return best / CALLS


def measure() -> dict[str, float]:
    """Seconds per idle live check, per bare double stat, and their ratio (``live_poll_ratio``)."""
    with tempfile.TemporaryDirectory() as tmp:
        home = create_demo_home(Path(tmp) / "demo")
        paths = _live.watched(MemoryStore(resolve_home(str(home))))
        memory_files = paths[: len(TARGETS)]
        assert [Path(p).name for p in memory_files] == ["MEMORY.md", "USER.md"]
        session = {_live.KEY: _live.record(paths)}

        def bare() -> None:
            for path in memory_files:
                try:
                    os.stat(path)
                except OSError:
                    pass

        def live() -> None:
            if _live.check(paths, session):
                raise AssertionError("nothing was written: the idle check must not see a change")

        # Alternated rounds, median of the per-round ratios: the machine's load drifts between rounds.
        pairs = [(_best(bare), _best(live)) for _ in range(ROUNDS)]
    ratios = sorted(live_s / bare_s for bare_s, live_s in pairs)
    return {
        "live_check_s": min(p[1] for p in pairs),
        "bare_stat_s": min(p[0] for p in pairs),
        "live_poll_ratio": ratios[len(ratios) // 2],
    }


if __name__ == "__main__":
    print(json.dumps(measure(), indent=2))
