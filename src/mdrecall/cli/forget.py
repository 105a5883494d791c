"""``mdrecall forget``: remove a text, cited lines or an entity from every copy, then prove it; and
``mdrecall redact --rescan``: the secrets the current redaction rules find in what is stored, forgotten alike.

Shows the plan first (every file line, index row and copy it will not remove); does it with ``--yes`` or when
a person answers yes on a terminal. One library call each (:meth:`mdrecall.Memory.forget_plan`,
:meth:`~mdrecall.Memory.forget`, :meth:`~mdrecall.Memory.forget_resume`,
:meth:`~mdrecall.Memory.redact_rescan`). Exit 0 when 0 copies remain, 1 when
some do (each listed with why).
"""

from __future__ import annotations

import sys
from typing import Any

import click

from mdrecall.cli.app import command, open_memory, state
from mdrecall.cli.output import print_json, shown

__all__: list[str] = []


@command("forget")
@click.argument("citations", nargs=-1, metavar="[CITATION]...")
@click.option("--text", metavar="STRING", help="Forget every occurrence of this exact text.")
@click.option("--entity", metavar="NAME", help="Forget every line naming this entity (its aliases too).")
@click.option("-i", "--ignore-case", is_flag=True, help="With --text: match any letter case.")
@click.option("--dry-run", is_flag=True, help="Show what would go and change nothing.")
@click.option("-y", "--yes", is_flag=True, help="Do it without asking.")
@click.option(
    "--resume", is_flag=True, help="Finish forgets a crash interrupted (also done by the next index)."
)
def cmd_forget(
    citations: tuple[str, ...],
    text: str | None,
    entity: str | None,
    ignore_case: bool,
    dry_run: bool,
    yes: bool,
    resume: bool,
) -> int:
    """Forget a text, cited lines (memory/2026-11-20.md#L5-L7) or an entity everywhere, and prove it.

    Memory files are rewritten with the text replaced by [forgotten DATE]; the index, its cache, history
    and SQLite's free pages and WAL are cleaned; then every byte under the workspace is searched and what
    remains is listed with why. Without --yes it shows the plan and asks (on a terminal) or stops there.
    """
    st = state()
    with open_memory() as mem:
        if resume:
            results = mem.forget_resume()
            if st.json:
                print_json({"resumed": [r.to_dict() for r in results]})
            elif not results:
                print("no forget to resume")
            for r in results if not st.json else []:
                _print_result(r.to_dict())
            return 0 if all(r.proven for r in results) else 1
        if not (text or citations or entity):
            raise click.UsageError("forget what? give --text STRING, CITATION... or --entity NAME")
        plan = mem.forget_plan(text, citations=citations, entity=entity, case_sensitive=not ignore_case)
        return _confirm_and_forget(mem, plan, dry_run=dry_run, yes=yes)


@command("redact")
@click.option("--rescan", is_flag=True, help="Scan what is already stored with the current redaction rules.")
@click.option("--dry-run", is_flag=True, help="Show what would be redacted and change nothing.")
@click.option("-y", "--yes", is_flag=True, help="Redact it without asking.")
def cmd_redact(rescan: bool, dry_run: bool, yes: bool) -> int:
    """Redact, after the fact, the secrets the current rules find in what is already stored.

    With --rescan the memory files, conversation records, DREAMS.md, memory/.dreams/ and the index's texts
    are scanned; every secret found is offered for forgetting as `mdrecall forget` does (replaced by
    [REDACTED] everywhere, then every byte under the workspace searched). Without --yes it shows the plan
    and asks (on a terminal) or stops there.
    """
    if not rescan:
        raise click.UsageError("give --rescan: what is written is redacted as it is written")
    st = state()
    with open_memory() as mem:
        plan = mem.redact_rescan()
        if plan is None:
            if st.json:
                print_json({"dryRun": dry_run or not yes, "plan": None})
            else:
                print("no secret the redaction rules know is stored")
            return 0
        return _confirm_and_forget(mem, plan, dry_run=dry_run, yes=yes)


def _confirm_and_forget(mem: Any, plan: Any, *, dry_run: bool, yes: bool) -> int:
    """Show ``plan``; unless a dry run, forget it (with --yes, or when a person answers yes); the proof."""
    st = state()
    asked = not (yes or dry_run) and sys.stdin.isatty() and not st.json
    if dry_run or not yes:
        if st.json and not asked:
            print_json({"dryRun": True, "plan": plan.to_dict()})
        else:
            _print_plan(plan.to_dict())
        if plan.empty:
            return 0
        if not asked:
            if not dry_run and not st.quiet:
                sys.stderr.write("mdrecall: nothing changed: run again with --yes to forget it\n")
            return 0
        if not click.confirm("Forget all of this?", default=False):
            print("nothing changed")
            return 0
    result = mem.forget(plan)
    data = result.to_dict()
    if st.json:
        print_json(data)
    else:
        _print_result(data)
    return 0 if result.proven else 1


def _print_plan(p: dict[str, Any]) -> None:
    case = " (any case)" if p["ignoreCase"] else ""
    print(f"forget {p['form']}: {shown(p['what'])}{case}  →  {p['marker']}")
    if not p["files"] and not p["indexRows"]:
        print("nothing holds it in the memory files or the index")
    for f in p["files"]:
        print(f"\n{f['path']}  ({len(f['lines'])} {'value' if f['kind'] == 'json' else 'line'}s)")
        for c in f["lines"]:
            where = f"L{c['line']}" if c["line"] else "  "
            print(f"  {where:>6}  - {shown(c['before'])}")
            print(f"  {'':>6}  + {shown(c['after'])}")
    for s in p["skipped"]:
        print(f"  skipped: {shown(s)}")
    if p["indexRows"]:
        print(f"\nindex rows ({len(p['indexRows'])}):")
        for row in p["indexRows"]:
            print(f"  {shown(row)}")
    if p["elsewhere"]:
        print("\nnot removed by this forget:")
        for c in p["elsewhere"]:
            print(f"  {shown(c['path'])}  ({c['count']}×)  {c['why']}")
    _print_git(p["git"])
    for n in p["notes"]:
        print(f"note: {shown(n)}")


def _print_result(r: dict[str, Any]) -> None:
    lines = sum(len(f["lines"]) for f in r["files"])
    print(f"forgot {shown(r['what'])}: {lines} lines in {len(r['files'])} files, {r['indexRows']} index rows")
    for n in r["notes"]:
        print(f"note: {shown(n)}")
    if not r["remaining"]:
        print("0 copies remain (every byte under the workspace searched, the index included)")
    else:
        print(f"{r['proof']}:")
        for c in r["remaining"]:
            print(f"  {shown(c['path'])}  ({', '.join(c['forms'])}, {c['count']}×)  {c['why']}")
    _print_git(r["git"])


def _print_git(git: dict[str, Any] | None) -> None:
    if not git:
        return
    held = f"{len(git['commits'])} commits hold it" if git["commits"] else "no commit holds it now"
    print(f"\ngit: the workspace is in the repository {git['repository']} ({held}).")
    if git["commits"]:
        print(
            "mdrecall never rewrites history; this would purge it (then force-push, and re-clone elsewhere):"
        )
        print(f"  {shown(git['purgeCommand'])}")
