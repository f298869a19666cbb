"""Careful edits of ``config.yaml``: one name added to (or taken out of) ``plugins.enabled``.

hermes-dash reads config.yaml everywhere (``engine.home.load_settings``) but writes it only here
(docs/integrations.md#configyaml): the agent's web dashboard lists a user plugin only when that
list names it. The file belongs to the agent and the user, so an edit

* refuses a config.yaml it cannot be sure of instead of rewriting it: larger, more aliased or
  more deeply nested than the settings reader accepts (its bounds, ``engine.home``), not a regular
  file, a symbolic link that leads out of the home (or nowhere), not UTF-8, not YAML, holding a
  value YAML cannot build, a top level that is not a mapping, ``plugins`` or ``plugins.enabled``
  of another type, line breaks that YAML and Python count differently;
* changes text, not a re-dumped document: the new line (or list item) goes where the parser
  says the list is, in the file's own indentation and line ending, so every other byte, comments
  included, stays as it was (a YAML library's round trip re-indents and moves comments);
* is checked before it is written: read back, the file must equal the old document with only
  that one list changed, or the edit is refused;
* is written atomically through the engine's one write routine (a link inside the home stays a
  link; mode and owner are kept), and refused if the file changed while it was being edited.
"""

from __future__ import annotations

import copy
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .home import MAX_CONFIG_BYTES, HermesHome, YamlTooLarge, load_yaml_bounded
from .io.atomic import write_file
from .io.readfile import NotReadable, read_regular
from .rules.errors import FileProblem, InvalidRequest

if TYPE_CHECKING:
    from typing import Any

    from yaml import Node  # PyYAML has no types here: Node is Any to mypy, named for the reader

_FIX = "Fix config.yaml by hand (the agent cannot read it as it is either), then run the command again."
#: Names written as plain YAML scalars; anything else would need quoting rules of its own.
_PLAIN_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,99}")
_ODD_BREAKS = ("\x85", "\u2028", "\u2029")  # line breaks to YAML, not to a search for "\n"


@dataclass(frozen=True)
class ConfigChange:
    """What an edit of ``config.yaml`` did, or (``changed`` False) found already done."""

    path: Path  # the file written: the link's target when config.yaml is a link
    changed: bool
    created: bool
    summary: str  # one line for people: "added 'x' to plugins.enabled"
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True)
class _Read:
    path: Path
    data: bytes | None  # None: there is no config.yaml yet
    stamp: tuple[int, int, int] | None  # (inode, size, mtime_ns) when read


def _config_file(home: HermesHome) -> Path:
    """config.yaml, or the file its link leads to when that stays inside the home."""
    path = home.config_path
    if not path.is_symlink():
        return path
    real = Path(os.path.realpath(path))
    base = Path(os.path.realpath(home.path))
    if base not in real.parents:
        raise FileProblem(
            f"{path} is a symbolic link to {real}, outside the Hermes home {home.path}; "
            "hermes-dash does not write through it.",
            hint="Make the change in that file by hand, or replace the link with a plain file.",
        )
    if not real.exists():
        raise FileProblem(
            f"{path} is a symbolic link to {real}, which does not exist.",
            hint="Restore the file it points to, or remove the link.",
        )
    return real


def _read(home: HermesHome) -> _Read:
    path = _config_file(home)
    try:
        data, st = read_regular(path, MAX_CONFIG_BYTES)
    except FileNotFoundError:
        return _Read(path, None, None)
    except NotReadable as problem:
        raise FileProblem(f"{problem.message} config.yaml was not changed.", hint=problem.hint) from None
    except OSError as exc:
        raise FileProblem(f"Cannot read {path}: {exc.strerror or exc}.", hint="Check its permissions.") from None
    return _Read(path, data, (st.st_ino, st.st_size, st.st_mtime_ns))


