"""Custom mechanics, one module per ruleset.

Each module registers its parsers with :func:`drumhead.checks.custom.register` when imported.
Reading a ``custom`` check imports every module in this folder (see
:func:`drumhead.checks.custom.load_builtin`), so adding a file is all it takes; importing this
package alone imports none of them (a ruleset read from the compiled cache imports only the
mechanics it uses).
"""
