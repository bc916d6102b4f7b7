"""Reading map files from disk; the parsing and checks live in bot.domain.gamemap.

A map file names its ruleset (``ruleset = "<id>"`` at the top); the ruleset's
plug-in supplies the profile the file is read with (bot/domain/gamemap_profile.py).
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bot.domain.gamemap import GameMap, MapError
from bot.domain.gamemap import parse_map as parse_with_profile
from bot.domain.gamemap_profile import MapProfile
from bot.plugins import UnknownRuleset, get_map_profile, ruleset_ids, shipped_files

__all__ = ["load_map_file", "load_shipped_map", "map_ruleset", "parse_map", "profile_for", "shipped_map_ids",
           "shipped_map_path", "shipped_maps"]

MAX_MAP_BYTES = 5_000_000


def profile_for(raw: Any, source: str, ruleset: str | None = None) -> MapProfile:
    """The profile of the ruleset the map names (or, naming none, of ``ruleset``:
    the case or campaign it belongs to)."""
    named = raw.get("ruleset") if isinstance(raw, Mapping) else None
    if named is None and ruleset is None:
        raise MapError([f"{source}: top level: missing key 'ruleset' (the ruleset this map is for; "
                        f"installed: {', '.join(ruleset_ids()) or 'none'})"])
    if named is not None and ruleset is not None and named != ruleset:
        raise MapError([f"{source}: top level: ruleset {named!r}, but it is used with ruleset {ruleset!r}"])
    wanted = named if named is not None else ruleset
    if not isinstance(wanted, str):
        raise MapError([f"{source}: top level: key 'ruleset': expected a ruleset id, got {type(wanted).__name__}"])
    try:
        return get_map_profile(wanted)
    except UnknownRuleset:
        raise MapError([f"{source}: top level: ruleset {wanted!r} is not installed "
                        f"(installed: {', '.join(ruleset_ids()) or 'none'})"]) from None
    except LookupError:
        raise MapError([f"{source}: top level: ruleset {wanted!r} has no maps"]) from None


def parse_map(raw: Any, source: str, *, ruleset: str | None = None, profile: MapProfile | None = None) -> GameMap:
    """A decoded map file read with its ruleset's profile (``profile`` given: with that one)."""
    return parse_with_profile(raw, source, profile or profile_for(raw, source, ruleset))


def load_map_file(path: str | Path, *, ruleset: str | None = None, profile: MapProfile | None = None) -> GameMap:
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
    game_map = parse_map(raw, source, ruleset=ruleset, profile=profile)
    return _with_art_paths(game_map, path)


def _with_art_paths(game_map: GameMap, path: Path) -> GameMap:
    """Art images are named relative to the map file; the renderer gets their full paths."""
    for sheet in list(game_map.sheets.values()):
        if sheet.art is None:
            continue
        image = path.resolve().parent / sheet.art.image
        if not image.is_file():
            entry = "art" if len(game_map.sheets) == 1 else f"sheets.{sheet.id}.art"
            raise MapError([f"{path.name}: {entry}: image {sheet.art.image!r} not found next to the map file"])
        game_map = game_map.with_art_image(sheet.id, str(image))
    return game_map


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
