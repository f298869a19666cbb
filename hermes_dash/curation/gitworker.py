"""Questions to a git repository asked in a child Python with a deadline, so none can hang us.

libgit2 opens the files a repository names without ``O_NONBLOCK`` and holds the GIL meanwhile:
an ``include.path`` of its config, its index or an ignore file that is a FIFO would block the
whole process (the dashboard's server, every session) for ever, where hermes-dash's own reader
refuses such a file. So :func:`ask` runs a question of :mod:`.gitread`'s callers in one child
of this same Python (``sys.executable -I``, never git), kept for the next question, and kills it
after :data:`GIT_TIMEOUT_S`: the answer is then :class:`GitUnreadable` with the reason. The
child is started once per process (its start is not counted in the deadline) and ends when we
do (its standard input closes). Its address space is limited to :data:`GIT_MEMORY_BYTES`: a
660 KB repository whose history holds a 100 MB blob of newlines made libgit2's blame take
1.7 GB in the 5 s (10 GB given the time); past the limit libgit2 says "out of memory", and the
answer says the limit.
"""

from __future__ import annotations

import importlib
import os
import pickle
import resource
import select
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

from .gitread import GIT_MEMORY_BYTES, OUT_OF_MEMORY, GitUnreadable

GIT_TIMEOUT_S = 5.0  # one question, once the child is ready
START_TIMEOUT_S = 60.0  # the child's start (an interpreter and libgit2) on a loaded machine
_MAX_ANSWER = 64 << 20
_HEADER = struct.Struct("!Q")
_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])
_ALLOWED = "hermes_dash.curation."

T = TypeVar("T")

_lock = threading.Lock()
_child: subprocess.Popen[bytes] | None = None


def _start(module: str) -> subprocess.Popen[bytes]:
    """The child, ready once it has imported ``module`` (the first question's: outside the
    deadline, an import of hermes-dash's modules may take seconds on a loaded machine)."""
    code = f"import sys; sys.path.insert(0, {_PACKAGE_ROOT!r}); import hermes_dash.curation.gitworker as w; w.serve()"
    try:
        child = subprocess.Popen(
            [sys.executable, "-I", "-c", code, module],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            close_fds=True,
        )
    except (OSError, ValueError) as exc:
        raise GitUnreadable(f"the git reader could not start ({exc})") from None
    assert child.stdout is not None
    if _read(child.stdout.fileno(), 1, time.monotonic() + START_TIMEOUT_S) != b"+":
        _stop(child)
        raise GitUnreadable(f"the git reader did not start within {START_TIMEOUT_S:g} s")
    return child


def _stop(child: subprocess.Popen[bytes]) -> None:
    child.kill()
    child.wait()
    for stream in (child.stdin, child.stdout):
        if stream is not None:
            stream.close()


def _read(fd: int, size: int, deadline: float) -> bytes:
    """``size`` bytes from ``fd`` before ``deadline``; fewer when the child ended or time is up."""
    out = bytearray()
    while len(out) < size:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            break
        chunk = os.read(fd, min(size - len(out), 1 << 20))
        if not chunk:
            break
        out += chunk
    return bytes(out)


def ask(question: Callable[..., T], *args: Any) -> T:
    """``question(*args)`` (a function of a ``hermes_dash.curation`` module) run in the child;
    its exception is raised here. :class:`GitUnreadable` when it takes longer than
    :data:`GIT_TIMEOUT_S` (the child is killed; the next question starts a new one)."""
    global _child
    request = pickle.dumps((question.__module__, question.__qualname__, args))
    with _lock:
        if _child is None or _child.poll() is not None:
            _child = _start(question.__module__)
        child = _child
        assert child.stdin is not None and child.stdout is not None
        try:
            child.stdin.write(_HEADER.pack(len(request)) + request)
            child.stdin.flush()
        except OSError:
            _stop(child)
            _child = None
            raise GitUnreadable("the git reader stopped; try again") from None
        deadline = time.monotonic() + GIT_TIMEOUT_S
        head = _read(child.stdout.fileno(), _HEADER.size, deadline)
        size = _HEADER.unpack(head)[0] if len(head) == _HEADER.size else -1
        body = _read(child.stdout.fileno(), size, deadline) if 0 <= size <= _MAX_ANSWER else b""
        if len(body) != size:
            ended = child.poll()
            _stop(child)
            _child = None
            if ended is not None:  # libgit2 crashed on the repository, say
                raise GitUnreadable(
                    f"the git reader stopped (exit code {ended}) reading the repository (it may have needed "
                    f"more than its {GIT_MEMORY_BYTES >> 20} MiB of memory)"
                )
            raise GitUnreadable(
                f"the repository took longer than {GIT_TIMEOUT_S:g} s to read (a file it names may be a "
                "FIFO or a device); shown as unknown"
            )
    ok, value = pickle.loads(body)  # noqa: S301 - our own child's answer, made by the code below
    if not ok:
        raise value
    return cast(T, value)  # what question returns, through pickle (which cannot say its type)


def _out_of_memory(exc: BaseException) -> bool:
    return isinstance(exc, MemoryError) or "out of memory" in str(exc).lower()


def _limit_memory() -> None:
    """At most :data:`GIT_MEMORY_BYTES` of address space for this process (never raised)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = GIT_MEMORY_BYTES if hard == resource.RLIM_INFINITY else min(hard, GIT_MEMORY_BYTES)
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))


def serve() -> None:
    """The child's loop: read a question, answer it, until standard input closes."""
    _limit_memory()
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    if sys.argv[1:2] and sys.argv[1].startswith(_ALLOWED):
        importlib.import_module(sys.argv[1])
    stdout.write(b"+")
    stdout.flush()
    while head := stdin.read(_HEADER.size):
        module, name, args = pickle.loads(stdin.read(_HEADER.unpack(head)[0]))  # noqa: S301 - our parent's question
        try:
            if not module.startswith(_ALLOWED):
                raise GitUnreadable(f"{module} is not a question the git reader answers")
            answer: tuple[bool, object] = (True, getattr(importlib.import_module(module), name)(*args))
        except Exception as exc:  # noqa: BLE001 - handed to the parent, which raises it
            answer = (False, exc)
        if not answer[0] and _out_of_memory(cast(BaseException, answer[1])):
            answer = (False, GitUnreadable(OUT_OF_MEMORY))
        try:
            data = pickle.dumps(answer)
            pickle.loads(data)  # noqa: S301 - an exception whose class cannot be rebuilt is said in words
        except Exception as exc:  # noqa: BLE001 - the same
            data = pickle.dumps((False, GitUnreadable(f"{type(answer[1]).__name__}: {answer[1]} ({exc})")))
        stdout.write(_HEADER.pack(len(data)) + data)
        stdout.flush()


__all__ = ["GIT_MEMORY_BYTES", "GIT_TIMEOUT_S", "ask", "serve"]
