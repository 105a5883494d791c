"""The words and shapes names are read by: the shipped name lists and WordNet nouns, the patterns of names,
forms of address, titles and naming customs.
"""
