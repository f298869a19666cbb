"""The ``concurrent`` section: eight engine processes and one agent-style writer at once."""

from __future__ import annotations

import importlib.util
import time
from pathlib import Path

from benchmarks.core import REPO, Figure, Plan, entries_of_size, make_home, temp_root
from hermes_dash.engine.rules.format import parse, serialise

ENGINE_WRITERS = 8
#: Every wait of the section ends: a party that died (an import error, a crash) breaks the
#: barrier for the others instead of leaving them waiting for ever, and a writer that hangs
#: is killed and named. Generous: 8 x QUICK's adds take seconds even on a loaded machine.
START_TIMEOUT_S = 60.0
RUN_TIMEOUT_S = 600.0


def _agent_add():  # type: ignore[no-untyped-def]
    """The agent-style flock writer of the concurrency tests (tests/support/agent_like.py), loaded
    by its path: tests/ is not a package, and a moved file must fail here with its name."""
    path = REPO / "tests" / "support" / "agent_like.py"
    spec = importlib.util.spec_from_file_location("agent_like", path)
    if spec is None or spec.loader is None or not path.is_file():
        raise RuntimeError(f"the agent-style writer {path} is missing")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.agent_add


def _engine_writer(home: str, index: int, count: int, barrier: object, failures: object) -> None:
    from hermes_dash.engine.rules.errors import FileProblem
    from hermes_dash.engine.store import MemoryStore

    try:
        store = MemoryStore.open(home)
    except BaseException:
        barrier.abort()  # type: ignore[attr-defined]
        raise
    barrier.wait(START_TIMEOUT_S)  # type: ignore[attr-defined]
    for k in range(count):
        for _attempt in range(20):
            try:
                store.add("memory", f"engine writer {index} entry {k:04d}")
                break
            except FileProblem as problem:  # a lock held past the timeout: report, retry
                failures.put(f"writer {index}: {problem.message}")  # type: ignore[attr-defined]


def _agent_writer(home: str, count: int, barrier: object) -> None:
    try:
        agent_add = _agent_add()
    except BaseException:
        barrier.abort()  # type: ignore[attr-defined]  # the others stop waiting and fail at once
        raise
    memories = Path(home) / "memories"
    barrier.wait(START_TIMEOUT_S)  # type: ignore[attr-defined]
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
        try:
            barrier.wait(START_TIMEOUT_S)
        except Exception:  # BrokenBarrierError: a writer died before the start, or never came
            _reap(procs)
            raise RuntimeError(f"the writers did not all start ({_codes(procs)})") from None
        t0 = time.perf_counter()
        deadline = time.monotonic() + RUN_TIMEOUT_S
        for proc in procs:
            proc.join(max(0.0, deadline - time.monotonic()))
        elapsed = time.perf_counter() - t0
        if any(proc.is_alive() for proc in procs):
            _reap(procs)
            raise RuntimeError(f"a writer was still running after {RUN_TIMEOUT_S:.0f} s ({_codes(procs)})")
        if any(proc.exitcode for proc in procs):
            raise RuntimeError(f"a writer process failed ({_codes(procs)})")
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


def _codes(procs: list) -> str:  # type: ignore[type-arg]
    names = [f"engine writer {i}" for i in range(ENGINE_WRITERS)] + ["agent-style writer"]
    return ", ".join(f"{name}: exit {proc.exitcode}" for name, proc in zip(names, procs))


def _reap(procs: list) -> None:  # type: ignore[type-arg]
    for proc in procs:
        if proc.is_alive():
            proc.kill()
        proc.join(5)


# -- 7. SIGKILL at random moments -------------------------------------------------------------------------
