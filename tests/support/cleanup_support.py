"""What a person does with a clean-up plan in the tests and the quality benchmark.

No pytest import and no bare-name import: ``python -m benchmarks`` uses this module too (as
``tests.support.cleanup_support``).
"""

from __future__ import annotations

from hermes_dash.curation.cleanup import Plan


def pick_until_goal(plan: Plan) -> tuple[Plan, list[str]]:
    """The plan with its removal candidates picked in the listed order until it reaches the goal
    (or none is left), and the entries picked."""
    picks: list[str] = []
    chosen = plan
    for cand in plan.ranked:
        if chosen.reaches_goal:
            break
        picks.append(cand.entry)
        chosen = plan.choose(removals=picks)
    return chosen, picks
