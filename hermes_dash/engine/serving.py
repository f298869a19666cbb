"""What the ``hermes-dash serve`` command and the app it starts agree on.

The command hands its choices to the app through environment variables (the app runs in the
same process, but Streamlit loads it as a script, so module state is not the channel), and
both sides need the same list of loopback names.
"""

from __future__ import annotations

LOOPBACK = "127.0.0.1"
#: Host names that reach this machine only: the dashboard's allow-list when it is local.
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "::1")
#: The access token the app requires when the command opened it to a network.
TOKEN_ENV = "HERMES_DASH_TOKEN"
#: The profile the command was asked to start on.
PROFILE_ENV = "HERMES_DASH_PROFILE"
