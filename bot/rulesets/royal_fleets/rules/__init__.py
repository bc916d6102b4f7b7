"""The royal fleets naval rules (pure), in sub-packages by procedure; README.md says what each holds.

``LAYERS`` lists the sub-packages lowest first (tests/rules/test_rules_layers.py): a module imports
from its own sub-package and those listed before it.  ``map`` (R1, lowest) and ``battle`` (R3, above
``model``) join when their branches are merged; ``ruleset`` sits on top.
"""

LAYERS = (
    "map",
    "model",
    "orders",
    "validation",
    "economy",
    "encounter",
    "transport",
    "movement",
    "turn",
    "moderation",
)
