"""Errors that reach the user as a one-line message, never as a traceback."""


class CardcoreError(Exception):
    """Base class: every error a user can cause by bad input."""


class RulesError(CardcoreError):
    """A rules file is malformed. The message names file:line:col and the problem."""


class OptionError(CardcoreError):
    """An unknown option, or a value an option does not accept. Lists the valid ones."""


def brief(action: str) -> str:
    """An action as quoted in a message: its start, when it is too long to echo whole."""
    return action if len(action) <= 60 else f"{action[:40]}... ({len(action)} characters)"


class IllegalAction(CardcoreError):
    """An action that the rules forbid in the current state. The message says which rule."""

    def __init__(self, action: str, reason: str):
        super().__init__(f"{brief(action)!r} is not allowed: {reason}")
        self.action = action
        self.reason = reason


class RecordError(CardcoreError):
    """A game record that cannot be read or replayed. The message says where."""


class PluginError(CardcoreError):
    """A plugin that cannot be used (duplicate game name, bad registration)."""


def run_script(main) -> None:
    """Run a command-line script's ``main`` (the bench scripts'): a bad game string, option or bot
    spec is said in one line on stderr with exit status 2, as argparse says a bad argument."""
    import os
    import sys

    try:
        status = main()
    except CardcoreError as error:
        print(f"{os.path.basename(sys.argv[0])}: error: {error}", file=sys.stderr)
        sys.exit(2)
    sys.exit(status or 0)
