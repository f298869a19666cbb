"""The secret scan is bounded per text: a repeated keyword no longer makes detect-secrets'
keyword patterns backtrack for seconds a window, and ``export --redact`` scans what ``check``
scans (an entry's first 65,536 characters), leaving the rest out, said."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from cli_support import invoke
from homes import make_home
from hypothesis import given, settings
from hypothesis import strategies as st

from hermes_dash.curation import secrets
from hermes_dash.engine.rules.scan import MAX_SCAN_CHARS

_PIECES = [
    "api_key",
    "API_KEY",
    "pwd",
    "password",
    "secret",
    "db_pass",
    "key",
    "x",
    "7",
    "_",
    " ",
    ":",
    "=",
    "==",
    "'",
    '"',
    "`",
    "]",
    "s3cr3tV4lue",
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=24))
def test_the_tamed_line_finds_what_the_line_itself_finds(pieces: list[str]) -> None:
    line = "".join(pieces)
    assert len(secrets._tamed(line)) == len(line)
    found = list(secrets._KEYWORDS.analyze_string(line, denylist_regex_to_group=secrets._BY_CONFIG))
    assert found == [value for _, value in secrets._keyword_values(line)]
    assert all(line[at : at + len(value)] == value for at, value in secrets._keyword_values(line))


@pytest.mark.timeout(120)  # 5-6 s a window before, 16 windows here: minutes on a loaded machine
@pytest.mark.parametrize("unit", ["api_key", "password", "pwd_", "api_key'", "secretsecret ="])
def test_a_repeated_keyword_costs_little(unit: str) -> None:
    text = (unit * (MAX_SCAN_CHARS // len(unit) + 1))[:MAX_SCAN_CHARS]
    started = time.monotonic()
    secrets.find_secrets(text)
    assert time.monotonic() - started < 20


def _api_keys(size: int) -> str:
    return ("api_key" * (size // 7 + 1))[:size]


@pytest.mark.timeout(120)
def test_check_and_a_redacted_export_of_a_sixteen_kilobyte_file(tmp_path: Path) -> None:
    """28 s and 40 s before."""
    home = make_home(tmp_path / "home", memory=_api_keys(16_384))
    done = invoke("check", str(home / "memories" / "MEMORY.md"), timeout=25)
    assert done.returncode == 1 and "2 problems (16,384/2,200 characters)" in done.stderr  # over the limit
    done = invoke("export", "--redact", home=home, timeout=25)
    assert done.returncode == 0, done.stderr


def test_a_redacted_export_leaves_out_what_was_not_scanned(tmp_path: Path) -> None:
    token = "ghp_4Nq8ZxW2mLk9Rt7YvB3cD5fG1hJ6sP0aE2uI"
    entry = "Notes. " + "y " * MAX_SCAN_CHARS + token
    home = make_home(tmp_path / "home", memory=["Tests need Postgres 16.", entry])
    done = invoke("--json", "export", "--redact", home=home)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    kept = data["files"]["memory"]["entries"][1]
    assert token[4:] not in done.stdout
    left_out = len(entry) - MAX_SCAN_CHARS
    assert kept.endswith(f"[NOT SCANNED: {left_out:,} more characters left out]")
    assert data["redactions"] == 1


def test_what_is_remembered_stays_bounded() -> None:
    """Every answer was kept, 2,048 of them whatever their length: half a gigabyte of texts of
    65,536 characters. Long texts now have a cache of their own, of 64."""
    for i in range(80):
        secrets.find_secrets(f"{i} " + "plain words, nothing secret. " * 200)
    assert secrets._find_long.cache_info().currsize == 64
    assert secrets._find_long.cache_info().maxsize == 64


def test_past_the_time_bound_the_rest_of_a_text_is_blanked_and_flagged(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every window is a square at most, but a text of 65,536 characters of `sk-` still took
    about 9 s on a loaded machine: a text is scanned for SCAN_SECONDS, the rest is a finding."""
    monkeypatch.setattr(secrets, "SCAN_SECONDS", 0.0)
    token = "ghp_4Nq8ZxW2mLk9Rt7YvB3cD5fG1hJ6sP0aE2uI"
    text = "Plain notes. " * 2000 + token
    found = secrets.find_secrets(text)
    assert found[-1].kind == secrets.NOT_SCANNED and found[-1].end == len(text)
    assert found[-1].start == secrets.WINDOW - secrets.OVERLAP  # one window was scanned
    out, n = secrets.redact(text)
    assert token[4:] not in out and out.endswith(secrets.REDACTED) and n == 1


@pytest.mark.timeout(120)
def test_sixty_five_thousand_characters_of_sk_take_about_the_time_bound() -> None:
    text = ("sk-" * (MAX_SCAN_CHARS // 3 + 1))[:MAX_SCAN_CHARS]
    started = time.monotonic()
    secrets.find_secrets(text)
    assert time.monotonic() - started < secrets.SCAN_SECONDS + 5  # a window past it at most
