"""``hermes-dash [serve]``: start the dashboard safely from any folder.

Every option that keeps the dashboard private is passed to Streamlit as an explicit flag,
because Streamlit reads config files from several places (``~/.streamlit``, the working
folder, and on newer versions the script's folder) and flags win over all of them:

* it listens on 127.0.0.1 and its websocket accepts only loopback ``Host`` names, so a web
  page on a foreign host name that resolves to this machine (DNS rebinding) gets nothing;
* every other option that decides who may connect (CORS and its allowed origins, the origins
  that may frame and command the page, XSRF and its cookie, the agent API:
  ``hermes_dash.engine.serving.DOORS``, listed in docs/safety.md) is set to its safe value, so a
  config file or a ``STREAMLIT_*`` variable cannot widen it; usage statistics are off, and
  Streamlit is told its own address so it has no reason to look up this machine's addresses
  on the internet.

``--address ADDRESS`` opens it to a network on purpose. Then an access token is required: made
here with :mod:`secrets`, printed as part of the URL, handed to the app in
``$HERMES_DASH_TOKEN`` and checked by the app before it reads anything.

Streamlit is imported only when serving, so the other commands stay fast.
"""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path
from typing import Any

import click

from hermes_dash.engine.invocation import PROGRAM_ENV, printed_program
from hermes_dash.engine.serving import LOOPBACK, LOOPBACK_HOSTS, PROFILE_ENV, TOKEN_ENV, served_flags

from ._output import say
from ._registry import EXIT_OK, EXIT_USAGE, Args, Said, usage_error

APP = Path(__file__).parent.parent / "ui" / "app.py"


