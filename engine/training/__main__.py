"""`python -m specdraft.engine.training`: build, train, evaluate and export the builtin model pair."""

import sys

from specdraft.engine.training.train import main

sys.exit(main())
