"""The `specdraft` command: one module per subcommand, each with `add_arguments(parser)` and `run(args)`."""
