"""A labelled corpus for the clean-up assistant: twelve Hermes homes of different kinds of project.

Each home is what a person's MEMORY.md and USER.md look like after months of an agent writing
to them: facts stated twice in other words (``same``), entries that look alike but state
different facts (``differ``: another environment, port, service, version), and pairs that state
conflicting values for one subject (``conflict``: for a person to resolve). Every other entry is
a plain fact with no partner. The pairs were written as people and agents write, before the
method was chosen; the benchmark (benchmarks/cleanup_quality.py) and tests read them.

``same`` kinds: ``paraphrase`` (one fact in other words and order), ``overlap`` (one entry says
what the other says and more), ``cross`` (the same fact in MEMORY.md and USER.md: a is in
MEMORY.md, b in USER.md). The other labels name the file (``m`` or ``u``) of both entries.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class Home:
    name: str
    kind: str
    memory: tuple[str, ...]  # the entries with no partner
    user: tuple[str, ...]
    same: tuple[tuple[str, str, str, str], ...] = ()  # (kind, file, a, b); file "m", "u" or "mu" (cross)
    differ: tuple[tuple[str, str, str], ...] = ()  # (file, a, b)
    conflict: tuple[tuple[str, str, str], ...] = ()  # (file, a, b): b is the newer value (it carries a change cue)
    conflict_uncued: tuple[tuple[str, str, str], ...] = ()  # (file, a, b): neither says which is newer
    remote: tuple[str, ...] = ()  # MEMORY.md entries naming a path on another host, server, container or device
    gone: tuple[str, ...] = ()  # MEMORY.md entries naming a local path that no longer exists (not in folders)
    fill: float = 0.9  # MEMORY.md's usage over its limit: the limit is usage / fill
    user_fill: float = 0.7
    folders: tuple[str, ...] = field(default=())  # project folders that exist on "this machine" (made by tests)

    def files(self) -> tuple[list[str], list[str]]:
        """(MEMORY.md entries, USER.md entries): the plain ones with each pair's entries spread
        among them (a pair's two entries are never side by side, as in a real file)."""
        mem, usr = list(self.memory) + list(self.remote) + list(self.gone), list(self.user)
        extra_m: list[str] = []
        extra_u: list[str] = []
        for _kind, where, a, b in self.same:
            if where == "mu":
                extra_m.append(a)
                extra_u.append(b)
            else:
                (extra_m if where == "m" else extra_u).extend((a, b))
        for where, a, b in self.differ + self.conflict + self.conflict_uncued:
            (extra_m if where == "m" else extra_u).extend((a, b))
        return _spread(mem, extra_m), _spread(usr, extra_u)

    def pairs(self) -> dict[str, set[frozenset[str]]]:
        """label -> the labelled pairs, each a frozenset of its two texts."""
        return {
            "same": {frozenset((a, b)) for _k, _w, a, b in self.same},
            "differ": {frozenset((a, b)) for _w, a, b in self.differ},
            "conflict": {frozenset((a, b)) for _w, a, b in self.conflict + self.conflict_uncued},
        }


def _spread(plain: list[str], paired: list[str]) -> list[str]:
    """Pair entries interleaved with plain ones: first halves early, second halves late."""
    firsts, seconds = paired[0::2], paired[1::2]
    out = list(plain)
    step = max(1, len(out) // max(1, len(firsts)))
    for n, text in enumerate(firsts):
        out.insert(min(len(out), n * (step + 1)), text)
    for n, text in enumerate(seconds):
        out.insert(min(len(out), len(out) // 2 + n * 2 + 1), text)
    return list(dict.fromkeys(out))


#: The labelled homes, as data (one JSON file a part, written by the person who wrote that part):
#: tests/data/cleanup/README.md says who wrote each set and how it may be used.
DATA = Path(__file__).resolve().parent.parent / "data" / "cleanup"


def _tuples(value: object) -> object:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def load(*parts: str) -> tuple[Home, ...]:
    """The homes of ``parts`` (file names under tests/data/cleanup/, without ``.json``), in order."""
    homes = []
    for part in parts:
        data = json.loads((DATA / f"{part}.json").read_text(encoding="utf-8"))
        homes += [Home(**{k: _tuples(v) for k, v in home.items()}) for home in data["homes"]]
    return tuple(homes)


#: The development set: 12 homes written beside the method, and 9 written to the kinds that
#: independent homes showed missed.
HOMES = load("corpus", "corpus_kinds")


def agent_ran_in(hermes_home, *folders: str) -> None:  # type: ignore[no-untyped-def]
    """Record in ``hermes_home/state.db`` sessions whose working folder (``cwd``) is each of
    ``folders``: the column the agent's own ``sessions`` table keeps (hermes_state.py), and the
    only one the clean-up reads to learn where the agent runs."""
    import sqlite3

    db = Path(hermes_home) / "state.db"
    conn = sqlite3.connect(db)
    try:
        conn.execute(
            "CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, source TEXT, started_at REAL, cwd TEXT)"
        )
        start = conn.execute("SELECT count(*) FROM sessions").fetchone()[0]
        conn.executemany(
            "INSERT INTO sessions VALUES (?, 'cli', ?, ?)",
            [(f"s{start + n}", 1.7e9 + start + n, str(f)) for n, f in enumerate(folders)],
        )
        conn.commit()
    finally:
        conn.close()
