"""The tree keeps the shape docs/architecture.md draws: no import cycle at module level, nothing
below ``Memory`` imports it back (even inside a function), agent/ modules on their declared side,
and every module of ``src/mdrecall`` named in the map."""

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
