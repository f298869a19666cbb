"""Run a piece of a test as an unprivileged user and get its text back.

Root ignores file modes, so a permission problem can only be observed as another user: as root
the child becomes uid/gid 65534 without root's groups; any other user already is unprivileged.
A fork (not an exec) because uid 65534 cannot read this Python's packages under /root, which is
also why everything the child needs is imported before the switch.
"""

from __future__ import annotations

import os
from collections.abc import Callable


def run_unprivileged(work: Callable[[], str]) -> str:
    """Fork, drop to uid/gid 65534 when root, run ``work``; its text, or ``ERROR ...`` if it raised."""
    import tempfile  # noqa: F401 - the child cannot import anything after the switch

    import filelock  # noqa: F401
    import yaml  # noqa: F401

    import hermes_dash.cli  # noqa: F401
    import hermes_dash.cli._curation  # noqa: F401
    import hermes_dash.engine.home  # noqa: F401

    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # child
        os.close(read_fd)
        try:
            if os.geteuid() == 0:
                os.setgroups([])
                os.setgid(65534)
                os.setuid(65534)
            out = work()
        except BaseException as exc:  # noqa: BLE001 - report everything to the parent
            out = f"ERROR {type(exc).__name__}: {exc}"
        os.write(write_fd, out.encode())
        os._exit(0)
    os.close(write_fd)
    chunks = []
    while chunk := os.read(read_fd, 65536):
        chunks.append(chunk)
    os.close(read_fd)
    os.waitpid(pid, 0)
    return b"".join(chunks).decode()
