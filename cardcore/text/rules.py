"""A game's rules in words, from its rules data: the one place where rules become prose.

`cardcore rules` prints the whole page (``rules_page``); the `help` of `cardcore play` shows the
parts that apply at the moment, built from the same sentences (rank order, what counts, trump,
the steps after a trick, a plugin's rules sections). Every sentence is made from the resolved rules file, so
a game, or a variant, reads as its data says; nothing here names a game.
"""

from __future__ import annotations

import textwrap

from ..cards import RANK_NAMES, SUIT_CHARS, SUIT_NAMES
from ..engine.phases.tricks import PhaseRule
from ..ruleset import CardPointsRule, DeclareStep, DeckRule, DrawStep, RulesFile, ScoringRule, TurnTrumpStep
from ..engine.sections import game_ending, sections_of
from ..values import show_value

RANK_ORDER_TITLE = "Rank order in each suit, high to low (T is the ten)"


# ------------------------------------------------------------------------------ cards
def rank_order(deck: DeckRule) -> dict[str, list[str]]:
    """Per suit, the ranks from the highest to the lowest for winning tricks."""
    return {s: list(reversed(deck.suit_order_exceptions.get(s, deck.ranks))) for s in deck.suits}


def rank_order_lines(deck: DeckRule) -> list[str]:
    """One line per distinct order: ``every suit: A K Q J T 9 8 7``, or the suits that share it."""
    groups: dict[tuple[str, ...], list[str]] = {}
    for suit, order in rank_order(deck).items():
        groups.setdefault(tuple(order), []).append(suit)
    if len(groups) == 1:
        (order,) = groups
        return [f"every suit: {' '.join(order)}"]
    return [f"{_suit_list(suits)}: {' '.join(order)}" for order, suits in groups.items()]


def counting_lines(rules: RulesFile) -> list[tuple[str, str]]:
    """What the cards won or turned are worth, as (sentence, source): each counter with the
    scoring rules that count it, then the points of single cards."""
    deck = rules.deck
    out = []
    for name, counter in rules.counters.items():
        if set(counter.ranks) == set(deck.ranks):
            what = f"{name} are all the cards won in tricks"
        else:
            ranks = sorted(counter.ranks, key=lambda r: -deck.ranks.index(r))
            in_deck = len(ranks) * len(deck.suits) * deck.packs
            what = f"{name} are the {_and(ranks)} won in tricks ({in_deck} in the deck)"
        uses = [f"{s.label}: {scoring_text(s)}" for s in rules.scoring if s.counter == name]
        out.append((what + (" — " + "; ".join(uses) if uses else ""), counter.source))
    for cp in rules.card_points:
        out.append((card_points_text(cp), cp.source))
    return out


def card_points_text(cp: CardPointsRule) -> str:
    values = ", ".join(f"{k} {v}" for k, v in cp.values.items())
    if cp.when == "turned":
        return f"a card turned for trump scores: {values}"
    if cp.suit == "trump":
        return f"a card of the trick's trump suit, won in that trick, scores: {values}"
    return f"a card won in a trick scores: {values}"


# ------------------------------------------------------------------------------ play
# who takes a step, as the subject of a sentence ("the winner draws")
STEP_WHO = {"each-from-winner": "each player in turn from the winner",
            "every-seat": "every player in turn from the winner"}


def step_text(step) -> str:
    """One step after a trick: ``the winner draws``."""
    who = STEP_WHO.get(step.who, f"the {step.who}")
    if isinstance(step, DrawStep):
        return f"{who} draws"
    if isinstance(step, TurnTrumpStep):
        return f"{who} turns the next stock card for trump"
    assert isinstance(step, DeclareStep)
    if step.only is not None:
        what = f"only {' or '.join(step.only)}"
    else:
        what = "melds" if step.max_melds > 1 else "one meld"
        if step.exclude:
            what += f" (not {', '.join(step.exclude)})"
    if step.to_score:
        what += " to score now (more may be shown, to score one per later trick won while their cards stay unplayed)"
    if step.exchange:
        what += " and exchange for the turn-up"
    cond = " if the winner declared nothing" if step.when == "winner-passed" else ""
    return f"{who} may declare {what}{cond}"


