"""The Sharing page, drawn: is MEMORY.md a link into a team repository (and committed), is USER.md kept private;
export both files (JSON, Markdown, secrets optionally redacted); compare two profiles.
"""

from __future__ import annotations

import json

import pandas as pd
import streamlit as st

from hermes_dash import MemoryStore, resolve_home, ui
from hermes_dash.curation import export, sharing
from hermes_dash.engine.rules.format import FILENAMES
from hermes_dash.engine.views.humanize import n_of

# git's two-letter status, in words: the index (staged) first, then the file on disk.
_STAGED = {
    "A": "added to git but not committed",
    "M": "changes staged but not committed",
    "D": "deleted from git's index",
}
_ON_DISK = {"M": "changed since the last commit", "D": "deleted from disk"}


def git_words(status: str) -> str:
    """git's short status (``"M MEMORY.md"``, stripped as ``--porcelain`` output was) as a newcomer
    reads it: "changed since the last commit". Stripped, a lone letter is the file on disk's
    (``" M"``) when one space follows it, the index's (``"M "``) when two do."""
    head, _, rest = status.partition(" ")
    code = head if len(head) == 2 else head + " " if rest.startswith(" ") else " " + head
    if code == "??":
        return "not in git yet (never added)"
    if code == "UU":
        return "in an unfinished git merge"
    said = [_STAGED[code[0]]] if code[:1] in _STAGED else []
    said += [_ON_DISK[code[1]]] if code[1:2] in _ON_DISK else []
    return "; ".join(said) or status


def home_path(store: MemoryStore, path: object) -> str:
    """A path as the table shows it: inside the Hermes home (named at the top of the page) as
    ``<home>/memories/MEMORY.md``, short enough for one line; elsewhere whole."""
    from pathlib import Path

    full, root = Path(str(path)), Path(store.home.root)
    try:
        return str(Path("<home>") / full.relative_to(root.resolve()))
    except ValueError:
        return str(full)


def show(store: MemoryStore) -> None:
    """The page: links and git, the export, two profiles compared."""
    ui.page_title("Sharing and export")
    team_sharing(store)
    export_section(store)
    compare_profiles(store)


def team_sharing(store: MemoryStore) -> None:
    """Each file: a link or not, where it really is, its repository and git status; then warnings."""
    st.header("Team sharing", anchor=False)
    st.caption(
        "A common team setup keeps MEMORY.md as a symbolic link into a project repository and USER.md "
        "private. Read from the repository's own files; no git program runs and nothing is fetched."
    )
    report = sharing.sharing(store)
    rows = file_rows(store, report)
    shown = [c for c in rows[0] if c != "Points to" or any(r["Points to"] for r in rows)] if rows else None
    st.dataframe(
        pd.DataFrame(rows),
        hide_index=True,
        key="sh_table",
        column_order=shown,  # no empty "Points to" column when no file is a link
        row_height=ui.ROW_HEIGHT,
        height=ui.table_height(len(rows)),
        column_config={
            "File": st.column_config.TextColumn(width=96, pinned=True),
            "Kind": st.column_config.TextColumn(width=90),
            "Points to": st.column_config.TextColumn(width=110),
            # A path wraps anywhere in a grid cell ("…/memories/U | SER.md"): as wide as the longest one
            # needs (about 7 px a character), up to what the page leaves at 1400 px.
            "Real path": st.column_config.TextColumn(
                width=min(500, max(190, 7 * max((len(r["Real path"]) for r in rows), default=0) + 16)),
                help="Where the file really is (a link followed); <home> is the Hermes home named at the top",
            ),
            "Repository": st.column_config.TextColumn(width=130),
            "Tracked": st.column_config.TextColumn(width=70, help="Tracked by git"),
            "Uncommitted changes": st.column_config.TextColumn(
                "Uncommitted", width=110, help="Uncommitted changes in git"
            ),
        },
    )
    for warning in report.warnings:
        with st.container(border=True):
            st.warning("**Check this**")
            st.text(warning)  # holds paths and git output: plain text
    if not report.warnings:
        st.caption("Nothing to warn about.")


