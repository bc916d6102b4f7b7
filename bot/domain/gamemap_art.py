"""Custom artwork for a map: a background image and where each node sits on it.

A map file may carry an ``[art]`` table:

    [art]
    image = "seto-art.png"      # a file next to the map file
    width = 1600                # the image's size in pixels
    height = 1000
    [art.points]                # every area, port and strait: [x, y] in pixels,
    nagato = [212.0, 431.5]     # x to the right, y down from the top edge

The renderer then draws the image as the map and puts tokens, arrows and
names at these points instead of the longitude/latitude projection. Pure
module: whether the image file exists is checked by ``bot.mapfiles``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot.domain.gamemap_check import Coord, Report, schema_problems

if TYPE_CHECKING:
    from bot.domain.gamemap import GameMap

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


def parse_art(raw: Any, rep: Report) -> MapArt | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        rep.add("art", f"expected a table, got {type(raw).__name__}")
        return None
    try:
        art = MapArt.model_validate(raw)
    except ValidationError as exc:
        for problem in schema_problems(exc):
            rep.add("art", problem)
        return None
    if not _IMAGE_RE.fullmatch(art.image):
        rep.add("art", f"image {art.image!r} must be a PNG file name next to the map file, e.g. 'seto-art.png'")
    return art


def check_art(gm: GameMap, art: MapArt | None, rep: Report) -> None:
    """Every area, port and strait has a point on the image, and only they do."""
    if art is None:
        return
    nodes = [*sorted(gm.areas or {}), *sorted(gm.ports or {}), *sorted(gm.straits or {})]
    missing = [n for n in nodes if n not in art.points]
    if missing:
        rep.add("art.points", f"no point for {', '.join(missing)} (every area, port and strait needs [x, y])")
    for node_id in sorted(set(art.points) - set(nodes)):
        rep.add(f"art.points.{node_id}", "not an area, port or strait of this map")
    for node_id, (x, y) in sorted(art.points.items()):
        if not (0 <= x <= art.width and 0 <= y <= art.height):
            rep.add(f"art.points.{node_id}", f"[{x:g}, {y:g}] lies outside the {art.width}×{art.height} image")
