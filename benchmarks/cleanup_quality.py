"""How well the clean-up assistant does, per kind: ``python -m benchmarks.cleanup_quality --set NAME``.

``NAME`` is one of dev, dev2, dev3, dev4, dev5, test, test2.

Labelled sets of Hermes homes in one shape (``Home``, tests/support/cleanup_corpus.py):

- ``dev``: tests/data/cleanup/corpus.json and corpus_kinds.json, written beside the method and tuned on;
- ``dev2``: tests/data/cleanup/devset2_*.json (parts ``_a`` to ``_d``), written blind to the method
  in other domains and styles, and tuned on (``--parts ab`` measures some parts: tune on some,
  measure the rest once first);
- ``dev3``: tests/data/cleanup/devset3_*.json, written blind, held out for two rounds, then tuned on;
- ``dev4``: tests/data/cleanup/devset4_*.json, written blind, held out for the third round
  (measured before and after it), then tuned on in the fourth;
- ``dev5``: tests/data/cleanup/devset5_*.json, written blind, measured once unseen, then tuned on;
- ``test`` and ``test2``: tests/data/cleanup/testset_*.json and testset2_*.json, written by
  people who never saw the method, measured with the final method of a round (never tuned on,
  their misses never printed: docs/cleanup.md#figures).

Per kind: recall of the pairs of one fact (paraphrase, overlap, cross-file) and the precision
of what is proposed as one fact; look-alikes kept apart; contradictions surfaced (with a change
cue and without, and whether the suggested keeper is the newer); remote paths called "not
found" (goal 0) and gone paths found, on a simulated machine where the agent runs in the home's
``folders``. Then the near-full homes end to end: how many reach 80% losing only superseded or
duplicated text, and for the rest how much live text the fewest picks remove.

``--model`` also asks the model the home in ``$HERMES_HOME`` names (benchmarks/cleanup_model.py).

``--code PATH`` measures the hermes_dash package found under PATH instead (an old copy of the
method, for the "before" column). It measures; it does not pass or fail. ``--json PATH`` writes
the figures.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from .cleanup_sets import BLIND, HELD_OUT, REPO, SETS, agent_ran_in, corpus, present  # noqa: F401  (the tests read them here)

GOAL = 0.9
SAME_KINDS = ("paraphrase", "overlap", "cross")


@dataclass
class Tally:
    found: int = 0
    total: int = 0
    false: int = 0  # proposed of this kind without such a label

    def add(self, other: Tally) -> None:
        self.found += other.found
        self.total += other.total
        self.false += other.false

    @property
    def recall(self) -> float:
        return self.found / self.total if self.total else 1.0

    @property
    def precision(self) -> float:
        return self.found / (self.found + self.false) if self.found + self.false else 1.0

    def __str__(self) -> str:
        return f"{self.found}/{self.total}" + (f" +{self.false} false" if self.false else "")


@dataclass
class Counts:
    kinds: dict[str, Tally] = field(default_factory=lambda: {k: Tally() for k in SAME_KINDS})
    lookalikes: Tally = field(default_factory=Tally)  # found = kept apart (neither merged nor called a contradiction)
    lookalike_merged: int = 0
    cued: Tally = field(default_factory=Tally)
    uncued: Tally = field(default_factory=Tally)
    conflict_false: int = 0
    keeper_right: int = 0  # cued contradictions whose suggested keeper is the newer
    keeper_wrong: int = 0
    remote: Tally = field(default_factory=Tally)  # found = called "not found" (goal 0)
    gone: Tally = field(default_factory=Tally)
    merged_texts: int = 0
    merged_complete: int = 0

    def add(self, other: Counts) -> Counts:
        for k in SAME_KINDS:
            self.kinds[k].add(other.kinds[k])
        for name in ("lookalikes", "cued", "uncued", "remote", "gone"):
            getattr(self, name).add(getattr(other, name))
        for name in ("lookalike_merged", "conflict_false", "keeper_right", "keeper_wrong"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.merged_texts += other.merged_texts
        self.merged_complete += other.merged_complete
        return self

    @property
    def tp(self) -> int:
        return sum(t.found for t in self.kinds.values())

    @property
    def fn(self) -> int:
        return sum(t.total - t.found for t in self.kinds.values())

    @property
    def fp(self) -> int:
        return sum(t.false for t in self.kinds.values())

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def conflicts(self) -> Tally:
        t = Tally()
        t.add(self.cued)
        t.add(self.uncued)
        t.false = self.conflict_false
        return t

    @property
    def facts_kept(self) -> float:
        return self.merged_complete / self.merged_texts if self.merged_texts else 1.0

    def figures(self) -> dict[str, object]:
        out: dict[str, object] = {
            "precision": round(self.precision, 3),
            "recall": round(self.recall, 3),
            "facts_kept": round(self.facts_kept, 3),
        }
        for k, t in self.kinds.items():
            out[k] = {"found": t.found, "of": t.total, "false": t.false}
        out["lookalikes_kept_apart"] = {"kept": self.lookalikes.found, "of": self.lookalikes.total}
        c = self.conflicts
        out["contradictions"] = {
            "found": c.found,
            "of": c.total,
            "false": c.false,
            "cued": str(self.cued),
            "uncued": str(self.uncued),
            "keeper_right": self.keeper_right,
            "keeper_wrong": self.keeper_wrong,
        }
        out["remote_called_stale"] = {"called": self.remote.found, "of": self.remote.total}
        out["gone_found"] = {"found": self.gone.found, "of": self.gone.total}
        return out


def _user_home(home) -> str:  # type: ignore[no-untyped-def]
    """The agent's user's home on the simulated machine: the ``/home/<name>`` (or ``/Users/<name>``)
    the home's entries name most, when its folders are written with ``~``; else this process's ``~``."""
    from collections import Counter

    named = Counter(
        m.group(0) for entry in home.files()[0] for m in re.finditer(r"(?<![\w/.~-])/(?:home|Users)/[\w.-]+", entry)
    )
    if named and all(f.startswith("~") for f in home.folders):
        return named.most_common(1)[0][0]
    return os.path.expanduser("~")


def _machine(home):  # type: ignore[no-untyped-def]
    """(exists, where): a machine where the agent runs in ``home.folders`` (``~`` its user's home)
    and nothing else of theirs exists; the top folders this machine has (``/etc``, ``/srv``, ...)
    and the folders above the agent's exist."""
    from hermes_dash.curation.cleanup import staleness

    user_home = _user_home(home)

    def full(path: str) -> str:
        return os.path.normpath(user_home + path[1:] if path.startswith("~") else path)

    folders = [full(f) for f in home.folders] or [user_home]
    gone = {full(p) for entry in home.gone for p in staleness.local_paths(entry)}

    def exists(path: str) -> bool:
        p = os.path.normpath(path)
        if p == "/" or user_home == p or user_home.startswith(p + "/") or (p.count("/") == 1 and os.path.isdir(p)):
            return True
        if any(f == p or f.startswith(p + "/") for f in folders):
            return True
        # inside a working folder: there, unless a gone entry names it (or a folder above it)
        return any(p.startswith(f + "/") for f in folders) and not any(p == g or p.startswith(g + "/") for g in gone)

    try:
        from hermes_dash.curation.cleanup.whereabouts import Where
    except ImportError:  # an older method: no notion of where the agent runs
        return exists, None
    return exists, Where(user_home, tuple(home.folders) or ("~",), tuple(home.folders) or ("~",))


def stale_entries(home) -> set[str]:  # type: ignore[no-untyped-def]
    """The MEMORY.md entries called "not found" on the simulated machine."""
    from hermes_dash.curation.cleanup import staleness

    memory, _user = home.files()
    exists, place = _machine(home)
    if "where" in inspect.signature(staleness.check).parameters:
        hints = staleness.check(memory, exists, where=place)[1]
    else:
        hints = staleness.check(memory, exists)[1]
    return {h.entry for h in hints}


def judge_home(home, how) -> tuple[Counts, list[str]]:  # type: ignore[no-untyped-def]
    """Counts for one home with one method, and a line per miss or false proposal."""
    from hermes_dash.curation.cleanup import facts, pairs

    memory, user = home.files()
    merges_m, clash_m = pairs.within("memory", memory, how)
    merges_u, clash_u = pairs.within("user", user, how)
    cross, clash_x = pairs.across(memory, user, how)
    proposed = {frozenset((m.keep, m.drop)): (m.merged, m.kind) for m in merges_m + merges_u}
    proposed |= {frozenset((c.memory_entry, c.user_entry)): (c.merged, "cross") for c in cross}
    same = {frozenset((a, b)): kind for kind, _w, a, b in home.same}
    differ = {frozenset((a, b)) for _w, a, b in home.differ}
    cued = {frozenset((a, b)): b for _w, a, b in home.conflict}
    uncued = {frozenset((a, b)) for _w, a, b in home.conflict_uncued}
    clashes = {frozenset((c.first, c.second)): c for c in clash_m + clash_u + clash_x}
    counts, notes = Counts(), []
    for kind, _w, _a, _b in home.same:
        counts.kinds[kind].total += 1
    for pair, (merged, kind) in proposed.items():
        if pair in same:
            counts.kinds[same[pair]].found += 1
        else:
            counts.kinds["cross" if kind == "cross" else "overlap" if kind == "overlap" else "paraphrase"].false += 1
            notes.append(f"{home.name}: proposed as one fact ({_label(pair, home)}): " + " | ".join(sorted(pair)))
        counts.merged_texts += 1
        if not any(facts.missing(text, merged) for text in pair):
            counts.merged_complete += 1
        else:
            notes.append(f"{home.name}: merge drops {[facts.missing(t, merged) for t in pair]}")
    for pair in set(same) - set(proposed):
        notes.append(f"{home.name}: missed ({same[pair]}): " + " | ".join(sorted(pair)))
    counts.lookalikes.total = len(differ)
    counts.lookalikes.found = len(differ - set(proposed) - set(clashes))
    counts.lookalike_merged = len(differ & set(proposed))
    counts.cued.total, counts.uncued.total = len(cued), len(uncued)
    counts.cued.found = len(set(cued) & set(clashes))
    counts.uncued.found = len(uncued & set(clashes))
    counts.conflict_false = len(set(clashes) - set(cued) - uncued)
    for pair, newer in cued.items():
        found = clashes.get(pair)
        if found is not None and getattr(found, "newer", None) is not None:
            right = found.entry(found.newer)[1] == newer
            counts.keeper_right += right
            counts.keeper_wrong += not right
            if not right:
                notes.append(f"{home.name}: keeper is the older: {found.entry(found.newer)[1]}")
    for pair in (set(cued) | uncued) - set(clashes):
        notes.append(f"{home.name}: contradiction not surfaced: " + " | ".join(sorted(pair)))
    for pair in set(clashes) - set(cued) - uncued:
        notes.append(f"{home.name}: surfaced as a contradiction ({_label(pair, home)}): " + " | ".join(sorted(pair)))
    stale = stale_entries(home)
    counts.remote.total, counts.gone.total = len(home.remote), len(home.gone)
    counts.remote.found = len(set(home.remote) & stale)
    counts.gone.found = len(set(home.gone) & stale)
    notes += [f"{home.name}: remote path called not found: {e}" for e in home.remote if e in stale]
    notes += [f"{home.name}: gone path not found: {e}" for e in home.gone if e not in stale]
    return counts, notes


def _label(pair, home) -> str:  # type: ignore[no-untyped-def]
    for name, pairs in home.pairs().items():
        if pair in pairs:
            return name
    return "no label"


def measure(homes, how) -> tuple[Counts, list[str]]:  # type: ignore[no-untyped-def]
    total, notes = Counts(), []
    for home in homes:
        c, n = judge_home(home, how)
        total.add(c)
        notes += n
    return total, notes


def build_home(path: Path, home, serialise, usage, sessions: bool = True) -> Path:  # type: ignore[no-untyped-def]
    """The home on disk as ``path/.hermes``: its files, limits from its fill, its folders under
    ``~`` made under ``path`` (the agent's user's home), and (``sessions``) a state.db whose
    sessions ran in them."""
    memory, user = home.files()
    root = path / ".hermes"
    (root / "memories").mkdir(parents=True)
    (root / "memories" / "MEMORY.md").write_text(serialise(memory), encoding="utf-8")
    (root / "memories" / "USER.md").write_text(serialise(user), encoding="utf-8")
    limit = int(usage(memory) / home.fill)
    user_limit = max(int(usage(user) / home.user_fill), usage(user) + 400)
    (root / "config.yaml").write_text(
        f"memory:\n  memory_char_limit: {limit}\n  user_char_limit: {user_limit}\n", encoding="utf-8"
    )
    folders = [f for f in home.folders if f.startswith("~/")] or ["~"]
    for f in folders:
        (path / f[2:]).mkdir(parents=True, exist_ok=True)
    _live_paths(path, home, memory)
    if sessions:
        agent_ran_in(root, *(str(path / f[2:]) for f in folders))
    return root


def _live_paths(path: Path, home, memory: list[str]) -> None:  # type: ignore[no-untyped-def]
    """What the simulated machine holds on disk: each ``~`` path a live entry names (not a gone or
    a remote one) inside a working folder, and the relative ones inside the project folder."""
    from hermes_dash.curation.cleanup import staleness

    project = staleness.project_folder(memory)
    folders = [path / f[2:] for f in home.folders if f.startswith("~/")]
    for entry in memory:
        if entry in home.gone or entry in home.remote:
            continue
        named = [path / p[2:] for p in staleness.local_paths(entry) if p.startswith("~/")]
        if project and project.startswith("~/"):
            named += [path / project[2:] / p for p in staleness.relative_paths(entry) if not p.startswith(("~", "/"))]
        for p in named:
            if any(p == f or f in p.parents for f in folders):
                p.mkdir(parents=True, exist_ok=True)


def _stale_labels(home) -> set[str]:  # type: ignore[no-untyped-def]
    """Entries whose removal loses no live fact, by the labels: the older side of a contradiction
    with a cue, the shorter of two entries stating one fact, an entry naming a gone path."""
    out = {a for _w, a, _b in home.conflict} | set(home.gone)
    out |= {min(a, b, key=len) for kind, w, a, b in home.same if kind != "cross"}
    return out


def near_full(homes) -> list[tuple[str, int, int, str, int]]:  # type: ignore[no-untyped-def]
    """Per home above 85%: (name, percent before, after what loses nothing, how it reaches 80%,
    live characters removed when the ranked candidates are taken in order). How: "lossless",
    "repeats" (removing only superseded, duplicated or gone entries, by the labels), "live" (live
    text must go too), "no plan"."""
    from hermes_dash import MemoryStore, resolve_home
    from hermes_dash.curation import cleanup
    from hermes_dash.engine.rules.format import serialise, usage
    from tests.support.cleanup_support import pick_until_goal

    out = []
    with tempfile.TemporaryDirectory(prefix="hd-corpus-") as root:
        for home in homes:
            if home.fill < 0.85:
                continue
            path = build_home(Path(root) / home.name, home, serialise, usage)
            plan = cleanup.suggest(MemoryStore(resolve_home(path))).plans.get("memory")
            if plan is None:
                out.append((home.name, int(home.fill * 100), int(home.fill * 100), "no plan", 0))
                continue
            stale = _stale_labels(home)
            chosen, picks = pick_until_goal(plan)
            live = sum(len(entry) for entry in picks if entry not in stale)
            how = "lossless" if plan.reaches_goal else "repeats" if chosen.reaches_goal and not live else "live"
            out.append(
                (
                    home.name,
                    int(plan.usage_before * 100 / plan.limit),
                    int((plan.lossless_usage or plan.usage_before) * 100 / plan.limit),
                    how,
                    live,
                )
            )
    return out


def bench_cleanup(plan: object) -> list:  # type: ignore[type-arg]  # benchmarks.core.Figure, imported here
    """The ``cleanup`` section of ``python -m benchmarks``: the development set's figures."""
    from benchmarks.core import Figure
    from hermes_dash.curation.cleanup import meaning

    homes = corpus("dev").HOMES
    counts, _ = measure(homes, meaning.method())
    full = near_full(homes)
    c = counts.conflicts
    return [
        Figure(
            "cleanup_precision", round(counts.precision, 3), "", detail=f"goal >= {GOAL}; dev set, {len(homes)} homes"
        ),
        Figure("cleanup_recall", round(counts.recall, 3), "", detail=f"goal >= {GOAL}; {meaning.method().name}"),
        Figure("cleanup_contradictions", c.found, "", detail=f"of {c.total}, {c.false} false"),
        Figure("cleanup_remote_called_stale", counts.remote.found, "", goal=0, detail=f"of {counts.remote.total}"),
        Figure(
            "cleanup_near_full_without_live_loss",
            sum(1 for r in full if r[3] in ("lossless", "repeats")),
            "",
            detail=f"of {len(full)} homes above 85% reach 80% losing only superseded or duplicated text",
        ),
    ]


def report(name: str, homes, counts: Counts, full, sizes: str) -> list[str]:  # type: ignore[no-untyped-def]
    lines = [f"{name} set: {sizes}", ""]
    lines.append(f"  one fact, all kinds: precision {counts.precision:.2f}, recall {counts.recall:.2f}")
    for k, t in counts.kinds.items():
        lines.append(f"  {k:22} found {t.found:3}/{t.total:<3} recall {t.recall:.2f}  false {t.false}")
    lines.append(f"  {'look-alikes kept apart':22} {counts.lookalikes.found}/{counts.lookalikes.total}")
    c = counts.conflicts
    lines.append(
        f"  {'contradictions':22} found {c.found}/{c.total} (cued {counts.cued}, uncued {counts.uncued}), "
        f"false {c.false}, precision {c.precision:.2f}; keeper is the newer {counts.keeper_right} of "
        f"{counts.keeper_right + counts.keeper_wrong} with a keeper"
    )
    lines.append(f"  {'remote called stale':22} {counts.remote.found}/{counts.remote.total}")
    lines.append(f"  {'gone paths found':22} {counts.gone.found}/{counts.gone.total}")
    lines.append(f"  {'facts kept by merges':22} {counts.facts_kept:.2f}")
    reach = sum(1 for r in full if r[3] in ("lossless", "repeats"))
    lines.append(f"\n  homes above 85%: {reach} of {len(full)} reach 80% losing only superseded or duplicated text")
    for home, before, after, how, live in full:
        lines.append(
            f"    {home:14} {before:4}% -> {after:3}% lossless; {how}" + (f", {live} live chars" if live else "")
        )
    return lines


def sizes_of(homes) -> str:  # type: ignore[no-untyped-def]
    same = sum(len(h.same) for h in homes)
    return (
        f"{len(homes)} homes, {same} pairs of one fact, {sum(len(h.differ) for h in homes)} look-alikes, "
        f"{sum(len(h.conflict) + len(h.conflict_uncued) for h in homes)} contradictions "
        f"({sum(len(h.conflict_uncued) for h in homes)} without a cue), {sum(len(h.remote) for h in homes)} remote "
        f"and {sum(len(h.gone) for h in homes)} gone paths"
    )


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--model" in argv:  # the agent's own model, beside the local method (benchmarks/cleanup_model.py)
        from . import cleanup_model

        main([a for a in argv if a != "--model"])
        return cleanup_model.main(argv)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=sorted(SETS), default="dev")
    parser.add_argument("--parts", default="", help="dev2 only: the parts to measure (ab, cd, ...)")
    parser.add_argument("--code", type=Path, help="measure the hermes_dash package under this folder")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--misses", action="store_true", help="list every miss and false proposal")
    args = parser.parse_args(argv)
    if args.misses and args.set in HELD_OUT:
        parser.error(f"--misses is refused on {args.set}: a held-out set's misses are never printed")
    sys.path.insert(0, str(args.code.resolve() if args.code else REPO))
    for mod in [m for m in sys.modules if m == "hermes_dash" or m.startswith("hermes_dash.")]:
        del sys.modules[mod]
    from hermes_dash.curation.cleanup import meaning

    homes = corpus(args.set, args.parts).HOMES
    # The blind set is loaded only when it is the one measured, never to print its size beside another.
    sizes = {name: sizes_of(corpus(name).HOMES) for name in SETS if present(name) and name not in (*HELD_OUT, args.set)}
    sizes[args.set] = sizes_of(homes)
    counts, notes = measure(homes, meaning.method())
    full = near_full(homes)
    print("\n".join(report(args.set, homes, counts, full, sizes[args.set])))
    print("\nsets: " + "; ".join(f"{k}: {v}" for k, v in sizes.items()))
    if args.misses:
        print("\n" + "\n".join(notes or ["(no miss)"]))
    if args.json:
        figures = counts.figures() | {"sizes": sizes, "near_full": full}
        args.json.write_text(json.dumps(figures, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
