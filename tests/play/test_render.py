"""What the person is shown: the plain renderer (pipes, tests), the rich one within 80 columns,
the narration of events (the opponent's draws hidden), summaries, help, score and history."""

from __future__ import annotations

import io
import random
import re

import pytest

from cardcore import load_game
from cardcore.text import facts
from cardcore.text.moves import preview
from cardcore.text.lines import Names, plain
from cardcore.play.view import PlainView, RichView, want_rich
from cardcore.text.replay import replay_lines

from .conftest import blocked_state, declare_state, find_state, follow_state

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
YOU = Names(["You", "Bot"], me=0)


def shown(capsys, draw) -> str:
    draw()
    return capsys.readouterr().out


def test_plain_table_is_canonical_text(capsys):
    state = follow_state()
    out = shown(capsys, lambda: PlainView().table(facts.table_facts(state, 0, YOU)))
    assert "\x1b" not in out
    lines = out.splitlines()
    assert "Your hand: TS 9S 8S 7S 8H 7H" in lines  # canonical order: suits S H D C, high to low
    assert "Trick: Bot AC" in lines
    assert "Bot's table: -" in lines and "Your table: -" in lines
    assert any(ln.startswith("Trump: none yet · Stock: 20 · Dealer: You") for ln in lines)
    assert "Your turn: play a card to Bot's AC." in lines
    assert lines[-1] == "Moves: " + "  ".join(f"[{i}] {a}" for i, a in enumerate(state.legal_actions(), 1))
    assert any("score 0 (this round 0) · brisques won 0" in ln for ln in lines)


def test_plain_table_names_refused_melds(capsys):
    out = shown(capsys, lambda: PlainView().table(facts.table_facts(blocked_state(), 0, YOU)))
    (line,) = [ln for ln in out.splitlines() if ln.startswith("Your melds:")]
    assert "besito QD JD 2" in line and "twins 9S 9H 2 (blocked; see help)" in line
    assert "Your turn: you won the trick: you may declare one meld, or pass." in out


def test_plain_previews(capsys):
    state = follow_state()
    out = shown(capsys, lambda: PlainView().previews([preview(state, a) for a in state.legal_actions()]))
    assert "[1] play TS  loses the trick" in out  # the ace of clubs led, no trump: nothing beats it


def test_plain_grid_aligns_columns(capsys):
    grid = facts.Grid("Round 1", ["Round 1", "You", "Bot"], [["meld: twins", "2", "10"], ["total", "2", "10"]],
                      rule_before=1)
    out = shown(capsys, lambda: PlainView().grid(grid)).splitlines()
    assert out[0].split() == ["Round", "1", "You", "Bot"]
    assert set(out[2].strip()) == {"-"}
    assert len(out[1]) == len(out[3])  # right-aligned numbers end in the same column


def rich_out(draw) -> list[str]:
    from rich.console import Console

    buf = io.StringIO()
    console = Console(file=buf, width=80, force_terminal=True, color_system="truecolor", highlight=False)
    draw(RichView(console))
    return buf.getvalue().splitlines()


@pytest.mark.parametrize("game, options", [("penchant", {}), ("marjolet", {}), ("penneech", {})])
def test_rich_table_fits_80_columns_with_suit_symbols(game, options):
    state = find_state(game, options, lambda s: len(s.observation(s.current_player)["trick"]) == 1
                       and s.tricks_played >= 2)
    seat = state.current_player
    lines = rich_out(lambda v: v.table(facts.table_facts(state, seat, YOU if seat == 0 else Names(["Bot", "You"], 1))))
    text = [ANSI.sub("", ln) for ln in lines]
    assert max(len(ln) for ln in text) <= 80
    assert any("\x1b[" in ln for ln in lines)  # coloured
    assert any(sym in "".join(text) for sym in "♠♥♦♣")
    assert any("Your hand" in ln for ln in text)


