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
from .errors import CardcoreError, RecordError
from .play.session import DEFAULT_HINT_BOT, HUMAN, Session
from .play.view import make_view
from .plugins import add_plugin_commands, bot_names, get_games
from .records import read_record, replay, saved_players
from .values import show_value as _show


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
    for e in entries:
        click.echo(f"{e.name:<12} {e.title}  [plugin: {e.plugin}]")


@cli.command()
@click.argument("game")
@option_pairs
@preset_option
@json_option
def rules(game, option_pairs, preset, json_):
    """Show a game's rules for the chosen options: melds, phases, options, presets, sources."""
    g = make_game(game, option_pairs, preset)
    data = rules_data(g)
    if json_:
        click.echo(json.dumps(data, indent=1, default=str))
        return
    click.echo(rules_text(data))


def rules_data(g) -> dict:
    r = g.rules
    source = g.rules_source()
    return {
        "game": g.name,
        "title": r.meta.title,
        "game_string": g.game_string(),
        "summary": r.meta.summary,
        "rules_file": source.path,
        "options": [
            {**row, "value": g.options[row["name"]]} for row in g.option_set().describe()
        ],
        "presets": {name: g.option_set().non_defaults(v) for name, v in source.presets.items()},
        "deck": {"ranks": r.deck.ranks, "suits": r.deck.suits, "packs": r.deck.packs,
                 "source": r.deck.source},
        "deal": r.deal.model_dump(),
        "phases": [
            {"name": p.name, "follow": p.follow_rule.letters, "obligations": p.follow_rule.describe(),
             "ends": p.until, "play_from_table": p.play_from_tableau,
             "after_trick": [s.model_dump() for s in p.after_trick], "source": p.source}
            for p in r.phases
        ],
        "trump": r.trump.model_dump(),
        "turnup": r.turnup.model_dump() if r.turnup else None,
        "throw_in": r.throw_in.model_dump() if r.throw_in else None,
        "card_points": [c.model_dump() for c in r.card_points],
        "melds": [
            {"name": m.name, "description": m.description, "points": m.points,
             "trump_points": m.trump_points, "class": m.meld_class, "source": m.source}
            for m in r.melds
        ],
        "meld_reuse": {"policy": r.meld_reuse, "source": r.meld_reuse_source},
        "scoring": [s.model_dump() for s in r.scoring],
        "game_end": r.game_end.model_dump(),
        "game_rules": g.describe_rules(),
        "notes": [n.model_dump() for n in r.notes],
        "sources": r.meta.sources,
    }


def rules_text(d: dict) -> str:
    out = [f"{d['title']} — {d['game_string']}", "", _wrap(d["summary"]), ""]
    out.append("Melds")
    for m in d["melds"]:
        pts = m["points"] if not isinstance(m["points"], dict) else ", ".join(f"{k} {v}" for k, v in m["points"].items())
        trump = f" ({m['trump_points']} in trumps)" if m["trump_points"] is not None else ""
        out.append(f"  {m['name']:<16} {str(pts) + trump:>6}  {m['description']}  [{m['source']}]")
    if d["melds"]:
        out.append(f"  re-use of table cards: {d['meld_reuse']['policy']}  [{d['meld_reuse']['source']}]")
    else:
        out.append("  (none)")
    out += ["", "Phases"]
    for p in d["phases"]:
        out.append(f"  {p['name']}: {p['follow']} — {p['obligations']}; ends when {p['ends'].replace('-', ' ')}  [{p['source']}]")
        for s in p["after_trick"]:
            extra = ""
            if s.get("only"):
                extra = f" (only {', '.join(s['only'])})"
            elif s.get("exclude"):
                extra = f" (not {', '.join(s['exclude'])})"
            when = " if the winner passed" if s.get("when") == "winner-passed" else ""
            out.append(f"    then the {s['who']} {s['step']}s{extra}{when}")
    out += ["", "Trump", f"  {_trump_text(d)}  [{d['trump']['source']}]"]
    if d["turnup"]:
        t = d["turnup"]
        out.append(f"  turn-up of rank {t['rank']}: dealer scores {t['turned_points']}  [{t['source']}]")
        out.append(f"  exchange the trump {t['rank']} for the turn-up: {t['exchange_points']}  [{t['exchange_source']}]")
        out.append(f"  drawing the last, faced card: {t['last_card_points']}  [{t['last_card_source']}]")
        if t["play_points"]:
            out.append(f"  playing the trump {t['rank']} if it never scored: {t['play_points']}  [{t['play_source']}]")
    if d["throw_in"]:
        ti = d["throw_in"]
        out += ["", "Throw-in", f"  a hand without {' '.join(ti['without_ranks'])} may be thrown in for a new deal "
                f"({ti['redeal']})  [{ti['source']}]"]
    out += ["", "Scoring"]
    for c in d["card_points"]:
        values = ", ".join(f"{k} {v}" for k, v in c["values"].items())
        scope = " of the trump suit of that trick" if c["suit"] == "trump" else ""
        out.append(f"  card {c['when']}{scope}: {values}  [{c['source']}]")
    for s in d["scoring"]:
        out.append(f"  {s['label']}: {_scoring_text(s)}  [{s['source']}]")
    end = d["game_end"]
    lurch = end.get("lurch")
    length = f"{end['rounds']} rounds" if end["rounds"] else f"to {end['target']} ({end['check']})"
    out.append(f"  game: {length}; game score = {end['game_score']}"
               + (f", doubled if the loser has under {lurch['below']}" if lurch else "")
               + f"  [{end['source']}]")
    for rule in d["game_rules"]:
        out += ["", rule["title"], _wrap(rule["text"], "  ") + f"  [{rule['source']}]"]
    out += ["", "Options (default first; set with -o NAME=VALUE)"]
    for o in d["options"]:
        values = " | ".join(_show(v) for v in o["values"]) if o.get("values") else _integer_text(o)
        out.append(f"  {o['name']} = {_show(o['value'])}    [{values}]")
        out.append(_wrap(o["description"], "      "))
    if d["presets"]:
        out += ["", "Presets (--preset NAME)"]
        for name, values in d["presets"].items():
            shown = ", ".join(f"{k}={_show(v)}" for k, v in values.items()) or "(the defaults)"
            out.append(f"  {name}: {shown}")
    if d["notes"]:
        out += ["", "Choices where the sources are silent or disagree"]
        for n in d["notes"]:
            out.append(_wrap(f"{n['topic']}: {n['text']} [{n['source']}]", "  "))
    out += ["", "Sources"] + [f"  {k}: {v}" for k, v in d["sources"].items()]
    out.append(f"  rules file: {d['rules_file']}")
    return "\n".join(out)


