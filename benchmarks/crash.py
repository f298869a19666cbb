"""The ``crash`` section: a writer killed with SIGKILL at random moments leaves only intended states."""

from __future__ import annotations

import os
import random
import signal
import time
import traceback
from pathlib import Path

from benchmarks.core import Figure, Plan, entries_of_size, make_home, temp_root
from hermes_dash.engine.rules.format import serialise


def crash_step(trial: int, step: int) -> tuple[str, tuple[str, ...]]:
    """The writer's deterministic cycle: add an entry, replace it, remove it."""
    name = f"crash trial {trial} step {step - step % 3}"
    return {0: ("add", (name,)), 1: ("replace", (name, name + " (edited)")), 2: ("remove", (name + " (edited)",))}[
        step % 3
    ]


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
    import fcntl  # noqa: F401  (the lock's module, loaded now, so the kills land in writes)

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
    detail = (
        f"{plan.crash_trials} kills, {killed_mid} after at least one write; stray .mem_*.tmp files left: "
        f"{strays_left} (never read)"
    )
    figures = [
        Figure("crash_trials", plan.crash_trials, "trials", None, None, detail),
        Figure("crash_bad_files", bad, "files", None, 0, "; ".join(problems[:3]) or "every file a before/after state"),
    ]
    return figures


# -- 3-5. the landing page under AppTest ------------------------------------------------------------------
