"""Agent helpers, on two sides of :class:`~mdrecall.Memory`:

* **below Memory** (:data:`CORE`): plain library code that ``Memory`` and the indexer call; these
  modules never import ``mdrecall.memory``, ``mdrecall.team`` or an integration module:
  ``all_or_none`` (appends to several files that land together or not at all), ``budget`` (a hook's
  time budget), ``capture`` (transcript capture), ``dreaming`` (promotion of
  recalled notes), ``dreaming_review`` (a person's approve or reject of one candidate), ``flush``
  (pre-compaction), ``pruning``, ``salience`` (what is worth noting), ``scope`` (where memory may be
  used), ``turns`` and ``turn_records`` (per-turn capture);
* **above Memory** (:data:`INTEGRATIONS`): adapters that take an open ``Memory`` and may import it:
  ``context`` (start-of-turn digest), ``hooks`` and ``turn_hook`` (Claude Code), ``tools`` (the MCP
  tools as plain JSON functions) and ``tool_hints`` (error hints worded for them), ``workspaces``
  (one ``Memory`` per agent id).

``tests/test_architecture.py`` checks both lists against the imports.
"""

#: Below Memory: never import mdrecall.memory, mdrecall.team or an integration module.
CORE = (
    "all_or_none",
    "budget",
    "capture",
    "dreaming",
    "dreaming_review",
    "flush",
    "pruning",
    "salience",
    "scope",
    "turn_records",
    "turns",
)
#: Above Memory: adapters over an open Memory.
INTEGRATIONS = ("context", "hooks", "tool_hints", "tools", "turn_hook", "workspaces")
