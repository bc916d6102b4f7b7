"""Reading and changing a campaign's ruleset settings by dotted name."""

from __future__ import annotations

import json
from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from bot.domain.text import quote
from bot.i18n import N_
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
    """'9' → 9, 'true' → True, '["a", "b"]' → list; anything else stays text."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def apply_setting(model: type[BaseModel], current: dict[str, Any], path: str,
                  text: str) -> tuple[dict[str, Any], Any, Any, str]:
    """Return (new settings, old value, new value, the field's note) or raise UserError."""
    known = flatten(model().model_dump(mode="json"))
    if path not in known and not _table_row(model, path):
        close = [k for k in known if path.split(".")[-1] in k][:5]
        if close:
            raise UserError(N_("unknown setting {setting}; did you mean {close}?"), setting=quote(path),
                            close=", ".join(close))
        raise UserError(N_("unknown setting {setting}; /game settings lists them"), setting=quote(path))
    updated = json.loads(json.dumps(current))
    node = updated
    *parents, leaf = path.split(".")
    for part in parents:
        node = node.setdefault(part, {})
    old = node.get(leaf, known.get(path))
    node[leaf] = _parse_value(text)
    try:
        checked = model.model_validate(updated).model_dump(mode="json")
    except ValidationError as exc:
        # The frame is worded for the reader; pydantic's own reasons and the allowed values stay as they are.
        reasons = "; ".join(e["msg"].removeprefix("Value error, ") for e in exc.errors())
        raise UserError(N_("{setting} cannot be {value}: {reasons}. Allowed: {allowed}"), setting=path,
                        value=quote(text), reasons=reasons, allowed=allowed_values(model, path)) from None
    return checked, old, _at(checked, path), describe_setting(model, path)


def _table_row(model: type[BaseModel], path: str) -> bool:
    """Whether ``path`` names a row of a table setting (a ``dict`` field, empty by default, whose rows a
    moderator adds: ``<table>.<row>``) or one value of such a row (``<table>.<row>.<field>``)."""
    field_name, *rest = path.split(".")
    field = model.model_fields.get(field_name)
    if field is None or get_origin(field.annotation) is not dict or not 1 <= len(rest) <= 2:
        return False
    row = get_args(field.annotation)[1]
    if len(rest) == 1:
        return True
    return isinstance(row, type) and issubclass(row, BaseModel) and rest[1] in row.model_fields


def _at(tree: dict[str, Any], path: str) -> Any:
    """The value at a dotted path of nested settings (a whole row, for a table's row)."""
    node: Any = tree
    for part in path.split("."):
        node = node.get(part) if isinstance(node, dict) else None
    return node


def _field(model: type[BaseModel], path: str) -> FieldInfo:
    field_model, *rest = path.split(".")
    field = model.model_fields[field_model]
    if rest and isinstance(field.annotation, type) and issubclass(field.annotation, BaseModel):
        field = field.annotation.model_fields[rest[0]]
    elif len(rest) == 2 and _table_row(model, path):  # one value of a table's row: the row model's field
        field = get_args(field.annotation)[1].model_fields[rest[1]]
    return field


def describe_setting(model: type[BaseModel], path: str) -> str:
    return _field(model, path).description or ""


def allowed_values(model: type[BaseModel], path: str) -> str:
    """What the setting takes, in words, from its field: the choices, the range, or examples."""
    field = _field(model, path)
    kind = field.annotation
    if get_origin(kind) is Literal:
        return "one of " + ", ".join(str(v) for v in get_args(kind))
    if kind is bool:
        return "true or false"
    if field.examples:
        return "e.g. " + " or ".join(json.dumps(v, ensure_ascii=False) if not isinstance(v, str) else v
                                     for v in field.examples)
    if kind is int:
        low = next((m.ge for m in field.metadata if hasattr(m, "ge")), None)
        high = next((m.le for m in field.metadata if hasattr(m, "le")), None)
        if low is not None and high is not None:
            return f"a whole number from {low} to {high}"
        return f"a whole number of at least {low}" if low is not None else "a whole number"
    return f"a value like the default, {json.dumps(field.get_default(call_default_factory=True))}"
