"""The engine's named choices, in one torch-free place: the app's settings, the command lines and the
benchmarks derive their lists from these."""

DRAFTERS = ("none", "edit", "lookup", "model", "hybrid")  # engine/drafters.py's build_drafter makes each
DTYPES = ("float32", "bfloat16")  # weights in memory; the app's settings add "auto" (the checkpoint's own)
