"""The ``cli`` section: ``python -m hermes_dash show`` against the bare interpreter, wall and processor time."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from benchmarks.core import REPO, Figure, Plan, entries_of_size, interleaved, make_home, ratio_figures, temp_root
from hermes_dash.engine.rules.format import serialise
from tests.support.cli_support import command


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
        home = make_home(
            root / "home", serialise(entries_of_size(2000, "memory")), serialise(entries_of_size(1200, "user"))
        )
        env = dict(os.environ, HERMES_HOME=str(home))
        # Measured as an installed command runs: with its bytecode cached. With writing turned off,
        # every module changed since the last cached compile was compiled again on every run
        # (about 4 ms a module here), which measured the checkout's state, not the command.
        for name in ("PYTHONPROFILEIMPORTTIME", "PYTHONDONTWRITEBYTECODE"):
            env.pop(name, None)
        import compileall

        compileall.compile_dir(str(REPO / "hermes_dash"), quiet=1)
        bare, show = [sys.executable, "-c", "pass"], command("show")
        base_ns, subj_ns = interleaved(
            plan.cli_rounds, lambda i: timed_run(bare, env), lambda i: timed_run(show, env), warmup=3
        )
        base_cpu, subj_cpu = interleaved(
            plan.cli_rounds, lambda i: cpu_run(bare, env), lambda i: cpu_run(show, env), warmup=1
        )
    where = f"{sys.executable}: hermes_dash show"
    return [
        ratio_figures("cli_show_ratio", base_ns, subj_ns, 10.0, where),
        ratio_figures("cli_show_cpu_ratio", base_cpu, subj_cpu, 10.0, f"{where}, processor time"),
    ]


# -- clean-up suggestions on large files ----------------------------------------------------------
