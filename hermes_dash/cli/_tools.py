"""Command-line tools that need no Hermes home: ``check`` (for commit hooks) and ``demo``.

Registered on :mod:`hermes_dash.cli` like the curation commands; their handlers get no store,
so a missing or broken home (or a bad ``active_profile``) never stops them.
"""

from __future__ import annotations

import click

from hermes_dash import MemoryStore
from hermes_dash.engine.views.humanize import n_of

from ._registry import EXIT_OK, EXIT_REFUSED, WHOLE_NUMBER, Args, Outcome, command


@command(
    "check",
    "check memory files as the agent reads them (for commit hooks); writes nothing\n\n"
    "FILE: the files to check (default: the home's memory files).",
    needs_store=False,
)
@click.argument("files", nargs=-1, metavar="[FILE]...")
@click.option(
    "--limit",
    callback=WHOLE_NUMBER,
    default=None,
    metavar="N",
    help="character limit (default by name: MEMORY.md 2,200, USER.md 1,375)",
)
@click.option(
    "--strict",
    is_flag=True,
    help="also fail on hermes-dash's own warnings beyond the agent's rules (hidden text: invisible "
    "characters and look-alike letters the agent's content scan lets through; possible secrets)",
)
def _check_cmd(store: MemoryStore | None, args: Args) -> Outcome:
    from hermes_dash.curation.check import check_file
    from hermes_dash.curation.secrets import deadline

    until = deadline()  # one secret-scan budget for the whole command
    results = [
        check_file(path, args.limit, strict=args.strict, until=until) for path in args.files or _home_files(args)
    ]
    ok = all(r.ok for r in results)
    lines = []
    for r in results:
        size = f"{r.usage:,}/{r.limit:,} characters" if r.usage is not None and r.limit is not None else ""
        if r.ok:
            lines.append(f"{r.path}: ok ({size}, {r.entry_count} entr{'y' if r.entry_count == 1 else 'ies'})")
        else:
            failed = len(r.problems) + (len(r.warnings) if r.strict else 0)
            lines.append(f"{r.path}: {failed} problem{'' if failed == 1 else 's'}" + (f" ({size})" if size else ""))
            lines.extend(f"  - {p}" for p in r.problems)
        # hermes-dash's own warnings: shown always, failing the check only with --strict
        lines.extend(f"  - {'' if r.strict else 'warning (fails only with --strict): '}{w}" for w in r.warnings)
    data: dict[str, object] = {"success": ok, "files": [r.to_dict() for r in results]}
    if not ok:
        bad = [r.path for r in results if not r.ok]
        data["code"] = "check_failed"
        data["error"] = (
            f"{len(bad)} of {n_of(len(results), 'file')} would not be read cleanly by the agent: {', '.join(bad)}."
        )
    return Outcome(data, "\n".join(lines), EXIT_OK if ok else EXIT_REFUSED)


@command("demo", "make a demo home and print its path (old copies are removed)", needs_store=False)
@click.option("--clean", is_flag=True, help="remove every demo copy instead, and make none")
def _demo_cmd(store: MemoryStore | None, args: Args) -> Outcome:
    from hermes_dash import demo

    if args.clean:
        removed = demo.remove_all_copies()
        text = (
            f"Removed {len(removed)} demo cop{'y' if len(removed) == 1 else 'ies'} from {demo.copies_parent()}."
            if removed
            else "No demo copies to remove."
        )
        return Outcome({"success": True, "removed": [str(p) for p in removed]}, text)
    parent = demo.copies_parent()
    removed = demo.remove_old_copies(parent) if parent is not None else []
    home = demo.create_demo_home()
    text = str(home)
    if removed:
        text += f"\n(removed {len(removed)} demo cop{'y' if len(removed) == 1 else 'ies'} untouched for a day)"
    return Outcome({"success": True, "home": str(home), "removed": [str(p) for p in removed]}, text)


def _home_files(args: Args) -> list[str]:
    """No FILE: the memory files of the home (``--home``/``--profile``, else the default one)."""
    from hermes_dash import InvalidRequest, resolve_home
    from hermes_dash.engine.rules.format import FILENAMES, TARGETS

    home = resolve_home(args.home, args.profile)
    found = [str(home.file_path(t)) for t in TARGETS if home.file_path(t).exists()]
    if not found:
        raise InvalidRequest(
            f"{home.memories_dir} holds neither {FILENAMES['memory']} nor {FILENAMES['user']}: nothing to check.",
            hint="Give the files to check (`check FILE...`), or the home that holds them with --home.",
        )
    return found
