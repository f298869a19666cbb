"""One component registry for every AppTest of a test process, as one Streamlit server has.

Each new AppTest scans the metadata of every installed distribution for Streamlit components
on its first run (about 0.7 s with the system's 600 packages, on each of the suite's hundreds of
AppTests). A real server scans once, at start, and every session shares what it found; here the
first AppTest's registry is handed to the later ones. Nothing else of an AppTest is shared.
Versions of Streamlit without that registry (the declared floor) are left as they are.
"""

from __future__ import annotations

import sys

_shared: list[object] = []  # the first registry an AppTest made


def share_component_registry() -> None:
    """Patch AppTest once per process (a no-op until something imported streamlit)."""
    if "streamlit" not in sys.modules:
        return
    import importlib

    module = importlib.import_module("streamlit.testing.v1.app_test")
    cls = module.AppTest
    if getattr(cls, "_hd_shares_registry", False):
        return
    init, run = cls.__init__, getattr(cls, "_run", None)
    if run is None:
        return

    def __init__(self, *args, **kwargs):
        init(self, *args, **kwargs)
        if _shared and getattr(self, "_bidi_component_manager", "absent") is None:
            self._bidi_component_manager = _shared[0]

    def _run(self, *args, **kwargs):
        try:
            return run(self, *args, **kwargs)
        finally:
            made = getattr(self, "_bidi_component_manager", None)
            if not _shared and made is not None:
                _shared.append(made)

    cls.__init__, cls._run = __init__, _run
    cls._hd_shares_registry = True
