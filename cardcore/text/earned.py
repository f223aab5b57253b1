"""Points a player has earned but the engine scores only when the round ends (Penchant's
phase-two brisques and book bonus, Marjolet's brisques, Penneech's cards over seven), and the
rule behind each row of the scores in words.

The engine keeps its timing (the record and the golden playthroughs stay as they are); the
player is shown these points as they are earned, marked as counted at the end of the round.
"""

from __future__ import annotations

from ..ruleset import ScoringRule


def _one(counter: str) -> str:
    """``brisques`` -> ``brisque``: a counter's cards, one of them."""
    return counter[:-1] if counter.endswith("s") else counter


def explain_rule(rule: ScoringRule) -> str:
    """An end-of-round scoring rule in a few words: ``1 per card over 7``."""
    if rule.kind == "last-trick":
        of = f" of the {rule.phase}" if rule.phase else ""
        every = f", or {rule.all_tricks_points} with every trick{of}" if rule.all_tricks_points is not None else ""
        return f"{rule.points}{every}"
    one = _one(rule.counter)
    where = f" won in the {rule.phase}" if rule.phase else " won"
    if rule.kind == "per-card":
        return f"{rule.points} per {one}{where}"
    if rule.kind == "excess":
        return f"{rule.points} per {one}{where} over {rule.over}"
    return f"most {rule.counter}{where}: {rule.points} per {one} over {rule.over}"


def labelled(state, source: str) -> str:
    """A score event's source, with its rule in words when an end-of-round rule gave it."""
    turnup = state.rules.turnup
    if turnup is not None and source in ("exchange", "turn-up"):  # the dix's (Bezique's seven's) two ways
        what = (f"the trump {turnup.rank} for the turn-up" if source == "exchange"
                else f"a {turnup.rank} turned up, to the dealer")
        return f"{source} ({what})"
    rule = next((r for r in state.rules.scoring if r.label == source), None)
    if rule is None:
        return source
    return f"{source} ({explain_rule(rule)})"


def earned_so_far(state) -> list[tuple[ScoringRule, list[int]]]:
    """Each counting rule and what it would give each seat if the round ended now: the cards are
    won, the engine only scores them at the end of the round. Rules giving nothing yet are left out;
    so is everything once the round has been scored."""
    if state.is_terminal() or _round_scored(state):
        return []
    out = []
    for rule in state.rules.scoring:
        if rule.kind == "last-trick":
            continue  # earned by the last trick only
        counts = state.counter_counts(rule.counter, rule.phase)
        if rule.kind == "per-card":
            points = [c * rule.points for c in counts]
        elif rule.kind == "excess":
            points = [max(0, c - rule.over) * rule.points for c in counts]
        else:  # majority-bonus: the sole leader, over the threshold
            top = max(counts)
            points = [(c - rule.over) * rule.points if c == top and counts.count(top) == 1 and c > rule.over
                      else 0 for c in counts]
        if any(points):
            out.append((rule, points))
    return out


def trick_earns(state, cards: list[str], phase: str | None) -> list[tuple[ScoringRule, int]]:
    """What the per-card rules give the winner of a trick of ``cards`` won in ``phase``."""
    out = []
    deck = state.deck
    for rule in state.rules.scoring:
        if rule.kind != "per-card" or (rule.phase is not None and rule.phase != phase):
            continue
        mask = state.game.compiled.counter_masks[rule.counter]
        counted = sum(1 for name in cards if mask >> deck.card_index(name) & 1)
        if counted:
            out.append((rule, counted * rule.points))
    return out


def _round_scored(state) -> bool:
    """Has the round in progress already been scored (its round-end event logged)?"""
    for e in reversed(state.events):
        if e["type"] == "round-end":
            return True
        if e["type"] == "deal":
            return False
    return False
