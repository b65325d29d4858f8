"""`python -m specdraft.engine.training`: train, evaluate and export the builtin model pair from the
data in --work (made, with its edits, by `python -m specdraft.training`, which then runs this)."""

import sys

from specdraft.engine.training.train import main

sys.exit(main())
