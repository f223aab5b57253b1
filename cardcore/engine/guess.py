"""A guess (phase kind ``guess``): a number drawn by chance as the cards are dealt, which a seat
guesses before the first lead (``guess N``); then it is shown to all and the rule's awards score.

The number is the deal's: drawn from the deal's own generator after the cards (so a game without
a guess deals exactly as before), kept in the deal's record under the rule's ``outcome`` name,
and checked there when a record is loaded. Until the guess it is hidden from every seat: a world
sampled for a search draws it again (:func:`redraw_hidden`).
"""

from __future__ import annotations

from ..errors import IllegalAction, RecordError
from .draws import below
from .kinds import PLAY, read_amount
from .phases import register_phase_kind

GUESS = "guess"


def guess_rule(rules):
    """The guess phase of the compiled rules (``game.compiled``), or None (none listed, or not
    agreed)."""
    return next((p for p in rules.deal_phases if p.kind == GUESS), None)


def draw(rule, getrandbits) -> int:
    """The number drawn: ``aim - spread`` to ``aim + spread``, each as likely (rejection on
    ``getrandbits``, as the deal's shuffle draws, the same on every Python version)."""
    return rule.low + below(getrandbits, 2 * rule.spread + 1)


def check_outcome(rule, where: str, value) -> int:
    """A deal record's number, or a RecordError saying where and why."""
    if type(value) is not int or not rule.low <= value <= rule.high:
        raise RecordError(f"{where}: {rule.outcome!r} must be a whole number from {rule.low} to {rule.high} "
                          f"({rule.aim} give or take {rule.spread}), not {value!r}")
    return value


def shown(state) -> bool:
    """Whether this deal's number has been shown (the guess is made)."""
    return GUESS in state.rounds[-1]


def redraw_hidden(state, world, rng) -> None:
    """In ``world``, a search's copy of ``state``, a number not yet shown is drawn again: no seat
    knows it before the guess."""
    rule = state.guess_rule  # set only where a guess was asked this game: one read elsewhere
    if rule is None or shown(state):
        return
    world.deals = world.deals[:-1] + [{**world.deals[-1], rule.outcome: draw(rule, rng.getrandbits)}]
    world.given_deals = list(world.deals)


def habitual_guess(state) -> str | None:
    """At a guess, the aim (``guess 24``), else None. Every number is as likely and no guess
    changes anything but its own award, so no search can find a better one; and no bot may look
    at the number (it is drawn already: a probe of the state would see it)."""
    if state.decision != GUESS or state.result is not None:
        return None
    return f"{GUESS} {state.guess_rule.aim}"


class GuessKind:
    decisions = (GUESS,)

    def enter(self, state, phase) -> None:
        state.guess_rule = phase
        state.decision = GUESS
        state.current_player = state.table.next(state.dealer)  # who: non-dealer

    def over(self, state) -> bool:
        return state.decision != GUESS

    def rule(self, state):
        """The rule of the decision due (asked as the cards are dealt: not the phase of play's)."""
        return state.guess_rule

    def prompt(self, state) -> str:
        rule = state.guess_rule
        return f"guess {rule.what} ('guess N', or N alone, from {rule.low} to {rule.high})"

    def legal_actions(self, state) -> list[str]:
        rule = state.guess_rule
        return [f"{GUESS} {n}" for n in range(rule.low, rule.high + 1)]

    def apply(self, state, seat: int, verb: str, args: list[str], action: str) -> None:
        rule = state.guess_rule
        guess = read_amount(args[0], rule.high) if verb == GUESS and len(args) == 1 else None
        if guess is None or not rule.low <= guess <= rule.high:
            raise IllegalAction(action, f"the {rule.who} guesses {rule.what} now: 'guess N' with N from "
                                        f"{rule.low} to {rule.high} ({rule.source})")
        outcome = state.deals[-1][rule.outcome]
        state.actions.append(f"{GUESS} {guess}")
        dealer = state.dealer
        state.rounds[-1].update({GUESS: {"player": seat, "guessed": guess}, rule.outcome: outcome})
        if state.log_events:
            state._event(GUESS, seat=seat, guess=guess, outcome=outcome, what=rule.what)
        for award in rule.awards:
            hit = guess == outcome if award.when == "guess-right" else outcome == rule.aim
            if hit:
                state._score(seat if award.seat == "guesser" else dealer, award.points, award.label)
        state.decision = PLAY
        state.current_player = state.leader


register_phase_kind(GUESS, GuessKind())