def file_rows(store: MemoryStore, report: sharing.SharingReport) -> list[dict[str, str]]:
    """One row a file for the sharing table."""
    report = sharing.sharing(store)
    rows: list[dict[str, str]] = []
    for f in report.files:
        git = f.git
        if git.problem:
            repo = f"git: {git.problem}"
        elif git.repo is None:
            repo = "not in a git repository"
        else:
            repo = str(git.repo)
        rows.append(
            {
                "File": f.filename,
                "Kind": "symbolic link" if f.is_link else ("file" if f.exists else "missing"),
                "Points to": f.link_text or "",
                "Real path": home_path(store, f.resolved),
                "Repository": repo,
                "Tracked": "" if git.tracked is None else ("yes" if git.tracked else "no"),
                "Uncommitted changes": ""
                if git.dirty is None
                else ("yes: " + git_words(git.status) if git.dirty else "no"),
            }
        )
    return rows


def export_section(store: MemoryStore) -> None:
    """Both files as JSON or Markdown, secret-looking strings redacted unless asked not to."""
    st.header("Export", anchor=False)
    fmt = st.radio(
        "Format",
        ("json", "markdown"),
        horizontal=True,
        key="sh_format",
        format_func={"json": "JSON", "markdown": "Markdown"}.get,
    )
    redact = st.checkbox("Redact secret-looking strings (keys, tokens, passwords in URLs)", value=True, key="sh_redact")
    exported = export.export_data(store, redact_secrets=redact)
    if fmt == "json":
        body, mime, name = (
            json.dumps(exported.data, ensure_ascii=False, indent=1),
            "application/json",
            "hermes-memory.json",
        )
    else:
        body, mime, name = export.to_markdown(exported), "text/markdown", "hermes-memory.md"
    if redact:
        st.caption(
            f"{n_of(exported.redacted, 'string')} redacted. Redaction is a best-effort safety net: read the "
            "export before sharing it."
        )
    st.download_button(f"Download {name}", body.encode("utf-8"), file_name=name, mime=mime, key="sh_download")
    with st.expander("Preview"):
        st.code(body, language=None, wrap_lines=True)


def compare_profiles(store: MemoryStore) -> None:
    """Two profiles of the home, entry by entry."""
    st.header("Compare two profiles", anchor=False)
    profiles = ["default", *store.home.profiles()]
    if len(profiles) < 2:
        st.caption(
            f"There is only the default profile in {ui.lit(store.home.root)}; "
            "profiles live in `<home>/profiles/<name>/`."
        )
        return
    left, right = st.columns(2)
    if st.session_state.get("sh_a") not in profiles:
        st.session_state.sh_a = profiles[0]
    if st.session_state.get("sh_b") not in profiles:
        st.session_state.sh_b = profiles[1]
    a = left.selectbox("Profile A", profiles, key="sh_a")
    b = right.selectbox("Profile B", profiles, key="sh_b")
    rows_ = export.compare(MemoryStore(resolve_home(store.home.root, a)), MemoryStore(resolve_home(store.home.root, b)))
    words = {"same": "same", "changed": "different wording", "only_a": f"only in {a}", "only_b": f"only in {b}"}
    # The file goes in front of the difference, in one label column: a column of its own left the two
    # texts 78 px each on a phone, where words broke mid-way ("MEMORY.m d", "everywher e").
    ui.diff_table(
        [f"{FILENAMES[r.target]}: {words[r.kind]}" for r in rows_],
        [r.a for r in rows_],
        [r.b for r in rows_],
        key="sh_compare",
        kind_label="Difference",
        labels=(f"A: {a}", f"B: {b}"),
        help=(f"The entry in profile {a}", f"The entry in profile {b}"),
        visible=8,  # two whole profiles can differ in every entry: the table scrolls, the page stays short
    )
    counts = {k: sum(r.kind == k for r in rows_) for k in words}
    st.caption(
        f"{counts['same']} same, {counts['changed']} worded differently, {counts['only_a']} only in {ui.lit(a)}, "
        f"{counts['only_b']} only in {ui.lit(b)}."
    )
