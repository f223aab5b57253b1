"""What the player is told, as data: the table, the turn, the rules in force, scores, history,
round and game summaries, and the narration of events. Views render these (plain or rich).

Everything here is generic: game-specific words come from the rules file (phase names, meld
names, scoring labels, sources) and from the game's plugin (refusal reasons, ``describe_rules``).
Only what the player's seat may know is shown: the opponent's draws and hidden cards never are.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import iter_bits
from ..engine.phases.name_trump import TRUMP as TRUMP_DECISION
from ..engine.phases import PHASE_KINDS, decision_handler, declined_offer, void_deal_kind
from ..engine.events import EVENT_TYPES, make_event
from ..engine.sections import game_ending
from ..ruleset import DeclareStep
from ..tricks import forbidding_reason
from .earned import earned_so_far, labelled, trick_earns
from .lines import Card, Grid, Line, Muted, Names, Points, Strong, Suit, cards, joined
from .moves import score_line
from .rules import (RANK_ORDER_TITLE, after_trick_text, counting_lines, phase_end_text, rank_order_lines,
                   trump_lines)


def suit_text(suit: str | None) -> Line:
    if suit is None:
        return ["none yet"]
    return [Suit(suit)]


def obligation_line(rule, led: str | None = None, trump: str | None = None) -> Line:
    """A phase's trick obligations in words, with the suits when known (the suit led, trump) and
    Parlett's letters as the citation: "follow suit in ♥ hearts and, if you cannot, play a trump,
    ♠ spades"."""
    def suit(letter: str | None, before: str) -> Line:
        return [before, Suit(letter)] if letter else []

    said: Line = []
    if rule.follow_or_trump:
        said += ["follow suit", *suit(led, " in "), " or play a trump", *suit(trump, ", "),
                 "; another suit only when you have none of the suit led"]
    elif rule.follow:
        said += ["follow suit", *suit(led, " in ")]
        if rule.trump:
            said += [" and, if you cannot, play a trump", *suit(trump, ", ")]
    elif rule.trump:
        said += ["play a trump", *suit(trump, ", "), " when you cannot follow suit"]
    if rule.win:
        said += ["; " if said else "", "beat the card winning the trick when you can"]
    if not said:
        said = ["any card may be played: no need to follow suit, trump or win"]
    return said + [Muted(f" (Parlett: {rule.letters}{', follow-or-trump' if rule.follow_or_trump else ''})")]


def declarations_remain(state) -> bool:
    """May melds still be declared this round (not in a last phase without declarations, such as
    Penchant's Meal, nor in a game without melds)?"""
    return bool(state.game.meld_table.items) and any(
        isinstance(s, DeclareStep) for p in state.rules.phases[state.phase:] for s in p.after_trick)


def round_length(state) -> str:
    end = state.rules.game_end
    ending = game_ending(state.rules)  # a plugin's section may say it (one deal, a rubicon to cross)
    length = ending[0].length(ending[1]) if ending is not None else None
    if length is not None:
        return length
    if end.rounds:
        return f"round {len(state.rounds)} of {end.rounds}"
    return f"round {len(state.rounds)} · game to {end.target}"


# ------------------------------------------------------------------------------ the table
@dataclass
class TableFacts:
    title: str
    phase: Line
    status: list[Line]
    rows: list[tuple[str, Line]]
    turn: Line
    moves: list[str] = field(default_factory=list)


def decided_phase(state):
    """The phase whose decision is due: a decision asked as the cards are dealt (a guess) is its
    own phase's, not the first trick phase's, which ``state.phase`` still names."""
    decided = getattr(decision_handler(state.decision), "rule", None)
    return decided(state) if decided is not None else state.phase_rule


def table_facts(state, seat: int, names: Names) -> TableFacts:
    obs = state.observation(seat)
    phase = state.phase_rule
    title = f"{state.game.rules.meta.title} · {round_length(state)}"
    led = obs["trick"][0]["card"][-1] if obs["trick"] else None
    if own_decision(state):  # an auction, the widow, naming trump: no trick rule to state yet
        phase = decided_phase(state)
        phase_line: Line = [Strong(phase.name)]
    else:
        phase_line = [Strong(phase.name), " — ", *obligation_line(phase.follow_rule, led, obs["trump"])]
    if getattr(phase, "play_from_tableau", False):
        phase_line.append("; table cards may be played")
    status: list[Line] = [["Trump: ", *trump_now(state, obs)], [f"Stock: {obs['stock_left']}"],
                          [f"Dealer: {names(obs['dealer'])}"]]
    if names.partnerships:
        status.append([f"Sides: {names.per_side(state.side_scores)}"])
    if obs.get("turnup"):
        status.insert(1, ["Turn-up: ", Card(obs["turnup"])])
    turned = state.rounds[-1].get("turned") or []
    if turned:
        status.insert(1, ["Turned: ", Card(turned[-1]["card"])])
    rows: list[tuple[str, Line]] = contract_rows(state, seat, names)
    counters = obs["counters"]
    # cards go to the table only by melding: no rows for tables that stay empty
    tables = declarations_remain(state) or any(obs["tableaus"])

    ending = game_ending(state.rules)

    def standing(s: int) -> Line:
        line: Line = [score_words(state, names, s, obs["scores"][s], obs["round_points"][s])]
        if ending is not None:  # e.g. where the game is lost or won double: whether each side is over
            told = ending[0].standing(ending[1], obs["round_points"][s])
            if told:
                line.append(told)
        for name, counts in counters.items():
            line.append(f" · {name} won {counts[s]}")
        return line

    for s in state.table.order_from(seat)[1:]:  # the others in the order of play from you
        known = obs["known_in_hand"].get(str(s)) or []
        size = obs["hand_sizes"][s]
        line: Line = [f"{size} card{'s' if size != 1 else ''} in hand · ", *standing(s)]
        if known:
            line += [" · known in hand: ", *cards(known)]
        rows.append((names(s), line))
        if tables:
            rows.append((f"{names.possessive(s)} table", cards(obs["tableaus"][s])))
        declared = declared_line(state, obs, s)
        if declared:
            rows.append((f"{names.possessive(s)} declared", declared))
    last = last_trick(state, names)
    if last:
        rows.append(("Last trick", last))
    trick: Line = []
    for t in obs["trick"]:
        trick += ([", "] if trick else []) + [f"{names(t['seat'])} ", Card(t["card"])]
    rows.append(("Trick", trick or ["-"]))
    if tables:
        rows.append(("Your table", cards(obs["tableaus"][seat])))
    declared = declared_line(state, obs, seat)
    if declared:
        rows.append(("Your declared", declared))
    rows.append(("Your hand", cards(obs["hand"])))
    melds = meld_summary(state, seat) if declarations_remain(state) else []
    if melds:
        rows.append(("Your melds", melds))
    rows.append((names(seat), standing(seat)))
    earned = earned_line(state, names)
    if earned:
        rows.append(("Earned so far", earned))
    legal = state.legal_actions() if state.current_player == seat else []
    return TableFacts(title, phase_line, status, rows, turn_line(state, seat, names), legal)


