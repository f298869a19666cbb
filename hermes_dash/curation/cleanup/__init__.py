"""The clean-up assistant: near-duplicates by meaning, contradictions, hints, a plan to free room.

One concern per module (docs/cleanup.md):

==============  =================================================================================
``model``       the findings and the plan as plain data
``meaning``     similarity of meaning (WordLlama, offline; character n-grams without it)
``facts``       distinctive tokens, and the verdict: same fact, look-alike or contradiction
``pairs``       alike pairs judged: merges, the same fact in both files, contradictions
``text``        merged and shorter wordings that keep every distinctive token; word diffs
``placement``   which file an entry reads as belonging in
``values``      the values an entry gives, by kind (ports, versions, quantities, times, counts)
``roles``       who or what does a thing: a proper name in a role word's slot, a value too
``subjects``    the signs of one subject or two (a qualifier, a label, a word swapped)
``rarity``      evidence of one subject from the home: a word only the two entries use
``contradictions`` one subject, two values: by subject and value, not by template
``whereabouts`` where the agent runs (its sessions' folders) and entries naming another machine
``staleness``   paths not found where the agent runs (hints, never removals)
``planner``     the plan: what loses nothing, then shorter wording, then ranked candidates
``apply``       every write, through the engine's MemoryStore
``model_review`` the agent's own model asked to review the files; every finding checked
``model_checks`` the checks a model's proposal passes before it is shown as verified
``model_staged`` the Inbox's question to that model: does a staged write repeat or contradict an entry
``model_call``  the one call, made by the agent in a child process of its own interpreter
==============  =================================================================================

Nothing here reaches the network, and the local method runs no command; the only look at the
outside world is ``os.path.exists`` on paths MEMORY.md names, when the agent's sessions say it
runs here. The one exception is asked for by the person: ``model_call`` starts the home's agent
to ask its model (docs/cleanup.md#the-agents-model).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from hermes_dash import FileState, MemoryStore, TwoFileResult
from hermes_dash.engine.invocation import printed_command
from hermes_dash.engine.rules.format import TARGETS
from hermes_dash.engine.views.humanize import n_entries

from .. import normalize
from . import meaning, model_review, model_staged
from .apply import apply_merges, apply_plan, move, resolve_contradiction, resolve_cross
from .dates import PastDate, past_date
from .facts import tokens as distinctive_tokens
from .model import (
    AGAINST,
    EVIDENCE_ORDER,
    Candidate,
    Contradiction,
    CrossOverlap,
    Merge,
    PathCheck,
    PlacementHint,
    Plan,
    PlanStep,
    Report,
    StaleFact,
    StaleHint,
    other,
)
from .pairs import across, within
from .placement import cues, placement_hints, placement_of
from .planner import DEFAULT_THRESHOLD, plan
from .staleness import check as check_staleness
from .staleness import check_paths, local_paths, relative_paths, stale_facts
from .text import merge_text, shorten, word_diff
from .whereabouts import Where, where


def merges_in(target: str, entries: Sequence[str]) -> list[Merge]:
    """Pairs in one file that state one fact, each entry in at most one proposal, best first."""
    return within(target, entries)[0]


def cross_overlaps(memory: Sequence[str], user: Sequence[str]) -> list[CrossOverlap]:
    return across(memory, user)[0]


def _plans(
    store: MemoryStore,
    files: dict[str, FileState],
    targets: Sequence[str],
    threshold: int,
    *,
    merges: list[Merge],
    stale: list[StaleHint],
    hints: list[PlacementHint],
    cross: list[CrossOverlap],
    conflicts: list[Contradiction],
) -> tuple[dict[str, Plan], dict[str, str]]:
    """A plan for each file over ``threshold`` percent of its limit, and a note instead for a
    file that cannot be changed safely or is written by hand."""
    plans: dict[str, Plan] = {}
    notes: dict[str, str] = {}
    by_hand: dict[str, bool] = {}

    def hand_written(t: str) -> bool:
        if t not in by_hand:
            by_hand[t] = normalize.looks_hand_written(store, t)
        return by_hand[t]

    for t in targets:
        state = files[t]
        if state.error:
            notes[t] = f"{state.filename} cannot be changed safely: {state.error}"
        elif hand_written(t):
            notes[t] = (
                f"{state.filename} is written by hand (headings or bullets, no §): the agent sees it as "
                f"{n_entries(len(state.entries))}. Normalise it "
                f"first (`{printed_command('normalize', t)}`), then ask again for merges and a plan."
            )
        elif state.usage * 100 > state.limit * threshold:
            there = files[other(t)]
            open_there = not (there.error or there.drift or hand_written(there.target))
            plans[t] = plan(
                t,
                state.entries,
                state.limit,
                threshold,
                merges=[m for m in merges if m.target == t],
                stale=stale if t == "memory" else (),
                moves=hints,
                cross=cross,
                other_entries=there.entries,
                other_limit=there.limit if open_there else None,
                contradictions=conflicts,
            )
    return plans, notes


def suggest(
    store: MemoryStore,
    threshold: int = DEFAULT_THRESHOLD,
    targets: Sequence[str] = TARGETS,
    progress: Callable[[float, str], object] | None = None,
) -> Report:
    """Everything the assistant suggests for ``store``'s home. ``progress(done, what)`` (``done``
    from 0 to 1) is told as it goes: a file of thousands of entries takes seconds."""
    tell = progress or (lambda done, what: None)
    timings: dict[str, float] = {}
    started = time.perf_counter()
    tell(0.0, "Reading both files")
    files = {t: store.read(t) for t in TARGETS}
    memory, user = files["memory"].entries, files["user"].entries
    tell(0.02, "Loading the similarity model")
    how = meaning.method()
    timings["model_load"] = meaning.load_seconds()
    merges: list[Merge] = []
    conflicts: list[Contradiction] = []
    for n, t in enumerate(targets):
        base, what = 0.05 + 0.35 * n, f"Comparing entries in {files[t].filename} ({n_entries(len(files[t].entries))})"
        tell(base, what)

        def step(done: float, b: float = base, w: str = what) -> None:
            tell(b + 0.3 * done, w)

        found, clash = within(t, files[t].entries, how, step)
        merges += found
        conflicts += clash
    tell(0.75, "Comparing the two files")
    cross, clash = across(memory, user, how)
    conflicts += clash
    tell(0.85, "Looking for misplaced entries and paths not found on this machine")
    hints = placement_hints(memory, user)
    placement = [h for h in hints if h.target in targets]
    place = where(store.home.path, store.home.state_db)
    paths, stale = check_staleness(memory, where=place) if "memory" in targets else (PathCheck(), [])
    tell(0.9, "Making a plan")
    plans, notes = _plans(
        store, files, targets, threshold, merges=merges, stale=stale, hints=hints, cross=cross, conflicts=conflicts
    )
    timings["total"] = time.perf_counter() - started
    tell(1.0, "Done")
    return Report(
        files,
        tuple(merges),
        tuple(cross),
        tuple(placement),
        tuple(stale),
        plans,
        notes,
        paths,
        tuple(conflicts),
        how.name,
        timings,
    )


__all__ = [
    "DEFAULT_THRESHOLD",
    "AGAINST",
    "Candidate",
    "EVIDENCE_ORDER",
    "PastDate",
    "past_date",
    "Contradiction",
    "CrossOverlap",
    "Merge",
    "PathCheck",
    "PlacementHint",
    "Plan",
    "PlanStep",
    "Report",
    "StaleFact",
    "StaleHint",
    "TwoFileResult",
    "Where",
    "apply_merges",
    "apply_plan",
    "check_paths",
    "cross_overlaps",
    "cues",
    "distinctive_tokens",
    "local_paths",
    "merge_text",
    "merges_in",
    "model_review",
    "model_staged",
    "move",
    "placement_hints",
    "placement_of",
    "plan",
    "relative_paths",
    "resolve_contradiction",
    "resolve_cross",
    "shorten",
    "stale_facts",
    "suggest",
    "where",
    "word_diff",
]
