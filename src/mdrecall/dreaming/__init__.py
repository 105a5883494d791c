"""Dreaming: promoting the notes an agent keeps recalling into ``MEMORY.md``, and a person's review.

Nothing is imported here: a caller pays only for the module it uses.
"""
