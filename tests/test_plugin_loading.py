"""Loading plugins: broken ones cost a warning, never the program.

Installed plugins are simulated with real ``*.dist-info`` directories in a temp
dir; ``importlib.metadata.entry_points`` is narrowed to those, so the tests do
not depend on what else is installed (the real penchant plugin included).
"""

import importlib.metadata
import sys
import textwrap
import types
import warnings

import click
import pytest

from cardcore import plugins
from cardcore.errors import PluginError
from cardcore.hookspecs import hookimpl
from cardcore.plugins import PluginWarning

GOOD = """
    from cardcore.hookspecs import hookimpl

    class Whist:
        name = "whist"
        title = "Whist"

    @hookimpl
    def register_games(register):
        register(Whist)

    @hookimpl
    def register_bots(register):
        register("lead-low", lambda game: None, {"whist"})
"""


class Gin:
    name = "gin"
    title = "Gin Rummy"


@pytest.fixture
def env(tmp_path, monkeypatch):
    """A place to 'install' fake plugin distributions; yields a helper object."""
    for var in (plugins.STRICT_ENV, plugins.BLOCK_ENV):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.syspath_prepend(str(tmp_path))

    def entry_points(*, group):
        dists = sorted(importlib.metadata.distributions(path=[str(tmp_path)]), key=lambda d: d.name)
        return importlib.metadata.EntryPoints(
            ep for d in dists for ep in d.entry_points if ep.group == group)

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    plugins.reset_plugins()

    class Env:
        @staticmethod
        def module(name, source):
            assert name.startswith("ccplug_")
            (tmp_path / f"{name}.py").write_text(textwrap.dedent(source))

        @staticmethod
        def dist(dist_name, **eps):
            info = tmp_path / f"{dist_name.replace('-', '_')}-1.0.dist-info"
            info.mkdir()
            (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist_name}\nVersion: 1.0\n")
            (info / "entry_points.txt").write_text(
                "[cardcore]\n" + "".join(f"{k} = {v}\n" for k, v in eps.items()))

    yield Env
    plugins.reset_plugins()
    for name in [m for m in sys.modules if m.startswith("ccplug_")]:
        del sys.modules[name]


def messages(record):
    return [str(w.message) for w in record if issubclass(w.category, PluginWarning)]


def no_plugin_warnings(fn):
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        result = fn()
    assert messages(record) == []
    return result


@pytest.mark.parametrize("value, error", [
    ("ccplug_missing", "ModuleNotFoundError"),
    ("ccplug_raises", "RuntimeError: boom"),
    ("ccplug_good:no_such_attr", "AttributeError"),
])
def test_broken_entry_point_warns_once_and_the_rest_loads(env, capsys, value, error):
    env.module("ccplug_good", GOOD)
    env.module("ccplug_raises", "raise RuntimeError('boom')\n")
    env.dist("brokendist", broken=value)
    env.dist("gooddist", good="ccplug_good")

    with pytest.warns(PluginWarning) as record:
        games = plugins.get_games()

    [message] = messages(record)
    assert "'broken'" in message and "brokendist 1.0" in message and error in message
    assert "\n" not in message
    assert capsys.readouterr().err.count("cardcore: warning: plugin 'broken'") == 1
    assert games["whist"].plugin == "gooddist:good"
    assert games["whist"].title == "Whist"
    assert plugins.get_bots()["lead-low"].games == frozenset({"whist"})


def test_strict_mode_raises_and_does_not_cache_a_half_loaded_manager(env, monkeypatch):
    env.module("ccplug_good", GOOD)
    env.dist("brokendist", broken="ccplug_missing")
    env.dist("gooddist", good="ccplug_good")
    monkeypatch.setenv(plugins.STRICT_ENV, "1")
    with pytest.raises(ModuleNotFoundError):
        plugins.get_plugin_manager()

    monkeypatch.delenv(plugins.STRICT_ENV)
    with pytest.warns(PluginWarning):
        assert "whist" in plugins.get_games()


def test_strict_mode_makes_a_duplicate_game_an_error(env, monkeypatch):
    monkeypatch.setenv(plugins.STRICT_ENV, "1")
    plugins.register_plugin(types.SimpleNamespace(register_games=hookimpl(lambda register: register(Gin))), "a")
    plugins.register_plugin(types.SimpleNamespace(register_games=hookimpl(lambda register: register(Gin))), "b")
    with pytest.raises(PluginError, match="'gin'"):
        plugins.get_games()


def test_block_list_skips_entry_points_by_name(env, monkeypatch):
    env.module("ccplug_good", GOOD)
    env.dist("brokendist", broken="ccplug_missing", other="ccplug_missing2")
    env.dist("gooddist", good="ccplug_good")

    monkeypatch.setenv(plugins.BLOCK_ENV, "broken, other")
    assert "whist" in no_plugin_warnings(plugins.get_games)

    plugins.reset_plugins()
    monkeypatch.setenv(plugins.BLOCK_ENV, "broken,other,good")
    assert no_plugin_warnings(plugins.get_games) == {}


def test_same_entry_point_from_two_distributions_loads_once(env):
    env.module("ccplug_good", GOOD)
    env.dist("gooddist", good="ccplug_good")
    env.dist("gooddist-copy", good="ccplug_good")
    assert no_plugin_warnings(plugins.get_games)["whist"].plugin == "gooddist:good"


