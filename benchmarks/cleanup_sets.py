"""The labelled sets of Hermes homes the clean-up benchmark measures (data in tests/data/cleanup/,
one JSON file a part, read through tests/support/cleanup_corpus.py's ``load``); which are held out,
and how a set split into parts is read. See benchmarks/cleanup_quality.py for what each set is."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "data" / "cleanup"
#: Each set's parts, in order (file names under tests/data/cleanup/, without ``.json``).
SETS = {
    "dev": ("corpus", "corpus_kinds"),
    "dev2": tuple(f"devset2_{p}" for p in "abcd"),
    "dev3": ("devset3_a", "devset3_b"),
    "dev4": ("devset4_a", "devset4_b"),
    "dev5": ("devset5_a", "devset5_b"),
    "test": ("testset_code", "testset_lab", "testset_desk", "testset_craft"),
    "test2": ("testset2_a", "testset2_b"),
}
BLIND = ("test", "test2")  # loaded only when asked for by name: whoever tunes the method never loads them
HELD_OUT = BLIND  # nor are these beside another set, and their misses are never printed


def present(name: str) -> bool:
    """Whether every part of the set is on disk."""
    return all((DATA / f"{part}.json").exists() for part in SETS[name])


def _support():  # type: ignore[no-untyped-def]
    """tests/support/cleanup_corpus.py: tests is not a package, its helpers are imported by name."""
    support = str(REPO / "tests" / "support")
    if support not in sys.path:
        sys.path.append(support)
    import cleanup_corpus

    return cleanup_corpus


def agent_ran_in(hermes_home: Path, *folders: str) -> None:
    """Sessions of the agent recorded as run in ``folders`` (cleanup_corpus.agent_ran_in)."""
    _support().agent_ran_in(hermes_home, *folders)


def corpus(name: str = "dev", parts: str = "") -> SimpleNamespace:
    """A labelled set as ``.HOMES``. ``parts`` (``"ab"``): only those parts of the second
    development set (whose first half was tuned on while the second was held out)."""
    cleanup_corpus = _support()
    chosen = SETS[name]
    if name == "dev2" and parts:
        chosen = tuple(f"devset2_{p}" for p in parts)
    return SimpleNamespace(HOMES=cleanup_corpus.load(*chosen))
