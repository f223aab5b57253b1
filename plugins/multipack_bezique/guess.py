"""The dealer's guess (phase kind ``guess``, six-pack Bezique's, option packet_guess): a number
drawn by chance as the cards are dealt (:mod:`cardcore.engine.drawn_number`: the packet the
dealer lifts), which the non-dealer guesses before the first lead (``guess N``); then it is shown
to all and the rule's awards score. Registered with cardcore by the plugin
(``register_phase_kinds``), with its event."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from cardcore.engine.drawn_number import DrawnNumberPhase, shown
from cardcore.engine.events import Event, register_event
from cardcore.engine.kinds import read_amount
from cardcore.engine.moved import renamed_classes
from cardcore.engine.phases import ask, log, play_on, score
from cardcore.errors import IllegalAction
from cardcore.ruleset import Source, Strict
from cardcore.text.lines import Strong

GUESS = "guess"


class GuessAward(Strict):
    """Points a guess phase awards: to ``seat`` (``guesser`` or ``dealer``) when the guess is
    right (``when: guess-right``) or when the outcome is the aim itself (``when: aim``)."""

    when: Literal["guess-right", "aim"]
    seat: Literal["guesser", "dealer"]
    points: int = Field(ge=0)
    label: str = Field(min_length=1)
    source: Source


class GuessPhase(DrawnNumberPhase):
    """A number drawn by chance as the cards are dealt (kept in the deal's record as
    ``outcome``), aimed at ``aim`` and off it by up to ``spread`` either way, each value as
    likely; before the first lead ``who`` guesses it (``guess N``), it is shown to all, and
    ``awards`` score. ``enabled: false`` (an option's agreement): no such phase."""

    kind: Literal["guess"]
    who: Literal["non-dealer"] = "non-dealer"
    awards: list[GuessAward] = []

    def scaled(self, scale) -> "GuessPhase":
        return self.model_copy(update={"awards": [a.model_copy(update={"points": scale(a.points)})
                                                  for a in self.awards]})

    def most_points(self) -> int:
        """The most this phase scores a deal: each award at most once."""
        return sum(award.points for award in self.awards)

    def describe(self) -> str:
        awards = "; ".join(f"{a.label} {a.points} to the {a.seat}"
                           + (" if the guess is right" if a.when == "guess-right" else f" if it is {self.aim}")
                           for a in self.awards)
        return (f"{self.what} is drawn by chance, {self.aim} give or take {self.spread} ({self.low} to {self.high}, "
                f"each as likely); before the first lead the {self.who} guesses it ('guess N'), then it is "
                f"shown: {awards}")


@register_event(GUESS)
class GuessMade(Event):
    seat: int
    guess: int
    outcome: int  # the number drawn by chance at the deal, shown to all once guessed
    what: str  # what it counts, in words (the guess rule's)

    def told(self, names) -> list:
        """The event in words, at the terminal and in the browser."""
        return [names.subject(self.seat, "guess"), f" {self.guess}; {self.what}: ", Strong(str(self.outcome)), "."]


class GuessKind:
    decisions = (GUESS,)

    def action_space(self, game, rule) -> list[str]:
        return [f"{GUESS} {n}" for n in range(rule.low, rule.high + 1)]

    def most_decisions(self, game, rule) -> int:
        return 1  # one guess a deal

    def enter(self, state, phase) -> None:
        ask(state, GUESS, state.table.next(state.dealer))  # who: non-dealer

    def over(self, state) -> bool:
        return state.decision != GUESS

    def rule(self, state):
        """The rule of the decision due (asked as the cards are dealt: not the phase of play's)."""
        return state.game.compiled.deal.drawn_number

    def prompt(self, state) -> str:
        rule = self.rule(state)
        return f"guess {rule.what} ('guess N', or N alone, from {rule.low} to {rule.high})"

    def legal_actions(self, state) -> list[str]:
        return self.action_space(state.game, self.rule(state))

    def habitual(self, state) -> str:
        """The aim (``guess 24``): every number is as likely and no guess changes anything but
        its own award, so no search can find a better one; and no bot may look at the number."""
        return f"{GUESS} {self.rule(state).aim}"

    def apply(self, state, seat: int, verb: str, args: list[str], action: str) -> None:
        rule = self.rule(state)
        guess = read_amount(args[0], rule.high) if verb == GUESS and len(args) == 1 else None
        if guess is None or not rule.low <= guess <= rule.high:
            raise IllegalAction(action, f"the {rule.who} guesses {rule.what} now: 'guess N' with N from "
                                        f"{rule.low} to {rule.high} ({rule.source})")
        outcome = state.deals[-1][rule.outcome]
        state.actions.append(f"{GUESS} {guess}")
        state.rounds[-1].update({GUESS: {"player": seat, "guessed": guess}, rule.outcome: outcome})
        log(state, GUESS, seat=seat, guess=guess, outcome=outcome, what=rule.what)
        for award in rule.awards:
            if guess == outcome if award.when == "guess-right" else outcome == rule.aim:
                score(state, seat if award.seat == "guesser" else state.dealer, award.points, award.label)
        play_on(state)

    # ------------------------------------------------------------ what a seat may know of it
    def observe(self, state, rule, seat: int, obs: dict) -> None:
        """The guess and the number, shown to all once guessed (None before)."""
        summary = state.rounds[-1]
        obs[GUESS] = summary.get(GUESS)
        obs[rule.outcome] = summary.get(rule.outcome)

    def encoded(self, obs: dict, rule) -> list[float]:
        """The adapters' plane ``guess``: the number guessed and the number drawn, each divided by
        the highest it can be, once guessed (zero before)."""
        if obs.get(GUESS) is None:
            return [0.0, 0.0]
        return [obs[GUESS]["guessed"] / rule.high, obs[rule.outcome] / rule.high]

    def observation_text(self, obs: dict, rule) -> str | None:
        made = obs.get(GUESS)
        return None if made is None else f"P{made['player']} guessed {made['guessed']}, {rule.outcome} {obs[rule.outcome]}"


__all__ = ["GUESS", "GuessAward", "GuessKind", "GuessMade", "GuessPhase", "shown"]
__getattr__ = renamed_classes(__name__, Guess="GuessKind")  # its name before it was GuessKind
