"""Ready lm-evaluation-harness task configs (YAML) and the functions they name."""
