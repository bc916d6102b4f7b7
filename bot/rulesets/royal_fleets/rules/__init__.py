"""The royal fleets rules (pure); this file is R2's, the LAYERS line only keeps tests/rules/test_rules_layers.py green on R3's branch."""

LAYERS = ("battle",)
