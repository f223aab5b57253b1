"""What a person types at the prompt (cardcore.text.moves.interpret) and what each move would do
(preview). Card notation is the contract's (DESIGN.md, Card notation): rank then suit, `10` for T,
lower case and the symbols ♠ ♥ ♦ ♣ accepted; actions come out canonical, melds in the order suits
S H D C, rank high to low.
"""

from __future__ import annotations

import pytest

from cardcore.text.moves import interpret, preview, trick_outcome

from .conftest import blocked_state, declare_state, find_state, follow_state, penchant_state


def action(text, state):
    answer = interpret(text, state)
    assert answer.error is None, answer.error
    return answer.action


def error(text, state) -> str:
    answer = interpret(text, state)
    assert answer.action is None, f"{text!r} was taken as {answer.action!r}"
    assert answer.error
    return answer.error


# --------------------------------------------------------------------------- plays
@pytest.mark.parametrize("text, expected", [
    ("7S", "play 7S"), ("7s", "play 7S"), ("7♠", "play 7S"), ("7♤", "play 7S"), ("  7s  ", "play 7S"),
    ("10s", "play TS"), ("ts", "play TS"), ("10♠", "play TS"), ("T♠", "play TS"),
    ("8♥", "play 8H"), ("8h", "play 8H"),
    ("play 9s", "play 9S"), ("PLAY 9♠", "play 9S"), ("Play 10S", "play TS"),
])
def test_a_card_or_a_play_action_is_played(text, expected):
    assert action(text, follow_state()) == expected


def test_numbers_pick_from_the_printed_list():
    state = follow_state()
    legal = state.legal_actions()
    assert len(legal) == 6  # free play in the Gathering: any of the six cards (K, Phase one)
    for i, a in enumerate(legal, start=1):
        assert action(str(i), state) == a
    assert action("3.", state) == legal[2]


@pytest.mark.parametrize("text", ["0", "7", "99"])
def test_a_number_off_the_list_names_the_range(text):
    message = error(text, follow_state())
    assert text in message and "1..6" in message


def test_a_card_not_held_is_refused_with_the_rule():
    assert "you do not hold QS" in error("qs", follow_state())


def test_a_card_outside_the_deck_is_refused():
    assert "2S" in error("2s", follow_state())  # a piquet pack: 7 to ace (K, The Deck)
    assert "not in this game's deck" in error("2♠", follow_state())


@pytest.mark.parametrize("text", ["ZZ", "Q", "1S", "QX"])
def test_card_shaped_nonsense_says_how_to_write_a_card(text):
    message = error(text, follow_state())
    assert text in message and "rank then suit" in message


@pytest.mark.parametrize("text", ["2s", "ZZ", "1S"])
def test_card_errors_list_only_this_decks_ranks(text):
    # Penchant's piquet pack ranks, high to low: A K Q J T 9 8 7 (K, The Deck: the ten between 9 and J);
    # no 2 to 6 in it
    message = error(text, follow_state())
    assert "ranks A K Q J T 9 8 7 (high to low)" in message
    assert not any(f" {low} " in message for low in "23456")


def test_card_errors_of_penneech_tell_the_seven_of_diamonds_ranks_highest():
    # Penneech: a full pack, aces high; the seven of diamonds is the highest diamond (WP, Cards)
    state = find_state("penneech", {}, lambda s: s.observation(s.current_player)["decision"] == "play")
    message = error("1D", state)
    assert "ranks A K Q J T 9 8 7 6 5 4 3 2 (high to low)" in message
    assert "in diamonds: 7 A K Q J T 9 8 6 5 4 3 2" in message


def test_a_word_that_is_neither_card_nor_move():
    message = error("hello", follow_state())
    assert "'hello'" in message and "neither a card nor a move" in message


def test_two_cards_when_one_must_be_played():
    assert "one card at a time" in error("7s 8s", follow_state())


