"""Where a Hermes home is and what its config says (docs/rules.md#files).

A :class:`HermesHome` is only paths; :func:`load_settings` reads ``config.yaml``. Nothing here
creates anything: a missing home is created by the first write, never by looking at it.
"""

from __future__ import annotations

import functools
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from hermes_dash.engine.io.readfile import NotReadable, read_regular
from hermes_dash.engine.rules.errors import InvalidRequest
from hermes_dash.engine.rules.format import DEFAULT_LIMITS
from hermes_dash.engine.rules.targets import TABLE, Target
from hermes_dash.engine.text import shorten

if TYPE_CHECKING:
    from types import ModuleType

DEFAULT_BACKUPS_KEEP = 50
#: Read no larger config.yaml. The agent's full default config (every key it knows, dumped) is
#: about 15 KB and 1,500 values; a file eight times that is not a hand-edited config, and
#: parsing stays under half a second (a 200 KB file of 99,990 list items took 17 s).
MAX_CONFIG_BYTES = 128 * 1024
MAX_ACTIVE_PROFILE_BYTES = 4096  # one profile name
# The agent's own rule for a profile id (its folder name under profiles/): lowercase letters,
# digits, '-' and '_', starting with a letter or digit, at most 64 characters. The agent
# lowercases and strips what a user types before checking, so "Work" means "work".
_PROFILE_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
PROFILE_RULE = (
    "a profile name is 1 to 64 lowercase letters, digits, '-' or '_', starting with a letter or "
    "digit (the agent's own rule)"
)
#: config.yaml is small; a file that expands past this many YAML nodes (aliases counted each
#: time they are used) is refused before it is built, so nested aliases cannot eat the machine.
MAX_CONFIG_NODES = 20_000
#: Nesting deeper than this is not a config (the agent's nests four levels).
MAX_CONFIG_DEPTH = 100


@dataclass(frozen=True)
class HermesHome:
    """One Hermes home: the root it came from and, for a profile, its name."""

    path: Path
    root: Path
    profile: str | None = None

    @functools.cached_property
    def memories_dir(self) -> Path:
        # Cached: one write asks for it (and the paths inside it) about ten times, and the home
        # is frozen, so the answer never changes.
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

    def file_path(self, target: str | Target) -> Path:
        return self.memories_dir / Target.of(target).filename

    def lock_path(self, target: str | Target) -> Path:
        # The agent locks "<file>.lock" beside the (possibly symlinked) file, not beside its target.
        return self.memories_dir / (Target.of(target).filename + ".lock")

    def profiles(self) -> list[str]:
        return list_profiles(self.root)


def default_root() -> Path:
    env = os.environ.get("HERMES_HOME", "").strip()
    return Path(env).expanduser() if env else Path.home() / ".hermes"


def normalise_profile(name: str) -> str:
    """What the agent does to a typed profile name before checking it: strip, lowercase."""
    name = name.strip()
    return "default" if name.casefold() == "default" else name.lower()


def is_profile_name(name: str) -> bool:
    return _PROFILE_NAME.fullmatch(name) is not None


def list_profiles(root: Path) -> list[str]:
    """Folders under ``profiles/`` whose names are profile ids; ``__pycache__``, ``.git`` and
    other folders that the agent would never create are not profiles and are left out."""
    try:
        return sorted(
            p.name
            for p in (root / "profiles").iterdir()
            if is_profile_name(p.name) and p.name != "default" and p.is_dir() and _link_leaves(root, p) is None
        )
    except OSError:
        return []


def _name_problem(name: str) -> str:
    """Exactly what is wrong with a name that is not a profile id."""
    if len(name) > 64:
        return f"it is {len(name)} characters long (at most 64)"
    if not name[:1].isascii() or not name[:1].isalnum():
        return f"it starts with {name[:1]!r}"
    bad = sorted({c for c in name if not (c.isascii() and (c.isalnum() or c in "-_"))})
    return "it contains " + ", ".join(repr(c) for c in bad)


def active_profile(root: Path) -> str | None:
    """The sticky default profile named in ``<root>/active_profile``, if it exists.

    A name that is not a profile id is refused with the file named, since nothing else on
    screen would tell the user where that name came from.
    """
    path = root / "active_profile"
    try:
        raw = read_regular(path, MAX_ACTIVE_PROFILE_BYTES)[0].decode("utf-8")
    except (OSError, NotReadable, UnicodeDecodeError):
        return None
    name = normalise_profile(raw)
    if not name or name == "default":
        return None
    if not is_profile_name(name):
        raise InvalidRequest(
            f"{path} names the profile {raw.strip()!r}, which is not a valid profile name: {_name_problem(name)}.",
            hint=f"Edit or delete {path} (an empty or missing file means the default profile), or choose a "
            f"profile explicitly (--profile default); {PROFILE_RULE}.",
        )
    return name if name in list_profiles(root) else None


