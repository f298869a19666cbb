"""Odd inputs in the dashboard: a bad active_profile, folders under profiles/ that are not
profiles, staged writes that are too deep or hold lone surrogates. The real app.py, real homes."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_support import APP, alerts, no_exception, texts
from pending_support import stage
from streamlit.testing.v1 import AppTest

ROOT = APP.parent


def run_page(name: str | None = None) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    no_exception(at)
    if name:
        at.switch_page(str(ROOT / "hermes_dash" / "ui" / "screens" / f"{name}.py"))
        at.run()
        no_exception(at)
    return at


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_cache: None) -> Path:
    home = tmp_path / "hermes"
    (home / "memories").mkdir(parents=True)
    (home / "memories" / "MEMORY.md").write_text("Tests need Postgres 16 on port 5433.")
    monkeypatch.setenv("HERMES_HOME", str(home))
    return home


def test_bad_active_profile_opens_the_default_and_names_the_file(root: Path) -> None:
    (root / "profiles" / "my work" / "memories").mkdir(parents=True)
    (root / "active_profile").write_text("my work\n")
    at = run_page()
    shown = alerts(at) + "\n".join(texts(at))
    assert "active_profile" in shown and "' '" in shown
    assert any("Postgres 16" in df.value.to_string() for df in at.dataframe)  # every column, none elided


def test_folders_that_are_not_profiles_do_not_break_sharing(root: Path) -> None:
    for name in ("__pycache__", ".git", "work"):
        (root / "profiles" / name / "memories").mkdir(parents=True)
    at = run_page("curation_sharing")
    assert at.selectbox(key="hd_profile_select").options == ["default", "work"]


def test_inbox_lists_deep_and_surrogate_staged_writes_as_malformed(root: Path) -> None:
    folder = root / "pending" / "memory"
    add = {"action": "add", "target": "memory", "content": "Use uv."}
    stage(root, "0000000a", add, origin="foreground", summary="add a fact")
    stage(root, "0000000b", b"[" * 100_000 + b"]" * 100_000)
    stage(root, "0000000c", b'{"summary": "\\ud800", "payload": {"action": "add", "target": "memory", "content": "x"}}')
    at = run_page("curation_inbox")
    shown = "\n".join(texts(at))
    assert "0000000b.json: nested too deeply" in shown
    assert "0000000c.json: holds a lone surrogate" in shown
    assert "add a fact" in shown  # the good one beside them is listed as usual
    # A malformed one can only be rejected: asked first, then its file is deleted, the others stay.
    at.button(key="in_reject_0000000b").click().run()
    at.button(key="in_rej_0000000b_yes").click().run()
    assert not (folder / "0000000b.json").exists()
    assert (folder / "0000000a.json").exists() and (folder / "0000000c.json").exists()


@pytest.mark.parametrize("limit", [0, -5])
def test_a_limit_of_zero_or_less_is_shown_as_the_agent_uses_it(root: Path, limit: int) -> None:
    (root / "config.yaml").write_text(f"memory:\n  memory_char_limit: {limit}\n")
    at = run_page()
    progress = [m.value for m in at.markdown]
    assert any(f"36 / {limit:,} chars** · 0%" in t and "over" in t for t in progress), progress
    assert "memory_char_limit" not in alerts(at)  # a valid limit: no config warning
