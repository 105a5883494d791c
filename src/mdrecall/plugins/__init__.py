"""The plumbing every seam shares: the plugin registry, providers' typed options, the one HTTP client and
the search's time budget.

Nothing is imported here: a caller pays only for the module it uses.
"""
