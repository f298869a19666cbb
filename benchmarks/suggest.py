"""The ``suggest`` section: the clean-up report on 2,000 entries against 200 of the same kind."""

from __future__ import annotations

import time
from collections.abc import Callable

from benchmarks.core import Figure, Plan, interleaved, make_home, ratio_figures, temp_root
from hermes_dash.engine.rules.format import serialise


def bench_suggest(plan: Plan) -> list[Figure]:
    from hermes_dash.curation import cleanup as _cleanup
    from hermes_dash.curation.cleanup import contradictions as _contradictions
    from hermes_dash.curation.cleanup import facts as _facts
    from hermes_dash.curation.cleanup import meaning as _meaning
    from hermes_dash.curation.cleanup import values as _values
    from hermes_dash.engine.store import MemoryStore

    from .workloads import PLANTED, distinct_facts

    with temp_root("suggest") as root:
        stores = {}
        for count in (200, 2000) + (() if plan.quick else (20_000,)):
            home = make_home(root / str(count), serialise(distinct_facts(count)))
            stores[count] = MemoryStore.open(home)

        def timed(count: int) -> Callable[[int], int]:
            def run(_round: int) -> int:
                # Every round starts cold, as a new report does.
                for cached in (_facts.tokens, _values.values, _contradictions._vector):
                    cached.cache_clear()
                t0 = time.perf_counter_ns()
                report = _cleanup.suggest(stores[count])
                elapsed = time.perf_counter_ns() - t0
                if not any({m.keep, m.drop} == set(PLANTED) for m in report.merges):
                    raise RuntimeError(f"the planted near-duplicate pair was not found in {count} entries")
                return elapsed

            return run

        _meaning.method()  # the model loads once per process (model_load is its own figure)
        small, large = interleaved(plan.suggest_rounds, timed(200), timed(2000), warmup=1)
        figure = ratio_figures("suggest_growth", small, large, 15.0, "suggest on 2,000 entries vs 200")
        detail = figure.detail + "; planted pair (entries 5 and n-5) found in every round"
        if 20_000 in stores:
            detail += f"; 20,000 entries: {timed(20_000)(0) / 1e9:.1f} s"
    return [Figure(figure.name, figure.value, figure.unit, figure.baseline, figure.goal, detail)]


# -- 6. concurrent writers ------------------------------------------------------------------------------