def score_words(state, names: Names, seat: int, score: int, this_round: int) -> str:
    """A seat's score and this round's points, each named for what it is: a side's where seats
    play together (every partner shows the side's figures), stakes where the scores are stakes,
    and the deal's points where only a settlement turns them into scores."""
    side = "side " if names.partnerships and len(state.table.side_seats[seat]) > 1 else ""
    if not state.game.compiled.settles_deals:
        return f"{side}score {score} ({side}points this round {this_round})" if side \
            else f"score {score} (this round {this_round})"
    scored = "stakes" if state.rules.game_end.game_score == "stakes" else "score"
    return f"{side}{scored} {score} · {side}deal points {this_round}"


# What a deal's auction and widow leave in the round's summary, in the order shown, with a label;
# the spec's and the core's spellings of the same fact (bidder/declarer, bid/contract) both read.
CONTRACT_KEYS = (("bids", "Bids"), ("declarer", "Declarer"), ("bidder", "Declarer"),
                 ("contract", "Contract"), ("bid", "Contract"), ("widow", "Widow"), ("discards", "Discards"))
PRIVATE_KEYS = ("discards",)  # known to the declarer only


def own_decision(state) -> bool:
    """Is the decision now one of a phase kind of its own (``bid``, ``trump``, ``discard``...),
    not a card to play or a declaration?"""
    return state.decision not in ("play", "declare") and not state.is_terminal()


def contract_facts(state, round_summary: dict, seat: int | None, names: Names) -> list[tuple[str, Line]]:
    """The auction and the widow of a deal as far as ``seat`` may know them (None: every fact,
    for a watcher): who bid what, the declarer, the contract, the widow once shown, the discards
    (to the declarer alone). Nothing for games without an auction."""
    out: list[tuple[str, Line]] = []
    declarer = round_summary.get("declarer", round_summary.get("bidder"))
    bidding = state.decision == "bid" and not state.is_terminal() and round_summary is state.rounds[-1]
    labels = set()
    for key, label in CONTRACT_KEYS:
        value = round_summary.get(key)
        if value is None or value == [] or label in labels:
            continue
        if key in PRIVATE_KEYS and seat is not None and seat != declarer:
            continue
        labels.add(label)
        if bidding:  # the auction is on: the highest bid so far is no contract yet
            label = {"Declarer": "Highest bidder", "Contract": "Highest bid"}.get(label, label)
        if key in ("declarer", "bidder") and isinstance(value, int):
            out.append((label, [names(value)]))
        elif key == "bids" and all(isinstance(b, dict) and "seat" in b for b in value):
            out.append((label, joined([[names(b["seat"]), " ", "pass" if b.get("bid") is None else str(b["bid"])]
                                       for b in value])))
        else:
            out.append((label, fact_line(value, names, state.n)))
    if declarer is not None and not bidding and round_summary is state.rounds[-1] and "outcome" not in round_summary:
        out = [(label, line + contract_note(state, round_summary, label, declarer, seat, names))
               for label, line in out]
    return out


def contract_note(state, round_summary: dict, label: str, declarer: int, seat: int | None, names: Names) -> Line:
    """While a contract is played: against whom the others defend (on the declarer's row), and
    what the declarer still needs (on the contract's): "400: 160 in melds, 240 still to take"."""
    if label == "Declarer":
        if seat is None or state.table.same_side(seat, declarer):
            return [] if seat is None or seat == declarer else [" — your side's contract"]
        defenders = [s for s in state.table.order_from(seat) if not state.table.same_side(s, declarer)]
        said = " and ".join("you" if s == seat else names(s) for s in defenders)
        return [f" — {said} defend against {names.team(declarer)}"]
    if label != "Contract" or not state.game.compiled.settles_deals or state.trump is None:
        return []  # no melds are shown before trump is named
    side = state.table.side_seats[declarer]
    melds = sum(m["points"] for m in round_summary.get("melds", []) if m["player"] in side)
    have = state.round_points[declarer]  # the side's points so far: melds, counters, last trick
    taken = have - melds
    need = round_summary.get("contract", round_summary.get("bid")) - have
    so_far = f"{melds} in melds" + (f", {taken} taken" if taken else "")
    return [f": {so_far}, {need} still to take" if need > 0 else f": {so_far}, made"]


