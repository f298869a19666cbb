"""Write a state.db with the released agent's own ``hermes_state.SessionDB`` (run in the agent's venv).

Reads one JSON spec on stdin (see ``agent_db.build_state_db``), writes ``<home>/state.db`` through
``SessionDB`` (its schema, its WAL, its FTS triggers), and prints one JSON line: per session, the
system prompt it recorded and the results of the memory tool calls it made. Memory tool calls run
the agent's own ``memory_tool()`` on the home's files, so the files change as the agent's would.
Imports nothing from hermes-dash and copies nothing from the agent.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from pathlib import Path


def main() -> None:
    logging.disable(logging.CRITICAL)
    spec = json.load(sys.stdin)
    home = Path(spec["home"])
    os.environ["HERMES_HOME"] = str(home)
    from hermes_state import SessionDB
    from tools import memory_tool

    limits = spec.get("limits", [2200, 1375])
    db = SessionDB(home / "state.db")
    out = []
    try:
        for session in spec["sessions"]:
            # The frozen snapshot, exactly as a session starting now would load it.
            store = memory_tool.MemoryStore(memory_char_limit=limits[0], user_char_limit=limits[1])
            store.load_from_disk()
            prompt = session.get("system_prompt")
            if prompt is None:
                # The agent's builder joins its parts with a blank line; the memory blocks sit
                # between the fixed parts and the date line.
                parts = [
                    session.get("preamble", "You are Hermes Agent, an intelligent AI assistant."),
                    store.format_for_system_prompt("memory"),
                    store.format_for_system_prompt("user"),
                    session.get("date_line", "Conversation started: Tuesday, December 01, 2026"),
                ]
                prompt = "\n\n".join(p.strip() for p in parts if p and p.strip())
            kwargs = {k: session[k] for k in ("model", "cwd", "parent_session_id") if k in session}
            db.create_session(session["id"], session.get("source", "cli"), system_prompt=prompt, **kwargs)
            if session.get("started_at") is not None:  # create_session stamps the time it runs
                row = (session["started_at"], session["id"])
                db._execute_write(lambda c, row=row: c.execute("UPDATE sessions SET started_at = ? WHERE id = ?", row))
            results = []
            for n, message in enumerate(session.get("messages", [])):
                call = message.get("memory_call")
                at = message.get("at")
                if call is None:
                    db.append_message(
                        session["id"],
                        message["role"],
                        content=message.get("content"),
                        tool_name=message.get("tool_name"),
                        tool_calls=message.get("tool_calls"),
                        tool_call_id=message.get("tool_call_id"),
                        timestamp=at,
                    )
                    continue
                if message.get("user") is not None:
                    db.append_message(session["id"], "user", content=message["user"], timestamp=at)
                call_id = message.get("call_id", f"call_{session['id']}_{n}")
                tool_calls = [
                    {
                        "id": call_id,
                        "type": "function",
                        "function": {"name": "memory", "arguments": json.dumps(call, ensure_ascii=False)},
                    }
                ]
                db.append_message(
                    session["id"],
                    "assistant",
                    content=message.get("content", ""),
                    tool_calls=tool_calls,
                    timestamp=None if at is None else at + 1,
                )
                if "reply" in message:  # a newer agent's reply, recorded as given
                    result = json.dumps(message["reply"], ensure_ascii=False)
                else:
                    result = _run_memory_tool(memory_tool, home, limits, call, message)
                db.append_message(
                    session["id"],
                    "tool",
                    content=result,
                    tool_name="memory",
                    tool_call_id=call_id,
                    timestamp=None if at is None else at + 2,
                )
                results.append(json.loads(result))
            if session.get("end_reason"):
                db.end_session(session["id"], session["end_reason"])
            out.append({"id": session["id"], "system_prompt": prompt, "results": results})
    finally:
        db.close()
    print(json.dumps({"sessions": out}, ensure_ascii=True))


def _run_memory_tool(memory_tool, home: Path, limits: list[int], call: dict, message: dict) -> str:  # type: ignore[no-untyped-def,type-arg]  # a module from the agent's venv
    """The agent's memory tool on the home's files; ``stage``: with ``memory.write_approval`` on,
    inside a background review (``origin``), so the agent stages the write instead."""
    live = memory_tool.MemoryStore(memory_char_limit=limits[0], user_char_limit=limits[1])
    live.load_from_disk()
    if not message.get("stage"):
        return memory_tool.memory_tool(store=live, **call)
    from tools.skill_provenance import reset_current_write_origin, set_current_write_origin

    config = home / "config.yaml"
    before = config.read_text(encoding="utf-8") if config.exists() else None
    config.write_text((before or "") + "\nmemory:\n  write_approval: true\n", encoding="utf-8")
    token = set_current_write_origin(message.get("origin", "background_review"))
    try:
        return memory_tool.memory_tool(store=live, **call)
    finally:
        reset_current_write_origin(token)
        if before is None:
            config.unlink()
        else:
            config.write_text(before, encoding="utf-8")


if __name__ == "__main__":
    main()
