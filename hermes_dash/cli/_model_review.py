"""``hermes-dash suggest --model``: the agent's own model reviews the files (docs/cleanup.md#the-agents-model).

Says what goes and where before sending (on stderr, while the call runs), then prints each
finding with its checks. Reads and writes nothing else: applying is the Cleanup page's.
"""

from __future__ import annotations

import sys

from hermes_dash import MemoryStore
from hermes_dash.cli._output import say
from hermes_dash.engine.rules.format import FILENAMES

from ._registry import Outcome


def _lines(found: object) -> list[str]:
    from hermes_dash.curation import cleanup

    assert isinstance(found, cleanup.model_review.Review)
    lines = [f"Findings of {found.provider} / {found.model} (checked by hermes-dash before shown):"]
    for n, f in enumerate(found.findings, start=1):
        mark = "verified" if f.verified else "UNVERIFIED: " + "; ".join(f.problems)
        lines.append(f"\n{n}. {f.kind} ({mark})")
        for t, text in f.entries:
            kept = "  (the model keeps this)" if f.keep == (t, text) else ""
            lines.append(f"   {FILENAMES[t]}: {text}{kept}")
        if f.merged is not None:
            lines.append(f"   -> {f.merged}")
        if f.why:
            lines.append(f"   why (the model's words): {f.why}")
    if not found.findings:
        lines.append("\nNothing found.")
    lines += [f"\n{note}" for note in found.notes()]
    return lines


def suggest_model(store: MemoryStore, targets: list[str], threshold: int) -> Outcome:
    from hermes_dash.curation import cleanup

    request = cleanup.model_review.prepare(store, targets, threshold)
    say(request.summary() + " …", sys.stderr, flush=True)  # said before it is sent
    found = cleanup.model_review.review(store, request)
    data: dict[str, object] = {"success": True, "request": request.summary(), **found.to_dict()}
    return Outcome(data, "\n".join([request.summary(), *_lines(found)]))
