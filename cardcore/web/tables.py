"""One game at the web table: its state, who sits where, its bots, and its texts.

Everything a seat is told comes from the text model, :mod:`cardcore.text` (``table_facts``,
``narrate``, ``help_sections``, ``preview``, ``history_lines``, the score grids, ``interpret``), so
the browser says what the terminal says. The record is written after every action, with the terminal's ``players`` entry.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path

from ..bots import make_bot
from ..match import DEFAULT_HINT_BOT, hint_action, hint_line, hint_spec_for, last_own_move
from ..players import HUMAN, seat_bots
from ..records import replay, write_record
from ..text.claim import claim_question, is_claim
from ..text.facts import (game_grid, game_over_line, help_sections, history_lines, narrate, round_grid,
                          score_grid, table_facts)
from ..text.lines import Line, card_actions, is_card, plain, seat_names
from ..text.move_list import move_entries, preview_text
from ..text.moves import amount_verbs, interpret, preview
from .render import grid_html, line_html


def stamp_of(path: Path) -> tuple[int, int]:
    """What tells that a record changed on disk: its modification time and its size (a rewrite
    within the clock's resolution, such as an undo, still changes the size)."""
    st = path.stat()
    return st.st_mtime_ns, st.st_size


class Refused(Exception):
    """A move or request that the game does not allow now; the message says why. With
    ``confirm``, the message is a question: the same move, confirmed, is made."""

    def __init__(self, message: str, status: int = 400, confirm: bool = False):
        super().__init__(message)
        self.message = message
        self.status = status
        self.confirm = confirm


@dataclass
class WebTable:
    game_id: str
    path: Path
    state: object
    players: list[str]  # per seat: HUMAN or a bot spec, as in the record
    stamp: tuple[int, int] = (0, 0)  # of the record when last read or written (stamp_of): another
    # program, such as the terminal, may have moved the game on
    hint_spec: str = DEFAULT_HINT_BOT  # the bot of Hint, as the terminal's --hint-bot
    lock: threading.RLock = field(default_factory=threading.RLock)
    _bots: dict | None = None
    _hint_bot: object = None

    @property
    def human(self) -> int | None:
        return self.players.index(HUMAN) if HUMAN in self.players else None

    @property
    def watching(self) -> bool:
        return self.human is None

    @property
    def names(self):
        g = self.state.game
        return seat_names(g.players, self.human, g.table)

    @property
    def bots(self) -> dict:
        if self._bots is None:  # made when first needed, seeded as the terminal seeds them
            self._bots = seat_bots(self.state, self.players)
        return self._bots

    def resume(self, state, players: list[str], stamp: tuple[int, int]) -> None:
        """Go on from the game as its record now holds it (another program moved it on); the
        bots and the hint's bot are made afresh, seeded as when the game is opened."""
        self.state, self.players, self.stamp = state, players, stamp
        self._bots = self._hint_bot = None

    def save(self) -> None:
        write_record(self.path, {**self.state.record(), "players": list(self.players)})
        self.stamp = stamp_of(self.path)

    # ------------------------------------------------------------------ moves
    def act(self, text: str, confirmed: bool = False) -> str:
        """Apply the person's move, typed as at the terminal (a number, a card, cards, an action).
        A claim (Pinochle's Out) is made only ``confirmed``, as the terminal asks first."""
        state = self.state
        if state.is_terminal():
            raise Refused("The game is over.", 409)
        if state.current_player != self.human:
            raise Refused(f"It is {self.names(state.current_player)}'s turn, not yours.", 409)
        answer = interpret(text, state)
        if not answer.action:
            raise Refused(answer.error or "Type a move: a card, cards for a meld, or an action.")
        if is_claim(state, answer.action) and not confirmed:
            raise Refused(claim_question(state, self.human), 409, confirm=True)
        state.apply(answer.action)
        self.save()
        return answer.action

    def step(self) -> str:
        """One bot move, when a bot is to move."""
        state = self.state
        if state.is_terminal():
            raise Refused("The game is over.", 409)
        seat = state.current_player
        if self.players[seat] == HUMAN:
            raise Refused("It is your turn: a bot moves only at its own turn.", 409)
        action = self.bots[seat].choose(state)
        state.apply(action)
        self.save()
        return action

    def undo(self) -> int:
        """Take back the person's last move and every move since, as the terminal's `undo`: the
        game is replayed from its record without them and the record rewritten. The number of
        actions taken back."""
        if self.human is None:
            raise Refused("Nobody's moves can be taken back when watching.", 409)
        record = self.state.record()
        keep = last_own_move(record, self.human)
        if keep is None:
            raise Refused("Nothing to undo: you have not moved yet in this game.", 409)
        self.state = replay(record, upto=keep)
        self._bots = None  # afresh, as the terminal's: seeded from the game's seed
        self.save()
        return len(record["actions"]) - keep

    def set_bot(self, seat: int, spec: str) -> None:
        """Give a bot's ``seat`` another bot (another level), from its next move on; the record's
        players say so, as a resumed game's bots do."""
        if not 0 <= seat < self.state.n:
            raise Refused(f"There is no seat {seat}: the seats are 0 to {self.state.n - 1}.", 404)
        if self.players[seat] == HUMAN:
            raise Refused(f"Seat {seat} is a person's, not a bot's.", 409)
        self.players[seat] = spec
        self._bots = None  # made afresh, seeded as when the game is opened
        self.save()

    # ------------------------------------------------------------------ what is shown
    def viewer(self) -> int:
        """The seat whose view the table shows: the person's, or when watching seat 0 throughout
        (the table does not turn round to each seat that moves)."""
        return self.human if self.human is not None else 0

    def summary(self) -> dict:
        state, names = self.state, self.names
        finished = state.is_terminal()
        to_move = None if finished else ("you" if state.current_player == self.human else "bot")
        return {
            "id": self.game_id, "game": state.game.name, "title": state.game.title,
            "game_string": state.game.game_string(), "seed": state.seed, "players": list(self.players),
            "seat": self.human, "names": [names(s) for s in range(state.n)],
            "current_player": state.current_player, "to_move": to_move, "finished": finished,
            "scores": list(state.scores), "round": len(state.rounds), "actions": len(state.actions),
            "events": len(state.events),
            "legal_actions": state.legal_actions() if to_move == "you" else [],
            "result": state.result if finished else None,
        }

    def log(self, since: int = 0) -> list[dict]:
        """What happened after event ``since``, narrated as at the terminal: lines, round and game
        summaries (each as plain text and HTML)."""
        state, names = self.state, self.names
        since = max(0, min(since, len(state.events)))
        out = []
        for kind, item in narrate(state.events[since:], state, names, watching=self.watching):
            if kind in ("say", "rule"):
                out.append({"kind": kind, "text": plain(item), "html": str(line_html(item))})
            elif kind == "round":
                g = round_grid(state, item, names, title=f"End of round {item}")
                out.append({"kind": kind, "text": plain(g.title), "html": str(grid_html(g))})
            elif kind == "game":
                line = game_over_line(state, names)
                out.append({"kind": kind, "text": plain(line),
                            "html": f"<p>{line_html(line)}</p>{grid_html(game_grid(state, names))}"})
        return out

    def facts(self):
        """The terminal's table facts, from the person's seat; when watching, from the seat shown
        (:meth:`viewer`), its rows named for that seat rather than "Your ...", and the turn the
        seat to move's."""
        facts = table_facts(self.state, self.viewer(), self.names)
        if self.watching:
            seat = self.viewer()
            whose = self.names.possessive(seat)
            facts.rows = [(f"{whose} {label[5:]}" if label.startswith("Your ") else label, line)
                          for label, line in facts.rows]
            facts.turn = [] if self.state.is_terminal() else [f"{self.names(self.state.current_player)} to move."]
        return facts

    def moves(self) -> list[tuple[str, str]]:
        return move_entries(self.state.legal_actions()) if self.summary()["to_move"] == "you" else []

    def plays(self) -> list[str]:
        """The cards the person may play now (their legal ``play`` actions)."""
        return [a for a in self.summary()["legal_actions"] if a.startswith("play ")]

    def card_verbs(self) -> list[str]:
        """The person's verbs other than play that take cards (meld, exchange, discard...): in the
        page, cards are selected and then declared with one of these."""
        verbs: list[str] = []
        for action in self.summary()["legal_actions"]:
            verb, *words = action.split()
            if verb != "play" and words and all(is_card(w) for w in words) and verb not in verbs:
                verbs.append(verb)
        return verbs

    def amounts(self) -> list[dict]:
        """The person's moves that take an amount (a bid): the verb, the lowest listed and the step
        between the listed ones. The moves list every legal amount, up to the bid ceiling; the
        page's box takes any, which the engine accepts or refuses with the rule."""
        legal = self.summary()["legal_actions"]
        out = []
        for verb in amount_verbs(legal):
            values = sorted(int(a.split()[1]) for a in legal if a.split()[0] == verb)
            step = min((b - a for a, b in zip(values, values[1:]) if b > a), default=None)
            out.append({"verb": verb, "min": values[0], "step": step})
        return out

    # ------------------------------------------------------------------ the prompt's words
    def text(self, what: str) -> list[Line]:
        """``?``, help, hint, score or history, in the terminal's words (lines of parts)."""
        state, seat = self.state, self.viewer()
        if what == "history":
            return history_lines(state, self.names)
        if what == "score":
            grids = [score_grid(state, self.names)] + ([game_grid(state, self.names)] if len(state.rounds) > 1 else [])
            return grids
        over = state.is_terminal()
        if over and what != "help":
            raise Refused("The game is over: there are no moves or hints for it now.", 409)
        if what == "help":
            # over, the result and the game's rules; "Now" would tell the last phase as if current
            lines: list = [game_over_line(state, self.names)] if over else []
            for title, body in help_sections(state, seat, self.names):
                if title == "Commands" or (over and title == "Now"):  # the page has its buttons
                    continue
                lines.append([f"{title}:"])
                lines += [["  ", *line] for line in body]
            return lines
        if self.human is None or state.current_player != self.human:
            raise Refused(f"{'?' if what == 'moves' else what.capitalize()} is for your own turn.", 409)
        if what == "moves":
            out = [["Moves, and what each does now:"]]
            for i, action in enumerate(state.legal_actions(), start=1):
                extra = preview_text(preview(state, action))
                out.append([f"[{i}] ", *card_actions(action), *(["  — ", *extra] if extra else [])])
            return out
        if what == "hint":
            if self._hint_bot is None:
                self._hint_bot = make_bot(hint_spec_for(self.hint_spec, state.game), state.game, state.seed)
            return [hint_line(state, hint_action(state, seat, self._hint_bot), hint_spec_for(self.hint_spec, state.game))]
        raise Refused(f"unknown text {what!r}", 404)  # pragma: no cover - the route checks the name
