"""Generate a Sengoku map's background art from its own data (S12.2): coastlines
and province areas derived from where the areas, waters, ports and straits are.

Not a copied picture: land is where a smooth field fitted to the map's points
is positive — +1 at every land area, −1 at every named water and strait, 0 at
every port (a port lies on the shore) — with a little fixed noise so coasts
are not circles; each land pixel belongs to the nearest land area, and the
borders between them are drawn. The nodes' pixel points are the same
projection, so the map file can carry them as ``[art.points]``.

    python -m bot.rulesets.sengoku.report.schematic seto   # writes seto-art.png beside seto.toml, prints [art]
"""

from __future__ import annotations

import math
import sys

import numpy as np
from PIL import Image

from bot.art_fields import box_blur, value_noise
from bot.mapfiles import load_shipped_map, shipped_map_path
from bot.rulesets.sengoku.rules.model.map_model import SengokuMap

WIDTH = 1600
PAD = 110  # pixels of sea around the outermost point: room for cards and names
SIGMA = 46.0  # reach of one point's influence, pixels
SEA_BIAS = -0.25  # far from every point is sea
NOISE = 0.22
NODE_LAND = 18  # pixels of land kept around every land area's point
SEED = 1560  # fixed: the same map always gives the same picture
NOISE_CELLS = 28  # the noise grid's cells across the sheet

SEA_DEEP = np.array([188, 212, 230])
SEA_SHALLOW = np.array([214, 232, 242])
RIPPLE = np.array([160, 192, 216])
LAND_TONES = np.array([[238, 228, 203], [233, 222, 192], [242, 234, 212], [229, 218, 190]])
COAST = np.array([120, 106, 80])
BORDER = np.array([196, 178, 140])


def project(gm: SengokuMap, width: int = WIDTH) -> tuple[dict[str, tuple[float, float]], int]:
    """Pixel point (x right, y down) of every area, port and strait, and the image height."""
    nodes = {**{k: (a.x, a.y) for k, a in gm.areas.items()}, **{k: (p.x, p.y) for k, p in gm.ports.items()},
             **{k: (s.x, s.y) for k, s in gm.straits.items()}}
    kx = math.cos(math.radians(sum(y for _, y in nodes.values()) / len(nodes)))
    xs = [x * kx for x, _ in nodes.values()]
    ys = [y for _, y in nodes.values()]
    scale = (width - 2 * PAD) / max(max(xs) - min(xs), 1e-9)
    height = round((max(ys) - min(ys)) * scale + 2 * PAD)
    points = {k: (round(PAD + (x * kx - min(xs)) * scale, 1), round(PAD + (max(ys) - y) * scale, 1))
              for k, (x, y) in sorted(nodes.items())}
    return points, height


def _targets(gm: SengokuMap, points: dict[str, tuple[float, float]], height: int,
             width: int) -> tuple[np.ndarray, np.ndarray]:
    """Where the field is pinned, and to what. Besides the nodes themselves:
    the middle of every land border inside one island is land (so an island
    is one piece), the middle of every coastal step between two islands is
    water, and an inland area's land runs on to the nearest edge of the
    picture (it lies away from the sea, so the land goes on off the map)."""
    where, value = [], []

    def pin(x: float, y: float, v: float) -> None:
        where.append((x, y))
        value.append(v)

    for k, area in sorted(gm.areas.items()):
        pin(*points[k], -1.0 if area.kind == "sea" else 1.0)
        if area.kind == "sea":
            continue
        for other in sorted(area.land):
            o = gm.areas.get(other)
            if o is not None and k < other and o.kind != "sea" and o.island == area.island:
                middle = _middle(points[k], points[other])
                pin(*middle, 1.0)
                if not (area.coastal and o.coastal):
                    for x, y in _towards_edge(middle, height, width):
                        pin(x, y, 1.0)
        for other in sorted(area.coast):
            o = gm.areas.get(other)
            if o is not None and k < other and o.island != area.island:
                pin(*_middle(points[k], points[other]), -1.0)  # a step between islands crosses water
        if not area.coastal:
            for x, y in _towards_edge(points[k], height, width):
                pin(x, y, 1.0)
    for k in sorted(gm.ports):
        pin(*points[k], 0.0)
    for k in sorted(gm.straits):
        pin(*points[k], -1.0)
    return np.array(where), np.array(value) - SEA_BIAS


