"""Empires in Arms (naval chapter 13) as a Fleetwright ruleset.  Placeholder until E2's descriptor."""
