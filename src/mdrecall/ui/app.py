"""The UI's Starlette app: one route per page, each a thin adapter over :mod:`mdrecall.ui.data`.

Every handler is ``async`` and calls the (synchronous) library directly: the server is for one person,
and this keeps the one :class:`~mdrecall.Memory` on one thread. The only writes are POSTs with the form's
CSRF token: the Review page's two (approve, reject), through :mod:`mdrecall.dreaming.review`, and the
forget page's one (:meth:`mdrecall.Memory.forget`, after the plan it showed).
"""

from __future__ import annotations

import difflib
import time
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from mdrecall.errors import MdrecallError, NotFoundError, PathError
from mdrecall.memory import Memory
from mdrecall.ui import data
from mdrecall.ui.render import bar_chart, highlight, markdown_blocks, parse_lines, plain_blocks
from mdrecall.ui.security import Access, Guard

__all__ = ["create_app", "warm_up"]

HERE = Path(__file__).parent
_MAX_BODY = 16_384
SYNC_EVERY_S = 5.0
#: The page for an error's next step (:attr:`mdrecall.errors.MdrecallError.next_step`).
_STEP_LINKS = {"entities": ("/entities", "See all entities")}


def _env() -> Environment:
    env = Environment(
        loader=FileSystemLoader(HERE / "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["highlight"] = highlight
    env.filters["cite_url"] = cite_url
    env.filters["hit_url"] = hit_url
    env.filters["hit_lines"] = hit_lines
    env.filters["q"] = lambda s: quote(str(s), safe="")
    env.filters["stamp"] = lambda t: datetime.fromtimestamp(t).strftime("%Y-%m-%d %H:%M") if t else "never"
    return env


def cite_url(citation: str) -> str:
    """``path#L12-L20`` → the Browse URL that shows and highlights those lines."""
    path, _, lines = str(citation).partition("#")
    rng = parse_lines(lines)
    if rng is None:
        return "/file/" + quote(path)
    return f"/file/{quote(path)}?lines={rng[0]}-{rng[1]}#L{rng[0]}"


def hit_url(hit: Any) -> str:
    """Where a hit's lines are shown: its snippet's lines when known, else its chunk's."""
    a = hit.snippet_start_line or hit.start_line
    b = hit.snippet_end_line or hit.end_line
    if hit.path.endswith(".md") or hit.path.endswith(".jsonl"):
        return f"/file/{quote(hit.path)}?lines={a}-{b}#L{a}"
    return cite_url(hit.citation)


def hit_lines(hit: Any) -> str:
    """A hit's shown lines as a citation (``path#L5-L7``): what its "forget" action plans to remove."""
    a = hit.snippet_start_line or hit.start_line
    b = hit.snippet_end_line or hit.end_line
    return f"{hit.path}#L{a}-L{b}"


class UI:
    """The pages over one open :class:`Memory`."""

    def __init__(self, mem: Memory, access: Access) -> None:
        self.mem = mem
        self.access = access
        self.env = _env()
        self.doctor = data.Cached(self._doctor, ttl_s=300)
        self.synced_at = 0.0
        self.files: list[Any] = []
        self.signature = 0
        self.stamp: int | None = None
        self.memo = data.Memo()
        self.per_sync = data.Memo(limit=8)

    # ---- plumbing -------------------------------------------------------------------------------

    def page(self, name: str, request: Request, code: int = 200, **ctx: Any) -> HTMLResponse:
        """Render a template with the common context."""
        tpl = self.env.get_template(name)
        html = tpl.render(request=request, csrf=self.access.csrf, path=request.url.path, **ctx)
        return HTMLResponse(html, status_code=code)

    def fresh(self) -> None:
        """Bring the index up to date with the files (files only, like a search's lazy sync), at most every
        :data:`SYNC_EVERY_S` seconds; the pages then answer from what that sync saw. What another process
        changed in the index (an index run, a forget) is seen at once: a page's cache is keyed by the
        index's file records, so a forgotten line never comes back from it."""
        if not self.synced_at or time.monotonic() - self.synced_at > SYNC_EVERY_S:
            if self.mem.config.index.sync_on_search:
                self.mem.index(embed=False)
            self.synced_at = time.monotonic()
            self.stamp = None
        stamp = data.index_stamp(self.mem)
        if stamp != self.stamp:
            self.files = self.mem.files()
            self.signature = hash((data.fingerprint(self.files), stamp))
            self.stamp = stamp

    def cached(self, name: str, compute: Any) -> Any:
        """``compute()``, kept until an indexed file changes (entities, candidates, per-day counts)."""
        return self.memo.get(self.signature, name, compute)

    def _doctor(self) -> list[Any]:
        from mdrecall.services.doctor import run_checks

        return list(run_checks(self.mem.workspace.root, self.mem.config, model=False))

    def error(self, request: Request, exc: Exception, status: int = 400) -> HTMLResponse:
        """An error page that says what went wrong (the library's message)."""
        if isinstance(exc, NotFoundError):
            status = 404
        elif isinstance(exc, PathError):
            status = 403
        message, links = str(exc), []
        if isinstance(exc, MdrecallError) and exc.next_step in _STEP_LINKS:  # the page that does it
            links.append(_STEP_LINKS[exc.next_step])
        return self.page("error.html", request, status, title="Not shown", message=message, links=links)

    # ---- pages ----------------------------------------------------------------------------------

    async def overview(self, request: Request) -> Response:
        self.fresh()
        files = self.files
        by_source: Counter[str] = Counter()
        chunks: Counter[str] = Counter()
        for f in files:
            by_source[f.source] += 1
            chunks[f.source] += f.chunks
        days = self.cached("days", lambda: data.day_counts(self.mem, files))
        return self.page(
            "overview.html",
            request,
            st=self.per_sync.get(self.synced_at, "status", self.mem.status),
            coverage=self.mem.vector_coverage(),
            checks=self.doctor.get(),
            sources=sorted(by_source.items()),
            chunks=chunks,
            chart=bar_chart(days) if any(n or t for _, n, t in days) else None,
            recent=sorted({f.date[:10] for f in files if f.date}, reverse=True)[:7],
        )

    async def search(self, request: Request) -> Response:
        form = data.SearchForm.from_query(request.query_params)
        result, problem = None, None
        if form.q:
            self.fresh()
            try:
                result = data.search(self.mem, form)
            except MdrecallError as exc:
                problem = str(exc)
        terms = list(result.keyword_query.terms) if result is not None else []
        return self.page("search.html", request, form=form, result=result, terms=terms, problem=problem,
                         sources=data.SOURCES)  # fmt: skip

    async def browse(self, request: Request) -> Response:
        self.fresh()
        day = (request.query_params.get("day") or "").strip()[:10]
        return self.page("browse.html", request, groups=data.grouped_files(self.files, day), day=day)

    async def day(self, request: Request) -> Response:
        day = request.path_params["day"]
        try:
            when = datetime.strptime(day, "%Y-%m-%d").date()
        except ValueError:
            return self.error(request, NotFoundError(f"{day}: not a date (YYYY-MM-DD)"))
        key = self.mem.workspace.key_for(self.mem.workspace.daily_path(when))
        self.fresh()
        if any(f.path == key for f in self.files):
            return RedirectResponse("/file/" + quote(key), status_code=303)
        return RedirectResponse(f"/browse?day={when.isoformat()}", status_code=303)

    async def file(self, request: Request) -> Response:
        path = request.path_params["path"]
        mark = parse_lines(request.query_params.get("lines"))
        raw = request.query_params.get("raw") == "1" or path.endswith(".jsonl")
        try:
            key, text, cut = data.file_text(self.mem, path)
        except MdrecallError as exc:
            return self.error(request, exc)
        blocks = plain_blocks(text, mark) if raw else markdown_blocks(text, mark)
        return self.page("file.html", request, key=key, blocks=blocks, mark=mark, raw=raw, cut=cut,
                         jsonl=path.endswith(".jsonl"))  # fmt: skip

    async def entities(self, request: Request) -> Response:
        self.fresh()
        kind = (request.query_params.get("kind") or "").strip() or None
        try:
            every = self.cached("entities", lambda: self.mem.entities(None, limit=0, sync=False))
        except MdrecallError as exc:  # e.g. a store that keeps no entity views
            return self.error(request, exc)
        items = [e for e in every if kind is None or e.kind == kind][:500]
        kinds = Counter(e.kind for e in every)
        return self.page("entities.html", request, items=items, kind=kind, kinds=sorted(kinds.items()))

    async def entity(self, request: Request) -> Response:
        self.fresh()
        try:
            name = request.path_params["name"]
            detail = self.cached(f"entity:{name}", lambda: self.mem.entity(name, sync=False))
        except MdrecallError as exc:
            return self.error(request, exc)
        return self.page("entity.html", request, d=detail)

    async def history(self, request: Request) -> Response:
        path = (request.query_params.get("path") or "MEMORY.md").strip()
        as_of = (request.query_params.get("as_of") or "").strip()
        try:
            key = self.mem.workspace.key_for(self.mem.workspace.resolve_readable(path))
            self.fresh()
            versions, source = data.file_versions(self.mem, key)
        except MdrecallError as exc:
            return self.error(request, exc)
        rows, previous = [], ""
        for v in versions:
            text = v.text or ""
            diff = list(difflib.unified_diff(previous.splitlines(), text.splitlines(), lineterm="", n=0))
            rows.append({"when": v.seen_at, "rev": v.rev, "deleted": v.text is None,
                         "diff": [d for d in diff[2:] if not d.startswith("@@")]})  # fmt: skip
            previous = text
        shown = None
        if as_of:
            from mdrecall.knowledge.dates.time_args import parse_as_of
            from mdrecall.knowledge.history import text_as_of

            try:
                version = text_as_of(versions, parse_as_of(as_of).timestamp())
            except (MdrecallError, ValueError) as exc:
                return self.error(request, MdrecallError(f"as of {as_of!r}: {exc}"))
            shown = markdown_blocks(version.text or "") if version else []
        return self.page("history.html", request, key=key, rows=list(reversed(rows)), source=source,
                         as_of=as_of, shown=shown)  # fmt: skip

    async def recall(self, request: Request) -> Response:
        from mdrecall.index.recall_stats import summary

        return self.page(
            "recall.html",
            request,
            sessions=data.recall_sessions(self.mem),
            stats=summary(self.mem.workspace.root),
            cfg=self.mem.config.recall,
        )

    async def review(self, request: Request) -> Response:
        from mdrecall.dreaming.promote import RECALL_FILE, dream
        from mdrecall.dreaming.review import REJECTED_FILE

        self.fresh()
        files = self.files
        logs = [self.mem.workspace.root / p for p in (RECALL_FILE, REJECTED_FILE)]
        stamp = tuple(p.stat().st_mtime_ns if p.exists() else 0 for p in logs)
        try:
            report = self.cached(
                f"dream:{stamp}", lambda: dream(self.mem.workspace, self.mem.config.dreaming, apply=False)
            )
            candidates, problem = [*report.promoted, *report.rejected], None
        except (MdrecallError, OSError) as exc:
            candidates, problem = [], str(exc)
        done = request.query_params.get("done", "")
        noted = self.cached("noted", lambda: data.captured(self.mem, files))
        return self.page(
            "review.html", request, noted=noted, candidates=candidates, problem=problem, done=done
        )

    async def forget_plan(self, request: Request) -> Response:
        """What forgetting ``cite`` (a hit's or a file's lines: ``path#L5-L7``, or ``path`` and ``lines``)
        would touch, and the form that does it (no file changes on a GET)."""
        params = request.query_params
        cite = (params.get("cite") or "").strip()[:1000]
        rng = parse_lines(params.get("lines"))
        if not cite and params.get("path") and rng:  # the file page's form: its path and a line range
            cite = f"{params['path'].strip()[:1000]}#L{rng[0]}-L{rng[1]}"
        if not cite:
            return self.error(request, MdrecallError("forget what? give the lines: ?cite=PATH#L5-L7"))
        try:
            plan = self.mem.forget_plan(citations=[cite])
        except MdrecallError as exc:
            return self.error(request, exc)
        self.synced_at = 0.0
        return self.page(
            "forget.html", request, cite=cite, plan=plan.to_dict(), empty=plan.empty, result=None
        )

    async def forget(self, request: Request) -> Response:
        """Forget the cited lines (the form the plan showed, with its CSRF token), then show the proof."""
        form = await self._form(request)
        if isinstance(form, Response):
            return form
        cite = form.get("cite", "").strip()
        try:
            plan = self.mem.forget_plan(citations=[cite])
            result = self.mem.forget(plan)
        except MdrecallError as exc:
            return self.error(request, exc, 409)
        self.synced_at = 0.0  # the next page syncs and sees the rewritten files
        return self.page("forget.html", request, cite=cite, plan=None, empty=False, result=result.to_dict())

    async def _form(self, request: Request) -> dict[str, str] | Response:
        """A POST's form, or the refusal when it is too large or lacks the CSRF token."""
        body = await request.body()
        if len(body) > _MAX_BODY:
            return self.error(request, MdrecallError("form too large"), 413)
        form = dict(parse_qsl(body.decode("utf-8", errors="replace")))
        if not self.access.csrf_ok(form.get("csrf")):
            return self.page(
                "error.html", request, 403, title="Refused", message="missing or wrong CSRF token"
            )
        return form

    async def decide(self, request: Request) -> Response:
        from mdrecall.dreaming.review import approve, reject

        form = await self._form(request)
        if isinstance(form, Response):
            return form
        anchor = form.get("anchor", "")
        action = request.path_params["action"]
        if action not in ("approve", "reject"):
            return self.error(request, NotFoundError(f"no such action: {action}"))
        try:
            if action == "approve":
                c = approve(self.mem.workspace, self.mem.config.dreaming, anchor)
                self.synced_at = 0.0  # the next page syncs and sees the new MEMORY.md
                done = f"promoted into MEMORY.md: {c.text[:120]}"
            else:
                reject(self.mem.workspace, self.mem.config.dreaming, anchor)
                done = "rejected: it will not be proposed again"
        except MdrecallError as exc:
            return self.error(request, exc, 409)
        return RedirectResponse("/review?" + urlencode({"done": done}), status_code=303)


def create_app(mem: Memory, access: Access) -> Any:
    """The ASGI app: the pages behind the :class:`~mdrecall.ui.security.Guard`."""
    ui = UI(mem, access)
    routes = [
        Route("/", ui.overview),
        Route("/search", ui.search),
        Route("/browse", ui.browse),
        Route("/day/{day}", ui.day),
        Route("/file/{path:path}", ui.file),
        Route("/entities", ui.entities),
        Route("/entity/{name:path}", ui.entity),
        Route("/history", ui.history),
        Route("/recall", ui.recall),
        Route("/review", ui.review),
        Route("/review/{action:str}", ui.decide, methods=["POST"]),
        Route("/forget", ui.forget_plan, methods=["GET"]),
        Route("/forget", ui.forget, methods=["POST"]),
        Mount("/static", app=StaticFiles(directory=HERE / "static"), name="static"),
    ]
    app = Starlette(routes=routes)
    app.state.ui = ui
    return Guard(app, access)


def warm_up(app: Any) -> None:
    """Before serving: the first sync of the files and the doctor's checks (kept for 5 minutes)."""
    ui: UI = app.app.state.ui
    ui.fresh()
    ui.doctor.get()
