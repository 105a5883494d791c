"""Capturing what agents and users say: per-turn records, session-end and pre-compaction capture, pruning,
where memory may answer, and the hook's time budget.

Nothing is imported here: a caller pays only for the module it uses.
"""
