"""A real headless Chromium for the web tests (and the screenshots): Debian's chromium driven through its
chromium-driver by Selenium, with the flags this closed network needs and a fresh profile. Never downloads one."""

from __future__ import annotations

import asyncio
import os
import tempfile
from collections.abc import Callable
from typing import Any, TypeVar

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
# As root on a machine without network: no sandbox, and nothing that calls home (refused connections otherwise).
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--hide-scrollbars", "--force-device-scale-factor=1")
# How far the widest table is wider than the box it scrolls in (0 or less: every table fits).
TABLES_WIDER = ("return Math.max(0, ...Array.from(document.querySelectorAll('table'), "
                "t => Math.ceil(t.getBoundingClientRect().width) - t.parentElement.clientWidth))")
PHONE = (390, 844)
DESKTOP = (1280, 900)
T = TypeVar("T")


class BrowserMissing(RuntimeError):
    """Chromium or ChromeDriver is not installed: .ci/chromium.sh installs them."""


def start_browser(accept_language: str | None = None) -> tuple[webdriver.Chrome, tempfile.TemporaryDirectory[str]]:
    """A fresh headless Chromium; `accept_language` ("de", "en-XA"): the languages it asks pages for, as a reader's
    browser set to that language does."""
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.access(path, os.X_OK):
            raise BrowserMissing(f"{path} not found: run `bash .ci/chromium.sh` (as root it installs Debian's "
                                 "chromium and chromium-driver), or set CHROMIUM and CHROMEDRIVER")
    profile = tempfile.TemporaryDirectory(prefix="tabletop-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={profile.name}", f"--window-size={DESKTOP[0]},{DESKTOP[1]}"):
        options.add_argument(flag)
    if accept_language is not None:
        options.add_argument(f"--lang={accept_language}")
        options.add_experimental_option("prefs", {"intl.accept_languages": accept_language})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    driver.set_page_load_timeout(30)
    return driver, profile


async def call(function: Callable[..., T], *args: Any) -> T:
    """A blocking WebDriver call off the event loop, which serves the pages meanwhile."""
    return await asyncio.to_thread(function, *args)


async def until(driver: webdriver.Chrome, script: str, timeout: float = 10.0) -> Any:
    """Wait until `script` (a JavaScript expression) is truthy in the page; its value."""
    return await call(lambda: WebDriverWait(driver, timeout, poll_frequency=0.05).until(
        lambda d: d.execute_script(f"return {script}")))


async def screenshot(driver: webdriver.Chrome, url: str, path: str, size: tuple[int, int]) -> int:
    """Open `url` at `size` and save a full-height screenshot; returns how far the page is wider than the window."""
    await call(driver.set_window_size, *size)
    await call(driver.get, url)
    await until(driver, "document.readyState === 'complete' && Array.from(document.images).every("
                        "i => i.complete && i.naturalWidth > 0)")
    height = await call(driver.execute_script, "return document.documentElement.scrollHeight")
    await call(driver.set_window_size, size[0], min(max(int(height) + 120, size[1]), 4000))
    overflow = int(await call(driver.execute_script,
                              "return document.documentElement.scrollWidth - document.documentElement.clientWidth"))
    await call(driver.save_screenshot, path)
    return overflow
