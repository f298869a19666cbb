"""A newcomer's first minutes on the command line: what the README offers works as written."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from cli_support import command, invoke
from repo import ROOT
from web_probe import printed, start, ws_probe

TWO_FILES = pytest.mark.home(memory="one fact", user="likes tea\n§\nworks at night")


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return invoke(*args, cwd=cwd, env={"HERMES_HOME": str(cwd / "not-used")})


@TWO_FILES
def test_check_without_a_file_checks_the_homes_files(home: Path, tmp_path: Path) -> None:
    done = _run("--home", str(home), "check", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert f"{home}/memories/MEMORY.md: ok (8/2,200 characters, 1 entry)" in done.stdout
    assert f"{home}/memories/USER.md: ok" in done.stdout and "2 entries" in done.stdout


def test_check_without_a_file_on_an_empty_home_says_what_to_give(tmp_path: Path) -> None:
    done = _run("--home", str(tmp_path / "nothing"), "check", cwd=tmp_path)
    assert done.returncode == 1
    assert "nothing to check" in done.stderr and "What to do: Give the files to check" in done.stderr


def test_help_lists_the_dashboards_options(tmp_path: Path) -> None:
    main = _run("--help", cwd=tmp_path).stdout
    assert "--port" in main and "--no-browser" in main and "--address ADDRESS" in main
    serve = _run("serve", "--help", cwd=tmp_path).stdout
    assert "--address ADDRESS" in serve and "ADDR " not in serve


def test_history_and_blame_help_name_the_targets(tmp_path: Path) -> None:
    for name in ("history", "blame", "show"):
        assert "memory|user" in _run(name, "--help", cwd=tmp_path).stdout, name


def test_plugin_install_help_is_its_own(tmp_path: Path) -> None:
    shown = " ".join(_run("plugin", "install", "--help", cwd=tmp_path).stdout.split())
    assert "plugin install [OPTIONS]" in shown and "--port PORT" in shown, shown
    assert "remove" not in shown
    assert "--port" not in _run("plugin", "status", "--help", cwd=tmp_path).stdout


@TWO_FILES
def test_plugin_status_says_1_entry(home: Path, tmp_path: Path) -> None:
    done = _run("--home", str(home), "plugin", "status", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "MEMORY.md: 8/2,200 chars (0%, calm), 1 entry" in done.stdout, done.stdout
    assert "2 entries" in done.stdout


@TWO_FILES
def test_serve_prints_one_line_where_it_serves_and_for_whom(home: Path, tmp_path: Path) -> None:
    with start(
        command("serve", "--port", "{port}", "--no-browser", home=home),
        cwd=tmp_path,
        scratch=tmp_path / "scratch",
        env={"PYTHONPATH": str(ROOT)},
    ) as server:
        printed(server, "hermes-dash serves")
        # Anything printed after the line (at start-up, or on a first visit) is in the log once a
        # visit's run has come back: a page's run, asked for through the app's websocket.
        visit = ws_probe(server.port, f"127.0.0.1:{server.port}", wait_s=90)
        assert visit.accepted and visit.finished, visit.detail
        lines = [line for line in server.log.read_text().splitlines() if line.strip()]
    assert lines == [
        f"hermes-dash serves http://127.0.0.1:{server.port}/ (it answers this machine only; Ctrl+C stops it)"
    ]
