"""YAML rules files that remember where every value came from.

A rules file is data a person edits by hand, so every complaint about it must
name ``file:line:col``. PyYAML's constructed objects forget their positions, so
we compose the node graph and build plain Python data *and* a table of marks
ourselves. Option switches are resolved on that pair (the marks follow the
chosen branch), and pydantic errors are translated back to lines.

Switch syntax (recognised in any mapping, at any depth)::

    points: {by: scoring, modern: 10, 19th-century: 12, default: 8}
    hand_size: {option: hand_size}

``by`` is therefore a reserved key: any mapping that has a ``by`` key is a
switch, whatever else it contains. ``option`` is reserved only as the *sole*
key of a mapping.

Marks: a mapping entry's path is marked at its *key* (that is the line a
person looks for, and the line an "extra field" error must name); a sequence
item is marked where the item starts; the root where the document starts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from cardcore.values import same_value as _same, show_value as _show
from cardcore.errors import RulesError

Path = tuple[Any, ...]
Mark = tuple[int, int]

_MAP_TAG = "tag:yaml.org,2002:map"
_SEQ_TAG = "tag:yaml.org,2002:seq"
_MERGE_TAG = "tag:yaml.org,2002:merge"
_TIMESTAMP_TAG = "tag:yaml.org,2002:timestamp"
_NULL_TAG = "tag:yaml.org,2002:null"


@dataclass(frozen=True)
class Sourced:
    """Plain data plus the 1-based (line, column) of every path in it."""

    data: Any
    marks: dict[Path, Mark]
    filename: str


def _mark(node: yaml.Node) -> Mark:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


def _fail(filename: str, mark: Mark, problem: str) -> RulesError:
    return RulesError(f"{filename}:{mark[0]}:{mark[1]}: {problem}")


class _Builder:
    """Walks a composed node graph; one instance per file so errors know the filename."""

    def __init__(self, filename: str):
        self.filename = filename
        self.constructor = yaml.SafeLoader("")
        self.active: set[int] = set()  # nodes being walked: catches recursive aliases

    def node(self, node: yaml.Node, path: Path, marks: dict[Path, Mark]) -> Any:
        if isinstance(node, yaml.ScalarNode):
            if node.tag == _TIMESTAMP_TAG:
                # Dates in citations ("1885-03-02") are text to us, not datetime objects.
                return node.value
            return self.constructor.construct_object(node, deep=True)
        if id(node) in self.active:
            raise _fail(self.filename, _mark(node), "recursive alias")
        self.active.add(id(node))
        try:
            if isinstance(node, yaml.SequenceNode) and node.tag == _SEQ_TAG:
                return self.sequence(node, path, marks)
            if isinstance(node, yaml.MappingNode) and node.tag == _MAP_TAG:
                return self.mapping(node, path, marks)
            raise _fail(self.filename, _mark(node), f"unsupported tag {node.tag!r}")
        finally:
            self.active.discard(id(node))

    def sequence(self, node: yaml.SequenceNode, path: Path, marks: dict[Path, Mark]) -> list:
        items = []
        for index, item in enumerate(node.value):
            marks[path + (index,)] = _mark(item)
            items.append(self.node(item, path + (index,), marks))
        return items

    def mapping(self, node: yaml.MappingNode, path: Path, marks: dict[Path, Mark]) -> dict:
        explicit: dict[Any, Any] = {}
        explicit_marks: dict[Path, Mark] = {}
        sources: list[yaml.MappingNode] = []
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE_TAG:
                sources.extend(self.merge_sources(value_node))
                continue
            if not isinstance(key_node, yaml.ScalarNode):
                raise _fail(self.filename, _mark(key_node), "mapping keys must be scalars")
            key = self.node(key_node, path, marks)
            if key in explicit:
                first = next(k for k in explicit if k == key)
                raise self.duplicate(key_node, key, first, explicit_marks[path + (first,)])
            explicit_marks[path + (key,)] = _mark(key_node)
            explicit[key] = self.node(value_node, path + (key,), explicit_marks)
        if not sources:
            marks.update(explicit_marks)
            return explicit
        # YAML merge keys ("<<: *base"): explicit entries win, earlier sources win.
        result: dict[Any, Any] = {}
        for source in sources:
            source_marks: dict[Path, Mark] = {}
            merged = self.node(source, path, source_marks)
            for key, value in merged.items():
                if key in result or key in explicit:
                    continue
                result[key] = value
                prefix = path + (key,)
                marks.update((p, m) for p, m in source_marks.items() if p[: len(prefix)] == prefix)
        result.update(explicit)
        marks.update(explicit_marks)
        return result

    def duplicate(self, node: yaml.Node, key: Any, first: Any, first_mark: Mark) -> RulesError:
        line = first_mark[0]
        if type(key) is type(first):
            problem = f"duplicate key {key!r} (first at line {line})"
        else:  # 1 and true, 0 and false: one key in a Python dict, so never silently merged
            problem = (
                f"key {_show(key)} clashes with key {_show(first)} (first at line {line}); "
                "Python treats them as equal"
            )
        return _fail(self.filename, _mark(node), problem)

    def merge_sources(self, value_node: yaml.Node) -> list[yaml.MappingNode]:
        if isinstance(value_node, yaml.MappingNode):
            return [value_node]
        if isinstance(value_node, yaml.SequenceNode) and all(
            isinstance(n, yaml.MappingNode) for n in value_node.value
        ):
            return list(value_node.value)
        raise _fail(self.filename, _mark(value_node), "'<<' must merge a mapping or a list of mappings")


def load_yaml(text: str, filename: str) -> Sourced:
    """Parse one YAML document whose root is a mapping; every error names file:line:col."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
        if root is None or (isinstance(root, yaml.ScalarNode) and root.tag == _NULL_TAG and root.value == ""):
            raise _fail(filename, (1, 1), "expected a mapping at the top level")
        if not isinstance(root, yaml.MappingNode):
            raise _fail(filename, _mark(root), "expected a mapping at the top level")
        marks: dict[Path, Mark] = {(): _mark(root)}
        data = _Builder(filename).node(root, (), marks)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = exc.problem or exc.context or "invalid YAML"
        if exc.context and exc.problem and exc.context_mark is not None:
            problem += f" ({exc.context} at line {exc.context_mark.line + 1})"
        raise _fail(filename, where, problem) from None
    except yaml.YAMLError as exc:  # unmarked reader errors, e.g. a control character
        raise RulesError(f"{filename}:1:1: {exc}") from None
    return Sourced(data, marks, filename)


