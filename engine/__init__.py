"""specdraft's speculative-decoding engine, in pure PyTorch; it never imports app/ or textual."""

import os

# Idle OpenMP threads sleep instead of spinning: spinning threads take the cores that a machine
# shared with other work needs, and decoding slows several times over (docs/engine.md). libgomp
# reads this once, when torch is first imported, so it is set here, before any engine module
# imports torch; a value the user set wins.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
