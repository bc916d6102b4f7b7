"""Cut the CJK fonts the maps are drawn with (data/fonts/) from Noto Sans CJK.

    python tools/make_font_subset.py            # fetches Debian's fonts-noto-cjk with apt-get download
    python tools/make_font_subset.py --fonts-dir DIR   # holding NotoSansCJK-Regular.ttc and -Bold.ttc

Re-run it when a shipped map gets a ``local_name`` with a new character, or a ja / zh-TW map
catalogue (``*maps.po``) a new word: tests/render/test_map_languages.py says so. The output is
committed, so a fresh machine needs no font package and no fontTools (matplotlib brings
fontTools anyway; this script is the only user of its subsetter).

The subsets keep the characters the maps draw (every local_name of the shipped maps, every
translation in the ja and zh-TW map catalogues) plus the kana and the CJK and full-width
punctuation, for names a moderator types. Each face is renamed ("Fleetwright Noto Sans JP"),
as the SIL Open Font Licence asks of a modified font; the licence is copied beside them.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

from babel.messages.pofile import read_po
from fontTools import subset
from fontTools.ttLib import TTCollection

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the map vocabularies of this checkout's rulesets, not an installed copy's
OUT = ROOT / "data" / "fonts"
FONTS = "usr/share/fonts/opentype/noto"
WEIGHTS = ("Regular", "Bold")  # area names and titles are bold
COPYRIGHT = "usr/share/doc/fonts-noto-cjk/copyright"
# language → (face in the collection, family name of the subset); bot/render/fonts.py reads them
FACES = {"ja": ("Noto Sans CJK JP", "Fleetwright Noto Sans JP"),
         "zh-TW": ("Noto Sans CJK TC", "Fleetwright Noto Sans TC")}
EXTRA_RANGES = [(0x3000, 0x303F), (0x3040, 0x309F), (0x30A0, 0x30FF), (0xFF01, 0xFF5E)]  # punctuation, kana


def map_characters(root: Path = ROOT) -> set[str]:
    """Every character of a local_name in a shipped map file (data/*/maps/*.toml)."""
    found: set[str] = set()

    def walk(value) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if key == "local_name" and isinstance(item, str):
                    found.update(item)
                else:
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for path in sorted(root.glob("data/*/maps/*.toml")):
        walk(tomllib.loads(path.read_text(encoding="utf-8")))
    return found


# Texts a map borrows from a report catalogue (Sengoku's season words, build.SEASONS).
BORROWED = frozenset({"spring–summer", "summer–autumn", "autumn–winter"})


def catalogue_characters(language: str, root: Path = ROOT) -> set[str]:
    """Every character of a translation in the language's map catalogues (``*maps.po``), and of
    the texts the maps borrow from the other catalogues."""
    found: set[str] = set()
    for path in sorted(root.glob(f"bot/**/locale/{language}/LC_MESSAGES/*.po")):
        with path.open("rb") as fh:
            for message in read_po(fh):
                if not path.name.endswith("maps.po") and message.id not in BORROWED:
                    continue
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                for text in strings:
                    found.update(text or "")
    return found


def vocabulary_characters(language: str) -> set[str]:
    """Every character of a map key's word (each installed ruleset's map vocabulary) in ``language``,
    from whichever of its catalogues holds it: a word the reports used first is in the report
    catalogue, not in the map's (Sengoku's "storm", Here I Stand's "squadron")."""
    from bot.i18n import messages
    from bot.plugins import plugins
    found: set[str] = set()
    for plugin in plugins().values():
        if plugin.map_vocabulary is None:
            continue
        vocabulary, t = plugin.map_vocabulary(), messages(language, plugin.id)
        for section in (vocabulary.shapes, vocabulary.highlights, vocabulary.routes, vocabulary.lines):
            for style in section.values():
                for word in (style.name, getattr(style, "plural", "")):
                    found.update(t._(word) if word else "")
    return found


def wanted(language: str, root: Path = ROOT) -> set[str]:
    """The characters a map in ``language`` may need from the CJK face (DejaVu draws the rest)."""
    chars = map_characters(root) | catalogue_characters(language, root) | vocabulary_characters(language)
    chars = {c for c in chars if ord(c) >= 0x2E80}
    for low, high in EXTRA_RANGES:
        chars.update(chr(c) for c in range(low, high + 1))
    return chars


def fetch_debian_package(into: Path) -> Path:
    subprocess.run(["apt-get", "download", "fonts-noto-cjk"], cwd=into, check=True)
    deb = next(into.glob("fonts-noto-cjk_*.deb"))
    subprocess.run(["dpkg-deb", "-x", str(deb), str(into / "x")], check=True)
    return into / "x"


def licence_text(copyright_file: Path) -> str:
    """The SIL OFL 1.1 text of the Debian copyright file (its ``License: SIL-1.1`` paragraph)."""
    text = copyright_file.read_text(encoding="utf-8")
    body = text.split("\nLicense: SIL-1.1\n", 2)[-1]
    lines = []
    for line in body.splitlines():
        if line and not line.startswith(" "):
            break
        lines.append("" if line.strip() == "." else line[1:])
    return "Noto Sans CJK: Copyright 2014-2021 Adobe (http://www.adobe.com/), with Reserved Font Name 'Source'.\n" \
        "Subset and renamed for Fleetwright by tools/make_font_subset.py.\n\n" + "\n".join(lines).strip() + "\n"


def file_name(family: str, weight: str) -> str:
    return re.sub(r"[^A-Za-z0-9]", "", family) + f"-{weight}.otf"


def _rename(font, family: str, weight: str) -> None:
    names = font["name"]
    postscript = file_name(family, weight).removesuffix(".otf")
    for record in list(names.names):
        if record.nameID in (1, 16):
            record.string = family
        elif record.nameID in (2, 17):
            record.string = weight
        elif record.nameID == 4:
            record.string = f"{family} {weight}"
        elif record.nameID in (3, 6):
            record.string = postscript
    if "CFF " in font:
        cff = font["CFF "].cff
        cff.fontNames = [postscript]
        top = cff.topDictIndex[0]
        top.FamilyName, top.FullName = family, f"{family} {weight}"


def make(fonts_dir: Path, out: Path = OUT, root: Path = ROOT) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for weight in WEIGHTS:
        collection = TTCollection(str(fonts_dir / f"NotoSansCJK-{weight}.ttc"))
        written += [_cut(collection, language, weight, out, root) for language in FACES]
    return written


def _cut(collection: TTCollection, language: str, weight: str, out: Path, root: Path) -> Path:
    face, family = FACES[language]
    font = next(f for f in collection.fonts if f["name"].getDebugName(1) == face)
    options = subset.Options()
    # matplotlib lays text out glyph by glyph, horizontally: no shaping or vertical tables
    options.layout_features = []
    options.drop_tables += ["GSUB", "GPOS", "BASE", "VORG", "vhea", "vmtx"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(text="".join(sorted(wanted(language, root))))
    subsetter.subset(font)
    _rename(font, family, weight)
    path = out / file_name(family, weight)
    font.recalcTimestamp = False  # the same input gives the same bytes: a re-run changes nothing
    font.save(str(path))
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fonts-dir", type=Path, help="where NotoSansCJK-{Regular,Bold}.ttc are "
                        "(default: apt-get download fonts-noto-cjk)")
    parser.add_argument("--copyright", type=Path, help="the package's copyright file, for OFL.txt")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        if args.fonts_dir is None:
            unpacked = fetch_debian_package(Path(tmp))
            args.fonts_dir, args.copyright = unpacked / FONTS, unpacked / COPYRIGHT
        for path in make(args.fonts_dir):
            print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KiB")
        if args.copyright is not None:
            (OUT / "OFL.txt").write_text(licence_text(args.copyright), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
