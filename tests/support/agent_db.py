"""Build a real ``state.db`` with the released agent's own code, for tests that read sessions.

    from agent_db import agent_python, build_state_db, require_agent

    python = require_agent()                 # skips (or fails under HD_REQUIRE_AGENT=1) without the venv
    sessions = build_state_db(home, [
        {"id": "s1", "source": "cli"},       # system prompt = the agent's own render of home's files now
        {"id": "s2", "messages": [
            {"role": "user", "content": "remember I like tea"},
            {"memory_call": {"action": "add", "target": "user", "content": "likes tea"}},
        ]},
    ])
    sessions[1]["results"][0]["success"]     # the agent's own JSON reply to that call

Sessions are written in order by ``hermes_state.SessionDB`` (the agent's schema, WAL, FTS) run in
the agent's venv (``tests/support/agent_db_driver.py``). Per session: ``id``; optional ``source``
("cli"), ``model``, ``cwd``, ``parent_session_id``, ``end_reason``; ``system_prompt`` (default:
built from the agent's ``load_from_disk()`` + ``format_for_system_prompt()`` of the home's files at
that moment, between ``preamble`` and ``date_line``, joined as the agent joins prompt parts);
``messages``: plain ``{"role", "content", "tool_name", "tool_calls", "tool_call_id"}`` rows, or
``{"memory_call": {memory tool arguments}, "content": ..., "call_id": ...}``, which records the
assistant's tool call, runs the agent's own ``memory_tool()`` on the home (the files change as the
agent would change them) and records its reply as the ``tool`` message. ``limits``: the stores'
limits for those calls and renders. Returns, per session, ``{"id", "system_prompt", "results"}``.

For where-entries-came-from tests: a session's ``started_at`` (unix seconds; the driver writes it
into the agent's own column after ``create_session``, which stamps the time it runs) and a
message's ``at`` (its timestamp, passed to ``append_message``); a ``memory_call`` message may carry
``"stage": true`` (run with ``memory.write_approval`` on inside a background review, ``origin``
overrides, so the agent stages it in ``pending/memory/``), ``"reply"`` (a newer agent's reply,
recorded as given; the files are left alone) and ``"user"`` (the user's message recorded just
before the call). :func:`schema_sql` is the agent's fresh schema.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
from pathlib import Path
from typing import Any, NoReturn

import pytest

DRIVER = Path(__file__).with_name("agent_db_driver.py")
DEFAULT_PYTHON = "/opt/hermes-agent/v0.19.0/bin/python"


def agent_python() -> str:
    """The agent venv's python: ``$HD_AGENT_PYTHON``, else ``$HD_AGENT_VENV/bin/python``, else the
    0.19.0 venv (scripts/agent-venv)."""
    if os.environ.get("HD_AGENT_PYTHON"):
        return os.environ["HD_AGENT_PYTHON"]
    if os.environ.get("HD_AGENT_VENV"):
        return str(Path(os.environ["HD_AGENT_VENV"]) / "bin" / "python")
    return DEFAULT_PYTHON


@functools.cache
def _usable(python: str) -> str | None:
    """Why ``python`` cannot drive the agent (None: it can): missing, or the package not importable
    yet (a venv still being made by scripts/agent-venv beside this run)."""
    if not Path(python).exists():
        return f"no agent venv at {python} (bash scripts/agent-venv 0.19.0 makes one)"
    done = subprocess.run(
        [python, "-c", "import hermes_state, tools.memory_tool"], capture_output=True, text=True, timeout=120
    )
    return None if done.returncode == 0 else f"the agent in {python} does not import: {done.stderr[-500:]}"


def missing_agent(problem: str) -> NoReturn:
    """Skip the test that needs the agent for ``problem`` (fail it under ``HD_REQUIRE_AGENT=1``, as CI runs)."""
    if os.environ.get("HD_REQUIRE_AGENT"):
        pytest.fail(problem)
    pytest.skip(problem)


def require_agent() -> str:
    """The agent's python, or skip the test (fail it under ``HD_REQUIRE_AGENT=1``, as CI runs)."""
    python = agent_python()
    problem = _usable(python)
    if problem is not None:
        missing_agent(problem)
    return python


