"""Empires in Arms' pure naval rules (E0–E18).  Placeholder until E2's package."""