def _text(read: _Read) -> tuple[str, bool]:
    if read.data is None:
        return "", False
    bom = read.data.startswith(b"\xef\xbb\xbf")
    try:
        text = read.data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FileProblem(
            f"{read.path} is not UTF-8 (byte 0x{read.data[exc.start]:02x} at offset {exc.start}); it was not changed.",
            hint=_FIX,
        ) from None
    if any(c in text for c in _ODD_BREAKS) or re.search(r"\r(?!\n)", text):
        raise FileProblem(f"{read.path} has line breaks other than LF and CRLF; it was not changed.", hint=_FIX)
    return text, bom


def _parsed(read: _Read, text: str) -> tuple[dict[str, Any], Node | None]:  # (plain data, as yaml.safe_load gives it)
    """The document as plain data and as a node tree, through the settings reader's bounds."""
    import yaml

    try:
        data = load_yaml_bounded(yaml, text)
        node = yaml.compose(text, Loader=yaml.SafeLoader)  # already bounded: only its size was unknown
    except YamlTooLarge as exc:
        raise FileProblem(f"{read.path} {exc}; it was not changed.", hint=_FIX) from None
    except RecursionError:
        raise FileProblem(
            f"{read.path} is nested too deeply to be a config file; it was not changed.", hint=_FIX
        ) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        at = f" at line {mark.line + 1}" if mark is not None else ""
        raise FileProblem(f"{read.path} is not valid YAML{at}; it was not changed.", hint=_FIX) from None
    # A value YAML cannot build: a 5,000-digit integer (ValueError), `!!int ''` (IndexError).
    except (ValueError, TypeError, OverflowError, IndexError) as exc:
        reason = (str(exc).splitlines() or [type(exc).__name__])[0][:200]
        raise FileProblem(
            f"{read.path} holds a value that cannot be read ({reason}); it was not changed.", hint=_FIX
        ) from None
    if data is None or node is None:
        data = {}
    if not isinstance(data, dict):
        raise FileProblem(
            f"{read.path} holds a {type(data).__name__}, not a mapping of settings; it was not changed.", hint=_FIX
        )
    return data, node


def _by_hand(path: Path, name: str, why: str) -> FileProblem:
    return FileProblem(
        f"{path}: {why}; hermes-dash edits only the usual layout, so it was not changed.",
        hint=f"Add {name!r} to the list plugins.enabled by hand (or take it out), then run the command again.",
    )


def _child(mapping: Node, key: str) -> tuple[Node, Node] | None:
    for k, v in mapping.value:
        if getattr(k, "value", None) == key:
            return k, v
    return None


def _known(mapping: Node, key: str) -> tuple[Node, Node]:
    """:func:`_child` where the plain data has already shown that ``key`` is there: absent from
    the node's own keys only when a YAML merge key (``<<: *base``) brings it, from lines elsewhere."""
    found = _child(mapping, key)
    if found is None:
        raise FileProblem(
            f"{key!r} comes from a YAML merge key ('<<'), not from lines of its own; hermes-dash edits "
            "only the usual layout, so config.yaml was not changed.",
            hint="Take the name out of plugins.enabled by hand, where the merged list is written.",
        )
    return found


def _line_end(text: str, index: int) -> int:
    """Index just past the line break of the line holding ``index`` (or the end of the text)."""
    cut = text.find("\n", index)
    return len(text) if cut < 0 else cut + 1


def _line_start(text: str, index: int) -> int:
    return text.rfind("\n", 0, index) + 1


def _is_null(node: Node) -> bool:
    return bool(node.tag == "tag:yaml.org,2002:null")


def _empty(node: Node) -> bool:
    """A value left empty (``key:`` and nothing after it), not an explicit ``null`` or ``~``."""
    return _is_null(node) and node.start_mark.index == node.end_mark.index


def _after(text: str, index: int, nl: str) -> tuple[int, str]:
    """Where a new line goes after the line holding ``index``; a missing final break is added."""
    end = _line_end(text, index)
    return end, ("" if end == 0 or text[end - 1] == "\n" else nl)


