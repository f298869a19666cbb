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
* ``live``       one idle check of the pages' live view (stat both files, compare fingerprints)
                 against two bare ``os.stat`` calls (``live_poll.py``).
* ``concurrent`` eight engine processes and one agent-style ``flock`` writer adding entries at
                 once: throughput and entries lost.
* ``crash``      a writer killed with SIGKILL at random moments: every file left behind must be
                 a state the writer meant to leave (before or after an operation).
* ``page``       AppTest reruns of the landing page: demo home against a bare Streamlit page,
                 10,000 backups against 10, a hand-written 1 MB MEMORY.md against the demo.
* ``browser``    headless Debian Chromium (a fresh browser context each time) opening ``streamlit run app.py``
                 until the Overview has rendered both gauges and both tables, alternated with a
                 bare page of the same two tables and progress bars served with the same settings.

Every Hermes home used here is a temporary folder; ``~/.hermes`` is never read or written.
JSON: a list of ``{"name", "value", "unit", "baseline"?}``; for a ratio, ``baseline`` is the
baseline's median in the unit named by the table (ms, or s for the browser).
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from typing import Any
from dataclasses import dataclass
from pathlib import Path

from hermes_dash.engine.rules.format import DELIMITER, parse, serialise

REPO = Path(__file__).resolve().parent.parent
DAY_ZERO = "20260101"  # pre-made backups are dated before any real run, so retention prunes them first


@dataclass(frozen=True)
class Figure:
    """One measured figure, with the goal set for it (if any)."""

    name: str
    value: float
    unit: str
    baseline: float | None = None
    goal: float | None = None  # the figure should be at most this
    detail: str = ""
    must: bool = True  # a side condition of the goal (for example "no megabyte in one cell")

    @property
    def verdict(self) -> str:
        if self.goal is None:
            return ""
        return "met" if self.value <= self.goal and self.must else "MISSED"

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"name": self.name, "value": self.value, "unit": self.unit}
        if self.baseline is not None:
            out["baseline"] = self.baseline
        return out


@dataclass(frozen=True)
class Plan:
    """How many repetitions each section makes (``--quick`` scales them down)."""

    op_rounds: int = 300
    cli_rounds: int = 40
    concurrent_ops: int = 60  # per process; nine processes
    crash_trials: int = 400
    page_rounds: int = 40
    browser_rounds: int = 8
    suggest_rounds: int = 7
    quick: bool = False


FULL = Plan()
QUICK = Plan(op_rounds=30, cli_rounds=10, concurrent_ops=10, crash_trials=40, page_rounds=6, browser_rounds=2,
             suggest_rounds=2, quick=True)


# -- helpers ------------------------------------------------------------------------------------


def median_ms(samples: list[int]) -> float:
    return statistics.median(samples) / 1e6


def interleaved(rounds: int, baseline: Callable[[int], int], subject: Callable[[int], int],
                warmup: int = 2) -> tuple[list[int], list[int]]:
    """Run both sides ``rounds`` times in ABBA order; each callable returns its own ns timing."""
    base, subj = [], []
    for i in range(-warmup, rounds):
        pair = [(base, baseline), (subj, subject)]
        if i % 2:
            pair.reverse()
        for samples, run in pair:
            value = run(i)
            if i >= 0:
                samples.append(value)
    return base, subj


def ratio_figures(name: str, base: list[int], subj: list[int], goal: float | None, what: str) -> Figure:
    b, s = median_ms(base), median_ms(subj)
    # Each round's own ratio as a cross-check: it cancels load that drifts between rounds.
    paired = statistics.median(x / y for x, y in zip(subj, base))
    return Figure(name, round(s / b, 3), "x", round(b, 3), goal,
                  f"{what}: {s:.2f} ms vs baseline {b:.2f} ms (median of {len(subj)}; "
                  f"median of per-round ratios {paired:.2f})")


