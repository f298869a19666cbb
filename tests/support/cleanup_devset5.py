"""Development set 5: twelve homes for tuning the clean-up, weighted to contradictions.

Written by the dev5 helper on 2026-12-02, blind: without sight of the method (nothing under
hermes_dash/, benchmarks/ or docs/, nor the other sets, was read).

Labels, in short: per home 4 cued `conflict` pairs (b is newer and says so) and 2
`conflict_uncued` pairs over counts, prices, versions, times and zones, sizes, intervals,
people and named tools or suppliers; 2-3 `same` pairs (paraphrase, overlap, cross); 2 `differ`
look-alikes, some shaped like a conflict but about another subject; 1 `remote` and 1 `gone`
entry; `folders` hold every other local path.

Part a (cleanup_devset5_a): midwife, home lab, vineyard, forecasting, translator, Flutter.
Part b (cleanup_devset5_b): chemistry teacher, SRE, wedding photographer, firmware, historian,
bike shop.
"""

from __future__ import annotations

import cleanup_devset5_a
import cleanup_devset5_b
from cleanup_corpus import Home

HOMES: tuple[Home, ...] = (*cleanup_devset5_a.HOMES, *cleanup_devset5_b.HOMES)
