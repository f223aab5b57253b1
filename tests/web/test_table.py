"""The web table as a card player knows it, in a real Chromium: the seats around it, the trick in
the middle, melds before their owner, each copy of a card of its own, the end of a deal and of the
game, and the bots' thinking shown."""

from __future__ import annotations

import pytest
from test_browser import api, open_at_my_turn, record_state, wait_for_my_turn

pytestmark = pytest.mark.browser


def advance(base: str, game: dict, done) -> dict:
    """Move (you: your first legal action; a bot: one step) until ``done(state)``."""
    s = game
    for _ in range(3000):
        if done(s) or s["finished"]:
            return s
        if s["to_move"] == "you":
            s = api(base, f"/api/games/{s['id']}/actions", {"action": s["legal_actions"][0]})
        else:
            s = api(base, f"/api/games/{s['id']}/step", {})
    raise AssertionError("the game did not reach the position")


def box(page, selector: str) -> dict:
    b = page.locator(selector).first.bounding_box()
    return {**b, "cx": b["x"] + b["width"] / 2, "cy": b["y"] + b["height"] / 2}


@pytest.mark.parametrize("width", [1280, 390])
def test_the_seats_sit_around_the_table_and_each_trick_card_lies_before_its_seat(browser, live_server, width):
    # four seats: West (the next to play, on your left), North (across), East (on your right)
    base, records = live_server
    s = api(base, "/api/games", {"game": "partnership-auction-pinochle", "seed": 3, "level": "easy"})
    s = advance(base, s, lambda x: x["to_move"] == "you" and x["legal_actions"][0].startswith("play ")
                and record_state(records, x["id"]).observation(0)["trick"])
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(base + s["url"] if "url" in s else f"{base}/play/{s['id']}")
    wait_for_my_turn(page, base, s["id"])
    west, north, east = (s["names"].index(n) for n in ("West", "North", "East"))
    me, left, top, right = (box(page, sel) for sel in (
        ".mine", f".seat[data-seat='{west}']", f".seat[data-seat='{north}']", f".seat[data-seat='{east}']"))
    assert left["cx"] < top["cx"] < right["cx"] and top["cy"] < left["cy"] < me["cy"]
    assert abs(left["cy"] - right["cy"]) < 5 and me["y"] >= left["y"] + left["height"] - 1
    # each card of the trick lies towards the seat that played it
    trick = box(page, ".trick")
    played = record_state(records, s["id"]).observation(0)["trick"]
    for p in played:
        card = box(page, f".trick figure.played[data-seat='{p['seat']}']")
        where = {west: card["cx"] < trick["cx"], east: card["cx"] > trick["cx"],
                 north: card["cy"] < trick["cy"]}[p["seat"]]
        assert where, (p, card, trick)
    page.close()


def test_melds_shown_lie_before_their_owner_as_cards_and_the_facts_are_a_score_sheet(browser, live_server):
    # Partnership Auction Pinochle shows melds at the first trick (PB95): each seat's melds are
    # drawn as cards in its place, named with their points; the scores are a sheet (a grid of
    # points by source per side), not a block of text about each seat
    base, records = live_server
    s = api(base, "/api/games", {"game": "partnership-auction-pinochle", "seed": 3, "level": "easy"})
    s = advance(base, s, lambda x: x["to_move"] == "you" and x["actions"] >= 12)
    obs = record_state(records, s["id"]).observation(0)
    assert obs["melds"], "no meld was shown"
    page, _ = open_at_my_turn(browser, base, s["id"])
    for seat in range(4):
        melds = [m for m in obs["melds"] if m["player"] == seat]
        where = ".mine" if seat == 0 else f".seat[data-seat='{seat}']"
        figures = page.locator(f"{where} .melds figure.meld")
        assert figures.count() == len(melds)
        for k, m in enumerate(melds):
            figure = figures.nth(k)
            shown = [svg.get_attribute("aria-label").rsplit("(", 1)[1].rstrip(")")
                     for svg in figure.locator("svg.card-face").all()]
            assert shown == m["cards"] and figure.locator("figcaption").inner_text() == f"{m['name']} {m['points']}"
    sheet = page.locator(".sheet table.grid")
    assert sheet.locator("th").first.inner_text().startswith("Scores")
    assert "You and North" in sheet.inner_text() and "deal points" in sheet.inner_text()
    # the seats' hands and standing are in the picture, not repeated as text
    assert "cards in hand" not in page.locator(".sheet").inner_text()
    assert page.locator(".sheet .facts dt", has_text="Contract").count() == 1  # what the bid still needs
    page.close()


