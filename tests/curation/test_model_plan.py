"""The local rules' chosen steps and the model's findings applied as one write
(docs/cleanup.md#the-agents-model): one pinned batch, journalled with the model's name when a
model step is in it, undoable; a model step and a local step on one entry refused, nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hermes_dash import InvalidRequest, MemoryStore
from hermes_dash.curation import cleanup
from hermes_dash.curation.cleanup import model_review
from hermes_dash.engine.rules.format import TARGETS

PG = "The dev database listens on port 5432 (Postgres 16)."
PG_AGAIN = "The dev database listens on port 5432, Postgres 16."
TUE = "Deploys go out on Tuesdays."
THU = "Deploys moved to Thursdays in March 2026."
pytestmark = pytest.mark.home(memory=[PG, PG_AGAIN, TUE, THU], config="memory:\n  memory_char_limit: 200\n")


def local_plan(store: MemoryStore) -> cleanup.Plan:
    plan = cleanup.suggest(store, 80).plans["memory"]
    assert plan.steps and {PG, PG_AGAIN} <= set(plan.steps[0].entries), plan.steps
    return plan.choose([0])


def finding(store: MemoryStore, item: dict[str, object]) -> model_review.Finding:
    found, missing = model_review.verify([item], {t: store.read(t) for t in TARGETS})
    assert missing == 0 and len(found) == 1 and found[0].verified, found
    return found[0]


def journal(home: Path) -> list[dict[str, object]]:
    lines = (home / "memories" / ".hermes-dash-journal.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines]


def test_local_and_model_steps_are_one_write_named_after_the_model(store: MemoryStore, home: Path) -> None:
    chosen = local_plan(store)
    f = finding(store, {"kind": "contradiction", "entries": [TUE, THU], "keep": THU})
    before = store.read("memory").raw
    review = model_review.Review("custom", "scripted", (f,), 0, 0.0)
    result = model_review.apply_with_plan(store, chosen, review, [f])
    after = store.read("memory").entries
    assert TUE not in after and THU in after and sum("5432" in e for e in after) == 1
    assert [e["via"] for e in journal(home)] == ["Cleanup (model: custom/scripted)"]
    store.undo(result)  # type: ignore[arg-type]  # one file changed: an OpResult
    assert store.read("memory").raw == before


def test_without_a_model_step_it_is_the_local_plan_as_before(store: MemoryStore, home: Path) -> None:
    model_review.apply_with_plan(store, local_plan(store), None, [])
    assert [e.get("via") for e in journal(home)] != ["Cleanup (model: custom/scripted)"]
    assert TUE in store.read("memory").entries


def test_a_model_step_on_an_entry_a_local_step_changes_is_refused(store: MemoryStore) -> None:
    chosen = local_plan(store)
    f = finding(store, {"kind": "outdated", "entries": [PG_AGAIN]})
    before = {t: store.read(t).raw for t in TARGETS}
    review = model_review.Review("custom", "scripted", (f,), 0, 0.0)
    with pytest.raises(InvalidRequest, match="a step of the local rules change the same entry"):
        model_review.apply_with_plan(store, chosen, review, [f])
    assert {t: store.read(t).raw for t in TARGETS} == before
