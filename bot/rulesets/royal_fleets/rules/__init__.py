"""The royal fleets rules (U0–U15): pure, no Discord, no database, no clock."""
