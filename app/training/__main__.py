"""python -m specdraft.training: build the builtin pair's data (its edits made by specdraft.ops), then train.

Every option of the engine's trainer (python -m specdraft.engine.training --help) is taken, and
passed on to it with the edit data of specdraft.training.editdata. Also:

    python -m specdraft.training --sample-instructions N   # N instructions per edit kind, as the data has them
"""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--sample-instructions", type=int, metavar="N")
    parser.add_argument("--seed", type=int)
    own, _ = parser.parse_known_args(argv)
    from specdraft.engine.training import train
    from specdraft.training import editdata

    if own.sample_instructions:  # the trainer's seed unless one is given, as before the data moved here
        print(editdata.format_sample(own.sample_instructions, train.parse_args([]).seed if own.seed is None else own.seed))
        return 0
    return train.main(argv, edits=editdata)


if __name__ == "__main__":
    sys.exit(main())