def resolve_home(home: str | os.PathLike[str] | None = None, profile: str | None = None) -> HermesHome:
    """``home`` (else ``$HERMES_HOME``, else ``~/.hermes``), then ``profile`` (else the sticky one)."""
    root = Path(home).expanduser() if home else default_root()
    root = Path(os.path.abspath(root))
    try:
        unusable = b"\0" in os.fsencode(root)
    except UnicodeEncodeError:
        unusable = True
    if unusable:
        raise InvalidRequest(
            f"The home folder {str(root)!r} cannot be a path on this system (it holds a NUL or a "
            "lone surrogate code point).",
            hint="Give the folder's name as it is on disk.",
        )
    profile = active_profile(root) if profile is None else normalise_profile(profile)
    if profile in (None, "", "default"):
        return HermesHome(root, root, None)
    if not is_profile_name(profile):
        raise InvalidRequest(
            f"{profile!r} is not a valid profile name: {_name_problem(profile)}.",
            hint=f"Use 'default' or an existing profile; {PROFILE_RULE}.",
        )
    path = root / "profiles" / profile
    if (outside := _link_leaves(root, path)) is not None:
        raise InvalidRequest(
            f"The profile {profile!r} is a symbolic link to {outside}, outside the Hermes home {root}; "
            "hermes-dash reads and writes a profile only inside its home, as it does every linked file.",
            hint=f"Use that folder as a home of its own (--home {outside}), or move it into "
            f"{root / 'profiles'} in place of the link.",
        )
    if not path.is_dir():
        known = ", ".join(list_profiles(root)) or "none"
        raise InvalidRequest(f"There is no profile {profile!r} in {root}.", hint=f"Existing profiles: {known}.")
    return HermesHome(path, root, profile)


def _link_leaves(root: Path, path: Path) -> Path | None:
    """Where ``path`` leads when it is a symbolic link out of the home ``root`` (or to nothing);
    None for a real folder or a link that stays inside the home (docs/rules.md#files)."""
    if not path.is_symlink():
        return None
    real = Path(os.path.realpath(path))
    base = Path(os.path.realpath(root))
    return None if base in real.parents and real.is_dir() else real


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

    def limit(self, target: str | Target) -> int:
        return int(getattr(self, Target.of(target).limit_key))

    def enabled(self, target: str | Target) -> bool:
        """Whether the agent injects ``target``'s block (its switch in config.yaml)."""
        return bool(getattr(self, Target.of(target).enabled_key))


def _shown(value: object) -> str:
    """A config value for a warning: short, whatever it holds."""
    if isinstance(value, (dict, list)):
        return f"a {'mapping' if isinstance(value, dict) else 'list'}"
    text = repr(value)
    return shorten(text, 60)


def _as_limit(value: object, key: str, default: int, warnings: list[str]) -> int:
    """``int(value)``, exactly as the agent reads a limit: 0 (and less) included."""
    if value is None:
        return default
    try:
        if not isinstance(value, (str, int, float)):
            raise TypeError
        return int(value)
    except (TypeError, ValueError, OverflowError):
        warnings.append(f"config.yaml: {key} = {_shown(value)} is not a whole number; using {default}.")
        return default


def _as_int(value: object, key: str, default: int, warnings: list[str], minimum: int) -> int:
    if value is None:
        return default
    try:
        if isinstance(value, bool):
            number = None
        elif isinstance(value, (int, float)):
            number = int(value)
        elif isinstance(value, str):
            number = int(value.strip())
        else:
            number = None
    except (ValueError, OverflowError):
        number = None
    if number is None or number < minimum:
        warnings.append(f"config.yaml: {key} = {_shown(value)} is not a whole number >= {minimum}; using {default}.")
        return default
    return number


def _as_bool(value: object, key: str, default: bool, warnings: list[str]) -> bool:
    if value is None:
        return default
    if isinstance(value, bool):
        return value
    warnings.append(f"config.yaml: {key} = {_shown(value)} is not true/false; using {default}.")
    return default


class YamlTooLarge(Exception):
    """config.yaml would expand to more nodes than any real config has."""


class _DuplicateKey(Exception):
    """A mapping of config.yaml names one key twice (0.22's YAML reader refuses the file)."""


