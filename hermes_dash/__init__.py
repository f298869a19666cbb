"""hermes-dash: inspect and curate the Hermes Agent's MEMORY.md and USER.md.

This is the engine's public face. The engine is plain Python (no Streamlit, no pandas); the
layers above it import it only through the names listed here (tests/meta/test_layers.py checks):

* ``hermes_dash.curation``: clean-up, history, the pending inbox, migration, sharing, export;
* ``hermes_dash.integrations``: git's merge driver and the Memory tab of the agent's dashboard;
* ``hermes_dash.demo``: the demo home, a user of this face like curation;
* ``hermes_dash.cli``: the command line, ``hermes-dash`` / ``python -m hermes_dash``;
* ``hermes_dash.ui`` and its pages (``hermes_dash/ui/pages/``): the Streamlit dashboard.

The public names are written once, in each engine module's ``__all__``; ``scripts/face.py``
gathers them into ``_face.py`` (a test fails when it is stale). Names load on first use (PEP 562):
a command imports only the modules it touches (``show`` skips difflib, the prompt render, the
views; docs/performance.md has the figures). Type checkers read ``_face.py``'s star imports.
"""

from __future__ import annotations

import importlib

from ._face import _MODULE_OF

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (a command's start-up; mypy reads it the same)

__version__ = "0.1.0"

__all__ = sorted(_MODULE_OF)


def __getattr__(name: str) -> object:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'hermes_dash' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:
    from ._face import *  # noqa: F403
