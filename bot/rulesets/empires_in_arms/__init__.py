"""Empires in Arms naval rules (spec shared/rules/empires-in-arms.md, seed 004).

Placeholder of the board's branch (eia-map): the plug-in's descriptor (``PLUGIN``) is the
rules' branch's (eia-rules); until it is merged this package has none and bot/plugins.py
skips it."""
