"""Reading YAML that a moderator wrote (case files, scenarios) without letting
the file hold the bot: bounded size, aliases, expanded size and nesting, and
only finite numbers of a sane size.

PyYAML shares one object for every use of an alias, so a "billion laughs"
file composes quickly but every later walk over it (pydantic, a deep copy, a
dump) visits each use: 600 bytes become 10⁹ nodes.  The composer below counts
the nodes the document would have with every alias expanded and stops at a
limit; it also stops nesting before Python's recursion limit does."""

from __future__ import annotations

import math
from typing import Any

import yaml
from yaml.events import AliasEvent, MappingStartEvent, SequenceStartEvent

MAX_BYTES = 2_000_000
MAX_ALIASES = 100
MAX_NODES = 200_000  # with every alias expanded; the largest shipped case has about 300
MAX_DEPTH = 50
MAX_NUMBER = 1e9  # no count, coordinate or id in a case or scenario comes near this


class YamlLimitError(ValueError):
    """The file is valid YAML but breaks a limit; the message names file and place."""


class _BoundedLoader(yaml.SafeLoader):
    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0
        self._aliases = 0
        self._sizes: dict[int, int] = {}

    def compose_node(self, parent, index):  # noqa: ANN001 - PyYAML's signature
        event = self.peek_event()
        if isinstance(event, AliasEvent):
            self._aliases += 1
            if self._aliases > MAX_ALIASES:
                raise YamlLimitError(f"{_where(event)}: more than {MAX_ALIASES} aliases (*name); "
                                     "write the repeated entries out")
        opens = isinstance(event, (MappingStartEvent, SequenceStartEvent))
        if opens:
            self._depth += 1
            if self._depth > MAX_DEPTH:
                raise YamlLimitError(f"{_where(event)}: nested more than {MAX_DEPTH} levels deep")
        node = super().compose_node(parent, index)
        if opens:
            self._depth -= 1
        self._count(node, event)
        return node

    def _count(self, node, event) -> None:  # noqa: ANN001
        """The node's size with aliases expanded: each child's size is known by
        now (an alias points at a node composed earlier), so this is linear."""
        if id(node) in self._sizes:
            return
        if isinstance(node, yaml.MappingNode):
            children = [n for pair in node.value for n in pair]
        elif isinstance(node, yaml.SequenceNode):
            children = node.value
        else:
            children = []
        size = 1 + sum(self._sizes.get(id(child), 1) for child in children)
        if size > MAX_NODES:
            raise YamlLimitError(f"{_where(event)}: the document expands to more than {MAX_NODES} "
                                 "values (aliases repeated inside aliases?)")
        self._sizes[id(node)] = size


def _where(event) -> str:  # noqa: ANN001
    mark = event.start_mark
    return f"line {mark.line + 1}, column {mark.column + 1}"


def load_yaml(text: str, source: str) -> Any:
    """Parse one YAML document; YamlLimitError or yaml.YAMLError name ``source``."""
    if len(text) > MAX_BYTES:
        raise YamlLimitError(f"{source}: {len(text)} characters; a case or scenario file has at most {MAX_BYTES}")
    loader = _BoundedLoader(text)
    try:
        data = loader.get_single_data()
    except YamlLimitError as exc:
        raise YamlLimitError(f"{source}: {exc}") from None
    except ValueError as exc:  # int() refuses an integer of more than 4300 digits
        raise YamlLimitError(f"{source}: a number too long to read ({exc})") from None
    finally:
        loader.dispose()
    problems = list(_number_problems(data, ""))
    if problems:
        raise YamlLimitError("\n".join(f"{source}: {p}" for p in problems[:20]))
    return data


def _number_problems(node: Any, path: str):
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _number_problems(value, f"{path}.{key}" if path else str(key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _number_problems(value, f"{path}.{index}" if path else str(index))
    elif isinstance(node, bool):
        return
    elif isinstance(node, float) and not math.isfinite(node):
        yield f"{path or 'top level'}: {node} is not a number; write a finite number"
    elif isinstance(node, (int, float)) and abs(node) > MAX_NUMBER:
        yield f"{path or 'top level'}: {node:g} is out of range (at most {MAX_NUMBER:g} either way)"
