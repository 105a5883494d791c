"""Which names mean one entity: a first name alone, a form of address, a name written shorter or another
way.
"""