def contract_rows(state, seat: int, names: Names) -> list[tuple[str, Line]]:
    return contract_facts(state, state.rounds[-1], seat, names) if state.rounds else []


def fact_line(value, names: Names, n: int) -> Line:
    """A fact of a round's summary in words: cards as cards, a seat's entry by its name."""
    if isinstance(value, list):
        if value and all(isinstance(v, str) and _is_card_name(v) for v in value):
            return cards(value)
        if len(value) == n and value and all(type(v) is int for v in value):
            return [names.per_seat(value)]
        return joined([fact_line(v, names, n) for v in value]) or ["none"]
    if isinstance(value, dict):
        rest = dict(value)
        seat = rest.pop("seat", rest.pop("player", None))
        line: Line = [names(seat)] if type(seat) is int and 0 <= seat < n else []
        for v in rest.values():
            line += ([" "] if line else []) + fact_line(v, names, n)
        return line
    if isinstance(value, str) and _is_card_name(value):
        return [Card(value)]
    return [str(value).lower() if isinstance(value, bool) else str(value)]


def _is_card_name(word: str) -> bool:
    return len(word) == 2 and word[0] in "23456789TJQKA" and word[1] in "SHDC"


def last_trick(state, names: Names) -> Line:
    """The round's last finished trick: each card by whom, and who won it."""
    played: list[tuple[int, str]] = []
    last: Line = []
    for e in round_events(state, len(state.rounds)):
        if e["type"] == "play":
            played.append((e["seat"], e["card"]))
        elif e["type"] == "trick":
            last = []
            for seat, card in played:
                last += ([", "] if last else []) + [f"{names(seat)} ", Card(card)]
            last += [f" — {names(e['winner'])} won"]
            played = []
    return last


def earned_line(state, names: Names) -> Line:
    """Points won in tricks that the rules count only at the end of the round, so far."""
    out: Line = []
    for rule, points in earned_so_far(state):
        if out:
            out.append(" · ")
        out.append(f"{rule.label} " + ", ".join(f"{names(s)} {p}" for s, p in enumerate(points) if p))
    return out + [Muted(" (scored at the end of the round)")] if out else []


def trump_now(state, obs) -> Line:
    """The trump suit; "none yet" while a declaration may still set one, else "none"."""
    return suit_text(obs["trump"]) if obs["trump"] or trump_may_come(state) else ["none"]


def trump_may_come(state) -> bool:
    """Can a declaration still set trump this round (e.g. Penchant's first penchant), or a phase
    still to come name it (the declarer after an auction)?"""
    later = state.rules.phases[state.phase:]
    if any(TRUMP_DECISION in getattr(PHASE_KINDS.get(p.kind), "decisions", ()) for p in later):
        return True
    return bool(state.rules.trump.set_by_meld) and any(
        isinstance(s, DeclareStep) for p in later for s in p.after_trick)


def distinct_melds(state, seat: int) -> list:
    """``state.meld_options(seat)`` once per meld as the player names it: with two packs the same
    cards by name may be several physical sets (either of two K♠), one meld to the player (the
    one that may be declared, if any)."""
    chosen: dict[str, tuple] = {}
    for meld, why in state.meld_options(seat):
        key = state.game.meld_action(meld.mask)
        if key not in chosen or (chosen[key][1] and not why):
            chosen[key] = (meld, why)
    return list(chosen.values())


def meld_summary(state, seat: int) -> Line:
    """The melds in the player's holding, each with its points or a one-word refusal."""
    out: Line = []
    for meld, why in distinct_melds(state, seat):
        if out:
            out.append(" · ")
        out += [meld.rule.name, " ", *cards(state.deck.names_of(meld.mask)), f" {meld.points}"]
        if why:
            tag = why.split(":")[0] if ":" in why[:30] else "refused"
            out.append(Muted(f" ({tag}; see help)"))
    return out


def turn_line(state, seat: int, names: Names) -> Line:
    """What the player has to do now, in a sentence."""
    if state.is_terminal():
        return ["The game is over."]
    if state.current_player != seat:
        return [f"{names(state.current_player)} to move."]
    obs = state.observation(seat)
    decision = obs["decision"]
    if decision == "play":
        where = " (from your hand or your table)" if state.phase_rule.play_from_tableau and obs["tableaus"][seat] else ""
        if not obs["trick"]:
            return [Strong("Your turn: "), f"lead a card{where}."]
        last = obs["trick"][-1]
        return [Strong("Your turn: "), f"play a card{where} to {names.possessive(last['seat'])} ", Card(last["card"]), "."]
    if own_decision(state):
        return [Strong("Your turn: "), f"{decision_text(state)}."]
    step = state.declare_step()
    return [Strong("Your turn: "), step_text(state, seat, step, names) + "."]


def decision_text(state) -> str:
    """A decision of a phase kind of its own in words, from the verbs it offers: "bid 250 to 400,
    or pass"; "trump S, trump H, trump D or trump C"."""
    prompt = getattr(decision_handler(state.decision), "prompt", None)
    if prompt is not None:  # the phase kind says it in its own words
        return prompt(state)
    legal = state.legal_actions()
    by_verb: dict[str, list[str]] = {}
    for action in legal:
        verb, _, rest = action.partition(" ")
        by_verb.setdefault(verb, []).append(rest)
    parts = []
    auction = state.phase_data["auction"].rule if state.decision == "bid" else None
    for verb, rests in by_verb.items():
        numbers = [int(r) for r in rests if r.isdigit()]
        if auction is not None and numbers and len(numbers) == len(rests):
            # every legal bid is listed, up to the ceiling: said in one line, not a hundred
            parts.append(f"{verb} {min(numbers)} or more (a multiple of {auction.step})")
        elif len(rests) > 3 and len(numbers) == len(rests):
            parts.append(f"{verb} {min(numbers)} to {max(numbers)}")
        elif len(rests) > 4:
            parts.append(f"{verb} (one of {len(rests)}; ? lists them)")
        else:
            parts += [f"{verb} {r}".strip() for r in rests]
    return (", ".join(parts[:-1]) + " or " + parts[-1]) if len(parts) > 1 else (parts[0] if parts else "wait")


