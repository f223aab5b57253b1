"""`cardcore serve` in a real browser: Playwright driving a headless Chromium (Debian's; skipped,
and said so, when none is found). Few and quick: one game played by clicking, and a screenshot of
the table of every game."""

from __future__ import annotations

import json
import urllib.request

import pytest

pytestmark = pytest.mark.browser
# straight to 127.0.0.1, whatever proxy the environment names
DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def api(base: str, path: str, body: dict | None = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, headers={"Content-Type": "application/json"})
    with DIRECT.open(req) as r:
        return json.load(r)


def wait_for_my_turn(page, base: str, game_id: str) -> dict:
    page.wait_for_selector(".table-view[data-to-move=you]", timeout=15000)
    return api(base, f"/api/games/{game_id}")


def test_play_by_clicking_declare_a_meld_read_a_refusal_and_reload(browser, live_server):
    base, records = live_server
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(base + "/")
    page.check("input[name=game][value=penchant]")
    settings = page.locator(".game-settings[data-game=penchant]")
    settings.locator("select[name=level]").select_option("easy")
    page.fill("input[name=seed]", "4")
    page.click("#start-button")
    page.wait_for_url("**/play/penchant-*")
    game_id = page.url.rsplit("/", 1)[1]
    # seed 4: you lead KS; greedy answers 9S, so you win the trick and may declare your eights
    s = wait_for_my_turn(page, base, game_id)
    assert s["legal_actions"][0] == "play KS"
    page.click(".mine button[data-card=KS]")
    page.wait_for_selector("button.verb[data-verb=meld]", timeout=15000)
    assert api(base, f"/api/games/{game_id}")["legal_actions"] == ["meld 8S 8C", "pass"]
    # a pair that is no meld is refused, with the reason
    page.click(".mine button[data-card='8S']")
    page.click(".mine button[data-card=AH]")
    page.click("button.verb[data-verb=meld]")
    page.wait_for_selector("#refusal:has-text('form no meld')")
    assert api(base, f"/api/games/{game_id}")["actions"] == 2  # nothing changed
    page.click(".mine button[data-card=AH]")  # unselect it, select the other eight
    page.click(".mine button[data-card='8C']")
    page.click("button.verb[data-verb=meld]")
    page.wait_for_selector("#log :text('You declare')", timeout=15000)
    assert api(base, f"/api/games/{game_id}")["actions"] == 3
    # a reload loses nothing: the same game, and play goes on
    page.reload()
    s = wait_for_my_turn(page, base, game_id)
    assert s["actions"] >= 3
    assert page.locator("#log").inner_text().count("You declare") == 1
    card = s["legal_actions"][0].split()[1]
    page.click(f".mine button[data-card='{card}']")  # from the hand, or the table where the game allows
    page.wait_for_function(f"document.querySelector('.table-view').dataset.events != '{s['events']}'")
    assert api(base, f"/api/games/{game_id}")["actions"] > s["actions"]
    page.close()


GAMES = ["penchant", "marjolet", "penneech", "pinochle", "auction-pinochle", "partnership-auction-pinochle"]


def test_a_screenshot_of_the_table_of_every_game(browser, live_server, artifacts_dir):
    base, _records = live_server
    desktop = browser.new_page(viewport={"width": 1280, "height": 900})
    phone = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    for name in GAMES:
        game = api(base, "/api/games", {"game": name, "seed": 2, "level": "easy"})
        for page, size in ((desktop, "desktop"), (phone, "phone")):
            page.goto(base + game["url"])
            page.wait_for_selector(".table-view[data-to-move=you]", timeout=20000)
            hand = api(base, f"/api/games/{game['id']}")
            # your hand is drawn as cards, one picture per card
            shown = page.locator(".hand button.card").count()
            assert shown > 0 and page.locator(".hand svg.card-face").count() == shown
            path = artifacts_dir / f"{name}-{size}.png"
            page.screenshot(path=str(path), full_page=True)
            assert path.stat().st_size > 10_000
        assert hand["to_move"] == "you"
    desktop.close()
    phone.close()
