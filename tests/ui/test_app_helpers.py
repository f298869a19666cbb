"""Engine-side helpers the dashboard added: suggestions, batch plans, new homes, the demo home."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from repo import ROOT

from hermes_dash import MemoryStore, Operation, resolve_home
from hermes_dash.curation import cleanup as _cleanup
from hermes_dash.curation.suggestions import MIN_CHARS, Suggestion, shortest_unique, suggestions
from hermes_dash.demo import KEEP_COPIES_S, SOURCE, create_demo_home, remove_old_copies
from hermes_dash.engine.newhome import create_memory_files
from hermes_dash.engine.rules.batchplan import describe_batch, plan_batch
from hermes_dash.engine.rules.format import parse
from hermes_dash.engine.rules.matching import find
from hermes_dash.engine.rules.ops import apply_batch  # the engine's own rule, checked beside the page's plan
from hermes_dash.engine.rules.scan import scan
from hermes_dash.engine.views.sessions import read_sessions
from hermes_dash.engine.views.snapshot import session_snapshot
from hermes_dash.ui import level


def test_suggestion_is_the_shortest_unique_run_of_words() -> None:
    entries = [
        "Project uses Postgres 16 on port 5433",
        "User prefers Postgres over MySQL",
        "Deploy with make deploy on port 5433",
    ]
    # Runs shorter than MIN_CHARS ("16", "User") are unique today but break first when entries are added.
    assert [s.text for s in suggestions(entries)] == ["16 on port", "over MySQL", "Deploy with"]
    assert not any(s.whole for s in suggestions(entries))
    assert shortest_unique(["Short one", "Other text here"], 0) == Suggestion(0, "Short one", True)


def test_entry_inside_another_needs_its_whole_text() -> None:
    entries = ["Postgres 16", "Postgres 16 runs on port 5433"]
    first = shortest_unique(entries, 0)
    assert first.whole and first.text == "Postgres 16"
    # Only where an exact match wins does its text pick it out; else it is said to need a pin.
    assert find(entries, first.text).target == (0 if first.alone else None)
    assert shortest_unique(entries, 1).text in ("16 runs on", "runs on port", "on port 5433")


def test_huge_entry_is_bounded() -> None:
    entries = ["word " * 200_000, "other entry"]
    assert shortest_unique(entries, 1) == Suggestion(1, "other entry", True)
    assert find(entries, shortest_unique(entries, 0).text).target == 0


words = st.sampled_from(["alpha", "beta", "gamma", "delta", "§", "a", "ab", "port", "5433", "x-y"])
entry = st.lists(words, min_size=1, max_size=6).map(" ".join)


@settings(max_examples=200, deadline=None)
@given(st.lists(entry, min_size=1, max_size=8, unique=True))
def test_every_suggestion_targets_exactly_its_entry(entries: list[str]) -> None:
    entries = parse("\n§\n".join(entries)) or ["alpha"]
    for s in suggestions(entries):
        assert find(entries, s.text).target == (s.index if s.alone else None)
        assert s.alone or s.whole
        assert len(s.text) <= len(entries[s.index])
        assert s.whole or len(s.text) >= MIN_CHARS


def test_plan_batch_orders_replace_remove_add_and_skips_blank_rows() -> None:
    original = ["one", "two", "three"]
    ops = plan_batch(original, {0: "one!", 1: None, 2: "three"}, ["", "  four  "])
    assert ops == [
        Operation("replace", "one!", "one", expect_entry="one"),
        Operation("remove", old_text="two", expect_entry="two"),
        Operation("add", "four"),
    ]
    assert apply_batch(original, ops, 100) == ["one!", "three", "four"]
    assert plan_batch(original, {1: "   "}) == [Operation("remove", old_text="two", expect_entry="two")]
    assert plan_batch(original, {}) == []
    assert describe_batch(Operation("replace", "new " * 30, "old")).startswith("replace: old  →  new new")


def test_plan_batch_addresses_entries_by_full_text_even_when_one_contains_another() -> None:
    original = ["Postgres", "Postgres 16 on 5433"]
    ops = plan_batch(original, {0: None})
    assert apply_batch(original, ops, 100) == ["Postgres 16 on 5433"]


def test_create_memory_files_never_overwrites(tmp_path: Path) -> None:
    home = resolve_home(tmp_path / "h")
    created = create_memory_files(home)
    assert [p.name for p in created] == ["MEMORY.md", "USER.md"]
    assert (home.memories_dir / "MEMORY.md").read_bytes() == b""
    (home.memories_dir / "USER.md").write_text("kept")
    (home.memories_dir / "MEMORY.md").unlink()
    assert [p.name for p in create_memory_files(home)] == ["MEMORY.md"]
    assert (home.memories_dir / "USER.md").read_text() == "kept"
    assert oct((home.memories_dir / "MEMORY.md").stat().st_mode & 0o777) == "0o600"


def test_demo_home_shows_every_feature(tmp_path: Path) -> None:
    path = create_demo_home(tmp_path / "demo")
    store = MemoryStore(resolve_home(path))
    memory, user = store.read("memory"), store.read("user")
    assert (memory.usage, memory.percent, len(memory.entries)) == (1985, 90, 18) and not memory.drift
    assert level(memory.usage, memory.limit) == "warning"  # "getting full": 80-95 %
    assert user.drift and "#" in user.entries[0] and "§" not in user.raw.decode()
    assert any(scan(e) for e in memory.entries)
    assert any(
        "![x](http://127.0.0.1:9/x.png)" in e and "<img src=http://127.0.0.1:9/y.png>" in e for e in memory.entries
    )
    assert {b.style for b in store.backups()} == {"dated", "daily", "drift"}
    assert len(list((path / "pending" / "memory").glob("*.json"))) >= 3
    assert store.home.profiles() == ["work"]
    sessions = read_sessions(path / "state.db")
    assert sessions.problem is None and len(sessions.sessions) == 4
    newest = session_snapshot(sessions.sessions[0])
    assert set(newest.entries["memory"]) != set(memory.entries)
    assert "done by Alex only" in newest.blocks["memory"]
    with sqlite3.connect(path / "state.db") as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert not (SOURCE / "state.db").exists()  # built at copy time, never shipped
    # Work for the clean-up assistant: an overlapping pair, a preference that belongs in USER.md,
    # a checkout path that does not exist here.
    report = _cleanup.suggest(store)
    assert [m.target for m in report.merges] == ["memory"]
    assert all("journalctl -u orbit -f" in e for e in (report.merges[0].keep, report.merges[0].drop))
    assert [(h.target, h.suggested) for h in report.placement] == [("memory", "user")]
    assert "prefers concise answers" in report.placement[0].entry
    # The demo agent's sessions ran in /home/sam/src/orbit, not on this machine: its paths are not
    # this machine's to check, so the checkout is not called missing (docs/cleanup.md#paths).
    assert report.stale == () and "/home/sam/src/orbit" in report.paths.summary()
    # The missing checkout is a hint among the candidates, never a step of the plan.
    assert [step.kind for step in report.plans["memory"].steps][:1] == ["merge"]
    assert "remove" not in [step.kind for step in report.plans["memory"].steps]


def test_demo_copies_are_independent(tmp_path: Path) -> None:
    a = create_demo_home(tmp_path / "a")
    MemoryStore(resolve_home(a)).add("memory", "Only in copy a.")
    b = create_demo_home(tmp_path / "b")
    assert "Only in copy a." not in (b / "memories" / "MEMORY.md").read_text()
    assert "Only in copy a." not in (SOURCE / "memories" / "MEMORY.md").read_text()


def test_no_page_relies_on_streamlit_magic() -> None:
    """.streamlit/config.toml turns magic off (scripts compile without an AST rewrite), so a bare
    expression in a page would silently show nothing: there must be none."""
    import ast

    repo = ROOT
    assert "magicEnabled = false" in (repo / ".streamlit" / "config.toml").read_text()
    found = []
    ui = repo / "hermes_dash" / "ui"
    for path in [repo / "app.py", ui / "app.py", *sorted((ui / "screens").glob("*.py"))]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for parent in ast.walk(tree):
            body = [
                n
                for field in ("body", "orelse", "finalbody")
                if isinstance(block := getattr(parent, field, None), list)
                for n in block
            ]
            for i, node in enumerate(body):
                if not isinstance(node, ast.Expr) or isinstance(
                    node.value, (ast.Call, ast.Await, ast.Yield, ast.YieldFrom)
                ):
                    continue
                docstring = i == 0 and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
                if not docstring:
                    found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)[:60]}")
    assert not found, found


def test_demo_copies_share_one_parent_and_old_ones_are_removed(tmp_path: Path, monkeypatch) -> None:
    import os
    import tempfile
    import time

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    first, second = create_demo_home(), create_demo_home()
    parent = first.parent.parent
    assert parent == second.parent.parent and parent.parent == tmp_path and parent.name.startswith("hermes-demo-")
    assert first.parent.name.startswith("copy-") and oct(parent.stat().st_mode & 0o777) == "0o700"
    stranger = parent / "notes.txt"  # not a copy: never touched
    stranger.write_text("mine")
    old = time.time() - KEEP_COPIES_S - 60
    for path in (first.parent, first, first / "memories"):
        os.utime(path, (old, old))
    third = create_demo_home()
    assert not first.exists() and second.exists() and third.exists() and stranger.read_text() == "mine"
    # A copy written to recently (memories/ renamed into) counts as in use, however old its folder.
    for path in (second.parent, second):
        os.utime(path, (old, old))
    assert remove_old_copies(parent) == [] and second.exists()
    assert remove_old_copies(parent, now=time.time() + 2 * KEEP_COPIES_S)
    assert not second.exists() and not third.exists()
