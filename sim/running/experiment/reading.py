"""Reading an experiment file's YAML: its data and the line of each key; a file that cannot be
read, is not UTF-8 or not YAML, repeats a key or expands too far is one problem, at its line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from sim.running.experiment.schema import ExperimentError


def _line_map(node: yaml.Node, loc: tuple = (), out: dict | None = None) -> dict[tuple, int]:
    """Map each key path of the document to its (1-based) line."""
    out = {} if out is None else out
    out.setdefault(loc, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            key = k.value
            out[loc + (key,)] = k.start_mark.line + 1
            _line_map(v, loc + (key,), out)
            out[loc + (key,)] = k.start_mark.line + 1
    elif isinstance(node, yaml.SequenceNode):
        for i, v in enumerate(node.value):
            _line_map(v, loc + (i,), out)
    return out


def _read(path: Path) -> tuple[yaml.Node | None, Any]:
    """The file's YAML node tree and its data. ExperimentError for a file that cannot be read,
    is not UTF-8 or not YAML, repeats a key in a mapping (YAML would keep the last silently),
    or whose aliases expand it beyond MAX_VALUES values (a few hundred bytes of nested aliases
    expand to billions)."""
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise ExperimentError([f"{path}: cannot read: {e.strerror}"]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw.count(b"\n", 0, e.start) + 1
        raise ExperimentError(
            [
                f"{path}:{line}: not UTF-8 text (byte 0x{raw[e.start]:02x} at offset {e.start}); "
                "save the file as UTF-8"
            ]
        ) from None
    try:
        # The reader checks the characters as the loader is made: inside the `try`.
        loader = yaml.SafeLoader(text)
    except yaml.YAMLError as e:
        raise ExperimentError([_yaml_problem(path, text, e)]) from None
    try:
        node = loader.get_single_node()
        if node is not None:
            _check_size(path, node)
            _check_duplicates(path, node)
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as e:
        raise ExperimentError([_yaml_problem(path, text, e)]) from None
    except RecursionError:
        raise ExperimentError(
            [f"{path}: lists or mappings nested too deeply (experiments need a few levels)"]
        ) from None
    finally:
        loader.dispose()
    return node, data


def _yaml_problem(path: Path, text: str, e: yaml.YAMLError) -> str:
    """PyYAML's error in one line, at the line of the problem (its own text spans several,
    with a copy of the line and a caret)."""
    if isinstance(e, yaml.reader.ReaderError):
        line = text.count("\n", 0, e.position) + 1
        char = f"#x{e.character:04x}" if isinstance(e.character, int) else repr(e.character)
        return f"{path}:{line}: not valid YAML: character {char}: {e.reason}"
    if isinstance(e, yaml.MarkedYAMLError):
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else 1
        where = [f"column {mark.column + 1}"] if mark else []
        if e.context:
            at = f" from line {e.context_mark.line + 1}" if e.context_mark else ""
            where.append(f"{e.context}{at}")
        what = e.problem or e.context or "not valid"
        return f"{path}:{line}: not valid YAML: {what} ({'; '.join(where)})"
    return f"{path}:1: not valid YAML: {' '.join(str(e).split())}"


def read_yaml(path: Path) -> Any:
    """A YAML file's data, read with the same checks as an experiment file (UTF-8, no repeated
    key, no alias bomb, no absurd nesting). ExperimentError naming the file and line."""
    return _read(path)[1]


# The most values (scalars, lists, mappings) a file may hold once its aliases are expanded:
# experiments are a few hundred.
MAX_VALUES = 10_000


def _check_size(path: Path, root: yaml.Node) -> None:
    """Walk the node tree with aliases expanded, stopping at MAX_VALUES values."""
    count, stack = 0, [root]
    while stack:
        node = stack.pop()
        count += 1
        if count > MAX_VALUES:
            raise ExperimentError(
                [
                    f"{path}:{node.start_mark.line + 1}: the file expands to more than "
                    f"{MAX_VALUES} values through YAML aliases (*name); write the values out "
                    "or use fewer aliases"
                ]
            )
        if isinstance(node, yaml.MappingNode):
            stack.extend(v for kv in node.value for v in kv)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)


def _check_duplicates(path: Path, root: yaml.Node) -> None:
    """Every key given twice in one mapping, at the line of its second occurrence."""
    problems: list[str] = []
    seen_nodes: set[int] = set()

    def walk(node: yaml.Node, loc: tuple) -> None:
        if id(node) in seen_nodes:  # an alias: checked where its anchor is
            return
        seen_nodes.add(id(node))
        if isinstance(node, yaml.MappingNode):
            first: dict[Any, int] = {}
            for k, v in node.value:
                key = k.value if isinstance(k, yaml.ScalarNode) else None
                line = k.start_mark.line + 1
                if key is not None and key in first:
                    dotted = ".".join(
                        f"[{p}]" if isinstance(p, int) else str(p) for p in loc + (key,)
                    ).replace(".[", "[")
                    problems.append(
                        f"{path}:{line}: key '{dotted}': given twice in one mapping (first at "
                        f"line {first[key]}); give each key once"
                    )
                first.setdefault(key, line)
                walk(v, loc + (key,))
        elif isinstance(node, yaml.SequenceNode):
            for i, v in enumerate(node.value):
                walk(v, loc + (i,))

    walk(root, ())
    if problems:
        raise ExperimentError(problems)
