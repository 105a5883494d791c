"""The tree keeps the shape docs/architecture.md draws: the layers (no import runs back up one, even inside
a function), no import cycle at module level and at most one circle in the whole graph, nothing below
``Memory`` imports it back, agent/ modules on their declared side, no top-level module beyond the allowed
ones, and every module of ``src/mdrecall`` named in the map."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from mdrecall import agent

SRC = Path(__file__).resolve().parents[1] / "src" / "mdrecall"
DOC = Path(__file__).resolve().parents[1] / "docs" / "architecture.md"


def _name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_name(p): p for p in SRC.rglob("*.py")}

#: The layers of docs/architecture.md, bottom (0) to top, by top-level package or module of ``mdrecall``.
#: A module may import its own layer and those below, never one above (``if TYPE_CHECKING:`` aside).
#: ``__init__`` is the package itself: public names imported on first use, nothing at import time.
LAYERS: dict[str, int] = {
    "__init__": 0,
    "errors": 0,
    "models": 0,
    "records": 0,
    "text": 1,
    "config": 1,
    "plugins": 1,
    "request": 1,
    "files": 2,
    "stores": 2,
    "embedders": 2,
    "rerankers": 2,
    "knowledge": 3,
    "index": 4,
    "search": 5,
    "capture": 5,
    "dreaming": 5,
    "backends": 6,
    "forget": 6,
    "memory": 7,
    "services": 8,
    "agent": 8,
    "cli": 9,
    "mcp": 9,
    "ui": 9,
    "__main__": 9,
}

#: The modules allowed directly in ``src/mdrecall`` (everything else lives in a layer package).
TOP_LEVEL_MODULES = {"__init__", "__main__", "memory", "request", "models", "records", "errors"}
MAX_TOP_LEVEL_MODULES = 12

#: The most modules one package may hold beside its ``__init__`` (a package past it is split by job).
MAX_MODULES_PER_PACKAGE = 40

#: Circles (strongly connected components of more than one module) the whole import graph may hold.
MAX_CIRCLES = 1


def layer(module: str) -> int:
    """The layer of ``module`` (``mdrecall.search.runner`` → the layer of ``search``)."""
    parts = module.split(".")
    return LAYERS[parts[1] if len(parts) > 1 else "__init__"]


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _target(module: str, node: ast.ImportFrom | ast.Import) -> set[str]:
    if isinstance(node, ast.Import):
        return {a.name for a in node.names}
    pkg = module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]
    if node.level:
        base = pkg.split(".")[: len(pkg.split(".")) - node.level + 1]
        origin = ".".join(base + ([node.module] if node.module else []))
    else:
        origin = node.module or ""
    return {f"{origin}.{a.name}" if f"{origin}.{a.name}" in MODULES else origin for a in node.names}


def imports(module: str, *, top_level_only: bool) -> set[str]:
    """The mdrecall modules ``module`` imports at run time (not under ``TYPE_CHECKING``)."""
    found: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.If):
                visit(node.orelse)
                if not _is_type_checking(node.test):
                    visit(node.body)
            elif isinstance(node, ast.Try):
                for part in (node.body, *(h.body for h in node.handlers), node.orelse, node.finalbody):
                    visit(part)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                found.update(_target(module, node))
            elif (
                not top_level_only
                and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                or not top_level_only
                and isinstance(node, (ast.With, ast.For, ast.While))
            ):
                visit(node.body)

    visit(ast.parse(MODULES[module].read_text(encoding="utf-8")).body)
    return {m for m in found if m in MODULES and m != module}


class _AllImports(ast.NodeVisitor):
    """Every import statement of a module, wherever it is (functions, classes, ``with``, ``try``, …)."""

    def __init__(self, *, type_checking: bool) -> None:
        self.type_checking = type_checking
        self.found: list[ast.Import | ast.ImportFrom] = []

    def visit_If(self, node: ast.If) -> None:
        if _is_type_checking(node.test) and not self.type_checking:
            for child in node.orelse:
                self.visit(child)
            return
        self.generic_visit(node)

    def visit_Import(self, node: ast.Import) -> None:
        self.found.append(node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        self.found.append(node)


def all_imports(module: str, *, type_checking: bool) -> set[str]:
    """The mdrecall modules ``module`` imports anywhere in its text (under ``TYPE_CHECKING`` if asked)."""
    visitor = _AllImports(type_checking=type_checking)
    visitor.visit(ast.parse(MODULES[module].read_text(encoding="utf-8")))
    found = set().union(*(_target(module, node) for node in visitor.found))
    return {m for m in found if m in MODULES and m != module}


def back_up_arrows() -> list[str]:
    """Each import (run-time, inside functions included) from a layer to a higher one, as ``a -> b``."""
    return sorted(
        f"{m} ({layer(m)}) -> {t} ({layer(t)})"
        for m in MODULES
        for t in all_imports(m, type_checking=False)
        if layer(t) > layer(m)
    )


def whole_graph() -> dict[str, set[str]]:
    """Every import of every module: inside functions and under ``TYPE_CHECKING`` included."""
    return {m: all_imports(m, type_checking=True) for m in MODULES}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in graph:
        if v not in index:
            visit(v)
    return out


def test_no_module_level_import_cycle() -> None:
    graph = {m: imports(m, top_level_only=True) for m in MODULES}
    assert cycles(graph) == []


def test_every_top_level_package_and_module_has_a_layer() -> None:
    tops = {m.split(".")[1] if "." in m else "__init__" for m in MODULES}
    assert tops <= set(LAYERS), f"give these a layer in LAYERS and docs/architecture.md: {tops - set(LAYERS)}"


def test_no_import_runs_back_up_a_layer() -> None:
    arrows = back_up_arrows()
    assert not arrows, "imports from a lower layer to a higher one (move the code, or pass it in):\n" + (
        "\n".join(arrows)
    )


def test_the_whole_import_graph_has_at_most_one_circle() -> None:
    found = cycles(whole_graph())
    assert len(found) <= MAX_CIRCLES, f"{len(found)} import circles (TYPE_CHECKING included): {found}"


def test_no_top_level_module_beyond_the_allowed_ones() -> None:
    top = {p.stem for p in SRC.glob("*.py")}
    assert top <= TOP_LEVEL_MODULES, (
        f"top-level modules outside a layer package: {sorted(top - TOP_LEVEL_MODULES)}"
    )
    assert len(TOP_LEVEL_MODULES) <= MAX_TOP_LEVEL_MODULES


def test_the_layers_in_the_doc_are_the_layers_in_the_test() -> None:
    text = DOC.read_text(encoding="utf-8")
    table = text.split("<!-- layers -->", 2)[1]
    rows = re.findall(r"^\| (\d+) \| (.+?) \|", table, flags=re.M)
    documented = {name: int(n) for n, names in rows for name in re.findall(r"`([\w_]+)(?:/|\.py)?`", names)}
    assert documented == LAYERS


def test_nothing_below_memory_imports_it_back() -> None:
    graph = {m: imports(m, top_level_only=False) for m in MODULES}
    below: set[str] = set()
    todo = list(graph["mdrecall.memory"])
    while todo:
        m = todo.pop()
        if m not in below:
            below.add(m)
            todo.extend(graph[m])
    assert "mdrecall.memory" not in below, [m for m in below if "mdrecall.memory" in graph[m]]


def test_agent_modules_are_on_their_declared_side() -> None:
    names = {m.rpartition(".")[2] for m in MODULES if m.startswith("mdrecall.agent.")}
    assert names == set(agent.CORE) | set(agent.INTEGRATIONS) and not set(agent.CORE) & set(
        agent.INTEGRATIONS
    )
    above = {"mdrecall.memory", "mdrecall.services.team"} | {
        f"mdrecall.agent.{n}" for n in agent.INTEGRATIONS
    }
    for name in agent.CORE:
        module = f"mdrecall.agent.{name}"
        assert not imports(module, top_level_only=False) & above, f"{module} is below Memory"


def test_every_module_has_a_line_in_the_map() -> None:
    text = DOC.read_text(encoding="utf-8")
    listed = set(re.findall(r"`([\w/]+(?:\.py|/))`", text))
    missing = []
    for path in SRC.rglob("*.py"):
        rel = path.relative_to(SRC).as_posix()
        key = rel[: -len("__init__.py")] if path.name == "__init__.py" else rel
        if key and key not in listed:
            missing.append(key)
    assert not missing, f"modules missing from docs/architecture.md's map: {sorted(missing)}"


def test_stores_embedders_and_rerankers_read_settings_only_through_the_environment_layer() -> None:
    allowed = {"embedders/e5.py"}  # sets OMP_WAIT_POLICY for its own runtime, reads no setting
    readers = [
        p.relative_to(SRC).as_posix()
        for folder in ("stores", "embedders", "rerankers")
        for p in (SRC / folder).rglob("*.py")
        if "os.environ" in p.read_text(encoding="utf-8") or "getenv" in p.read_text(encoding="utf-8")
    ]
    assert set(readers) <= allowed, f"read settings through mdrecall.config.sources.environment: {readers}"


def test_no_private_name_is_imported_from_another_module() -> None:
    """A leading underscore means "this module's own": another module that needs it gets a public name."""
    found = []
    for module, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("mdrecall"):
                found += [f"{module}: {node.module}.{a.name}" for a in node.names if a.name.startswith("_")]
    assert not [f for f in found if not f.endswith(".__version__")], found


def test_no_package_holds_more_modules_than_one_reader_can_keep_apart() -> None:
    crowded = {
        folder.relative_to(SRC).as_posix() or ".": n
        for folder in [SRC, *(p for p in SRC.rglob("*") if p.is_dir() and (p / "__init__.py").exists())]
        if (n := sum(1 for f in folder.glob("*.py") if f.name != "__init__.py")) > MAX_MODULES_PER_PACKAGE
    }
    assert not crowded, f"packages past {MAX_MODULES_PER_PACKAGE} modules (split them by job): {crowded}"