def test_duplicate_game_names_warn_naming_both_and_the_first_wins(env):
    for n in ("first", "second"):
        env.module(f"ccplug_{n}", GOOD.replace('title = "Whist"', f'title = "Whist ({n})"'))
    env.dist("dupes", first="ccplug_first", second="ccplug_second")

    with pytest.warns(PluginWarning) as record:
        games = plugins.get_games()
    [message] = messages(record)
    assert "'whist'" in message and "dupes:first" in message and "dupes:second" in message
    assert games["whist"].title == "Whist (first)"
    assert games["whist"].plugin == "dupes:first"
    # the bots clash too, and the first one wins there as well
    with pytest.warns(PluginWarning, match="bot 'lead-low'"):
        assert plugins.get_bots()["lead-low"].plugin == "dupes:first"


def test_misspelled_hook_warns_naming_the_plugin_and_others_load(env, capsys):
    env.module("ccplug_good", GOOD)
    env.module("ccplug_typo", """
        from cardcore.hookspecs import hookimpl

        class Typo:
            name = "typo"
            title = "Typo"

        @hookimpl
        def register_gamez(register):
            register(Typo)

        @hookimpl
        def register_bots(register):
            register("typo-bot", lambda game: None)
    """)
    env.dist("gooddist", good="ccplug_good")
    env.dist("typodist", typo="ccplug_typo")

    with pytest.warns(PluginWarning) as record:
        games = plugins.get_games()
    [message] = messages(record)
    assert "typodist:typo" in message and "register_gamez" in message
    assert "register_games" in message  # the hint lists the real hooks
    assert "typodist:typo" in capsys.readouterr().err
    assert set(games) == {"whist"}
    assert set(plugins.get_bots()) == {"lead-low"}  # the broken plugin is left out whole


def test_misspelled_hook_in_register_plugin_warns(env):
    typo = types.ModuleType("ccplug_inproc_typo")
    typo.register_gamez = hookimpl(lambda register: register(Gin))
    with pytest.warns(PluginWarning, match="ccplug_inproc_typo.*register_gamez"):
        assert plugins.register_plugin(typo) is None
    assert plugins.get_games() == {}


def test_hook_with_a_wrong_signature_is_left_out(env):
    class Wrong:
        @hookimpl
        def register_games(self, registr):
            registr(Gin)

    with pytest.warns(PluginWarning, match="'wrong'.*registr"):
        assert plugins.register_plugin(Wrong(), name="wrong") is None
    assert plugins.get_games() == {}


def test_register_plugin_adds_a_game_to_get_games(env):
    assert plugins.get_games() == {}  # cached now; register_plugin must clear it

    module = types.ModuleType("ccplug_inproc")
    module.register_games = hookimpl(lambda register: register(Gin))
    assert plugins.register_plugin(module) == "ccplug_inproc"

    class Obj:
        @hookimpl
        def register_bots(self, register):
            register("gin-bot", lambda game: "bot", games={"gin"})

    assert plugins.register_plugin(Obj(), name="objplugin") == "objplugin"

    entry = plugins.get_games()["gin"]
    assert entry == plugins.GameEntry("gin", "Gin Rummy", Gin, "ccplug_inproc")
    bot = plugins.get_bots()["gin-bot"]
    assert (bot.games, bot.plugin, bot.factory(None)) == (frozenset({"gin"}), "objplugin", "bot")


def test_register_plugin_twice_warns(env):
    module = types.ModuleType("ccplug_twice")
    module.register_games = hookimpl(lambda register: register(Gin))
    plugins.register_plugin(module)
    with pytest.warns(PluginWarning, match="ccplug_twice"):
        assert plugins.register_plugin(module) is None
    assert list(plugins.get_games()) == ["gin"]


def test_a_hook_that_raises_or_registers_badly_costs_only_that_registration(env):
    def explode(register):
        raise RuntimeError("kaboom")

    def register_bad(register):
        register(object)  # no name/title
        register(Gin)

    def bad_bots(register):
        register("x", "not callable")
        register("y", lambda game: None, games="gin")  # a str, not a set of names
        register("ok", lambda game: None)

    plugins.register_plugin(types.SimpleNamespace(register_games=hookimpl(explode)), "explodes")
    plugins.register_plugin(types.SimpleNamespace(register_games=hookimpl(register_bad),
                                                  register_bots=hookimpl(bad_bots)), "sloppy")
    with pytest.warns(PluginWarning) as record:
        assert set(plugins.get_games()) == {"gin"}
        assert set(plugins.get_bots()) == {"ok"}
    found = messages(record)
    assert any("'explodes'" in m and "RuntimeError: kaboom" in m for m in found)
    assert any("'sloppy'" in m and "'name' and 'title'" in m for m in found)
    assert sum("'sloppy' registered bot" in m for m in found) == 2


def test_plugin_commands_are_added_and_a_broken_one_is_reported(env):
    def add(cli):
        @cli.command()
        def hello():
            click.echo("hi")

    def broken(cli):
        raise ValueError("no commands today")

    plugins.register_plugin(types.SimpleNamespace(register_commands=hookimpl(add)), "adds")
    plugins.register_plugin(types.SimpleNamespace(register_commands=hookimpl(broken)), "breaks")
    cli = click.Group("cardcore")
    with pytest.warns(PluginWarning, match="'breaks'.*no commands today"):
        plugins.add_plugin_commands(cli)
    assert list(cli.commands) == ["hello"]
