"""The review core, pure Python (no textual, no torch): the diff model, the review session, git, config."""
