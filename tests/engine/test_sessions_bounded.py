"""A tiny state.db that returns a huge system prompt: read a bounded length, and say so.

A ``sessions`` view that builds a 300 MB ``system_prompt`` out of a few hundred bytes made
``snapshot`` take 33 s and 2.6 GB. Now SQLite may build no value over ``MAX_VALUE_BYTES`` on our
connection and only ``MAX_PROMPT_CHARS`` characters of a prompt reach Python; a prompt longer
than that is named as not a real one.
"""

from __future__ import annotations

import json
import resource
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest
from cli_support import invoke
from homes import make_home

from hermes_dash.engine.views import sessions as _sessions
from hermes_dash.engine.views.render import render_block, render_prompt

MEMORY_LIMIT_BYTES = 1 << 30  # the command gets 1 GiB of address space; the attack needed 2.6 GB


def _cli(home: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], float]:
    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT_BYTES, MEMORY_LIMIT_BYTES))

    start = time.monotonic()
    out = invoke(*args, home=home, env={"HERMES_HOME": str(home)}, preexec_fn=cap)
    return out, time.monotonic() - start


def _sessions_home(tmp_path: Path, prompt_sql: str | None = None, prompt: str | None = None) -> Path:
    """A home whose state.db has a ``sessions`` view computing ``prompt_sql``, or the agent's kind
    of table holding ``prompt``."""
    home = make_home(tmp_path / "home", memory="Staging runs on port 8443.")
    conn = sqlite3.connect(home / "state.db")
    if prompt_sql is not None:
        conn.execute(
            "CREATE VIEW sessions AS SELECT 's-big' AS id, 'cli' AS source, 1700000000.0 AS started_at, "
            f"NULL AS ended_at, {prompt_sql} AS system_prompt"
        )
    else:
        conn.execute(
            "CREATE TABLE sessions (id TEXT PRIMARY KEY, source TEXT, started_at REAL, ended_at REAL, "
            "system_prompt TEXT)"
        )
        conn.execute("INSERT INTO sessions VALUES ('s-big', 'cli', 1700000000.0, NULL, ?)", (prompt,))
    conn.commit()
    conn.close()
    return home


DOUBLING = (
    "(WITH RECURSIVE r(s, n) AS (SELECT 'x', 0 UNION ALL SELECT s || s, n + 1 FROM r WHERE n < 29) "
    "SELECT s FROM r WHERE n = 28)"
)  # 268 million characters in 29 steps


@pytest.mark.parametrize(
    "prompt_sql, said",
    [
        ("printf('%.*c', 300000000, 'x')", "it calls an SQL function (not authorized to use function: printf)"),
        (DOUBLING, f"larger than {_sessions.MAX_VALUE_BYTES >> 20} MiB, SQLite's limit"),
    ],
)
def test_a_view_returning_hundreds_of_mb_is_refused_quickly_and_plainly(tmp_path: Path, prompt_sql, said) -> None:
    home = _sessions_home(tmp_path, prompt_sql)
    assert (home / "state.db").stat().st_size < 64 * 1024
    out, took = _cli(home, "--json", "snapshot")
    assert "Traceback" not in out.stderr and "MemoryError" not in out.stderr, out.stderr[-2000:]
    data = json.loads(out.stdout)
    assert data["success"] is False and said in data["error"], data
    assert took < 15, f"snapshot took {took:.1f} s"


def test_a_prompt_too_long_to_be_real_is_read_in_part_and_named(tmp_path: Path) -> None:
    block = render_prompt({"memory": render_block("memory", ["Staging runs on port 8443."], 2200)})
    padding = 5_000_000  # past MAX_PROMPT_CHARS, below MAX_VALUE_BYTES
    home = _sessions_home(tmp_path, prompt=block + "y" * padding)
    out, took = _cli(home, "--json", "snapshot")
    assert out.returncode == 0, out.stderr[-2000:]
    data = json.loads(out.stdout)
    assert data["files"]["memory"]["identical"] is True  # its blocks, at the start, were still found
    assert data["note"] and f"{len(block) + padding:,} characters long" in data["note"]
    assert "not a real one" in data["note"] and f"{_sessions.MAX_PROMPT_CHARS:,}" in data["note"]
    text, _ = _cli(home, "snapshot")
    assert "Warning: Session s-big's system prompt is" in text.stdout
    found = _sessions.read_sessions(home / "state.db", 1).sessions[0]
    assert len(found.system_prompt) == _sessions.MAX_PROMPT_CHARS and found.prompt_cut


def test_a_real_sized_prompt_is_read_whole(tmp_path: Path) -> None:
    home = _sessions_home(tmp_path, prompt="short prompt")
    found = _sessions.read_sessions(home / "state.db", 1).sessions[0]
    assert found.system_prompt == "short prompt" and found.prompt_length == 12 and not found.prompt_cut
    assert found.prompt_note() is None


def test_the_oldest_prompt_for_provenance_is_read_bounded_too(tmp_path: Path) -> None:
    """Provenance asks for the oldest session's prompt ("in the file before the oldest session"):
    the same cap holds there, so a view doubling its way to 268 million characters costs nothing."""
    home = _sessions_home(tmp_path, prompt="x" * (_sessions.MAX_PROMPT_CHARS + 10))
    assert len(_sessions.oldest_prompt(home / "state.db")) == _sessions.MAX_PROMPT_CHARS
    home = _sessions_home(tmp_path / "view", prompt_sql=DOUBLING)
    assert len(_sessions.oldest_prompt(home / "state.db")) <= _sessions.MAX_PROMPT_CHARS
