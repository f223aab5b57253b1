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
Data merged from several files (a file that ``extends`` another,
:mod:`cardcore.extends`) keeps, per path, the file that says it.

Two tags serve a file that extends another, and mean nothing elsewhere:
``!remove`` (an inherited key, or the item of a named list, is removed) and
``!replace`` (this mapping or list replaces the inherited one whole instead of
being merged into it). They are read as :class:`Remove` and :class:`Replace`.

Rules files come from people and from third-party plugins, so loading is
bounded: nesting deeper than :data:`MAX_DEPTH` (PyYAML's composer recurses and
would exhaust Python's stack), aliases that expand to more than
:data:`MAX_ALIAS_NODES` nodes (nine lines of aliases of aliases expand to 9**9
nodes: the "billion laughs"), integers Python cannot print, bytes that are not
UTF-8 and characters YAML forbids are each refused with ``file:line:col``.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
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
_INT_TAG = "tag:yaml.org,2002:int"

MAX_DEPTH = 64
"""Deepest nesting of lists and mappings, aliases expanded (the rules files need under 10)."""

MAX_ALIAS_NODES = 10_000
"""Most nodes that aliases may add to a document, all aliases together."""

# YAML's line breaks, as PyYAML's marks count them
_LINE_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")


@dataclass(frozen=True)
class Sourced:
    """Plain data plus the 1-based (line, column) of every path in it.

    ``files`` names, for the paths merged in from another file, that file (every other path is
    in ``filename``); ``bases`` are the files ``filename`` extends, the nearest first."""

    data: Any
    marks: dict[Path, Mark]
    filename: str
    files: dict[Path, str] = field(default_factory=dict)
    bases: tuple[str, ...] = ()

    def file_of(self, path: Path) -> str:
        return self.files.get(path, self.filename)


REMOVE_TAG = "!remove"
REPLACE_TAG = "!replace"


@dataclass(frozen=True)
class Remove:
    """``!remove``: the inherited value is removed; ``name`` is the item's name in a named list
    (``- !remove deals``), empty for a key (``batches: !remove``)."""

    name: str


@dataclass(frozen=True)
class Replace:
    """``!replace``: this mapping or list replaces the inherited one whole."""

    value: Any


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
        if node.tag in (REMOVE_TAG, REPLACE_TAG):
            return self.inheritance_tag(node, path, marks)
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node)
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

    def inheritance_tag(self, node: yaml.Node, path: Path, marks: dict[Path, Mark]) -> Remove | Replace:
        if node.tag == REMOVE_TAG:
            if not isinstance(node, yaml.ScalarNode):
                raise _fail(self.filename, _mark(node), "!remove takes no value, or the name of a list's item")
            return Remove(node.value)
        if isinstance(node, yaml.ScalarNode):
            raise _fail(self.filename, _mark(node), "!replace marks a mapping or a list (a plain value replaces anyway)")
        tag = _MAP_TAG if isinstance(node, yaml.MappingNode) else _SEQ_TAG
        plain = type(node)(tag, node.value, node.start_mark, node.end_mark, node.flow_style)
        return Replace(self.node(plain, path, marks))

    def scalar(self, node: yaml.ScalarNode) -> Any:
        if node.tag == _TIMESTAMP_TAG:
            # Dates in citations ("1885-03-02") are text to us, not datetime objects.
            return node.value
        try:
            value = self.constructor.construct_object(node, deep=True)
        except yaml.YAMLError:
            raise  # marked already; load_yaml words it
        except (ValueError, LookupError, TypeError, ArithmeticError) as exc:
            # an explicit tag on text it cannot read ("!!int ten", "!!bool maybe"), or an
            # integer past Python's limit on digits
            raise _fail(self.filename, _mark(node), self.unreadable(node, exc)) from None
        if isinstance(value, int) and not isinstance(value, bool) and _too_long(value):
            # 0x... is read without the limit on digits, but could not be printed in a message
            raise _fail(self.filename, _mark(node), _too_long_problem())
        return value

    def unreadable(self, node: yaml.ScalarNode, exc: Exception) -> str:
        if node.tag == _INT_TAG and _decimal_digits(node.value) > _digit_limit():
            return _too_long_problem()
        tag = node.tag.rpartition(":")[2] if node.tag.startswith("tag:yaml.org,2002:") else node.tag
        text = node.value if len(node.value) <= 40 else node.value[:40] + "..."
        return f"cannot read {text!r} as {tag}" + (f" ({exc})" if isinstance(exc, ValueError) else "")

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
            if key_node.tag in (REMOVE_TAG, REPLACE_TAG):
                raise _fail(self.filename, _mark(key_node), f"{key_node.tag} marks a value, not a key")
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
        depth = len(path)
        for source in sources:
            source_marks: dict[Path, Mark] = {}
            merged = self.node(source, path, source_marks)
            taken = [key for key in merged if key not in result and key not in explicit]
            result.update((key, merged[key]) for key in taken)
            # one pass over the marks: a pass per key would be quadratic in a large mapping
            kept = set(taken)
            marks.update((p, m) for p, m in source_marks.items() if p[depth] in kept)
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


