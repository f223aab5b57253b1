"""One game at the web table: its state, who sits where, its bots, and its texts.

Everything a seat is told comes from the text model, :mod:`cardcore.text` (``table_facts``,
``narrate``, ``help_sections``, ``preview``, ``history_lines``, the score grids, ``interpret``), so
the browser says what the terminal says. The record is written after every action, with the terminal's ``players`` entry.

Several people may sit at one table, each in their own browser: a table is shown to each through
a :class:`SeatView`, which tells that seat only what the engine's observation of it holds, and a
spectator nothing hidden at all.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path

from ..bots import make_bot
from ..match import DEFAULT_HINT_BOT, hint_action, hint_line, hint_spec_for, last_own_move
from ..players import HUMAN, seat_bots
from ..records import replay, write_record
from ..engine.sections import standing_confirmation
from ..text.facts import (game_grid, game_over_line, help_sections, history_lines, narrate, round_grid,
                          score_grid, table_facts)
from ..text.lines import Line, Names, card_actions, is_card, plain, seat_names
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

    def __init__(self, message: str, status: int = 400, confirm: bool = False, not_confirmed: str = ""):
        super().__init__(message)
        self.message = message
        self.status = status
        self.confirm = confirm
        self.not_confirmed = not_confirmed  # what the page says when the question is answered no


@dataclass(frozen=True)
class Access:
    """Who is looking at a table: the ``host`` (who started the server), the person of ``seat``
    (by that seat's invitation), or a ``spectator``."""

    role: str
    seat: int | None = None


HOST = Access("host")
SPECTATOR = Access("spectator")
PRIVATE_OBSERVATION = {"hand": [], "discards": None, "legal_actions": None}


class ShownState:
    """The game as one viewer may see it: the state's own attributes, but the observation of
    any seat other than ``seat`` without its hand (a seat's cards reach only that seat's page)."""

    def __init__(self, state, seat: int | None):
        self._state, self._seat = state, seat

    def __getattr__(self, name):
        return getattr(self._state, name)

    def observation(self, seat: int) -> dict:
        obs = self._state.observation(seat)
        if seat != self._seat:
            obs.update({k: v for k, v in PRIVATE_OBSERVATION.items() if k in obs})
            obs.pop("legal_actions", None)
        return obs


@dataclass
class WebTable:
    game_id: str
    path: Path
    state: object
    players: list[str]  # per seat: HUMAN or a bot spec, as in the record
    stamp: tuple[int, int] = (0, 0)  # of the record when last read or written (stamp_of): another
    # program, such as the terminal, may have moved the game on
    hint_spec: str = DEFAULT_HINT_BOT  # the bot of Hint, as the terminal's --hint-bot
    # the seats a person left to a bot: {"seat", "bot", "after": the actions made before}
    handovers: list[dict] = field(default_factory=list)
    lock: threading.RLock = field(default_factory=threading.RLock)
    # at a table of several, the end of a deal waits for the people: the events told when the
    # last deal ended, and the seats whose person has pressed Next deal since
    deal_end_at: int | None = None
    ready: set[int] = field(default_factory=set)
    _bots: dict | None = None
    _hint_bot: object = None

    @property
    def people(self) -> list[int]:
        """The seats people play now."""
        return [s for s, p in enumerate(self.players) if p == HUMAN]

    @property
    def shared(self) -> bool:
        """Was the game started for more than one person? Then each sees only their own cards, the
        server moves the bots, and no move is taken back."""
        return len(set(self.people) | {h["seat"] for h in self.handovers}) > 1

    @property
    def host_seat(self) -> int | None:
        """The seat the host plays: the person's of a game of one person against bots."""
        people = self.people
        return people[0] if len(people) == 1 and not self.shared else None

    @property
    def human(self) -> int | None:
        """The seat the host's pages play (see host_seat)."""
        return self.host_seat

    @property
    def bots(self) -> dict:
        if self._bots is None:  # made when first needed, seeded as the terminal seeds them
            self._bots = seat_bots(self.state, self.players)
        return self._bots

    def view(self, access: Access = HOST) -> "SeatView":
        return SeatView(self, access)

    def resume(self, state, players: list[str], stamp: tuple[int, int], handovers: list[dict] | None = None) -> None:
        """Go on from the game as its record now holds it (another program moved it on); the
        bots and the hint's bot are made afresh, seeded as when the game is opened."""
        self.state, self.players, self.stamp = state, players, stamp
        self.handovers = list(handovers or [])
        self._bots = self._hint_bot = None

    @property
    def next_deal_waits_for(self) -> list[int]:
        """At a table of several, the seats whose person has not yet pressed Next deal after the
        deal that just ended (empty once they all have, or once anyone moved since): until then
        no bot moves and no move is made, so that nobody's deal's end flashes by."""
        state = self.state
        if not self.shared or state.is_terminal() or self.deal_end_at != len(state.events):
            return []
        return [s for s in self.people if s not in self.ready]

    def next_deal(self, seat: int) -> None:
        """The person of ``seat`` has seen the deal's end and is ready for the next deal."""
        if seat in self.next_deal_waits_for:
            self.ready.add(seat)

    def _apply(self, action: str) -> None:
        rounds = len(self.state.rounds)
        self.state.apply(action)
        if len(self.state.rounds) > rounds:
            self.deal_end_at, self.ready = len(self.state.events), set()
        self.save()

    def save(self) -> None:
        extra = {"handovers": self.handovers} if self.handovers else {}
        write_record(self.path, {**self.state.record(), "players": list(self.players), **extra})
        self.stamp = stamp_of(self.path)

    # ------------------------------------------------------------------ moves
    def act(self, seat: int | None, text: str, confirmed: bool = False) -> str:
        """Apply the move of the person in ``seat``, typed as at the terminal (a number, a card,
        cards, an action). A standing action that asks to be confirmed (engine.sections) is taken
        only ``confirmed``, as the terminal asks first."""
        state = self.state
        names = self.view(Access("seat", seat)).names if seat is not None else None
        if state.is_terminal():
            raise Refused("The game is over.", 409)
        if seat is None or self.players[seat] != HUMAN:
            raise Refused("Nobody's moves are made from this page: it watches the table." if seat is None
                          else "A bot plays your seat now: it was handed to a bot.", 409)
        if state.current_player != seat:
            raise Refused(f"It is {names(state.current_player)}'s turn, not yours.", 409)
        self._refuse_before_next_deal(names)
        answer = interpret(text, state)
        if not answer.action:
            raise Refused(answer.error or "Type a move: a card, cards for a meld, or an action.")
        asked = standing_confirmation(state, seat, answer.action) if not confirmed else None
        if asked is not None:
            question, not_taken = asked
            raise Refused(question, 409, confirm=True, not_confirmed=not_taken)
        self._apply(answer.action)
        return answer.action

    def _refuse_before_next_deal(self, names: Names) -> None:
        waiting = self.next_deal_waits_for
        if waiting:
            who = ", ".join(names(s) for s in waiting)
            raise Refused(f"The deal is over: the next one starts when everyone has pressed Next deal "
                          f"(not yet: {who}).", 409)

    def bot_to_move(self) -> bool:
        state = self.state
        return (not state.is_terminal() and self.players[state.current_player] != HUMAN
                and not self.next_deal_waits_for)

    def bot_to_choose(self) -> tuple | None:
        """At a bot's turn, what it needs to choose its move with the table's lock let go (a hard
        bot thinks for seconds, while every page still reads the table): its seat, its bot, and
        the point of the game it chooses at (for :meth:`play_chosen`). Bots only read the state."""
        if not self.bot_to_move():
            return None
        seat = self.state.current_player
        return seat, self.bots[seat], (self.state, len(self.state.events), self.players[seat])

    def play_chosen(self, seat: int, action: str, at: tuple) -> bool:
        """Make the move a bot chose (see :meth:`bot_to_choose`) if the game is still where it was
        chosen: not moved on by another program, the seat still given to that bot."""
        state, events, spec = at
        if (self.state is not state or len(state.events) != events or self.players[seat] != spec
                or not self.bot_to_move()):
            return False
        self._apply(action)
        return True

    def step(self) -> str:
        """One bot move, when a bot is to move."""
        state = self.state
        if state.is_terminal():
            raise Refused("The game is over.", 409)
        seat = state.current_player
        if self.players[seat] == HUMAN:
            raise Refused("It is your turn: a bot moves only at its own turn." if seat == self.host_seat
                          else "A person is to move: a bot moves only at its own turn.", 409)
        self._refuse_before_next_deal(seat_names(state.n))
        action = self.bots[seat].choose(state)
        self._apply(action)
        return action

    def undo(self, seat: int | None) -> int:
        """Take back the last move of the person in ``seat`` and every move since, as the
        terminal's `undo`: the game is replayed from its record without them and the record
        rewritten. The number of actions taken back."""
        if self.shared:
            raise Refused("No move is taken back at a table of several people: it would take back theirs too.", 409)
        if seat is None:
            raise Refused("Nobody's moves can be taken back when watching.", 409)
        record = self.state.record()
        keep = last_own_move(record, seat)
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

    def hand_to_bot(self, seat: int, spec: str) -> None:
        """A person left: a bot plays their seat from now on, and the record says so."""
        if self.state.is_terminal():
            raise Refused("The game is over.", 409)
        if not 0 <= seat < self.state.n or self.players[seat] != HUMAN:
            raise Refused(f"Seat {seat} is not a person's: only a person's seat is handed to a bot.", 409)
        self.players[seat] = spec
        self.handovers.append({"seat": seat, "bot": spec, "after": len(self.state.actions)})
        self._bots = None
        self.bots  # a bad spec is refused before the record changes  # noqa: B018
        self.save()


class SeatView:
    """A table as one viewer sees it (see :class:`Access`): the host of a game of one person plays
    that seat as before; a seat's page sees that seat's cards; the host watching bots sees every
    hand; anyone else (a spectator, the host of a table of several people) sees no hidden card."""

    def __init__(self, table: WebTable, access: Access):
        self.table, self.access = table, access
        self.game_id, self.players = table.game_id, table.players
        if access.role == "seat":
            self.me = access.seat
        elif access.role == "host":
            self.me = table.host_seat
        else:
            self.me = None
        self.sees_all = self.me is None and access.role == "host" and not table.people and not table.shared
        self.state = table.state if self.sees_all else ShownState(table.state, self.me)

    def __getattr__(self, name):  # what is the same for every viewer: the table's
        return getattr(self.table, name)

    @property
    def human(self) -> int | None:
        """The seat this page plays, when a person plays it."""
        return self.me if self.me is not None and self.players[self.me] == HUMAN else None

    @property
    def watching(self) -> bool:
        return self.me is None

    @property
    def drives_bots(self) -> bool:
        """Does this page ask for the bots' moves (at its pace)? At a table of several people the
        server moves them."""
        return not self.table.shared and (self.access.role == "host" or self.human is not None)

    @property
    def names(self) -> Names:
        g = self.table.state.game
        names = seat_names(g.players, self.me, g.table)
        if self.me is not None and self.table.shared and g.players == 2:  # the other is no bot
            names = Names(["You" if s == self.me else "Opponent" for s in range(2)], me=self.me, table=g.table)
        return names

    # ------------------------------------------------------------------ what is shown
    def viewer(self) -> int:
        """The seat whose view the table shows: the seat's own; watching (bots, or as a spectator)
        seat 0 throughout, so that the table does not turn round to each seat that moves."""
        return self.me if self.me is not None else 0

    def summary(self) -> dict:
        state, names = self.table.state, self.names
        finished = state.is_terminal()
        current = state.current_player
        if finished:
            to_move = None
        elif self.table.next_deal_waits_for:  # nobody moves until the people are ready
            to_move = "other"
        elif current == self.human:
            to_move = "you"
        elif self.players[current] != HUMAN and self.drives_bots:
            to_move = "bot"
        else:
            to_move = "other"
        return {
            "id": self.game_id, "game": state.game.name, "title": state.game.title,
            "game_string": state.game.game_string(), "seed": state.seed, "players": list(self.players),
            "seat": self.me, "role": self.access.role, "shared": self.table.shared,
            "names": [names(s) for s in range(state.n)],
            "current_player": current, "to_move": to_move, "finished": finished,
            "scores": list(state.scores), "round": len(state.rounds), "actions": len(state.actions),
            "events": len(state.events), "handovers": list(self.table.handovers),
            "next_deal": self.table.next_deal_waits_for,
            "legal_actions": state.legal_actions() if to_move == "you" else [],
            "result": state.result if finished else None,
        }

    def log(self, since: int = 0) -> list[dict]:
        """What happened after event ``since``, narrated as at the terminal: lines, round and game
        summaries (each as plain text and HTML)."""
        state, names = self.table.state, self.names
        since = max(0, min(since, len(state.events)))
        out = []
        for kind, item in narrate(state.events[since:], state, names, watching=self.sees_all):
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
        (:meth:`viewer`), its rows named for that seat rather than "Your ...", for a spectator
        without the rows of that seat's own cards, and the turn the seat to move's."""
        state = self.table.state
        facts = table_facts(state, self.viewer(), self.names)
        if self.watching:
            seat = self.viewer()
            whose = self.names.possessive(seat)
            rows = facts.rows if self.sees_all else [(label, line) for label, line in facts.rows
                                                     if label not in PRIVATE_ROWS]
            facts.rows = [(f"{whose} {label[5:]}" if label.startswith("Your ") else label, line)
                          for label, line in rows]
            current = state.current_player
            facts.turn = [] if state.is_terminal() else [f"{self.names(current)} to move."]
            facts.moves = []
        return facts

    def moves(self) -> list[tuple[str, str]]:
        return move_entries(self.table.state.legal_actions()) if self.summary()["to_move"] == "you" else []

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

    # ------------------------------------------------------------------ moves, as this viewer
    def act(self, text: str, confirmed: bool = False) -> str:
        return self.table.act(self.me, text, confirmed)

    def step(self) -> str:
        if not self.drives_bots:
            raise Refused("The server moves the bots at this table: wait for them." if self.table.shared
                          else "Only the player's page asks for the bots' moves.", 409)
        return self.table.step()

    def undo(self) -> int:
        return self.table.undo(self.human)

    def next_deal(self) -> None:
        if self.human is None or not self.table.shared:
            raise Refused("Next deal is pressed by the players of a table of several people.", 409)
        self.table.next_deal(self.human)

    # ------------------------------------------------------------------ the prompt's words
    def text(self, what: str) -> list[Line]:
        """``?``, help, hint, score or history, in the terminal's words (lines of parts)."""
        table = self.table
        state, seat = table.state, self.viewer()
        if what == "history":
            return history_lines(state, self.names)
        if what == "score":
            grids = [score_grid(state, self.names)] + ([game_grid(state, self.names)] if len(state.rounds) > 1 else [])
            return grids
        over = state.is_terminal()
        if over and what != "help":
            raise Refused("The game is over: there are no moves or hints for it now.", 409)
        if what == "help":
            if not (over or self.sees_all or self.me is not None):  # it speaks of the seat's own cards
                raise Refused("Help speaks of a seat's own cards: it is for the players' pages.", 409)
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
            if table.shared:  # a bot's advice to one of them would be unfair to the others
                raise Refused("No hints at a table of several people.", 409)
            if table._hint_bot is None:
                table._hint_bot = make_bot(hint_spec_for(table.hint_spec, state.game), state.game, state.seed)
            return [hint_line(state, hint_action(state, seat, table._hint_bot), hint_spec_for(table.hint_spec, state.game))]
        raise Refused(f"unknown text {what!r}", 404)  # pragma: no cover - the route checks the name


# facts rows of the seat shown that hold its own cards: a spectator sees none of them
PRIVATE_ROWS = ("Your hand", "Your melds", "Discards")
