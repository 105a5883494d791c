"""The one typed configuration: its dataclasses and loader, the allowed ranges, where each value came from.

Nothing is imported here: a caller pays only for the module it uses.
"""
