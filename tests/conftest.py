collect_ignore = ["data"]  # fixtures (model output and the files it edits), not tests
