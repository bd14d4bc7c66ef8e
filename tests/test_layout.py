"""The layout's rules (docs/architecture.md): no source file over 700 lines, no import circle in
the engine crate, the bindings crate or the `sim` package, and a map that names every package
folder of `sim` and every module of the engine's `houses/engine/`.

An import circle is two modules that reach each other through imports. In Python every import
counts (at the top of a file or inside a function, which only hides a circle), and a package's
`__init__` is a module like any other: a module that imports a name from its own package's
`__init__`, which imports that module back, is a circle. In Rust a child reaching up to its
ancestors (`use super::*`, how Rust shares a folder's helpers with its files) is not counted;
every other import is, a folder's `mod.rs` using its own files included.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_LINES = 700
SOURCES = ("sim", "crates", "tests", "benchmarks", "examples")


def source_files() -> Iterable[Path]:
    for top in SOURCES:
        for ext in ("*.py", "*.rs"):
            for path in (ROOT / top).rglob(ext):
                if "target" not in path.relative_to(ROOT).parts:
                    yield path


def test_no_source_file_is_over_700_lines() -> None:
    long = {
        str(p.relative_to(ROOT)): n
        for p in source_files()
        if (n := len(p.read_text().splitlines())) > MAX_LINES
    }
    assert long == {}, f"split by what each part does (at most {MAX_LINES} lines): {long}"


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


# --- Python -------------------------------------------------------------------------------


def python_modules(package: Path) -> dict[str, Path]:
    """Dotted module name -> file, for every module of the package (`sim.x.__init__` is `sim.x`)."""
    modules = {}
    # A compiled module is known by its stub (`_core.pyi`).
    for path in [*package.rglob("*.py"), *package.rglob("*.pyi")]:
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def python_imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules that `name` imports anywhere in its file."""
    is_package = path.name == "__init__.py"
    here = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()

    def deepest(dotted: str) -> str | None:
        while dotted and dotted not in modules:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    for node in ast.walk(ast.parse(path.read_text())):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = here.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            # `from pkg import mod` imports the module pkg.mod; `from mod import name`, mod.
            targets = [
                f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names
            ]
        for t in targets:
            if (m := deepest(t)) is not None and m != name:
                found.add(m)
    return found


def test_the_sim_package_has_no_import_circle() -> None:
    modules = python_modules(ROOT / "sim")
    graph = {n: python_imports(n, p, modules) for n, p in modules.items()}
    assert cycles(graph) == []


# The layers of `sim`, lowest first (docs/architecture.md): a module imports only from its own
# layer and those below it.
LAYERS = (
    ("sim._core", "sim._version", "sim.games"),
    ("sim.play",),
    ("sim.analysis",),
    ("sim.running",),
    ("sim.reporting",),
    ("sim.api", "sim.cli"),
    ("sim", "sim.__main__"),
)


def layer(module: str) -> int:
    best = max(
        (len(prefix), k)
        for k, prefixes in enumerate(LAYERS)
        for prefix in prefixes
        if module == prefix or module.startswith(prefix + ".")
    )
    return best[1]


def test_each_layer_of_sim_imports_only_the_layers_below_it() -> None:
    modules = python_modules(ROOT / "sim")
    upward = {
        (v, w)
        for v, p in modules.items()
        for w in python_imports(v, p, modules)
        if layer(w) > layer(v)
    }
    assert upward == set()


# --- Rust -----------------------------------------------------------------------------------

_COMMENT = re.compile(r"//[^\n]*")
_PATH = re.compile(r"\b(crate|super)((?:::[A-Za-z_][A-Za-z0-9_]*)+)")
_USE_GROUP = re.compile(r"\buse\s+(crate|super)((?:::[A-Za-z_][A-Za-z0-9_]*)*)::\{([^;]*)\}")
_USE_RELATIVE = re.compile(r"\buse\s+(?:self::)?([a-z_][a-z0-9_]*)::")


def rust_modules(src: Path) -> dict[tuple[str, ...], Path]:
    """Module path (relative to the crate root) -> file."""
    modules = {}
    for path in src.rglob("*.rs"):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] in ("mod", "lib", "main"):
            parts.pop()
        modules[tuple(parts)] = path
    return modules


def rust_imports(
    name: tuple[str, ...], path: Path, modules: dict[tuple[str, ...], Path]
) -> set[tuple[str, ...]]:
    """The crate's modules that `name` names through `crate::` or `super::` paths."""
    text = _COMMENT.sub("", path.read_text())
    paths: list[tuple[str, str]] = []
    for head, tail, group in _USE_GROUP.findall(text):
        # `use crate::a::{b::C, d}`: each member as its own path.
        for member in re.split(r"[,\s]+", re.sub(r"\{[^}]*\}", "", group)):
            if member and member != "self":
                paths.append((head, f"{tail}::{member}"))
    paths += _PATH.findall(text)
    # `use child::Item` in a folder's mod.rs (or lib.rs) names its own file `child`.
    paths += [("self", f"::{m}") for m in _USE_RELATIVE.findall(text) if (*name, m) in modules]
    found = set()
    for head, tail in paths:
        segments = [s for s in tail.split("::") if s]
        base = [] if head == "crate" else list(name)
        if head == "super":  # `super::super::x` climbs two
            base = base[:-1]
            while segments and segments[0] == "super":
                segments.pop(0)
                base = base[:-1]
        target = tuple(base + segments)
        while target and target not in modules:
            target = target[:-1]
        if target != name:
            found.add(target)
    return found


