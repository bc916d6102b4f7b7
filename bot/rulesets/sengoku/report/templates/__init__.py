"""Report templates of the Sengoku rules, one module per feature.

Each module defines ``TEMPLATES: dict[event kind, (event, Names) -> str]``;
an empty string means the event adds no line.  ``all_templates`` merges the
modules of this package, so a new feature adds a module and nothing else.
"""

from __future__ import annotations

import importlib
import pkgutil


def all_templates() -> dict:
    merged: dict = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        clash = merged.keys() & module.TEMPLATES.keys()
        if clash:
            raise RuntimeError(f"event kinds templated twice: {sorted(clash)}")
        merged.update(module.TEMPLATES)
    return merged


def all_group_templates() -> dict:
    """Templates that sum up a run of consecutive events of one kind:
    ``GROUPED: dict[event kind, (events, Names) -> str]`` in a module."""
    merged: dict = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        merged.update(getattr(module, "GROUPED", {}))
    return merged
