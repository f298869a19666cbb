"""How well the clean-up assistant tells one fact from a look-alike: ``python -m benchmarks.cleanup_quality``.

On the labelled corpus (tests/support/cleanup_corpus.py: twelve homes of different kinds of project),
for each similarity method: precision and recall of the pairs proposed as one fact (merges
within a file and the same fact in both files), the look-alike pairs kept apart, the
contradictions surfaced, and facts-kept (the share of merged texts holding every distinctive
token of both entries). Then the model's load time in a fresh process (a figure of its own),
and the plan on the near-full homes: how many reach the threshold with what loses nothing alone.

``--split`` also chooses the method's threshold on one half of the homes and measures on the
other half (both ways): the figure a threshold tuned on the very corpus it is measured on can
not give. It measures; it does not pass or fail. ``--json PATH`` writes the figures.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
GOAL = 0.9


def corpus():  # type: ignore[no-untyped-def]
    """The labelled homes (tests/support/cleanup_corpus.py), loaded by path: tests is not a package."""
    spec = importlib.util.spec_from_file_location("cleanup_corpus", REPO / "tests" / "support" / "cleanup_corpus.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["cleanup_corpus"] = module
    spec.loader.exec_module(module)
    return module


@dataclass
class Counts:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    lookalike_merged: int = 0
    lookalikes: int = 0
    conflicts_found: int = 0
    conflicts: int = 0
    conflict_fp: int = 0
    merged_texts: int = 0
    merged_complete: int = 0

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def facts_kept(self) -> float:
        return self.merged_complete / self.merged_texts if self.merged_texts else 1.0

    def add(self, other: Counts) -> Counts:
        return Counts(*(a + b for a, b in zip(self.__dict__.values(), other.__dict__.values())))


def judge_home(home, how) -> tuple[Counts, list[str]]:  # type: ignore[no-untyped-def]
    """Counts for one home with one method, and a line per miss or false proposal."""
    from hermes_dash.curation.cleanup import facts, pairs

    memory, user = home.files()
    labels = home.pairs()
    merges_m, clash_m = pairs.within("memory", memory, how)
    merges_u, clash_u = pairs.within("user", user, how)
    cross, clash_x = pairs.across(memory, user, how)
    proposed = {frozenset((m.keep, m.drop)): m.merged for m in merges_m + merges_u}
    proposed |= {frozenset((c.memory_entry, c.user_entry)): c.merged for c in cross}
    # An entry is in at most one merge; a true pair not proposed because one of its entries
    # went into another true pair's merge is still found, as the plan would apply both.
    found = set(proposed)
    clashes = {frozenset((c.first, c.second)) for c in clash_m + clash_u + clash_x}
    counts = Counts()
    notes = []
    for pair, merged in proposed.items():
        if pair in labels["same"]:
            counts.tp += 1
        else:
            counts.fp += 1
            notes.append(f"{home.name}: proposed as one fact ({_label(pair, labels)}): " + " | ".join(sorted(pair)))
        counts.merged_texts += 1
        if not any(facts.missing(text, merged) for text in pair):
            counts.merged_complete += 1
        else:
            notes.append(f"{home.name}: merge drops {[facts.missing(t, merged) for t in pair]}")
    for pair in labels["same"] - found:
        counts.fn += 1
        notes.append(f"{home.name}: missed: " + " | ".join(sorted(pair)))
    counts.lookalikes = len(labels["differ"])
    counts.lookalike_merged = len(labels["differ"] & found)
    counts.conflicts = len(labels["conflict"])
    counts.conflicts_found = len(labels["conflict"] & clashes)
    counts.conflict_fp = len(clashes - labels["conflict"])
    for pair in labels["conflict"] - clashes:
        notes.append(f"{home.name}: contradiction not surfaced: " + " | ".join(sorted(pair)))
    for pair in clashes - labels["conflict"]:
        notes.append(f"{home.name}: surfaced as a contradiction ({_label(pair, labels)}): " + " | ".join(sorted(pair)))
    return counts, notes


def _label(pair, labels) -> str:  # type: ignore[no-untyped-def]
    return next((k for k, v in labels.items() if pair in v), "no label")


def old_method_counts(homes) -> Counts:  # type: ignore[no-untyped-def]
    """The earlier method, kept for comparison: word overlap, character ratio (hermes_dash/curation/similarity.py)."""
    from hermes_dash.curation import similarity

    total = Counts()
    for home in homes:
        memory, user = home.files()
        labels = home.pairs()
        found = set()
        for entries in (memory, user):
            found |= {
                frozenset((entries[i], entries[j])) for _s, i, j, _k in similarity.related_pairs(entries, entries, True)
            }
        found |= {frozenset((memory[i], user[j])) for _s, i, j, _k in similarity.related_pairs(memory, user, False)}
        c = Counts(
            tp=len(found & labels["same"]),
            fp=len(found - labels["same"]),
            fn=len(labels["same"] - found),
            lookalikes=len(labels["differ"]),
            lookalike_merged=len(labels["differ"] & found),
            conflicts=len(labels["conflict"]),
        )
        total = total.add(c)
    return total


def measure(homes, how) -> tuple[Counts, list[str]]:  # type: ignore[no-untyped-def]
    total, notes = Counts(), []
    for home in homes:
        c, n = judge_home(home, how)
        total = total.add(c)
        notes += n
    return total, notes


def split_figures(homes, how) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """Threshold chosen on one half of the homes (best F1), measured on the other; both ways."""
    halves = (homes[0::2], homes[1::2])
    total = Counts()
    for tune, test in (halves, halves[::-1]):
        scored = []
        for t in range(30, 85, 5):
            c, _ = measure(tune, replace(how, same_at=t / 100))
            f1 = 2 * c.precision * c.recall / (c.precision + c.recall) if c.precision + c.recall else 0
            scored.append((f1, -abs(t / 100 - how.same_at), t / 100))
        chosen = max(scored)[2]
        total = total.add(measure(test, replace(how, same_at=chosen))[0])
    return total.precision, total.recall


def load_time() -> float:
    """Seconds to load the model in a fresh process (what the first report of a process pays)."""
    code = (
        "import time; t = time.perf_counter(); from hermes_dash.curation.cleanup import meaning; "
        "m = meaning.method(); print(time.perf_counter() - t, meaning.load_seconds())"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    return float(out.stdout.split()[1])


def near_full(homes) -> list[tuple[str, int, int, bool, bool, int]]:  # type: ignore[no-untyped-def]
    """Per near-full home: (name, percent before, after the lossless steps, reaches with them
    alone, reaches with shortening too, candidates to pick to reach it)."""
    from hermes_dash import MemoryStore, resolve_home, serialise, usage
    from hermes_dash.curation import cleanup

    out = []
    with tempfile.TemporaryDirectory(prefix="hd-corpus-") as root:
        for home in homes:
            if not 0.85 <= home.fill <= 1.10:
                continue
            path = build_home(Path(root) / home.name, home, serialise, usage)
            report = cleanup.suggest(MemoryStore(resolve_home(path)))
            plan = report.plans["memory"]
            picks = 0
            chosen = plan
            for _candidate in plan.ranked:
                if chosen.reaches_goal:
                    break
                picks += 1
                chosen = plan.choose(removals=[c.entry for c in plan.ranked[:picks]])
            out.append(
                (
                    home.name,
                    int(plan.usage_before * 100 / plan.limit),
                    int((plan.lossless_usage or plan.usage_before) * 100 / plan.limit),
                    plan.lossless_reaches_goal,
                    plan.reaches_goal,
                    picks,
                )
            )
    return out


def build_home(path: Path, home, serialise, usage) -> Path:  # type: ignore[no-untyped-def]
    memory, user = home.files()
    (path / "memories").mkdir(parents=True)
    (path / "memories" / "MEMORY.md").write_text(serialise(memory), encoding="utf-8")
    (path / "memories" / "USER.md").write_text(serialise(user), encoding="utf-8")
    limit = int(usage(memory) / home.fill)
    user_limit = max(int(usage(user) / home.user_fill), usage(user) + 400)
    (path / "config.yaml").write_text(
        f"memory:\n  memory_char_limit: {limit}\n  user_char_limit: {user_limit}\n", encoding="utf-8"
    )
    return path


def bench_cleanup(plan: object) -> list:  # type: ignore[type-arg]  # benchmarks.core.Figure, imported here
    """The ``cleanup`` section of ``python -m benchmarks``: the corpus figures and the model's load."""
    from benchmarks.core import Figure
    from hermes_dash.curation.cleanup import meaning

    homes = corpus().HOMES
    counts, _ = measure(homes, meaning.method())
    old = old_method_counts(homes)
    full = near_full(homes)
    before = f"before (word overlap + character ratio): precision {old.precision:.2f}, recall {old.recall:.2f}"
    return [
        Figure("cleanup_precision", round(counts.precision, 3), "", detail=f"goal >= {GOAL}; {before}"),
        Figure("cleanup_recall", round(counts.recall, 3), "", detail=f"goal >= {GOAL}; {meaning.method().name}"),
        Figure(
            "cleanup_facts_kept",
            round(counts.facts_kept, 3),
            "",
            detail="merged texts holding every distinctive token of both entries",
        ),
        Figure(
            "cleanup_lookalikes_merged",
            counts.lookalike_merged,
            "",
            goal=0,
            detail=f"of {counts.lookalikes} look-alike pairs",
        ),
        Figure("model_load", round(load_time(), 3), "s", detail="WordLlama, offline, in a fresh process"),
        Figure(
            "cleanup_lossless_reach",
            sum(1 for r in full if r[3]),
            "",
            detail=f"of {len(full)} near-full homes reach 80% with the steps that lose nothing alone",
        ),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path)
    parser.add_argument("--split", action="store_true")
    parser.add_argument("--misses", action="store_true", help="list every miss and false proposal")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(REPO))
    from hermes_dash.curation.cleanup import meaning

    homes = corpus().HOMES
    figures: dict[str, object] = {}
    old = old_method_counts(homes)
    rows = [("before (word overlap + character ratio)", old, None)]
    t0 = time.perf_counter()
    for how in (meaning.WORDLLAMA, meaning.NGRAMS):
        counts, notes = measure(homes, how)
        rows.append((how.name, counts, notes))
    elapsed = time.perf_counter() - t0
    print(
        f"Labelled corpus: {len(homes)} homes, {old.tp + old.fn} pairs of one fact, {old.lookalikes} look-alike "
        f"pairs, {old.conflicts} contradictions. Goal: precision and recall >= {GOAL}.\n"
    )
    print(
        f"{'method':48} {'precision':>9} {'recall':>7} {'look-alikes merged':>19} {'contradictions':>15} "
        f"{'facts kept':>10}"
    )
    for name, c, _notes in rows:
        conflicts = f"{c.conflicts_found}/{c.conflicts}" + (f" +{c.conflict_fp}" if c.conflict_fp else "")
        kept = f"{c.facts_kept:.2f}" if c.merged_texts else "-"
        print(
            f"{name:48} {c.precision:9.2f} {c.recall:7.2f} {c.lookalike_merged:>12}/{c.lookalikes:<6} "
            f"{conflicts:>15} {kept:>10}"
        )
        figures[name] = {
            "precision": round(c.precision, 3),
            "recall": round(c.recall, 3),
            "lookalikes_merged": c.lookalike_merged,
            "lookalikes": c.lookalikes,
            "contradictions_found": c.conflicts_found,
            "contradictions": c.conflicts,
            "contradictions_false": c.conflict_fp,
            "facts_kept": round(c.facts_kept, 3),
        }
    print(f"(both methods judged in {elapsed:.1f} s)")
    if args.split:
        for how in (meaning.WORDLLAMA, meaning.NGRAMS):
            p, r = split_figures(homes, how)
            print(
                f"threshold tuned on half the homes, measured on the other half: {how.name}: "
                f"precision {p:.2f}, recall {r:.2f}"
            )
            figures[how.name + " (split)"] = {"precision": round(p, 3), "recall": round(r, 3)}
    seconds = load_time()
    print(f"\nmodel_load: {seconds:.2f} s to load WordLlama in a fresh process (paid once per process)")
    figures["model_load_s"] = round(seconds, 3)
    full = near_full(homes)
    lossless = sum(1 for r in full if r[3])
    reach = sum(1 for r in full if r[4])
    print(
        f"\nNear-full homes (85-110%), threshold 80%: {lossless} of {len(full)} reach it with the steps that lose "
        f"nothing alone, {reach} with shorter wording too; the rest by removals the person picks:"
    )
    for name, before, after, alone, with_short, picks in full:
        print(
            f"  {name:12} {before:4}% -> {after:3}% lossless; "
            f"{'reached' if alone else 'reached with shortening' if with_short else f'{picks} picked removals'}"
        )
    figures["near_full"] = {"homes": len(full), "lossless_reach": lossless, "with_shortening": reach}
    if args.misses:
        for name, _c, notes in rows[1:]:
            print(f"\n{name}:")
            for line in notes or ["(none)"]:
                print("  " + line)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
