"""Two ways to show a game: plain text (pipes, files, TERM=dumb, NO_COLOR) and rich (a terminal).

Both take the same facts (:mod:`cardcore.text.facts`) and lines (:mod:`cardcore.text.lines`). The
plain view prints canonical card notation with no escape codes, on stable lines that scripts and
tests can read. The rich view
draws the table in a panel, cards with suit symbols in red and black, never wider than 80 columns.
"""

from __future__ import annotations

import os
import re
import sys

import click

from ..cards import SUIT_NAMES, SYMBOL_OF_SUIT
from ..text.facts import TableFacts
from ..text.lines import Card, Grid, Line, Muted, Points, Strong, Suit, plain
from ..text.move_list import move_entries, move_lines, preview_entries
from ..text.moves import Preview
from .interrupts import deferred_interrupt

MAX_WIDTH = 80
CARD_NAME = re.compile(r"\b([2-9TJQKA][SHDC])\b")  # a canonical card name in a sentence: QS, TH
SYMBOLS = SYMBOL_OF_SUIT
RED = {"H", "D"}


def want_rich(force_plain: bool = False) -> bool:
    """Rich output only on a terminal that takes it: not for pipes, TERM=dumb or NO_COLOR."""
    if force_plain or os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def make_view(force_plain: bool = False):
    if want_rich(force_plain):
        try:
            return RichView()
        except ImportError:  # pragma: no cover - rich is a dependency
            pass
    return PlainView()


class PlainView:
    """Plain text, one fact a line, cards as QS TH 7D."""

    rich = False

    def __init__(self):
        self.echo = click.echo

    def say(self, line: Line | str) -> None:
        self.echo(plain(line))

    def blank(self) -> None:
        self.echo("")

    def note(self, text: str) -> None:
        """A line never wrapped (paths, the command that resumes), so that it can be copied."""
        self.echo(text)

    def rule(self, line: Line | str) -> None:
        self.echo(f"— {plain(line)}")

    def error(self, text: str) -> None:
        self.echo(text)

    def table(self, f: TableFacts) -> None:
        self.echo("")
        self.echo(f"== {f.title} ==")
        self.echo("Phase: " + plain(f.phase))
        self.echo(" · ".join(plain(s) for s in f.status))
        for label, line in f.rows:
            self.echo(f"{label}: {plain(line)}")
        self.echo(plain(f.turn))
        self.moves(f.moves)

    def moves(self, legal: list[str]) -> None:
        self.echo("Moves: " + "  ".join(f"{n} {a}" for n, a in move_entries(legal)))

    def previews(self, previews: list[Preview]) -> None:
        self.echo("Moves, and what each does now:")
        entries = [(n, plain(a), plain(does)) for n, a, does in preview_entries(previews)]
        width = max((len(a) for _, a, does in entries if does), default=0)  # a long summary aligns nothing
        for n, a, does in entries:
            self.echo(f"  {n} {a:<{width}}  {does}".rstrip())

    def grid(self, g: Grid) -> None:
        cells = [[plain(c) for c in row] for row in [g.header, *g.rows]]
        widths = [max(len(r[i]) for r in cells) for i in range(len(g.header))]
        for k, row in enumerate(cells):
            if g.rule_before is not None and k == g.rule_before + 1:
                self.echo("  " + "-" * (sum(widths) + 3 * (len(widths) - 1)))
            parts = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]
            self.echo("  " + "   ".join(parts).rstrip())

    def sections(self, sections: list[tuple[str, list[Line]]]) -> None:
        for title, lines in sections:
            self.echo(f"{title}:")
            for line in lines:
                self.echo("  " + plain(line))

    def busy(self, text: str, work):
        """``work()``'s result; a terminal shows ``text`` with a spinner if it takes a while."""
        return work()

    def pause(self, seconds: float) -> None:
        if seconds > 0:
            import time

            time.sleep(seconds)


