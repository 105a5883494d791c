"""Entities and time: who and what the memory files are about, and when.

* :mod:`.extract`: entity mentions in one file (pure); :mod:`.relations`: relationships stated in a line;
* :mod:`.refresh`: keeps the store's derived views (mentions, relationships, file versions) in step;
* :mod:`.index`: the entity view over stored mentions (listing, timeline, lookup, search helpers);
* :mod:`.valid_time`: which day a line is about, ``--during``/``--as-of`` arguments (pure);
* :mod:`.history`: transaction time, past versions of the files (git or the index's record);
* :mod:`.scope`: a search scoped by entity, valid time or ``as_of``.

Nothing is imported here: a caller pays only for the module it uses.
"""