def _add(text: str, root: Node | None, path: Path, name: str, nl: str) -> str:
    import yaml

    if root is None or (isinstance(root, yaml.ScalarNode) and _is_null(root)):
        lead = "" if not text or text.endswith("\n") else nl
        return text + lead + f"plugins:{nl}  enabled:{nl}    - {name}{nl}"
    if not isinstance(root, yaml.MappingNode) or root.flow_style:
        raise _by_hand(path, name, "the settings are not a block mapping")
    found = _child(root, "plugins")
    if found is None:
        col = root.value[0][0].start_mark.column if root.value else 0
        pad = " " * col
        lead = "" if not text or text.endswith("\n") else nl
        return text + lead + f"{pad}plugins:{nl}{pad}  enabled:{nl}{pad}    - {name}{nl}"
    key, plugins = found
    base = key.start_mark.column
    if _empty(plugins):
        at, lead = _after(text, key.end_mark.index, nl)
        pad = " " * (base + 2)
        return text[:at] + lead + f"{pad}enabled:{nl}{pad}  - {name}{nl}" + text[at:]
    if isinstance(plugins, yaml.MappingNode) and not plugins.value and text[plugins.start_mark.index] == "{":
        pad = " " * (base + 2)  # `plugins: {}`, as PyYAML writes an empty mapping: made a block
        return (
            text[: plugins.start_mark.index].rstrip(" ")
            + f"{nl}{pad}enabled:{nl}{pad}  - {name}"
            + text[plugins.end_mark.index :]
        )
    if not isinstance(plugins, yaml.MappingNode) or plugins.flow_style or not plugins.value:
        raise _by_hand(path, name, "'plugins' is not a block mapping")
    found = _child(plugins, "enabled")
    if found is None:
        first = plugins.value[0][0]
        at = _line_start(text, first.start_mark.index)
        pad = " " * first.start_mark.column
        return text[:at] + f"{pad}enabled:{nl}{pad}  - {name}{nl}" + text[at:]
    key, names = found
    if _empty(names):
        at, lead = _after(text, key.end_mark.index, nl)
        indent: int = key.start_mark.column + 2  # a yaml Mark's (untyped) column
        return text[:at] + lead + " " * indent + f"- {name}{nl}" + text[at:]
    if not isinstance(names, yaml.SequenceNode):
        raise _by_hand(path, name, "'plugins.enabled' is not a list")
    if names.flow_style:  # PyYAML ends a flow list's node just past its `]`; the read-back checks the rest
        close = names.end_mark.index - 1
        sep = ", " if names.value else ""
        return text[:close] + sep + name + text[close:]
    last = names.value[-1]
    start = _line_start(text, last.start_mark.index)
    prefix = text[start : last.start_mark.index]
    if prefix.strip() != "-":
        raise _by_hand(path, name, "the items of 'plugins.enabled' are not one per line")
    at, lead = _after(text, max(last.end_mark.index - 1, last.start_mark.index), nl)
    return text[:at] + lead + prefix + name + nl + text[at:]


def _remove(text: str, root: Node | None, path: Path, name: str) -> str:
    import yaml

    _, plugins = _known(root, "plugins")  # only called when the list names it: both are there
    key, names = _known(plugins, "enabled")
    hits = [i for i, item in enumerate(names.value) if isinstance(item, yaml.ScalarNode) and item.value == name]
    if names.flow_style:
        kept = [
            text[item.start_mark.index : item.end_mark.index] for i, item in enumerate(names.value) if i not in hits
        ]
        return text[: names.start_mark.index] + "[" + ", ".join(kept) + "]" + text[names.end_mark.index :]
    for i in reversed(hits):
        item = names.value[i]
        start = _line_start(text, item.start_mark.index)
        if text[start : item.start_mark.index].strip() != "-":
            raise _by_hand(path, name, "the items of 'plugins.enabled' are not one per line")
        end = _line_end(text, max(item.end_mark.index - 1, item.start_mark.index))
        text = text[:start] + text[end:]
    if len(hits) == len(names.value):  # nothing left: an empty list, not a null
        colon = text.index(":", key.end_mark.index)
        text = text[: colon + 1] + " []" + text[colon + 1 :]
    return text


