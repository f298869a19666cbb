"""The Memory tab of the agent's web dashboard: install, remove, and the figures it shows.

``hermes dashboard`` (hermes-agent 0.19.0, ``hermes_cli/web_server.py``) loads a user plugin from
``<home>/plugins/<name>/dashboard/manifest.json`` when ``config.yaml`` names it under
``plugins.enabled``; its ``entry`` script registers a component with
``window.__HERMES_PLUGINS__.register``, and its ``api`` file's ``router`` is mounted at
``/api/plugins/<name>/`` when the dashboard starts. So install writes that folder and adds the
name to the list (the engine's careful config edit), and remove undoes both.

The folder is hermes-dash's only when its record file (:data:`RECORD`) says so and every file is
as hermes-dash wrote it: anything else of that name is refused, never overwritten or deleted.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
from dataclasses import dataclass, field
from pathlib import Path

from hermes_dash import FileProblem, HermesHome, InvalidRequest, MemoryStore, Refusal, __version__
from hermes_dash.engine.agents import agent_for_home
from hermes_dash.engine.config import plan_plugin_enabled, set_plugin_enabled
from hermes_dash.engine.io.atomic import write_file
from hermes_dash.engine.io.outside import json_from_outside
from hermes_dash.engine.io.readfile import MAX_PACKAGE_FILE_BYTES, read_regular
from hermes_dash.engine.rules.format import TARGETS, level

NAME = "hermes-dash"
LABEL = "Memory"
RECORD = ".hermes-dash-plugin.json"
DEFAULT_PORT = 8501
ASSETS = Path(__file__).parent / "tab"
_MAX_RECORD = 1 << 20
_SETTINGS_START, _SETTINGS_END = "# -- decided at install time --\n", "# -- end --\n"


@dataclass(frozen=True)
class PluginChange:
    """What install or remove did, line by line, for people; and the same as data."""

    folder: Path
    written: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    config: str = ""
    notes: tuple[str, ...] = field(default=())

    def lines(self) -> list[str]:
        out = [f"wrote {self.folder / rel}" for rel in self.written]
        out += [f"removed {self.folder / rel}" for rel in self.removed]
        out += [f"config.yaml: {self.config}"] if self.config else []
        return out + list(self.notes)


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _api_source(command: list[str], env: dict[str, str], home: HermesHome, port: int) -> bytes:
    source = read_regular(ASSETS / "plugin_api.py", MAX_PACKAGE_FILE_BYTES)[0].decode("utf-8")
    head, _, rest = source.partition(_SETTINGS_START)
    _, _, tail = rest.partition(_SETTINGS_END)
    settings = (
        f"COMMAND: list[str] = {command!r}\nENV: dict[str, str] = {env!r}\nHOME = {str(home.root)!r}\n"
        f"PROFILE = {home.profile or 'default'!r}\nPORT = {port!r}\n"
    )
    return (head + _SETTINGS_START + settings + _SETTINGS_END + tail).encode("utf-8")


def _manifest() -> bytes:
    return (
        json.dumps(
            {
                "name": NAME,
                "label": LABEL,
                "icon": "Database",
                "version": __version__,
                "description": "MEMORY.md and USER.md: usage, staged writes, changes since the session's snapshot; "
                "opens hermes-dash for browsing and editing.",
                "tab": {"path": "/memory", "position": "after:sessions"},
                "entry": "dist/index.js",
                "api": "plugin_api.py",
            },
            indent=2,
        )
        + "\n"
    ).encode("utf-8")


def files_for(command: list[str], env: dict[str, str], home: HermesHome, port: int) -> dict[str, bytes]:
    """The plugin's files, relative to its folder, and their bytes."""
    return {
        "dashboard/manifest.json": _manifest(),
        "dashboard/dist/index.js": read_regular(ASSETS / "index.js", MAX_PACKAGE_FILE_BYTES)[0],
        "dashboard/plugin_api.py": _api_source(command, env, home, port),
    }


