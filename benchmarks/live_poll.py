"""live_poll_ratio: the cost of one idle live check against a bare check that only stats both files.

Pages follow the memory files with a fragment that runs every second (hermes_dash.ui._live).
When nothing changed, what it does beyond two ``os.stat`` calls is its overhead; the goal is a
ratio of at most 2. Both are timed in the same run, on the demo home, in alternated rounds.
The fragment machinery (one rerun message per second) is the same for both, so only the bodies
are timed; the session state is a dict here (st.session_state in the app).

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

from hermes_dash._format import TARGETS  # noqa: E402
from hermes_dash.demo import create_demo_home  # noqa: E402
from hermes_dash.ui import _live  # noqa: E402

ROUNDS, CALLS = 7, 5_000


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
        paths = tuple(str(home / "memories" / name) for name in ("MEMORY.md", "USER.md"))
        assert len(paths) == len(TARGETS)
        session = {_live.KEY: (paths, _live.fingerprints(paths))}

        def bare() -> None:
            for path in paths:
                try:
                    os.stat(path)
                except OSError:
                    pass

        def live() -> None:
            if _live.changed(paths, session):
                raise AssertionError("nothing was written: the idle check must not see a change")

        # Alternated rounds, median of the per-round ratios: the machine's load drifts between rounds.
        pairs = [(_best(bare), _best(live)) for _ in range(ROUNDS)]
    ratios = sorted(live_s / bare_s for bare_s, live_s in pairs)
    return {"live_check_s": min(p[1] for p in pairs), "bare_stat_s": min(p[0] for p in pairs),
            "live_poll_ratio": ratios[len(ratios) // 2]}


if __name__ == "__main__":
    print(json.dumps(measure(), indent=2))
