"""``hermes-dash patch``: one span inside one entry, as hermes-agent 0.22's own memory tool
patches (docs/pending.md). Each case runs on two copies of one home: the agent's ``memory_tool``
(action ``patch``, in its own venv) on one, ``hermes-dash patch`` on the other; the files must
end the same and both must accept or both refuse. There was no ``patch`` command before."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from agent_venvs import agent_venv
from cli_support import run

CALL = (
    "import json, sys, logging; logging.disable(logging.CRITICAL)\n"
    "from tools.memory_tool import memory_tool, load_on_disk_store\n"
    "print(memory_tool(**json.loads(sys.argv[1]), store=load_on_disk_store()))\n"
)
MEMORY = "concat cat\n§\nPort 1000 is the test port.\n§\nThe user drinks green tea."


def _agent(home: Path, old: str, new: str) -> dict:
    args = {"action": "patch", "target": "memory", "old_text": old, "content": new}
    done = subprocess.run(
        [str(agent_venv("0.22.2") / "bin" / "python"), "-c", CALL, json.dumps(args)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "HERMES_HOME": str(home)},
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize(
    "old,new,applies",
    [
        (" cat", " dog", True),  # the span keeps its space: concat dog, not condog dog
        ("green tea", "black  coffee", True),
        ("00", "11", False),  # twice in "1000", overlapping
        ("cat", "dog", False),  # twice in "concat cat"
        ("green", "green", False),  # changes nothing
        ("nowhere", "x", False),
    ],
)
def test_patch_does_what_the_agents_patch_does(tmp_path: Path, old: str, new: str, applies: bool):
    theirs, ours = tmp_path / "agent", tmp_path / "dash"
    for home in (theirs, ours):
        (home / "memories").mkdir(parents=True)
        (home / "memories" / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    agent = _agent(theirs, old, new)
    code, out, err = run(ours, "patch", "memory", old, new)
    assert bool(agent.get("success")) == applies == (code == 0), (agent, out, err)
    assert (ours / "memories" / "MEMORY.md").read_bytes() == (theirs / "memories" / "MEMORY.md").read_bytes()
    if applies:
        assert out["message"].startswith("Entry patched")
    else:
        assert out["success"] is False and out["hint"]


def test_patch_pinned_to_an_entry_that_changed_is_refused_and_says_what_is_there(tmp_path: Path):
    home = tmp_path / "h"
    (home / "memories").mkdir(parents=True)
    (home / "memories" / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    before = (home / "memories" / "MEMORY.md").read_bytes()
    code, out, _ = run(home, "patch", "memory", " cat", " dog", "--expect-entry", "concat cats")
    assert code == 1 and out["code"] == "entry_changed"
    assert (home / "memories" / "MEMORY.md").read_bytes() == before
