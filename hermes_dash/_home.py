"""Where a Hermes home is and what its config says (SPEC §1).

A :class:`HermesHome` is only paths; :func:`load_settings` reads ``config.yaml``. Nothing here
creates anything: a missing home is created by the first write, never by looking at it.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from ._errors import InvalidRequest
from ._format import DEFAULT_LIMITS, FILENAMES
from ._readfile import MIB, NotReadable, read_regular

DEFAULT_BACKUPS_KEEP = 50
MAX_CONFIG_BYTES = MIB  # Hermes's config.yaml is a few kilobytes
MAX_ACTIVE_PROFILE_BYTES = 4096  # one profile name
_PROFILE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


@dataclass(frozen=True)
class HermesHome:
    """One Hermes home: the root it came from and, for a profile, its name."""

    path: Path
    root: Path
    profile: str | None = None

    @property
    def memories_dir(self) -> Path:
        return self.path / "memories"

    @property
    def config_path(self) -> Path:
        return self.path / "config.yaml"

    @property
    def state_db(self) -> Path:
        return self.path / "state.db"

    @property
    def pending_dir(self) -> Path:
        return self.path / "pending" / "memory"

    def file_path(self, target: str) -> Path:
        return self.memories_dir / FILENAMES[target]

    def lock_path(self, target: str) -> Path:
        # The agent locks "<file>.lock" beside the (possibly symlinked) file, not beside its target.
        return self.memories_dir / (FILENAMES[target] + ".lock")

    def profiles(self) -> list[str]:
        return list_profiles(self.root)


def default_root() -> Path:
    env = os.environ.get("HERMES_HOME", "").strip()
    return Path(env).expanduser() if env else Path.home() / ".hermes"


def list_profiles(root: Path) -> list[str]:
    try:
        return sorted(p.name for p in (root / "profiles").iterdir() if p.is_dir())
    except OSError:
        return []


def active_profile(root: Path) -> str | None:
    """The sticky default profile named in ``<root>/active_profile``, if it exists."""
    try:
        name = read_regular(root / "active_profile", MAX_ACTIVE_PROFILE_BYTES)[0].decode("utf-8").strip()
    except (OSError, NotReadable, UnicodeDecodeError):
        return None
    if name and name != "default" and name in list_profiles(root):
        return name
    return None


def resolve_home(home: str | os.PathLike[str] | None = None, profile: str | None = None) -> HermesHome:
    """``home`` (else ``$HERMES_HOME``, else ``~/.hermes``), then ``profile`` (else the sticky one)."""
    root = Path(home).expanduser() if home else default_root()
    root = Path(os.path.abspath(root))
    if profile is None:
        profile = active_profile(root)
    if profile in (None, "", "default"):
        return HermesHome(root, root, None)
    if not _PROFILE_NAME.match(profile):
        raise InvalidRequest(f"{profile!r} is not a valid profile name.",
                             hint="Use letters, digits, '-', '_' or '.', as `hermes profile` does.")
    path = root / "profiles" / profile
    if not path.is_dir():
        known = ", ".join(list_profiles(root)) or "none"
        raise InvalidRequest(f"There is no profile {profile!r} in {root}.",
                             hint=f"Existing profiles: {known}.")
    return HermesHome(path, root, profile)


@dataclass(frozen=True)
class Settings:
    """The config values hermes-dash uses, with the warnings met while reading them."""

    memory_char_limit: int = DEFAULT_LIMITS["memory"]
    user_char_limit: int = DEFAULT_LIMITS["user"]
    memory_enabled: bool = True
    user_profile_enabled: bool = True
    write_approval: bool = False
    backups_keep: int = DEFAULT_BACKUPS_KEEP
    warnings: tuple[str, ...] = field(default=())

    def limit(self, target: str) -> int:
        return self.memory_char_limit if target == "memory" else self.user_char_limit


def _as_int(value: object, key: str, default: int, warnings: list[str], minimum: int) -> int:
    if value is None:
        return default
    try:
        if isinstance(value, bool):
            number = None
        elif isinstance(value, float):
            number = int(value)  # the agent reads limits with int(): 2200.0 -> 2200
        else:
            number = int(str(value).strip())
    except (ValueError, OverflowError):
        number = None
    if number is None or number < minimum:
        warnings.append(f"config.yaml: {key} = {value!r} is not a whole number >= {minimum}; using {default}.")
        return default
    return number


def _as_bool(value: object, key: str, default: bool, warnings: list[str]) -> bool:
    if value is None:
        return default
    if isinstance(value, bool):
        return value
    warnings.append(f"config.yaml: {key} = {value!r} is not true/false; using {default}.")
    return default


def load_settings(home: HermesHome) -> Settings:
    """Limits and switches from ``config.yaml``; defaults (plus a warning) when it is unusable."""
    try:
        text = read_regular(home.config_path, MAX_CONFIG_BYTES)[0].decode("utf-8-sig")
    except FileNotFoundError:
        return Settings()
    except NotReadable as problem:
        return Settings(warnings=(f"{problem.message} Using the default limits.",))
    except (OSError, UnicodeDecodeError) as exc:
        return Settings(warnings=(f"Could not read {home.config_path} ({exc}); using the default limits.",))
    import yaml  # imported here: most commands that never reach a config should not pay for it

    try:
        data = yaml.safe_load(text) or {}
    except yaml.YAMLError as exc:
        where = getattr(exc, "problem_mark", None)
        at = f" at line {where.line + 1}" if where is not None else ""
        return Settings(warnings=(f"{home.config_path} is not valid YAML{at}; using the default limits.",))
    warnings: list[str] = []
    if not isinstance(data, dict):
        return Settings(warnings=(f"{home.config_path} is not a mapping; using the default limits.",))
    memory = data.get("memory") or {}
    dashboard = data.get("dashboard") or {}
    if not isinstance(memory, dict):
        warnings.append("config.yaml: 'memory' is not a mapping; using the default limits.")
        memory = {}
    if not isinstance(dashboard, dict):
        warnings.append("config.yaml: 'dashboard' is not a mapping; ignoring it.")
        dashboard = {}
    return Settings(
        memory_char_limit=_as_int(memory.get("memory_char_limit"), "memory.memory_char_limit",
                                  DEFAULT_LIMITS["memory"], warnings, 1),
        user_char_limit=_as_int(memory.get("user_char_limit"), "memory.user_char_limit",
                                DEFAULT_LIMITS["user"], warnings, 1),
        memory_enabled=_as_bool(memory.get("memory_enabled"), "memory.memory_enabled", True, warnings),
        user_profile_enabled=_as_bool(memory.get("user_profile_enabled"), "memory.user_profile_enabled",
                                      True, warnings),
        write_approval=_as_bool(memory.get("write_approval"), "memory.write_approval", False, warnings),
        backups_keep=_as_int(dashboard.get("backups_keep"), "dashboard.backups_keep",
                             DEFAULT_BACKUPS_KEEP, warnings, 0),
        warnings=tuple(warnings),
    )
