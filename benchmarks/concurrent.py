"""The ``concurrent`` section: eight engine processes and one agent-style writer at once."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from benchmarks.core import REPO, Figure, Plan, entries_of_size, make_home, temp_root
from hermes_dash.engine.rules.format import parse, serialise

ENGINE_WRITERS = 8


def _engine_writer(home: str, index: int, count: int, barrier: object, failures: object) -> None:
    from hermes_dash.engine.rules.errors import FileProblem
    from hermes_dash.engine.store import MemoryStore

    store = MemoryStore.open(home)
    barrier.wait()  # type: ignore[attr-defined]
    for k in range(count):
        for _attempt in range(20):
            try:
                store.add("memory", f"engine writer {index} entry {k:04d}")
                break
            except FileProblem as problem:  # a lock held past the timeout: report, retry
                failures.put(f"writer {index}: {problem.message}")  # type: ignore[attr-defined]


def _agent_writer(home: str, count: int, barrier: object) -> None:
    sys.path.insert(0, str(REPO / "tests"))  # the agent's add, as the concurrency tests write it
    from agent_like import agent_add

    memories = Path(home) / "memories"
    barrier.wait()  # type: ignore[attr-defined]
    for k in range(count):
        agent_add(memories / "MEMORY.md", f"agent writer entry {k:04d}")


def bench_concurrent(plan: Plan) -> list[Figure]:
    import multiprocessing

    ctx = multiprocessing.get_context("fork")
    count = plan.concurrent_ops
    total = count * (ENGINE_WRITERS + 1)
    with temp_root("concurrent") as root:
        start = entries_of_size(600, "concurrent")
        home = make_home(root / "home", serialise(start), memory_limit=10_000_000)
        barrier = ctx.Barrier(ENGINE_WRITERS + 2)
        failures = ctx.Queue()
        procs = [
            ctx.Process(target=_engine_writer, args=(str(home), i, count, barrier, failures))
            for i in range(ENGINE_WRITERS)
        ]
        procs.append(ctx.Process(target=_agent_writer, args=(str(home), count, barrier)))
        for proc in procs:
            proc.start()
        barrier.wait()
        t0 = time.perf_counter()
        for proc in procs:
            proc.join()
        elapsed = time.perf_counter() - t0
        codes = [proc.exitcode for proc in procs]
        if any(codes):
            raise RuntimeError(f"a writer process failed (exit codes {codes})")
        text = (home / "memories" / "MEMORY.md").read_text(encoding="utf-8")
        found = set(parse(text))
        expected = (
            set(start)
            | {f"engine writer {i} entry {k:04d}" for i in range(ENGINE_WRITERS) for k in range(count)}
            | {f"agent writer entry {k:04d}" for k in range(count)}
        )
        lost = len(expected - found)
        notes = []
        while not failures.empty():
            notes.append(failures.get())
    detail = f"{total} adds by {ENGINE_WRITERS} engine processes + 1 flock writer in {elapsed:.2f} s"
    if notes:
        detail += f"; {len(notes)} lock time-outs retried"
    return [
        Figure("concurrent_ops_per_s", round(total / elapsed, 1), "ops/s", None, None, detail),
        Figure("concurrent_lost", lost, "entries", None, 0, f"{lost} of {len(expected)} entries missing"),
    ]


# -- 7. SIGKILL at random moments -------------------------------------------------------------------------
