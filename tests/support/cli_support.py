"""Running the command line as a real subprocess on a temporary home."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from repo import ROOT


def run(home: Path, *args: str, stdin: str | None = None, json_out: bool = True, env_home: Path | None = None):
    """Run ``python -m hermes_dash`` and return (exit code, parsed JSON or stdout text, stderr)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), HERMES_HOME=str(env_home or home.parent / "not-used"))
    argv = [sys.executable, "-m", "hermes_dash"]
    if home is not None:
        argv += ["--home", str(home)]
    if json_out:
        argv.append("--json")
    proc = subprocess.run(argv + list(args), input=stdin, capture_output=True, text=True, env=env, timeout=60, cwd=ROOT)
    out = json.loads(proc.stdout) if json_out and proc.stdout.strip() else proc.stdout
    return proc.returncode, out, proc.stderr


def mem(home: Path, name: str = "MEMORY.md") -> bytes:
    path = home / "memories" / name
    return path.read_bytes() if path.exists() else b""
