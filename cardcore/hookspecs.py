"""The hooks a cardcore plugin can implement.

A plugin is a module (or any object) with functions marked ``@hookimpl`` whose
names are hooks below. Installed plugins are found through the entry-point
group ``cardcore``; see :mod:`cardcore.plugins`, which does all the loading.

The game classes a plugin registers answer the rules no table can express through
methods of :class:`cardcore.game.TrickGame` (the game's hooks), each given a read-only
view of the state (:class:`cardcore.engine.view.StateView`; setting an attribute of it
raises ``AttributeError``) and returning what happens, never changing the state:

- ``meld_refusal(view, seat, meld) -> str | None``: why ``seat`` may not declare
  ``meld`` (a :class:`cardcore.melds.MeldScore`) now, in words, or None;
- ``extra_declarations(view, seat) -> list[str]``: the game's own actions offered at a
  declaration turn beside the melds;
- ``apply_extra(view, seat, verb, cards) -> effect | str | None``: what such an action
  does, as an effect of :mod:`cardcore.engine.effects` for the engine to carry out (e.g.
  ``DeclareMeld``), a refusal in words, or None when only the record changes;
- ``on_declaration_turn(view, seat) -> dict[str, int] | None``: counts to add to the
  state's ``tallies`` (statistics; not called in a quiet state, which logs no events);
- ``notable_events(view) -> dict[str, float]``: the game's notable events, for
  ``cardcore simulate``, which logs only the kinds of events the class attribute
  ``notable_event_kinds`` names (beside those of its summary), or every kind where it is None.

Bots (``register_bots``) get the state itself, to clone and play on, but call none of
its private methods and write none of its fields; ``tests/core/test_hook_interface.py``
checks both for ``plugins/`` and ``cardcore/bots/``.
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
def register_phase_kinds(register):
    """Register phase kinds of this plugin's own, which its games' rules files may then name.

    :param register: call ``register(kind, handler, schema)`` once for each kind. ``kind`` is
        the name a rules file's phase gives as ``kind:``; ``schema`` the pydantic model of such a
        phase (a subclass of :class:`cardcore.ruleset.DecisionPhase`, or of
        :class:`cardcore.ruleset.PhaseBase`, with the field ``kind: Literal["<kind>"]``);
        ``handler`` what the phase does (see :mod:`cardcore.engine.phases`: ``enter``, ``over``,
        and for a decision of its own ``decisions``, ``legal_actions``, ``apply``; optionally
        ``verbs`` and ``refusal`` for its verb typed while not due, ``declined`` for a ``pass``
        at a deal phase's offer, ``void_deal`` for a kind that voids the deal with
        ``cardcore.engine.phases.deal_again``). A schema's ``needs_section`` names a rules
        section (``register_rules_sections``) a file listing such a phase must write. Rules files
        are checked against the kinds of every plugin loaded; a name another plugin or cardcore
        took already is refused with a warning.
    """


@hookspec
def register_step_kinds(register):
    """Register after-trick step kinds of this plugin's own (see :mod:`cardcore.engine.steps`).

    :param register: call ``register(kind, handler, schema)`` once for each kind: ``schema`` a
        pydantic model with the field ``step: Literal["<kind>"]``, ``handler(state, step, seat)
        -> bool`` what the step does (True when it leaves a decision due).
    """


@hookspec
def register_rules_sections(register):
    """Register top-level rules sections of this plugin's own (see :mod:`cardcore.engine.sections`),
    which its games' rules files may then write (e.g. a score for a hand dealt without courts).

    :param register: call ``register(name, handler, schema)`` once for each section: ``name`` the
        key a rules file writes; ``schema`` the pydantic model of the section (checked, with its
        errors at the file's line and column, like cardcore's own sections); ``handler`` what the
        section does (``check(rules, rule)``, ``dealt(state, rule)``, ``title`` and
        ``text(rule)``, each optional). A section may be a standing action, an action open
        beside whatever decision is due (e.g. a call that one has reached the target): its
        handler then has ``verb(rule)``, ``is_open(state, rule, seat)`` and ``take(state, rule,
        seat, action)``, and optionally ``at_once`` (bots take it as soon as it is open),
        ``result_key``, ``question``/``not_taken`` (a person confirms it first) and
        ``help_title``/``help`` (see :mod:`cardcore.engine.sections`). A name cardcore's rules
        file or another plugin took already is refused with a warning.
    """


@hookspec
def register_commands(cli):
    """Add commands to the ``cardcore`` command line.

    :param cli: the root :class:`click.Group`; add commands with
        ``@cli.command()`` or ``cli.add_command(...)``.
    """