def step_text(state, seat: int, step: DeclareStep | None, names: Names) -> str:
    """The declaration turn in words: who may declare what, and the way out (pass)."""
    if step is None:
        return "declare a meld or pass"
    if step.who == "winner":
        why = "you won the trick"
    elif step.who in ("each-from-winner", "every-seat"):
        why = "each player in turn from the trick's winner"
    elif step.who == "declarer":
        why = "you took the contract"
    elif step.when == "winner-passed":
        why = "the trick's winner declared nothing"
    else:
        why = "you lost the trick"
    if step.only is not None:
        what = f"you may declare only {' or '.join(step.only)}"
    else:
        what = "you may declare up to {} melds, one at a time".format(step.max_melds) if step.max_melds > 1 \
            else "you may declare one meld"
        if step.max_melds >= 10:
            what = "you may declare melds, one at a time"
        if step.exclude:
            what += f" (not {', '.join(step.exclude)})"
    legal = state.legal_actions() if state.current_player == seat else []
    exchange = next((a for a in legal if a.startswith("exchange ")), None)
    if exchange:
        what += f", exchange {exchange.split()[1]} for the turn-up"
    return f"{why}: {what}, or pass"


# ------------------------------------------------------------------------------ help
def help_sections(state, seat: int, names: Names) -> list[tuple[str, list[Line]]]:
    """The rules that apply right now, for the player to move: `help` at the prompt."""
    obs = state.observation(seat)
    phase = state.phase_rule
    out: list[tuple[str, list[Line]]] = []
    led = obs["trick"][0]["card"][-1] if obs["trick"] else None
    if own_decision(state):
        decided = getattr(decision_handler(state.decision), "rule", None)
        phase = decided_phase(state)
        now: list[Line] = [["Phase ", Strong(phase.name), ".", Muted(f" [{phase.source}]")]]
        if decided is not None:
            now.append([phase.describe()[0].upper() + phase.describe()[1:] + "."])
        if state.current_player == seat:
            now.append([f"Your turn: {decision_text(state)}."])
        now += [[label + ": ", *line] for label, line in contract_rows(state, seat, names)]
        out.append(("Now", now))
        return out + _general_help(state, obs)
    now = [
        ["Phase ", Strong(phase.name), ": ", *obligation_line(phase.follow_rule, led, obs["trump"]), ".",
         Muted(f" [{phase.source}]")],
    ]
    if phase.play_from_tableau:
        now.append(["Cards on your table may be played like the cards in your hand."])
    after = after_trick_text(phase)
    if after:
        now.append([f"After each trick: {after}."])
    now.append([f"This phase ends {phase_end_text(phase)}."])
    out.append(("Now", now))

    decision = obs["decision"] if state.current_player == seat else None
    if decision == "play":
        out.append(("Your cards", play_facts(state, seat, names)))
    elif decision == "declare":
        step = state.declare_step()
        text = step_text(state, seat, step, names)
        lines: list[Line] = [[text[0].upper() + text[1:] + ".",
                              Muted(f" [{step.source}]" if step else "")]]
        out.append(("This turn", lines))
    melds = meld_facts(state, seat, decision == "declare") if declarations_remain(state) else []
    if melds:
        out.append(("Your melds" if decision == "declare" else "Melds in your hand and table (declared after a trick)",
                    melds))
    return out + _general_help(state, obs)


def _general_help(state, obs) -> list[tuple[str, list[Line]]]:
    """Trump, the cards, the game's own rules and the commands: help in every phase."""
    out: list[tuple[str, list[Line]]] = []
    if state.current_player == obs["seat"]:  # the standing actions: open at every decision
        for _, handler, rule in state.game.compiled.deal.standing:
            if hasattr(handler, "help"):
                out.append((handler.help_title, [handler.help(state, rule, obs["seat"])]))
    out.append(("Trump", trump_facts(state, obs)))
    out.append(("Cards", card_facts(state.rules)))
    for rule in state.game.describe_rules():
        out.append((rule["title"], [[rule["text"], Muted(f" [{rule['source']}]")]]))
    commands = COMMANDS if declarations_remain(state) else [NO_MELD_COMMANDS.get(c, c) for c in COMMANDS
                                                            if NO_MELD_COMMANDS.get(c, c)]
    if not state.game.meld_table.items:
        commands = [c.replace("tricks and melds", "tricks") for c in commands]
    out.append(("Commands", [[c] for c in commands]))
    return out


COMMANDS = [
    "1, 2, ...      that move from the list",
    "QS, q♠, 10h    play that card (at a declaration turn: exchange it)",
    "QS JH          declare the meld of these cards, in any order",
    "meld QS JH     a whole action: play QS, meld QS JH, pass, ...",
    "?              the moves, and what each scores now",
    "help           the rules that apply now",
    "hint           a bot's advice, from what you may know",
    "score          scores, points by source, counted cards",
    "history        this round's tricks and melds",
    "table          the table again",
    "undo           take back your last move and the bot's replies since",
    "quit           save and stop (Ctrl-C and Ctrl-D too)",
]
# where no meld may be declared (Penneech; Penchant's Meal) the meld commands would only mislead
NO_MELD_COMMANDS = {
    COMMANDS[1]: "QS, q♠, 10h    play that card",
    COMMANDS[2]: "",
    COMMANDS[3]: "play QS        a whole action, as in the list of moves",
}