@click.command(
    cls=Said,
    help="Start the dashboard (the default when no command is given).",
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.argument("command", required=False, type=click.Choice(["serve"]), metavar="[serve]")
@click.option("--home", metavar="DIR", help="Hermes home folder (default: $HERMES_HOME, else ~/.hermes)")
@click.option("--profile", metavar="NAME", help="start on this profile (a folder under <home>/profiles/)")
@click.option("--port", type=int, metavar="PORT", help="port (default: 8501, or the next free one)")
@click.option(
    "--address",
    metavar="ADDRESS",
    help="listen on ADDRESS instead of 127.0.0.1 (opens it to a network: an access token is then required)",
)
@click.option("--no-browser", is_flag=True, help="do not open a browser")
@click.option(
    "--framed-by",
    type=int,
    metavar="PORT",
    help="let the agent's web dashboard on PORT of this machine show the page in a frame (the Memory tab "
    "passes it); no other page may frame it",
)
def _served(**values: Any) -> Args:
    """The dashboard's options (a command line with no command, or ``serve``): parsed, nothing run."""
    return Args(**values)


def streamlit_flags(address: str, port: int | None) -> list[str]:
    """The ``streamlit run`` options that keep the server private (or token-guarded)."""
    local = address in (LOOPBACK, "localhost", "::1")
    flags = {
        "server.address": address,
        "server.headless": "true",  # we open the browser ourselves; no first-run e-mail prompt
        "server.runOnSave": "false",
        "server.fileWatcherType": "none",
        "browser.gatherUsageStats": "false",
        # Streamlit prints (and compares origins with) this address instead of looking up the
        # machine's own addresses.
        "browser.serverAddress": address if address not in ("0.0.0.0", "::") else socket.gethostname(),
        "runner.magicEnabled": "false",
        # No traceback, error text or "Ask Google / Ask ChatGPT" links on a page (ui/_trouble.py).
        "client.showErrorDetails": "none",
        # One line at start-up, hermes-dash's own (_announce): not Streamlit's banner and info logs too.
        "logger.hideWelcomeMessage": "true",
        "logger.level": "warning",
    }
    if port is not None:
        flags["server.port"] = str(port)
    # Every other option that decides who may connect (CORS, its allowed origins, XSRF, the
    # agent API, ...: hermes_dash.engine.serving.DOORS), at its safe value.
    from streamlit import config

    out = served_flags(list(flags.items()), known=lambda name: name in config._config_options_template)
    # Local: loopback Host names only. Opened to a network: any Host name the network uses for
    # this machine (set explicitly, over the loopback list in .streamlit/config.toml); the
    # access token is what keeps memory private then.
    for host in LOOPBACK_HOSTS if local else ("*",):
        out += ["--server.allowedHosts", host]
    return out


def _url(address: str, port: int, token: str | None) -> str:
    host = address if address not in ("0.0.0.0", "::") else socket.gethostname()
    host = f"[{host}]" if ":" in host else host
    return f"http://{host}:{port}/" + (f"?token={token}" if token else "")


def _announce(port: int, address: str, token: str | None, open_browser: bool) -> None:
    """Once the server answers: print the address (with the token) and open the browser."""
    reach = {"0.0.0.0": LOOPBACK, "::": "::1"}.get(address, address)  # a wildcard answers on loopback too
    health = f"http://{f'[{reach}]' if ':' in reach else reach}:{port}/_stcore/health"
    import time
    import urllib.request

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(health, timeout=2):
                break
        except OSError:
            time.sleep(0.3)
    else:
        return
    url = _url(address, port, token)
    if token:
        say(
            f"\n  hermes-dash is open to the network on {address}:{port}. Anyone who can reach it "
            "needs this address, token included:\n\n  " + url + "\n\n  The token works once: the first "
            "browser to open it keeps access (reloads and new tabs included) until the server stops; any "
            "other browser is refused. Restart for a new token.\n",
            flush=True,
        )
    else:
        say(f"hermes-dash serves {url} (it answers this machine only; Ctrl+C stops it)", flush=True)
    if open_browser:
        import webbrowser

        webbrowser.open(url)


def _free_port(address: str, start: int = 8501) -> int:
    """8501, or the next port that is free on ``address``."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    for port in range(start, start + 100):
        with socket.socket(family) as probe:
            try:
                probe.bind((address, port))
            except OSError:
                continue
            return port
    return start


def main(argv: list[str]) -> int:
    try:
        args = _served.main(argv, prog_name=printed_program(), standalone_mode=False)
    except click.UsageError as exc:
        say(usage_error(exc, printed_program()), sys.stderr)
        return EXIT_USAGE
    if not isinstance(args, Args):  # --help: printed
        return EXIT_OK
    from hermes_dash import Refusal, resolve_home

    try:
        home = resolve_home(args.home, args.profile)
    except Refusal as refusal:
        say(f"Refused: {refusal.message}" + (f"\nWhat to do: {refusal.hint}" if refusal.hint else ""), sys.stderr)
        return 1
    os.environ["HERMES_HOME"] = str(home.root)
    # The app's printed commands name this program (its own sys.argv is Streamlit's).
    os.environ[PROGRAM_ENV] = printed_program()
    if args.profile:
        os.environ[PROFILE_ENV] = args.profile
    address = args.address or LOOPBACK
    token = None
    if address not in (LOOPBACK, "localhost", "::1"):
        import secrets

        token = secrets.token_urlsafe(32)
        os.environ[TOKEN_ENV] = token
    else:
        os.environ.pop(TOKEN_ENV, None)  # local: no token, the Host allow-list and loopback protect it
    port = args.port if args.port is not None else _free_port(address)
    if args.framed_by is not None and not 0 < args.framed_by < 65536:
        say(
            f"Refused: --framed-by {args.framed_by} is not a port number.\nWhat to do: Give a port from 1 to 65535.",
            sys.stderr,
        )
        return 1
    import threading

    threading.Thread(target=_announce, args=(port, address, token, not args.no_browser), daemon=True).start()
    return _run_streamlit([str(APP), *streamlit_flags(address, port)], args.framed_by)


def _run_streamlit(run_args: list[str], framed_by: int | None = None) -> int:
    import logging

    # Importing the pages' helpers declares their st.cache_data functions before Streamlit's
    # runtime exists, which Streamlit logs as a warning each: not a problem, and not news.
    from streamlit.runtime.caching import cache_data_api
    from streamlit.web import cli as streamlit_cli

    from hermes_dash import Refusal

    quiet = logging.getLogger(cache_data_api.__name__)
    level = quiet.level
    quiet.setLevel(logging.ERROR)
    try:
        from hermes_dash import ui
    finally:
        quiet.setLevel(level)

    ui.seal_network()  # before the first request can arrive
    try:
        ui.seal_frames(framed_by)  # every answer says who may frame the page (docs/safety.md)
    except Refusal as refusal:
        say(f"Refused: {refusal.message}\nWhat to do: {refusal.hint}", sys.stderr)
        return 1
    try:
        streamlit_cli.main(["run", *run_args], prog_name="hermes-dash", standalone_mode=True)
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    return 0