@pytest.mark.parametrize("text", ["meld 7S 8S", "pass", "exchange 7S"])
def test_declarations_are_not_taken_while_a_card_must_be_played(text):
    message = error(text, follow_state())
    assert "not now" in message and "play a card" in message


@pytest.mark.parametrize("text", ["bid 300", "guess 24", "trump H"])
def test_another_phase_s_verb_while_a_card_must_be_played_says_what_is_due(text):
    """Penchant has no auction, guess or naming of trumps: such a move is not read as cards
    ('300' is no card), it is told what is due."""
    message = error(text, follow_state())
    assert message.startswith(f"{text}: not now") and "play a card" in message


def test_nothing_typed_is_no_answer():
    answer = interpret("   ", follow_state())
    assert answer.action is None and answer.error is None


# --------------------------------------------------------------------------- melds
@pytest.mark.parametrize("text", ["9c 9d", "9D 9C", "meld 9C 9D", "MELD 9d 9c", "9♣,9♦", "meld 9♦, 9♣"])
def test_a_meld_by_its_cards_in_any_order(text):
    assert action(text, declare_state()) == "meld 9D 9C"


def test_meld_cards_come_out_in_canonical_order():
    # JS before QH: suits in the order S H D C (DESIGN.md, Actions)
    assert action("qh js", declare_state()) == "meld JS QH"
    assert action("q♥ j♠", declare_state()) == "meld JS QH"


def test_one_card_at_a_declaration_turn_lists_the_melds_with_it():
    message = error("9c", declare_state())
    assert "two or more cards" in message and "meld 9D 9C" in message


def test_pass_at_a_declaration_turn():
    assert action("pass", declare_state()) == "pass"
    assert action("PASS", declare_state()) == "pass"


def test_a_play_at_a_declaration_turn_is_not_now():
    assert "not now" in error("play JS", declare_state())


def test_cards_that_form_no_meld():
    assert "form no meld" in error("meld JS KD", declare_state())


def test_a_blocked_meld_says_blocked_and_what_lifts_the_block():
    # K, Blocking: the opponent's twins of kings on the table block a minor set of nines
    for text in ("meld 9h 9s", "9S 9H", "9♥ 9♠"):
        message = error(text, blocked_state())
        assert message.startswith("meld 9S 9H: blocked")
        assert "twins of kings" in message and "lifts the block" in message
    assert action("qd jd", blocked_state()) == "meld QD JD"


# --------------------------------------------------------------------------- game verbs
def test_marjolet_exchange_by_the_seven_alone_or_the_action():
    state = find_state("marjolet", {}, lambda s: any(a.startswith("exchange ") for a in s.legal_actions()))
    (exchange,) = [a for a in state.legal_actions() if a.startswith("exchange ")]
    seven = exchange.split()[1]
    assert action(seven.lower(), state) == exchange
    assert action(f"exchange {seven.lower()}", state) == exchange


def test_penneech_throw_in_and_its_refusals():
    state = find_state("penneech", {}, lambda s: "throw-in" in s.legal_actions())
    assert action("throw-in", state) == "throw-in"
    assert action("Throw-In", state) == "throw-in"
    assert action("pass", state) == "pass"
    card = state.observation(state.current_player)["hand"][0]
    assert "not now" in error(f"play {card}", state)


# --------------------------------------------------------------------------- previews
LEAD = dict(hand0="AS 7S 9H QD JC 8C", hand1="KS 9S KH 8H 7D 9C", dealer=1)  # seat 0 leads


def test_leader_wins_for_sure_only_when_no_unseen_card_can_beat():
    state = penchant_state(**LEAD)
    assert trick_outcome(state, 0, "AS") == "wins"  # no trump yet: nothing beats the top spade
    assert trick_outcome(state, 0, "7S") is None  # unseen spades might
    assert preview(state, "play AS").outcome == "wins"
    assert preview(state, "play 9H").outcome is None


