"""No silent skips in CI: under CI=true a skipped test fails the run.

A test that skips in CI guards nothing where it matters most. Under CI=true a skip is reported as
a failure unless its reason contains one of CI_ALLOWED_SKIPS (each a condition CI cannot change).
tests/conftest.py imports the hook, so it runs in every pytest process: in the one process of a
plain run, and in each worker of a parallel one (pytest-xdist sends the changed report on).
tests/meta/test_test_runner.py checks both.
"""

from __future__ import annotations

import os

import pytest

CI_ALLOWED_SKIPS: tuple[str, ...] = (
    "set HD_INSTALL_TESTS=1",  # the pip-install test runs in .ci/run's own step, not in the main run
)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):
    outcome = yield
    report = outcome.get_result()
    if not report.skipped or hasattr(report, "wasxfail") or os.environ.get("CI", "").lower() != "true":
        return
    longrepr = report.longrepr
    reason = longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else str(longrepr)
    if any(allowed in reason for allowed in CI_ALLOWED_SKIPS):
        return
    report.outcome = "failed"
    report.longrepr = (
        f"{item.nodeid} skipped under CI=true: {reason}\n"
        "CI must run every test. Make the condition hold in CI (scripts/test installs what "
        "the tests need), or add the reason to CI_ALLOWED_SKIPS in tests/support/ci_skips.py."
    )
