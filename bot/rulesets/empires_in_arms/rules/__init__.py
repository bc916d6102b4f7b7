"""Empires in Arms naval rules (pure; spec shared/rules/empires-in-arms.md, seed 004).

Flat modules (``model``, ``settings``, ``orders``, ``movement``, ``steps`` …, README.md) sit above
the two sub-packages: ``map`` (the board, E-OP-24) and ``combat`` (naval combat E8–E10, E13's
battery).  Neither imports a flat module: the rules adapt to their types, not the other way.
"""

LAYERS = (
    "map",
    "combat",
)
