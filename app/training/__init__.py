"""The builtin models' training data: edits of real code, made by specdraft.ops, with instructions.

The engine's trainer (specdraft.engine.training) never imports the app, so the examples it learns
from are made here, where the operations are, and handed to it as data: ``python -m
specdraft.training`` builds the data (editdata: edits of the corpus; opdata: instructions read
into operations) and then runs the trainer. Nothing here is imported when specdraft drafts.
"""
