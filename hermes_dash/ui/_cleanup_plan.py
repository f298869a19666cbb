"""The Cleanup page's plan: the steps that lose nothing, shorter wording, and the entries the
person may pick to remove, with the gauge and the one Review button on top.

Every figure follows the boxes ticked: the characters still to free, each candidate's "after %"
(the usage with every ticked box, and this one too), the gauge and the goal line.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from functools import partial

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from hermes_dash.curation import cleanup
from hermes_dash.curation.cleanup.model_checks import Finding
from hermes_dash.curation.cleanup.model_review import Review
from hermes_dash.engine.rules.format import FILENAMES, TARGETS, percent, usage
from hermes_dash.engine.rules.targets import Target
from hermes_dash.engine.views.humanize import n_of

from ._cleanup_model import home_of, model_step
from ._cleanup_review import Change, Page, ask, entry, first, key_of, show_diff
from ._tables import long_text_area
from ._widgets import gauge_after, lit

LOCAL = "the local rules"  # the source a step of the plan names when it is not the model's
PICK_STEPS_MAX = 200  # a longer plan (a file of thousands of entries) is applied whole, not step by step
KIND_TITLE = {"merge": "Merge · loses nothing", "move": "Move · loses nothing", "shorten": "Shorten · same facts"}
SHOWN_OPEN = 2  # removal candidates shown open at least (all with evidence against them are); the rest fold
FOLD_SCROLLS_AFTER = 6  # more entries than this in the fold scroll inside a box of FOLD_HEIGHT px
FOLD_HEIGHT = 420
AGAINST = cleanup.AGAINST  # evidence against an entry: these candidates are shown open
LABEL_WORDS = 160  # an entry this long is said whole in its checkbox's label; a longer one is cut there, shown below


def plan_step(target: str, n: int, step: cleanup.PlanStep, pk: str) -> tuple[bool, str | None]:
    """One proposed step: what changes, word by word; the full texts and the edit box fold away.
    Returns (included, edited text)."""
    other = Target.of(target).other.filename
    with st.container(border=True, key=f"cu_plan_step_{pk}_{n}"):
        include = st.checkbox(
            f"Step {n} · {KIND_TITLE.get(step.kind, step.kind)} · after it: {step.percent_after}% · from {LOCAL}",
            value=True,
            key=f"cu_plan_pick_{pk}_{n}",
        )
        st.text(f"Why: {step.reason}")
        text = None
        if step.result is not None:
            for e in step.entries:
                if e != step.result:
                    show_diff(e, step.result)
            where = other if step.other and step.kind == "merge" else FILENAMES[target]
            with st.expander("The entries in full, and the text to edit"):
                for e in step.entries:
                    st.caption(
                        "Now in the file; its text stays as it is and holds what the other says"
                        if e == step.result
                        else "Now in the file"
                    )
                    entry(e)
                text = long_text_area(
                    f"Becomes (in {where}; edit freely)", step.result, key=f"cu_plan_text_{pk}_{n}", height=90
                )
        else:
            for e in step.entries:
                st.caption(f"Moves to {other}")
                entry(e)
    return include, text


def _rm_key(pk: str, cand: cleanup.Candidate) -> str:
    return f"cu_plan_rm_{pk}_{key_of(cand.entry)}"


def removals_of(plan: cleanup.Plan, pk: str, steps_usage: int) -> list[str]:
    """The ranked candidates: those with evidence against them open, the rest folded; the entries
    picked, in rank order. The boxes ticked are known before any is drawn (session state), so
    the characters still to free and each box's "after %" count every tick, above it or below."""
    ranked = list(plan.ranked)
    ticked = {c.entry for c in ranked if st.session_state.get(_rm_key(pk, c))}
    after_all = steps_usage - sum(c.freed for c in ranked if c.entry in ticked)
    to_free = max(0, after_all - plan.goal)
    st.markdown(
        (
            f"**{to_free:,} characters still to free** after the chosen steps and the entries ticked. "
            if to_free
            else "**The chosen steps and the entries ticked reach the goal.** "
        )
        + "Pick entries to remove (none is picked for you), ranked by evidence against them.",
        help="Superseded by a newer value, said twice, contradicted, not found where the agent runs, dated in "
        "the past; then the rest in the file's order (length is no evidence), the newer of two values last.",
    )
    shown = first(ranked, "candidates for removal")
    evident = sum(c.evidence in AGAINST for c in shown)
    open_n = max(evident, min(SHOWN_OPEN, len(shown)))
    removals = []
    folded: DeltaGenerator | None = None
    for n, cand in enumerate(shown):
        if n == open_n:  # below the ones shown open: the rest, folded
            rest = len(shown) - open_n
            folded = st.expander(  # keyed: it stays open while the person ticks the boxes inside
                f"{n_of(rest, 'more entry', 'more entries')} with no evidence found against them",
                key=f"cu_fold_{pk}",
                on_change="rerun",
            )
            if rest > FOLD_SCROLLS_AFTER:  # opened, a long rest scrolls in its own box: the page stays short
                folded = folded.container(height=FOLD_HEIGHT, key=f"cu_fold_list_{pk}")
        after = after_all if cand.entry in ticked else after_all - cand.freed
        with folded if folded is not None else contextlib.nullcontext():
            # The label carries the entry's words: a screen reader (and a Tab through the boxes) hears
            # which entry each box removes, not 17 times "Remove · no evidence".
            words = " ".join(cand.entry.split())
            cut = len(words) > LABEL_WORDS
            picked = st.checkbox(
                f"Remove {lit(words[: LABEL_WORDS - 1] + '…' if cut else words)} · {cand.evidence} · "
                f"frees {cand.freed:,} characters · after: {percent(after, plan.limit)}%",
                value=False,
                key=_rm_key(pk, cand),
            )
            if cut or words != cand.entry:  # the rest of it, or its own line breaks: shown whole below
                entry(cand.entry)
            if cand.evidence != "no evidence":
                st.text(cand.why)
        if picked:
            removals.append(cand.entry)
    return removals