def play_facts(state, seat: int, names: Names) -> list[Line]:
    """Which cards may be played now, and why each other card may not."""
    deck = state.deck
    rule = state.follow
    holding = state.playable(seat)
    # the cards of the play actions (a standing action may follow them), a twin on the table once
    legal = list(dict.fromkeys(a.split()[1] for a in state.legal_actions() if a.startswith("play ")))
    lines: list[Line] = [["You may play: ", *cards(legal)]]
    refused = []
    for c in deck.sorted_cards(iter_bits(holding)):
        why = forbidding_reason(deck, rule, holding, state.trick, state.trump, c)
        if why:
            refused.append([Card(deck.names[c]), f": {why}"])
    off_table = state.holding(seat) & ~holding
    for c in deck.sorted_cards(iter_bits(off_table)):
        refused.append([Card(deck.names[c]), ": cards on your table may not be played in this phase"])
    if refused:
        lines.append(["You may not play:"])
        lines += [["  ", *r] for r in refused]
        lines.append([Muted(f"[{state.phase_rule.source}]")])
    return lines


def meld_facts(state, seat: int, declaring: bool) -> list[Line]:
    """Every meld in the player's holding with a fresh card, and whether it may be declared."""
    lines: list[Line] = []
    legal = state.legal_actions() if declaring and state.current_player == seat else []
    for meld, why in distinct_melds(state, seat):
        names = state.deck.names_of(meld.mask)
        line: Line = [Strong(meld.rule.name), " ", *cards(names), f" ({meld.points}): "]
        if why:
            line += ["refused — ", why]
        elif declaring:
            action = state.game.meld_action(meld.mask)
            number = legal.index(action) + 1 if action in legal else None
            line += [f"you may declare it (move {number})" if number else "may be declared"]
        else:
            line += ["could be declared at your next declaration turn"]
        lines.append(line)
    for action in legal:
        verb = action.split()[0]
        if verb not in ("meld", "pass"):
            lines.append([f"also: [{legal.index(action) + 1}] {action}"])
    return lines


def trump_facts(state, obs) -> list[Line]:
    lines: list[Line] = [["Trump now: ", *trump_now(state, obs), "."]]
    lines += [[text, Muted(f" [{source}]")] for text, source in trump_lines(state.rules)]
    return lines


def card_facts(rules) -> list[Line]:
    """Each suit's rank order and what the counting cards score."""
    lines: list[Line] = [[f"{RANK_ORDER_TITLE}:", Muted(f" [{rules.deck.source}]")]]
    lines += [[f"  {line}"] for line in rank_order_lines(rules.deck)]
    lines += [[text[0].upper() + text[1:] + ".", Muted(f" [{source}]")] for text, source in counting_lines(rules)]
    return lines


# ------------------------------------------------------------------------------ scores
def round_events(state, number: int) -> list[dict]:
    """The events of round ``number`` (1-based), from its deal to the next deal."""
    out, current = [], 0
    for e in state.events:
        if e["type"] == "deal":
            current = e["round"]
        if current == number:
            out.append(e)
        elif current > number:
            break
    return out


def grid_columns(state, names: Names) -> list[tuple[str, list[int]]]:
    """The score grids' columns, (header, seats): a seat each, or where seats play together a side
    each, since a side's points and scores are one figure for all its seats."""
    if names.partnerships:
        return [(names.side(i), list(seats)) for i, seats in enumerate(state.table.sides)]
    return [(names(s), [s]) for s in range(state.n)]


def round_grid(state, number: int, names: Names, title: str | None = None) -> Grid:
    """Points by source for one round, its counted cards, and the totals. Where a deal's points
    reach the scores only through its settlement (a contract), the rows add up to the deal's
    points, and the settlement and the game total follow in their own units."""
    columns = grid_columns(state, names)

    def per_column(per_seat) -> list[str]:
        return [str(per_seat[seats[0]]) for _, seats in columns]  # a side's seats all show its figure

    def summed(per_seat) -> list[str]:
        return [str(sum(per_seat[s] for s in seats)) for _, seats in columns]

    settles = state.game.compiled.settles_deals
    rows: dict[str, list[int]] = {}
    end_scores = None
    for e in round_events(state, number):
        if e["type"] in SCORED and not (settles and e["source"] == SETTLEMENT):
            label = f"meld: {e['meld']}" if e["source"] == "meld" else labelled(state, e["source"])
            rows.setdefault(label, [0] * state.n)[e["seat"]] += e["points"]
        elif e["type"] == "round-end":
            end_scores = e["scores"]
    summary = state.rounds[number - 1]
    in_progress = number == len(state.rounds) and not state.is_terminal() and end_scores is None
    if in_progress:
        for rule, points in earned_so_far(state):
            rows[f"{rule.label} so far (scored at round end)"] = points
    body = [[label, *summed(pts)] for label, pts in rows.items()] or [["(no points)", *[""] * len(columns)]]
    totals = [["deal points" if settles else "round points", *per_column(summary["points"])]]
    for name in state.rules.counters:
        counts = state.counter_counts(name) if in_progress else summary.get(name, state.counter_counts(name))
        totals.append([f"{name} won", *summed(counts)])
    if settles and "settlement" in summary:
        totals.append([settlement_label(state), *per_column(summary["settlement"])])
    totals.append([f"game total{stake_units(state)}", *per_column(end_scores or state.scores)])
    header = [title or f"Round {number}", *[head for head, _ in columns]]
    return Grid(title or f"Round {number}", header, body + totals, rule_before=len(body))


