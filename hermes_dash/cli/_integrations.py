r"""Commands where users already are: ``plugin install|remove|status``, ``merge-driver``, ``git-setup``.

Declared like the others (``@command`` and click's decorators). The modules that do the work
are imported inside each handler, so registering these costs ``show`` nothing.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import click

from hermes_dash import MemoryStore, resolve_home
from hermes_dash.engine.invocation import printed_program
from hermes_dash.engine.views.humanize import n_entries

from ._registry import EXIT_OK, EXIT_REFUSED, WHOLE_NUMBER, Args, Outcome, checked, command

if TYPE_CHECKING:
    from hermes_dash import HermesHome


_HOME_HELP = "the agent's Hermes home (default: --home before the command, $HERMES_HOME, ~/.hermes)"


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a port number") from None
    if not 0 < value < 65536:
        raise ValueError(f"{value} is not a port number from 1 to 65535")
    return value


#: ``--home`` of ``plugin`` and of each of its actions (after the action too: ``plugin install --home DIR``).
_PLUGIN_HOME = click.Option(["--home", "plugin_home"], metavar="DIR", help=_HOME_HELP)
_PORT = click.Option(
    ["--port"],
    callback=checked(_port),
    default=8501,
    metavar="PORT",
    help="the port the tab starts hermes-dash on (default 8501)",
)


def _home_of(args: Args) -> HermesHome:
    return resolve_home(args.plugin_home or args.home, args.profile)


@command(
    "plugin",
    "the Memory tab of the agent's `hermes dashboard`: plugin install|remove|status",
    needs_store=False,
    actions={  # each with its own --help: ``plugin install --help`` is install's
        "install": ("write the tab and name it in config.yaml", [_PLUGIN_HOME, _PORT]),
        "remove": ("take the tab and its config.yaml line out again", [_PLUGIN_HOME]),
        "status": ("the figures the tab shows (usage, levels, staged writes, snapshot)", [_PLUGIN_HOME]),
    },
)
@click.option("--home", "plugin_home", metavar="DIR", help=_HOME_HELP)
def _plugin(store: MemoryStore | None, args: Args) -> Outcome:
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


@command(
    "merge-driver",
    "git merge driver for MEMORY.md: merge-driver %O %A %B %P\n\n"
    "O: the common ancestor's version (git's %O). A: our version; the result is written here (git's %A). "
    "B: their version (git's %B). P: the file's path in the repository (%P).",
    needs_store=False,
)
@click.argument("base", metavar="O")
@click.argument("ours", metavar="A")
@click.argument("theirs", metavar="B")
@click.argument("path", metavar="[P]", required=False, default="MEMORY.md")
@click.option(
    "--limit",
    callback=WHOLE_NUMBER,
    metavar="LIMIT",
    default=None,
    help="character limit reported against (default by name: MEMORY.md 2,200, USER.md 1,375)",
)
def _merge_driver(store: MemoryStore | None, args: Args) -> Outcome:
    from pathlib import Path

    from hermes_dash.integrations.merge import run_driver

    report = run_driver(Path(args.base), Path(args.ours), Path(args.theirs), args.path, args.limit)
    data: dict[str, object] = {"success": report.code == 0, "conflicts": report.code != 0, "lines": list(report.lines)}
    # git shows what the driver prints; exit 1 tells it the file has conflicts.
    return Outcome(data, "\n".join(report.lines), EXIT_OK if report.code == 0 else EXIT_REFUSED)


@command(
    "git-setup",
    "use the merge driver for MEMORY.md in a git repository (idempotent)\n\n"
    "REPO: the repository's top folder (default: here).",
    needs_store=False,
)
@click.argument("repo", required=False, default=".", metavar="[REPO]")
def _git_setup(store: MemoryStore | None, args: Args) -> Outcome:
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
