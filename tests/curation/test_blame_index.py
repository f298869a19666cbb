"""Blame.of answers from an index built once (a scan per entry made a 60,000-entry Overview
quadratic: tests/ui/test_app_page_caps.py timed out on it). The index answers as the scan did."""

from __future__ import annotations

import pickle

from hermes_dash.curation.blame import Blame, EntryOrigin, Event


def _origin(target: str, text: str, short: str) -> EntryOrigin:
    event = Event("you", text, None, f"written by you ({short})", short)
    return EntryOrigin(target, text, True, event, (event,))


def test_of_finds_the_first_origin_of_a_target_and_text_and_none_otherwise() -> None:
    entries = (
        _origin("memory", "a", "1"),
        _origin("user", "a", "2"),
        _origin("memory", "a", "3"),
        _origin("memory", "b", "4"),
    )
    found = Blame(entries, used_fts=False, calls=0, sessions=0)
    assert found.of("memory", "a") is entries[0] and found.of("user", "a") is entries[1]
    assert found.of("memory", "b") is entries[3]
    assert found.of("user", "b") is None and found.of("memory", "c") is None and found.of("memory", "A") is None
    # st.cache_data keeps a pickled copy: a copy taken after a look-up answers the same.
    again = pickle.loads(pickle.dumps(found))
    assert again == found and again.of("memory", "a") == entries[0] and again.of("user", "b") is None
