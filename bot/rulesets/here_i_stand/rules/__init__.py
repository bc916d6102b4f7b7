"""The pure rules of Here I Stand's naval chapter (/work/shared/rules/here-i-stand.md, ids H…).

``model`` (H9: powers, naval units and leaders, ports' state, the Turn Track), ``geography`` (the
map's interface, ``HisMap``), ``combat`` (H3.3), ``piracy`` (H5.2), ``building`` (H6), ``transport``
(H4), ``naval_move`` (H2.5–H2.6) and ``steps`` (the chain of a naval move's reactions, H2.6/H10.2).
No Discord, no store, no clock, no global random: dice come in as ``bot.engine.dice.Dice``.
"""

LAYERS = ("geography", "map")  # what the rules ask of a map, then the board (H1) answering it (tests/rules/test_rules_layers.py)