def test_want_rich_only_on_a_terminal(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert want_rich() is False  # pytest's stdout is not a terminal
    assert want_rich(force_plain=True) is False
    monkeypatch.setattr("sys.stdout.isatty", lambda: True, raising=False)
    assert want_rich() is True
    monkeypatch.setenv("NO_COLOR", "1")
    assert want_rich() is False
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("TERM", "dumb")
    assert want_rich() is False


# --------------------------------------------------------------------------- narration
def said(state, names, watching=False, start=0) -> list[str]:
    return [plain(item) if kind == "say" else f"[{kind}] {plain(item) if isinstance(item, list) else item}"
            for kind, item in facts.narrate(state.events[start:], state, names, watching)]


def test_narration_hides_the_opponents_draws():
    state = declare_state()
    state.apply("meld 9D 9C")  # the winner draws JH, the loser QS (K, Phase one)
    lines = said(state, YOU)
    assert "Bot declares twins 9D 9C +2" in lines
    assert "You draw QS (stock 18)" in lines
    assert not any("JH" in ln for ln in lines)
    assert "Bot wins the trick (AC 7H)" in lines
    watching = said(state, Names(["Seat 0", "Seat 1"]), watching=True)
    assert "Seat 1 draws JH (stock 19)" in watching and "Seat 0 draws QS (stock 18)" in watching
    assert "Seat 0's hand: 7S 8S 9S TS 7H 8H" in watching


def test_narration_gives_points_with_the_move_that_scored_them():
    # Penneech: honours of the trump suit are scored by the trick's winner (rules/penneech.yaml)
    state = find_state("penneech", {}, lambda s: any(
        e["type"] == "score" and e["source"] == "card won" for e in s.events))
    index = next(i for i, e in enumerate(state.events) if e["type"] == "score" and e["source"] == "card won")
    trick = next(e for e in reversed(state.events[:index]) if e["type"] == "trick")
    names = Names(["Seat 0", "Seat 1"])
    lines = said(state, names, watching=True)
    (line,) = [ln for ln in lines if ln.startswith(f"Seat {trick['winner']} wins the trick ({' '.join(trick['cards'])})")]
    assert re.search(r"\+\d+ \(card won", line)


def test_round_and_game_summaries_add_up():
    g = load_game("penchant", {"rounds": 2})
    state = g.new_game(seed=9)
    rng = random.Random(9)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    for number in (1, 2):
        grid = facts.round_grid(state, number, YOU)
        body = grid.rows[:grid.rule_before]
        totals = {row[0]: [int(x) for x in row[1:]] for row in grid.rows[grid.rule_before:]}
        assert [sum(int(r[s + 1] or 0) for r in body if r[0] != "(no points)") for s in (0, 1)] \
            == state.rounds[number - 1]["points"] == totals["round points"]
        assert sum(totals["brisques won"]) == 12  # K, Goal: twelve brisques in the pack
    over = plain(facts.game_over_line(state, YOU))
    assert over.startswith("Game over: ")
    assert f"totals You {state.scores[0]}, Bot {state.scores[1]}" in over
    game = facts.game_grid(state, YOU)
    assert game.rows[game.rule_before] == ["total", *map(str, state.scores)]


# --------------------------------------------------------------------------- help, history
def help_text(state, seat=0) -> str:
    return "\n".join(f"{title}: " + " | ".join(plain(ln) for ln in lines)
                     for title, lines in facts.help_sections(state, seat, YOU))


def test_help_explains_a_blocked_meld_and_what_lifts_it():
    text = help_text(blocked_state())
    assert "twins 9S 9H (2): refused — blocked" in text and "lifts the block" in text
    assert "besito QD JD (2): you may declare it (move 1)" in text
    assert "Blocking: Sets of 7, 8, 9, T are minor" in text  # the plugin's describe_rules
    # K, Phase one: "Cards do not have to follow suit, you don't have to play trump, and you don't have to win"
    assert "any card may be played: no need to follow suit, trump or win (Parlett: ftr)" in text
    assert "No trump until a penchant declared by the winner sets it" in text


def test_help_says_why_a_card_cannot_be_played_in_the_end_game():
    def meal_with_revoke(s):
        obs = s.observation(s.current_player)
        if obs["phase"] != "meal" or not obs["trick"]:
            return False
        return len(s.legal_actions()) < len(obs["hand"])
    state = find_state("penchant", {"rounds": 1}, meal_with_revoke)
    seat = state.current_player
    text = help_text(state, seat)
    # K l.115: "Players must follow suit if they can, must trump if they cannot, and must win if they can"
    led = state.observation(seat)["trick"][0]["card"][-1]
    assert re.search(rf"follow suit in {led} \(\w+\) and, if you cannot, play a trump(, [SHDC] \(\w+\))?; "
                     r"beat the card winning the trick when you can \(Parlett: FTR\)", text)
    assert "You may not play:" in text
    assert re.search(r"you must (follow suit|trump with|win the trick when able)", text)
    assert "FTR)" in text and "void in" not in text


def test_history_lists_tricks_and_melds_without_draws():
    state = declare_state()
    state.apply("meld 9D 9C")
    lines = [plain(ln) for ln in facts.history_lines(state, YOU)]
    assert lines[0] == "Round 1 · You deal"
    assert " 1. Bot AC, You 7H — Bot wins" in lines
    assert "    Bot declares twins 9D 9C +2" in lines
    assert not any("draw" in ln for ln in lines)


def test_the_score_line_says_how_far_each_side_is_from_the_rubicon(capsys):
    # Six-pack Bezique: the rubicon is 3000 (PB94's table); nobody has scored at the start, so
    # both sides are 3000 short of it
    state = load_game("six-pack-bezique").new_game(seed=4)
    lines = shown(capsys, lambda: PlainView().table(facts.table_facts(state, 0, YOU))).splitlines()
    assert sum("score 0 (this round 0) · 3000 short of the rubicon" in ln for ln in lines) == 2
    # a game without a rubicon says nothing of it
    assert "rubicon" not in shown(capsys, lambda: PlainView().table(facts.table_facts(follow_state(), 0, YOU)))


def discard_state():
    """Auction Pinochle's declarer with the widow taken and trumps named: he lays away three of
    his eighteen cards, any not used in a meld (PB95, Auction Pinochle for three, Play)."""
    return find_state("auction-pinochle", {}, lambda s: s.observation(s.current_player)["decision"] == "discard")


def test_previews_of_a_discard_are_one_line_not_one_per_combination(capsys):
    state = discard_state()
    seat = state.current_player
    legal = state.legal_actions()
    discards = [a for a in legal if a.startswith("discard ")]
    assert len(discards) > 40  # three of a dozen or more cards: too many to list
    out = shown(capsys, lambda: PlainView().previews([preview(state, a) for a in legal]))
    lines = out.splitlines()[1:]
    assert len(lines) == len(legal) - len(discards) + 1, out
    summary = lines[0].split()
    assert summary[:4] == [f"[1-{len(discards)}]", "discard", "3", "of"]
    offered = summary[4:summary.index(f"({len(discards)}")]
    # every card some discard takes, as often as one discard may take it, and no other
    assert set(offered) == {c for a in discards for c in a.split()[1:]}
    assert set(offered) <= set(state.observation(seat)["hand"])
    for card in set(offered):
        assert offered.count(card) == max(a.split().count(card) for a in discards)


def card_won_state():
    """Two-hand Pinochle, second to a trick, where a card would win and score counters won
    (PB95, Cards: counters are scored as the tricks are won)."""
    def scores_a_card(s):
        obs = s.observation(s.current_player)
        return (obs["decision"] == "play" and len(obs["trick"]) == 1
                and any(any(e.get("card") for e in _scores(s, a)) for a in s.legal_actions() if a.startswith("play ")))
    return find_state("pinochle", {}, scores_a_card)


def _scores(state, action):
    probe = state.clone()
    start = len(probe.events)
    probe.apply(action)
    return [e for e in probe.events[start:] if e["type"] == "score" and e["seat"] == state.current_player]


def test_the_cards_a_move_scores_are_named_as_the_table_names_cards():
    state = card_won_state()
    previews = [preview(state, a) for a in state.legal_actions()]
    card = next(e["card"] for a in state.legal_actions() for e in _scores(state, a) if e.get("card"))
    symbol = ("10" if card[0] == "T" else card[0]) + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[1]]
    text = "\n".join(ANSI.sub("", ln) for ln in rich_out(lambda v: v.previews(previews)))
    assert f"card won {symbol}" in text and f"card won {card}" not in text
    assert f"card won {card}" in "\n".join(plain_lines(previews))  # plain text keeps the canonical notation


