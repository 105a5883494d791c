"""Where names are in the text: the capitalised runs, phrases and shapes read as mentions, the words that
are never names, relationships.
"""
