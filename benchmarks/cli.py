"""The ``cli`` section: ``python -m hermes_dash show`` against the bare interpreter."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from benchmarks.core import REPO, Figure, Plan, entries_of_size, interleaved, make_home, ratio_figures, temp_root
from hermes_dash.engine.rules.format import serialise


def timed_run(argv: list[str], env: dict[str, str]) -> int:
    t0 = time.perf_counter_ns()
    subprocess.run(argv, env=env, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter_ns() - t0


def bench_cli(plan: Plan) -> list[Figure]:
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
        base_ns, subj_ns = interleaved(
            plan.cli_rounds,
            lambda i: timed_run([sys.executable, "-c", "pass"], env),
            lambda i: timed_run([sys.executable, "-m", "hermes_dash", "show"], env), warmup=3)
    return [ratio_figures("cli_show_ratio", base_ns, subj_ns, 2.5, "hermes_dash show")]


# -- clean-up suggestions on large files ----------------------------------------------------------