def plain_lines(previews) -> list[str]:
    out = []
    view = PlainView()
    view.echo = out.append
    view.previews(previews)
    return out


def test_a_card_played_from_the_table_is_said_to_be():
    # Bezique: melded cards stay on the table and may be played from there (PB94; rules/bezique.yaml)
    def table_card_playable(s):
        obs = s.observation(s.current_player)
        return obs["decision"] == "play" and any(
            a.split()[1] in obs["tableaus"][s.current_player] and a.split()[1] not in obs["hand"]
            for a in s.legal_actions() if a.startswith("play "))
    state = find_state("bezique", {}, table_card_playable)
    seat = state.current_player
    obs = state.observation(seat)
    action = next(a for a in state.legal_actions() if a.startswith("play ")
                  and a.split()[1] in obs["tableaus"][seat] and a.split()[1] not in obs["hand"])
    card = action.split()[1]
    start = len(state.events)
    state.apply(action)
    names = Names(["Seat 0", "Seat 1"])
    assert f"Seat {seat} plays {card} from the table" in said(state, names, watching=True, start=start)
    assert any(f"Seat {seat} {card} (from the table)" in plain(ln) for ln in facts.history_lines(state, names))


def test_the_turn_up_taken_as_the_last_card_is_told_to_the_other_player():
    # Two-hand Pinochle: the turn-up lies under the stock; the loser of the twelfth stock trick
    # takes it (RM §5 and §8). It is face up, so whoever takes it, both see which card it is.
    state = find_state("pinochle", {}, lambda s: s.phase_rule.name == "end-game")
    summary = state.rounds[-1]
    face_up = summary["exchanges"][-1]["card"] if summary.get("exchanges") else summary["turnup"]
    taker = next(e["seat"] for e in state.events if e["type"] == "draw" and e["left"] == 0)
    other = 1 - taker
    names = Names(["You", "Bot"] if other == 0 else ["Bot", "You"], me=other)
    assert f"Bot takes the turn-up {face_up} (the last card of the stock)" in said(state, names)


