"""The engine's named choices, in one torch-free place: the app's settings, the command lines and the
benchmarks derive their lists from these."""

DRAFTERS = ("none", "edit", "lookup", "model", "hybrid")  # engine/drafters.py's build_drafter makes each
DTYPES = ("float32", "bfloat16")  # weights in memory
REQUEST_TIMEOUT_S = 600  # a model server's whole answer to one request, from sending it to its last token

# what a backend is opened with, and the app's settings accept: the names above and "auto"
DRAFTER_SETTINGS = ("auto", *DRAFTERS)  # "auto": edit with a reference, lookup or the draft model without
DTYPE_SETTINGS = ("auto", *DTYPES)  # "auto": the checkpoint's bfloat16 where the CPU packs it, else float32
