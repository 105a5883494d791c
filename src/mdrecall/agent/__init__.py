"""Agent integration helpers: flush policy, session capture, start-of-session context, pruning,
dreaming, scope rules and agent hooks. Each module is plain library code; the CLI and the MCP server
are thin adapters over it. Nothing here is imported by the core engine.
"""
