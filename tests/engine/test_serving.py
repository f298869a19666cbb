"""What ``hermes-dash serve`` and the app's gate agree on, rule by rule, in this process.

The real servers (tests/cli/test_serve_doors.py, test_serve_access.py) show that the doors stay
shut end to end; they run Streamlit in a child process. Here each door's check, the refusal's
words and the flags ``serve`` passes are pinned down one value at a time.
"""

from __future__ import annotations

import pytest

from hermes_dash.engine import serving
from hermes_dash.engine.serving import DOORS, connection_problems, origin_problem, served_flags

WHY = {door.name: door.why for door in DOORS}


def _door(name: str) -> serving.Door:
    return next(door for door in DOORS if door.name == name)


@pytest.mark.parametrize(
    "origins, ok",
    [
        (None, True),  # unset: Streamlit's default, this machine only
        ("http://localhost:8501", True),  # one origin given as text
        ("http://evil.example", False),
        (["http://localhost", "http://127.0.0.1:9", "http://[::1]:8501"], True),
        (("http://localhost",), True),
        (["http://LOCALHOST"], True),
        (["http://localhost.", "localhost", "127.0.0.1:8501"], True),  # a trailing dot; no scheme
        ([" localhost ", "  http://localhost  "], True),  # spaces around, with and without a scheme
        (["", "   ", "http://localhost"], True),  # blank items are skipped
        (["   "], True),
        (["http://localhost", "http://evil.example"], False),
        (["http://localhost.evil.example"], False),
        (["http://[::1"], False),  # not a URL at all
        (["*"], False),
        ({"http://localhost": 1}, False),  # neither text nor a list
        (8501, False),
    ],
)
def test_only_loopback_origins_are_safe(origins: object, ok: bool) -> None:
    for name in ("server.corsAllowedOrigins", "client.allowedOrigins"):
        assert _door(name).safe(origins) is ok


@pytest.mark.parametrize(
    "hosts, ok",
    [
        (["localhost", "127.0.0.1", "::1"], True),
        (("localhost",), True),
        ([" LocalHost. "], True),
        (["[::1]"], True),
        (["localhost", "evil.example"], False),
        ([], False),  # an empty list: Streamlit's "every host"
        (None, False),
        ("localhost", False),  # text is not the list Streamlit reads
        (["*"], False),
    ],
)
def test_allowed_hosts_must_be_a_list_of_loopback_names(hosts: object, ok: bool) -> None:
    assert _door("server.allowedHosts").safe(hosts) is ok


@pytest.mark.parametrize(
    "value, ok",
    [
        ("127.0.0.1", True),
        (" LOCALHOST ", True),
        ("localhost.", True),
        ("[::1]", True),
        ("  [::1]", True),
        ("[::1]  ", True),
        (None, False),  # unset: every network interface
        ("", False),
        ("0.0.0.0", False),
        ("localhost.evil.example", False),
    ],
)
def test_the_server_address_must_be_a_loopback_name(value: object, ok: bool) -> None:
    assert _door("server.address").safe(value) is ok


def test_with_every_option_unset_only_the_address_and_hosts_of_a_local_server_are_wrong() -> None:
    unset = {door.name: None for door in DOORS}
    assert connection_problems(unset.get, local=False) == []
    assert connection_problems(unset.get, local=True) == [
        f"server.address = unset: {WHY['server.address']}.",
        f"server.allowedHosts = unset: {WHY['server.allowedHosts']}.",
    ]


OPEN = {
    "server.address": "0.0.0.0",
    "server.allowedHosts": ["*", "localhost"],
    "browser.serverAddress": "evil.example",
    "server.enableCORS": False,
    "global.developmentMode": True,
    "server.corsAllowedOrigins": ["http://evil.example", "http://localhost"],
    "client.allowedOrigins": "http://evil.example",
    "server.enableXsrfProtection": False,
    "server.xsrfCookieSameSite": "none",
    "server.enableAgentApi": True,
}
SHUT = {
    "server.address": "127.0.0.1",
    "server.allowedHosts": ["localhost", "127.0.0.1", "::1"],
    "browser.serverAddress": "localhost",
    "server.enableCORS": True,
    "global.developmentMode": False,
    "server.corsAllowedOrigins": ["http://127.0.0.1"],
    "client.allowedOrigins": ["http://127.0.0.1"],
    "server.enableXsrfProtection": True,
    "server.xsrfCookieSameSite": "Strict",
    "server.enableAgentApi": False,
}


