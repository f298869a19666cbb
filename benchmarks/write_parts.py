"""op_add_parts_ms: where one engine add spends its time, part by part (no goal; it explains the ratio).

Each step of ``MemoryStore.add`` is timed by wrapping the function that does it, in this
process only; the parts are medians over the rounds, so they need not add up to the median
total exactly. What is not in a named part (parsing, projecting, building the result) is
"the rest". Rounds start from a file at rest, as in ``op_add_ratio``.
"""

from __future__ import annotations

import contextlib
import functools
import statistics
import time
from collections.abc import Callable, Iterator
from pathlib import Path


def _parts() -> tuple[tuple[object, str, str], ...]:
    """(owner, attribute, what the part is) for each timed step."""
    from hermes_dash.engine import pipeline as _store
    from hermes_dash.engine.io import backups as _backups
    from hermes_dash.engine.rules import ops as _ops

    store = _store.Files
    return (
        (_ops, "prepare", "check the new text (scan)"),
        (store, "_folder_kind", "stat the folder"),
        (_store, "held", "lock (the agent's flock, on the checked descriptor)"),
        (store, "_read_writable", "read + parse the file"),
        (_ops, "project", "apply the operation"),
        (store, "backups", "list backups"),
        (_store, "_same_bytes", "compare with the newest backup"),
        (_backups, "link_exclusive", "backup: fdatasync + link"),
        (_store, "write_resolved", "write: temp + fsync, the backup's folder fsync, rename + folder fsync"),
        (_store, "make_private", "backup to 0600"),
        (store, "_prune", "retention (delete the oldest backup)"),
        (store, "_result", "the result (digests for undo)"),
    )


@contextlib.contextmanager
def timed_parts(samples: dict[str, list[int]]) -> Iterator[None]:
    """Wrap each part so that every call adds its time to ``samples[what]``; unwrap on exit."""
    saved = []
    for owner, name, what in _parts():
        original = getattr(owner, name, None)
        if original is None:  # an older engine without this step (the benchmark can time one)
            continue

        def wrapper(*args: object, _f: Callable[..., object] = original, _what: str = what, **kwargs: object) -> object:
            t0 = time.perf_counter_ns()
            try:
                return _f(*args, **kwargs)
            finally:
                samples.setdefault(_what, []).append(time.perf_counter_ns() - t0)

        functools.update_wrapper(wrapper, original)
        setattr(owner, name, wrapper)
        saved.append((owner, name, original))
    try:
        yield
    finally:
        for owner, name, original in saved:
            setattr(owner, name, original)


def describe(total: list[int], samples: dict[str, list[int]], rounds: int) -> str:
    parts = [(what, statistics.median(samples[what]) / 1e6) for _o, _n, what in _parts() if samples.get(what)]
    rest = statistics.median(total) / 1e6 - sum(ms for _w, ms in parts)
    shown = "; ".join(f"{what} {ms:.2f}" for what, ms in parts)
    return f"median of {rounds} adds, in ms: {shown}; the rest {max(rest, 0):.2f}"


def measure(store: object, file: Path, prepare: Callable[[int], None], rounds: int) -> tuple[float, str]:
    """(median total ms, the parts as text) of ``rounds`` adds to ``store``."""
    samples: dict[str, list[int]] = {}
    total: list[int] = []
    with timed_parts(samples):
        for i in range(rounds):
            prepare(i)
            t0 = time.perf_counter_ns()
            store.add("memory", f"Parts round {i}: an entry about the CI cache.")  # type: ignore[attr-defined]
            total.append(time.perf_counter_ns() - t0)
    return statistics.median(total) / 1e6, describe(total, samples, rounds)
