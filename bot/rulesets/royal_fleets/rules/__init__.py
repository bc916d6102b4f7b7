"""The royal fleets naval rules (pure), in sub-packages by procedure; README.md says what each holds.

``LAYERS`` lists the sub-packages lowest first (tests/rules/test_rules_layers.py): a module imports
from its own sub-package and those listed before it.  ``map`` (R1, lowest) and ``battle`` (R3, above
``model``) are their owners'; ``ruleset`` sits on top.
"""

LAYERS = (
    "map",
    "model",
    "battle",
    "orders",
    "validation",
    "economy",
    "encounter",
    "transport",
    "movement",
    "turn",
    "moderation",
)