class RichView(PlainView):
    """A terminal: panels, colours, suit symbols; at most 80 columns wide."""

    rich = True

    def __init__(self, console=None):
        super().__init__()
        from rich.console import Console

        if console is None:
            console = Console(highlight=False, emoji=False)
            if console.width > MAX_WIDTH:
                console = Console(highlight=False, emoji=False, width=MAX_WIDTH)
        self.console = console
        encoding = (getattr(console.file, "encoding", None) or "utf-8").lower()
        self.symbols = encoding.startswith("utf")

    # -- text ---------------------------------------------------------------------------
    def text(self, line: Line | str):
        from rich.text import Text

        out = Text()
        for part in [line] if isinstance(line, str) else line:
            if isinstance(part, Card):
                out.append(self.card(part))
            elif isinstance(part, Suit):
                sym = SYMBOLS[part] + " " if self.symbols else f"{part} "
                out.append(sym + SUIT_NAMES[part], style="bold red" if part in RED else "bold")
            elif isinstance(part, Points):
                out.append(f"+{int(part)}" if part >= 0 else str(int(part)), style="bold green")
            elif isinstance(part, Muted):
                out.append(str(part), style="dim")
            elif isinstance(part, Strong):
                out.append(str(part), style="bold")
            else:
                out.append(str(part))
        return out

    def card(self, name: str):
        from rich.text import Text

        rank, suit = name[:-1], name[-1]
        if not self.symbols:
            return Text(name, style="bold red" if suit in RED else "bold")
        rank = "10" if rank == "T" else rank
        return Text(rank + SYMBOLS[suit], style="bold red" if suit in RED else "bold")

    def print(self, renderable) -> None:
        self.console.print(renderable)

    # -- the view -----------------------------------------------------------------------
    def say(self, line: Line | str) -> None:
        self.print(self.text(line))

    def blank(self) -> None:
        self.console.print()

    def note(self, text: str) -> None:
        from rich.text import Text

        self.console.print(Text(text), soft_wrap=True)

    def rule(self, line: Line | str) -> None:
        self.console.rule(self.text(line), style="cyan")

    def error(self, text: str) -> None:
        """A refusal or a typing error, its card names shown as the table shows cards."""
        from rich.text import Text

        out = Text(style="yellow")
        for k, part in enumerate(CARD_NAME.split(text)):
            out.append(self.card(part) if k % 2 else Text(part))
        self.print(out)

    def table(self, f: TableFacts) -> None:
        from rich.console import Group
        from rich.panel import Panel
        from rich.table import Table
        from rich.text import Text

        status = Text("  ·  ").join(self.text(s) for s in f.status)
        grid = Table.grid(padding=(0, 2))
        grid.add_column(justify="right", style="cyan", no_wrap=True)
        grid.add_column()
        for label, line in f.rows:
            style = "bold" if label in ("Your hand", "Trick") else ""
            grid.add_row(Text(label, style="bold cyan" if style else "cyan"), self.text(line))
        body = Group(status, self.text(["Phase: ", *f.phase]), Text(""), grid)
        self.console.print()
        self.print(Panel(body, title=Text(f.title, style="bold"), border_style="blue", padding=(0, 1)))
        self.say(f.turn)
        self.moves(f.moves)

    def moves(self, legal: list[str]) -> None:
        from rich.columns import Columns
        from rich.text import Text

        if legal and all(a.startswith("play ") for a in legal):
            items = []
            for i, a in enumerate(legal, start=1):
                _, card, *where = a.split(maxsplit=2)  # where: ["from table"] for a table card's twin
                items.append(Text.assemble((f"[{i}]", "cyan"), " ", self.card(card), *(f" ({w})" for w in where)))
            self.print(Text("Moves: play a card, by number or name", style="dim"))
            self.print(Columns(items, padding=(0, 2)))
            return
        self.print(Text("Moves:", style="dim"))
        for n, a in move_lines(legal):
            self.print(Text.assemble(("  " + n, "cyan"), " ", self.text(a)))

    def previews(self, previews: list[Preview]) -> None:
        from rich.table import Table
        from rich.text import Text

        entries = preview_entries(previews)
        summed_up = any("-" in n for n, _, _ in entries)  # a line of many moves may take two
        table = Table.grid(padding=(0, 2))
        table.add_column(style="cyan", justify="right", no_wrap=True)
        table.add_column(no_wrap=not summed_up)
        table.add_column()
        for n, a, does in entries:
            table.add_row(n, self.text(a), self.text(does))
        self.print(Text("Moves, and what each does now:", style="bold"))
        self.print(table)

    def grid(self, g: Grid) -> None:
        from rich import box
        from rich.table import Table

        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        for i, head in enumerate(g.header):
            table.add_column(head, justify="left" if i == 0 else "right",
                             style="bold" if i == 0 else None)
        for k, row in enumerate(g.rows):
            total = g.rule_before is not None and k >= g.rule_before
            table.add_row(*[self.text(c) for c in row], style="bold" if total else None,
                          end_section=g.rule_before is not None and k == g.rule_before - 1)
        self.print(table)

    def sections(self, sections: list[tuple[str, list[Line]]]) -> None:
        from rich.padding import Padding
        from rich.text import Text

        for title, lines in sections:
            self.print(Text(title, style="bold cyan"))
            for line in lines:
                self.print(Padding(self.text(line), (0, 0, 0, 2)))

    def busy(self, text: str, work, after: float = 0.25):
        """Run ``work`` in a thread; only if it is still running after ``after`` seconds does the
        spinner appear (so quick bots do not make the screen flicker)."""
        import threading

        box: dict = {}

        def run():
            try:
                box["value"] = work()
            except BaseException as exc:  # handed to the caller below
                box["error"] = exc

        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        thread.join(after)
        if thread.is_alive():
            status = self.console.status(text, spinner="dots")
            try:
                status.start()
                while thread.is_alive():
                    thread.join(0.05)
            finally:
                # also on Ctrl-C: the spinner's line is erased and the cursor shown again, so the
                # lines after it (and the shell's prompt) start on a clean line
                with deferred_interrupt():
                    status.stop()
        if "error" in box:
            raise box["error"]
        return box["value"]
