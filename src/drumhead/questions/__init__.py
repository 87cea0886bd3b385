"""The open questions: values the sources do not give (gaps), and the players' answers.

- :mod:`~drumhead.questions.answers`: answer ids and keys, coercing an answer to its kind.
- :mod:`~drumhead.questions.use`: which gaps a check reads.
- :mod:`~drumhead.questions.asked`: the questions as the players see them, grouped by check.
- :mod:`~drumhead.questions.tables`: gap tables, a missing chart laid out as a grid of gaps.

May import: :mod:`drumhead.rules`, :mod:`drumhead.dice`, :mod:`drumhead.errors`.
"""
