"""One module per `stalkerzone` sub-command: each has `add_parser(subparsers)` and `run(args)`."""
