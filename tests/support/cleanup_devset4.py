"""Held-out set 4 for the clean-up assistant: twelve Hermes homes, mostly about contradictions.

Written on 2026-12-01, late evening, by an engineer who had not seen the method, its code, docs,
benchmark, the first corpus's data or the test set, as a held-out set: the method's authors
will measure it, not tune on it.

Labels, in short: ``memory``/``user`` are entries with no partner; ``same`` pairs state one fact
(``paraphrase`` in other words, ``overlap`` one inside a longer one, ``cross`` one in MEMORY.md
and one in USER.md); ``differ`` pairs read alike but are about different subjects and both stay;
``conflict`` pairs give two values for one subject and b, the newer, carries a change cue;
``conflict_uncued`` the same with no cue; ``remote`` entries name a path on another machine (never
missing here); ``gone`` entries name a local path that no longer exists; ``folders`` exist.
"""

from __future__ import annotations

import cleanup_devset4_a
import cleanup_devset4_b
from cleanup_corpus import Home

HOMES: tuple[Home, ...] = (*cleanup_devset4_a.HOMES, *cleanup_devset4_b.HOMES)
