"""Long-lived services above ``Memory``: team memory, the file watcher, ``doctor``, the index estimate and one
workspace per agent id.

Nothing is imported here: a caller pays only for the module it uses.
"""
