"""Test set 2 for the clean-up assistant: twelve labelled Hermes homes, measured once.

Written by the test2 helper of session 7 on 2026-12-02, blind: without sight of the method (the
engine, its benchmarks and docs) or of the other sets. It must never be used to tune the method;
tuning on it would make its figures worthless. Labels, in short: `same` pairs (paraphrase, overlap,
or cross between MEMORY.md and USER.md) should be merged; `differ` look-alikes both stay;
`conflict` is an old and a newer value, the newer carrying a change cue; `conflict_uncued` is the
same with no cue; `remote` entries name a path on another machine; `gone` entries name a local path
that no longer exists; `folders` are the local folders that do exist.
"""

from __future__ import annotations

import cleanup_testset2_a
import cleanup_testset2_b
from cleanup_corpus import Home

HOMES: tuple[Home, ...] = (*cleanup_testset2_a.HOMES, *cleanup_testset2_b.HOMES)
