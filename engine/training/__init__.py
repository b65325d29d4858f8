"""Training the builtin model pair: edit data, training, evaluation, the model card; tooling, never imported by the runtime."""
