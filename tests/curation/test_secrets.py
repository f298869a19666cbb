"""Secrets through detect-secrets under hermes-dash's own patterns: 24 common shapes are blanked
whole (a private key's block included), look-alikes are left alone, and the same detector flags
the entry on the Overview and in ``check``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from app_support import open_app, tables
from cli_support import invoke
from repo import ROOT
from secret_corpus import NOT_SECRETS, SHAPES, leaked

from hermes_dash import MemoryStore, resolve_home
from hermes_dash.curation import export, hints, secrets
from hermes_dash.engine.rules.format import serialise
from hermes_dash.engine.rules.scan import scan


@pytest.mark.parametrize("name", list(SHAPES))
def test_each_common_shape_is_redacted_whole(name: str) -> None:
    text, parts = SHAPES[name]
    out, count = export.redact(text)
    assert not leaked(out, parts), out
    assert count >= 1 and secrets.REDACTED in out


def test_every_shape_caught_and_no_look_alike_flagged() -> None:
    """The figure docs/safety.md quotes: 24 of 24 shapes, 0 look-alikes (the old list: 13 of 24)."""
    missed = [name for name, (text, parts) in SHAPES.items() if leaked(export.redact(text)[0], parts)]
    flagged = [text for text in NOT_SECRETS if secrets.find_secrets(text)]
    assert (len(SHAPES), missed, flagged) == (24, [], [])


def test_a_private_key_block_goes_whole_and_the_prose_around_it_stays() -> None:
    text, _ = SHAPES["openssh private key"]
    assert export.redact(text) == ("Deploy key:\n[REDACTED]\nkeep it safe", 1)
    cut_short = "key:\n-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIBq3kY"  # no END line: to the end
    assert export.redact(cut_short) == ("key:\n[REDACTED]", 1)


def test_findings_name_their_kind_and_detector() -> None:
    [gitlab] = secrets.find_secrets(SHAPES["gitlab token"][0])
    assert (gitlab.kind, gitlab.by) == ("GitLab Token", "detect-secrets")
    [prose] = secrets.find_secrets(SHAPES["password is"][0])
    assert prose.by == "hermes-dash"
    unknown = "staging bot uses Zx9Kq2LmW8vR4tY7pN3sB6dF1gH5jC0e daily"  # no known prefix: entropy
    assert [f.kind for f in secrets.find_secrets(unknown)] == ["High Entropy String"]


def test_redacting_twice_changes_nothing_more() -> None:
    once, n = export.redact(SHAPES["api key assignment"][0] + " and " + SHAPES["stripe key"][0])
    assert n == 2 and export.redact(once) == (once, 0)


def test_a_secret_across_a_window_edge_is_found() -> None:
    token = "ghp_4Nq8ZxW2mLk9Rt7YvB3cD5fG1hJ6sP0aE2uI"
    for before in range(secrets.WINDOW - secrets.OVERLAP - 50, secrets.WINDOW - secrets.OVERLAP + 10, 3):
        out, n = export.redact("y " * (before // 2) + token + " end")
        assert token[4:] not in out and n == 1, before


@pytest.mark.timeout(60)
def test_hostile_text_costs_a_window_at_a_time() -> None:
    """Runs that make a pattern backtrack, each as long as the Overview scans (65,536 characters):
    about 2 s together. The hand list before took 7.3 s on 16,384 characters of ``SG.`` repeated
    and grew with the square (``[\\w.-]*`` before a key word): about 2 minutes at 65,536."""
    n = 65_536
    for unit in ("SG.", "sk-", "eyJa.", "x:// ", "a.", "password ", "Bearer "):
        assert secrets.find_secrets((unit * (n // len(unit)))[:n]) is not None


def test_the_entry_is_flagged_on_the_overview(home: Path, monkeypatch, fresh_cache) -> None:
    (home / "memories").mkdir()
    entries = ["Tests need Postgres 16 on port 5433.", SHAPES["gitlab token"][0], SHAPES["openssh private key"][0]]
    (home / "memories" / "MEMORY.md").write_text(serialise(entries), encoding="utf-8")
    state = MemoryStore(resolve_home(home)).read("memory")
    flags = hints.entry_flags(state, [scan(e) for e in state.entries])
    assert [hints.POSSIBLE_SECRET in row for row in flags] == [False, True, True]
    monkeypatch.setenv("HERMES_HOME", str(home))
    at = open_app()
    assert not at.exception
    shown = list(tables(at)[0].value["Flags"])
    assert ["possible secret" in row for row in shown] == [False, True, True], shown
    assert any("2 with a possible secret" in c.value for c in at.caption)


def test_check_warns_without_quoting_the_secret_and_strict_fails(tmp_path: Path) -> None:
    path = tmp_path / "MEMORY.md"
    path.write_text(serialise(["Tests need Postgres 16.", SHAPES["hugging face token"][0]]), encoding="utf-8")
    plain = invoke("check", str(path))
    assert plain.returncode == 0, plain.stderr
    assert "warning (fails only with --strict): entry [1] holds a possible secret (" in plain.stdout
    assert "HF hub: [REDACTED]" in plain.stdout and "QwErTyUi" not in plain.stdout + plain.stderr
    strict = invoke("check", "--strict", "--json", str(path))
    assert strict.returncode == 1
    [warning] = json.loads(strict.stdout)["files"][0]["warnings"]
    assert "detect-secrets" in warning and "QwErTyUi" not in warning
    clean = tmp_path / "clean" / "MEMORY.md"
    clean.parent.mkdir()
    clean.write_text(serialise(list(NOT_SECRETS[:8])), encoding="utf-8")
    assert invoke("check", "--strict", str(clean)).returncode == 0


def test_docs_state_the_bounds_and_the_figures() -> None:
    doc = " ".join((ROOT / "docs" / "safety.md").read_text(encoding="utf-8").split())
    assert f"windows of {secrets.WINDOW:,} characters overlapping by {secrets.OVERLAP:,}" in doc
    assert f"at least {secrets.ENTROPY_SHARE:g} of the most" in doc and f"under {secrets.MIN_VALUE} characters" in doc
    assert f"{len(SHAPES)} common shapes and {len(NOT_SECRETS)} look-alikes" in doc
    assert f"it blanks {len(SHAPES)} of {len(SHAPES)} shapes and flags none" in doc
