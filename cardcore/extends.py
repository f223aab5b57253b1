"""Rules files that extend another: ``extends: rubicon-bezique.yaml`` and then the differences.

A file with a top-level ``extends`` is its base file with the extending file's mapping merged
over it (a base may itself extend another; a cycle is refused):

- mappings merge key by key, recursively; a key the base lacks is added (after the base's keys);
- scalars and lists replace the inherited value, and so does a switch (a mapping with ``by``, or
  ``{option: name}``): a switch is one value, never merged branch by branch;
- a list whose items are all mappings with a ``name`` (phases, melds, options), or all with a
  ``topic`` (notes), merges item by item by that key: an item of the same name is merged into
  the inherited one where it stands; a new item goes right after the item written before it in
  the extending list (so ``- name: four-trump-aces`` alone, followed by a new meld, places the
  meld after that one), or at the end if it is written first;
- ``key: !remove`` removes an inherited key, ``- !remove NAME`` the item NAME of a named list;
  ``!replace`` on a mapping or a list (``penguin: !replace {}``, ``- !replace {name: x, ...}``)
  replaces the inherited value whole instead of merging into it. Either, where nothing is
  inherited, is a mistake and reported.

``extends`` names the base by a path relative to the extending file's directory
(``extends: rubicon-bezique.yaml``, ``extends: ../common/base.yaml``) or, from any package that
ships rules files, as ``package:path`` (``extends: cardrules:rubicon-bezique.yaml``, the rules
that ship with cardcore, from a third-party plugin's own file).

Every value keeps the file and line that say it (:attr:`Sourced.files`), so an error in the
merged rules names the base file where the base says the value at fault, the extending file
where it does.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path as FilePath, PurePath
from typing import Any

from .errors import RulesError
from .yamlsource import Mark, Path, Remove, Replace, Sourced, load_yaml

EXTENDS_KEY = "extends"
IDENTITY_KEYS = ("name", "topic")
"""The key that names the items of a list merged item by item, the first that every item has."""

_PACKAGE_FORM = re.compile(r"^([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*):(.+)$")


@dataclass
class _PlacedValue:
    """A value with the place that says it: the tree the merge works on."""

    value: Any  # dict[key, _PlacedValue], list[_PlacedValue], a scalar, Remove, or Replace of a node holding a dict or list
    mark: Mark | None
    file: str


def _tree(sourced: Sourced, data: Any, path: Path) -> _PlacedValue:
    mark, file = sourced.marks.get(path), sourced.file_of(path)
    if isinstance(data, Replace):
        return _PlacedValue(Replace(_tree(sourced, data.value, path)), mark, file)
    if isinstance(data, dict):
        return _PlacedValue({k: _tree(sourced, v, path + (k,)) for k, v in data.items()}, mark, file)
    if isinstance(data, list):
        return _PlacedValue([_tree(sourced, v, path + (i,)) for i, v in enumerate(data)], mark, file)
    return _PlacedValue(data, mark, file)


def _flatten(node: _PlacedValue, path: Path, marks: dict[Path, Mark], files: dict[Path, str], filename: str) -> Any:
    if node.mark is not None:
        marks[path] = node.mark
        if node.file != filename:
            files[path] = node.file
    if isinstance(node.value, dict):
        return {k: _flatten(v, path + (k,), marks, files, filename) for k, v in node.value.items()}
    if isinstance(node.value, list):
        return [_flatten(v, path + (i,), marks, files, filename) for i, v in enumerate(node.value)]
    return node.value


def _where(node: _PlacedValue) -> str:
    line, col = node.mark or (1, 1)
    return f"{node.file}:{line}:{col}"


def _fail(node: _PlacedValue, problem: str) -> RulesError:
    return RulesError(f"{_where(node)}: {problem}")


def _is_switch(node: _PlacedValue) -> bool:
    value = node.value
    return isinstance(value, dict) and ("by" in value or (len(value) == 1 and "option" in value))


def _plain(node: _PlacedValue) -> _PlacedValue:
    """A value taken as the extending file says it, nothing inherited under it: a !remove or a
    !replace in it has nothing to act on."""
    value = node.value
    if isinstance(value, Remove):
        raise _fail(node, "!remove: nothing is inherited here to remove")
    if isinstance(value, Replace):
        raise _fail(node, "!replace: nothing is inherited here to replace")
    if isinstance(value, dict):
        return _PlacedValue({k: _plain(v) for k, v in value.items()}, node.mark, node.file)
    if isinstance(value, list):
        return _PlacedValue([_plain(v) for v in value], node.mark, node.file)
    return node


def _merge(base: _PlacedValue, over: _PlacedValue) -> _PlacedValue:
    """over (the extending file's value) merged over base (the inherited one)."""
    if isinstance(over.value, Replace):
        return _plain(over.value.value)
    if isinstance(over.value, Remove):
        raise _fail(over, "!remove: write it as a key's value (key: !remove) or as an item of a named list")
    if isinstance(base.value, dict) and isinstance(over.value, dict) and not (_is_switch(base) or _is_switch(over)):
        return _PlacedValue(_merge_mappings(base, over), over.mark, over.file)
    if isinstance(base.value, list) and isinstance(over.value, list):
        key = _identity_key(base.value)
        if key is not None:
            return _PlacedValue(_merge_named(base, over, key), over.mark, over.file)
        for item in over.value:
            if isinstance(item.value, Remove):
                raise _fail(item, "!remove NAME removes an item of a list of named items (each with "
                                  + " or ".join(IDENTITY_KEYS) + "); the inherited list is not one")
    return _plain(over)


def _merge_mappings(base: _PlacedValue, over: _PlacedValue) -> dict:
    merged = dict(base.value)
    for key, node in over.value.items():
        if isinstance(node.value, Remove):
            if node.value.name:
                raise _fail(node, f"!remove of key {key!r} takes no value (write {key}: !remove)")
            if key not in merged:
                raise _fail(node, f"!remove: {key!r} is not inherited here ({_where(base)} has no such key)")
            del merged[key]
        elif key in merged:
            merged[key] = _merge(merged[key], node)
        else:
            merged[key] = _plain(node)
    return merged


def _identity_key(items: list[_PlacedValue]) -> str | None:
    """The key naming every item of an inherited list, if it is a list of named mappings."""
    for key in IDENTITY_KEYS:
        if items and all(isinstance(i.value, dict) and not _is_switch(i) and _named(i, key) for i in items):
            return key
    return None


def _unwrapped(node: _PlacedValue) -> Any:
    """The value of a node, the mapping or list itself for one marked !replace."""
    return node.value.value.value if isinstance(node.value, Replace) else node.value


def _named(node: _PlacedValue, key: str) -> bool:
    value = _unwrapped(node)
    return isinstance(value, dict) and key in value and isinstance(value[key].value, (str, int))


def _name_of(node: _PlacedValue, key: str) -> Any:
    if isinstance(node.value, Remove):
        return node.value.name
    return _unwrapped(node)[key].value


def _merge_named(base: _PlacedValue, over: _PlacedValue, key: str) -> list:
    inherited = base.value
    index: dict[Any, int] = {}
    for i, item in enumerate(inherited):
        name = _name_of(item, key)
        if name in index:
            raise _fail(over, f"this list is merged by {key}, but the inherited one names {name!r} twice "
                              f"({_where(inherited[index[name]])}, {_where(item)})")
        index[name] = i
    merged: dict[int, _PlacedValue] = {}
    removed: set[int] = set()
    after: dict[int | None, list[_PlacedValue]] = {}  # new items by the inherited item they follow (None: the end)
    cursor: int | None = None
    seen: dict[Any, _PlacedValue] = {}
    for item in over.value:
        if not (isinstance(item.value, Remove) or _named(item, key)):
            raise _fail(item, f"the inherited list is merged item by item by {key!r}: give this item its {key} "
                              "(or mark the list !replace to replace it whole)")
        name = _name_of(item, key)
        if name in seen:
            raise _fail(item, f"{key} {name!r} is written twice in this list (first at {_where(seen[name])})")
        seen[name] = item
        if name not in index:
            if isinstance(item.value, (Remove, Replace)):
                tag = "!remove" if isinstance(item.value, Remove) else "!replace"
                raise _fail(item, f"{tag}: no inherited item has {key} {name!r}; inherited: "
                                  + ", ".join(repr(n) for n in index))
            after.setdefault(cursor, []).append(_plain(item))
            continue
        cursor = index[name]
        if isinstance(item.value, Remove):
            removed.add(cursor)
        else:
            merged[cursor] = _merge(inherited[cursor], item)
    out: list[_PlacedValue] = []
    for i, item in enumerate(inherited):
        if i not in removed:
            out.append(merged.get(i, item))
        out.extend(after.get(i, ()))
    out.extend(after.get(None, ()))
    return out


# ---------------------------------------------------------------- the chain of files


def load_rules_yaml(text: str | bytes, filename: str, directory: Any = None) -> Sourced:
    """A rules file with the files it extends merged under it; every error names file:line:col.

    ``directory`` (a path or an ``importlib.resources`` folder) is where a relative ``extends``
    is looked for: by default the directory of ``filename``."""
    folder = FilePath(os.path.dirname(filename)) if directory is None else directory
    tree, bases = _load(text, filename, folder, ())
    marks: dict[Path, Mark] = {}
    files: dict[Path, str] = {}
    data = _flatten(tree, (), marks, files, filename)
    return Sourced(data, marks, filename, files, bases)


def _load(text: str | bytes, filename: str, folder: Any, reading: tuple[str, ...]) -> tuple[_PlacedValue, tuple[str, ...]]:
    """The file merged over its bases, and the names of those bases, the nearest first."""
    sourced = load_yaml(text, filename)
    tree = _tree(sourced, sourced.data, ())
    if not isinstance(tree.value, dict):
        raise _fail(tree, "!replace marks a value that a base file gives, not the whole file")
    named = tree.value.pop(EXTENDS_KEY, None)
    if named is None:
        return _plain(tree), ()
    if not isinstance(named.value, str) or not named.value.strip():
        raise _fail(named, "extends names the rules file this one extends, e.g. extends: other.yaml")
    base_text, base_name, base_folder = _read_base(named, folder)
    identity = os.path.realpath(base_name) if isinstance(base_folder, PurePath) else base_name
    here = os.path.realpath(filename)
    chain = (*reading, here)
    if identity in chain:
        cycle = " -> ".join(os.path.basename(f) for f in chain[chain.index(identity):] + (identity,))
        raise _fail(named, f"extends {named.value!r}, a cycle: {cycle}")
    base, bases = _load(base_text, base_name, base_folder, chain)
    return _merge(base, tree), (base_name, *bases)


def _read_base(named: _PlacedValue, folder: Any) -> tuple[bytes, str, Any]:
    """The base file's bytes, its name for messages and its own directory."""
    written = named.value.strip()
    package = None if os.path.isabs(written) else _PACKAGE_FORM.match(written)
    try:
        if package:
            parts = package.group(2).split("/")
            base_folder = resources.files(package.group(1))
            for part in parts[:-1]:
                base_folder = base_folder.joinpath(part)
            resource = base_folder.joinpath(parts[-1])
        else:
            resource = FilePath(written) if os.path.isabs(written) else folder.joinpath(written)
            base_folder = resource.parent if isinstance(resource, PurePath) else folder
    except (ImportError, TypeError, ValueError) as exc:
        raise _fail(named, f"extends {written!r}: no such package ({exc})") from None
    name = os.path.normpath(str(resource)) if isinstance(resource, PurePath) else str(resource)
    try:
        return resource.read_bytes(), name, base_folder
    except OSError as exc:
        raise _fail(named, f"extends {written!r}: cannot read {name}: {exc.strerror or exc}") from None
