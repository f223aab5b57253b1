"""`cardcore serve` in a real browser: Playwright driving a headless Chromium (Debian's; skipped,
and said so, when none is found). Few and quick: one game played by clicking, and a screenshot of
the table of every game."""

from __future__ import annotations

import json
import time
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


def open_at_my_turn(browser, base: str, game_id: str):
    """A desktop page of the game, once it is your turn there, and the game as the API then gives it."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{base}/play/{game_id}")
    return page, wait_for_my_turn(page, base, game_id)


def test_play_by_clicking_declare_a_meld_read_a_refusal_and_reload(browser, live_server):
    base, records = live_server
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(base + "/")
    page.select_option("select[name=game]", "penchant")
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


def installed_games() -> list[str]:
    """Every game installed, as the start page lists them: a new game gets its screenshot."""
    from cardcore.plugins import get_games

    return sorted(get_games())


def record_state(records, game_id: str):
    from cardcore.records import read_record, replay

    return replay(read_record(records / f"{game_id}.json"))


@pytest.fixture(scope="module")
def screens(browser):
    """A desktop's page and a phone's, shared by the screenshots of the games."""
    desktop = browser.new_page(viewport={"width": 1280, "height": 900})
    phone = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    yield (desktop, "desktop"), (phone, "phone")
    desktop.close()
    phone.close()


@pytest.mark.parametrize("name", installed_games())
def test_a_screenshot_of_the_table_of_every_game(screens, live_server, artifacts_dir, name):
    base, records = live_server
    game = api(base, "/api/games", {"game": name, "seed": 2, "level": "easy"})
    for page, size in screens:
        page.goto(base + game["url"])
        page.wait_for_selector(".table-view[data-to-move=you]", timeout=20000)
        hand = api(base, f"/api/games/{game['id']}")
        # your hand is drawn as cards, one picture per card
        shown = page.locator(".hand button.card").count()
        assert shown > 0 and page.locator(".hand svg.card-face").count() == shown
        # trump (or none yet, where a declaration sets it later), the stock, the round, the scores
        obs = record_state(records, game["id"]).observation(hand["seat"])
        status = page.locator(".status-bar").inner_text()
        assert ("round 1" in status or "one deal" in status) and f"Stock: {obs['stock_left']}" in status
        assert "Trump: none yet" in status if obs["trump"] is None else "Trump: none" not in status
        for seat, name_of_seat in enumerate(hand["names"]):
            if seat != hand["seat"]:
                assert page.locator(f".seat[data-seat='{seat}'] .seat-name").inner_text().endswith(f"· {hand['scores'][seat]}")
        # nothing wider than the screen: no sideways scrolling on a phone
        assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
        path = artifacts_dir / f"{name}-{size}.png"
        page.screenshot(path=str(path), full_page=True)
        assert path.stat().st_size > 10_000
    assert hand["to_move"] == "you"


def test_a_bezique_table_shows_the_melds_on_the_table_and_those_to_score(browser, live_server, artifacts_dir):
    base, records = live_server
    # Cinq Cents (Single Bezique), seed 1: the person declares a meld when one is offered (the last
    # listed), else takes the first move;
    # a second meld shown at the same turn waits "to score" (Penguin p. 94; rules/bezique.yaml)
    s = api(base, "/api/games", {"game": "cinq-cents", "seed": 1, "level": "easy"})
    for _ in range(60):
        state = record_state(records, s["id"])
        waiting = [m for m in state.observation(0)["melds"] if m["player"] == 0 and m.get("status") == "waiting"]
        if waiting and s["to_move"] == "you":
            break
        if s["to_move"] == "you":
            melds = [a for a in s["legal_actions"] if a.startswith("meld ")]
            s = api(base, f"/api/games/{s['id']}/actions", {"action": melds[-1] if melds else s["legal_actions"][0]})
        else:
            s = api(base, f"/api/games/{s['id']}/step", {})
    assert waiting, "no meld came to wait to score"
    obs = state.observation(0)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{base}/play/{s['id']}")
    page.wait_for_selector(".table-view[data-to-move=you]", timeout=20000)
    facts = page.locator(".facts").inner_text()
    for m in obs["melds"]:
        if m["player"] == 0:
            status = " (to score)" if m.get("status") == "waiting" else " (lapsed)" if m.get("status") == "lapsed" else ""
            assert f"{m['name']} {m['points']}{status}" in facts
    # the declared cards lie on your table, playable from there, and the counted cards are told
    on_table = [b.get_attribute("data-card") for b in page.locator(".own-table button.card").all()]
    assert sorted(on_table) == sorted(obs["tableaus"][0]) and set(waiting[0]["cards"]) <= set(on_table)
    sheet = [row.inner_text().split("\t") for row in page.locator(".sheet table.grid tr").all()]
    assert ["counters won", str(obs["counters"]["counters"][0]), str(obs["counters"]["counters"][1])] in sheet
    assert ["game total", *map(str, s["scores"])] in sheet
    page.screenshot(path=str(artifacts_dir / "cinq-cents-to-score-desktop.png"), full_page=True)
    page.close()


def test_a_bid_above_the_listed_ones_typed_in_the_bid_box(browser, live_server):
    base, records = live_server
    s = api(base, "/api/games", {"game": "auction-pinochle", "seed": 4, "level": "easy", "seat": 1})
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(base + s["url"])
    s = wait_for_my_turn(page, base, s["id"])
    low = min(int(a.split()[1]) for a in s["legal_actions"] if a.startswith("bid "))
    box = page.locator("form.amount[data-verb=bid] input")
    assert box.input_value() == str(low)
    box.fill(str(low + 5))  # not a multiple of ten: the engine's rule says so
    page.click("form.amount[data-verb=bid] button")
    page.wait_for_selector("#refusal:has-text('in multiples of 10')")
    box.fill(str(low + 90))
    page.click("form.amount[data-verb=bid] button")
    page.wait_for_selector(f"#log :text('You bid {low + 90}')", timeout=15000)
    assert f"bid {low + 90}" in record_state(records, s["id"]).actions
    page.close()


def test_a_pinochle_claim_is_asked_to_be_confirmed(browser, live_server):
    # PB95, Two-hand Pinochle: whoever calls Out "loses if he is wrong". At 0 of 1000 the claim
    # is no button; typed, the page asks first: dismissed, nothing happens; accepted, it is made
    base, records = live_server
    s = api(base, "/api/games", {"game": "pinochle", "seed": 4, "level": "easy"})
    page, s = open_at_my_turn(browser, base, s["id"])
    assert page.locator("button.move[data-action=out]").count() == 0
    asked = []

    def answer(accept):
        def on_dialog(dialog):
            asked.append(dialog.message)
            dialog.accept() if accept else dialog.dismiss()
        return on_dialog

    page.once("dialog", answer(False))
    page.fill("#move-text", "out")
    page.press("#move-text", "Enter")
    page.wait_for_selector("#notice:has-text('No claim: play on.')")  # no refusal: your choice
    assert asked[0].startswith("Claim the game (out)? Your score is 0, the target 1000")
    assert api(base, f"/api/games/{s['id']}")["actions"] == s["actions"]
    page.once("dialog", answer(True))
    page.fill("#move-text", "out")
    page.press("#move-text", "Enter")
    page.wait_for_selector("#log :text('You claim the game: wrong.')", timeout=15000)
    assert len(asked) == 2 and record_state(records, s["id"]).summary()["result"]["claim"]["right"] is False
    page.close()


def test_the_watch_page_speed_control_and_pause(browser, live_server):
    base, _records = live_server
    s = api(base, "/api/games", {"game": "penchant", "seed": 3, "watch": True, "bots": ["greedy"], "level": None})
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    steps: list[float] = []  # when the page asked for each bot move
    page.on("request", lambda r: r.url.endswith("/step") and steps.append(time.monotonic()))
    page.goto(base + s["url"])
    page.wait_for_function("document.querySelectorAll('#log .log-say').length >= 3", timeout=20000)
    # slow: the page waits two seconds before asking for each move (at least: a busy machine is slower)
    page.select_option("#speed", "2")
    asked = len(steps)
    deadline = time.monotonic() + 30
    while len(steps) < asked + 2 and time.monotonic() < deadline:
        page.wait_for_timeout(200)
    assert len(steps) >= asked + 2
    assert steps[asked + 1] - steps[asked] >= 1.9
    # paused: no move is asked for any more, however long one waits
    page.click("#pause")
    assert page.locator("#pause").inner_text() == "Play on"
    held = len(steps)
    page.wait_for_timeout(2500)
    assert len(steps) == held
    moves = api(base, f"/api/games/{s['id']}")["actions"]
    # fastest, and play on: the bots move again
    page.select_option("#speed", "0.05")
    page.click("#pause")
    assert page.locator("#pause").inner_text() == "Pause"
    deadline = time.monotonic() + 30
    while api(base, f"/api/games/{s['id']}")["actions"] < moves + 4 and time.monotonic() < deadline:
        page.wait_for_timeout(200)
    assert api(base, f"/api/games/{s['id']}")["actions"] >= moves + 4
    page.close()


def test_undo_while_a_bot_move_is_asked_for_says_only_what_was_undone(browser, live_server):
    base, _records = live_server
    s = api(base, "/api/games", {"game": "penchant", "seed": 4, "level": "easy"})
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    held = []  # the bot move the page asks for after yours, kept back until the undo is done
    page.route("**/step", lambda route: held.append(route))
    page.goto(base + s["url"])
    wait_for_my_turn(page, base, s["id"])
    page.click(".mine button[data-card=KS]")  # seed 4: you lead KS
    page.wait_for_function("document.querySelector('.table-view').dataset.toMove == 'bot'")
    while not held:
        page.wait_for_timeout(50)
    page.click("#undo")
    page.wait_for_selector("#notice:has-text('Undone: 1 move')")
    page.unroute("**/step")  # lets the kept request go: asked for before the undo, it is refused now
    page.wait_for_timeout(500)
    assert page.locator("#notice").inner_text().startswith("Undone: 1 move")
    assert api(base, f"/api/games/{s['id']}")["actions"] == 0
    page.wait_for_selector(".table-view[data-to-move=you]")
    page.close()


def test_the_saved_games_fit_a_phone(browser, live_server):
    base, _records = live_server
    api(base, "/api/games", {"game": "partnership-auction-pinochle", "seed": 1, "level": "easy"})
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(base + "/saved")
    assert page.locator("table.saved tbody tr").count() >= 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.close()


def click_the_move(page, action: str) -> None:
    """Make ``action`` as a person does: click the card, the move's button, or the cards and the
    verb's button (a meld, a discard)."""
    verb, *words = action.split()
    if verb == "play":
        page.click(f".mine button.card[data-card='{words[0]}']")
    elif page.locator(f"form.amount[data-verb='{verb}']").count():  # a bid: its amount typed
        page.fill(f"form.amount[data-verb='{verb}'] input[name=amount]", words[0])
        page.click(f"form.amount[data-verb='{verb}'] button[type=submit]")
    elif page.locator(f"button.move[data-action='{action}']").count():
        page.click(f"button.move[data-action='{action}']")
    else:
        for card in words:
            page.click(f".mine button.card[data-card='{card}']")
        page.click(f"button.verb[data-verb='{verb}']")


@pytest.mark.parametrize("name", installed_games())
def test_every_game_is_played_by_clicking(screens, live_server, name):
    base, _records = live_server
    s = api(base, "/api/games", {"game": name, "seed": 5, "level": "easy"})
    page = screens[1][0]  # at a phone's width
    page.goto(base + s["url"])
    for _ in range(3):  # three turns of yours, whatever they ask: a card, a bid, a meld, a pass
        s = wait_for_my_turn(page, base, s["id"])
        action = s["legal_actions"][0]
        click_the_move(page, action)
        page.wait_for_function(f"document.querySelector('.table-view').dataset.events != '{s['events']}'",
                               timeout=15000)
        after = api(base, f"/api/games/{s['id']}")
        assert after["actions"] > s["actions"], (name, action)
        assert page.locator("#refusal").inner_text() == ""