SETTLEMENT = "settlement"  # the source of a deal's settlement in the scores (engine.scoring)


def stake_units(state) -> str:
    """`` (stakes)`` where the scores are stakes won and lost, not points."""
    return " (stakes)" if state.rules.game_end.game_score == "stakes" else ""


def settlement_label(state) -> str:
    return f"settlement{stake_units(state)}"


def score_grid(state, names: Names) -> Grid:
    number = len(state.rounds)
    return round_grid(state, number, names, title=f"Scores · {round_length(state)} so far")


def game_score_text(state) -> str:
    """How the game score added up, where a plugin's section decides the game's end (e.g. the
    totals rounded, a rubicon), or ""."""
    ending = game_ending(state.rules)
    return ending[0].result_text(state, ending[1]) if ending is not None else ""


def game_over_line(state, names: Names) -> Line:
    res = state.result
    totals = f"totals {names.per_seat(res['totals'])}"
    if res["winner"] is None:
        return [Strong("Game over: a tie"), f"; {totals}."]
    lurch = ""
    if res.get("lurched"):
        rule = state.rules.game_end.lurch
        losers = [names(s) for s in lurched_seats(state)]
        lurch = f" ({', '.join(losers)} lurched: under {rule.below}, x{rule.multiplier})"
    lurch += game_score_text(state)
    if names.partnerships:  # the side wins, and its total is each partner's
        totals = f"sides {names.per_side(state.side_scores)}"
    return [Strong(f"Game over: {names.winners(res)} by {res['game_score']}"), f"{lurch}; {totals}."]


def lurched_seats(state) -> list[int]:
    """The seats lurched at the end of the game: the result's list with three sides or more,
    else every seat not on the winner's side when the result says the loser is lurched."""
    res = state.result
    if "lurched_seats" in res:
        return list(res["lurched_seats"])
    if not res.get("lurched"):
        return []
    return [s for s in range(state.n) if not state.table.same_side(s, res["winner"])]


def game_grid(state, names: Names) -> Grid:
    """Each round's change to the scores, and the totals: a round's points, or where deals are
    settled, its settlement (the deal's points are in the round's own grid)."""
    columns = grid_columns(state, names)
    settles = state.game.compiled.settles_deals
    rows = []
    for i, r in enumerate(state.rounds, start=1):
        voided = void_deal_kind(r)
        if voided is not None:  # a void deal (a hand thrown in): nothing it scored counts
            rows.append([f"round {i} ({voided.void_words})", *[""] * len(columns)])
        elif settles and "settlement" not in r:  # an annulled deal, or one being played
            why = r.get("outcome") if r.get("outcome") else "not settled yet"
            rows.append([f"round {i} ({why})", *[""] * len(columns)])
        else:
            rows.append([f"round {i}", *[str(r["settlement" if settles else "points"][seats[0]]) for _, seats in columns]])
    totals = [[f"total{stake_units(state)}", *[str(state.scores[seats[0]]) for _, seats in columns]]]
    lurch = state.rules.game_end.lurch
    res = state.result
    if lurch and res:
        lurched = lurched_seats(state)
        marks = ["lurched" if any(s in lurched for s in seats) else "" for _, seats in columns]
        totals.append([f"lurch (under {lurch.below})", *marks])
    title = "Game" if res else "Rounds so far"
    return Grid(title, [title, *[head for head, _ in columns]], rows + totals, rule_before=len(rows))


# ------------------------------------------------------------------------------ history
def history_lines(state, names: Names) -> list[Line]:
    """This round's tricks and declarations, as the player saw them (no hidden draws)."""
    events = round_events(state, len(state.rounds))
    lines: list[Line] = [[Strong(f"Round {len(state.rounds)}"), f" · {names.subject(state.dealer, 'deal')}"]]
    trick: Line = []
    number = 0
    for e in events:
        kind = e["type"]
        if kind == "play":
            trick += ([", "] if trick else []) + [f"{names(e['seat'])} ", Card(e["card"])]
            if e.get("from_table"):
                trick.append(" (from the table)")
        elif kind == "trick":
            number += 1
            lines.append([f"{number:>2}. ", *trick, " — ", Strong(names.subject(e["winner"], "win"))])
            trick = []
        elif kind == "meld":
            if e.get("to_score"):  # shown now, its points not yet scored: they come with a later trick
                lines.append(["    ", names.subject(e["seat"], "declare"), f" {e['name']} ", *cards(e["cards"]),
                              Muted(f" ({e['points']}, to score)")])
            elif e.get("scored_later"):  # the meld shown to score, scored now: its points, once
                lines.append(["    ", names.subject(e["seat"], "score"), f" {e['name']} ", *cards(e["cards"]),
                              " ", Points(e["points"]), Muted(" (shown earlier)")])
            else:
                lines.append(["    ", names.subject(e["seat"], "declare"), f" {e['name']} ", *cards(e["cards"]),
                              " ", Points(e["points"])])
        elif kind == "exchange":
            lines.append(["    ", names.subject(e["seat"], "exchange"), " ", Card(e["card"]),
                          " for the turn-up ", Card(e["turnup"])])
        elif kind == "trump":
            lines.append(["    trump: ", *(suit_text(e["suit"]) if e["suit"] else ["cancelled"])])
        elif kind == "phase" and number:
            rule = next((p for p in state.rules.phases if p.name == e["phase"]), None)
            lines.append([f"    — {e['phase']}: ", *(obligation_line(rule.follow_rule) if rule else [e["rule"]])])
        elif kind in SCORED and e["source"] != "meld":
            lines.append(["    ", names.subject(e["seat"], "score"), " ", Points(e["points"]), " ",
                          *[Muted(w) if type(w) is str else w for w in score_line(e)]])
        elif kind not in KNOWN_EVENTS:
            line = event_line(e, names, watching=False)
            if line:
                lines.append(["    ", *line])
    if trick:
        lines.append([f"{number + 1:>2}. ", *trick, " …"])
    if len(lines) == 1:
        lines.append(["No trick played yet."])
    return lines


