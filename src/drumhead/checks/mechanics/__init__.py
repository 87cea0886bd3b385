"""Custom mechanics, one module per ruleset; importing this package registers them all.

Each module registers its parsers with :func:`drumhead.checks.custom.register`; this package
imports every module in the folder, so adding a file is all it takes.
"""

from __future__ import annotations

import importlib
import pkgutil

for _info in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_info.name}")
