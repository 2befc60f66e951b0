"""Where the browser tests find headless Chromium, and what they do without it: skip with the
reason, except in CI, where they fail (tests/test_page.py, tests/web/test_e2e.py)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Optional

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")


def browser_missing(chromium: Optional[Path] = None) -> Optional[str]:
    """Why the browser tests cannot run here, or None."""
    chromium = chromium or CHROMIUM
    if not (chromium.exists() and CHROMEDRIVER.exists()):
        return f"Chromium is not installed ({chromium}, {CHROMEDRIVER}); .ci/run installs it"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install '.[test]')"
    return None


def need_browser(chromium: Optional[Path] = None) -> None:
    """Skip when the browser is missing, with the reason; in CI fail instead."""
    why = browser_missing(chromium)
    if why:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the browser tests: {why}.")
        pytest.skip(why)