def game_at(base: str, records, actions: list[str], **body) -> dict:
    """A new game (seed 4, easy bots) moved on by ``actions``, as a record an earlier page or the
    terminal wrote: the server reads it at the next request."""
    from cardcore.records import read_record, write_record

    s = api(base, "/api/games", {"seed": 4, "level": "easy", **body})
    path = records / f"{s['id']}.json"
    write_record(path, {**read_record(path), "actions": actions})
    return api(base, f"/api/games/{s['id']}")


def test_each_copy_of_a_twin_is_selected_and_cards_in_melds_shown_are_marked_at_the_discard(browser, live_server):
    # Auction Pinochle, seed 4: you bid 300 and name spades; from eighteen cards you showed two
    # dix (9♠ each), which PB95 forbids to discard ("any three which have not been used in melds")
    base, records = live_server
    s = game_at(base, records, ["pass", "bid 300", "pass", "trump S"], game="auction-pinochle")
    assert s["legal_actions"][0].startswith("discard ")
    page, _ = open_at_my_turn(browser, base, s["id"])
    locked = [b.get_attribute("data-card") for b in page.locator(".hand button.card.locked").all()]
    assert locked == ["9S", "9S"]
    assert page.locator(".locked-note").is_visible()
    kings = page.locator(".hand button.card[data-card=KS]")
    assert kings.count() == 2
    kings.nth(0).click()
    kings.nth(1).click()  # the second copy is selected beside the first, not instead of it
    assert page.locator(".hand button.card.selected[data-card=KS]").count() == 2
    assert page.locator("#selected").inner_text() == "KS KS"
    page.locator(".hand button.card[data-card=AH]").first.click()
    page.click("button.verb[data-verb=discard]")
    page.wait_for_function(f"document.querySelector('.table-view').dataset.events != '{s['events']}'", timeout=15000)
    assert record_state(records, s["id"]).actions[4] == "discard KS KS AH"
    page.close()


def first_moves(game: str, seed: int, until) -> tuple[list[str], list[int]]:
    """The actions of a game where every seat makes its first legal move (never a claim) until
    ``until(state)``, and the seat that made each."""
    from cardcore.cli_options import make_game

    state, seats = make_game(game, [], None).new_game(seed=seed), []
    while not until(state):
        seats.append(state.current_player)
        state.apply(next(a for a in state.legal_actions() if a != "out"))
    return list(state.actions), seats


def test_the_end_of_a_deal_stays_on_the_table_until_next_deal(browser, live_server):
    # two-hand Pinochle, seed 4: your last card of the first deal; the bot's last card ends it.
    # As the terminal waits for Enter, the deal's points by source stay shown, the bots wait
    actions, seats = first_moves("pinochle", 4, lambda st: len(st.rounds) == 2)
    yours = max(i for i, seat in enumerate(seats) if seat == 0)
    base, records = live_server
    s = game_at(base, records, actions[:yours], game="pinochle")
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    steps: list[str] = []
    page.on("request", lambda r: r.url.endswith("/step") and steps.append(r.url))
    page.goto(f"{base}/play/{s['id']}")
    wait_for_my_turn(page, base, s["id"])
    page.click(f".mine button.card[data-card='{s['legal_actions'][0].split()[1]}']")
    page.wait_for_selector("#deal-end", state="visible", timeout=15000)
    assert page.locator("#table").is_hidden()
    grid = page.locator("#deal-end table.grid")
    assert grid.locator("th").first.inner_text() == "End of round 1"
    assert "round points" in grid.inner_text() and "game total" in grid.inner_text()
    asked = len(steps)
    page.wait_for_timeout(1500)
    after = api(base, f"/api/games/{s['id']}")
    assert len(steps) == asked and after["round"] == 2  # the next deal is dealt, and nobody moves in it
    assert after["actions"] == len(actions)
    page.reload()  # the deal's end still waits for you
    page.wait_for_selector("#deal-end", state="visible", timeout=15000)
    assert page.locator("#deal-end table.grid th").first.inner_text() == "End of round 1"
    page.click("#next-deal")
    assert page.locator("#deal-end").is_hidden()
    page.wait_for_selector(".status-bar:has-text('round 2')")
    page.close()


