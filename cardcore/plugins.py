"""Finding, loading and asking plugins: the only module that talks to pluggy.

Plugins are found through the entry-point group ``cardcore`` (the games that
ship with cardcore use it too) and loaded one at a time, so that a broken
plugin costs a warning, not the program. A plugin is *broken* when it cannot
be imported, cannot be registered (bad hook signature, name taken), implements
a hook that does not exist (``register_gamez``), or raises in a hook; it is
then left out and the rest goes on.

Each problem is reported twice over, on purpose: as one line on stderr, which
is what a person at the command line sees, and as a :class:`PluginWarning`,
which tests and programs embedding cardcore can catch or turn into errors
(``-W error::cardcore.plugins.PluginWarning``). So that people do not read it
twice, Python's own printing of PluginWarning is off unless a filter asks for
it.

Environment:

``CARDCORE_STRICT_PLUGINS=1``
    raise the error instead of warning (for plugin authors and CI).
``CARDCORE_BLOCK_PLUGINS=a,b``
    do not load the entry points named ``a`` and ``b``.
"""

from __future__ import annotations

import importlib.metadata
import os
import warnings
from dataclasses import dataclass
from typing import Any, Callable

import click
import pluggy

from cardcore import hookspecs
from cardcore.errors import PluginError

ENTRY_POINT_GROUP = "cardcore"
STRICT_ENV = "CARDCORE_STRICT_PLUGINS"
BLOCK_ENV = "CARDCORE_BLOCK_PLUGINS"


class PluginWarning(UserWarning):
    """A plugin could not be used; cardcore goes on without it."""


# The stderr line is what people read; see the module docstring.
warnings.filterwarnings("ignore", category=PluginWarning, append=True)


@dataclass(frozen=True)
class GameEntry:
    """A game class and the plugin that registered it."""

    name: str
    title: str
    game_class: type
    plugin: str


@dataclass(frozen=True)
class BotEntry:
    """A bot factory; ``games`` is None when the bot plays any game."""

    name: str
    factory: Callable[..., Any]
    games: frozenset[str] | None
    plugin: str


_manager: pluggy.PluginManager | None = None
_loading = False  # the entry points are being loaded (a plugin's import may read rules)
_kinds_loaded = False  # the plugins' phase and step kinds and rules sections are registered
# (phase, step or section, kind) -> the plugin that registered it
_plugin_kinds: dict[tuple[str, str], str] = {}
# the plugins added in-process (register_plugin), whose kinds a reset forgets: an installed
# plugin's stay registered, so that a game made before the reset still finds them
_in_process: set[str] = set()
_games: dict[str, GameEntry] | None = None
_bots: dict[str, BotEntry] | None = None
_bot_variants: dict[str, list[BotEntry]] = {}


# -- loading ---------------------------------------------------------------


def make_plugin_manager() -> pluggy.PluginManager:
    """A plugin manager that knows cardcore's hooks and has no plugins yet."""
    pm = pluggy.PluginManager("cardcore")
    pm.add_hookspecs(hookspecs)
    return pm


def load_plugins(pm: pluggy.PluginManager) -> None:
    """Register the plugins of every ``cardcore`` entry point on ``pm``, one at a time."""
    blocked = {n.strip() for n in os.environ.get(BLOCK_ENV, "").split(",") if n.strip()}
    seen: set[tuple[str, str]] = set()
    for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        if (ep.name, ep.value) in seen or ep.name in blocked:
            continue
        seen.add((ep.name, ep.value))
        try:
            plugin = ep.load()
        except Exception as exc:
            _problem(f"plugin {_describe(ep)} could not be imported: {_one_line(exc)}", exc)
            continue
        dist = getattr(ep, "dist", None)
        _register(pm, plugin, f"{dist.name}:{ep.name}" if dist else ep.name)


def _register(pm: pluggy.PluginManager, plugin: object, name: str) -> bool:
    """Register and validate one plugin; on failure leave it out and say why."""
    try:
        pm.register(plugin, name=name)
    except Exception as exc:
        _problem(f"plugin {name!r} could not be registered: {_one_line(exc)}", exc)
        return False
    while True:  # only the plugin just added can fail, unless pm was used directly
        try:
            pm.check_pending()
            return True
        except pluggy.PluginValidationError as exc:
            bad_name = pm.get_name(exc.plugin) or name
            pm.unregister(exc.plugin)
            known = ", ".join(sorted(n for n, h in vars(pm.hook).items() if h.has_spec()))
            _problem(f"plugin {bad_name!r} was not loaded: {_one_line(exc)} "
                     f"(cardcore's hooks are: {known})", exc)
            if bad_name == name:
                return False