def _middle(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


def _towards_edge(point: tuple[float, float], height: int, width: int) -> list[tuple[float, float]]:
    x, y = point
    edges = {(x, 0.0): y, (x, float(height)): height - y, (0.0, y): x, (float(width), y): width - x}
    (ex, ey), dist = min(edges.items(), key=lambda item: item[1])
    steps = max(1, int(dist // SIGMA))
    return [(x + (ex - x) * i / steps, y + (ey - y) * i / steps) for i in range(1, steps + 1)]



def land_field(gm: SengokuMap, points: dict[str, tuple[float, float]], height: int,
               width: int = WIDTH) -> np.ndarray:
    """Gaussian radial-basis field through the targets (ridge-regularised),
    plus fixed noise; land where it is positive."""
    where, value = _targets(gm, points, height, width)
    d2 = ((where[:, None, :] - where[None, :, :]) ** 2).sum(-1)
    kernel = np.exp(-d2 / (2 * SIGMA**2))
    weights = np.linalg.solve(kernel + 0.05 * np.eye(len(where)), value)
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    field = np.full((height, width), SEA_BIAS, dtype=np.float32)
    for (px, py), w in zip(where, weights):
        field += w * np.exp(-((xs - px) ** 2 + (ys - py) ** 2) / (2 * SIGMA**2))
    return field + NOISE * value_noise(height, width, NOISE_CELLS, SEED).astype(np.float32)



def render_schematic(gm: SengokuMap, width: int = WIDTH) -> tuple[np.ndarray, dict[str, tuple[float, float]]]:
    points, height = project(gm, width)
    land = land_field(gm, points, height, width) > 0
    ys, xs = np.mgrid[0:height, 0:width]
    for k, area in gm.areas.items():  # every land area stands on land, however small its island
        if area.kind != "sea":
            land |= (xs - points[k][0]) ** 2 + (ys - points[k][1]) ** 2 < NODE_LAND**2
    land = box_blur(land.astype(np.float32), 3) > 0.5
    owner = _nearest_land_area(gm, points, height, width)
    near = box_blur(land.astype(np.float32), 18)
    img = SEA_DEEP + (SEA_SHALLOW - SEA_DEEP) * np.clip(near * 2.2, 0, 1)[..., None]
    ripple = (near > 0.05) & (near < 0.09) & ~land
    img[ripple] = RIPPLE
    tones = LAND_TONES[owner % len(LAND_TONES)]
    img = np.where(land[..., None], tones, img)
    border = land & ((owner != np.roll(owner, 1, 0)) | (owner != np.roll(owner, 1, 1)))
    img[border] = BORDER
    coast = land & ~(np.roll(land, 1, 0) & np.roll(land, -1, 0) & np.roll(land, 1, 1) & np.roll(land, -1, 1))
    img[coast] = COAST
    return img.astype(np.uint8), points


def _nearest_land_area(gm: SengokuMap, points, height: int, width: int) -> np.ndarray:
    ids = [k for k, a in sorted(gm.areas.items()) if a.kind != "sea"]
    where = np.array([points[k] for k in ids], dtype=np.float32)
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    best = np.full((height, width), np.inf, dtype=np.float32)
    owner = np.zeros((height, width), dtype=np.int64)
    for i, (px, py) in enumerate(where):
        d = (xs - px) ** 2 + (ys - py) ** 2
        closer = d < best
        best[closer] = d[closer]
        owner[closer] = i
    return owner


def art_table(image: str, width: int, height: int, points: dict[str, tuple[float, float]]) -> str:
    lines = ["[art]", f'image = "{image}"', f"width = {width}", f"height = {height}", "", "[art.points]"]
    lines += [f"{k} = [{x}, {y}]" for k, (x, y) in sorted(points.items())]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    map_id = argv[0] if argv else "seto"
    gm = load_shipped_map(map_id)
    img, points = render_schematic(gm)
    name = f"{map_id}-art.png"
    Image.fromarray(img).save(shipped_map_path(map_id).parent / name, optimize=True)  # beside its map file
    print(art_table(name, img.shape[1], img.shape[0], points))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
