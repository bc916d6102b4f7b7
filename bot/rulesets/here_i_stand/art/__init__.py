"""The Here I Stand map art (art/generate.py), drawn offline beside the map file."""