def entries_of_size(total: int, tag: str) -> list[str]:
    """Realistic-looking entries whose serialised text is exactly ``total`` characters."""
    facts = [
        "Project repo lives at ~/src/atlas; run `make test` before every push, CI is slow on Mondays.",
        "The staging database is Postgres 15 on db-stage.internal:5432; migrations go through alembic.",
        "User prefers short answers, British spelling, and code blocks without line numbers.",
        "Deploys happen from the release branch only; tag as vYYYY.MM.N and let the pipeline publish.",
        "The laptop runs Debian 12 with zsh; Homebrew is not available, use apt or pipx instead.",
        "Docs are written in reStructuredText and built with Sphinx 7; `make html` in docs/ builds them.",
        "Timezone is Europe/Lisbon; meetings before 10:00 local time are to be avoided if possible.",
        "The API client retries 3 times with exponential backoff; never lower this below 2 retries.",
        "Code review wants small PRs (< 400 lines) and a linked issue in the description.",
        "Python 3.11 everywhere; type hints required, mypy in strict mode on the core package.",
        "Logs are shipped to Loki; query with {app=\"atlas\"} and keep dashboards in grafana/ folder.",
        "The user's name is Sam; they maintain the CLI and the packaging, not the web frontend.",
    ]
    entries = [f"[{tag}] {facts[0]}"]
    k = 1
    while len(serialise(entries)) + len(DELIMITER) + len(facts[k % len(facts)]) + 5 < total - 40:
        entries.append(f"({k:02d}) {facts[k % len(facts)]}")
        k += 1
    pad = total - len(serialise(entries)) - len(DELIMITER)
    filler = "Filler note to reach the size: " + "lorem ipsum dolor sit amet " * 20
    entries.append(filler[:pad].strip().ljust(pad, "x"))
    text = serialise(entries)
    assert len(text) == total, (len(text), total)
    return entries


CONFIG = "model: anthropic/claude-sonnet-4\nmemory:\n  memory_enabled: true\n  user_profile_enabled: true\n" \
         "  memory_char_limit: {memory}\n  user_char_limit: {user}\n"


def make_home(root: Path, memory: str = "", user: str = "", memory_limit: int = 2200, user_limit: int = 1375) -> Path:
    """A Hermes home with a config.yaml (real homes have one) and the two files."""
    (root / "memories").mkdir(parents=True, exist_ok=True)
    (root / "config.yaml").write_text(CONFIG.format(memory=memory_limit, user=user_limit), encoding="utf-8")
    if memory:
        (root / "memories" / "MEMORY.md").write_text(memory, encoding="utf-8")
    if user:
        (root / "memories" / "USER.md").write_text(user, encoding="utf-8")
    return root


def premade_backups(folder: Path, filename: str, count: int, data: bytes) -> None:
    """``count`` old dated backups, as a folder that has been in use for a while holds."""
    for n in range(count):
        path = folder / f"{filename}.bak.{DAY_ZERO}-{n // 3600:02d}{n // 60 % 60:02d}{n % 60:02d}"
        path.write_bytes(data)


@contextlib.contextmanager
def temp_root(prefix: str) -> Iterator[Path]:
    path = Path(tempfile.mkdtemp(prefix=f"hermes-bench-{prefix}-"))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


def fsync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_synced(path: Path, data: bytes, flags: int = os.O_WRONLY | os.O_CREAT | os.O_TRUNC) -> None:
    fd = os.open(path, flags, 0o600)
    try:
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)


# -- 1. one engine operation against the file-system floor -----------------------------------------


