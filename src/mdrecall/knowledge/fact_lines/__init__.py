"""Fact lines: the attributes, values and subject a line of a note states."""
