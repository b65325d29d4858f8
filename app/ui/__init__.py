"""The interfaces: the command line and its subcommands, plain mode (git add -p style) and the Textual TUI."""