def _integer_text(option: dict) -> str:
    low, high = option["minimum"], option["maximum"]
    bounds = (f" {low} to {high}" if low is not None and high is not None
              else f" >= {low}" if low is not None else f" <= {high}" if high is not None else "")
    return f"integer{bounds}, default {option['default']}"


def _trump_text(d: dict) -> str:
    t = d["trump"]
    if t["initial"] == "turnup":
        text = "the suit of the turn-up"
    elif t["initial"] == "stock-top":
        text = "the suit of the card turned from the stock"
    elif t["set_by_meld"]:
        m = t["set_by_meld"]
        text = (f"none until a {' or '.join(m['melds'])} declared by the {' or '.join(m['declared_by'])}: "
                f"the suit of its {m['card_rank']}" + ("" if m["first_only"] else "; each one sets a new trump"))
    else:
        text = "none"
    if any(s["step"] == "turn-trump" for p in d["phases"] for s in p["after_trick"]):
        text += "; a new card is turned after every trick"
    if t.get("cancelled_by_trump_meld"):
        text += f"; a {' or '.join(t['cancelled_by_trump_meld']['melds'])} in trumps cancels trump"
    return text


def _scoring_text(s: dict) -> str:
    scope = f" in the {s['phase']}" if s["phase"] else ""
    if s["kind"] == "per-card":
        return f"{s['points']} per card of {s['counter']} won{scope}"
    if s["kind"] == "majority-bonus":
        return f"the player with most {s['counter']} scores {s['points']} per card over {s['over']}"
    if s["kind"] == "excess":
        return f"each player scores {s['points']} per card of {s['counter']} won over {s['over']}"
    swept = f", or {s['all_tricks_points']} for winning every trick{scope}" if s["all_tricks_points"] else ""
    return f"the winner of the last trick scores {s['points']}{swept}"


def _wrap(text: str, indent: str = "") -> str:
    import textwrap

    return textwrap.fill(" ".join(text.split()), width=96, initial_indent=indent, subsequent_indent=indent)


# ---------------------------------------------------------------------------------- play
def default_record_path(game: str) -> Path:
    home = Path(os.environ.get("CARDCORE_HOME") or Path.home() / ".cardcore")
    return home / "records" / f"{game}-{time.strftime('%Y%m%d-%H%M%S')}.json"


LEVELS = {"easy": "greedy", "normal": "heuristic, or greedy where the game has none",
          "hard": "ismcts(iterations=3000,guide=heuristic), unguided where the game has no heuristic"}


def level_bot(level: str, game_name: str) -> str:
    """The bot spec of a strength level for this game."""
    has_heuristic = "heuristic" in bot_names(game_name)
    if level == "normal":
        return "heuristic" if has_heuristic else "greedy"
    if level == "hard":  # the search guided by the heuristic beats it (bench/README.md)
        return "ismcts(iterations=3000,guide=heuristic)" if has_heuristic else "ismcts(iterations=3000)"
    return LEVELS[level]


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
              help="The opponent: random, greedy, heuristic (each game's own), ismcts(iterations=N), "
                   "pimc(samples=N). Default: the --level's bot.")
@click.option("--level", type=click.Choice(list(LEVELS)),
              help="The opponent by strength: easy = greedy; normal (the default) = heuristic, or greedy "
                   "where the game has none; hard = ismcts(iterations=3000,guide=heuristic), "
                   "unguided where the game has no heuristic.")
