"""Sengoku's naval rules (pure), in sub-packages by procedure; README.md says what each holds.

``LAYERS`` lists the sub-packages lowest first.  A module imports from its own
sub-package and from those listed before it, never from one listed after it,
and no import circle runs inside a sub-package; the modules directly in this
package (``ruleset``) sit on top and may import any.  The order is data so that
tests/rules/test_rules_layers.py can hold every ruleset's rules to it.
"""

LAYERS = (
    "model",
    "orders",
    "battle",
    "ports",
    "trade",
    "movement",
    "landing",
    "validation",
    "turn",
    "moderation",
)
