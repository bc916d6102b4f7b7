"""The sheets of a map, and each sheet's artwork: a background image and
where each node of that sheet sits on it.

A map with one sheet may carry an ``[art]`` table:

    [art]
    image = "coast-art.png"     # a file next to the map file
    width = 1600                # the image's size in pixels
    height = 1000
    [art.points]                # every node: [x, y] in pixels,
    harbour = [212.0, 431.5]    # x to the right, y down from the top edge

A map drawn on several sheets (e.g. Europe and the New World) names them
instead, each with its own optional art, and every node names its sheet:

    [sheets.europe]
    name = "Europe"
    [sheets.europe.art]
    image = "europe.png"
    ...

The renderer then draws one sheet at a time: the image as the map, and
tokens, arrows and names at these points instead of the nodes' own
coordinates. Pure module: whether the image file exists is checked by
``bot.mapfiles``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot.domain.gamemap_profile import Coord
from bot.domain.gamemap_report import Report, schema_problems

__all__ = ["MAIN_SHEET", "MapArt", "Sheet", "check_art", "parse_art", "parse_sheets"]

MAIN_SHEET = "main"  # the id of the only sheet of a map that names none

# A plain file name: a map file must not point the bot at any other path.
_IMAGE_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*\.png")


class MapArt(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    image: str
    width: int = Field(gt=0, le=10_000)
    height: int = Field(gt=0, le=10_000)
    points: dict[str, tuple[Coord, Coord]]

    def flipped(self, node_id: str) -> tuple[float, float]:
        """The node's point with y up, as the renderer's frame counts."""
        x, y = self.points[node_id]
        return x, self.height - y


class Sheet(BaseModel):
    """One drawn sheet of a map: its nodes are drawn together, on its own art if it has any."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    art: MapArt | None = None


def parse_art(raw: Any, rep: Report, entry: str = "art") -> MapArt | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        rep.add(entry, f"expected a table, got {type(raw).__name__}")
        return None
    try:
        art = MapArt.model_validate(raw)
    except ValidationError as exc:
        for problem in schema_problems(exc):
            rep.add(entry, problem)
        return None
    if not _IMAGE_RE.fullmatch(art.image):
        rep.add(entry, f"image {art.image!r} must be a PNG file name next to the map file, e.g. 'coast-art.png'")
    return art


def parse_sheets(raw: Mapping[str, Any], map_name: Any, rep: Report) -> dict[str, Sheet]:
    """``[art]`` makes the one sheet MAIN_SHEET; ``[sheets.*]`` names several."""
    if "sheets" not in raw:
        name = map_name if isinstance(map_name, str) and map_name else MAIN_SHEET
        return {MAIN_SHEET: Sheet(id=MAIN_SHEET, name=name, art=parse_art(raw.get("art"), rep))}
    if "art" in raw:
        rep.add("top level", "a map with [sheets.*] puts each sheet's art in [sheets.<id>.art], not in [art]")
    table = raw["sheets"]
    if not isinstance(table, Mapping) or not table:
        rep.add("sheets", "expected a table of sheets, e.g. [sheets.europe] with name = \"Europe\"")
        return {}
    sheets: dict[str, Sheet] = {}
    for key, body in table.items():
        entry = f"sheets.{key}"
        if not isinstance(body, Mapping):
            rep.add(entry, f"expected a table, got {type(body).__name__}")
            continue
        art = parse_art(body.get("art"), rep, f"{entry}.art")
        try:
            sheets[key] = Sheet.model_validate({**body, "id": key, "art": art})
        except ValidationError as exc:
            for problem in schema_problems(exc):
                rep.add(entry, problem)
    return sheets


def check_art(sheet: Sheet, nodes: Sequence[str], nouns: Sequence[str], rep: Report, *, several: bool) -> None:
    """Every node of the sheet has a point on its image, and only they do."""
    art = sheet.art
    if art is None:
        return
    entry = f"sheets.{sheet.id}.art" if several else "art"
    missing = [n for n in nodes if n not in art.points]
    every, any_ = _enumerate(nouns, "and"), _enumerate(nouns, "or")
    if missing:
        rep.add(f"{entry}.points", f"no point for {', '.join(missing)} (every {every} needs [x, y])")
    where = f"on sheet {sheet.id!r}" if several else "of this map"
    for node_id in sorted(set(art.points) - set(nodes)):
        rep.add(f"{entry}.points.{node_id}", f"not {_article(any_)} {any_} {where}")
    for node_id, (x, y) in sorted(art.points.items()):
        if not (0 <= x <= art.width and 0 <= y <= art.height):
            rep.add(f"{entry}.points.{node_id}", f"[{x:g}, {y:g}] lies outside the {art.width}×{art.height} image")


def _enumerate(words: Sequence[str], conj: str) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {conj} {words[-1]}"


def _article(phrase: str) -> str:
    return "an" if phrase[:1] in "aeiou" else "a"
