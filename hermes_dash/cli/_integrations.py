r"""Commands where users already are: ``plugin install|remove|status``, ``merge-driver``, ``git-setup``.

Declared like the others (``@command`` and its ``@argument``\ s). The modules that do the work
are imported inside each handler, so registering these costs ``show`` nothing.
"""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING

from hermes_dash import MemoryStore, resolve_home
from hermes_dash.engine.invocation import printed_program
from hermes_dash.engine.views.humanize import n_entries

from ._registry import EXIT_OK, EXIT_REFUSED, Outcome, argument, command, whole_number

if TYPE_CHECKING:
    from hermes_dash import HermesHome


_HOME_HELP = "the agent's Hermes home (default: --home before the command, $HERMES_HOME, ~/.hermes)"


def _plugin_actions(p: argparse.ArgumentParser) -> None:
    """One parser per action, so ``plugin install --help`` is install's own help."""
    actions = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    for name, words in (
        ("install", "write the tab and name it in config.yaml"),
        ("remove", "take the tab and its config.yaml line out again"),
        ("status", "the figures the tab shows (usage, levels, staged writes, snapshot)"),
    ):
        q = actions.add_parser(name, help=words, description=words[0].upper() + words[1:] + ".")
        q.add_argument("--home", default=argparse.SUPPRESS, dest="plugin_home", metavar="DIR", help=_HOME_HELP)
        if name == "install":
            q.add_argument(
                "--port", type=_port, default=8501, help="the port the tab starts hermes-dash on (default 8501)"
            )


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 < value < 65536:
        raise argparse.ArgumentTypeError(f"{value} is not a port number from 1 to 65535")
    return value


def _home_of(args: argparse.Namespace) -> HermesHome:
    return resolve_home(getattr(args, "plugin_home", None) or args.home, args.profile)


@command(
    "plugin",
    "the Memory tab of the agent's `hermes dashboard`: plugin install|remove|status",
    needs_store=False,
    build=_plugin_actions,
)
@argument("--home", default=None, dest="plugin_home", metavar="DIR", help=_HOME_HELP)
def _plugin(store: MemoryStore | None, args: argparse.Namespace) -> Outcome:
    from hermes_dash.integrations import gitsetup, plugin

    home = _home_of(args)
    if args.action == "status":
        figures = plugin.status(MemoryStore.open(home.root, home.profile or "default"))
        return Outcome(figures, "\n".join(_status_lines(figures)))
    if args.action == "install":
        change = plugin.install(home, gitsetup.self_command(), gitsetup.self_env(), args.port)
    else:
        change = plugin.remove(home)
    data: dict[str, object] = {
        "success": True,
        "folder": str(change.folder),
        "written": list(change.written),
        "removed": list(change.removed),
        "config": change.config,
        "notes": list(change.notes),
    }
    return Outcome(data, "\n".join(change.lines()))


def _status_lines(figures: dict[str, object]) -> list[str]:
    """``plugin status`` as text, from the JSON object the plugin's tab reads too (plugin.status)."""
    files, waiting = figures["files"], figures["pending"]
    if not isinstance(files, list) or not isinstance(waiting, dict):
        raise TypeError(f"plugin.status gave files {type(files).__name__}, pending {type(waiting).__name__}")
    lines = [
        f"{f['file']}: {f['usage']:,}/{f['limit']:,} chars ({f['percent']}%, {f['level']}), {n_entries(f['entries'])}"
        for f in files
    ]
    lines.append(f"staged writes waiting: {waiting['count']}")
    return lines


@command("merge-driver", "git merge driver for MEMORY.md: merge-driver %%O %%A %%B %%P", needs_store=False)
@argument("base", metavar="O", help="the common ancestor's version (git's %%O)")
@argument("ours", metavar="A", help="our version; the result is written here (git's %%A)")
@argument("theirs", metavar="B", help="their version (git's %%B)")
@argument("path", metavar="P", nargs="?", default="MEMORY.md", help="the file's path in the repository (%%P)")
@argument(
    "--limit",
    type=whole_number,
    default=None,
    help="character limit reported against (default by name: MEMORY.md 2,200, USER.md 1,375)",
)
def _merge_driver(store: MemoryStore | None, args: argparse.Namespace) -> Outcome:
    from pathlib import Path

    from hermes_dash.integrations.merge import run_driver

    report = run_driver(Path(args.base), Path(args.ours), Path(args.theirs), args.path, args.limit)
    data: dict[str, object] = {"success": report.code == 0, "conflicts": report.code != 0, "lines": list(report.lines)}
    # git shows what the driver prints; exit 1 tells it the file has conflicts.
    return Outcome(data, "\n".join(report.lines), EXIT_OK if report.code == 0 else EXIT_REFUSED)


@command("git-setup", "use the merge driver for MEMORY.md in a git repository (idempotent)", needs_store=False)
@argument("repo", nargs="?", default=".", metavar="REPO", help="the repository's top folder (default: here)")
def _git_setup(store: MemoryStore | None, args: argparse.Namespace) -> Outcome:
    from hermes_dash.integrations.gitsetup import setup

    steps = setup(args.repo)
    lines = [f"{os.path.relpath(s.file, os.path.abspath(args.repo))}: {s.what}" for s in steps]
    if not any(s.changed for s in steps):
        lines.append("Already set up: nothing changed.")
    else:
        lines.append(
            "Commit .gitattributes so everyone's clone uses the driver; each clone runs "
            f"`{printed_program()} git-setup` once (git never takes a merge driver from a repository)."
        )
    return Outcome(
        {"success": True, "steps": [{"file": str(s.file), "changed": s.changed, "what": s.what} for s in steps]},
        "\n".join(lines),
    )
