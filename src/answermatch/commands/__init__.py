"""Sub-commands of the ``answermatch`` CLI that live in their own modules.

Each module defines ``register(subparsers)``, which adds its parser and sets
``func(args) -> int`` (the exit status) as its default.
"""
