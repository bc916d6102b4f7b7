"""Empires in Arms' pure rules (spec shared/rules/empires-in-arms.md): no Discord, no
database, no clock.

``LAYERS`` lists the sub-packages lowest first (tests/rules/test_rules_layers.py): a module
imports from its own sub-package and those listed before it. ``map`` (E1's, the board: E2.2,
E13, E16) is the lowest; the rules' branch (E2) adds its own above it.
"""

LAYERS = (
    "map",
)
