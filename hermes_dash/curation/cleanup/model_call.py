"""One call to the home's agent's own model, made by the agent in a child process of its own.

hermes-dash imports nothing of the agent and never reads a key: :data:`CHILD` runs in the
interpreter of the agent found for the home (``agent_for_home``), with ``HERMES_HOME`` set to
the home, the texts on stdin and one JSON object back on stdout, under a time bound. The agent's
LLM facade for plugins resolves provider, model and credentials as the agent always does
(docs/cleanup.md#the-agents-model). Every failure is a :class:`ModelUnavailable` or
:class:`ModelFailed` refusal that says what happened and what to do; nothing is written.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from hermes_dash import AgentInfo, MemoryStore, Refusal
from hermes_dash.engine.agents import agent_for_home
from hermes_dash.engine.io.readfile import read_regular

CHILD = Path(__file__).with_name("model_child.py")
#: Seconds the agent may take to start (import its modules) before the call's own bound counts.
START_S = 30.0
DEFAULT_TIMEOUT_S = 120.0
#: The longest answer read: a review of two full files is a few thousand characters.
MAX_ANSWER_CHARS = 200_000
_DASHBOARD_SUFFIX = " (the dashboard that started this)"
HOW_TO_SET = (
    "Set the agent's model in the home's config.yaml, e.g. `model: {provider: openrouter, default: "
    "anthropic/claude-sonnet-4}` (or run `hermes model`), and its key in the home's .env; "
    "the local method needs none of this."
)


class ModelUnavailable(Refusal):
    """No agent, or no model, to ask: the local method stays."""

    code = "no_model"


class ModelFailed(Refusal):
    """The call was made and gave no usable answer (timeout, refusal, HTTP error, bad JSON)."""

    code = "model_failed"


@dataclass(frozen=True)
class ModelTarget:
    """Who would answer: the agent's interpreter and the provider and model it resolves."""

    python: str
    agent: str  # the agent found, in words
    provider: str
    model: str

    @property
    def name(self) -> str:
        return f"{self.provider}/{self.model}"


@dataclass(frozen=True)
class Answer:
    """The model's words (data, never instructions) and what the call cost."""

    text: str
    provider: str
    model: str
    tokens: dict[str, int]
    seconds: float


def _venv_python(venv: Path) -> Path | None:
    for name in ("python3", "python"):
        if (venv / "bin" / name).exists():
            return venv / "bin" / name
    return None


def _shebang(launcher: Path) -> Path | None:
    try:
        first = read_regular(launcher, 512, start_only=True)[0].split(b"\n", 1)[0]
    except (OSError, Refusal):  # not readable: no interpreter known
        return None
    words = first[2:].split() if first.startswith(b"#!") else []
    return Path(os.fsdecode(words[0])) if words else None


def interpreter(info: AgentInfo) -> Path | None:
    """The Python that runs the agent ``info`` names: its venv's, its launcher's ``#!``, its
    checkout's venv; an agent inside hermes-dash's own environment runs in a child of this Python."""
    if info.found_at is None:
        return None
    where = Path(info.found_at.removesuffix(_DASHBOARD_SUFFIX))
    if info.kind == "checkout":
        return next((p for v in ("venv", ".venv") if (p := _venv_python(where / v)) is not None), None)
    if where.name == "site-packages":
        if str(where) in sys.path:
            return Path(sys.executable)
        return _venv_python(where.parents[2])
    if where.is_dir():
        return _venv_python(where)
    python = _shebang(where)
    return python if python is not None and python.exists() else _venv_python(where.parent.parent)