def reuse_text(reuse) -> str:
    """A named re-use policy as it is, or the re-use laws in words."""
    if isinstance(reuse, str):
        return reuse
    laws = [{True: "every new meld needs a card from hand",
             "same-class": "a new meld needs a card from hand when a card of it served in its class",
             False: "a meld may be of table cards only"}[reuse.fresh_card]]
    if reuse.same_meld == "forbidden":
        laws.append("a card serves once in each meld name")
    if reuse.same_class == "higher-only":
        laws.append("a card serves again in its class only in a higher-scoring meld")
    laws.append("a meld broken by play may be re-formed with replacements" if reuse.broken_melds == "reform"
                else "a meld broken by play may not be re-formed")
    return "; ".join(laws)


def after_trick_text(phase: PhaseRule) -> str:
    return "; ".join(step_text(s) for s in phase.after_trick)


def phase_end_text(phase: PhaseRule) -> str:
    return "when the stock is empty" if phase.until == "stock-empty" else "when the hands are played out"


def trump_lines(rules: RulesFile) -> list[tuple[str, str]]:
    """How trump is chosen (and cancelled), as (sentence, source)."""
    t = rules.trump
    if t.initial == "turnup":
        how = "Trump is the suit of the turn-up."
    elif t.initial == "stock-top":
        how = "Trump is the suit of the card turned from the stock"
        if any(isinstance(s, TurnTrumpStep) for p in rules.phases for s in p.after_trick):
            how += "; a new card is turned after every trick"
        how += "."
    elif t.set_by_meld:
        m = t.set_by_meld
        how = (f"No trump until a {' or '.join(m.melds)} declared by the {' or '.join(m.declared_by)} sets it: "
               f"the suit of its {RANK_NAMES[m.card_rank]}"
               + ("." if m.first_only else "; each one sets a new trump."))
    elif any(p.kind == "name-trump" for p in rules.phases):
        how = "The declarer names trumps once he has won the auction."
    else:
        how = "This game has no trump."
    out = [(how, t.source)]
    if t.cancelled_by_trump_meld:
        c = t.cancelled_by_trump_meld
        out.append((f"A {' or '.join(c.melds)} in trumps cancels trump for the rest of the round.", c.source))
    return out


def turnup_lines(rules: RulesFile) -> list[tuple[str, str]]:
    t = rules.turnup
    if t is None:
        return []
    out = [(f"A turn-up of rank {t.rank}: the dealer scores {t.turned_points}.", t.source),
           (f"Exchanging the trump {t.rank} for the turn-up scores {t.exchange_points}.", t.exchange_source),
           (f"Drawing the last, faced card scores {t.last_card_points}.", t.last_card_source)]
    if t.play_points:
        out.append((f"Playing the trump {t.rank}, if it never scored, scores {t.play_points}.", t.play_source))
    return out


# ------------------------------------------------------------------------------ scoring
def scoring_text(s: ScoringRule) -> str:
    scope = f" in the {s.phase}" if s.phase else ""
    if s.kind == "per-card":
        return f"{s.points} per card of {s.counter} won{scope}"
    if s.kind == "majority-bonus":
        return f"the player with most {s.counter} scores {s.points} per card over {s.over}"
    if s.kind == "excess":
        return f"each player scores {s.points} per card of {s.counter} won over {s.over}"
    swept = f", or {s.all_tricks_points} for winning every trick{scope}" if s.all_tricks_points else ""
    return f"the winner of the last trick scores {s.points}{swept}"


def game_end_text(rules: RulesFile) -> str:
    end = rules.game_end
    length = f"{end.rounds} rounds" if end.rounds else f"to {end.target} ({end.check})"
    lurch = f", doubled if the loser has under {end.lurch.below}" if end.lurch else ""
    rise = (f"; when a deal ends with both over it, the target rises by {end.raise_by}"
            if end.both_over == "raise-target" else "")
    ending = game_ending(rules)  # a plugin's section says how the game is scored
    if ending is not None:
        return f"game: {length}; game score: {ending[0].text(ending[1])}"
    return f"game: {length}; game score = {end.game_score}{lurch}{rise}"


