"""The royal fleets naval rules of "Последний Довод Королей" (spec shared/rules/royal-fleets.md, seed 003).

``rules/`` is pure (no Discord, no database, no clock); ``report/`` turns its events into words
and maps; ``commands/`` holds its own slash-command groups.  ``PLUGIN`` is all the core knows.
"""