@dataclass(frozen=True)
class _Plan:
    read: _Read
    new_data: bytes | None  # None: nothing to write
    change: ConfigChange


def _plan(home: HermesHome, name: str, enable: bool) -> _Plan:
    if not _PLAIN_NAME.fullmatch(name):
        raise InvalidRequest(
            f"{name!r} cannot be written as a plugin name here.", hint="Use letters, digits, '.', '_' and '-'."
        )
    read = _read(home)
    text, bom = _text(read)
    plain, root = _parsed(read, text)
    plugins = plain.get("plugins")
    if plugins is not None and not isinstance(plugins, dict):
        raise _by_hand(read.path, name, f"'plugins' is a {type(plugins).__name__}, not a mapping")
    listed = (plugins or {}).get("enabled")
    if listed is not None and not isinstance(listed, list):
        raise _by_hand(read.path, name, f"'plugins.enabled' is a {type(listed).__name__}, not a list")
    disabled = (plugins or {}).get("disabled")
    warnings = []
    if enable and isinstance(disabled, list) and name in disabled:
        warnings.append(
            f"plugins.disabled in {read.path} also names {name!r}, and the agent's dashboard hides a "
            "plugin listed there: take it out of that list to see the tab."
        )
    present = name in (listed or [])
    if present == enable:
        return _Plan(
            read,
            None,
            ConfigChange(
                read.path,
                False,
                False,
                f"{name!r} is {'already' if enable else 'not'} in plugins.enabled",
                tuple(warnings),
            ),
        )
    nl = "\r\n" if "\r\n" in text else "\n"
    new_text = _add(text, root, read.path, name, nl) if enable else _remove(text, root, read.path, name)
    expected = copy.deepcopy(plain)
    if not isinstance(expected.get("plugins"), dict):
        expected["plugins"] = {}
    old = list(expected["plugins"].get("enabled") or [])
    expected["plugins"]["enabled"] = old + [name] if enable else [n for n in old if n != name]
    import yaml

    try:
        got = yaml.safe_load(new_text)
    except yaml.YAMLError:
        got = None
    if got != expected:
        raise _by_hand(read.path, name, "the edit read back as more than that one change")
    created = read.data is None
    summary = (f"added {name!r} to plugins.enabled" if enable else f"took {name!r} out of plugins.enabled") + (
        " (a new config.yaml)" if created else ""
    )
    return _Plan(
        read,
        (b"\xef\xbb\xbf" if bom else b"") + new_text.encode("utf-8"),
        ConfigChange(read.path, True, created, summary, tuple(warnings)),
    )


def plan_plugin_enabled(home: HermesHome, name: str, enable: bool) -> ConfigChange:
    """What :func:`set_plugin_enabled` would do, writing nothing (its refusals are raised here too)."""
    return _plan(home, name, enable).change


def set_plugin_enabled(home: HermesHome, name: str, enable: bool) -> ConfigChange:
    """Add ``name`` to (or take it out of) ``plugins.enabled`` in the home's config.yaml.

    Raises :class:`FileProblem` (nothing written) for a config.yaml it cannot edit safely.
    """
    plan = _plan(home, name, enable)
    if plan.new_data is None:
        return plan.change
    path = plan.read.path
    try:
        st = os.stat(path)
        now: tuple[int, int, int] | None = (st.st_ino, st.st_size, st.st_mtime_ns)
    except FileNotFoundError:
        now = None
    if now != plan.read.stamp:
        raise FileProblem(
            f"{path} changed while hermes-dash was editing it; it was not changed.", hint="Run the command again."
        )
    write_file(path, plan.new_data)  # a config.yaml that is a link is refused, never written through
    return plan.change


__all__ = ["ConfigChange", "plan_plugin_enabled", "set_plugin_enabled"]
