"""The ``cardcore`` command line: games, rules, play and replay for every installed game."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import click

from . import __version__
from .cli_options import make_game, option_pairs, preset_option
from .engine.sections import sections_of
from .errors import CardcoreError, RecordError
from .match import DEFAULT_HINT_BOT
from .play.session import Session
from .play.view import make_view
from .players import HUMAN, LEVELS, level_bot
from .plugins import add_plugin_commands, get_games
from .records import prepare_record, read_record, replay, saved_players
from .text.replay import replay_json, replay_lines
from .text.rules import rank_order, rules_page


class CardcoreGroup(click.Group):
    """Turns every input error into a one-line message and exit status 1, never a traceback."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except CardcoreError as exc:
            raise click.ClickException(str(exc)) from None


json_option = click.option("json_", "--json", is_flag=True, help="Print JSON instead of text.")


@click.group(cls=CardcoreGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardcore")
def cli():
    """Play, vary and study historical trick-and-draw card games.

    GAME is a game name or a game string with options, e.g. "penchant(scoring=19th-century)".
    """


@cli.command()
@json_option
def games(json_):
    """List the installed games and the plugin of each."""
    entries = sorted(get_games().values(), key=lambda e: e.name)
    if json_:
        click.echo(json.dumps([{"name": e.name, "title": e.title, "plugin": e.plugin} for e in entries], indent=1))
        return
    if not entries:
        click.echo("No games installed.")
    width = max((len(e.name) for e in entries), default=0)  # the titles in one column
    for e in entries:
        click.echo(f"{e.name:<{width}}  {e.title}  [plugin: {e.plugin}]")


@cli.command(short_help="A game's rules: rank order, what counts, melds, options, sources.")
@click.argument("game")
@option_pairs
@preset_option
@json_option
def rules(game, option_pairs, preset, json_):
    """Show a game's rules for the chosen options: each suit's rank order and what the counting
    cards score, melds, phases, trump, scoring, options, presets, sources."""
    g = make_game(game, option_pairs, preset)
    data = rules_data(g)
    if json_:
        click.echo(json.dumps(data, indent=1, default=str))
        return
    click.echo(rules_page(g, data))


def rules_data(g) -> dict:
    r = g.rules
    source = g.rules_source()
    return {
        "game": g.name,
        "title": r.meta.title,
        "game_string": g.game_string(),
        "summary": r.meta.summary,
        "rules_file": source.path,
        "extends": list(source.sourced.bases),
        "options": [
            {**row, "value": g.options[row["name"]]} for row in g.option_set().describe()
        ],
        "presets": {name: g.option_set().non_defaults(v) for name, v in source.presets.items()},
        "deck": {"ranks": r.deck.ranks, "suits": r.deck.suits, "packs": r.deck.packs,
                 "rank_order": rank_order(r.deck), "source": r.deck.source},
        "counters": {name: c.model_dump() for name, c in r.counters.items()},
        "deal": r.deal.model_dump(),
        "phases": [
            {"name": p.name, "follow": p.follow_rule.letters, "obligations": p.follow_rule.describe(),
             "ends": p.until, "play_from_table": p.play_from_tableau,
             "after_trick": [s.model_dump() for s in p.after_trick], "source": p.source}
            if p.kind == "tricks" else  # a phase of decisions (an auction, a widow...): in words
            {"name": p.name, "kind": p.kind, "description": p.describe(), "source": p.source}
            for p in [*r.deal_phases, *r.phases]
        ],
        "trump": r.trump.model_dump(),
        "turnup": r.turnup.model_dump() if r.turnup else None,
        **{name: rule.model_dump() for name, rule, _ in sections_of(r)},  # a plugin's rules sections
        "card_points": [c.model_dump() for c in r.card_points],
        "melds": [
            {"name": m.name, "description": m.description, "points": m.points,
             "trump_points": m.trump_points, "class": m.meld_class, "source": m.source}
            for m in r.melds if m.enabled
        ],
        "meld_reuse": ({"policy": r.meld_reuse, "source": r.meld_reuse_source} if isinstance(r.meld_reuse, str)
                       else {"policy": "laws", **r.meld_reuse.model_dump()}),
        "scoring": [s.model_dump() for s in r.scoring],
        "game_end": r.game_end.model_dump(),
        "game_rules": g.describe_rules(),
        "notes": [n.model_dump() for n in r.notes],
        "sources": r.meta.sources,
    }


# ---------------------------------------------------------------------------------- play
def default_record_path(game: str) -> Path:
    home = Path(os.environ.get("CARDCORE_HOME") or Path.home() / ".cardcore")
    return home / "records" / f"{game}-{time.strftime('%Y%m%d-%H%M%S')}.json"


def split_specs(text: str) -> list[str]:
    """``ismcts(iterations=9,seconds=1),greedy`` -> the two specs (commas inside brackets stay)."""
    specs, depth, current = [], 0, ""
    for ch in text:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            specs.append(current.strip())
            current = ""
        else:
            current += ch
    specs.append(current.strip())
    return specs


@cli.command()
@click.argument("game", required=False)
@option_pairs
@preset_option
@click.option("--bot", metavar="SPEC",
              help="The opponent (at a bigger table, every other seat): random, greedy, heuristic "
                   "(each game's own), ismcts(iterations=N), pimc(samples=N). Default: the --level's bot.")
@click.option("--level", type=click.Choice(list(LEVELS)),
              help="The opponent by strength: easy = greedy; normal (the default) = heuristic, or greedy "
                   "where the game has none; hard = ismcts(iterations=3000,guide=heuristic), "
                   "unguided where the game has no heuristic, or the rules file's own (the multi-pack "
                   "games search less).")
@click.option("--seat", type=int, help="Your seat: 0 or 1 (seat 0 leads when seat 1 deals), 0..N-1 at a table of "
                                      "N (seats in the order of play). Default 0, or the record's.")
@click.option("--seed", type=int, help="Seed of the deals (and of the bots); random if omitted.")
@click.option("--record", "record_path", type=click.Path(dir_okay=False),
              help="Write the game record here (default: ~/.cardcore/records/, or $CARDCORE_HOME/records/).")
@click.option("--resume", "resume_path", type=click.Path(dir_okay=False, exists=True),
              help="Continue the game in this record where it stopped, against the same opponent.")
@click.option("--hint-bot", metavar="SPEC", default=DEFAULT_HINT_BOT, show_default=True,
              help="The bot that answers `hint` (it sees only what your seat may know). The default "
                   "stands for the game's --level hard bot where the game has a heuristic to guide it.")
@click.option("--watch", is_flag=True, help="Watch bots play each other, one in every seat (see --bots).")
@click.option("--bots", metavar="SPEC,SPEC", help="The bots of --watch, one per seat (at a table of three or "
                                                  "more, or one for every seat; implies --watch). Default: the "
                                                  "--level's bot in every seat.")
@click.option("--delay", type=click.FloatRange(min=0, max=60), metavar="SECONDS",
              help="Pause before each bot move. Default 0.5 on a terminal, 0 otherwise.")
@click.option("--plain", is_flag=True,
              help="Plain text even on a terminal (also when NO_COLOR is set or TERM=dumb), "
                   "and no wait for Enter between rounds.")
def play(game, option_pairs, preset, bot, level, seat, seed, record_path, resume_path, hint_bot,
         watch, bots, delay, plain):
    """Play GAME against a bot at the terminal (bots in the other seats), or watch bots (--watch).

    \b
    At your turn, answer with:
      a number       that move from the printed list
      a card         QS, q♠, 10h: play it (at a declaration turn: the exchange); with two
                     packs or more the hand's copy, KS from table the table's
      cards          QS JH, in any order: declare that meld
      an action      play QS, meld QS JH, pass, exchange 7H, jail-free 7D 9S 9H,
                     and where the game has an auction: bid 250, trump H, discard 9S 9H JD
      ?              the moves, each with what it scores now (and wins the trick, when certain)
      help           the rules that apply now: trick obligations, why a card may not be
                     played, why a meld is refused (e.g. blocked, and what lifts the block),
                     the rank order and what the counting cards score
      hint           a bot's advice (--hint-bot), from what your seat may know
      score          scores this round and in the game, points by source, counted cards
      history        this round's tricks and melds so far
      table          the table again
      undo           take back your last move and the bot's replies since
      quit           save and stop (as do Ctrl-C and end of input)

    \b
    The record is saved after every action, with who sat where; stopping prints the
    command that resumes, cardcore play --resume FILE, naming the running cardcore
    by its path when `cardcore` on the PATH is not this one.
    """
    if resume_path:
        if game or option_pairs or preset or seed is not None:
            raise click.UsageError("--resume takes the game, options and seed from the record; give none of them")
        record = read_record(resume_path)
        state = replay(record, where=resume_path)
        g = state.game
        record_path = record_path or resume_path
        saved = saved_players(record, g, resume_path, check_bots=not (bot or level or bots))
    else:
        if not game:
            raise click.UsageError("name a GAME to play (see `cardcore games`), or --resume a record")
        g = make_game(game, option_pairs, preset)
        state = g.new_game(seed=seed)
        record_path = record_path or str(default_record_path(g.name))
        saved = None
    if delay is not None and not 0 <= delay <= 60:  # FloatRange lets NaN through
        raise click.UsageError("--delay must be a number of seconds from 0 to 60")
    if bot is not None and not bot.strip():
        raise click.UsageError("--bot needs a bot spec, e.g. greedy or 'ismcts(iterations=2000)'")
    if HUMAN in [s.strip() for s in [bot or "", *(split_specs(bots) if bots else [])]]:
        raise click.UsageError(f"--bot and --bots name bots; {HUMAN!r} is the seat you play (--seat)")
    if bot and level:
        raise click.UsageError("give --bot or --level, not both")
    if seat is not None and not 0 <= seat < g.players:
        raise click.UsageError(f"--seat must be 0..{g.players - 1}")
    watch = watch or bool(bots) or (saved is not None and HUMAN not in saved and seat is None)
    if watch:
        if seat is not None:
            raise click.UsageError("--seat is for playing; --watch has no human seat")
        specs = split_specs(bots) if bots else [
            bot or (level_bot(level, g) if level else None) or (saved[s] if saved else level_bot("normal", g))
            for s in range(g.players)]
        if len(specs) == 1 and g.players > 2:  # one bot for every seat of a bigger table
            specs = specs * g.players
        if len(specs) != g.players or not all(specs):
            example = "greedy,heuristic" if g.players == 2 else ",".join(["greedy"] * g.players)
            raise click.UsageError(f"--bots needs {g.players} bot specs separated by commas, e.g. {example}"
                                   + ("" if g.players == 2 else ", or one for every seat"))
        players = specs
    else:
        if seat is None:
            seat = saved.index(HUMAN) if saved and HUMAN in saved else 0
        players = []
        for s in range(g.players):
            if s == seat:
                players.append(HUMAN)
            elif bot or level:
                players.append(bot or level_bot(level, g))
            elif saved and saved[s] != HUMAN:
                players.append(saved[s])
            else:
                players.append(level_bot("normal", g))
    view = make_view(force_plain=plain)
    if delay is None:
        delay = 0.5 if sys.stdout.isatty() else 0.0
    session = Session(state, players, view, str(record_path), delay=delay, hint_spec=hint_bot,
                      resumed=bool(resume_path))  # bot specs are checked here: OptionError lists the bots
    try:  # before the game starts, not at its first move
        prepare_record(record_path)
    except RecordError as exc:
        hint = " (give --record FILE to write it elsewhere)" if resume_path and record_path == resume_path else ""
        raise RecordError(f"{exc}{hint}") from None
    session.run()


# -------------------------------------------------------------------------------- replay
@cli.command("replay")
@click.argument("file", type=click.Path(dir_okay=False))
@json_option
def replay_cmd(file, json_):
    """Replay a record and show the resulting state (mid-game records too).

    Exit status 1, with the action number, the action and the rule that forbids it,
    when the record holds an illegal action or is corrupt.
    """
    try:
        record = read_record(file)
        state = replay(record, where=file)
    except RecordError as exc:
        click.echo(f"Error: {exc}", err=True)
        sys.exit(1)
    if json_:
        click.echo(json.dumps(replay_json(state), indent=1))
        return
    click.echo("\n".join(replay_lines(state, record.get("players"))))


# Imported last because cli_sim reuses this module's option decorators.
from .cli_sim import compare, simulate  # noqa: E402
from .web.command import serve  # noqa: E402

cli.add_command(simulate)
cli.add_command(compare)
cli.add_command(serve)


def main() -> None:
    add_plugin_commands(cli)
    cli(prog_name="cardcore")


if __name__ == "__main__":  # pragma: no cover
    main()