def test_every_open_door_is_named_with_its_value_as_a_config_file_writes_it() -> None:
    shown = {
        "server.address": '"0.0.0.0"',
        "server.allowedHosts": '["*", "localhost"]',
        "browser.serverAddress": '"evil.example"',
        "server.enableCORS": "false",
        "global.developmentMode": "true",
        "server.corsAllowedOrigins": '["http://evil.example", "http://localhost"]',
        "client.allowedOrigins": '"http://evil.example"',
        "server.enableXsrfProtection": "false",
        "server.xsrfCookieSameSite": '"none"',
        "server.enableAgentApi": "true",
    }
    assert connection_problems(OPEN.get, local=True) == [
        f"{door.name} = {shown[door.name]}: {door.why}." for door in DOORS
    ]
    # Opened to a network (a token guards it): the three local-only doors are not asked about.
    assert connection_problems(OPEN.get, local=False) == [
        f"{door.name} = {shown[door.name]}: {door.why}." for door in DOORS if not door.local_only
    ]
    asked: list[str] = []
    connection_problems(lambda name: asked.append(name) or OPEN[name], local=False)
    assert asked == [door.name for door in DOORS if not door.local_only]
    assert connection_problems(SHUT.get, local=True) == [] == connection_problems(SHUT.get, local=False)


def test_one_door_open_among_shut_ones_is_the_one_named() -> None:
    for name in SHUT:
        options = {**SHUT, name: OPEN[name]}
        assert [p.split(" = ")[0] for p in connection_problems(options.get, local=True)] == [name]


@pytest.mark.parametrize(
    "value, shown",
    [
        (None, "unset"),
        ("", "unset"),
        (True, "true"),
        (False, "false"),
        ([], "[]"),
        (("a", "b"), '["a", "b"]'),
        ("x", '"x"'),
        (0, "0"),
        (8501, "8501"),
    ],
)
def test_a_value_is_shown_as_a_config_file_line_writes_it(value: object, shown: str) -> None:
    assert serving._shown(value) == shown


def test_the_cookie_rule_and_the_switches_take_their_defaults_as_safe() -> None:
    same_site = _door("server.xsrfCookieSameSite")
    assert same_site.safe(None) and same_site.safe("LAX") and same_site.safe("strict")
    assert not same_site.safe("none") and same_site.safe("")  # unset: lax
    for name in ("server.enableCORS", "server.enableXsrfProtection"):
        assert _door(name).safe(None) and _door(name).safe(True) and not _door(name).safe(False)
    for name in ("global.developmentMode", "server.enableAgentApi"):
        assert _door(name).safe(None) and _door(name).safe(False) and not _door(name).safe(True)
    browser = _door("browser.serverAddress")
    assert browser.safe(None) and browser.safe("") and not browser.safe("evil.example")


def test_the_origin_must_be_this_servers_host_and_port() -> None:
    assert origin_problem([], ["127.0.0.1:8501"]) is None
    assert origin_problem([], []) is None  # no Origin: not a web page, whatever the Host
    assert origin_problem([" http://LOCALHOST:8501 "], [" localhost:8501 "]) is None
    assert origin_problem(["http://localhost:8501", "http://localhost:8501"], ["LOCALHOST:8501"]) is None
    no_host = "the connection named no single server address (Host), so its page cannot be told to be this server's"
    for hosts in ([], ["  "], ["localhost:8501", "localhost:8501"]):
        assert origin_problem(["http://localhost:8501"], hosts) == no_host
    assert origin_problem(["http://localhost:8501 "], ["localhost:8501"]) is None  # a space after the origin


def test_a_foreign_origin_is_named_in_the_refusal_cut_to_200_characters() -> None:
    tail = " (host name and port): a page of another site or of another port on this machine may not read memory"
    assert origin_problem(["http://localhost:8501", " http://localhost:9000 "], ["localhost:8501"]) == (
        "the page that opened this connection is on 'http://localhost:9000', not on this dashboard's own address "
        "'localhost:8501'" + tail
    )
    long_origin, long_host = "http://" + "a" * 300, "b" * 300
    assert origin_problem([long_origin], [long_host]) == (
        f"the page that opened this connection is on {long_origin[:200]!r}, not on this dashboard's own address "
        f"{long_host[:200]!r}" + tail
    )
    assert origin_problem(["http://[::1"], ["[::1"]) is not None  # not a URL: never this server's


def test_serve_passes_each_fixed_door_then_the_extra_options_this_streamlit_knows() -> None:
    fixed = [
        "--server.enableCORS", "true",
        "--global.developmentMode", "false",
        "--server.corsAllowedOrigins", "http://127.0.0.1",
        "--client.allowedOrigins", "http://127.0.0.1",
        "--server.enableXsrfProtection", "true",
        "--server.xsrfCookieSameSite", "lax",
        "--server.enableAgentApi", "false",
    ]  # fmt: skip
    assert served_flags() == fixed
    extra = [("server.port", "8600"), ("server.address", "127.0.0.1")]
    assert served_flags(extra) == [*fixed, "--server.port", "8600", "--server.address", "127.0.0.1"]
    older = served_flags(extra, known=lambda name: name not in ("server.enableCORS", "server.enableAgentApi"))
    assert older == [*fixed[2:-2], "--server.port", "8600", "--server.address", "127.0.0.1"]
    assert served_flags(known=lambda name: False) == []
