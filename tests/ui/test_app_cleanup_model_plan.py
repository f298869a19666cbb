"""The model's findings are steps of the SAME plan as the local rules': each step
says its source, the gauge follows the ticks of either source, and one Review applies them all as
one pinned write, journalled with the model's name; through the real 0.19.0 agent and a scripted
local endpoint."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from agent_db import require_agent
from app_support import open_app
from homes import make_home
from model_endpoint import MODEL_NAME, Endpoint, agent_env, model_config

from hermes_dash.engine.io.journal import read_journal

PG = "The dev database listens on port 5432 (Postgres 16)."
PG_AGAIN = "The dev database listens on port 5432, Postgres 16."
TUE = "Deploys go out on Tuesdays."
THU = "Deploys moved to Thursdays in March 2026."


def _walk(node: Any) -> Iterator[Any]:
    """Every element under ``node`` in the order drawn."""
    for child in getattr(node, "children", {}).values():
        yield child
        yield from _walk(child)


def test_local_and_model_steps_share_one_plan_and_one_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_cache: None
) -> None:
    require_agent()
    with Endpoint() as ep:
        config = model_config(ep) + "memory:\n  memory_char_limit: 200\n"
        home = make_home(
            tmp_path / "home",
            memory=[PG, PG_AGAIN, TUE, THU],
            config=config,
            files={".env": "HD_TEST_KEY=sk-hd-test-0123456789abcdef\n"},
        )
        monkeypatch.setenv("HERMES_HOME", str(home))
        for key, value in agent_env().items():
            monkeypatch.setenv(key, value)
        ep.script([{"kind": "contradiction", "entries": [TUE, THU], "keep": THU, "why": "Thursday is newer."}])
        at = open_app("curation_cleanup", timeout=120)
        assert not at.exception, [e.value for e in at.exception]
        local = [c for c in at.checkbox if c.key.startswith("cu_plan_pick_memory")]
        assert local and all(c.value for c in local), [c.label for c in at.checkbox]
        at.button(key="cu_model_prepare").click().run()
        at.button(key="cu_model_send").click().run()
        assert not at.exception, [e.value for e in at.exception]
        model = [c for c in at.checkbox if c.key.startswith("cu_model_pick_")]
        assert [c.label for c in model] == [f"Model step 1 · `contradiction` · from `custom/{MODEL_NAME}` · verified"]
        assert all(c.label.endswith(" · from the local rules") for c in local), [c.label for c in local]
        drawn = [getattr(e, "key", None) or getattr(e, "value", "") for e in _walk(at.main)]
        asked = drawn.index("Ask your agent's model")
        assert drawn.index(local[-1].key) < drawn.index(model[0].key) < asked, drawn  # a step of the plan above
        before = [c.value for c in at.caption if c.value.startswith("The chosen steps")]
        model[0].check().run()
        after = [c.value for c in at.caption if c.value.startswith("The chosen steps")]
        assert before != after, (before, after)  # the gauge's line follows the model's tick
        review = at.button(key="cu_plan_apply_memory")
        assert review.label == f"Review {len(local) + 1} steps for MEMORY.md…"
        review.click().run()
        at.button(key="cu_review_yes").click().run()
        assert not at.exception, [e.value for e in at.exception]
    memory = (home / "memories" / "MEMORY.md").read_text(encoding="utf-8")
    assert TUE not in memory and THU in memory  # the model's step
    assert memory.count("5432") == 1  # the local rules' merge, in the same write
    entries = read_journal(home / "memories")
    assert entries[-1].via == f"Cleanup (model: custom/{MODEL_NAME})"
    assert len([e for e in entries if e.via and e.via.startswith("Cleanup")]) == 1  # one write
