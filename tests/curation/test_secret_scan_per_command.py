"""`check` and `export --redact` scan for secrets within one budget of time per command
(secrets.COMMAND_SCAN_SECONDS), not only per text: each text after it is marked "not scanned in
time" unread, so it is blanked by an export and flagged by `check`, never passed as clean.
The budget is lowered here so the test is short; the texts each scan well within the per-text
bound (SCAN_SECONDS), so only the command's budget can mark them."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from hermes_dash import MemoryStore
from hermes_dash.cli import main
from hermes_dash.curation import export, secrets
from hermes_dash.engine.rules.format import DELIMITER

BUDGET = 0.5


def _slow_entries(tag: str, count: int = 16) -> list[str]:
    """Entries of 6,000 characters of ``sk-`` (about 0.2 s of scan each), each text its own
    (the scan remembers texts it has seen)."""
    return [f"{tag}{n} " + ("sk-" * 2000) for n in range(count)]


@pytest.fixture
def budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(secrets, "COMMAND_SCAN_SECONDS", BUDGET)


def test_check_marks_what_it_had_no_time_to_scan(
    tmp_path: Path, budget: None, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "MEMORY.md"
    path.write_text(DELIMITER.join(_slow_entries("check")), encoding="utf-8")
    started = time.monotonic()
    code = main(["--json", "check", "--limit", "1000000", str(path)])
    took = time.monotonic() - started
    out = json.loads(capsys.readouterr().out)
    warnings = [w for f in out["files"] for w in f["warnings"]]
    unscanned = [w for w in warnings if secrets.NOT_SCANNED in w]
    assert code == 0
    assert 4 <= len(unscanned) < 16, warnings
    assert took < BUDGET + secrets.SCAN_SECONDS + 3


def test_export_redacts_what_it_had_no_time_to_scan(store: MemoryStore, budget: None) -> None:
    store.home.memories_dir.mkdir(parents=True, exist_ok=True)
    (store.home.memories_dir / "MEMORY.md").write_text(DELIMITER.join(_slow_entries("export")), encoding="utf-8")
    done = export.export_data(store, redact_secrets=True)
    entries = done.data["files"]["memory"]["entries"]  # type: ignore[index]
    blanked = [e for e in entries if e == secrets.REDACTED]
    assert 4 <= len(blanked) < 16
    assert entries[0].startswith("export0 ")


def test_a_text_is_scanned_before_the_deadline_and_one_finding_after() -> None:
    assert secrets.find_secrets("the password is hunter2!", until=time.monotonic() + 60)
    assert secrets.find_secrets("plain text", until=time.monotonic() - 1)[0].kind == secrets.NOT_SCANNED
