"""Where the agent runs, and which entries speak of another machine (docs/cleanup.md#paths).

A path "not found on this machine" says something only when the agent runs on this machine.
What tells is the agent's own record: the working folders of its sessions in ``state.db``
(:func:`hermes_dash.engine.views.sessions.working_folders`). When one of them is a folder here,
the agent runs here; when none is recorded or none is here (the dashboard reads a home synced
from a server, a container, another laptop), no path is looked up at all. ``~`` in the memory is
the agent's user's home: the folder holding ``.hermes``, else the home folder of the user who
owns the Hermes home, never the dashboard's own ``~`` by accident.

An entry that names another machine is never looked up, whatever its path: a host or server
(``web-1``, ``fs-01``, ``db.internal``, ``user@host:``, an IP address), a container, VM or
cluster, a hosting platform or cloud drive, a device (phone, NAS, SD card, router, board). The
classes are words of a kind plus the shapes of host names, not a list of the cases seen.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from hermes_dash.engine.views.sessions import working_folders

#: Nouns for a machine other than the one the agent runs on (a class of words, by kind).
_MACHINE = (
    r"servers?|hosts?|boxe?s?|vms?|vps|nodes?|instances?|droplets?|runners?|clusters?|containers?|pods?|"
    r"images?|sandbox|guests?|remotes?|mainframes?|workers?\s+machines?|machines?|computers?|workstations?|"
    r"laptops?|desktops?|macbooks?|imacs?|mac\s+minis?|macs?|pcs?|devcontainers?|codespaces?|farms?|"
    r"buckets?|(?:network|smb|nfs|samba|file)\s+shares?|hosting|"
    r"servidor(?:es)?|serveurs?|rechner|build\s+agents?|jails?|chroots?"
)
_DEVICE = (
    r"phones?|smartphones?|iphones?|ipads?|tablets?|kindles?|nas|routers?|printers?|cameras?|devices?|"
    r"boards?|microcontrollers?|esp32|arduino|raspberry\s+pis?|pis?|pi-?\d+|sd\s+cards?|sd|usb\s+(?:sticks?|drives?)|"
    r"external\s+(?:drives?|disks?)|thumb\s+drives?|registers?|tills?|consoles?|headsets?"
)
_PLATFORM = (
    r"heroku|vercel|netlify|fly\.io|fly|render|railway|aws|ec2|s3|lambda|gcs|gcp|google\s+cloud|azure|"
    r"digitalocean|hetzner|linode|ovh|scaleway|cloudflare|github(?:\s+actions)?|gitlab|bitbucket|codespaces?|"
    r"google\s+drive|drive|dropbox|onedrive|icloud|sharepoint|box\.com|synology|qnap|unraid|truenas|proxmox|"
    r"kubernetes|k8s|k3s|docker|compose|wsl|staging|production|prod|ci|colab|kaggle|slurm|hpc|"
    r"jenkins|buildkite|circleci|travis|hostinger|ionos|godaddy|bluehost|siteground|kinsta|wp\s+engine|"
    r"squarespace|wix|shopify|firebase|supabase|backblaze|b2|r2|wasabi|nextcloud|owncloud|mega|pcloud|"
    r"cpanel|plesk|sftp|ftp|cloud"
)
_OTHER = re.compile(
    rf"\b(?:on|at|in|inside|from|via|to|under)\s+(?:(?:the|my|our|a|an|his|her|their|each|every|that|"
    rf"shared|remote|other|old|new|work|office|home|build|backup|field|station|main|second|spare|"
    rf"production|staging|prod|dev|test|ci|[\w.'’-]+)\s+){{0,3}}(?:{_MACHINE}|{_DEVICE}|{_PLATFORM})\b"
    rf"|\b(?:the|my|our|a|an|his|her|their)\s+(?:old|other|previous|work|office|home|second|spare|remote|shared|"
    rf"family|studio|render|build|media|backup|gpu|client's|client’s)\s+(?:{_MACHINE}|{_DEVICE})\b"
    rf"|\b(?:{_MACHINE}|{_DEVICE})(?:\s+[\w.-]+)?\s+(?:named|called)\b"
    rf"|^\s*(?:the|our|my|their|his|her)\s+(?:[\w-]+\s+){{0,2}}(?:{_MACHINE}|{_DEVICE})\b(?!\s+(?:is|are)\s+(?:here|this))"
    r"|\bssh\b|\bscp\b|\brsync\b|\bsftp\b|\w@[\w.-]+:|://"
    r"|\b\d{1,3}(?:\.\d{1,3}){3}\b"  # an IP address
    r"|\b(?:on|at|from|via)\s+(?:[a-z][\w]*-\d+[a-z]?|[a-z]+\d+[a-z]?|[\w-]+\.(?:internal|local|lan|arpa|home|corp|"
    r"intra|svc|cluster\.local)|(?:[\w-]+\.)+(?:com|net|org|io|dev|app|de|fr|uk|eu|cloud))\b",
    re.IGNORECASE,
)
#: "this machine", "this laptop", "here": the machine the agent runs on, named as such.
_THIS = re.compile(rf"\b(?:this|the\s+local|locally\s+on\s+the)\s+(?:{_MACHINE})\b|\blocally\b", re.IGNORECASE)


def elsewhere(entry: str) -> bool:
    """True when the entry names another host, server, container, platform or device."""
    m = _OTHER.search(entry)
    if not m:
        return False
    # "in this container" is where the agent runs; any other machine named beside it still counts.
    return not (_THIS.search(m.group(0)) and not _OTHER.search(_THIS.sub(" ", entry)))


@dataclass(frozen=True)
class Where:
    """Where the agent runs, as its own sessions tell it."""

    home: str  # what ``~`` means in the memory: the agent's user's home folder
    folders: tuple[str, ...] = ()  # its sessions' working folders (state.db), newest first
    here: tuple[str, ...] = ()  # those of them that are folders on this machine

    @property
    def runs_here(self) -> bool:
        return bool(self.here)

    def expand(self, path: str) -> str:
        """``~`` and ``~/x`` for the agent's user (``~name`` as the system knows it)."""
        if path == "~" or path.startswith("~/"):
            return self.home + path[1:]
        return os.path.expanduser(path)

    def why_not(self) -> str:
        """Why no path was looked up (when the agent does not run here)."""
        if not self.folders:
            return (
                "No path was looked up: the agent's sessions (state.db) record no working folder, so "
                "nothing says it runs on this machine. To have paths checked, open the dashboard on the "
                "machine where the agent runs, on the home it uses, once it has run a session there "
                "(the session's working folder, recorded in state.db, says it runs here)."
            )
        shown = ", ".join(self.folders[:2]) + (", …" if len(self.folders) > 2 else "")
        return (
            f"No path was looked up: the agent ran in {shown}, and no such folder is on this machine, "
            "so it runs elsewhere and its paths are not this machine's to check."
        )


def agent_home(hermes_home: Path) -> str:
    """The agent's user's home folder: the parent of the ``.hermes`` folder the home is in, else
    the home folder of the user who owns it, else this process's ``~``."""
    path = Path(os.path.abspath(hermes_home))
    for folder in (path, *path.parents):
        if folder.name == ".hermes":
            return str(folder.parent)
    try:
        import pwd

        return pwd.getpwuid(os.stat(path).st_uid).pw_dir
    except (ImportError, KeyError, OSError):
        return os.path.expanduser("~")


def where(hermes_home: Path, state_db: Path) -> Where:
    """Where the agent of ``hermes_home`` runs, from its sessions' working folders."""
    home = agent_home(hermes_home)
    folders = working_folders(state_db)
    probe = Where(home, folders)
    here = tuple(f for f in folders if os.path.isdir(probe.expand(f)))
    return Where(home, folders, here)
