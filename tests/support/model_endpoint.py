"""A local OpenAI-compatible endpoint whose WORDS a test scripts, for the agent's model review.

    from model_endpoint import Endpoint, model_home

    with Endpoint() as ep:
        ep.script(findings=[...])          # the next answer: {"findings": [...]} as its content
        ep.script(status=402)              # or an HTTP error, raw content, a slow answer
        home = model_home(tmp_path / "h", ep, memory=[...], dotenv="HD_TEST_KEY=sk-...")
        ... hermes-dash runs the agent, the agent calls ep ...
        ep.requests[0].body                # what reached the endpoint (JSON), .auth its key

Only the model's words are scripted: the request arrives through the real agent's provider
resolution and HTTP client (config.yaml ``model: {provider: custom, base_url: ...}``).
No pytest import: benchmarks use it too (as ``tests.support.model_endpoint``).
"""

from __future__ import annotations

import http.server
import json
import os
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agent_db import agent_root
from homes import make_home

MODEL_NAME = "scripted-reviewer"


@dataclass
class Reply:
    content: str = ""
    status: int = 200
    delay: float = 0.0


@dataclass
class Seen:
    path: str
    auth: str
    body: dict[str, Any]
    raw: bytes


class Endpoint:
    """A threaded HTTP server on 127.0.0.1 answering ``/v1/chat/completions`` from its script."""

    def __init__(self) -> None:
        self.replies: list[Reply] = []
        self.requests: list[Seen] = []
        endpoint = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - the stdlib's name
                raw = self.rfile.read(int(self.headers.get("content-length") or 0))
                try:
                    body = json.loads(raw)
                except ValueError:
                    body = {}
                endpoint.requests.append(Seen(self.path, self.headers.get("authorization") or "", body, raw))
                reply = endpoint.replies.pop(0) if len(endpoint.replies) > 1 else endpoint.replies[0]
                time.sleep(reply.delay)
                if reply.status != 200:
                    data = json.dumps({"error": {"message": f"scripted {reply.status}", "code": reply.status}})
                else:
                    data = json.dumps(
                        {
                            "id": "scripted",
                            "object": "chat.completion",
                            "created": 0,
                            "model": MODEL_NAME,
                            "choices": [
                                {
                                    "index": 0,
                                    "message": {"role": "assistant", "content": reply.content},
                                    "finish_reason": "stop",
                                }
                            ],
                            "usage": {
                                "prompt_tokens": len(raw) // 4,
                                "completion_tokens": len(reply.content) // 4,
                                "total_tokens": (len(raw) + len(reply.content)) // 4,
                            },
                        }
                    )
                out = data.encode()
                try:
                    self.send_response(reply.status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(out)))
                    self.end_headers()
                    self.wfile.write(out)
                except OSError:  # the client gave up (a timeout test)
                    pass

            def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
                self.send_response(404)
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def script(
        self,
        findings: Sequence[dict[str, Any]] | None = None,
        *,
        content: str | None = None,
        status: int = 200,
        delay: float = 0.0,
    ) -> None:
        """The answer to every request from now on (``findings`` as the JSON asked for, or raw ``content``)."""
        text = content if content is not None else json.dumps({"findings": list(findings or [])})
        self.replies = [Reply(text, status, delay)]

    def __enter__(self) -> Endpoint:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


def model_config(endpoint: Endpoint, *, key_var: str | None = "HD_TEST_KEY") -> str:
    """config.yaml naming the endpoint as the agent's model (its key from ``.env`` by reference)."""
    key = f"  api_key: ${{{key_var}}}\n" if key_var else ""
    return f"model:\n  provider: custom\n  base_url: {endpoint.base_url}\n  default: {MODEL_NAME}\n{key}"


def model_home(
    root: Path, endpoint: Endpoint, *, dotenv: str | None = "HD_TEST_KEY=sk-hd-test-0123456789abcdef\n", **files: Any
) -> Path:
    """A home whose agent's model is ``endpoint``: config.yaml, ``.env`` with its key, the files named."""
    extra = dict(files.pop("files", None) or {})
    if dotenv is not None:
        extra[".env"] = dotenv
    return make_home(root, config=model_config(endpoint), files=extra, **files)


def agent_venv(version: str = "0.19.0") -> str:
    """The agent's venv: for 0.19.0 the one the suite drives (``$HD_AGENT_VENV``, ``$HD_AGENT_PYTHON``)."""
    if version == "0.19.0" and os.environ.get("HD_AGENT_VENV"):
        return os.environ["HD_AGENT_VENV"]
    if version == "0.19.0" and os.environ.get("HD_AGENT_PYTHON"):
        return str(Path(os.environ["HD_AGENT_PYTHON"]).parent.parent)
    return str(agent_root() / f"v{version}")


def agent_env(version: str = "0.19.0") -> dict[str, str]:
    """The environment under which hermes-dash finds that agent for any home (as its dashboard starts it)."""
    return {"HERMES_DASH_AGENT_PREFIX": agent_venv(version)}
