"""Where the modules of phase kinds went, so that a plugin written before they moved still
imports them: ``cardcore.engine.auction`` is now ``cardcore.engine.phases.auction`` (each phase
kind is one module under ``cardcore/engine/phases/``, its schema beside its behaviour). An import
by the old name gives the module at its new place, with a ``DeprecationWarning`` naming it."""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import warnings

MOVED_MODULES = {f"cardcore.engine.{kind}": f"cardcore.engine.phases.{kind}"
                 for kind in ("auction", "contract", "discard", "guess", "name_trump", "settle", "show_melds",
                              "widow")}


class _MovedModules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds a moved module by its old name and loads it from its new one."""

    def find_spec(self, name, path=None, target=None):
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
