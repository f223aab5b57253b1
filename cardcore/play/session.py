"""The game at the terminal: whose turn, asking the person, the bots' moves one at a time, saving.

The record is written after every action, with a ``players`` entry (who sat where: ``human`` or a
bot spec) so that ``--resume`` continues the same game against the same opponent. Ctrl-C and end
of input leave the saved record as it is and print the command that resumes it.
"""

from __future__ import annotations

import shlex
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import click

from ..bots import make_bot
from ..invocation import cardcore_command
from ..match import DEFAULT_HINT_BOT, hint_action, hint_line, hint_spec_for, last_own_move
from ..players import HUMAN, seat_bots
from ..records import format_record, replay, write_record
from ..engine.sections import standing_confirmation
from ..text.facts import (game_grid, game_over_line, help_sections, history_lines, narrate, round_grid,
                          score_grid, table_facts)
from ..text.lines import Strong, card_actions, seat_names
from ..text.moves import interpret, preview
from .interrupts import deferred_interrupt

QUIT = ("quit", "exit", "q")
UNDONE = object()  # ask()'s answer when the person took moves back: the game goes on from there


@dataclass
class Session:
    state: object
    players: list[str]  # per seat: HUMAN or a bot spec
    view: object
    record_path: str
    delay: float = 0.0
    hint_spec: str = DEFAULT_HINT_BOT
    resumed: bool = False
    bots: dict = field(default_factory=dict)
    unsaved: str | None = None  # why the last write of the record failed; None once it is written

    def __post_init__(self):
        g = self.state.game
        seed = self.state.seed
        self.make_bots()
        humans = [s for s, p in enumerate(self.players) if p == HUMAN]
        self.human = humans[0] if humans else None
        self.names = seat_names(g.players, None if self.watching else self.human, g.table)
        # made now, so that a bad --hint-bot is an error before the game starts, not at `hint`
        self.hint_spec = hint_spec_for(self.hint_spec, g)
        self._hint_bot = make_bot(self.hint_spec, g, seed) if self.human is not None else None

    def make_bots(self) -> None:
        self.bots.update(seat_bots(self.state, self.players))

    @property
    def watching(self) -> bool:
        return all(p != HUMAN for p in self.players)

    def resume_command(self, path: str) -> str:
        return f"{cardcore_command()} play --resume {shlex.quote(str(path))}"

    # ------------------------------------------------------------------ running
    def run(self) -> None:
        v, state = self.view, self.state
        if sys.stdin.isatty():
            try:
                import readline  # noqa: F401  line editing and history at the prompt
            except ImportError:  # pragma: no cover - not on every platform
                pass
        shown = len(state.events) if self.resumed else 0
        try:
            self.intro()
            self.save()
            while True:
                shown = self.show_events(shown)
                if state.is_terminal():
                    break
                seat = state.current_player
                if self.players[seat] == HUMAN:
                    action = self.ask(seat)
                    if action is None:
                        self.stopped()
                        return
                    if action is UNDONE:
                        state, shown = self.state, len(self.state.events)
                        continue
                else:
                    action = self.bot_move(seat)
                with deferred_interrupt():  # the state and its record move on together
                    state.apply(action)
                    self.save()
        except (KeyboardInterrupt, EOFError, click.exceptions.Abort):
            # The record on disk holds every action completed: nothing to write.
            v.note("")
            self.stopped()
            return
        where = self.written_where()
        if where is not None:
            v.note(f"Record saved in {where}")
            v.note(f"Replay it with: {cardcore_command()} replay {shlex.quote(where)}")

    def stopped(self) -> None:
        where = self.written_where()
        if where is not None:
            self.view.note(f"Game saved. Resume with: {self.resume_command(where)}")

    def intro(self) -> None:
        g, state, v = self.state.game, self.state, self.view
        seed = f" · seed {state.seed}" if state.seed is not None else ""
        v.say([Strong(g.title), f" — {g.game_string()}{seed}"])
        if self.watching:
            v.say(" · ".join(f"{self.names(s)}: {spec}" for s, spec in enumerate(self.players)))
        else:
            v.say(f"You are seat {self.human}, {self.company()}. "
                  "Type ? for the moves and what each scores, help for the rules now, hint for advice.")
        v.note(f"Recording to {self.record_path}")
        if self.resumed:
            done = len(state.actions)
            v.say(f"Resumed after {done} action{'' if done == 1 else 's'}.")
            if state.is_terminal():
                v.say(game_over_line(state, self.names))
                v.grid(game_grid(state, self.names))
            elif not self.watching:
                for line in history_lines(state, self.names):
                    v.say(line)

    def company(self) -> str:
        """Who else is at the table: "against seat 1 (greedy)" with one bot; at a bigger table each
        by name and seat in the order of play, partners apart."""
        table, me = self.state.table, self.human
        if table.n == 2:
            return "against " + ", ".join(f"seat {s} ({spec})" for s, spec in enumerate(self.players) if spec != HUMAN)

        def who(s: int) -> str:
            return f"{self.names(s)} (seat {s}, {self.players[s]})"

        seats = [s for s in table.order_from(me) if s != me]
        partners = [s for s in seats if s in table.partners(me)]
        opponents = [s for s in seats if s not in partners]
        against = "against " + ", ".join(who(s) for s in opponents)
        return (f"with {', '.join(who(s) for s in partners)} as partner{'s' if len(partners) > 1 else ''}, "
                f"{against}") if partners else against

    def record(self) -> dict:
        return {**self.state.record(), "players": list(self.players)}

    def save(self) -> None:
        """Write the record. A failure (a full disk, a drive gone read-only) does not lose the
        game: it is said once, the game goes on, and the record is written again after every move."""
        try:
            write_record(self.record_path, self.record())
        except OSError as exc:
            if self.unsaved is None:
                self.view.error(f"Cannot write the record {self.record_path}: {exc.strerror or exc}. "
                                "The game goes on; the record is written again after every move.")
            self.unsaved = exc.strerror or str(exc)
            return
        if self.unsaved is not None:
            self.view.note(f"The record is written again to {self.record_path}.")
            self.unsaved = None

    def written_where(self) -> str | None:
        """Where the record is when the game stops: its path; when the last write there failed,
        a file of that name in the temporary directory; None when no file could take it, and
        then the record is printed, to be saved by hand."""
        if self.unsaved is None:
            return str(self.record_path)
        elsewhere = Path(tempfile.gettempdir()) / Path(self.record_path).name
        try:
            write_record(elsewhere, self.record())
        except OSError as exc:
            self.view.error(f"Cannot write the record {self.record_path} ({self.unsaved}) nor "
                            f"{elsewhere} ({exc.strerror or exc}). The record follows: save it in "
                            "a file to resume the game with play --resume FILE.")
            click.echo(format_record(self.record()), nl=False)
            return None
        self.view.error(f"Cannot write the record {self.record_path} ({self.unsaved}); "
                        f"it is written to {elsewhere} instead.")
        return str(elsewhere)

    @property
    def waits_between_rounds(self) -> bool:
        """Wait for Enter after a round's summary: only for a person at a terminal, not --plain."""
        return self.view.rich and not self.watching and _is_tty(sys.stdin) and _is_tty(sys.stdout)

    def show_events(self, shown: int) -> int:
        state, v = self.state, self.view
        items = narrate(state.events[shown:], state, self.names, watching=self.watching)
        for k, (kind, item) in enumerate(items):
            if kind == "say":
                v.say(item)
            elif kind == "rule":
                v.rule(item)
            elif kind == "round":
                v.blank()
                v.grid(round_grid(state, item, self.names, title=f"End of round {item}"))
                game_ends = any(later == "game" for later, _ in items[k + 1:])
                if not game_ends and self.waits_between_rounds:
                    click.prompt("Press Enter for the next round", default="", show_default=False,
                                 prompt_suffix=" ")
            elif kind == "game":
                v.blank()
                v.say(game_over_line(state, self.names))
                v.grid(game_grid(state, self.names))
        return len(state.events)

    def bot_move(self, seat: int) -> str:
        start = time.monotonic()
        action = self.view.busy(f"{self.names(seat)} is thinking…", lambda: self.bots[seat].choose(self.state))
        self.view.pause(self.delay - (time.monotonic() - start))
        return action

    # ------------------------------------------------------------------ the person's turn
    def ask(self, seat: int) -> str | object | None:
        """Prompt until the person gives a legal action; None when they quit, UNDONE when they
        took moves back (``self.state`` is then a new state)."""
        state, v = self.state, self.view
        v.table(table_facts(state, seat, self.names))
        while True:
            text = click.prompt("Your move", prompt_suffix="> ", default="", show_default=False)
            command = text.strip().lower()
            if not command:
                continue
            if command in QUIT:
                return None
            if command == "undo":
                if self.undo(seat):
                    return UNDONE
            elif command in ("?", "moves"):
                v.previews([preview(state, a) for a in state.legal_actions()])
            elif command in ("help", "h", "rules"):
                v.sections(help_sections(state, seat, self.names))
            elif command == "hint":
                self.hint(seat)
            elif command in ("score", "scores"):
                v.grid(score_grid(state, self.names))
                if len(state.rounds) > 1:
                    v.grid(game_grid(state, self.names))
            elif command == "history":
                for line in history_lines(state, self.names):
                    v.say(line)
            elif command in ("table", "look"):
                v.table(table_facts(state, seat, self.names))
            else:
                answer = interpret(text, state)
                asked = standing_confirmation(state, seat, answer.action) if answer.action else None
                if asked is not None and not click.confirm(asked[0], default=False):
                    v.say(asked[1])  # not confirmed: not taken
                elif answer.action:
                    return answer.action
                if answer.error:
                    v.error(answer.error)

    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s last move and every move since (the bot's replies): the game is
        replayed from its record without them (the engine is deterministic from the record), the
        record file is rewritten to match and the bots start afresh. False when there is nothing
        to take back."""
        record = self.state.record()
        keep = last_own_move(record, seat)
        if keep is None:
            self.view.error("Nothing to undo: you have not moved yet in this game.")
            return False
        taken = record["actions"][keep:]
        self.state = replay(record, upto=keep)
        self.make_bots()
        self.save()
        others = len(taken) - 1
        since = f" and {others} move{'s' if others != 1 else ''} since" if others else ""
        self.view.say(["Undone: your ", *card_actions(taken[0]), since, ". The record is rewritten to match."])
        return True

    def hint(self, seat: int) -> None:
        """A bot's choice for ``seat``, made in a world sampled from what that seat may know."""
        state, v = self.state, self.view
        action = v.busy("Thinking about a hint…", lambda: hint_action(state, seat, self._hint_bot))
        v.say(hint_line(state, action, self.hint_spec))


def _is_tty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