def machine_home(home: HermesHome) -> HermesHome:
    """Where the tab lives: the root home. The agent's dashboard is one per machine; started from a
    profile it re-runs itself on the root home, and reads plugins and config.yaml there."""
    return HermesHome(home.root, home.root)


def folder_of(home: HermesHome) -> Path:
    return machine_home(home).path / "plugins" / NAME


def _no_links(home: HermesHome, folder: Path) -> None:
    """Every folder from the home down to the plugin's is a real folder (or absent), never a link."""
    for path in (home.path / "plugins", folder, folder / "dashboard", folder / "dashboard" / "dist"):
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            continue
        if stat.S_ISLNK(st.st_mode) or not stat.S_ISDIR(st.st_mode):
            raise FileProblem(
                f"{path} is {'a symbolic link' if stat.S_ISLNK(st.st_mode) else 'not a folder'}; "
                "hermes-dash writes its tab only into plain folders of the home.",
                hint=f"Move {path} away, then run the command again.",
            )


def _others_may_write(st: os.stat_result) -> str | None:
    """Who besides this user may change entries of a folder with this ``stat``; None when nobody.
    The sticky bit (``/tmp``'s ``t``) keeps others from renaming or replacing what is ours."""
    if st.st_mode & stat.S_ISVTX:
        return None
    if st.st_uid not in (os.geteuid(), 0):
        return f"it belongs to another user (uid {st.st_uid})"
    if st.st_mode & stat.S_IWOTH:
        return "every user may write it"
    if st.st_mode & stat.S_IWGRP:
        import grp

        try:
            group = grp.getgrgid(st.st_gid)
            members = set(group.gr_mem)
        except KeyError:
            return f"the group {st.st_gid} may write it"
        if st.st_gid != os.getegid() or members - {_user_name()}:
            return f"the group {group.gr_name!r} may write it"
    return None


def _user_name() -> str:
    import pwd

    try:
        return pwd.getpwuid(os.geteuid()).pw_name
    except KeyError:
        return ""


def _only_ours(home: HermesHome, folder: Path) -> None:
    """Refuse a folder on the way to the tab that other users may write (no sticky bit): one of
    them could swap the ``plugin_api.py`` that the agent's dashboard imports and runs."""
    for path in (home.path, home.path / "plugins", folder, folder / "dashboard", folder / "dashboard" / "dist"):
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            continue
        if (who := _others_may_write(st)) is not None:
            raise FileProblem(
                f"{path} is a folder others may write ({who}, mode {stat.S_IMODE(st.st_mode):o}): another user "
                "could replace the tab's code, which the agent's dashboard runs. Nothing was written.",
                hint=f"Make it yours alone (`chmod go-w {path}`), then run the command again.",
            )


def _present(folder: Path) -> dict[str, bytes | None]:
    """Every file in the plugin folder (relative path -> bytes; None for what is not a plain file),
    leaving out the bytecode Python caches beside plugin_api.py when it was imported."""
    found: dict[str, bytes | None] = {}
    for root, dirs, names in os.walk(folder):
        here = Path(root)
        for d in list(dirs):
            if (here / d).is_symlink():
                found[str((here / d).relative_to(folder))] = None
                dirs.remove(d)
        for name in names:
            path = here / name
            rel = str(path.relative_to(folder))
            if here.name == "__pycache__" and name.endswith(".pyc") and not path.is_symlink():
                continue
            try:
                found[rel] = read_regular(path, _MAX_RECORD, follow=False)[0]
            except (OSError, Refusal):
                found[rel] = None
    return found


def _ownership(folder: Path) -> dict[str, str]:
    """The record of what hermes-dash wrote (relative path -> sha256); refusal if the folder is not ours."""
    not_ours = InvalidRequest(
        f"{folder} holds a plugin named {NAME!r} that hermes-dash did not write (no {RECORD} from hermes-dash).",
        hint="hermes-dash leaves it alone: move or rename that folder if you want the Memory tab there.",
    )
    try:
        record = json_from_outside(read_regular(folder / RECORD, _MAX_RECORD, follow=False)[0], max_depth=4)
    except FileNotFoundError:
        raise not_ours from None
    except (OSError, Refusal, ValueError):
        raise not_ours from None
    files = record.get("files") if isinstance(record, dict) and record.get("written_by") == "hermes-dash" else None
    if not isinstance(files, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in files.items()):
        raise not_ours
    return files