class _BoundedLoader(yaml.SafeLoader):
    """PyYAML's safe loader, composing with limits on nesting depth and on alias expansion.

    An alias composes to the very node its anchor names, so the node graph stays as small as the
    text; it is walking the graph that expands it. Each collection's size and height with aliases
    expanded are therefore known once it is composed, and each alias is charged for them, at the
    alias: the document is refused before anything is expanded.
    """

    def __init__(self, stream: str):
        super().__init__(stream)
        self.depth = 0  # collections around the node being composed
        self.extent: dict[int, tuple[int, int]] = {}  # id(collection) -> (nodes, height), expanded
        self.alias_nodes = 0

    def compose_node(self, parent: Any, index: Any) -> yaml.Node:
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            node = super().compose_node(parent, index)
            # an anchor still being composed (a recursive alias) has no extent yet: the walk
            # reports it
            nodes, height = self.extent.get(id(node), (1, 1))
            self.alias_nodes += nodes
            if self.alias_nodes > MAX_ALIAS_NODES:
                raise yaml.composer.ComposerError(
                    None, None,
                    f"alias *{event.anchor}: aliases expand to more than {MAX_ALIAS_NODES} "
                    "nodes in all (aliases of aliases multiply)",
                    event.start_mark)
            if self.depth + height > MAX_DEPTH:
                raise yaml.composer.ComposerError(
                    None, None, f"alias *{event.anchor} nests the document more than "
                    f"{MAX_DEPTH} levels deep", event.start_mark)
            return node
        if self.depth >= MAX_DEPTH:
            raise yaml.composer.ComposerError(
                None, None, f"nested more than {MAX_DEPTH} levels deep", event.start_mark)
        self.depth += 1
        node = super().compose_node(parent, index)
        self.depth -= 1
        if isinstance(node, yaml.SequenceNode):
            children = node.value
        elif isinstance(node, yaml.MappingNode):
            children = [child for pair in node.value for child in pair]
        else:
            return node
        extents = [self.extent.get(id(child), (1, 1)) for child in children]
        self.extent[id(node)] = (
            1 + sum(nodes for nodes, _ in extents), 1 + max((height for _, height in extents), default=0))
        return node


def _digit_limit() -> int:
    return sys.get_int_max_str_digits() or sys.maxsize  # 0: no limit


def _decimal_digits(text: str) -> int:
    return sum(c.isdigit() for c in text)


def _too_long(value: int) -> bool:
    limit = _digit_limit()
    # bit_length first: 10**limit is built only for integers already near it
    return value.bit_length() > 3 * limit and abs(value) >= 10**limit


def _too_long_problem() -> str:
    return f"integer too long: more than {_digit_limit()} digits"


def _mark_at(text: str, position: int) -> Mark:
    """The (line, column) of a character offset, counted as PyYAML's marks count them."""
    line, start = 1, 0
    for brk in _LINE_BREAK.finditer(text, 0, position):
        line, start = line + 1, brk.end()
    return (line, position - start + 1)