def _run(python: Path, home: Path, request: dict[str, object], bound: float) -> dict[str, object]:
    """The child's one JSON answer; killed (its whole group) at ``bound`` seconds."""
    env = {**os.environ, "HERMES_HOME": str(home), "PYTHONIOENCODING": "utf-8"}
    child = subprocess.Popen(
        [str(python), str(CHILD)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=str(home),
        env=env,
        start_new_session=True,
    )
    try:
        out, err = child.communicate(json.dumps(request).encode("utf-8"), timeout=bound)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        raise ModelFailed(
            f"The agent's model did not answer within {bound:.0f} seconds; nothing was changed.",
            hint="Try again later, or use the local method.",
        ) from None
    if len(out) > 4 * MAX_ANSWER_CHARS:
        raise ModelFailed(f"The agent's answer is {len(out):,} bytes; nothing was changed.", hint="Try again.")
    try:
        reply = json.loads(out.decode("utf-8", "replace"))
    except ValueError:
        tail = err.decode("utf-8", "replace").strip().splitlines()[-1:] or ["(nothing)"]
        raise ModelFailed(
            f"The agent stopped without an answer (exit status {child.returncode}): {tail[0][:300]}",
            hint="Check that the agent runs (`hermes --version`); nothing was changed.",
        ) from None
    if not isinstance(reply, dict):
        raise ModelFailed("The agent's answer is not an object; nothing was changed.", hint="Try again.")
    return reply


def describe(store: MemoryStore, info: AgentInfo | None = None) -> ModelTarget:
    """Who would answer for ``store``'s home, asked of the agent itself without a call."""
    info = info or agent_for_home(store.home.root)
    python = interpreter(info)
    if python is None:
        raise ModelUnavailable(
            "No Hermes agent was found for this home, so there is no model to ask.",
            hint="Install the agent (`hermes` on PATH, or its venv), or start hermes-dash from the agent's "
            "dashboard; the local method works without it.",
        )
    reply = _run(python, store.home.path, {"mode": "describe"}, START_S)
    if not reply.get("ok"):
        raise ModelUnavailable(
            f"The agent at {info.found_at} cannot say which model it uses: {reply.get('message')}",
            hint="An agent of 0.18.0 or newer has the LLM facade hermes-dash asks through.",
        )
    provider, model = str(reply.get("provider") or ""), str(reply.get("model") or "")
    if not model:
        raise ModelUnavailable(
            f"The agent's config.yaml names no model (provider: {provider or 'none'}).", hint=HOW_TO_SET
        )
    return ModelTarget(str(python), info.describe(), provider or "auto", model)


def _failure(reply: dict[str, object], target: ModelTarget) -> ModelFailed:
    """A failed call, in words: what the provider said and what to do."""
    status, kind, said = reply.get("status"), reply.get("kind"), str(reply.get("message") or "")[:300]
    who = f"{target.provider} / {target.model}"
    hints = {
        401: "The key was refused: check the key in the home's .env (`hermes model` sets it up).",
        403: "The key may not use this model: check the provider's account.",
        402: "The provider's account has no credit left: top it up, or use the local method.",
        429: "The provider is rate-limiting this key: try again in a minute.",
    }
    if kind == "too_large":
        return ModelFailed(
            f"{who} answered with {said}, far more than a review takes; nothing was used or changed.", hint="Try again."
        )
    if kind == "timeout":
        return ModelFailed(f"{who} did not answer in time; nothing was changed.", hint="Try again later.")
    if isinstance(status, int):
        hint = hints.get(status, "Try again later, or use the local method.")
        return ModelFailed(f"{who} refused the call (HTTP {status}): {said}", hint=hint + " Nothing was changed.")
    if kind == "trust":
        return ModelFailed(f"The agent refused hermes-dash's call: {said}", hint="Nothing was changed.")
    return ModelFailed(
        f"The call to {who} failed: {said}", hint="Try again, or use the local method. Nothing was changed."
    )


def ask(
    store: MemoryStore,
    target: ModelTarget,
    instructions: str,
    texts: list[str],
    schema: dict[str, object],
    timeout: float = DEFAULT_TIMEOUT_S,
) -> Answer:
    """One structured call through the agent's facade; the answer's text, unread."""
    request = {
        "mode": "review",
        "instructions": instructions,
        "texts": texts,
        "schema": schema,
        "timeout": timeout,
        "max_chars": MAX_ANSWER_CHARS,
    }
    started = time.perf_counter()
    reply = _run(Path(target.python), store.home.path, request, timeout + START_S)
    if not reply.get("ok"):
        raise _failure(reply, target)
    tokens = reply.get("tokens")
    return Answer(
        str(reply.get("text") or ""),
        str(reply.get("provider") or target.provider),
        str(reply.get("model") or target.model),
        {str(k): int(v) for k, v in tokens.items() if isinstance(v, int)} if isinstance(tokens, dict) else {},
        time.perf_counter() - started,
    )