def test_second_player_knows_whether_a_card_wins():
    state = penchant_state(**LEAD, actions=["play 7S"])
    assert preview(state, "play KS").outcome == "wins"
    assert preview(state, "play 9S").outcome == "wins"
    assert preview(state, "play 9C").outcome == "loses"  # no trump: a discard loses


def test_a_meld_preview_scores_it_and_says_it_sets_trump():
    # seat 0 wins the trick, then a penchant QD JC sets trump: the jack's suit (K, Phase one)
    state = penchant_state(**LEAD, actions=["play AS", "play 7D"])
    p = preview(state, "meld QD JC")
    assert (p.points, p.scored, p.trump) == (1, [("penchant", 1)], "C")
    assert preview(state, "pass").points == 0


def test_previews_stop_before_hidden_cards():
    """Penneech: the trick's winner turns the next stock card for trump and scores it if it is an
    honour; the preview counts the trick's cards, never the hidden card turned after it."""
    def winner_turns_an_honour(s):
        obs = s.observation(s.current_player)
        if obs["decision"] != "play" or len(obs["trick"]) != 1:
            return False
        for a in s.legal_actions():
            probe = s.clone()
            start = len(probe.events)
            probe.apply(a)
            if any(e["type"] == "score" and e["source"] == "turned card" for e in probe.events[start:]):
                return True
        return False

    state = find_state("penneech", {}, winner_turns_an_honour)
    seat = state.current_player
    for a in state.legal_actions():
        p = preview(state, a)
        probe = state.clone()
        start = len(probe.events)
        probe.apply(a)
        new = probe.events[start:]
        won = sum(e["points"] for e in new if e["type"] == "score" and e["seat"] == seat
                  and e["source"] == "card won")
        assert p.points == won
        assert not any(what.startswith("turned card") for what, _ in p.scored)


# --------------------------------------------------------------------------- naming trump
def naming_trump_state():
    """Auction Pinochle after the auction: the declarer names trumps (PB95, Widow: he 'announces
    trumps'), one of the four suits."""
    return find_state("auction-pinochle", {}, lambda s: s.observation(s.current_player)["decision"] == "trump")


@pytest.mark.parametrize("text", ["trump h", "trump H", "trump hearts", "trump ♥", "TRUMP Hearts"])
def test_trump_is_named_by_letter_word_or_symbol(text):
    assert action(text, naming_trump_state()) == "trump H"


@pytest.mark.parametrize("text", ["trump X", "trump 9C", "trump"])
def test_a_trump_that_is_no_suit_is_answered_with_the_suits(text):
    message = error(text, naming_trump_state())
    assert "not a card" not in message
    for suit in ("S (spades)", "H (hearts)", "D (diamonds)", "C (clubs)"):
        assert suit in message


# --------------------------------------------------------------------------- refusals cite the rule in force
def endgame_refusal(options) -> str:
    """A card refused in two-hand Pinochle's end-game, where the second hand must follow suit."""
    def must_follow(s):
        obs = s.observation(s.current_player)
        return (s.phase_rule.name == "end-game" and obs["decision"] == "play" and bool(obs["trick"])
                and any(f"play {c}" not in s.legal_actions() for c in obs["hand"]))
    state = find_state("pinochle", options, must_follow)
    refused = next(c for c in state.observation(state.current_player)["hand"] if f"play {c}" not in state.legal_actions())
    return error(refused, state)


def test_an_endgame_refusal_cites_the_must_win_rule_in_force_not_the_other():
    # RM §5 End-game: follow and win if possible (endgame_must_win=always, the default);
    # RM §8 (pokerwiner-pin): beat the card led only when it is a trump (endgame_must_win=trump-led)
    always = endgame_refusal({})
    assert "follow and win if possible" in always and "win only when trump is led" not in always
    trump_led = endgame_refusal({"endgame_must_win": "trump-led"})
    assert "win only when trump is led" in trump_led and "follow and win if possible" not in trump_led