# ------------------------------------------------------------------------------ the page
def rules_page(game, data: dict) -> str:
    """The text of `cardcore rules`: ``data`` is the JSON of the same command (options, presets)."""
    r: RulesFile = game.rules
    out = [f"{r.meta.title} — {game.game_string()}", "", wrap(r.meta.summary), ""]
    out += ["Cards", f"  {RANK_ORDER_TITLE}  [{r.deck.source}]"]
    out += [f"    {line}" for line in rank_order_lines(r.deck)]
    out += ["  What counts"] + [wrap(f"{text}  [{source}]", "    ") for text, source in counting_lines(r)]
    out += ["", "Melds"]
    for m in r.melds:
        if not m.enabled:  # a meld by agreement, not agreed with these options
            continue
        pts = m.points if not isinstance(m.points, dict) else ", ".join(f"{k} {v}" for k, v in m.points.items())
        trump = f" ({m.trump_points} in trumps)" if m.trump_points is not None else ""
        trump += "".join(f" ({v} with {k} trump)" for k, v in m.points_if_trump.items())
        out.append(f"  {m.name:<16} {str(pts) + trump:>6}  {m.description}  [{m.source}]")
    if r.melds:
        out.append(f"  re-use of table cards: {reuse_text(r.meld_reuse)}  "
                   f"[{r.meld_reuse_source or getattr(r.meld_reuse, 'source', '')}]")
    else:
        out.append("  (none)")
    out += ["", "Phases"]
    for p in [*r.deal_phases, *r.phases]:
        if p.kind != "tricks":  # a phase of decisions: no trick obligations
            out.append(f"  {p.name}: {p.describe()}  [{p.source}]")
            continue
        table = "; table cards may be played" if p.play_from_tableau else ""
        if p.show_melds is not None:
            table += "; each player's best set of melds is shown and scored as he plays to the first trick"
        if p.ranks is not None:
            table += f"; its tricks rank, high to low, {' '.join(reversed(p.ranks))}"
        out.append(f"  {p.name}: {p.follow_rule.letters} — {p.follow_rule.describe()}{table}; "
                   f"ends {phase_end_text(p)}  [{p.source}]")
        out += [f"    then {step_text(s)}" for s in p.after_trick]
    out += ["", "Trump"] + [f"  {text}  [{source}]" for text, source in trump_lines(r) + turnup_lines(r)]
    for _, rule, handler in sections_of(r):  # a plugin's sections, as the plugin says them
        if hasattr(handler, "text"):
            out += ["", handler.title, wrap(f"{handler.text(rule)}  [{rule.source}]", "  ")]
    out += ["", "Scoring"]
    out += [f"  {card_points_text(c)}  [{c.source}]" for c in r.card_points]
    out += [f"  {s.label}: {scoring_text(s)}  [{s.source}]" for s in r.scoring]
    out.append(f"  {game_end_text(r)}  [{r.game_end.source}]")
    for rule in game.describe_rules():
        out += ["", rule["title"], wrap(rule["text"], "  ") + f"  [{rule['source']}]"]
    out += ["", "Options (default first; set with -o NAME=VALUE)"]
    for o in data["options"]:
        values = " | ".join(show_value(v) for v in o["values"]) if o.get("values") else _integer_text(o)
        out.append(f"  {o['name']} = {show_value(o['value'])}    [{values}]")
        out.append(wrap(o["description"], "      "))
    if data["presets"]:
        out += ["", "Presets (--preset NAME)"]
        for name, values in data["presets"].items():
            shown = ", ".join(f"{k}={show_value(v)}" for k, v in values.items()) or "(the defaults)"
            out.append(f"  {name}: {shown}")
    if r.notes:
        out += ["", "Choices where the sources are silent or disagree"]
        out += [wrap(f"{n.topic}: {n.text} [{n.source}]", "  ") for n in r.notes]
    out += ["", "Sources"] + [f"  {k}: {v}" for k, v in r.meta.sources.items()]
    out.append(f"  rules file: {data['rules_file']}")
    out += [f"    extending {base}" for base in data.get("extends", ())]
    return "\n".join(out)


def wrap(text: str, indent: str = "") -> str:
    return textwrap.fill(" ".join(text.split()), width=96, initial_indent=indent, subsequent_indent=indent)


def _suit_list(suits: list[str]) -> str:
    return ", ".join(SUIT_NAMES[s] for s in sorted(suits, key=SUIT_CHARS.index))


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _integer_text(option: dict) -> str:
    low, high = option["minimum"], option["maximum"]
    bounds = (f" {low} to {high}" if low is not None and high is not None
              else f" >= {low}" if low is not None else f" <= {high}" if high is not None else "")
    steps = f", a multiple of {option['multiple_of']}" if option.get("multiple_of") else ""
    return f"integer{bounds}{steps}, default {option['default']}"
