"""`python -m stalkerzone` is the same as the `stalkerzone` command."""

from stalkerzone.cli import main

raise SystemExit(main())
