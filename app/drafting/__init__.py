"""The drafting flow: an instruction becomes requests to a backend, model output becomes file contents, and what was drafted is recorded for the commit hook."""
