"""The start page in a real Chromium: short enough that Start is in sight on a desktop and on a
phone whatever game is chosen, the options folded until asked for."""

from __future__ import annotations

import pytest
from test_browser import installed_games

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("width,height", [(1280, 900), (390, 844)])
def test_start_is_in_sight_without_scrolling_for_every_game(browser, live_server, width, height):
    base, _records = live_server
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(base + "/")
    for name in installed_games():
        page.select_option("select[name=game]", name)
        start = page.locator("#start-button").bounding_box()
        assert start["y"] + start["height"] <= height, (name, start)
        assert page.locator(f".game-settings[data-game='{name}'] select[name=seat]").is_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= width, name
    # the options are there, folded: opened, each is a control
    page.select_option("select[name=game]", "pinochle")
    settings = page.locator(".game-settings[data-game=pinochle]")
    assert not settings.locator("[data-option]").first.is_visible()
    settings.locator("details.options summary").click()
    assert settings.locator("[data-option]").first.is_visible()
    page.close()


def test_the_page_opens_on_the_game_last_started(browser, live_server):
    base, _records = live_server
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(base + "/")
    page.select_option("select[name=game]", "marjolet")
    page.select_option(".game-settings[data-game=marjolet] select[name=level]", "easy")
    page.click("#start-button")
    page.wait_for_url("**/play/marjolet-*")
    page.goto(base + "/")
    assert page.locator("select[name=game]").input_value() == "marjolet"
    assert page.locator(".game-settings[data-game=marjolet]").is_visible()
    page.close()
