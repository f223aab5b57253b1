"""The web table as a card player knows it, in a real Chromium: the seats around it, the trick in
the middle, melds before their owner, each copy of a card of its own, the end of a deal and of the
game, and the bots' thinking shown."""

from __future__ import annotations

import pytest
from test_browser import api, record_state, wait_for_my_turn

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
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{base}/play/{s['id']}")
    wait_for_my_turn(page, base, s["id"])
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
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{base}/play/{s['id']}")
    wait_for_my_turn(page, base, s["id"])
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