# ------------------------------------------------------------------------------ narration
@dataclass
class Said:
    """One line of narration; ``seat`` is whose points may be added to it."""

    line: Line
    seat: int | None = None
    points: list[tuple[dict, int]] = field(default_factory=list)  # (score event, points)
    detail: bool = True  # say what the points were for


def narrate(events: list[dict], state, names: Names, watching: bool = False) -> list[tuple[str, object]]:
    """Items to show for ``events``, the newest events of ``state``: ("say", Line), ("rule", Line),
    ("round", number), ("game", None). Points follow the move that scored them; the opponent's
    draws are hidden."""
    out: list[tuple[str, object]] = []
    end_labels = {r.label for r in state.rules.scoring if r.kind != "last-trick"}
    last: Said | None = None
    skip_trump = False
    earlier = state.events[:len(state.events) - len(events)]
    played = _played_before(earlier)
    phase = next((e["phase"] for e in reversed(earlier) if e["type"] == "phase"), None)

    def say(said: Said) -> None:
        nonlocal last
        out.append(("said", said))
        last = said

    for e in events:
        kind = e["type"]
        if kind not in SCORED and kind != "trump":
            skip_trump = False
        if kind == "deal":
            last = None
            played = False
            r = e["round"]
            out.append(("rule", [f"Round {r} · {names.subject(e['dealer'], 'deal')}"]))
            summary = state.rounds[r - 1] if r <= len(state.rounds) else {}
            if summary.get("turnup"):
                line: Line = ["The turn-up is ", Card(summary["turnup"])]
                if state.rules.trump.initial == "turnup":
                    line += [": trump is ", *suit_text(summary["turnup"][-1])]
                say(Said(line + ["."], seat=e["dealer"]))
            if watching and r <= len(state.deals):
                for s, hand in enumerate(state.deals[r - 1]["hands"]):
                    out.append(("said", Said([f"{names.possessive(s)} hand: ", *cards(hand)])))
        elif kind == "phase":
            last = None
            phase = e["phase"]
            rule = next((p for p in state.rules.phases if p.name == phase), None)
            # the banner holds the name only: a rule line is one line, and the obligations are long
            out.append(("rule", [Strong(phase.capitalize())]))
            if rule:
                back = " Table cards go back to hand." if "tableau-to-hand" in rule.on_start else ""
                said = ["Trick rule: ", *obligation_line(rule.follow_rule), f".{back}"]
                out.append(("said", Said(said)))
        elif kind == "play":
            played = True
            where = [" from the table"] if e.get("from_table") else []
            say(Said([names.subject(e["seat"], "play"), " ", Card(e["card"]), *where], seat=e["seat"]))
        elif kind == "trick":
            line = [Strong(names.subject(e["winner"], "win")), " the trick (", *cards(e["cards"]), ")"]
            for rule, points in trick_earns(state, e["cards"], phase):
                line += [" ", Points(points), Muted(f" {rule.label}, scored at the end of the round")]
            say(Said(line, seat=e["winner"]))
        elif kind == "meld":
            say(Said([names.subject(e["seat"], "declare"), " ", Strong(e["name"]), " ", *cards(e["cards"])],
                     seat=e["seat"], detail=False))
        elif kind == "pass":
            # A declaration turn passed or skipped says nothing the next lines do not; before the
            # first card of a deal, a pass declines what a phase done at the deal offers, or a
            # bid in an auction.
            offer = declined_offer(state) if not played and not names.you(e["seat"]) else None
            if offer is not None:
                what, why = offer.declined(state)
                say(Said([f"{names(e['seat'])} does not {what}", Muted(why), "."], seat=e["seat"]))
            elif not played:
                say(Said([names.subject(e["seat"], "pass")], seat=e["seat"]))
        elif kind == "draw":
            if e["left"] == 0 and state.rules.deal.turnup:  # the face-up card, drawn last: seen by all
                say(Said([names.subject(e["seat"], "take"), " the turn-up ", Card(e["card"]),
                          Muted(" (the last card of the stock)")], seat=e["seat"]))
            elif watching or names.you(e["seat"]):
                say(Said([names.subject(e["seat"], "draw"), " ", Card(e["card"]), Muted(f" (stock {e['left']})")],
                         seat=e["seat"]))
            else:
                last = None
        elif kind == "turn":
            say(Said([names.subject(e["seat"], "turn"), " ", Card(e["card"]), " for trump"], seat=e["seat"]))
            skip_trump = True
        elif kind == "exchange":
            say(Said([names.subject(e["seat"], "exchange"), " ", Card(e["card"]), " for the turn-up ",
                      Card(e["turnup"])], seat=e["seat"]))
        elif kind == "trump":
            if skip_trump:
                continue
            if e["suit"] is None:
                say(Said([f"Trump is cancelled: {e['reason']}."]))
            else:
                whose = "your" if names.you(e["seat"]) else f"{names(e['seat'])}'s"
                if e["reason"].startswith("named"):  # named by a player, e.g. the declarer
                    say(Said(["Trump is now ", *suit_text(e["suit"]), f", named by {names(e['seat'])}."]))
                else:
                    say(Said(["Trump is now ", *suit_text(e["suit"]), f", by {whose} {e['reason']}."]))
        elif kind in SCORED:
            # points follow the move that scored them; end-of-round scoring is in the round summary
            if last is not None and last.seat == e["seat"] and e["source"] not in end_labels:
                last.points.append((e, e["points"]))
            elif e["source"] not in end_labels:
                say(Said([_scorer(state, names, e)], seat=e["seat"], points=[(e, e["points"])]))
        elif kind == "round-end":
            last = None
            out.append(("round", e["round"]))
        elif kind == "game-end":
            last = None
            out.append(("game", None))
        elif kind == "bid":  # an auction's bid, or a pass (no bid)
            if e["bid"] is None:
                say(Said([names.subject(e["seat"], "pass")], seat=e["seat"]))
            else:
                say(Said([names.subject(e["seat"], "bid"), f" {e['bid']}"], seat=e["seat"]))
        elif kind == "widow":  # the widow shown, and taken by the declarer
            say(Said([names.subject(e["seat"], "take"), " the widow: ", *cards(e["cards"])], seat=e["seat"]))
        elif kind == "settle":  # the contract judged at the end of the deal
            say(Said([Strong(f"{names.possessive(e['declarer'])} contract of {e['bid']}: {e['outcome']}"), "."]))
        elif kind not in KNOWN_EVENTS:  # a phase kind's own: a bid, the widow shown, a discard
            # in its kind's own words where its event class says itself (told), else from its fields;
            # an event read back as plain data (a dict) is told by its registered class too
            told = getattr(e, "told", None)
            if told is None and isinstance(e, dict) and hasattr(EVENT_TYPES.get(kind), "told"):
                told = make_event(kind, **{k: v for k, v in e.items() if k != "type"}).told
            line = told(names) if told is not None else event_line(e, names, watching)
            if line:
                say(Said(line, seat=e.get("seat")))
    return [("say", _finish(v)) if k == "said" else (k, v) for k, v in out]


