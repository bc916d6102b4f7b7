"""Reading and changing a campaign's ruleset settings by dotted name."""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ValidationError

from bot.domain.text import quote
from bot.services.errors import UserError


def flatten(settings: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in settings.items():
        if isinstance(value, dict):
            flat.update(flatten(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def _parse_value(text: str) -> Any:
    """'9' → 9, 'true' → True, '["SP1"]' → list; anything else stays text."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def apply_setting(model: type[BaseModel], current: dict[str, Any], path: str,
                  text: str) -> tuple[dict[str, Any], Any, Any, str]:
    """Return (new settings, old value, new value, the field's note) or raise UserError."""
    known = flatten(model().model_dump(mode="json"))
    if path not in known:
        close = [k for k in known if path.split(".")[-1] in k][:5]
        hint = f"; did you mean {', '.join(close)}?" if close else "; /campaign settings show lists them"
        raise UserError(f"unknown setting {quote(path)}{hint}")
    updated = json.loads(json.dumps(current))
    node = updated
    *parents, leaf = path.split(".")
    for part in parents:
        node = node.setdefault(part, {})
    old = node.get(leaf, known[path])
    node[leaf] = _parse_value(text)
    try:
        checked = model.model_validate(updated).model_dump(mode="json")
    except ValidationError as exc:
        reasons = "; ".join(e["msg"] for e in exc.errors())
        raise UserError(f"{path} cannot be {quote(text)}: {reasons}") from None
    return checked, old, flatten(checked)[path], describe_setting(model, path)


def describe_setting(model: type[BaseModel], path: str) -> str:
    field_model, *rest = path.split(".")
    field = model.model_fields[field_model]
    if rest and isinstance(field.annotation, type) and issubclass(field.annotation, BaseModel):
        field = field.annotation.model_fields[rest[0]]
    return field.description or ""
