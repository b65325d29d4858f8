"""specdraft's speculative-decoding engine, in pure PyTorch; it never imports app/ or textual."""

import os

# Idle OpenMP threads sleep instead of spinning. With torch's default (spinning) policy, a
# machine whose cores are shared with other work decoded the builtin model at 60 tokens/s
# against 197 with PASSIVE (2 cores, default thread count). libgomp reads this once, when torch
# is first imported, so it is set here, before any engine module imports torch; a value the
# user set wins.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
