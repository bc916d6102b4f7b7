"""Reading map files from disk; the parsing and checks live in bot.domain.gamemap."""

from __future__ import annotations

import functools
import tomllib
from pathlib import Path

from bot.domain.gamemap import GameMap, MapError, parse_map
from bot.plugins import shipped_files

__all__ = ["load_map_file", "load_shipped_map", "map_ruleset", "shipped_map_ids", "shipped_map_path", "shipped_maps"]

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


def shipped_maps() -> dict[str, Path]:
    """Every installed ruleset's map files (its plug-in's ``maps_dir``), by map id."""
    return {map_id: path for map_id, (_, path) in shipped_files("maps_dir", ".toml").items()}


def shipped_map_ids() -> list[str]:
    return sorted(shipped_maps())


def map_ruleset(map_id: str) -> str | None:
    """The ruleset shipping the map; ``None`` for no shipped map."""
    shipped = shipped_files("maps_dir", ".toml").get(map_id)
    return shipped[0] if shipped else None


def shipped_map_path(map_id: str) -> Path:
    # Looked up in the listing so a map id from a user can never name a path outside the maps' folders.
    shipped = shipped_maps()
    if map_id not in shipped:
        raise MapError([f"{map_id}: not a shipped map (shipped: {', '.join(sorted(shipped)) or 'none'})"])
    return shipped[map_id]


def load_shipped_map(map_id: str) -> GameMap:
    path = shipped_map_path(map_id)
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
