"""``shutil.which`` for a bare command name, without importing shutil.

shutil pulls in zlib, bz2 and lzma: about 2 ms of every command's start-up (``python -X
importtime``: shutil 0.7, bz2 0.7, lzma 0.5, zlib 0.3 ms; ``python -m benchmarks --only cli
--quick``, three runs each at load 4-6: ``show``'s processor time 63.1 ms with shutil against
61.3 ms without, medians). tests/engine/test_which.py checks that this gives what shutil gives.
"""

from __future__ import annotations

import os


def which(name: str, path: str | None = None) -> str | None:
    """``shutil.which(name, path=path)`` as it is on POSIX: the first executable file of that
    name in the folders of ``path`` (default ``$PATH``, else ``CS_PATH``, else ``os.defpath``)."""
    if path is None:
        path = os.environ.get("PATH")
        if path is None:
            try:
                path = os.confstr("CS_PATH")
            except (AttributeError, ValueError):
                path = os.defpath
    if not path:
        return None
    seen: set[str] = set()
    for folder in os.fsdecode(path).split(os.pathsep):
        if folder in seen:
            continue
        seen.add(folder)
        candidate = os.path.join(folder, name)
        if os.path.exists(candidate) and os.access(candidate, os.F_OK | os.X_OK) and not os.path.isdir(candidate):
            return candidate
    return None
