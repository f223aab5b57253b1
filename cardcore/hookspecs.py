"""The hooks a cardcore plugin can implement.

A plugin is a module (or any object) with functions marked ``@hookimpl`` whose
names are hooks below. Installed plugins are found through the entry-point
group ``cardcore``; see :mod:`cardcore.plugins`, which does all the loading.
"""

import pluggy

hookspec = pluggy.HookspecMarker("cardcore")
hookimpl = pluggy.HookimplMarker("cardcore")


@hookspec
def register_games(register):
    """Register the game classes this plugin provides.

    A game class has the class attributes ``name`` (``str``, the id used on
    the command line, e.g. ``"penchant"``) and ``title`` (``str``, shown to
    players). If two plugins register the same ``name``, the first one loaded
    wins and cardcore warns.

    :param register: call ``register(game_class)`` once for each game class.
    """


@hookspec
def register_bots(register):
    """Register named bots (computer players).

    :param register: call ``register(name, factory, games=None)`` once for
        each bot. ``name`` (``str``) is the id used on the command line,
        ``factory`` is a callable that makes the bot, and ``games`` is the set
        of game names the bot can play, or ``None`` for any game.
    """


@hookspec
def register_commands(cli):
    """Add commands to the ``cardcore`` command line.

    :param cli: the root :class:`click.Group`; add commands with
        ``@cli.command()`` or ``cli.add_command(...)``.
    """
