"""Third development set for the clean-up assistant: twelve Hermes homes rich in contradictions.

Written on 2026-12-01 by an engineer who had not seen the method, its code, docs, benchmark, the
first corpus's data or the test set. It is a development set: the method may be tuned on it.
Labels in short: ``same`` pairs state one fact (paraphrase, overlap, cross MEMORY/USER);
``differ`` pairs look alike but state different facts (keep both); ``conflict`` pairs give two
values for one subject, b the newer with a change cue; ``conflict_uncued`` the same with no cue;
``remote`` entries name a path on another machine (never missing); ``gone`` entries name a local
path that no longer exists; ``folders`` exist locally and plain entries name some of them.
"""

from __future__ import annotations

import cleanup_devset3_a
import cleanup_devset3_b
from cleanup_corpus import Home

HOMES: tuple[Home, ...] = (*cleanup_devset3_a.HOMES, *cleanup_devset3_b.HOMES)