def _twice(yaml: ModuleType, mapping: object) -> None:
    """Raise :class:`_DuplicateKey` when a mapping node names one plain key twice (merge keys aside)."""
    seen: dict[tuple[str, str], int] = {}
    for key, _ in mapping.value:  # type: ignore[attr-defined]  # a yaml MappingNode
        if not isinstance(key, yaml.ScalarNode) or key.tag == "tag:yaml.org,2002:merge":
            continue
        line, ident = key.start_mark.line + 1, (key.tag, key.value)
        if ident in seen:
            raise _DuplicateKey(
                f"names the key {shorten(key.value, 40)!r} twice in one mapping (lines {seen[ident]} and {line})"
            )
        seen[ident] = line


def load_yaml_bounded(yaml: ModuleType, text: str, *, unique_keys: bool = False) -> object:
    """``yaml.safe_load``, refusing a document whose aliases expand past :data:`MAX_CONFIG_NODES`
    (and, ``unique_keys``, one whose mapping names a key twice: :class:`_DuplicateKey`).

    An alias is a reference, so PyYAML builds nested aliases cheaply, but anything that walks
    the result (printing a value, comparing it) walks every expansion: 300 bytes of nested
    aliases is billions of values. The node graph is measured first, each node once, with its
    expanded size memoised, so the check itself stays linear in the file.
    """
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)(text)  # libyaml's parser: about 8x faster
    try:
        try:
            node = loader.get_single_node()
        except yaml.YAMLError as exc:
            # Newer libyaml (PyYAML 6.0.4's) stops a deep document itself, as a scanner error: the
            # same refusal as our own depth bound, and said the same way.
            if "maximum nesting depth" in str(exc):
                raise RecursionError from exc
            raise
        if node is None:
            return {}
        sizes: dict[int, int] = {}
        depths: dict[int, int] = {}
        open_: set[int] = set()
        stack: list[tuple[object, bool]] = [(node, False)]
        while stack:  # iterative post-order: deep nesting must not hit the recursion limit
            current, children_done = stack.pop()
            if id(current) in sizes:
                continue
            if not children_done and id(current) in open_:
                raise YamlTooLarge("holds a YAML alias that refers to itself")
            value = current.value  # type: ignore[attr-defined]  # a yaml Node (typed object here): every node has .value
            kids = (
                [k for pair in value for k in pair]
                if isinstance(current, yaml.MappingNode)
                else list(value)
                if isinstance(current, yaml.SequenceNode)
                else []
            )
            if children_done:
                open_.discard(id(current))
                sizes[id(current)] = 1 + sum(sizes.get(id(k), 0) for k in kids)
                depths[id(current)] = 1 + max((depths.get(id(k), 0) for k in kids), default=0)
                if depths[id(current)] > MAX_CONFIG_DEPTH:
                    raise RecursionError  # reported as nested too deeply
                if sizes[id(current)] > MAX_CONFIG_NODES:
                    raise YamlTooLarge(f"expands to over {MAX_CONFIG_NODES:,} values (nested YAML aliases)")
                continue
            if unique_keys and isinstance(current, yaml.MappingNode):
                _twice(yaml, current)
            open_.add(id(current))
            stack.append((current, True))
            stack.extend((k, False) for k in kids if id(k) not in sizes)
        return loader.construct_document(node) or {}
    finally:
        loader.dispose()


#: Where the agent's managed scope lives when ``HERMES_MANAGED_DIR`` is unset (hermes_cli/managed_scope.py).
MANAGED_DIR = Path("/etc/hermes")
#: 0.22 keeps byte copies of the last config.yaml that parsed here (``hermes_cli/config_backups.py``).
GOOD_BACKUPS = Path("backups") / "config"


def managed_config_path() -> Path | None:
    """The managed scope's config.yaml the agent lays over the home's, every version alike:
    ``$HERMES_MANAGED_DIR/config.yaml`` when that variable names a folder (set but no folder:
    none at all), else ``/etc/hermes/config.yaml`` when ``/etc/hermes`` is one."""
    override = os.environ.get("HERMES_MANAGED_DIR", "").strip()
    folder = Path(override) if override else MANAGED_DIR
    try:
        return folder / "config.yaml" if folder.is_dir() else None
    except OSError:  # a folder this user may not look into: its config is named as unreadable
        return folder / "config.yaml"


