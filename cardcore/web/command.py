"""``cardcore serve``: start the web application on this machine and open it in the browser.

Imported by the CLI whether or not the web extra is installed: the web stack is imported only when
the command runs, so that without it `cardcore serve` says what to install instead of failing."""

from __future__ import annotations

import socket
import threading
import webbrowser
from pathlib import Path

import click

from ..errors import CardcoreError, OptionError
from ..match import DEFAULT_HINT_BOT
from .limits import ceilings_text


def check_hint_bot(spec: str) -> None:
    """The hint bot must be one for every installed game, checked now as `cardcore play` checks its
    --hint-bot and --bot (OptionError: the unknown bot with the valid ones, or the bad parameter)."""
    from ..bots import make_bot
    from ..cli_options import make_game
    from ..plugins import get_games

    if not spec.strip():
        raise OptionError("--hint-bot needs a bot spec, e.g. greedy or 'ismcts(iterations=2000)'")
    for name in sorted(get_games()):
        try:
            game = make_game(name, [], None)
        except CardcoreError:  # a broken plugin's game is not offered by the server either
            continue
        try:
            make_bot(spec, game)
        except OptionError as exc:
            raise OptionError(f"--hint-bot {spec}: {exc}") from None


@click.command(short_help="Play, watch and compare in the browser (a local web application).",
               epilog="Only the server's own pages may act on it: a request naming another host than "
                      "127.0.0.1, localhost, [::1] or --host (with 0.0.0.0 or ::, this machine's addresses "
                      "and name), or a change (POST, DELETE) from another site or "
                      "origin, a read of the API (/api/...) from another site, or a body not sent as JSON, is "
                      "refused, and no page may be framed. "
                      "Up to four people play at one table, each in their own browser: start a game with "
                      "several seats for people and give each the link of their seat (it carries a secret for "
                      "that seat alone; its page shows only that seat's cards); a spectators' link shows no "
                      "hidden card. Listening on another address than this machine's own, every page needs a "
                      "seat's, the spectators' or the host's secret: the host's link is printed at start. "
                      "The connection is plain HTTP: play on a network you trust. "
                      + ceilings_text())
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on, and the one name besides 127.0.0.1, localhost and [::1] that "
                   "requests may give the server. Only this machine can reach the default; another "
                   "address (e.g. 0.0.0.0: every address of this machine) lets the people you invite "
                   "play from other machines of your network, and the host's link (printed) is then "
                   "needed for every page that is not a seat's or the spectators'.")
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True,
              help="The port; 0 takes a free one.")
@click.option("--no-browser", is_flag=True, help="Do not open the browser; only print the address.")
@click.option("--records", "records_dir", type=click.Path(file_okay=False),
              help="The directory of the games' records (default: ~/.cardcore/records/, or "
                   "$CARDCORE_HOME/records/, where `cardcore play` writes); one server at a time uses it.")
@click.option("--pace", type=click.FloatRange(min=0, max=60), default=0.8, show_default=True, metavar="SECONDS",
              help="The pause before each bot move (the watch page has a speed control; at a table of "
                   "several people the server keeps it).")
@click.option("--hint-bot", metavar="SPEC", default=DEFAULT_HINT_BOT, show_default=True,
              help="The bot that answers Hint, as `cardcore play --hint-bot` (it sees only what your seat may "
                   "know); it must be a bot of every installed game.")
def serve(host, port, no_browser, records_dir, pace, hint_bot):
    """Start the web application: a table for every game and number of seats, the saved games
    (the terminal's records: a game resumes in either), watching bots, and comparisons.

    \b
    Prints the address (beyond this machine: the host's link, with its
    secret) and opens it in the browser (unless --no-browser); Ctrl-C stops it.
    The HTTP API under /api is described in the README.
    """
    try:
        from .app import create_app
        from .guard import ANY_ADDRESS, is_local, this_machine_addresses
        from .seats import new_secret
        from .serving import make_server
    except ImportError as exc:
        raise click.ClickException(f"cardcore serve needs the web extra ({exc.name} is missing): "
                                   "pip install 'cardcore[web]'") from None
    check_hint_bot(hint_bot)
    from .store import claim_records, records_home

    records_path = Path(records_dir) if records_dir is not None else records_home()
    records_lock = claim_records(records_path)  # held until the server stops  # noqa: F841
    try:
        sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)  # connections made as soon as the address is printed wait for the server
    except OSError as exc:
        raise click.ClickException(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    bound = sock.getsockname()[1]
    host_key = None if is_local(host) else new_secret()

    def link(address: str) -> str:
        return f"http://{'[' + address + ']' if ':' in address else address}:{bound}/" + \
            (f"?key={host_key}" if host_key else "")

    reached = (this_machine_addresses() or ["127.0.0.1"]) if host in ANY_ADDRESS else [host]
    url = link(reached[0])
    click.echo(f"cardcore serve: {url}  (Ctrl-C stops it)")
    if host_key:
        for other in reached[1:]:
            click.echo(f"  also: {link(other)}")
        click.echo("This is the host's link: keep it to yourself. Invite people from a table's invitations "
                   "(start a game with seats for people): their links name the address you opened.")
    app = create_app(records_path, pace=pace, hint_bot=hint_bot, host=host, host_key=host_key)
    server = make_server(app, log_level="warning")
    if not no_browser:
        threading.Timer(0.8, webbrowser.open, [url]).start()
    server.run(sockets=[sock])
