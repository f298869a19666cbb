"""The ``op`` section: one engine add / replace / remove against the same file-system work by hand."""

from __future__ import annotations

import contextlib
import itertools
import os
import time
from collections.abc import Callable, Iterator
from typing import Any

from benchmarks.core import (
    Figure,
    Plan,
    as_the_agent_writes,
    entries_of_size,
    fsync_dir,
    interleaved,
    make_home,
    median_ms,
    premade_backups,
    ratio_figures,
    temp_root,
    write_synced,
)
from hermes_dash.engine.rules.format import DELIMITER, parse, serialise

FILE_CHARS = 2000


def bench_ops(plan: Plan) -> list[Figure]:
    from hermes_dash.engine.store import MemoryStore

    figures = []
    with temp_root("op") as root:
        eng_home = make_home(root / "engine")
        hand = root / "hand" / "memories"
        hand.mkdir(parents=True)
        store = MemoryStore.open(eng_home)
        keep = store.settings.backups_keep
        eng_file = store.home.file_path("memory")

        def base(i: int) -> bytes:
            # Different bytes every round, so the engine cannot skip its backup as "same as newest".
            return serialise(entries_of_size(FILE_CHARS, f"round {i:+06d}")).encode("utf-8")

        premade_backups(store.home.memories_dir, "MEMORY.md", keep, base(-99))
        premade_backups(hand, "MEMORY.md", keep, base(-99))
        target_entry = entries_of_size(FILE_CHARS, "x")[3]
        marker = target_entry[:40]
        replacement = target_entry[:-1] + "!"
        added = "Bench run added this entry about the CI cache."
        serial = itertools.count()

        def by_hand(change: Callable[[bytes], bytes]) -> Callable[[int], int]:
            path = hand / "MEMORY.md"

            def run(i: int) -> int:
                as_the_agent_writes(path, base(i))
                n = next(serial)
                t0 = time.perf_counter_ns()
                with open(path, "rb") as handle:
                    raw = handle.read()
                write_synced(hand / f"MEMORY.md.bak.{n}", raw, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
                tmp = hand / f".mem_{n}.tmp"
                write_synced(tmp, change(raw))
                os.replace(tmp, path)
                fsync_dir(hand)
                # Retention, as the engine's: the folder keeps its number of backups, so the
                # oldest goes (here the previous round's; the premade ones stay).
                with contextlib.suppress(FileNotFoundError):
                    (hand / f"MEMORY.md.bak.{n - 1}").unlink()
                return time.perf_counter_ns() - t0

            return run

        def by_engine(op: Callable[[], object]) -> Callable[[int], int]:
            def run(i: int) -> int:
                as_the_agent_writes(eng_file, base(i))
                t0 = time.perf_counter_ns()
                op()
                return time.perf_counter_ns() - t0

            return run

        cases = {  # name -> (action, the same change by hand, the engine call)
            "op_add_ratio": ("add", lambda raw: raw + (DELIMITER + added).encode(), lambda: store.add("memory", added)),
            "op_replace_ratio": (
                "replace",
                lambda raw: raw.replace(target_entry.encode(), replacement.encode()),
                lambda: store.replace("memory", marker, replacement),
            ),
            "op_remove_ratio": (
                "remove",
                lambda raw: raw.replace((DELIMITER + target_entry).encode(), b""),
                lambda: store.remove("memory", marker),
            ),
        }
        for name, (action, change, op) in cases.items():
            base_ns, subj_ns = interleaved(plan.op_rounds, by_hand(change), by_engine(op))
            figures.append(ratio_figures(name, base_ns, subj_ns, 1.5, f"engine {action}"))
        from .write_parts import measure

        total_ms, parts = measure(
            store, eng_file, lambda i: as_the_agent_writes(eng_file, base(10_000 + i)), plan.op_rounds
        )
        figures.append(Figure("op_add_parts_ms", round(total_ms, 2), "ms", None, None, parts))
        after = store.read("memory")
        assert len(store.backups("memory")) <= keep + 1, "retention did not prune"
        assert after.error is None and not after.drift
    figures.append(bench_locked_work(plan))
    return figures


def bench_locked_work(plan: Plan) -> Figure:
    """How long the worst request the bound on locked work accepts holds the agent's lock: 2,000
    replaces on a file of the shortest distinct entries, exactly at ``MAX_LOCKED_WORK``, through
    the store; against the lock time of one replace on the same file."""
    from hermes_dash import MemoryStore
    from hermes_dash.engine.change import MAX_LOCKED_WORK
    from hermes_dash.engine.rules.ops import MAX_BATCH_OPERATIONS

    size = MAX_LOCKED_WORK // MAX_BATCH_OPERATIONS
    data = serialise([f"{i:05d}" for i in range(size // 8 + 1)]).encode("utf-8")[:size]
    data = data[: data.rfind(DELIMITER.encode())]
    entries = parse(data.decode())
    ops = [{"action": "replace", "old_text": e, "content": e + "!"} for e in entries[:MAX_BATCH_OPERATIONS]]
    rounds = 3 if plan.quick else 7
    with temp_root("work") as root:
        store = MemoryStore.open(make_home(root / "home", memory_limit=size * 2))
        path = store.home.file_path("memory")
        held: list[int] = []
        plain_lock = store._lock

        @contextlib.contextmanager
        def timed_lock(*args: Any, **kwargs: Any) -> Iterator[None]:
            with plain_lock(*args, **kwargs):
                t0 = time.perf_counter_ns()
                try:
                    yield
                finally:
                    held.append(time.perf_counter_ns() - t0)

        store._lock = timed_lock  # type: ignore[method-assign]  # measures the time the lock is held

        def locked(request: Callable[[], object]) -> Callable[[int], int]:
            def run(i: int) -> int:
                as_the_agent_writes(path, data)
                request()
                return held[-1]

            return run

        base_ns, subj_ns = interleaved(
            rounds,
            locked(lambda: store.replace("memory", entries[-1], entries[-1] + "?")),
            locked(lambda: store.batch("memory", ops)),
            warmup=1,
        )
    b, w = median_ms(base_ns), median_ms(subj_ns)
    return Figure(
        "locked_work_worst_ms",
        round(w, 1),
        "ms",
        round(b, 3),
        1000.0,
        f"lock held by {len(ops):,} replaces on a {len(data):,}-byte file of {len(entries):,} entries "
        f"(at the bound, {MAX_LOCKED_WORK:,} bytes x operations): {w:.0f} ms vs one replace {b:.2f} ms",
    )


# -- 2. command-line start-up -----------------------------------------------------------------------