KNOWN_EVENTS = ("deal", "phase", "play", "trick", "meld", "pass", "draw", "turn", "exchange",
                "trump", "score", "deal-points", "round-end", "game-end", "bid", "widow", "settle")
# points scored: to the game's scores (score), or to the deal's points only, which reach the scores
# through the deal's settlement against a contract (deal-points)
SCORED = ("score", "deal-points")
# events of a phase kind whose cards only their seat sees (the others learn how many)
PRIVATE_CARD_EVENTS = ("discard", "discards", "bury")


def event_line(e: dict, names: Names, watching: bool) -> Line:
    """An event of a phase kind of its own in words, from its fields: ``West bids 250``, ``You
    discard 9S 9H JD``, ``The widow: QS 9C KD``; cards of a discard only for its seat."""
    kind, seat = e["type"], e.get("seat")
    fields = {k: v for k, v in e.items() if k not in ("type", "seat")}
    hidden = kind in PRIVATE_CARD_EVENTS and not watching and not (type(seat) is int and names.you(seat))
    words: Line = []
    for value in fields.values():
        if hidden and isinstance(value, list):
            words.append(f"{len(value)} card{'s' if len(value) != 1 else ''}")
        elif not hidden or not isinstance(value, str) or not _is_card_name(value):
            words += fact_line(value, names, len(names.names))
        words.append(" ")
    words = words[:-1]
    if type(seat) is int:
        return [names.subject(seat, kind.replace("-", " ")), *([" "] if words else []), *words]
    return [f"{kind.replace('-', ' ').capitalize()}: ", *words] if words else [kind.replace("-", " ").capitalize()]


def _scorer(state, names: Names, e: dict) -> str:
    """Who scores: the seat, or its side where a settlement is credited to a side (every partner's
    score moves by it; the event names the side's first seat)."""
    if e["source"] == SETTLEMENT and state.game.compiled.settles_deals and names.partnerships:
        who = names.team(e["seat"])
        return f"{who} score" if " and " in who else f"{who} scores"
    return names.subject(e["seat"], "score")


def _played_before(earlier: list[dict]) -> bool:
    """Has a card been played in the deal in progress at the end of ``earlier``?"""
    for e in reversed(earlier):
        if e["type"] == "play":
            return True
        if e["type"] == "deal":
            return False
    return False


def _finish(said: Said) -> Line:
    line = list(said.line)
    if said.points:
        total = sum(p for _, p in said.points)
        line += [" ", Points(total)]
        if said.detail:
            line += [Muted(" (")] + _score_details(said.points) + [Muted(")")]
    return line


def _score_details(points: list[tuple[dict, int]]) -> Line:
    """What the points were for, grouped by source: ``card won K♠ 4, J♠ 2; last trick``."""
    groups: dict[str, list[tuple[str | None, int]]] = {}
    for e, p in points:
        source = e.get("meld", "meld") if e["source"] == "meld" else e["source"]
        groups.setdefault(source, []).append((e.get("card"), p))
    out: Line = []
    for source, items in groups.items():
        if out:
            out.append(Muted("; "))
        out.append(Muted(source))
        shown = [(c, p) for c, p in items if c]
        for i, (card, p) in enumerate(shown):
            out += [Muted("," if i else ""), " ", Card(card)] + ([Muted(f" {p}")] if len(items) > 1 else [])
    return out


def declared_line(state, obs: dict, seat: int) -> Line:
    """Where melds may wait "to score": the melds ``seat`` declared this deal, each with its
    points, and which are still to score (or lapsed, a card of theirs played)."""
    if not state.game.compiled.has_to_score:
        return []
    parts = []
    for m in obs["melds"]:
        if m["player"] == seat:
            status = {"waiting": " (to score)", "lapsed": " (lapsed)"}.get(m.get("status"), "")
            parts.append(f"{m['name']} {m['points']}{status}")
    return [", ".join(parts)] if parts else []
