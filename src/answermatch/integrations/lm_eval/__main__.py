"""``python -m answermatch.integrations.lm_eval`` prints the folder of the
ready task configs, for ``lm_eval --include_path``."""

from . import TASKS_DIR

print(TASKS_DIR)
