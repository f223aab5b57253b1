"""Where the modules of phase kinds went, so that a plugin written before they moved still
imports them: ``cardcore.engine.auction`` is now ``cardcore.engine.phases.auction`` (each phase
kind is one module under ``cardcore/engine/phases/``, its schema beside its behaviour). An import
by the old name gives the module at its new place, with a ``DeprecationWarning`` naming it.

A kind's behaviour class is named ``<Kind>Kind`` (``AuctionKind``), so that no name is both a
rules schema (``AuctionPhase``) or an event (``events.Deal``) and a behaviour; its module's
:func:`renamed_classes` gives the class by its former name (``Auction``) with a warning too.

A name a class no longer has is a :class:`Moved` on it, which says where it went when read."""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import warnings

MOVED_MODULES = {f"cardcore.engine.{kind}": f"cardcore.engine.phases.{kind}"
                 for kind in ("auction", "contract", "discard", "name_trump", "settle", "show_melds", "widow")}
# Kinds that only one game's rules use left cardcore for that game's plugin, which registers them
# (the hook register_phase_kinds, or register_rules_sections for a top-level rules section):
# old name -> what it was, and where it went.
LEFT_FOR_A_PLUGIN = {
    **dict.fromkeys(("cardcore.engine.guess", "cardcore.engine.phases.guess"),
                    "the phase kind 'guess' is now the plugin's of the game that uses it, registered through "
                    "the hook register_phase_kinds; a number drawn at the deal is cardcore.engine.drawn_number"),
    "cardcore.engine.carte_blanche":
        "carte blanche is now the rules section 'carte_blanche' of the multi-pack Bezique plugin "
        "(cardplugins.multipack_bezique.carte_blanche), registered through the hook register_rules_sections "
        "(cardcore.engine.sections)",
    "cardcore.engine.rounded":
        "the game settled on rounded totals is now the rules section 'game_end.settlement' of the multi-pack "
        "Bezique plugin (cardplugins.multipack_bezique.rounded), registered through the hook "
        "register_rules_sections (cardcore.engine.sections)",
    "cardcore.engine.phases.throw_in":
        "the throw-in is now the phase kind 'throw-in' and the rules section 'throw_in' of the Penneech "
        "plugin (cardplugins.penneech.throw_in), registered through the hooks register_phase_kinds and "
        "register_rules_sections",
    "cardcore.text.claim":
        "the claim (Pinochle's Out) is now the rules section 'claim' of the two-hand Pinochle plugin "
        "(cardplugins.pinochle.claim: its question and help are the section's), a standing action "
        "registered through the hook register_rules_sections (cardcore.engine.sections)",
}
# Schemas of rules sections and phase kinds only one game's rules use, once cardcore.ruleset's,
# now their plugin's: name -> the module that has it
SCHEMAS_LEFT_FOR_A_PLUGIN = {"CarteBlancheRule": "cardplugins.multipack_bezique.carte_blanche",
                             "RoundedSettlement": "cardplugins.multipack_bezique.rounded",
                             "ThrowInRule": "cardplugins.penneech.throw_in",
                             "ThrowInPhase": "cardplugins.penneech.throw_in",
                             "ClaimRule": "cardplugins.pinochle.claim"}
# Names of cardcore's modules that only one game used, now its plugin's: (module, name) -> where
NAMES_LEFT_FOR_A_PLUGIN = {
    **dict.fromkeys((("cardcore.state", "THROW_IN"), ("cardcore.engine.kinds", "THROW_IN")),
                    "cardplugins.penneech.throw_in.THROW_IN (the throw-in's decision and verb, a phase kind "
                    "of the Penneech plugin's)"),
    ("cardcore.bots.simple", "claim_or_rest"):
        "cardcore.bots.simple.standing_or_rest (any standing action a bot takes at once, e.g. Pinochle's Out)",
}


def left_names(module: str, then=None):
    """A module's ``__getattr__``: a name of :data:`NAMES_LEFT_FOR_A_PLUGIN` raises an ImportError
    naming where it went (``from module import NAME`` tells it as it is; an AttributeError would
    not); any other missing name goes to ``then`` (another such function), or is an
    AttributeError."""

    def __getattr__(name: str):
        where = NAMES_LEFT_FOR_A_PLUGIN.get((module, name))
        if where is not None:
            raise ImportError(f"{module}.{name} is no longer there: it is now {where}", name=name)
        if then is not None:
            return then(name)
        raise AttributeError(f"module {module!r} has no attribute {name!r}")

    return __getattr__


def renamed_classes(module: str, **renamed: str):
    """A module's ``__getattr__``: each former class name of ``renamed`` (old=new) gives the class
    by its new name, with a ``DeprecationWarning``; any other missing name is an AttributeError."""

    def __getattr__(name: str):
        new = renamed.get(name)
        if new is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        warnings.warn(f"{module}.{name} is now {module}.{new}: a phase kind's behaviour is named <Kind>Kind, "
                      "its rules schema <Kind>Phase", DeprecationWarning, stacklevel=2)
        return getattr(sys.modules[module], new)

    return __getattr__


class _MovedModules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds a moved module by its old name and loads it from its new one."""

    def find_spec(self, name, path=None, target=None):
        if name in LEFT_FOR_A_PLUGIN:
            raise ImportError(f"{name} is no longer part of cardcore: {LEFT_FOR_A_PLUGIN[name]}", name=name)
        return importlib.util.spec_from_loader(name, self) if name in MOVED_MODULES else None

    def create_module(self, spec):
        new = MOVED_MODULES[spec.name]
        warnings.warn(f"{spec.name} is now {new}: each phase kind is one module under cardcore/engine/phases/, "
                      "its rules schema beside its behaviour; import it from there", DeprecationWarning,
                      stacklevel=2)
        return importlib.import_module(new)

    def exec_module(self, module) -> None:
        pass  # the module at its new place is loaded already


if not any(isinstance(finder, _MovedModules) for finder in sys.meta_path):
    sys.meta_path.append(_MovedModules())


class Moved:
    """A name a class no longer has: reading it says where it went (a game's value now in
    ``game.compiled``, a state's method now an engine function). A descriptor of the class, not
    a ``__getattr__``, which would slow every attribute read (the engine reads the game and the
    state at every card); a subclass may still set the name for its own use."""

    def __init__(self, name: str, where: str):
        self.name, self.where = name, where

    def __get__(self, instance, owner=None):
        raise AttributeError(f"{(owner or type(instance)).__name__}.{self.name} is gone: {self.where}")