def _gauges(page: Page, target: str, here: tuple[str, ...], there: tuple[str, ...] | None, other: str) -> None:
    state = page.states[target]
    cols = st.columns(2 if there is not None else 1)
    with cols[0]:
        gauge_after(state, usage(here), len(here), key=f"cu_plan_gauge_{target}")
    if there is not None:
        o = page.states[other]
        with cols[1]:
            gauge_after(o, usage(there), len(there), key=f"cu_plan_gauge_other_{target}")


@dataclass
class Ticked:
    """The steps ticked in one file's plan, of either source: the local rules' chosen plan (None
    when it has none) and the model's findings (with the person's side of a contradiction)."""

    target: str
    chosen: cleanup.Plan | None = None
    review: Review | None = None
    found: list[Finding] = field(default_factory=list)

    @property
    def local(self) -> cleanup.Plan | None:
        return self.chosen if self.chosen is not None and self.chosen.steps else None

    @property
    def count(self) -> int:
        return (len(self.local.steps) if self.local else 0) + len(self.found)

    def ops(self, target: str) -> list[dict[str, str]]:
        """The operations on ``target``: the local steps' first, then the model's."""
        out: list[dict[str, str]] = []
        if self.local is not None:
            out += self.local.operations if target == self.local.target else []
            out += self.local.other_operations if target == self.local.other_target else []
        return out + [op for f in self.found for t, op in f.operations() if t == target]


def _goal_line(page: Page, ticked: Ticked, here: tuple[str, ...], goal: int) -> None:
    """Always one line, so picking a removal below does not move what is under it."""
    name = page.states[ticked.target].filename
    after = ticked.local.usage_after if ticked.local and not ticked.found else usage(here)
    if after <= goal:
        st.caption(f"The chosen steps bring {name} to {after:,} characters, within the goal of {goal:,}.")
    else:
        st.caption(f"The chosen steps leave {name} at {after:,} characters, {after - goal:,} above the goal.")