def as_the_agent_writes(path: Path, data: bytes) -> None:
    """Put ``data`` at ``path`` as the agent's memory tool does (temp file, fsync, rename), then
    fsync the folder, outside the timing: each round starts from a file at rest on disk, as a real
    write finds it (the agent wrote it seconds or days before, and the file system has long since
    committed the rename). Without the folder fsync, the first fsync inside the timed part would
    pay for committing this set-up's rename, on either side."""
    tmp = path.with_name(f".mem_setup_{os.getpid()}.tmp")
    write_synced(tmp, data)
    os.replace(tmp, path)
    fsync_dir(path.parent)

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
            "op_replace_ratio": ("replace", lambda raw: raw.replace(target_entry.encode(), replacement.encode()),
                        lambda: store.replace("memory", marker, replacement)),
            "op_remove_ratio": ("remove", lambda raw: raw.replace((DELIMITER + target_entry).encode(), b""),
                       lambda: store.remove("memory", marker)),
        }
        for name, (action, change, op) in cases.items():
            base_ns, subj_ns = interleaved(plan.op_rounds, by_hand(change), by_engine(op))
            figures.append(ratio_figures(name, base_ns, subj_ns, 1.5, f"engine {action}"))
        from .write_parts import measure

        total_ms, parts = measure(store, eng_file, lambda i: as_the_agent_writes(eng_file, base(10_000 + i)),
                                  plan.op_rounds)
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
    from hermes_dash.engine.rules.ops import MAX_BATCH_OPERATIONS
    from hermes_dash.engine.store import MAX_LOCKED_WORK, MemoryStore

    size = MAX_LOCKED_WORK // MAX_BATCH_OPERATIONS
    data = serialise([f"{i:05d}" for i in range(size // 8 + 1)]).encode("utf-8")[:size]
    data = data[:data.rfind(DELIMITER.encode())]
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

        base_ns, subj_ns = interleaved(rounds, locked(lambda: store.replace("memory", entries[-1], entries[-1] + "?")),
                                       locked(lambda: store.batch("memory", ops)), warmup=1)
    b, w = median_ms(base_ns), median_ms(subj_ns)
    return Figure("locked_work_worst_ms", round(w, 1), "ms", round(b, 3), 1000.0,
                  f"lock held by {len(ops):,} replaces on a {len(data):,}-byte file of {len(entries):,} entries "
                  f"(at the bound, {MAX_LOCKED_WORK:,} bytes x operations): {w:.0f} ms vs one replace {b:.2f} ms")


# -- 2. command-line start-up -----------------------------------------------------------------------


def timed_run(argv: list[str], env: dict[str, str]) -> int:
    t0 = time.perf_counter_ns()
    subprocess.run(argv, env=env, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter_ns() - t0


def cpu_run(argv: list[str], env: dict[str, str]) -> int:
    """The processor time (user + system, ns) the child used: unlike the wall time, it does not
    grow when other programs share the processor."""
    child = subprocess.Popen(argv, env=env, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise subprocess.CalledProcessError(child.returncode, argv)
    return int((usage.ru_utime + usage.ru_stime) * 1e9)


def bench_cli(plan: Plan) -> list[Figure]:
    """``hermes_dash show`` against the bare interpreter, the same executable started the same
    way (``sys.executable``: run the benchmark with the project's venv to measure that venv)."""
    with temp_root("cli") as root:
        home = make_home(root / "home", serialise(entries_of_size(2000, "memory")),
                         serialise(entries_of_size(1200, "user")))
        env = dict(os.environ, HERMES_HOME=str(home))
        # Measured as an installed command runs: with its bytecode cached. With writing turned off,
        # every module changed since the last cached compile was compiled again on every run
        # (about 4 ms a module here), which measured the checkout's state, not the command.
        for name in ("PYTHONPROFILEIMPORTTIME", "PYTHONDONTWRITEBYTECODE"):
            env.pop(name, None)
        import compileall

        compileall.compile_dir(str(REPO / "hermes_dash"), quiet=1)
        bare, show = [sys.executable, "-c", "pass"], [sys.executable, "-m", "hermes_dash", "show"]
        base_ns, subj_ns = interleaved(plan.cli_rounds, lambda i: timed_run(bare, env),
                                       lambda i: timed_run(show, env), warmup=3)
        base_cpu, subj_cpu = interleaved(plan.cli_rounds, lambda i: cpu_run(bare, env),
                                         lambda i: cpu_run(show, env), warmup=1)
    where = f"{sys.executable}: hermes_dash show"
    return [ratio_figures("cli_show_ratio", base_ns, subj_ns, 3.0, where),
            ratio_figures("cli_show_cpu_ratio", base_cpu, subj_cpu, 3.0, f"{where}, processor time")]


# -- clean-up suggestions on large files ----------------------------------------------------------


def bench_suggest(plan: Plan) -> list[Figure]:
    from hermes_dash.curation import cleanup as _cleanup, similarity as _similarity
    from hermes_dash.engine.store import MemoryStore

    from .workloads import PLANTED, distinct_facts

    with temp_root("suggest") as root:
        stores = {}
        for count in (200, 2000) + (() if plan.quick else (20_000,)):
            home = make_home(root / str(count), serialise(distinct_facts(count)))
            stores[count] = MemoryStore.open(home)

        def timed(count: int) -> Callable[[int], int]:
            def run(_round: int) -> int:
                _similarity._words.cache_clear()  # every round starts cold, as a new report does
                t0 = time.perf_counter_ns()
                report = _cleanup.suggest(stores[count])
                elapsed = time.perf_counter_ns() - t0
                if not any({m.keep, m.drop} == set(PLANTED) for m in report.merges):
                    raise RuntimeError(f"the planted near-duplicate pair was not found in {count} entries")
                return elapsed
            return run

        small, large = interleaved(plan.suggest_rounds, timed(200), timed(2000), warmup=1)
        figure = ratio_figures("suggest_growth", small, large, 15.0, "suggest on 2,000 entries vs 200")
        detail = figure.detail + "; planted pair (entries 5 and n-5) found in every round"
        if 20_000 in stores:
            detail += f"; 20,000 entries: {timed(20_000)(0) / 1e9:.1f} s"
    return [Figure(figure.name, figure.value, figure.unit, figure.baseline, figure.goal, detail)]


# -- 6. concurrent writers ------------------------------------------------------------------------------

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
        procs = [ctx.Process(target=_engine_writer, args=(str(home), i, count, barrier, failures))
                 for i in range(ENGINE_WRITERS)]
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
        expected = set(start) | {f"engine writer {i} entry {k:04d}" for i in range(ENGINE_WRITERS)
                                 for k in range(count)} | {f"agent writer entry {k:04d}" for k in range(count)}
        lost = len(expected - found)
        notes = []
        while not failures.empty():
            notes.append(failures.get())
    detail = f"{total} adds by {ENGINE_WRITERS} engine processes + 1 flock writer in {elapsed:.2f} s"
    if notes:
        detail += f"; {len(notes)} lock time-outs retried"
    return [Figure("concurrent_ops_per_s", round(total / elapsed, 1), "ops/s", None, None, detail),
            Figure("concurrent_lost", lost, "entries", None, 0, f"{lost} of {len(expected)} entries missing")]


# -- 7. SIGKILL at random moments -------------------------------------------------------------------------


def crash_step(trial: int, step: int) -> tuple[str, tuple[str, ...]]:
    """The writer's deterministic cycle: add an entry, replace it, remove it."""
    name = f"crash trial {trial} step {step - step % 3}"
    return {0: ("add", (name,)), 1: ("replace", (name, name + " (edited)")),
            2: ("remove", (name + " (edited)",))}[step % 3]


def crash_states(entries: list[str], trial: int, steps: int) -> set[bytes]:
    """Every file the writer may leave: the start and the state after each step."""
    states = {serialise(entries).encode()}
    current = list(entries)
    for step in range(steps):
        action, args = crash_step(trial, step)
        if action == "add":
            current = current + [args[0]]
        elif action == "replace":
            current = [args[1] if e == args[0] else e for e in current]
        else:
            current = [e for e in current if e != args[0]]
        states.add(serialise(current).encode())
    return states


def _crash_writer(home: Path, trial: int, ready: int) -> None:
    from hermes_dash.engine.store import MemoryStore

    store = MemoryStore.open(home)
    import filelock  # noqa: F401  (imported by the first write: loaded now, so the kills land in writes)

    os.write(ready, b"r")
    step = 0
    while True:
        action, args = crash_step(trial, step)
        getattr(store, action)("memory", *args)
        step += 1


def bench_crash(plan: Plan) -> list[Figure]:
    from hermes_dash.engine.store import MemoryStore

    rng = random.Random(5)
    bad = 0
    stray_max = 0
    problems: list[str] = []
    killed_mid = 0
    with temp_root("crash") as root:
        home = make_home(root / "home", serialise(entries_of_size(1800, "crash")))
        store = MemoryStore.open(home)
        memories = store.home.memories_dir
        seen_states: set[bytes] = set()
        for trial in range(plan.crash_trials):
            start = list(store.read("memory").entries)
            states = crash_states(start, trial, 3000)
            seen_states |= states
            read_fd, write_fd = os.pipe()
            pid = os.fork()
            if pid == 0:  # the writer
                code = 0
                try:
                    os.close(read_fd)
                    _crash_writer(home, trial, write_fd)
                except BaseException:
                    traceback.print_exc()
                    code = 1
                os._exit(code)
            os.close(write_fd)
            os.read(read_fd, 1)
            os.close(read_fd)
            time.sleep(rng.uniform(0, 0.1))
            os.kill(pid, signal.SIGKILL)
            _, status = os.waitpid(pid, 0)
            if not (os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL):
                raise RuntimeError(f"crash writer of trial {trial} ended by itself (status {status})")
            raw = (memories / "MEMORY.md").read_bytes()
            state = store.read("memory")
            if raw not in states or state.raw not in states or state.error or state.drift:
                bad += 1
                problems.append(f"trial {trial}: MEMORY.md is not a before/after state ({len(raw)} bytes)")
            if raw != serialise(start).encode():
                killed_mid += 1
            strays = [p for p in memories.iterdir() if p.name.startswith(".mem_")]
            stray_max = max(stray_max, len(strays))
            # Tidy up through the engine (a later write must never pick up a stray temp file).
            for entry in state.entries:
                if entry.startswith(f"crash trial {trial} "):
                    store.remove("memory", entry)
            if raw in states and store.read("memory").raw not in seen_states:
                bad += 1
                problems.append(f"trial {trial}: the tidy-up write left an unexpected MEMORY.md")
        for backup in store.backups("memory"):
            if backup.style == "dated" and backup.path.read_bytes() not in seen_states:
                bad += 1
                problems.append(f"backup {backup.name} holds bytes that were never a state of MEMORY.md")
        strays_left = len([p for p in memories.iterdir() if p.name.startswith(".mem_")])
    detail = (f"{plan.crash_trials} kills, {killed_mid} after at least one write; stray .mem_*.tmp files left: "
              f"{strays_left} (never read)")
    figures = [Figure("crash_trials", plan.crash_trials, "trials", None, None, detail),
               Figure("crash_bad_files", bad, "files", None, 0,
                      "; ".join(problems[:3]) or "every file a before/after state")]
    return figures


# -- 3-5. the landing page under AppTest ------------------------------------------------------------------


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
        parts.append(f"\n## Area {n}\n\n- The service in area {n} restarts nightly at 02:{n % 60:02d} UTC.\n"
                     f"- Its logs live in /var/log/area{n}/ and rotate weekly; keep 4 weeks.\n"
                     f"- Owner: team {n % 17}; page them through the on-call rota, never by direct message.\n")
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
            from hermes_dash.engine.home import load_settings, resolve_home

            settings = load_settings(resolve_home(demo))
            bare_script = root / "bare_page.py"
            bare_script.write_text(BARE_PAGE.format(home=str(demo), memory_limit=settings.memory_char_limit,
                                                    user_limit=settings.user_char_limit), encoding="utf-8")
            app, bare = Page(APP, demo), Page(bare_script, demo)
            base_ns, subj_ns = interleaved(plan.page_rounds, bare.rerun, app.rerun)
            figures.append(Figure("page_rerun_ms", round(median_ms(subj_ns), 1), "ms", None, None,
                                  f"AppTest rerun of app.py -> Overview on the demo home (median of {len(subj_ns)})"))
            ratio = ratio_figures("page_rerun_ratio", base_ns, subj_ns, 2.0,
                                  "landing page vs a bare page with the same two tables and bars")
            with server_script_cache():
                app2, bare2 = Page(APP, demo), Page(bare_script, demo)
                base2, subj2 = interleaved(plan.page_rounds, bare2.rerun, app2.rerun)
            figures.append(Figure(ratio.name, ratio.value, ratio.unit, ratio.baseline, ratio.goal,
                                  ratio.detail + f"; with scripts compiled once as under `streamlit run`: "
                                  f"{median_ms(subj2):.2f} vs {median_ms(base2):.2f} ms = "
                                  f"{median_ms(subj2) / median_ms(base2):.2f}x"))

            few, many = demo_home(root / "few"), demo_home(root / "many")
            add_backups(few, 10)
            add_backups(many, 10_000)
            few_ns, many_ns = interleaved(plan.page_rounds, Page(APP, few).rerun, Page(APP, many).rerun)
            figures.append(ratio_figures("page_backups_growth", few_ns, many_ns, 1.2,
                                         "landing page with 10,000 backups vs 10"))

            big = demo_home(root / "big")
            (big / "memories" / "MEMORY.md").write_text(hand_written_markdown(1_000_000), encoding="utf-8")
            big_page, demo_page = Page(APP, big), Page(APP, demo)
            st_cache_clear()
            demo_ns, big_ns = interleaved(plan.page_rounds, demo_page.rerun, big_page.rerun)
            (cell, cell_where), (other, other_where) = largest_texts(big_page.app)
            usable = cell <= USABLE_CHARS
            figure = ratio_figures("page_big_file_ratio", demo_ns, big_ns, 3.0,
                                   "landing page with a hand-written 1 MB MEMORY.md vs the demo home")
            figures.append(Figure(figure.name, figure.value, figure.unit, figure.baseline, figure.goal,
                                  figure.detail + f"; largest table cell {cell:,} chars ({cell_where}: "
                                  f"{'ok' if usable else 'TOO BIG: not usable'}); largest other text element "
                                  f"{other:,} chars ({other_where}); first run with cold caches "
                                  f"{(big_page.first_ns or 0) / 1e6:.0f} ms vs demo "
                                  f"{(demo_page.first_ns or 0) / 1e6:.0f} ms", must=usable))
    finally:
        if saved_env is None:
            os.environ.pop("HERMES_HOME", None)
        else:
            os.environ["HERMES_HOME"] = saved_env
    return figures


CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# Finished rendering: the script has run (Streamlit's own script-state marker), no "running"
# indicator is left, and the page's heading, both gauges (progress bars) and both entry tables
# are on the page. The same test serves the dashboard and the bare page it is compared with.
LANDING_READY_JS = """() => {
  const app = document.querySelector('[data-testid="stApp"]');
  if (!app || app.getAttribute('data-test-script-state') !== 'notRunning') return false;
  if (document.querySelector('[data-testid="stStatusWidget"] [data-testid="stStatusWidgetRunningIcon"]')) return false;
  const main = document.querySelector('[data-testid="stMain"]');
  if (!main || !/Overview/.test(main.innerText)) return false;
  return main.querySelectorAll('[data-testid="stDataFrame"]').length >= 2
    && main.querySelectorAll('[data-testid="stProgress"]').length >= 2;
}"""


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


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
                proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", str(script), "--server.port",
                                         str(port), "--server.address", "127.0.0.1", "--server.headless", "true",
                                         "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"],
                                        cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT)
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

    from hermes_dash.engine.home import load_settings, resolve_home

    with temp_root("browser") as root, sync_playwright() as playwright:
        demo = demo_home(root / "demo")
        settings = load_settings(resolve_home(demo))
        bare_script = root / "bare_page.py"
        bare_script.write_text(BARE_PAGE.format(home=str(demo), memory_limit=settings.memory_char_limit,
                                                user_limit=settings.user_char_limit), encoding="utf-8")
        # One Chromium process; every open gets a fresh browser context: its own empty cache,
        # cookies and storage, as a new profile has (nothing cached from an earlier open), without
        # paying a browser start per open.
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_FLAGS)

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
    ratio = ratio_figures("browser_ready_ratio", base_ns, subj_ns, 1.5,
                          "Overview vs a bare page with the same two tables and two progress bars")
    return [Figure("browser_ready_s", round(value, 3), "s", None, None,
                   f"headless Chromium, open -> Overview rendered (script notRunning, both gauges, both tables): "
                   f"median of {len(subj_ns)} opens, each in a fresh browser context (empty cache and storage, "
                   f"as a fresh profile); first open after server start {first:.2f} s"),
            ratio]


def bench_live(plan: Plan) -> list[Figure]:
    """An idle live check (the pages' fragment body, on the files they watch) against two bare ``os.stat`` calls."""
    from benchmarks.live_poll import measure
    from hermes_dash.ui._live import SLOW_EVERY

    got = measure()
    return [Figure("live_poll_ratio", round(got["live_poll_ratio"], 3), "x",
                   round(got["bare_stat_s"] * 1e6, 3), 2.0,
                   f"idle live check (mean of {SLOW_EVERY}: memory files each second, the snapshot's sources every "
                   f"{SLOW_EVERY}th) {got['live_check_s'] * 1e6:.2f} us vs two os.stat "
                   f"{got['bare_stat_s'] * 1e6:.2f} us (baseline in us); median of alternated rounds")]


SECTIONS: dict[str, Callable[[Plan], list[Figure]]] = {
    # fork-based sections first: forking after Streamlit has started threads is unsafe
    "op": bench_ops,
    "cli": bench_cli,
    "suggest": bench_suggest,
    "live": bench_live,
    "concurrent": bench_concurrent,
    "crash": bench_crash,
    "page": bench_page,
    "browser": bench_browser,
}


# -- output ------------------------------------------------------------------------------------------------


def format_value(value: float) -> str:
    if float(value).is_integer() and abs(value) >= 1 or value == 0:
        return f"{int(value):,}"
    return f"{value:.3g}" if abs(value) < 100 else f"{value:,.1f}"


def table(figures: list[Figure]) -> str:
    rows = [("figure", "value", "unit", "goal", "", "detail")]
    for f in figures:
        rows.append((f.name, format_value(f.value), f.unit, "" if f.goal is None else f"<= {format_value(f.goal)}",
                     f.verdict, f.detail))
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
    parser = argparse.ArgumentParser(prog="python -m benchmarks",
                                     description="Measure hermes-dash. Prints a table; never fails on "
                                                 "a slow figure.")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (about a minute)")
    parser.add_argument("--json", metavar="PATH", help="also write the figures as a JSON list")
    parser.add_argument("--only", metavar="SECTIONS",
                        help=f"comma-separated subset of: {', '.join(SECTIONS)} (default: all)")
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
    print(f"\n{'quick' if plan.quick else 'full'} run, {time.perf_counter() - t0:.0f} s, "
          f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load average {load_before} at the start and "
          f"{os.getloadavg()[0]:.1f} at the end.\nRatios are medians of rounds that alternate baseline and subject, "
          "so load from other work on the machine hits both sides alike.")
    for error in errors:
        print(f"section failed: {error}")
    if args.json:
        path = Path(args.json)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps([f.to_json() for f in figures], indent=1) + "\n", encoding="utf-8")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
