"""The royal fleets ruleset (seed 003, spec shared/rules/royal-fleets.md); its descriptor (PLUGIN) is added with the rules."""