def test_the_end_of_the_game_shows_the_result_and_hides_what_is_over(browser, live_server):
    # two-hand Pinochle, seed 4: you call Out at 0 of 1000, wrongly, and lose (PB95); the table
    # shows the result as the terminal prints it, and only what still means something is offered
    base, records = live_server
    s = api(base, "/api/games", {"game": "pinochle", "seed": 4, "level": "easy"})
    s = advance(base, s, lambda x: x["to_move"] == "you" and x["legal_actions"][0].startswith("play "))
    end = api(base, f"/api/games/{s['id']}/actions", {"action": "out", "confirm": True})
    assert end["finished"]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{base}/play/{s['id']}")
    page.wait_for_selector(".table-view[data-finished=true]", timeout=15000)
    assert page.locator(".result .game-over").inner_text().startswith("Game over: Bot wins by")
    assert page.locator(".result table.grid").count() == 2  # the deal's points, and the game's rounds
    for control in ("[data-text=moves]", "[data-text=hint]", "#undo", "#typed"):
        assert page.locator(control).is_hidden(), control
    page.click("[data-text=help]")
    page.wait_for_selector("#panel-body:has-text('Game over')")
    assert "Cards:" in page.locator("#panel-body").inner_text()
    assert "is over" not in page.locator("#panel-body").inner_text()
    page.close()


def test_the_history_and_score_panels_follow_the_game_and_an_undo_is_no_refusal(browser, live_server):
    # Penchant, seed 4: you lead K♠, the bot answers 9♠, you declare the eights (8♠ 8♣)
    base, records = live_server
    s = api(base, "/api/games", {"game": "penchant", "seed": 4, "level": "easy"})
    page, _ = open_at_my_turn(browser, base, s["id"])
    page.click("[data-text=history]")
    page.wait_for_selector("#panel-body:has-text('No trick played yet.')")
    page.click(".mine button[data-card=KS]")
    page.wait_for_selector("#panel-body:has-text('You K♠, Bot 9♠')", timeout=15000)
    page.click("[data-text=score]")
    page.wait_for_selector("#panel-body table.grid")
    assert "meld:" not in page.locator("#panel-body").inner_text()
    page.click(".mine button[data-card='8S']")
    page.click(".mine button[data-card='8C']")
    page.click("button.verb[data-verb=meld]")
    page.wait_for_selector("#panel-body:has-text('meld:')", timeout=15000)
    page.click("#undo")
    page.wait_for_selector("#notice:has-text('Undone:')")
    assert page.locator("#refusal").inner_text() == ""
    page.close()


def test_a_bot_slow_to_move_is_shown_thinking_and_its_level_is_set_at_the_table(browser, live_server):
    from cardcore.cli_options import make_game
    from cardcore.players import level_bot

    base, records = live_server
    s = api(base, "/api/games", {"game": "penchant", "seed": 4, "level": "easy"})
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    held = []  # the bot's move, kept back as a hard bot's long thought
    page.route("**/step", lambda route: held.append(route))
    page.goto(base + s["url"])
    wait_for_my_turn(page, base, s["id"])
    page.click(".mine button[data-card=KS]")
    page.wait_for_selector("#turn.thinking:has-text('Bot is thinking…')", timeout=15000)
    page.unroute("**/step")
    page.wait_for_selector(".table-view[data-to-move=you]", timeout=15000)
    # the bot's level, from the table: the record says who sits there from now on
    level = page.locator(".seat[data-seat='1'] select.bot-level")
    assert level.input_value() == "easy"
    level.select_option("hard")
    page.wait_for_selector("#notice:has-text('Bot is now')")
    hard = level_bot("hard", make_game("penchant", [], None))
    assert api(base, f"/api/games/{s['id']}")["players"] == ["human", hard]
    from cardcore.records import read_record
    assert read_record(records / f"{s['id']}.json")["players"] == ["human", hard]
    assert page.locator(".seat[data-seat='1'] select.bot-level").input_value() == "hard"
    page.close()


def test_on_a_phone_the_bid_box_and_the_hand_are_in_the_first_screen(browser, live_server):
    # Auction Pinochle from seat 1, at your first bid: the box is in sight without scrolling
    base, records = live_server
    s = api(base, "/api/games", {"game": "auction-pinochle", "seed": 4, "level": "easy", "seat": 1})
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(base + s["url"])
    wait_for_my_turn(page, base, s["id"])
    bid = box(page, "form.amount[data-verb=bid] button")
    assert bid["y"] + bid["height"] <= 844, bid
    assert page.evaluate("window.scrollY") == 0
    page.close()
