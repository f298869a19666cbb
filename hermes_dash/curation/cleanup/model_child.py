"""Run in the AGENT's interpreter, never imported by hermes-dash: one call through the agent's
LLM facade for plugins (``agent/plugin_llm.py``), so the agent resolves provider, model and
credentials as it always does and no key ever reaches hermes-dash (docs/cleanup.md#the-agents-model).

Reads one JSON object on stdin: ``{"mode": "describe"}`` (which provider and model the agent
would use; no call is made) or ``{"mode": "review", "instructions", "texts", "schema",
"timeout", "max_chars"}``. Writes one JSON object on stdout: ``{"ok": true, ...}`` or
``{"ok": false, "kind", "status", "message"}``. Anything the agent prints goes to stderr.

Standard library and the agent's own modules only: this file runs in the agent's venv.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from typing import Any

PLUGIN_ID = "hermes-dash"


def _load_env() -> None:
    """The home's ``.env``, as the agent's command line loads it at start (read here, in the
    agent's process, never in hermes-dash's)."""
    try:
        loader = importlib.import_module("hermes_cli.env_loader")
        loader.load_hermes_dotenv(hermes_home=os.environ.get("HERMES_HOME"))
    except Exception:  # an agent without the loader: its config's own values still apply
        pass


def _main_model() -> dict[str, Any]:
    """Provider and model as the agent resolves its main model (config.yaml ``model:``)."""
    aux = importlib.import_module("agent.auxiliary_client")
    provider = str(getattr(aux, "_read_main_provider", lambda: "")() or "")
    model = str(getattr(aux, "_read_main_model", lambda: "")() or "")
    return {"provider": provider, "model": model}


def _status(exc: BaseException) -> int | None:
    for name in ("status_code", "status", "code"):
        value = getattr(exc, name, None)
        if isinstance(value, int):
            return value
    response = getattr(exc, "response", None)
    value = getattr(response, "status_code", None)
    return value if isinstance(value, int) else None


def _kind(exc: BaseException) -> str:
    name = type(exc).__name__
    names = {c.__name__ for c in type(exc).__mro__}
    if "PluginLlmTrustError" in names:
        return "trust"
    if "APITimeoutError" in names or "Timeout" in name or isinstance(exc, TimeoutError):
        return "timeout"
    if "APIConnectionError" in names:
        return "connection"
    if _status(exc) is not None:
        return "http"
    if isinstance(exc, ValueError) and "schema" in str(exc):
        return "schema"
    return "error"


def _review(request: dict[str, Any]) -> dict[str, Any]:
    facade = importlib.import_module("agent.plugin_llm")
    llm = facade.PluginLlm(plugin_id=PLUGIN_ID)
    result = llm.complete_structured(
        instructions=request["instructions"],
        input=[{"type": "text", "text": t} for t in request["texts"]],
        json_schema=request.get("schema"),
        timeout=request.get("timeout"),
        purpose="hermes-dash memory review",
    )
    text = result.text or ""
    limit = int(request.get("max_chars") or 200_000)
    if len(text) > limit:
        return {
            "ok": False,
            "kind": "too_large",
            "status": None,
            "chars": len(text),
            "message": f"{len(text):,} characters",
        }
    usage = result.usage
    return {
        "ok": True,
        "provider": result.provider,
        "model": result.model,
        "text": text,
        "tokens": {"input": usage.input_tokens, "output": usage.output_tokens, "total": usage.total_tokens},
    }


def main() -> int:
    out = os.dup(1)
    os.dup2(2, 1)  # whatever the agent prints (or a program it starts) must not corrupt the one JSON answer
    sys.stdout = sys.stderr
    try:
        request = json.loads(sys.stdin.read())
        reply: dict[str, Any]
        _load_env()
        reply = _main_model() if request.get("mode") == "describe" else _review(request)
        reply.setdefault("ok", True)
    except Exception as exc:  # every failure is an answer, said in one line
        reply = {
            "ok": False,
            "kind": _kind(exc),
            "status": _status(exc),
            "type": type(exc).__name__,
            "message": str(exc)[:500],
        }
    data = json.dumps(reply).encode("utf-8")
    while data:
        data = data[os.write(out, data) :]
    return 0


if __name__ == "__main__":
    sys.exit(main())
