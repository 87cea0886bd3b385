"""House-rules files as a first-class thing: the copy a game keeps of the ones it started with
(:mod:`.record`), the files offered for a ruleset with a preview (:mod:`.library`), and the
commented template a group fills in (:mod:`.template`).

May import: :mod:`drumhead.loading` and everything below it (never the game).
"""
