"""A Hermes home with the files a test names: the one builder of every test's (and benchmark's)
home. The ``home`` fixture (tests/conftest.py) builds one with it from a ``@pytest.mark.home``.

No pytest import and no bare-name import: ``python -m benchmarks`` uses this module too (as
``tests.support.homes``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from hermes_dash.engine.rules.format import DELIMITER

Text = str | bytes | Sequence[str]


def _data(text: Text) -> bytes:
    if isinstance(text, bytes):
        return text
    return (text if isinstance(text, str) else DELIMITER.join(text)).encode("utf-8")


def make_home(
    root: Path,
    *,
    memory: Text | None = None,
    user: Text | None = None,
    config: str | None = None,
    files: Mapping[str, Text] | None = None,
) -> Path:
    """``root`` with ``memories/`` and what is named: MEMORY.md and USER.md (a list of entries is
    joined with the § delimiter, text and bytes are written as they are), config.yaml, and any
    other ``files`` by their path under ``root``."""
    (root / "memories").mkdir(parents=True, exist_ok=True)
    named = {"memories/MEMORY.md": memory, "memories/USER.md": user, "config.yaml": config, **(files or {})}
    for name, text in named.items():
        if text is not None:
            path = root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(_data(text))
    return root
