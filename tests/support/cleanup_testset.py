"""An independent labelled test set for the clean-up assistant: twenty-four Hermes homes.

Written on 1 December 2026 by a project engineer who had not seen the clean-up method: not its
code (hermes_dash/), its benchmark, its docs, its tests, nor the data of the first corpus
(tests/support/cleanup_corpus.py was read only for the ``Home`` dataclass, the format used here).
The labels follow the labelling guide the author was given, which defines each field of ``Home``:
``same`` (paraphrase, overlap, cross), ``differ`` look-alikes, ``conflict`` with a change cue on
the newer entry, ``conflict_uncued``, ``remote`` and ``gone`` paths and existing ``folders``.

The homes are people's files after months of an agent writing to them: a novelist, a historian, a
bakery's accounts, a teacher, a translator, a musician, a paralegal, a podcaster, an architect, a
food bank, a photographer, a family historian, and twelve who run machines or write software.
``fill`` and ``user_fill`` are each file's usage over the agent's default limits (2,200 and 1,375
characters): most MEMORY.md files are near full, USER.md files are a third to a half full.

This set measures the method; it must not be used to tune it. A change made to score better here
makes the figures it reports meaningless: tune on the first corpus, report on this one.
"""

from __future__ import annotations

import cleanup_testset_code
import cleanup_testset_craft
import cleanup_testset_desk
import cleanup_testset_lab
from cleanup_corpus import Home

HOMES: tuple[Home, ...] = (
    *cleanup_testset_code.HOMES,
    *cleanup_testset_lab.HOMES,
    *cleanup_testset_desk.HOMES,
    *cleanup_testset_craft.HOMES,
)
