"""The table as a new player reads it (issue 11): no melds where none may be declared, points
shown as they are earned, the last trick, trick obligations in words, the phase banner within 80
columns, Penneech's declined throw-in and its cards row explained."""

from __future__ import annotations

import io
import random

from rich.console import Console

from cardcore import load_game
from cardcore.text import facts
from cardcore.text.lines import Names, plain
from cardcore.play.view import RichView
from cardcore.tricks import FollowRule

from penchant.conftest import meal_position  # the scripted Meal of tests/penchant
from .conftest import declare_state, find_state

YOU = Names(["You", "Bot"], me=0)


def rows(state, seat=0) -> dict[str, str]:
    return {label: plain(line) for label, line in facts.table_facts(state, seat, YOU).rows}


def help_text(state, seat=0) -> str:
    return "\n".join(f"{title}: " + " | ".join(plain(x) for x in lines)
                     for title, lines in facts.help_sections(state, seat, YOU))


def grid_rows(grid) -> dict[str, list[str]]:
    return {plain(row[0]): [plain(c) for c in row[1:]] for row in grid.rows}


def rich_text(draw) -> str:
    out = io.StringIO()
    view = RichView(Console(file=out, width=80, force_terminal=True, color_system=None, legacy_windows=False))
    draw(view)
    return out.getvalue()


# ------------------------------------------------------------------------------ the Meal
def test_the_meal_shows_no_melds_in_the_table_or_in_help():
    # K l.115: "No melds can be declared once the stock is gone." Seat 0 holds JS QH, a penchant
    # (back in hand from the table), which neither the table nor help may offer any more.
    s = meal_position()
    s.apply("play 7D")  # seat 1 leads; seat 0 to play
    assert "Your melds" not in rows(s)
    text = help_text(s)
    assert "could be declared" not in text and "Melds in your hand" not in text
    assert "meld QS JH" not in text and "declare the meld" not in text
    # the tables went back to hand (K l.115) and nothing can come back to them: no empty rows
    assert "Your table" not in rows(s) and "Bot's table" not in rows(s)


def test_the_gathering_still_shows_the_melds_held():
    s = declare_state()  # seat 1 won the first trick; seat 0 holds twins 7S 7H among others
    assert "Your melds" in rows(s, 0)
    assert "meld QS JH" in help_text(s, 0)


# ------------------------------------------------------------------------------ points as earned
def test_points_won_in_the_meal_show_as_they_are_earned():
    # Phase one (tests/penchant/conftest.py): seat 0 took AS TS AH TH 7H AC 7C TD, 8 brisques,
    # seat 1 none. K, Scoring: the book bonus goes to the player with most brisques, per brisque
    # over six; modern scoring (K, Modern Scoring) 2 points each: 2 x (8 - 6) = 4 so far.
    s = meal_position()
    assert rows(s)["Earned so far"] == "book bonus You 4 (scored at the end of the round)"
    start = len(s.events)
    s.apply("play 7D")
    s.apply("play 7S")  # void in diamonds, seat 0 trumps (FTR) and wins two brisques: 7D 7S
    # phase-two brisques, 2 each (modern): 4; the book bonus is now 2 x (10 - 6) = 8
    assert rows(s)["Earned so far"] == "phase-two brisques You 4 · book bonus You 8 (scored at the end of the round)"
    score = grid_rows(facts.score_grid(s, YOU))
    assert score["phase-two brisques so far (scored at round end)"] == ["4", "0"]
    assert score["book bonus so far (scored at round end)"] == ["8", "0"]
    said = [plain(item) for kind, item in facts.narrate(s.events[start:], s, YOU) if kind == "say"]
    assert "You win the trick (7D 7S) +4 phase-two brisques, scored at the end of the round" in said


def test_earned_points_are_not_counted_twice_once_the_round_is_scored():
    s = meal_position()
    while s.result is None:
        s.apply(s.legal_actions()[0])
    assert "Earned so far" not in rows(s)
    assert not any("so far" in label for label in grid_rows(facts.round_grid(s, 1, YOU)))