def plan_summary(page: Page, ticked: Ticked, goal: int) -> None:
    """What the plan is for, at the top of its box: the gauge before and after the steps ticked,
    of either source (both files when a step changes the other), how far from the goal, and the
    one Review button: one pinned write, journalled with the model's name when a step is its."""
    target = ticked.target
    state, other_target = page.states[target], Target.of(target).other.key
    if not ticked.count:
        st.caption("No step chosen.")
        return
    here = page.projected(target, ticked.ops(target))
    there_ops = ticked.ops(other_target)
    there = page.projected(other_target, there_ops) if there_ops else None
    if here is None or (there_ops and there is None):
        return
    _gauges(page, target, here, there, other_target)
    _goal_line(page, ticked, here, goal)
    count, model = ticked.count, ticked.review.name if ticked.review and ticked.found else None
    token = f"plan:{target}:{key_of(*[str(o) for o in ticked.ops(target) + there_ops])}"
    changes: Change = {target: (state.entries, here)}
    if there is not None:
        changes[other_target] = (page.states[other_target].entries, there)
    label = (
        f"Review {n_of(count, 'model step')}…"
        if model and not ticked.local
        else (f"Review {n_of(count, 'step')} for {state.filename}…")
    )
    if st.button(label, key=f"cu_plan_apply_{target}", type="primary"):
        how = f" and {FILENAMES[other_target]} as one write" if there is not None else " as one batch"
        of = f" ({n_of(len(ticked.found), 'step')} of {lit(model)})" if model else ""
        ask(
            token,
            f"Apply {n_of(count, 'step')}{of} to {state.filename}{how}?",
            changes,
            partial(cleanup.model_review.apply_with_plan, page.store, ticked.local, ticked.review, ticked.found),
            **({"title": "Plan applied"} if there is not None else {"undoable": True}),
        )


def _model_steps(review: Review | None, findings: list[Finding]) -> list[Finding]:
    """The model's steps of this file's plan, after the local rules' own; the ones ticked."""
    if review is None:
        return []
    return [t for n, f in enumerate(findings, 1) if (t := model_step(review, n, f)) is not None]


def _freed_by(page: Page, target: str, found: list[Finding]) -> int:
    """The characters the model's ticked steps free in ``target`` (0 when they do not fit)."""
    ops = [op for f in found for t, op in f.operations() if t == target]
    after = page.projected(target, ops) if ops else None
    return usage(page.states[target].entries) - usage(after) if after is not None else 0


def _local_plan(page: Page, target: str, plan: cleanup.Plan, ticked: Ticked, findings: list[Finding]) -> None:
    """The local rules' steps, then the model's, then the removal candidates; the ticks in ``ticked``."""
    steps = list(plan.steps)
    pk = f"{target}_{key_of(*[str(s.operations) for s in steps], *plan.candidates)}"
    for step in steps:
        page.shown.update(step.entries)
    page.offered.update(plan.candidates)
    if not steps:
        st.caption("Nothing can be merged, moved or shortened without losing a fact.")
    if len(steps) > PICK_STEPS_MAX:
        st.caption(
            f"{len(steps):,} steps: a plan this long is applied as a whole. To pick steps, "
            "first bring the file under a few hundred entries (Migrate, or merges below)."
        )
        ticked.chosen, ticked.found = plan, _model_steps(ticked.review, findings)
        return
    picked, texts = [], {}
    for n, step in enumerate(steps, 1):
        include, text = plan_step(target, n, step, pk)
        if include:
            picked.append(n - 1)
        if text is not None:
            texts[n - 1] = text
    ticked.found = _model_steps(ticked.review, findings)
    removals = []
    if plan.ranked:
        steps_usage = plan.choose(picked, texts=texts).usage_after - _freed_by(page, target, ticked.found)
        removals = removals_of(plan, pk, steps_usage)
    ticked.chosen = plan.choose(picked, removals=removals, texts=texts)


def plans(page: Page, threshold: int, review: Review | None = None) -> None:
    """Each file's plan in its box, the local rules' steps and the model's (``review``) side by
    side; the entries it covers are noted in ``page``."""
    st.header("Plan to get under the threshold", anchor=False)
    if not page.report.plans:
        st.success(f"Every file that can be planned for is at or under {threshold}% of its limit.")
    findings: dict[str, list[Finding]] = {}
    for f in review.findings if review is not None else ():
        findings.setdefault(home_of(f), []).append(f)
    for target in TARGETS:
        plan = page.report.plans.get(target)
        if plan is None and not findings.get(target):
            continue
        state = page.states[target]
        goal = plan.goal if plan is not None else state.limit * threshold // 100
        with st.container(border=True, key=f"cu_plan_box_{target}"):
            before = plan.usage_before if plan is not None else state.usage
            st.subheader(f"{state.filename}: {before:,} → {goal:,} characters ({threshold}%)", anchor=False)
            top = st.container()  # drawn once the picks below are known, but shown first
            ticked = Ticked(target, review=review)
            if plan is None:
                ticked.found = _model_steps(review, findings[target])
            else:
                _local_plan(page, target, plan, ticked, findings.get(target, []))
            with top:
                plan_summary(page, ticked, goal)
