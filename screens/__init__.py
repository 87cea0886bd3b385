"""The Textual table-side app (imported only by the UI, never by the rules core).

A view over the table session (:mod:`drumhead.session`): ``app.py`` routes, binds keys and
themes; ``views/`` holds the full screens, ``dialogs/`` the modal questions, ``widgets/`` the
reusable widgets (the only ``DEFAULT_CSS``), ``styles/`` the stylesheets, ``commands.py`` the
command palette and ``compat.py`` every use of Textual's private API. No module here imports
``app.py``: they reach the app through the protocol of ``host.py``. Importing it sets
nothing: the terminal settings the app wants are made where it starts
(:func:`drumhead.cli.app_entry.terminal_settings`).
"""
