"""Stage and approve memory writes with the agent's own code (run with the agent venv's python).

    <agent python> agent_pending_driver.py stage HOME ARGS_JSON      -> the tool's JSON reply
    <agent python> agent_pending_driver.py approve HOME PENDING_ID   -> apply_memory_pending's result

``stage`` runs the agent's ``memory_tool(**args)`` with ``memory.write_approval`` on inside a
background review, so the agent stages the write in ``HOME/pending/memory/``; ``approve`` replays
one staged record as ``/memory approve`` does: ``load_on_disk_store()`` then
``apply_memory_pending(record["payload"], store)``; the record is deleted on success, as the
agent's handler does. ``HERMES_HOME`` is set to HOME before anything of the agent is imported.
Imports nothing from hermes-dash and copies nothing from the agent.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from pathlib import Path


def _stage(home: Path, args: dict) -> dict:
    from tools.memory_tool import load_on_disk_store, memory_tool
    from tools.skill_provenance import reset_current_write_origin, set_current_write_origin

    config = home / "config.yaml"
    before = config.read_text(encoding="utf-8") if config.exists() else ""
    config.write_text(before + "\nmemory:\n  write_approval: true\n", encoding="utf-8")
    token = set_current_write_origin("background_review")
    try:
        return json.loads(memory_tool(**args, store=load_on_disk_store()))
    finally:
        reset_current_write_origin(token)
        config.write_text(before, encoding="utf-8") if before else config.unlink()


def _approve(home: Path, pending_id: str) -> dict:
    from tools import write_approval as wa
    from tools.memory_tool import apply_memory_pending, load_on_disk_store

    record = wa.get_pending(wa.MEMORY, pending_id)
    if record is None:
        return {"success": False, "error": f"no pending record {pending_id}"}
    result = apply_memory_pending(record.get("payload") or {}, load_on_disk_store())
    if result.get("success"):
        wa.discard_pending(wa.MEMORY, pending_id)
    return result


def main() -> None:
    logging.disable(logging.CRITICAL)
    verb, home = sys.argv[1], Path(sys.argv[2])
    os.environ["HERMES_HOME"] = str(home)
    answer = _stage(home, json.loads(sys.argv[3])) if verb == "stage" else _approve(home, sys.argv[3])
    print(json.dumps(answer, ensure_ascii=False, default=str))


if __name__ == "__main__":
    main()