# ---------------------------------------------------------------- switches




def _branch_key(switch: dict, value: Any) -> Any:
    """The switch key matching value: exact typed match first, then by written form.

    The fallback lets a quoted YAML key "4" match an integer option 4 and vice versa.
    """
    keys = [k for k in switch if k not in ("by", "default")]
    for key in keys:
        if _same(key, value):
            return key
    for key in keys:
        if _show(key) == _show(value):
            return key
    if "default" in switch:
        return "default"
    raise LookupError


class _Resolver:
    def __init__(self, sourced: Sourced, options: dict):
        self.src = sourced
        self.options = options
        self.marks: dict[Path, Mark] = {}

    def fail(self, path: Path, problem: str) -> RulesError:
        return RulesError(f"{line_of(self.src, path)}: {problem}")

    def option_value(self, name: Any, path: Path) -> Any:
        if not isinstance(name, str) or name not in self.options:
            known = ", ".join(sorted(self.options)) or "(none)"
            raise self.fail(path, f"unknown option {_show(name)!r}; known options: {known}")
        return self.options[name]

    def walk(self, node: Any, src: Path, out: Path) -> Any:
        if src in self.src.marks:
            self.marks[out] = self.src.marks[src]
        if isinstance(node, list):
            return [self.walk(item, src + (i,), out + (i,)) for i, item in enumerate(node)]
        if not isinstance(node, dict):
            return node
        if "by" in node:
            name = node["by"]
            value = self.option_value(name, src)
            try:
                key = _branch_key(node, value)
            except LookupError:
                branches = ", ".join(_show(k) for k in node if k not in ("by", "default"))
                raise self.fail(
                    src,
                    f"option {name!r} is {_show(value)!r} but this switch has no branch "
                    f"for it and no default; branches: {branches or '(none)'}",
                ) from None
            return self.walk(node[key], src + (key,), out)
        if len(node) == 1 and "option" in node:
            return self.option_value(node["option"], src)
        return {k: self.walk(v, src + (k,), out + (k,)) for k, v in node.items()}


