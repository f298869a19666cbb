"""The one builder of every command hermes-dash prints (docs/cli.md#printed-commands).

A printed command is pasted into a shell and trusted: it must name the program the way this
one was started (``hermes-dash``, the path that was typed, or ``python3 -m hermes_dash``), act
on the same home and profile as the command that printed it, and survive the shell's quoting.
So nothing prints a command by hand: the command line and the dashboard say once how they were
started and on which home (:func:`invoked_as`), and every hint, restore command and usage line
asks :func:`printed_command` (or :func:`printed_program`) for its words.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from hermes_dash.engine.io.which import which
from hermes_dash.engine.text import CONTROLS

#: The dashboard's server is started by ``hermes-dash serve``; this variable hands the program's
#: words (shell-quoted) to the app, whose own ``sys.argv`` is Streamlit's.
PROGRAM_ENV = "HERMES_DASH_PROGRAM"
MODULE = "hermes_dash"


@dataclass(frozen=True)
class Invocation:
    """How hermes-dash was started and on which home: the start of every command it prints."""

    program: tuple[str, ...]  # ("hermes-dash",), ("/opt/x/bin/hermes-dash",), ("python3", "-m", "hermes_dash")
    home: str | None = None  # absolute; None: the default home (nothing to say)
    profile: str | None = None  # given on the command line or chosen in the dashboard; None: the sticky one

    def words(self, *args: str) -> list[str]:
        out = list(self.program)
        if self.home is not None:
            out += ["--home", self.home]
        if self.profile is not None:
            out += ["--profile", self.profile]
        return out + [str(a) for a in args]

    def command(self, *args: str) -> str:
        """The command, quoted for a POSIX shell (``sh -c`` runs it as printed)."""
        import shlex

        return " ".join(_printf_word(w) if CONTROLS.search(w) else shlex.quote(w) for w in self.words(*args))


def _printf_word(word: str) -> str:
    """A word holding control characters, quoted so that it shows none and the shell still gets
    it exactly: ``"$(printf -- 'ok\\010 entry')"``, each control's UTF-8 bytes in octal (POSIX sh has
    no ``$'...'``; the command substitution drops only trailing newlines, which an entry never ends with)."""
    out = []
    for ch in word:
        if CONTROLS.match(ch):
            out.append("".join(f"\\{b:03o}" for b in ch.encode("utf-8")))
        else:
            out.append({"\\": "\\\\", "%": "%%", "'": "'\\''"}.get(ch, ch))
    return "\"$(printf -- '" + "".join(out) + "')\""


def _same_file(a: str | None, b: str) -> bool:
    """The same path, not merely the same file: a venv's ``python3`` is a link to the system's,
    and the system's does not see the venv's packages."""
    return a is not None and os.path.abspath(a) == os.path.abspath(b)


def _python() -> str:
    """``python3`` when that is the interpreter running now (Debian has no ``python``), else its path."""
    return "python3" if _same_file(which("python3"), sys.executable) else (sys.executable or "python3")


def program_of(argv0: str | None) -> tuple[str, ...]:
    """The program's words from ``sys.argv[0]``: a launcher found on PATH by its name, another
    launcher by its absolute path, ``python -m hermes_dash`` as the interpreter and ``-m``."""
    if os.environ.get(PROGRAM_ENV):
        import shlex

        with contextlib.suppress(ValueError):
            if words := tuple(shlex.split(os.environ[PROGRAM_ENV])):
                return words
    argv0 = argv0 or ""
    base = os.path.basename(argv0)
    if base in ("__main__.py", "-m") or (base.endswith(".py") and _of_the_package(argv0)):
        return (_python(), "-m", MODULE)
    if base and base not in ("-c", "streamlit") and os.path.isfile(argv0):
        if _same_file(which(base), argv0):
            return (base,)
        return (os.path.abspath(argv0),)
    if which("hermes-dash"):
        return ("hermes-dash",)
    return (_python(), "-m", MODULE)


def _of_the_package(script: str) -> bool:
    """A script in the package, or beside it: the clone's ``app.py``, which ``streamlit run app.py``
    runs, is Streamlit's entry point, not a command line (printed, it named ``…/app.py --home …``)."""
    folder = os.path.dirname(os.path.abspath(script))
    return os.path.basename(folder) == MODULE or os.path.isdir(os.path.join(folder, MODULE))


def invocation_for(
    root: os.PathLike[str] | str | None, profile: str | None = None, *, given_home: bool = False
) -> Invocation:
    """The invocation for a home: ``--home`` when it was given or is not ``~/.hermes`` (a
    ``$HERMES_HOME`` of this shell is not in the next one), ``--profile`` when one was chosen."""
    home = None
    if root is not None:
        absolute = os.path.abspath(os.fspath(root))
        default = os.path.join(os.path.expanduser("~"), ".hermes")
        if given_home or not _same_path(absolute, default):
            home = absolute
    return Invocation(program_of(sys.argv[0] if sys.argv else None), home, profile)


def _same_path(a: str, b: str) -> bool:
    try:
        return os.path.normpath(a) == os.path.normpath(b) or os.path.samefile(a, b)
    except OSError:
        return False


_CURRENT: contextvars.ContextVar[Invocation | None] = contextvars.ContextVar("hd_invocation", default=None)


@contextlib.contextmanager
def invoked_as(invocation: Invocation) -> Iterator[None]:
    """Commands printed inside start with ``invocation`` (the command line's run, a page's run)."""
    token = _CURRENT.set(invocation)
    try:
        yield
    finally:
        _CURRENT.reset(token)


#: The invocation when none is around a call (the dashboard's: a button's callback runs before its
#: page, outside the page's :func:`invoked_as`, and still prints for the session's home).
_DEFAULT: list[Callable[[], Invocation | None]] = [lambda: None]


def set_default_invocation(provider: Callable[[], Invocation | None]) -> None:
    _DEFAULT[0] = provider


def current_invocation() -> Invocation:
    """The invocation around this call; else the default's; else the program alone (the default home)."""
    found = _CURRENT.get()
    if found is None:
        try:
            found = _DEFAULT[0]()
        except Exception:  # noqa: BLE001 - printing a hint never fails the command that refused
            found = None
    return found if found is not None else Invocation(program_of(sys.argv[0] if sys.argv else None))


def printed_command(*args: str) -> str:
    """A command to print: the program as started, the same home and profile, then ``args``, quoted."""
    return current_invocation().command(*args)


def printed_program() -> str:
    """The program alone, quoted (the parser's ``prog_name``, a usage line)."""
    import shlex

    return shlex.join(current_invocation().program)


__all__ = [
    "Invocation",
    "invocation_for",
    "invoked_as",
    "printed_command",
    "printed_program",
    "PROGRAM_ENV",
    "set_default_invocation",
]
