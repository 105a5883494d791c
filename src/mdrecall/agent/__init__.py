"""Adapters for agent hosts, above :class:`~mdrecall.Memory` (they take an open ``Memory``):
``context`` (start-of-session block and per-message digest), ``hooks``, ``turn_hook`` and
``serve_client`` (Claude Code), ``tools`` (the MCP tools as plain JSON functions, for any agent loop)
and ``tool_hints`` (error hints worded for an agent). What they call below ``Memory`` lives in
:mod:`mdrecall.capture` and :mod:`mdrecall.dreaming`.
"""

#: Below Memory: none any more (capture and dreaming have their own packages).
CORE: tuple[str, ...] = ()
#: Above Memory: adapters over an open Memory.
INTEGRATIONS = ("context", "hooks", "serve_client", "tool_hints", "tools", "turn_hook")
