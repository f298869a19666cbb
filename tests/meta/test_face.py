"""The engine face is written once: each engine module's ``__all__``. ``scripts/face.py``
gathers them into ``hermes_dash/_face.py``; these tests fail when that file is stale."""

from __future__ import annotations

import importlib
import importlib.util
import subprocess
import sys
from pathlib import Path

from repo import ROOT

import hermes_dash

_spec = importlib.util.spec_from_file_location("face_script", ROOT / "scripts" / "face.py")
assert _spec and _spec.loader
face = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(face)


def test_the_generated_table_is_what_the_modules_export() -> None:
    assert (ROOT / "hermes_dash" / "_face.py").read_text(encoding="utf-8") == face.render(face.table()), (
        f"hermes_dash/_face.py is stale: run `{face.COMMAND}`"
    )


def test_every_public_name_loads_from_the_module_that_lists_it() -> None:
    assert hermes_dash.__all__ == sorted(hermes_dash._MODULE_OF)
    for name, module in hermes_dash._MODULE_OF.items():
        assert getattr(hermes_dash, name) is getattr(importlib.import_module(f"hermes_dash.{module}"), name)
    assert "create_demo_home" not in hermes_dash.__all__  # the demo is a user of the face


def test_the_check_fails_on_a_new_name_until_regenerated(tmp_path: Path) -> None:
    """A name added to a module's __all__ is missing from the table until the script runs."""
    engine = tmp_path / "engine"
    (engine / "rules").mkdir(parents=True)
    (engine / "rules" / "format.py").write_text('__all__ = ["parse"]\n', encoding="utf-8")
    before = face.render(face.table(engine))
    (engine / "rules" / "format.py").write_text('__all__ = ["parse", "serialise"]\n', encoding="utf-8")
    after = face.render(face.table(engine))
    assert before != after and '"serialise": "engine.rules.format"' in after
    (engine / "text.py").write_text('__all__ = ["parse"]\n', encoding="utf-8")
    try:
        face.table(engine)
    except SystemExit as refused:
        assert "both engine.rules.format and engine.text" in str(refused)
    else:
        raise AssertionError("a name in two modules' __all__ was accepted")


def test_the_script_checks_the_committed_file() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "face.py"), "--check"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
