"""Dependencies point one way: command line → use cases → storage and
presentation → games → the kit games show themselves with → core.

Every module of the package is parsed, and every import it makes is an edge of the module
graph: at the top or inside a function (a lazy import runs too, just later), `import x`,
`from x import y`, `from . import y` and `importlib.import_module("adjudicator.…")`. Imports
under `if TYPE_CHECKING:` never run, so they are left out. A module may import its own layer
or lower ones, and no modules may import each other in a circle.

The violations not yet fixed are listed in KNOWN and KNOWN_CYCLES, each with why it is still
there. The test fails on a violation not listed, and on a listed one that no longer occurs,
so the lists can only shrink.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "adjudicator"

CORE, KIT, GAMES, OUTER, USE, COMMAND = range(6)
LAYER_NAMES = ("core", "kit", "games", "storage and presentation", "use cases", "command line")

# module -> (layer, why it sits there). A name ending in ".*" covers a package and all below it.
LAYERS: dict[str, tuple[int, str]] = {
    # 0 core: replay, clocks, the game protocol and its data types; no I/O, no English (the aim).
    "adjudicator": (CORE, "the package itself: its version, nothing else"),
    "adjudicator.errors": (CORE, "the exception types every layer raises; imports nothing"),
    "adjudicator.names": (CORE, "which display names look alike, pure Unicode; the engine names players by it"),
    "adjudicator.lexicon": (CORE, "data types of Game.lexicon, part of the game protocol; reading depends on it"),
    "adjudicator.clock": (CORE, "chess clocks from the entries' timestamps (G-7); the engine runs them"),
    "adjudicator.game": (CORE, "the game protocol Game[S] and its data types (Event, Illegal, Turn, Phase...)"),
    "adjudicator.engine": (CORE, "the replay: a match is its log replayed through a game"),
    # 1 kit: the vocabulary games describe themselves in; knows no game, reads no file.
    "adjudicator.blocks": (KIT, "board blocks (Para, Table...) that Game.board_blocks returns, and text hygiene"),
    "adjudicator.formats.*": (KIT, "the text formats, one module each, their registry and the --format choices"),
    "adjudicator.render": (KIT, "renders blocks in a format; where the rest imports blocks and helpers from"),
    "adjudicator.wording": (KIT, "sentences from events and refusals; games plug their word tables into it"),
    "adjudicator.picture": (KIT, "the SVG Canvas and colours that Game.draw_board draws on"),
    # 2 games: the rules of each game, built on the core and the kit.
    "adjudicator.games.*": (GAMES, "one module or package per game, its words and its picture"),
    # 3 storage and presentation: files, rulesets, schemas, finding games; views of a replay.
    "adjudicator.paths": (OUTER, "where rulesets, schemas and game plug-ins are on disk"),
    "adjudicator.registry": (OUTER, "loads a game's class from the game search path (built-in or plug-in file)"),
    "adjudicator.fastschema": (OUTER, "compiled JSON Schema predicates, used only by schemas"),
    "adjudicator.schemas": (OUTER, "loads the JSON Schemas and words their errors, for files and moves"),
    "adjudicator.bounded": (OUTER, "limits on what hostile files may make the readers build"),
    "adjudicator.ranges": (OUTER, "checks ruleset parameters against their declared ranges, for rulesets"),
    "adjudicator.rulesets": (OUTER, "reads YAML rulesets from disk and resolves `extends`"),
    "adjudicator.files": (OUTER, "reads a regular file within a size limit, for every reader of user files"),
    "adjudicator.jsonstream": (OUTER, "reads a JSON object's members and one list's items piece by piece"),
    "adjudicator.matchfile": (OUTER, "reads, checks and writes match files"),
    "adjudicator.links": (OUTER, "the private links of a match: token hashes in a file beside it (serve)"),
    "adjudicator.chain": (OUTER, "the audited log's hash chain over a match file's entries: heads, commitments, verifying (G-9)"),
    "adjudicator.dice": (OUTER, "writes and reads the private seed file and draws from it (G-8)"),
    "adjudicator.outputs": (OUTER, "writes what a command was asked to write (-o, --out)"),
    "adjudicator.when": (OUTER, "reads times as people write them (--at, pasted posts)"),
    "adjudicator.reading": (OUTER, "reads a move as a player posted it"),
    "adjudicator.views": (OUTER, "result objects and boards from a replayed match, public or for a player"),
    "adjudicator.match_picture": (OUTER, "the picture of a whole match: banner, header, then the game's drawing"),
    "adjudicator.page": (OUTER, "the HTML page of a match, from its views and pictures"),
    "adjudicator.present": (OUTER, "what the commands print: a use case's result as text (stdout and stderr)"),
    # 4 use cases: what the commands do with a match.
    "adjudicator.session": (USE, "replay, append, create a match, verify its dice"),
    "adjudicator.paste": (USE, "enters many pasted posts at once"),
    "adjudicator.check": (USE, "batch checks of many match files"),
    "adjudicator.simulate": (USE, "self-play of whole matches by bots"),
    "adjudicator.posting": (USE, "the `post` command: one post per update and the file's memory of it"),
    "adjudicator.usecases.*": (USE, "one module per command (or a few alike): options in, a result out, no printing"),
    # 5 command line.
    "adjudicator.cli": (COMMAND, "parses options, calls the use cases, prints"),
    "adjudicator.__main__": (COMMAND, "`python -m adjudicator`"),
    "adjudicator.web.*": (COMMAND, "`serve`: HTTP routes and pages that call the use cases, as the command line does"),
}

# (importer, imported) -> why the import against the direction is still there (to do).
KNOWN: dict[tuple[str, str], str] = {
}

# Circles of modules importing each other (each a sorted tuple) -> why still there.
KNOWN_CYCLES: dict[tuple[str, ...], str] = {
}


@dataclass(frozen=True)
class Edge:
    """One import: who imports what, where, and whether at the top of the module."""

    source: str
    target: str
    line: int
    lazy: bool

    def __str__(self) -> str:
        where = "inside a function" if self.lazy else "at the top"
        return f"{self.source} imports {self.target} ({self.source}:{self.line}, {where})"


def module_files() -> dict[str, tuple[Path, bool]]:
    """Every module of the package: its dotted name -> (file, whether it is a package)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        found[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return found


def is_type_checking(node: ast.AST) -> bool:
    """Whether `node` is an `if TYPE_CHECKING:` test, whose imports never run."""
    test = node.test if isinstance(node, ast.If) else None
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def absolute(module: str, is_package: bool, level: int, name: str | None) -> str:
    """The absolute name of `from <level dots><name> import ...` written in `module`."""
    if not level:
        return name or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[:len(base) - (level - 1)]
    return ".".join(base + ([name] if name else []))


def imported_names(node: ast.AST, module: str, is_package: bool) -> list[str]:
    """The dotted names one statement or call imports (a `from` gives both the module and
    module.name, since the name may be a submodule)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom):
        base = absolute(module, is_package, node.level, node.module)
        return [f"{base}.{alias.name}" for alias in node.names]
    if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
        func = node.func
        called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if called == "import_module" and isinstance(node.args[0].value, str):
            return [node.args[0].value]
    return []


def owner(name: str, modules: dict[str, tuple[Path, bool]]) -> str | None:
    """The module a dotted name lives in: `adjudicator.engine.Game` -> `adjudicator.engine`."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def ancestors(name: str) -> list[str]:
    """The packages Python imports before `name`: `a.b.c` -> [`a`, `a.b`]."""
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def edges_of(module: str, path: Path, is_package: bool, modules: dict[str, tuple[Path, bool]]) -> set[Edge]:
    """Every run-time import `module` makes of the package's modules: the module named and each
    package above it that the importer is not itself inside (its __init__ runs first)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[Edge] = set()

    def visit(node: ast.AST, lazy: bool) -> None:
        if is_type_checking(node):
            return
        for name in imported_names(node, module, is_package):
            target = owner(name, modules) if name.startswith("adjudicator") else None
            for hit in ([] if target is None else ancestors(target) + [target]):
                if hit != module and hit not in ancestors(module):
                    found.add(Edge(module, hit, node.lineno, lazy))
        inner = lazy or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        for child in ast.iter_child_nodes(node):
            visit(child, inner)

    visit(tree, False)
    return found


def import_graph() -> list[Edge]:
    """Every import edge in the package, one per statement."""
    modules = module_files()
    return sorted((edge for name, (path, pkg) in modules.items() for edge in edges_of(name, path, pkg, modules)),
                  key=lambda e: (e.source, e.target, e.line))


def layer_of(module: str) -> int | None:
    """The layer LAYERS gives `module`, by its own name or the nearest `package.*` above it."""
    if module in LAYERS:
        return LAYERS[module][0]
    return next((LAYERS[f"{pkg}.*"][0] for pkg in reversed(ancestors(module) + [module]) if f"{pkg}.*" in LAYERS),
                None)


def upward(edges: list[Edge]) -> dict[tuple[str, str], list[Edge]]:
    """The imports of a higher layer by a lower one, by (importer, imported)."""
    found: dict[tuple[str, str], list[Edge]] = {}
    for edge in edges:
        source, target = layer_of(edge.source), layer_of(edge.target)
        if source is not None and target is not None and target > source:
            found.setdefault((edge.source, edge.target), []).append(edge)
    return found


def cycles(edges: list[Edge]) -> list[tuple[str, ...]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    graph: dict[str, set[str]] = {}
    for edge in edges:
        graph.setdefault(edge.source, set()).add(edge.target)
        graph.setdefault(edge.target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[tuple[str, ...]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                found.append(tuple(sorted(part)))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return sorted(found)


def describe(pair: tuple[str, str], edges: list[Edge]) -> str:
    """One line per import against the direction, with the layers named."""
    source, target = (LAYER_NAMES[layer_of(m) or 0] for m in pair)
    return f"{pair[0]} ({source}) imports {pair[1]} ({target}) at line(s) {', '.join(str(e.line) for e in edges)}"


# --- The tests ----------------------------------------------------------------------------

def test_every_module_has_a_layer():
    missing = [name for name in module_files() if layer_of(name) is None]
    assert not missing, f"give these modules a layer in LAYERS: {missing}"


def test_the_map_names_only_modules_that_exist():
    modules = module_files()
    stale = [name for name in LAYERS if name.removesuffix(".*") not in modules]
    assert not stale, f"LAYERS names modules that are gone: {stale}"


def test_the_graph_sees_lazy_and_relative_imports():
    """The parser itself: a lazy import is found, a TYPE_CHECKING one is not."""
    edges = import_graph()
    lazy = {(e.source, e.target) for e in edges if e.lazy}
    assert ("adjudicator.cli", "adjudicator.present") in lazy
    assert ("adjudicator.__main__", "adjudicator.cli") in {(e.source, e.target) for e in edges}
    assert ("adjudicator.games.tug_of_war.words", "adjudicator.games.tug_of_war.rules") not in \
        {(e.source, e.target) for e in edges}
    assert absolute("adjudicator.games.tug_of_war.game", False, 1, "words") == "adjudicator.games.tug_of_war.words"
    assert absolute("adjudicator.games.tug_of_war", True, 1, None) == "adjudicator.games.tug_of_war"
    assert absolute("adjudicator.games.arrowbic", False, 2, "engine") == "adjudicator.engine"
    call = ast.parse('importlib.import_module("adjudicator.views")').body[0].value
    assert imported_names(call, "adjudicator.cli", False) == ["adjudicator.views"]


def test_imports_point_down_the_layers():
    found = upward(import_graph())
    new = [describe(pair, edges) for pair, edges in found.items() if pair not in KNOWN]
    assert not new, "imports against the layers:\n" + "\n".join(new)


def test_known_layer_violations_still_occur():
    """KNOWN only shrinks: an entry fixed must leave the list."""
    gone = [pair for pair in KNOWN if pair not in upward(import_graph())]
    assert not gone, f"fixed, so take them out of KNOWN: {gone}"


def test_no_import_cycles():
    found = cycles(import_graph())
    new = [part for part in found if part not in KNOWN_CYCLES]
    assert not new, "modules that import each other in a circle:\n" + "\n".join(" ↔ ".join(p) for p in new)


def test_known_cycles_still_occur():
    gone = [part for part in KNOWN_CYCLES if part not in cycles(import_graph())]
    assert not gone, f"fixed, so take them out of KNOWN_CYCLES: {gone}"
