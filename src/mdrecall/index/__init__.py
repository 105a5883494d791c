"""Keeping the index in step with the files: diffing, chunking into the store, embedding, transcripts and
conversations, background backfill, progress and the status report.

Nothing is imported here: a caller pays only for the module it uses.
"""
