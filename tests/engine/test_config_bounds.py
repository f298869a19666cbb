"""config.yaml that no agent wrote: bounded by size before parsing, every failure a warning.

A 5,000-digit integer raised a ValueError traceback in the command line and on every page; a
200 KB file of 99,990 list items made every command take 17 s. Now the file is read only up to
``MAX_CONFIG_BYTES``, parsed with libyaml, and any value YAML cannot build means the default
limits and a warning, as a missing config does.
"""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

from cli_support import invoke
from homes import make_home

from hermes_dash import load_settings, resolve_home
from hermes_dash.engine.home import MAX_CONFIG_BYTES

STAGING = "Staging runs on port 8443."


def _cli(home: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], float]:
    start = time.monotonic()
    out = invoke(*args, home=home, env={"HERMES_HOME": str(home)})
    return out, time.monotonic() - start


def test_a_5000_digit_integer_is_a_warning_and_the_defaults(tmp_path: Path) -> None:
    home = make_home(tmp_path / "home", memory=STAGING, config="memory:\n  memory_char_limit: " + "9" * 5000 + "\n")
    settings = load_settings(resolve_home(home))
    assert settings.memory_char_limit == 2200
    [warning] = settings.warnings
    assert "holds a value that cannot be read" in warning and "using the default limits" in warning
    out, _ = _cli(home, "show", "memory")
    assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr[-2000:]
    assert "cannot be read" in out.stderr and "Staging runs on port 8443." in out.stdout


def test_a_huge_list_is_refused_by_size_before_it_is_parsed(tmp_path: Path) -> None:
    items = "".join(f"  - {i % 10}\n" for i in range(99_990))
    home = make_home(tmp_path / "home", memory=STAGING, config="memory:\n  memory_char_limit: 3000\nnoise:\n" + items)
    assert (home / "config.yaml").stat().st_size > MAX_CONFIG_BYTES
    settings = load_settings(resolve_home(home))
    assert settings.memory_char_limit == 2200  # the default: the file's own 3000 was never parsed
    assert f"more than the {MAX_CONFIG_BYTES:,} bytes hermes-dash reads" in settings.warnings[0]
    out, took = _cli(home, "show", "memory")
    assert out.returncode == 0 and "Traceback" not in out.stderr and took < 10, (took, out.stderr[-1000:])


def test_a_large_but_allowed_config_is_read(tmp_path: Path) -> None:
    items = "".join(f"  - {i % 10}\n" for i in range(15_000))  # ~90 KB, under every bound
    home = make_home(tmp_path / "home", memory=STAGING, config="memory:\n  memory_char_limit: 3000\nnoise:\n" + items)
    assert (home / "config.yaml").stat().st_size < MAX_CONFIG_BYTES
    settings = load_settings(resolve_home(home))
    assert settings.memory_char_limit == 3000 and settings.warnings == ()


def test_the_pages_show_the_warning_not_an_exception(tmp_path: Path, monkeypatch) -> None:
    from app_support import open_app, texts

    home = make_home(tmp_path / "home", memory=STAGING, config="memory:\n  user_char_limit: " + "1" * 5000 + "\n")
    monkeypatch.setenv("HERMES_HOME", str(home))
    from hermes_dash import ui

    ui.clear_caches()
    try:
        at = open_app("overview")
        assert not at.exception, at.exception
        shown = " ".join(texts(at)) + " ".join(w.value for w in at.warning)
        assert "cannot be read" in shown and "Staging runs on port 8443." in shown + "".join(
            f.value.to_csv() for f in at.dataframe
        )
    finally:
        ui.clear_caches()
