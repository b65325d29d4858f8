"""`python -m specdraft`: the same command as the `specdraft` entry point."""

import sys

from specdraft.ui.cli.main import main

sys.exit(main())
