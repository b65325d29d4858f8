"""The engine's named choices, in one torch-free place: the app's settings, the command lines and the
benchmarks derive their lists from these."""

DRAFTERS = ("none", "edit", "lookup", "model", "hybrid")  # engine/drafters.py's build_drafter makes each
DTYPES = ("float32", "bfloat16", "int8", "int4")  # weights in memory (int8, int4: weight-only, specdraft.engine.quant)
# how a model is asked for an edit (Backend.edit_format): the builtin pair's own edit prompt (the file
# in, its new text out), or a chat asking for the whole file in a fence, SEARCH/REPLACE blocks or a
# unified diff
EDIT_FORMATS = ("builtin", "whole", "search-replace", "udiff")
REQUEST_TIMEOUT_S = 600  # a model server's whole answer to one request, from sending it to its last token

# what a backend is opened with, and the app's settings accept: the names above and "auto"
DRAFTER_SETTINGS = ("auto", *DRAFTERS)  # "auto": edit with a reference, lookup or the draft model without
EDIT_FORMAT_SETTINGS = ("auto", *EDIT_FORMATS)  # "auto": the model's own (builtin pair, whole, a server's search-replace)
DTYPE_SETTINGS = ("auto", *DTYPES)  # "auto": the checkpoint's bfloat16 where the CPU multiplies it natively, else float32
