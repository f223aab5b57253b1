"""Where the browser tests find a Chromium, and (run as a script, as `make test` does) a clear line
saying whether they will run or be skipped.

Playwright's own browser download cannot be used here, so the tests drive an installed Chromium:
$CARDCORE_CHROMIUM, else Debian's `chromium` (apt-get install chromium) or another on the PATH."""

from __future__ import annotations

import importlib.util
import os
import shutil

NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def chromium_path() -> str | None:
    given = os.environ.get("CARDCORE_CHROMIUM")
    if given:
        return given if os.access(given, os.X_OK) else None
    return next((found for found in map(shutil.which, NAMES) if found), None)


def why_skipped() -> str | None:
    """None when the browser tests can run, else why not."""
    if importlib.util.find_spec("playwright") is None:
        return "the playwright package is not installed (pip install -e '.[test]')"
    if chromium_path() is None:
        return "no Chromium found (apt-get install chromium, or set CARDCORE_CHROMIUM)"
    return None


if __name__ == "__main__":
    reason = why_skipped()
    if reason:
        print(f"*** The browser tests (tests/web/test_browser.py) will be SKIPPED: {reason}. ***")
    else:
        print(f"The browser tests will run with {chromium_path()}.")