def resolve(sourced: Sourced, options: dict) -> Sourced:
    """Replace every switch by the branch the options choose; marks follow the branch."""
    resolver = _Resolver(sourced, options)
    data = resolver.walk(sourced.data, (), ())
    return Sourced(data, resolver.marks, sourced.filename)


# ---------------------------------------------------------------- locations


def line_of(sourced: Sourced, path: Path) -> str:
    """``file:line:col`` of the deepest prefix of path that the file contains."""
    path = tuple(path)
    for end in range(len(path), -1, -1):
        mark = sourced.marks.get(path[:end])
        if mark is not None:
            return f"{sourced.filename}:{mark[0]}:{mark[1]}"
    return f"{sourced.filename}:1:1"


def _format_loc(segments: list[Any]) -> str:
    text = ""
    for seg in segments:
        if isinstance(seg, int) and not isinstance(seg, bool):
            text += f"[{seg}]"
        elif isinstance(seg, str) and seg.startswith("["):
            text += seg  # pydantic's "[key]" marker for a bad dict key
        else:
            text += f".{_show(seg)}" if text else _show(seg)
    return text


def _is_internal(seg: Any, node: Any) -> bool:
    """A loc segment that names pydantic machinery rather than data.

    Discriminated-union members appear under their tag, which is also a value in
    the data (``kind: set`` gives segment ``'set'``); validators appear as
    ``function-after[...]``.
    """
    if not isinstance(seg, str):
        return False
    if seg.startswith("function-") and "[" in seg:
        return True
    return isinstance(node, dict) and any(_same(v, seg) for v in node.values() if isinstance(v, str))


def _locate(sourced: Sourced, loc: tuple) -> tuple[Path, str]:
    node, path, shown = sourced.data, (), []
    for i, seg in enumerate(loc):
        is_index = isinstance(seg, int) and not isinstance(seg, bool)
        if isinstance(node, dict) and seg in node:
            node, path = node[seg], path + (seg,)
        elif isinstance(node, list) and is_index and 0 <= seg < len(node):
            node, path = node[seg], path + (seg,)
        elif i < len(loc) - 1 and _is_internal(seg, node):
            continue
        shown.append(seg)
    return path, _format_loc(shown)


class LocatedValueError(ValueError):
    """A validator's complaint about one part of the data it checks.

    Raise it from a model validator (e.g. a cross-check of the whole file) with the path, relative
    to the model being validated, of the value at fault; :func:`validate` then reports that
    value's line instead of the line where the model starts.
    """

    def __init__(self, message: str, *loc: Any):
        super().__init__(message)
        self.loc = loc


def validate(model_cls: type[BaseModel], sourced: Sourced, context: dict | None = None) -> Any:
    """``model_cls.model_validate`` whose failure is one RulesError, a file:line per problem."""
    try:
        return model_cls.model_validate(sourced.data, context=context)
    except ValidationError as exc:
        lines = []
        for error in exc.errors():
            cause = (error.get("ctx") or {}).get("error")
            loc = tuple(error["loc"]) + tuple(getattr(cause, "loc", ()))
            path, dotted = _locate(sourced, loc)
            prefix = f"{line_of(sourced, path)}: "
            lines.append(prefix + (f"{dotted}: " if dotted else "") + error["msg"])
        raise RulesError("\n".join(lines)) from exc