def rust_graph(src: Path) -> dict[str, set[str]]:
    modules = rust_modules(src)

    def up(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
        return a[: len(b)] == b  # b is a's ancestor

    return {
        "::".join(n) or "crate": {
            "::".join(t) or "crate" for t in rust_imports(n, p, modules) if not up(n, t)
        }
        for n, p in modules.items()
    }


def test_the_engine_and_bindings_crates_have_no_import_circle() -> None:
    for crate in ("houses-engine", "houses-py"):
        assert cycles(rust_graph(ROOT / "crates" / crate / "src")) == [], crate


GAMES = ("houses", "battle_cards", "house_of_suits")


def test_core_knows_no_game_and_no_game_imports_another() -> None:
    """What every game shares lives in core/; a game's folder reads core/, never another game's
    (a fourth game is a copy of one folder's shape)."""
    graph = rust_graph(ROOT / "crates" / "houses-engine" / "src")
    crossing = {
        (v, w)
        for v, targets in graph.items()
        for w in targets
        if (top := v.split("::")[0]) in (*GAMES, "core")
        and w.split("::")[0] in GAMES
        and w.split("::")[0] != top
    }
    assert crossing == set()


ARCHITECTURE = ROOT / "docs" / "architecture.md"
ENGINE = ROOT / "crates" / "houses-engine" / "src" / "houses" / "engine"


def doc_section(text: str, heading: str) -> str:
    """The text under `heading`, to the next heading of the same or a higher level."""
    start = text.index(heading) + len(heading)
    level = heading.index(" ")
    end = re.search(rf"^#{{1,{level}}} ", text[start:], re.M)
    return text[start : start + end.start()] if end else text[start:]


def sim_folders_named(section: str) -> set[str]:
    """The folders the map of `sim/` gives a line of their own (path under sim/, then words)."""
    return set(re.findall(r"^(\S+/) +\S", section, re.M))


def engine_modules_named(section: str) -> set[str]:
    """The files listed under `engine/` in the map of the engine: the lines indented beneath it,
    up to the next entry beside it (so a `mod.rs` named elsewhere does not count)."""
    lines = section.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("  engine/"))
    named = set()
    for line in lines[start + 1 :]:
        if re.match(r" {0,2}\S", line):
            break
        if m := re.match(r" {4}(\S+\.rs) +\S", line):
            named.add(m[1])
    return named


def test_the_map_names_every_package_of_sim_and_every_module_of_the_engine() -> None:
    """docs/architecture.md is where a newcomer looks first: a package or an engine module it
    does not name (or names, gone) is one a reader cannot find from it."""
    text = ARCHITECTURE.read_text()
    sim = ROOT / "sim"
    packages = {
        f"{p.parent.relative_to(sim).as_posix()}/"
        for p in sim.rglob("__init__.py")
        if p.parent != sim
    }
    named = sim_folders_named(doc_section(text, "### The Python package (`sim/`)"))
    missing, gone = sorted(packages - named), sorted(named - packages)
    assert missing == [], (
        f"docs/architecture.md does not name these package folders of sim/: {missing} "
        "(give each a line of its own in the map of `sim/`, by its path under sim/)"
    )
    assert gone == [], f"docs/architecture.md names folders sim/ does not have: {gone}"
    modules = {p.name for p in ENGINE.glob("*.rs")}
    named = engine_modules_named(doc_section(text, "### The engine"))
    missing, gone = sorted(modules - named), sorted(named - modules)
    assert missing == [], (
        f"docs/architecture.md does not name these modules of houses/engine/: {missing} "
        "(give each a line under `engine/` in the map of the engine)"
    )
    assert gone == [], f"docs/architecture.md names modules houses/engine/ does not have: {gone}"


def test_the_circle_finder_finds_a_circle_and_a_parent_is_one_unit_with_its_children(
    tmp_path: Path,
) -> None:
    src = tmp_path / "src"
    (src / "a").mkdir(parents=True)
    (src / "lib.rs").write_text("pub mod a;\npub mod b;\n")
    (src / "a" / "mod.rs").write_text("mod c;\nuse c::Thing;\n")
    (src / "a" / "c.rs").write_text("use super::*;\nuse crate::b::{Other, x::Y};\n")
    (src / "b.rs").write_text("// use crate::a::Thing; (a comment)\n")
    assert cycles(rust_graph(src)) == []
    (src / "b.rs").write_text("use crate::a::Thing;\n")
    assert cycles(rust_graph(src)) == [["a", "a::c", "b"]]

    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from pkg.sub.one import f\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "one.py").write_text("def f():\n    from pkg.sub import two\n")
    (pkg / "sub" / "two.py").write_text("import json\n")
    modules = python_modules(pkg)
    graph = {n: python_imports(n, p, modules) for n, p in modules.items()}
    assert cycles(graph) == []
    (pkg / "sub" / "two.py").write_text("def g():\n    from pkg import f\n")
    graph = {n: python_imports(n, p, modules) for n, p in modules.items()}
    assert cycles(graph) == [["pkg", "pkg.sub.one", "pkg.sub.two"]]


if __name__ == "__main__":  # `python tests/test_layout.py`: what the tests above would refuse
    for p in source_files():
        if (n := len(p.read_text().splitlines())) > MAX_LINES:
            print(f"{n:5} lines  {p.relative_to(ROOT)}")
    sim_modules = python_modules(ROOT / "sim")
    sim_graph = {n: python_imports(n, p, sim_modules) for n, p in sim_modules.items()}
    graphs = {"sim": sim_graph}
    for crate in ("houses-engine", "houses-py"):
        graphs[crate] = rust_graph(ROOT / "crates" / crate / "src")
    for label, graph in graphs.items():
        for component in cycles(graph):
            print(f"circle in {label}:")
            for v in component:
                print(f"  {v} -> {sorted(w for w in graph[v] if w in component)}")
