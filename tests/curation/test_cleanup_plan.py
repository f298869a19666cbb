"""A clean-up plan worth applying, on a realistic near-full home: what loses nothing first, then
shorter wording, then removal candidates that the person picks (none picked for them)."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
from app_support import open_app
from cleanup_corpus import agent_ran_in
from cli_support import invoke

from hermes_dash import MemoryStore, resolve_home
from hermes_dash.curation import cleanup
from hermes_dash.engine.rules import ops as _ops
from hermes_dash.engine.rules.format import serialise, usage

CORE = [
    "Backend lives in services/api/ (FastAPI on Python 3.12); the worker in services/worker/ shares its models "
    "through services/common/, and both read settings from config/base.yaml.",
    "Migrations are Alembic scripts in ./migrations/, applied with `make migrate`; never edit an applied "
    "migration, add a new one instead and run `make migrate-check` before pushing.",
    "Note that the frontend in web/ is built with Vite and React 18; `pnpm dev` serves it on port 5173 and "
    "proxies /api to the backend on port 8000.",
    "Releases are tagged vX.Y.Z on main by the release workflow; the changelog is generated from conventional "
    "commit messages, so commit titles must start with feat:, fix: or chore:.",
    "CI runs on GitHub Actions: lint, type check, unit tests and the e2e suite against a throwaway Postgres; "
    "a red e2e run blocks merging, a flaky one is retried once.",
    "Feature flags live in the flags table and are read through flags.enabled(name); a flag is removed two "
    "releases after it reaches 100%, together with the code path it guarded.",
    "Staging mirrors production nightly from an anonymised dump; its URL is staging.internal and logins use "
    "the shared SSO, so never create local accounts there.",
    "Background jobs go through the Redis queue named default; long exports use the slow queue, whose worker "
    "has a 30 minute timeout and retries a failed job three times.",
    "The public API is versioned in the path (/v1, /v2); a breaking change needs a new version and the old one "
    "stays up for six months with a Sunset header.",
]
DUP = ("Tests need Postgres 16 on port 5433.", "Tests need Postgres 16 on port 5433")
DOCKER = (
    "On the build server `docker compose` is v2; the old docker-compose v1 wrapper ignores profiles.",
    "Build server: docker compose is v2, and the docker-compose v1 wrapper ignores profiles.",
)
PREF = "The user prefers concise answers and dislikes emoji in replies."


def near_full(root: Path) -> tuple[Path, list[str], str]:
    """A home whose MEMORY.md is ~99% full: a duplicate, a near duplicate, a user preference, a
    stale path and several long core facts. Returns (home, MEMORY.md entries, the stale entry)."""
    home = root / "home"
    (home / "memories").mkdir(parents=True)
    stale = f"The release checkout lives in {root}/gone/release and is synced nightly."
    entries = [
        CORE[0],
        DUP[0],
        DOCKER[0],
        CORE[1],
        PREF,
        CORE[2],
        DUP[1],
        stale,
        CORE[3],
        DOCKER[1],
        CORE[4],
        CORE[5],
        CORE[6],
        CORE[7],
        CORE[8],
    ]
    (home / "memories" / "MEMORY.md").write_text(serialise(entries), encoding="utf-8")
    (home / "memories" / "USER.md").write_text("Name: Sam.", encoding="utf-8")
    (home / "config.yaml").write_text(f"memory:\n  memory_char_limit: {usage(entries) + 10}\n", encoding="utf-8")
    agent_ran_in(home, str(root))  # the agent runs on this machine: its paths are this machine's to check
    return home, entries, stale


def test_the_plan_merges_and_moves_lists_stale_paths_unpicked_and_never_removes_a_core_fact(tmp_path):
    home, entries, stale = near_full(tmp_path)
    store = MemoryStore(resolve_home(home))
    proposed = cleanup.suggest(store).plans["memory"]
    kinds = [s.kind for s in proposed.steps]
    assert kinds[:3] == ["merge", "merge", "move"] and "shorten" in kinds and "remove" not in kinds
    touched = {e for s in proposed.steps for e in s.entries}
    assert {*DUP, *DOCKER, PREF} <= touched and stale not in touched
    # The path not found here is the first candidate, with what was checked; never picked.
    assert proposed.ranked[0].entry == stale and proposed.ranked[0].evidence == "not found here"
    assert f"{tmp_path}/gone/release" in proposed.ranked[0].why
    removed = [e for s in proposed.steps for op in s.operations if op["action"] == "remove" for e in [op["old_text"]]]
    assert not set(removed) & set(CORE)  # the plan never removes a core fact on its own
    assert not any(s.picked for s in proposed.steps)
    # The core fact with filler is only shortened, and the shorter text is shown in full.
    [short] = [s for s in proposed.steps if s.kind == "shorten"]
    assert short.entries == (CORE[2],) and short.result == CORE[2].replace("Note that the", "The")
    # How far it got, and the core facts offered for removal, none picked.
    assert not proposed.reaches_goal and proposed.still_to_free > 0
    assert set(proposed.candidates) == set(CORE) - {CORE[2]} | {stale}
    running = list(entries)
    for s in proposed.steps:  # the usage shown after each step is the real usage
        running = _ops.apply_batch(running, _ops.pin_full_text(_ops.validate_batch(s.operations)), 10**9)  # as applied
        assert s.usage_after == usage(running)
    # Applied: one two-file write; the preference is in USER.md now, nothing else was removed.
    result = cleanup.apply_plan(store, proposed)
    assert store.read("user").entries == ("Name: Sam.", PREF)
    after = store.read("memory").entries
    assert usage(after) == proposed.usage_after and result.changed
    assert set(CORE) - {CORE[2]} <= set(after) and short.result in after and stale in after


def test_removal_is_the_persons_pick_and_reaches_the_goal(tmp_path):
    home, entries, _ = near_full(tmp_path)
    store = MemoryStore(resolve_home(home))
    proposed = cleanup.suggest(store).plans["memory"]
    pick = proposed.candidates[-1]
    chosen = proposed.choose(removals=[pick])
    assert chosen.steps[-1].picked and chosen.steps[-1].entries == (pick,)
    assert pick not in chosen.candidates and chosen.usage_after == proposed.usage_after - len(pick) - 3
    with pytest.raises(Exception, match="no entry"):
        proposed.choose(removals=[DUP[1]])  # already merged by a chosen step


def test_shorten_is_deterministic_and_leaves_code_alone():
    text = "Note that  the API  is very slow.\n\n\n\nIn order to  test, run `make  test  really`."
    assert cleanup.shorten(text) == "The API is slow.\n\nTo test, run `make  test  really`."
    assert cleanup.shorten(cleanup.shorten(text)) == cleanup.shorten(text)


def test_cli_suggest_shows_full_texts_how_far_and_unpicked_candidates(tmp_path):
    home, _, stale = near_full(tmp_path)
    env = {"HERMES_HOME": str(home)}
    out = invoke("suggest", "memory", env=env)
    assert out.returncode == 0, out.stderr
    plan_text = out.stdout[out.stdout.index("Plan for MEMORY.md") :]
    for fact in CORE:
        assert fact in plan_text  # every text in full, never cut
    assert "more to free for the goal" in plan_text and "none picked" in plan_text
    assert "one of the longest" not in out.stdout
    data = json.loads(invoke("suggest", "memory", "--json", env=env).stdout)
    memory = data["plans"]["memory"]
    assert set(memory["removal_candidates"]) == set(CORE) - {CORE[2]} | {stale}
    assert not {op["old_text"] for op in memory["operations"] if op["action"] == "remove"} & set(CORE)


def test_cleanup_page_shows_every_step_in_full_and_picks_no_removal(tmp_path, monkeypatch, fresh_cache):
    home, _, stale = near_full(tmp_path)
    monkeypatch.setenv("HERMES_HOME", str(home))
    at = open_app("curation_cleanup")
    assert not at.exception, [e.value for e in at.exception]
    plain = [t.value for t in at.text] + [c.value for c in at.code]  # entry text is plain text, either widget
    # ... or, for a short removal candidate, the words of its checkbox's label (a code span)
    labels = [c.label for c in at.checkbox]
    shown = "\n".join(plain + labels)
    for fact in CORE:
        assert fact in shown  # full text, in a step or as a candidate
    assert any(t.value == CORE[2].replace("Note that the", "The") for t in at.text_area)
    removal = [c for c in at.checkbox if c.key.startswith("cu_plan_rm_")]
    assert len(removal) == len(CORE) and not any(c.value for c in removal)  # the core facts left and the stale one
    # Ranked: the path not found here first, each with what it frees and the gauge after it.
    assert f" · not found here · frees {len(stale) + 3} characters · after: " in removal[0].label
    assert any("Pick entries to remove (none is picked for you)" in m.value for m in at.markdown)
    # Each proposal once: the move, the merges and the stale path are in the plan only.
    assert plain.count(PREF) == 1 and sum(stale in x for x in plain + labels) == 1
    assert not [b for b in at.button if b.label.startswith(("Move to", "Remove this entry", "Review 1 merge"))]
    before = (home / "memories" / "MEMORY.md").read_bytes()
    steps = [c for c in at.checkbox if c.key.startswith("cu_plan_pick_")]
    apply = next(b for b in at.button if b.key == "cu_plan_apply_memory")
    assert apply.label == f"Review {len(steps)} steps for MEMORY.md…"
    removal[0].check().run()  # the person picks the stale one ...
    [core] = [c for c in at.checkbox if c.key == removal[1].key]
    core.check().run()  # ... and one core fact: two more steps
    apply = next(b for b in at.button if b.key == "cu_plan_apply_memory")
    assert apply.label == f"Review {len(steps) + 2} steps for MEMORY.md…"
    apply.click().run()
    assert (home / "memories" / "MEMORY.md").read_bytes() == before  # nothing before the confirmation
    # The confirmation is a dialog (always in view) with one combined diff of both files.
    question = [m.value for m in at.markdown if m.value.startswith("**Apply ")]
    assert question == [f"**Apply {len(steps) + 2} steps to MEMORY.md and USER.md as one write?**"]
    assert any(m.value.startswith("**MEMORY.md**: ") for m in at.markdown)
    assert any(m.value.startswith("**USER.md**: ") for m in at.markdown)
    # In the colours Edit uses: green comes, red struck through goes; no [-x-]{+y+} notation.
    bodies = [e.proto.body for e in at.get("html") if "hd-word-diff" in e.proto.body]
    assert any('title="comes">' + html.escape(PREF) + "</ins>" in b for b in bodies)  # what USER.md gains
    assert any('title="goes">' + html.escape(stale) + "</del>" in b for b in bodies)  # what MEMORY.md loses
    assert not any("{+" in c.value or "[-" in c.value for c in at.code)
    at.button(key="cu_review_yes").click().run()
    assert not at.exception, [e.value for e in at.exception]
    memory = (home / "memories" / "MEMORY.md").read_text()
    assert PREF in (home / "memories" / "USER.md").read_text() and PREF not in memory and stale not in memory
    assert sum(fact in memory for fact in CORE) == len(CORE) - 2  # one picked, one shortened
    undo = [b for b in at.button if b.key.startswith("hd_undo_")]
    assert len(undo) == 1
    undo[0].click().run()
    assert (home / "memories" / "MEMORY.md").read_bytes() == before
    assert (home / "memories" / "USER.md").read_text() == "Name: Sam."
