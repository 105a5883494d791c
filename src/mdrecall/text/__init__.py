"""Pure text functions: query understanding, dates, tokens, chunking, filters, redaction, privacy markers,
provenance and salience. Nothing here touches a file, a store or a provider.

Nothing is imported here: a caller pays only for the module it uses.
"""
