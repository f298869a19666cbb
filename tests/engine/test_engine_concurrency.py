"""Real processes at once: no entry lost when the engine and an agent-style
writer add together; a writer killed with SIGKILL never leaves a partial file."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

import pytest
from repo import ROOT

from hermes_dash import MemoryStore, resolve_home
from hermes_dash.engine.rules.format import DELIMITER, serialise
from hermes_dash.engine.rules.ops import apply_add, apply_replace

pytestmark = pytest.mark.slow

ENV = dict(os.environ, PYTHONPATH=str(ROOT))

ENGINE_WRITER = """
import sys, time
from pathlib import Path
from hermes_dash import MemoryStore
home, name, count, go = sys.argv[1], sys.argv[2], int(sys.argv[3]), Path(sys.argv[4])
store = MemoryStore.open(home)
while not go.exists():
    time.sleep(0.001)
for i in range(count):
    store.add("memory", f"{name} entry {i}")
"""

# What the agent does, written out plainly so that it shares no code with the engine.
AGENT_WRITER = str(ROOT / "tests" / "support" / "agent_like.py")


def test_four_engine_processes_and_an_agent_writer_lose_no_entry(home):
    (home / "memories").mkdir()
    (home / "config.yaml").write_text("memory:\n  memory_char_limit: 1000000\n")
    go = home / "go"
    count = 30
    procs = [
        subprocess.Popen([sys.executable, "-c", ENGINE_WRITER, str(home), f"engine{k}", str(count), str(go)], env=ENV)
        for k in range(4)
    ]
    procs.append(subprocess.Popen([sys.executable, AGENT_WRITER, str(home), "agent", str(count), str(go)], env=ENV))
    time.sleep(0.5)  # let every process import and wait at the start line
    go.touch()
    for proc in procs:
        assert proc.wait(120) == 0
    store = MemoryStore(resolve_home(home))
    state = store.read("memory")
    expected = {f"{name} entry {i}" for name in ["agent"] + [f"engine{k}" for k in range(4)] for i in range(count)}
    assert set(state.entries) == expected and len(state.entries) == len(expected)
    assert not state.drift and not list((home / "memories").glob(".mem_*.tmp"))
    # each writer's own entries are in its order
    for name in ["agent", "engine0", "engine3"]:
        mine = [e for e in state.entries if e.startswith(name + " ")]
        assert mine == [f"{name} entry {i}" for i in range(count)]


KILLED_WRITER = """
import sys
from hermes_dash import MemoryStore
store = MemoryStore.open(sys.argv[1])
print("ready", flush=True)
for i in range(int(sys.argv[2])):
    if i % 4 == 3:
        store.replace("memory", f"k{i - 1}", f"r{i - 1} " + "y" * (i % 7))
    else:
        store.add("memory", f"k{i} " + "x" * (i * 37 % 300))
"""


def writer_states(count: int) -> list[bytes]:
    """Every file content the killed writer can leave: before any write and after each one."""
    entries: list[str] = []
    states = [b""]
    for i in range(count):
        if i % 4 == 3:
            entries = apply_replace(entries, f"k{i - 1}", (f"r{i - 1} " + "y" * (i % 7)).strip(), 10**9)
        else:
            entries = apply_add(entries, (f"k{i} " + "x" * (i * 37 % 300)).strip(), 10**9)
        states.append(serialise(entries).encode())
    return states


def test_a_writer_killed_at_random_moments_leaves_a_whole_state(tmp_path):
    count = 400
    states = writer_states(count)
    allowed = set(states)
    rng = random.Random(20261129)
    trials, strays_seen = 24, 0
    for trial in range(trials):
        home = tmp_path / f"h{trial}"
        (home / "memories").mkdir(parents=True)
        (home / "config.yaml").write_text("memory:\n  memory_char_limit: 10000000\ndashboard:\n  backups_keep: 5\n")
        proc = subprocess.Popen(
            [sys.executable, "-c", KILLED_WRITER, str(home), str(count)], env=ENV, stdout=subprocess.PIPE, text=True
        )
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.0, 0.25))
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        path = home / "memories" / "MEMORY.md"
        data = path.read_bytes() if path.exists() else b""
        assert data in allowed, f"trial {trial}: partial or foreign file content ({len(data)} bytes)"
        strays = list((home / "memories").glob(".mem_*.tmp"))
        strays_seen += bool(strays)
        # A stray temp file never changes what a read returns, and the next write works
        # (the dead writer's lock died with it).
        store = MemoryStore(resolve_home(home), lock_timeout=5)
        state = store.read("memory")
        assert state.raw == data and serialise(list(state.entries)).encode() == data and not state.drift
        store.add("memory", "after the crash")
        assert path.read_bytes() == (data + DELIMITER.encode() if data else b"") + b"after the crash"
        for backup in store.backups("memory"):
            assert backup.path.read_bytes() in allowed
    print(f"{trials} kill trials, {strays_seen} left a stray temp file")


def test_threads_of_one_process_exclude_each_other(home):
    # Streamlit sessions are threads of one process: separate stores on separate threads
    # must not lose each other's writes either.
    import threading

    (home / "config.yaml").write_text("memory:\n  memory_char_limit: 1000000\n")
    errors: list[BaseException] = []

    def work(k: int) -> None:
        store = MemoryStore(resolve_home(home))
        try:
            for i in range(25):
                store.add("memory", f"thread{k} entry {i}")
        except BaseException as exc:  # noqa: BLE001 - surfaced below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors
    entries = MemoryStore(resolve_home(home)).read("memory").entries
    assert sorted(entries) == sorted(f"thread{k} entry {i}" for k in range(4) for i in range(25))


def test_a_process_forked_after_a_write_writes_too(home):
    """The lock objects are made once per process: a forked child (multiprocessing's default on
    Linux) must make its own, as filelock refuses one made by the parent."""
    store = MemoryStore(resolve_home(home))
    store.add("memory", "written by the parent")
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            MemoryStore(resolve_home(home)).add("memory", "written by the child")
            code = 0
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    assert store.read("memory").entries == ("written by the parent", "written by the child")