def _config_data(path: Path, unique_keys: bool) -> tuple[dict[str, object] | None, str]:
    """The mapping a config file holds ({} when there is none), or None and why it cannot be used
    (a sentence the caller finishes with what it uses instead)."""
    try:
        text = read_regular(path, MAX_CONFIG_BYTES)[0].decode("utf-8-sig")
    except FileNotFoundError:
        return {}, ""
    except NotReadable as problem:
        return None, problem.message.rstrip(".")
    except (OSError, UnicodeDecodeError) as exc:
        return None, f"Could not read {path} ({exc})"
    import yaml  # imported here: most commands that never reach a config should not pay for it

    try:
        data = load_yaml_bounded(yaml, text, unique_keys=unique_keys)
    except (YamlTooLarge, _DuplicateKey) as exc:
        return None, f"{path} {exc}"
    except RecursionError:
        return None, f"{path} is nested too deeply to be a config file"
    except yaml.YAMLError as exc:
        where = getattr(exc, "problem_mark", None)
        return None, f"{path} is not valid YAML{f' at line {where.line + 1}' if where is not None else ''}"
    except Exception as exc:  # noqa: BLE001 - any value YAML cannot build (a 5,000-digit integer: ValueError)
        reason = str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
        return None, f"{path} holds a value that cannot be read ({reason})"
    if not isinstance(data, dict):
        return None, f"{path} is not a mapping"
    return data, ""


def _last_good(path: Path) -> tuple[dict[str, object] | None, str]:
    """0.22's fallback for a config.yaml it cannot read: the newest ``good`` copy it kept."""
    try:
        names = sorted(n for n in os.listdir(path.parent / GOOD_BACKUPS) if n.startswith(f"{path.name}.good."))
    except OSError:
        return None, ""
    if not names:
        return None, ""
    newest = path.parent / GOOD_BACKUPS / names[-1]
    data, _ = _config_data(newest, unique_keys=True)
    return (data, str(newest)) if data else (None, "")


def _deep_merge(base: dict[str, object], over: dict[str, object]) -> dict[str, object]:
    """``over`` laid on ``base`` leaf by leaf, as the agent's ``_deep_merge`` lays its managed scope."""
    out = dict(base)
    for key, value in over.items():
        below = out.get(key)
        out[key] = _deep_merge(below, value) if isinstance(below, dict) and isinstance(value, dict) else value
    return out


def _settings_data(home: HermesHome, strict: bool) -> tuple[dict[str, object], list[str]]:
    """config.yaml as the home's agent reads it, the managed scope laid over it; and the warnings.
    ``strict`` (0.22): a key named twice makes the file unreadable, and an unreadable file gives
    way to the newest good copy the agent kept, as the agent's own load does."""
    warnings: list[str] = []
    data, why = _config_data(home.config_path, strict)
    if data is None:
        good, where = _last_good(home.config_path) if strict else (None, "")
        instead = f"its last good copy {where}, as the agent does" if good is not None else "the default limits"
        warnings.append(f"{why}; using {instead}.")
        data = good or {}
    managed = managed_config_path()
    if managed is not None:
        overlay, why = _config_data(managed, strict)
        if overlay is None:
            warnings.append(f"{why}; the agent ignores it too.")
        elif overlay:
            data = _deep_merge(data, overlay)
    return data, warnings


def load_settings(home: HermesHome) -> Settings:
    """Limits and switches from ``config.yaml`` and the managed scope's, read as the home's agent
    reads them; defaults (plus a warning) when they are unusable."""
    from hermes_dash.engine.agents import active

    data, warnings = _settings_data(home, active().strict_config)
    memory = data.get("memory") or {}
    dashboard = data.get("dashboard") or {}
    if not isinstance(memory, dict):
        warnings.append("config.yaml: 'memory' is not a mapping; using the default limits.")
        memory = {}
    if not isinstance(dashboard, dict):
        warnings.append("config.yaml: 'dashboard' is not a mapping; ignoring it.")
        dashboard = {}
    limit = {
        t.key: _as_limit(memory.get(t.limit_key), f"memory.{t.limit_key}", t.default_limit, warnings) for t in TABLE
    }
    on = {t.key: _as_bool(memory.get(t.enabled_key), f"memory.{t.enabled_key}", True, warnings) for t in TABLE}
    return Settings(
        memory_char_limit=limit["memory"],
        user_char_limit=limit["user"],
        memory_enabled=on["memory"],
        user_profile_enabled=on["user"],
        write_approval=_as_bool(memory.get("write_approval"), "memory.write_approval", False, warnings),
        backups_keep=_as_int(
            dashboard.get("backups_keep"), "dashboard.backups_keep", DEFAULT_BACKUPS_KEEP, warnings, 0
        ),
        warnings=tuple(warnings),
    )


__all__ = ["HermesHome", "list_profiles", "load_settings", "normalise_profile", "resolve_home", "Settings"]
