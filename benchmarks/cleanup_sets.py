"""The labelled sets of Hermes homes the clean-up benchmark measures, loaded by path (tests is
not a package); which are held out, and how a set split into parts is read. See
benchmarks/cleanup_quality.py for what each set is."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SETS = {
    "dev": "cleanup_corpus.py",
    "dev2": "cleanup_devset2.py",
    "dev3": "cleanup_devset3.py",
    "dev4": "cleanup_devset4.py",
    "dev5": "cleanup_devset5.py",
    "test": "cleanup_testset.py",
    "test2": "cleanup_testset2.py",
}
BLIND = ("test", "test2")  # loaded only when asked for by name: whoever tunes the method never loads them
HELD_OUT = BLIND  # nor are these beside another set, and their misses are never printed
DEV2_PARTS = "abcd"  # the second development set's modules, cleanup_devset2_a.py ... _d.py


def _load(path: Path):  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module
    spec.loader.exec_module(module)
    return module


class _Parts:
    """Some parts of a set split into modules (``HOMES`` of each, in order)."""

    def __init__(self, modules: list) -> None:  # type: ignore[type-arg]
        self.HOMES = tuple(h for m in modules for h in m.HOMES)


def present(name: str) -> bool:
    """Whether the set is on disk (the second development set arrives a part at a time)."""
    folder = REPO / "tests" / "support"
    if name == "dev2":
        return (folder / SETS[name]).exists() or any(folder.glob("cleanup_devset2_?.py"))
    return (folder / SETS[name]).exists()


def corpus(name: str = "dev", parts: str = ""):  # type: ignore[no-untyped-def]
    """A labelled set (tests/support/...), loaded by path: tests is not a package. ``parts``
    (``"ab"``): only those modules of a set split into parts (the second development set,
    whose first half is tuned on and second half held out)."""
    path = REPO / "tests" / "support" / SETS[name]
    if name == "dev2" and (parts or not path.exists()):
        corpus("dev")
        if str(path.parent) not in sys.path:
            sys.path.append(str(path.parent))
        chosen = [path.parent / f"cleanup_devset2_{p}.py" for p in (parts or DEV2_PARTS)]
        return _Parts([_load(f) for f in chosen if f.exists()])
    if str(path.parent) not in sys.path:  # a set may be split into modules beside it
        sys.path.append(str(path.parent))
    if name != "dev" and "cleanup_corpus" not in sys.modules:
        corpus("dev")  # the other sets import the Home shape from the dev set
    return _load(path)