@click.option("--seat", type=int, help="Your seat: 0 or 1 (seat 0 leads when seat 1 deals). Default 0, or the record's.")
@click.option("--seed", type=int, help="Seed of the deals (and of the bots); random if omitted.")
@click.option("--record", "record_path", type=click.Path(dir_okay=False),
              help="Write the game record here (default: ~/.cardcore/records/, or $CARDCORE_HOME/records/).")
@click.option("--resume", "resume_path", type=click.Path(dir_okay=False, exists=True),
              help="Continue the game in this record where it stopped, against the same opponent.")
@click.option("--hint-bot", metavar="SPEC", default=DEFAULT_HINT_BOT, show_default=True,
              help="The bot that answers `hint` (it sees only what your seat may know).")
@click.option("--watch", is_flag=True, help="Watch two bots play each other (see --bots).")
@click.option("--bots", metavar="SPEC,SPEC", help="The bots of --watch, one per seat (implies --watch). "
                                                  "Default: the --level's bot in every seat.")
@click.option("--delay", type=click.FloatRange(min=0, max=60), metavar="SECONDS",
              help="Pause before each bot move. Default 0.5 on a terminal, 0 otherwise.")
@click.option("--plain", is_flag=True,
              help="Plain text even on a terminal (also when NO_COLOR is set or TERM=dumb).")
def play(game, option_pairs, preset, bot, level, seat, seed, record_path, resume_path, hint_bot,
         watch, bots, delay, plain):
    """Play GAME against a bot at the terminal, or watch two bots (--watch).

    \b
    At your turn, answer with:
      a number       that move from the printed list
      a card         QS, q♠, 10h: play it (at a declaration turn: the exchange)
      cards          QS JH, in any order: declare that meld
      an action      play QS, meld QS JH, pass, exchange 7H, throw-in, jail-free 7D 9S 9H
      ?              the moves, each with what it scores now (and wins the trick, when certain)
      help           the rules that apply now: trick obligations, why a card may not be
                     played, why a meld is refused (e.g. blocked, and what lifts the block)
      hint           a bot's advice (--hint-bot), from what your seat may know
      score          scores this round and in the game, points by source, counted cards
      history        this round's tricks and melds so far
      table          the table again
      quit           save and stop (as do Ctrl-C and end of input)

    \b
    The record is saved after every action, with who sat where; stopping prints the
    command that resumes: cardcore play --resume FILE.
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
            bot or (level_bot(level, g.name) if level else None) or (saved[s] if saved else level_bot("normal", g.name))
            for s in range(g.players)]
        if len(specs) != g.players or not all(specs):
            raise click.UsageError(f"--bots needs {g.players} bot specs separated by commas, e.g. greedy,heuristic")
        players = specs
    else:
        if seat is None:
            seat = saved.index(HUMAN) if saved and HUMAN in saved else 0
        players = []
        for s in range(g.players):
            if s == seat:
                players.append(HUMAN)
            elif bot or level:
                players.append(bot or level_bot(level, g.name))
            elif saved and saved[s] != HUMAN:
                players.append(saved[s])
            else:
                players.append(level_bot("normal", g.name))
    view = make_view(force_plain=plain)
    if delay is None:
        delay = 0.5 if sys.stdout.isatty() else 0.0
    session = Session(state, players, view, str(record_path), delay=delay, hint_spec=hint_bot,
                      resumed=bool(resume_path))  # bot specs are checked here: OptionError lists the bots
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
        state = replay(read_record(file), where=file)
    except RecordError as exc:
        click.echo(f"Error: {exc}", err=True)
        sys.exit(1)
    summary = state.summary()
    if json_:
        click.echo(json.dumps(summary, indent=1))
        return
    click.echo(f"{state.game.title} — {state.game.game_string()} · seed {state.seed} · "
               f"{len(state.actions)} actions")
    for i, r in enumerate(summary["rounds"], start=1):
        counts = "; ".join(f"{k} {v}" for k, v in r.items() if k not in ("dealer", "trump", "points", "melds"))
        click.echo(f"Round {i}: dealer {r['dealer']}, trump {r['trump'] or 'none'}, points {r['points']}"
                   + (f"; {counts}" if counts else ""))
        for m in r["melds"]:
            click.echo(f"    seat {m['player']}: {m['name']} {' '.join(m['cards'])} ({m['points']})")
    click.echo(f"Scores: {summary['scores']}")
    if state.is_terminal():
        res = state.result
        if res["winner"] is None:
            click.echo("Finished: a tie.")
        else:
            click.echo(f"Finished: seat {res['winner']} wins, game score {res['game_score']}"
                       + (" (lurched)" if res["lurched"] else ""))
    else:
        click.echo(f"In progress: seat {state.current_player} to move; legal: {', '.join(summary['legal_actions'])}")


# Imported last because cli_sim reuses this module's option decorators.
from .cli_sim import compare, simulate  # noqa: E402

cli.add_command(simulate)
cli.add_command(compare)


def main() -> None:
    add_plugin_commands(cli)
    cli(prog_name="cardcore")


if __name__ == "__main__":  # pragma: no cover
    main()