# -- the cached manager and registries ---------------------------------------


def get_plugin_manager() -> pluggy.PluginManager:
    """The process-wide plugin manager, with the entry-point plugins loaded on first use."""
    global _manager, _loading
    if _manager is None:
        pm = make_plugin_manager()
        _loading = True
        try:
            load_plugins(pm)
        finally:
            _loading = False
        _manager = pm
        load_kinds()
    return _manager


def reset_plugins() -> None:
    """Forget the manager and registries, so the next call loads plugins afresh (for tests)."""
    global _manager, _games, _bots
    _manager = _games = _bots = None
    _forget_kinds()


def load_kinds() -> None:
    """Register the phase and step kinds and the rules sections of every plugin (hooks
    ``register_phase_kinds``, ``register_step_kinds`` and ``register_rules_sections``), once:
    rules files are checked against them."""
    global _kinds_loaded
    if _kinds_loaded or _loading:
        return
    _kinds_loaded = True
    get_plugin_manager()
    for what, (hook, register, _) in _kind_registries().items():
        def make_register(plugin: str, what=what, register=register) -> Callable[..., None]:
            def register_kind(kind: str, handler: Any, schema: type) -> None:
                owner = _plugin_kinds.get((what, kind))
                if owner == plugin:
                    return  # the same plugin, asked again
                try:
                    register(kind, handler, schema)
                except (ValueError, KeyError, TypeError) as exc:
                    taken = f"plugin {owner!r}" if owner else "cardcore"
                    why = f"{taken} registered it already" if "already" in str(exc) else _one_line(exc)
                    _problem(f"{what} kind {kind!r} of plugin {plugin!r} ignored: {why}")
                    return
                _plugin_kinds[(what, kind)] = plugin
            return register_kind

        _call_each(hook, "register", make_register)


def _forget_kinds() -> None:
    """Unregister the kinds of the plugins added in-process (cardcore's own and the installed
    plugins' stay), so that they go with their plugin; the next load asks every plugin again."""
    global _kinds_loaded
    _kinds_loaded = False
    gone = [(what, kind) for (what, kind), plugin in _plugin_kinds.items() if plugin in _in_process]
    _in_process.clear()
    if not gone:
        return
    registries = _kind_registries()
    for what, kind in gone:
        registries[what][2](kind)
        del _plugin_kinds[(what, kind)]


def _kind_registries() -> dict[str, tuple[str, Callable[..., None], Callable[[str], None]]]:
    """What a plugin registers kinds of: (its hook, register, unregister), by what it is."""
    from cardcore.engine import phases, sections, steps

    return {"phase": ("register_phase_kinds", phases.register_phase_kind, phases.unregister_phase_kind),
            "step": ("register_step_kinds", steps.register_step, steps.unregister_step),
            "section": ("register_rules_sections", sections.register_rules_section,
                        sections.unregister_rules_section)}


def register_plugin(obj: object, name: str | None = None) -> str | None:
    """Add an in-process plugin (a module or any object with ``@hookimpl`` functions).

    ``name`` defaults to the module's name. Returns the name it was registered
    under, or None when it was left out (with a warning, as for entry points).
    """
    global _games, _bots, _kinds_loaded
    if name is None:
        name = getattr(obj, "__name__", None) or f"{type(obj).__module__}.{type(obj).__qualname__}"
    ok = _register(get_plugin_manager(), obj, name)
    if ok:
        _in_process.add(name)
    _games = _bots = None
    _kinds_loaded = False
    load_kinds()  # its kinds, before a rules file or a game names them
    return name if ok else None


def get_games() -> dict[str, GameEntry]:
    """Every registered game, by name. On a duplicate name the first plugin wins."""
    global _games
    if _games is None:
        games: dict[str, GameEntry] = {}

        def make_register(plugin: str) -> Callable[[type], None]:
            def register(game_class: type) -> None:
                name, title = getattr(game_class, "name", None), getattr(game_class, "title", None)
                if not (isinstance(name, str) and name and isinstance(title, str)):
                    _problem(f"plugin {plugin!r} registered {game_class!r}, which lacks "
                             "the str class attributes 'name' and 'title'")
                elif name in games:
                    _problem(f"game {name!r} of plugin {plugin!r} ignored: "
                             f"plugin {games[name].plugin!r} already registered it")
                else:
                    games[name] = GameEntry(name, title, game_class, plugin)
            return register

        _call_each("register_games", "register", make_register)
        _games = games
    return dict(_games)


