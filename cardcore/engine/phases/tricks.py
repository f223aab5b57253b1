"""Tricks (phase kind ``tricks``, the kind of a phase that names none): tricks until the stock is
empty or the hands are, each followed by the phase's after-trick steps (:mod:`..steps`)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from ...ruleset import PhaseBase, Source, Step, Strict
from ...tricks import FollowRule
from ..declaring import lapse_waiting
from ..events import log
from ..moved import renamed_classes
from .registry import register_phase_kind


class ShowMeldsAtPlay(Strict):
    """Every player's best set of melds scored as he plays his card to the first trick."""

    who: Literal["every-player"] = "every-player"
    when: Literal["own-first-play"] = "own-first-play"
    choice: Literal["best-set"] = "best-set"
    source: Source


class PhaseRule(PhaseBase):
    """A phase of tricks (the schema of kind ``tricks``, the kind of a phase that names none)."""

    kind: Literal["tricks"] = "tricks"
    name: str
    until: Literal["stock-empty", "hands-empty"]
    follow: str
    follow_or_trump: bool = False
    win_when_trump_led: bool = Field(
        False, description="beat the card winning the trick when a trump was led (besides the letters' R)")
    show_melds: ShowMeldsAtPlay | None = None
    play_from_tableau: bool = False
    on_start: list[Literal["tableau-to-hand"]] = []
    leader: Literal["last-trick-winner"] = "last-trick-winner"
    ranks: list[str] | None = Field(
        None, description="this phase's trick order of the ranks, low to high, where it is not the deck's "
                          "(e.g. the Ten at whist rank, below the Jack)")
    after_trick: list[Step] = []
    source: Source

    @field_validator("follow")
    @classmethod
    def _letters(cls, v: str) -> str:
        FollowRule.parse(v)
        return v

    @property
    def follow_rule(self) -> FollowRule:
        return FollowRule.parse(self.follow, self.follow_or_trump, self.win_when_trump_led)


class TricksKind:
    """Tricks until the stock is empty (``until: stock-empty``) or the hands are (``hands-empty``,
    also a deal without a stock). Cards melded may be played from the table
    (``play_from_tableau``); ``on_start: [tableau-to-hand]`` takes them back into hand."""

    decisions = ()

    def enter(self, state, phase) -> None:
        compiled = state.cphase  # the phase's rules as plain values (engine.compiled)
        for step in compiled.on_start:
            if step == "tableau-to-hand":
                for s in range(state.n):
                    lapse_waiting(state, s, state.tableaus[s])  # nothing is declared any more
                    state.hands[s] |= state.tableaus[s]
                    state.tableaus[s] = 0
        if state.log_events or state.kept_events:
            log(state, "phase", phase=phase.name, rule=compiled.follow.letters)

    def over(self, state) -> bool:
        if state.cphase.until_stock_empty:
            return state.stock_pos >= len(state.stock)
        return not any(state.hands) and not any(state.tableaus)


register_phase_kind("tricks", TricksKind(), PhaseRule)

__getattr__ = renamed_classes(__name__, Tricks="TricksKind")  # its name before it was TricksKind