def _foreign(folder: Path, recorded: dict[str, str]) -> list[str]:
    """Files in the folder that are not hermes-dash's as it wrote them."""
    present = _present(folder)
    out = []
    for rel, data in sorted(present.items()):
        if rel == RECORD:
            continue
        if rel not in recorded:
            out.append(f"{rel} (not written by hermes-dash)")
        elif data is None or _sha(data) != recorded[rel]:
            out.append(f"{rel} (changed since hermes-dash wrote it)")
    return out


def _refuse_foreign(folder: Path, holds: str, nothing: str, instead: str) -> None:
    """Refuse an install or a remove while the folder holds a file hermes-dash did not write, or
    one changed since it wrote it: that file would be overwritten or deleted."""
    foreign = _foreign(folder, _ownership(folder))
    if foreign:
        raise InvalidRequest(
            f"{folder} holds files hermes-dash {holds}: " + "; ".join(foreign) + f". Nothing was {nothing}.",
            hint=f"Move those files out of the folder (or {instead}), then run the command again.",
        )


def install(home: HermesHome, command: list[str], env: dict[str, str], port: int = DEFAULT_PORT) -> PluginChange:
    """Write the tab into the root home's plugins folder and name it in ``plugins.enabled``; the
    tab shows ``home`` (a profile's home when one was chosen)."""
    if not home.path.is_dir():
        raise InvalidRequest(
            f"There is no Hermes home at {home.path}.",
            hint="Give the agent's home with --home (the folder with config.yaml and memories/).",
        )
    if not 0 < port < 65536:
        raise InvalidRequest(f"{port} is not a port number.", hint="Give a port from 1 to 65535.")
    folder, root = folder_of(home), machine_home(home)
    _no_web_dashboard(root.path)
    _no_links(root, folder)
    _only_ours(root, folder)
    previous: dict[str, bytes | None] = {}
    if folder.exists():
        _refuse_foreign(folder, "would overwrite or did not write", "changed", "the folder away")
        previous = _present(folder)
    config = plan_plugin_enabled(root, NAME, True)  # a config.yaml that cannot be edited refuses here, first
    files = files_for(command, env, home, port)
    record = json.dumps(
        {
            "written_by": "hermes-dash",
            "version": __version__,
            "port": port,
            "command": command,
            "files": {rel: _sha(data) for rel, data in files.items()},
        },
        indent=1,
    ).encode("utf-8")
    written = []
    try:
        for rel, data in [*files.items(), (RECORD, record)]:
            path = folder / rel
            if previous.get(rel) != data:
                write_file(path, data, mode=0o600)
                written.append(rel)
        config = set_plugin_enabled(root, NAME, True)
    except (Refusal, OSError):
        _restore(folder, previous, written)
        raise
    notes = list(config.warnings)
    notes.append(
        f"The tab {LABEL!r} appears when `hermes dashboard` next starts (it loads plugins when it "
        f"starts); it opens hermes-dash on http://127.0.0.1:{port}/."
    )
    if not written and not config.changed:
        notes.insert(0, f"The tab was already installed in {folder}, as this hermes-dash writes it: nothing changed.")
    return PluginChange(
        folder,
        tuple(w for w in written if w != RECORD) + ((RECORD,) if RECORD in written else ()),
        (),
        config.summary,
        tuple(notes),
    )


def _no_web_dashboard(root: Path) -> None:
    """Refuse when the agent found for the home ships no web front end (``hermes_cli/web_dist``:
    the axisrow repack and the iot fork leave it out), unless ``HERMES_WEB_DIST`` names one: its
    ``hermes dashboard`` has no page for the tab, and an install would be a silent no-op."""
    info = agent_for_home(root)
    if info.web_dashboard is not False or os.environ.get("HERMES_WEB_DIST"):
        return
    raise InvalidRequest(
        f"This Hermes has no web dashboard: {info.describe()}; its package ships no hermes_cli/web_dist, "
        "the page `hermes dashboard` serves and the Memory tab would live in. Nothing was installed.",
        hint="Use hermes-dash on its own (`hermes-dash serve`), or install the tab for an agent that has "
        "the dashboard (hermes-agent, or the installer's git checkout with its web front end built).",
    )