def agent_root() -> Path:
    """Where the agents' venvs are (``v<version>`` each, made by scripts/agent-venv):
    ``$HD_AGENT_ROOT`` (scripts/test and .ci/run set it), else the clone's .venv-agents/ when it
    exists (the script's own default), else /opt/hermes-agent."""
    if os.environ.get("HD_AGENT_ROOT"):
        return Path(os.environ["HD_AGENT_ROOT"])
    clone = Path(__file__).resolve().parents[2] / ".venv-agents"
    return clone if clone.is_dir() else Path("/opt/hermes-agent")


def agent_at(version: str) -> str:
    """The python of the agent ``version`` (0.19.0, 0.20.1, 0.22.2...) in its own venv,
    under :func:`agent_root`, or skip the test (fail it under ``HD_REQUIRE_AGENT=1``)."""
    python = str(agent_root() / f"v{version}" / "bin" / "python")
    problem = _usable(python)
    if problem is not None:
        missing_agent(problem.replace("0.19.0", version))
    return python


#: In the agent's venv: its own ``SessionDB.get_session`` of every session of the state.db named
#: by argv[1] (opening it with that agent's SessionDB migrates an older file, as the agent does).
_AGENT_READS = """
import json, sqlite3, sys
from pathlib import Path
from hermes_state import SessionDB
db = SessionDB(Path(sys.argv[1]))
try:
    with sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True) as raw:
        ids = [r[0] for r in raw.execute("SELECT id FROM sessions")]
    found = {i: db.get_session(i) for i in ids}
finally:
    db.close()
print(json.dumps({i: {"system_prompt": s["system_prompt"], "started_at": s["started_at"]} for i, s in found.items()}))
"""


def agent_reads_sessions(python: str, db: Path) -> dict[str, dict[str, Any]]:
    """Per session id, what the agent's own ``SessionDB.get_session`` gives as its ``system_prompt``
    and ``started_at`` (run with ``python``, the agent's venv)."""
    done = subprocess.run(
        [python, "-c", _AGENT_READS, str(db)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        env={**os.environ, "HERMES_HOME": str(db.parent)},
    )
    if done.returncode != 0:
        raise RuntimeError(f"the agent could not read {db} ({done.returncode}):\n{done.stderr[-3000:]}")
    found: dict[str, dict[str, Any]] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def build_state_db(
    home: Path, sessions: list[dict[str, Any]], *, limits: tuple[int, int] = (2200, 1375), python: str | None = None
) -> list[dict[str, Any]]:
    """Write ``sessions`` into ``home/state.db`` with the agent's SessionDB (see the module doc)."""
    spec = {"home": str(home), "limits": list(limits), "sessions": sessions}
    done = subprocess.run(
        [python or require_agent(), str(DRIVER)],
        input=json.dumps(spec),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        env={**os.environ, "HERMES_HOME": str(home)},
    )
    if done.returncode != 0:
        raise RuntimeError(f"agent_db_driver failed ({done.returncode}):\n{done.stderr[-3000:]}")
    result: list[dict[str, Any]] = json.loads(done.stdout.strip().splitlines()[-1])["sessions"]
    return result


def schema_sql(db: Path) -> list[str]:
    """The ``sqlite_master`` SQL of a fresh state.db made by the agent's SessionDB at ``db``
    (tables, indexes, FTS tables with their storage, triggers), in the order SQLite lists them."""
    script = (
        "import json, sqlite3, sys\nfrom pathlib import Path\nfrom hermes_state import SessionDB\n"
        "SessionDB(Path(sys.argv[1])).close()\n"
        "c = sqlite3.connect(sys.argv[1])\n"
        'print(json.dumps([r[0] for r in c.execute("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL '
        "AND name NOT LIKE 'sqlite_%' ORDER BY rowid\")]))"
    )
    done = subprocess.run(
        [require_agent(), "-c", script, str(db)], capture_output=True, text=True, timeout=60, check=True
    )
    return list(json.loads(done.stdout.splitlines()[-1]))
