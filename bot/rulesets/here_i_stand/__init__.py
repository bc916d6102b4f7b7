"""Here I Stand's naval chapter (spec H0–H11, seeds 000 and 002): its pure rules so far; no PLUGIN yet (issue 14)."""