def _restore(folder: Path, previous: dict[str, bytes | None], written: list[str]) -> None:
    """Put the folder back as it was after a failed install (best effort; the refusal is what counts)."""
    for rel in written:
        old = previous.get(rel)
        try:
            if old is None:
                (folder / rel).unlink()
            else:
                write_file(folder / rel, old, mode=0o600)
        except (OSError, Refusal):
            pass
    if not previous:
        shutil.rmtree(folder, ignore_errors=True)


def remove(home: HermesHome) -> PluginChange:
    """Take the tab out of the root home: its files (only if all are as hermes-dash wrote them) and its name."""
    folder, root = folder_of(home), machine_home(home)
    _no_links(root, folder)
    if not folder.exists():
        config = set_plugin_enabled(root, NAME, False)
        return PluginChange(folder, (), (), config.summary, (f"There is no {folder}: no files to remove.",))
    _refuse_foreign(folder, "did not write as they are", "removed", "remove the folder yourself")
    plan_plugin_enabled(root, NAME, False)  # refuses first, before a file is gone
    removed = []
    for rel in sorted(_present(folder), key=lambda r: (r == RECORD, r)):
        (folder / rel).unlink()
        removed.append(rel)
    for where, _, _ in os.walk(folder, topdown=False):  # deepest first; a folder left non-empty stays
        if Path(where).name == "__pycache__":
            shutil.rmtree(where, ignore_errors=True)  # only bytecode caches are left in one (checked above)
        else:
            try:
                Path(where).rmdir()
            except OSError:
                pass
    config = set_plugin_enabled(root, NAME, False)
    notes = [] if not folder.exists() else [f"{folder} is not empty and was left in place."]
    notes.append(
        "The tab is gone from `hermes dashboard` at its next page load, and the dashboard answers its "
        "backend's routes with 404 from now on (it checks plugins.enabled on every request)."
    )
    return PluginChange(folder, (), tuple(removed), config.summary, tuple(notes))


def status(store: MemoryStore) -> dict[str, object]:
    """What the tab shows: per file usage, limit, level and counts; staged writes; the snapshot's news."""
    from hermes_dash.engine.views.snapshot import diff_live, newest_snapshot

    try:
        chosen = newest_snapshot(store)
    except (Refusal, OSError):
        chosen = None
    files = []
    for target in TARGETS:
        state = store.read(target)
        since = None
        if chosen is not None:
            counts = diff_live(store, chosen[0], target).counts
            since = {
                "added": counts["added"],
                "changed": counts["changed"],
                "removed": counts["removed"],
                "unchanged": counts["unchanged"],
            }
        files.append(
            {
                "target": target,
                "file": state.filename,
                "usage": state.usage,
                "limit": state.limit,
                "percent": state.percent,
                "level": level(state.usage, state.limit),
                "entries": len(state.entries),
                "over_budget": state.over_budget,
                "drift": bool(state.drift),
                "enabled": store.settings.enabled(target),
                "error": state.error,
                "exists": state.exists,
                "since_snapshot": since,
            }
        )
    from hermes_dash.curation.pending import list_pending

    try:
        pending = len(list_pending(store))
    except (Refusal, OSError):
        pending = 0
    snapshot = None
    if chosen is not None:
        snap = chosen[0]
        snapshot = {
            "source": snap.source,
            "session_id": chosen[1],
            "taken_at": snap.taken_at.isoformat(timespec="seconds") if snap.taken_at else None,
        }
    return {
        "success": True,
        "home": str(store.home.root),
        "profile": store.home.profile,
        "files": files,
        "pending": {"count": pending},
        "snapshot": snapshot,
        "warnings": list(store.settings.warnings),
    }
