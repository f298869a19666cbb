"""Running the command line as a real subprocess: the one runner of every test and benchmark.

No pytest import at the top and no bare-name import: ``python -m benchmarks`` uses this module too
(as ``tests.support.cli_support``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
COMMAND = [sys.executable, "-m", "hermes_dash"]


def command(*args: str, home: Path | None = None) -> list[str]:
    """``python -m hermes_dash [--home HOME] ARGS``, as a test starts it (a server's ``{port}`` in
    ARGS is filled in by web_probe.start)."""
    return [*COMMAND, *(["--home", str(home)] if home is not None else []), *args]


def invoke(
    *args: str | bytes,
    home: Path | None = None,
    input: str | bytes | None = None,
    env: Mapping[str, str | None] | None = None,
    environ: Mapping[str, str] | None = None,
    timeout: float = 120,
    cwd: Path = ROOT,
    text: bool = True,
    preexec_fn: Callable[[], object] | None = None,
) -> subprocess.CompletedProcess[Any]:
    """Run the command line with ARGS (raw bytes allowed, as a shell passes them) and return the
    finished process. The environment is ``environ`` (this process's by default) with the checkout
    on PYTHONPATH, then ``env``'s changes (None removes a variable). No ``input``: stdin is empty,
    never the terminal. A hang past ``timeout`` fails the test with the command, not a stuck suite."""
    full = dict(os.environ if environ is None else environ, PYTHONPATH=str(ROOT))
    for key, value in (env or {}).items():
        if value is None:
            full.pop(key, None)
        else:
            full[key] = value
    try:
        return subprocess.run(
            [*command(home=home), *args],
            input=input,
            stdin=subprocess.DEVNULL if input is None else None,
            capture_output=True,
            text=text,
            env=full,
            timeout=timeout,
            cwd=cwd,
            preexec_fn=preexec_fn,
        )
    except subprocess.TimeoutExpired:
        import pytest

        pytest.fail(f"`hermes-dash {' '.join(map(str, args))}` still running after {timeout} s (blocked?)")


def run(
    home: Path | None, *args: str, stdin: str | None = None, json_out: bool = True, env_home: Path | None = None
) -> tuple[int, Any, str]:
    """``hermes-dash --home HOME [--json] ARGS`` with $HERMES_HOME elsewhere (``env_home``, or an
    unused folder beside HOME): (exit code, parsed JSON or stdout text, stderr)."""
    if env_home is None:
        assert home is not None, "with no --home, say which $HERMES_HOME the command reads (env_home)"
        env_home = home.parent / "not-used"
    proc = invoke(*(["--json"] if json_out else []), *args, home=home, input=stdin, env={"HERMES_HOME": str(env_home)})
    out = json.loads(proc.stdout) if json_out and proc.stdout.strip() else proc.stdout
    return proc.returncode, out, proc.stderr


def mem(home: Path, name: str = "MEMORY.md") -> bytes:
    path = home / "memories" / name
    return path.read_bytes() if path.exists() else b""
