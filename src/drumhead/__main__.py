"""``python -m drumhead``: the same as the ``drumhead`` console script."""

from drumhead.cli.main import main

raise SystemExit(main())