def decode(data: bytes, filename: str) -> str:
    """A rules file's bytes as text; bytes that are not UTF-8 are named with their place."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[: exc.start].decode("utf-8")
        line, col = _mark_at(before, len(before))
        bad = data[exc.start : exc.end].hex(" ")
        raise RulesError(
            f"{filename}:{line}:{col}: not UTF-8: byte(s) {bad} at byte offset {exc.start} ({exc.reason})"
        ) from None


def load_yaml(text: str | bytes, filename: str) -> Sourced:
    """Parse one YAML document whose root is a mapping; every error names file:line:col.

    Bytes are read as UTF-8.
    """
    if isinstance(text, bytes):
        text = decode(text, filename)
    try:
        root = yaml.compose(text, Loader=_BoundedLoader)
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
    except yaml.reader.ReaderError as exc:  # a character YAML forbids, e.g. NUL
        problem = f"character #x{exc.character:04x} is not allowed in YAML ({exc.reason})"
        raise _fail(filename, _mark_at(text, exc.position), problem) from None
    except yaml.YAMLError as exc:
        raise _fail(filename, (1, 1), " ".join(str(exc).split())) from None
    return Sourced(data, marks, filename)


# ---------------------------------------------------------------- switches




def branch_matches(key: Any, value: Any) -> bool:
    """Whether a switch key stands for an option value: typed equality, or the same written form.

    The written form lets a quoted YAML key "4" match an integer option 4 and vice versa.
    """
    return _same(key, value) or _show(key) == _show(value)


def _branch_key(switch: dict, value: Any) -> Any:
    """The switch key matching value: exact typed match first, then by written form."""
    keys = [k for k in switch if k not in ("by", "default")]
    for key in keys:
        if _same(key, value):
            return key
    for key in keys:
        if branch_matches(key, value):
            return key
    if "default" in switch:
        return "default"
    raise LookupError


def switches(data: Any, path: Path = ()) -> Iterator[tuple[Path, Any, list[Any]]]:
    """Every switch in data, chosen or not: (its path, the option it is by, its branch keys)."""
    if isinstance(data, list):
        for index, item in enumerate(data):
            yield from switches(item, path + (index,))
    elif isinstance(data, dict):
        if "by" in data:
            yield path, data["by"], [k for k in data if k not in ("by", "default")]
        for key, value in data.items():
            if key != "by":
                yield from switches(value, path + (key,))


class _Resolver:
    def __init__(self, sourced: Sourced, options: dict):
        self.src = sourced
        self.options = options
        self.marks: dict[Path, Mark] = {}
        self.files: dict[Path, str] = {}

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
            if src in self.src.files:
                self.files[out] = self.src.files[src]
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
    return Sourced(data, resolver.marks, sourced.filename, resolver.files, sourced.bases)


# ---------------------------------------------------------------- locations


def line_of(sourced: Sourced, path: Path) -> str:
    """``file:line:col`` of the deepest prefix of path that the file contains (in the file that
    says it, where the data was merged from several)."""
    path = tuple(path)
    for end in range(len(path), -1, -1):
        mark = sourced.marks.get(path[:end])
        if mark is not None:
            return f"{sourced.file_of(path[:end])}:{mark[0]}:{mark[1]}"
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


def _unknown_kind(sourced: Sourced, loc: tuple, ctx: dict) -> tuple[tuple, str]:
    """A kind (or step) no registered schema takes: the error names the key that says it, at its
    own line, and the kinds there are, rather than pydantic's words for the union it tried."""
    path, _ = _locate(sourced, loc)
    node = sourced.data
    for seg in path:
        node = node[seg]
    tag = ctx.get("tag")
    key = next((k for k, v in node.items() if v == tag), None) if isinstance(node, dict) else None
    where = path + (key,) if key is not None else path
    return where, f"{tag!r} is not one of the kinds there are: {ctx.get('expected_tags')}"


def validate(model_cls: type[BaseModel], sourced: Sourced, context: dict | None = None) -> Any:
    """``model_cls.model_validate`` whose failure is one RulesError, a file:line per problem."""
    try:
        return model_cls.model_validate(sourced.data, context=context)
    except ValidationError as exc:
        lines = []
        for error in exc.errors():
            cause = (error.get("ctx") or {}).get("error")
            loc = tuple(error["loc"]) + tuple(getattr(cause, "loc", ()))
            message = error["msg"]
            if error["type"] == "union_tag_invalid":
                loc, message = _unknown_kind(sourced, loc, error["ctx"])
            path, dotted = _locate(sourced, loc)
            prefix = f"{line_of(sourced, path)}: "
            lines.append(prefix + (f"{dotted}: " if dotted else "") + message)
        raise RulesError("\n".join(lines)) from exc
