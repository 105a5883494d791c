"""Running one search: the runner decides what to run, the pipeline wires the pure ranking stages, hits
turn ranked chunks into cited snippets.

Nothing is imported here: a caller pays only for the module it uses.
"""