def get_bots() -> dict[str, BotEntry]:
    """Every registered bot, by name (the first registration of a name; see find_bot for the one
    that plays a given game). A name registered twice for overlapping games warns; the first wins."""
    global _bots
    if _bots is None:
        def make_register(plugin: str) -> Callable[..., None]:
            def register(name: str, factory: Callable[..., Any], games: set[str] | None = None) -> None:
                if not (isinstance(name, str) and name and callable(factory)
                        and (games is None or (not isinstance(games, str)
                                               and all(isinstance(g, str) for g in games)))):
                    _problem(f"plugin {plugin!r} registered bot {name!r} wrongly: expected "
                             "register(name: str, factory: callable, games: set[str] | None)")
                    return
                entry = BotEntry(name, factory, None if games is None else frozenset(games), plugin)
                clash = next((b for b in variants.get(name, []) if _overlap(b.games, entry.games)), None)
                if clash is not None:
                    _problem(f"bot {name!r} of plugin {plugin!r} ignored: "
                             f"plugin {clash.plugin!r} already registered it")
                    return
                variants.setdefault(name, []).append(entry)
                bots.setdefault(name, entry)
            return register

        bots: dict[str, BotEntry] = {}
        variants: dict[str, list[BotEntry]] = {}
        _call_each("register_bots", "register", make_register)
        _bots = bots
        _bot_variants.clear()
        _bot_variants.update(variants)
    return dict(_bots)


def find_bot(name: str, game: str) -> BotEntry | None:
    """The bot called ``name`` that plays ``game``: one name may be registered for several games
    by different plugins (each game's own ``heuristic``), as long as their games do not overlap."""
    get_bots()
    for entry in _bot_variants.get(name, []):
        if entry.games is None or game in entry.games:
            return entry
    return None


def bot_names(game: str) -> list[str]:
    """Names of the bots that play ``game``."""
    get_bots()
    return sorted(n for n, entries in _bot_variants.items()
                  if any(e.games is None or game in e.games for e in entries))


def _overlap(a: frozenset[str] | None, b: frozenset[str] | None) -> bool:
    return a is None or b is None or bool(a & b)


def add_plugin_commands(cli: click.Group) -> None:
    """Let every plugin add its commands to the root group ``cli``."""
    _call_each("register_commands", "cli", lambda plugin: cli)


# -- helpers -------------------------------------------------------------------


def _call_each(hook: str, arg: str, make_value: Callable[[str], Any]) -> None:
    """Call each plugin's implementation of ``hook`` in registration order, each guarded.

    ``make_value(plugin_name)`` gives the value of the hook's one argument ``arg``.
    """
    for impl in getattr(get_plugin_manager().hook, hook).get_hookimpls():
        if impl.hookwrapper or impl.wrapper:
            continue
        kwargs = {arg: make_value(impl.plugin_name)}
        try:
            impl.function(*[kwargs[name] for name in impl.argnames])
        except Exception as exc:
            _problem(f"plugin {impl.plugin_name!r} failed in {hook}: {_one_line(exc)}", exc)


def _strict() -> bool:
    return os.environ.get(STRICT_ENV, "") not in ("", "0")


def _problem(message: str, exc: BaseException | None = None) -> None:
    """Report a plugin problem (see the module docstring), or raise it in strict mode."""
    if _strict():
        raise exc if exc is not None else PluginError(message)
    click.echo(f"cardcore: warning: {message}", err=True)
    warnings.warn(message, PluginWarning, stacklevel=2)


def _describe(ep: importlib.metadata.EntryPoint) -> str:
    dist = getattr(ep, "dist", None)
    where = f"distribution {dist.name} {dist.version}" if dist else "unknown distribution"
    return f"{ep.name!r} ({ep.name} = {ep.value}, {where})"


def _one_line(exc: BaseException) -> str:
    return " ".join(f"{type(exc).__name__}: {exc}".split())