# ------------------------------------------------------------------------------ the last trick
def test_the_table_shows_the_last_trick_and_who_won_it():
    # conftest FOLLOW/DECLARE: seat 1 leads AC, seat 0 discards 7H; no trump, so the ace wins.
    s = declare_state()
    assert rows(s)["Last trick"] == "Bot AC, You 7H — Bot won"
    fresh = load_game("penchant", {"rounds": 1}).new_game(seed=1)
    assert "Last trick" not in rows(fresh, fresh.current_player)


# ------------------------------------------------------------------------------ obligations in words
def test_trick_obligations_are_said_in_words_with_the_suits():
    # K l.115 "must follow suit if they can, must trump if they cannot, and must win if they can"
    line = facts.obligation_line(FollowRule.parse("FTR"), led="H", trump="S")
    assert plain(line) == ("follow suit in H (hearts) and, if you cannot, play a trump, S (spades); "
                           "beat the card winning the trick when you can (Parlett: FTR)")
    shown = rich_text(lambda v: v.say(line))
    assert "follow suit in ♥ hearts and, if you cannot, play a trump, ♠ spades" in shown
    # WP, Play: "may either follow suit or trump, but may only discard if unable to follow"
    line = facts.obligation_line(FollowRule.parse("ftr", follow_or_trump=True), led="D", trump="C")
    assert plain(line) == ("follow suit in D (diamonds) or play a trump, C (clubs); another suit only when "
                           "you have none of the suit led (Parlett: ftr, follow-or-trump)")


def test_a_card_refused_in_the_meal_says_why_in_words():
    s = meal_position()
    s.apply("play 7D")  # seat 0 has no diamond and holds trumps JS 7S (spades)
    text = help_text(s)
    assert ("KC: you hold no diamonds (♦), the suit led, but hold a trump: you must trump with spades (♠) "
            "(Parlett: FTR)") in text
    assert "void in" not in text


def test_the_phase_banner_fits_80_columns_and_says_everything():
    s = meal_position()
    phase = [e for e in s.events if e["type"] == "phase"][-1:]
    items = facts.narrate(phase, s, YOU)
    assert items[0][0] == "rule" and plain(items[0][1]) == "Meal"  # a rule is one line: the name only

    def draw(view):
        for kind, item in items:
            view.rule(item) if kind == "rule" else view.say(item)
    shown = rich_text(draw)
    assert all(len(line) <= 80 for line in shown.splitlines())
    flat = " ".join(shown.split())
    assert ("Trick rule: follow suit and, if you cannot, play a trump; beat the card winning the trick when "
            "you can (Parlett: FTR). Table cards go back to hand.") in flat


# ------------------------------------------------------------------------------ Penneech
def test_penneech_says_what_declining_a_throw_in_means():
    # WP, Deal: a hand without ace, king, queen or jack may be thrown in; "pass" keeps it.
    s = find_state("penneech", {}, lambda st: st.decision == "throw-in" and st.current_player == 1)
    start = len(s.events)
    s.apply("pass")
    said = [plain(item) for kind, item in facts.narrate(s.events[start:], s, YOU) if kind == "say"]
    assert said[0] == "Bot does not throw in its hand (a hand without A K Q J may be thrown in for a new deal)."


def test_penneech_round_summary_explains_the_cards_row():
    # WP, Scoring: "one point per card taken in excess of seven"
    for seed in range(20):
        s = load_game("penneech", {}).new_game(seed=seed)
        rng = random.Random(seed)
        while not any(e["type"] == "round-end" for e in s.events):
            s.apply(rng.choice(s.legal_actions()))
        number = next(e["round"] for e in s.events if e["type"] == "round-end")
        table = grid_rows(facts.round_grid(s, number, YOU))
        won = [int(c) for c in table["cards won"]]
        if max(won) > 7:
            break
    assert "cards" not in table
    assert table["cards (1 per card won over 7)"] == [str(max(0, w - 7)) for w in won]


def test_penneech_table_and_help_have_no_meld_rows_or_commands():
    s = find_state("penneech", {}, lambda st: st.decision == "play" and st.current_player == 0)
    labels = rows(s)
    assert not any("table" in label or "meld" in label.lower() for label in labels)
    text = help_text(s)
    assert "meld" not in text.lower()
