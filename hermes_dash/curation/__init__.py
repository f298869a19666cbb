"""Curation: what a person does with memory beyond one add, replace or remove.

A layer over the engine (:mod:`hermes_dash`): everything here reads through it and writes
through :class:`~hermes_dash.MemoryStore`, so the agent's rules, locks and backups apply
unchanged. Each module holds one concern and is imported by name::

    from hermes_dash.curation import cleanup, history

==============  ==================================================================
``blame``       where each entry came from: sessions, hermes-dash's writes, the Inbox, git
``check``       check files as the agent will read them (commit hooks); writes nothing
``cleanup``     findings (overlaps, misplaced entries, stale paths) and a plan to free room
``export``      both files as JSON or Markdown, secrets blanked on request
``hints``       what pages flag beyond the agent's rules (possible secret, drift)
``history``     a file's versions rebuilt from its backups, each entry's life
``normalize``   hand-written files into clean entries (the Migrate page)
``pending``     the agent's staged writes: list, preview, approve, reject
``secrets``     secret-looking spans (detect-secrets and hermes-dash's own patterns)
``sharing``     is MEMORY.md a link into a repository, is USER.md private
``suggestions`` the shortest text that picks out each entry for replace or remove
==============  ==================================================================

The modules are loaded only when named, so importing this package costs nothing.
"""

from __future__ import annotations

__all__ = [
    "blame",
    "check",
    "cleanup",
    "export",
    "hints",
    "history",
    "normalize",
    "pending",
    "secrets",
    "sharing",
    "suggestions",
]
