"""The workspace on disk: which files are memory, reading them without following symlinks, checked appends,
all-or-nothing writes, team paths and `init`'s scaffold.

Nothing is imported here: a caller pays only for the module it uses.
"""
