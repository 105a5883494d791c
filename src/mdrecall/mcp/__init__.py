"""The MCP adapter: each tool declared once, and the server over stdio or streamable HTTP.

Nothing is imported here: a caller pays only for the module it uses.
"""
