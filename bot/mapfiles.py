"""Reading map files from disk; the parsing and checks live in bot.domain.gamemap."""

from __future__ import annotations

import functools
import tomllib
from pathlib import Path

from bot.domain.gamemap import GameMap, MapError, parse_map

__all__ = ["MAPS_DIR", "load_map_file", "load_shipped_map", "shipped_map_ids"]

MAPS_DIR: Path = Path(__file__).resolve().parent.parent / "data" / "sengoku" / "maps"  # moving to the plug-ins next
MAX_MAP_BYTES = 5_000_000


def load_map_file(path: str | Path) -> GameMap:
    """Load and validate one TOML map; every failure is a MapError naming the file."""
    path = Path(path)
    # Only the file name: these messages may be shown to players on Discord.
    source = path.name
    try:
        with path.open("rb") as fh:
            data = fh.read(MAX_MAP_BYTES + 1)
        if len(data) > MAX_MAP_BYTES:
            raise MapError([f"{source}: larger than {MAX_MAP_BYTES} bytes; a map file is far smaller"])
        raw = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise MapError([f"{source}: invalid TOML: the file is not UTF-8 text"]) from None
    except FileNotFoundError:
        raise MapError([f"{source}: file not found"]) from None
    except OSError as exc:
        raise MapError([f"{source}: cannot read the file ({exc.strerror or exc})"]) from None
    except tomllib.TOMLDecodeError as exc:
        raise MapError([f"{source}: invalid TOML: {exc}"]) from None
    except RecursionError:  # tomllib recurses into nested arrays and inline tables
        raise MapError([f"{source}: invalid TOML: arrays or tables nested too deeply"]) from None
    game_map = parse_map(raw, source)
    if game_map.art is not None:
        game_map = _with_art_path(game_map, path)
    return game_map


def _with_art_path(game_map: GameMap, path: Path) -> GameMap:
    """The art image is named relative to the map file; the renderer gets its full path."""
    image = path.resolve().parent / game_map.art.image
    if not image.is_file():
        raise MapError([f"{path.name}: art: image {game_map.art.image!r} not found next to the map file"])
    art = game_map.art.model_copy(update={"image": str(image)})
    return game_map.model_copy(update={"art": art})


def shipped_map_ids() -> list[str]:
    return sorted(p.stem for p in MAPS_DIR.glob("*.toml"))


def load_shipped_map(map_id: str) -> GameMap:
    # Checked against the listing so a map id from a user can never name a
    # path outside MAPS_DIR.
    shipped = shipped_map_ids()
    if map_id not in shipped:
        raise MapError([f"{map_id}: not a shipped map (shipped: {', '.join(shipped) or 'none'})"])
    path = MAPS_DIR / f"{map_id}.toml"
    try:
        changed = path.stat().st_mtime_ns
    except OSError:
        changed = -1  # load_map_file says what is wrong
    game_map = _load_unchanged(str(path), changed)
    if game_map.id != map_id:
        raise MapError([f"{map_id}.toml: top level: id {game_map.id!r} does not match the file name"])
    return game_map


@functools.lru_cache(maxsize=32)
def _load_unchanged(path: str, modified_ns: int) -> GameMap:
    """Every service call needs its campaign's map, and parsing and checking one takes
    milliseconds; a GameMap is frozen, so one parsed copy serves until the file changes."""
    return load_map_file(path)