@pytest.mark.parametrize("totals, winner, expected", [
    # RM §7.1 Computing (Portland laws 56-61): totals rounded down to the hundred; over the
    # rubicon (1000) the winner scores the difference + 500 for the game: 2300 - 1600 = 700 + 500
    ([2350, 1620], 0, "700 (2300 - 1600) + 500 (the game bonus) = 1200"),
    # rubiconed: both rounded totals + 1000 + 300: 1400 + 700 + 1000 + 300
    ([760, 1480], 1, "1400 (the winner's total) + 700 (the loser's total) + 1000 (the game bonus)"
                     " + 300 (the rubicon bonus) = 3400"),
])
def test_the_rubicon_result_shows_its_sum(totals, winner, expected):
    s = load_game("rubicon-bezique").new_game(seed=1)
    score = int(expected.rsplit("= ", 1)[1])
    s.side_scores = list(totals)
    s.result = {"winner": winner, "game_score": score, "lurched": False, "totals": list(totals),
                "rubiconed": min(totals) < 1000}
    line = plain(facts.game_over_line(s, Names(["You", "Bot"], me=0)))
    assert f"by {score}" in line and expected in line, line


def test_the_replay_text_of_a_rubicon_game_shows_its_sum():
    state = load_game("rubicon-bezique").new_game(seed=3)
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    last = [line for line in replay_lines(state) if line.startswith("Finished")][0]
    assert f"= {state.result['game_score']})" in last and "(the game bonus)" in last


def test_a_refusal_names_its_cards_as_the_table_does():
    lines = rich_out(lambda v: v.error("meld KS QS JD: QS JD scored in your double-pinochle (80)"))
    text = ANSI.sub("", "\n".join(lines))
    assert text == "meld K♠ Q♠ J♦: Q♠ J♦ scored in your double-pinochle (80)"
