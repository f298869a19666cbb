"""What the home's agent refuses to replay from a staged record, before any entry is looked at.

0.22's ``apply_memory_pending`` refuses a record without a ``target``, a batch operation naming
another store than the batch, and a replace, remove or patch without its ``matched_entry`` pin
("predates entry pinning": old_text alone could hit a newer entry the approver never saw); a
single ``patch`` takes its new text from ``content`` only. Approving the record as staged meets
the same refusal here. An edit made in hermes-dash is hermes-dash's own write, pinned to the entry
its preview showed, and is not held to these (docs/pending.md#the-agents-own-rules).
"""

from __future__ import annotations

from collections.abc import Mapping

from hermes_dash import InvalidRequest
from hermes_dash.engine.agents import agent_rules_in_effect

from .model import AIMED, Staged

_RECREATE = "Reject it, and make the change again (in the Edit page, or by asking the agent)."


def _no_target() -> InvalidRequest:
    return InvalidRequest(
        "Missing required target: the agent replays no staged write without one, and nothing was applied.",
        hint=_RECREATE,
    )


def replay_refusal(staged: Staged) -> InvalidRequest | None:
    """Why the home's agent would refuse to replay ``staged`` as it is, or None (older agents:
    always None; they replay every well-formed record)."""
    if not agent_rules_in_effect().pinned_replay or not staged.ok or staged.payload is None:
        return None
    payload = staged.payload
    if payload.get("target") is None:
        return _no_target()
    ops = payload.get("operations") if staged.action == "batch" else [payload]
    raw = [op for op in ops if isinstance(op, Mapping)] if isinstance(ops, list) else []
    for i, op in enumerate(raw, 1):
        if staged.action == "batch" and op.get("target") not in (None, payload.get("target")):
            return InvalidRequest(
                f"Operation {i} names a different target than the one at the top level; the agent replays "
                "one store per write, and nothing was applied.",
                hint=_RECREATE,
            )
    if any(part.action in AIMED and part.expect_entry is None for part in staged.ops):
        return InvalidRequest(
            "This destructive pending write predates entry pinning and cannot be verified; nothing was applied.",
            hint="Reject it and recreate the change, or edit it here: an edit is applied pinned to the entry "
            "its preview shows.",
        )
    if staged.action == "patch" and not str(payload.get("content") or "").strip():
        return InvalidRequest(
            "new_text cannot be empty: the agent replays a staged patch's 'content', and this one has none.",
            hint=_RECREATE,
        )
    return None
