"""Command line: ``python -m bot <command>``.  The same use cases as the
Discord commands, without Discord."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path

from bot.domain.gamemap import MapError
from bot.i18n import LANGUAGES
from bot.scenarios import ScenarioFileError
from bot.services.errors import UserError
from bot.store import StoreError


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return args.handler(args) or 0
    except (UserError, StoreError, MapError, ScenarioFileError) as exc:
        detail = getattr(exc, "detail", None)  # a store error's file and SQLite's words: the operator's
        print(f"error: {exc}" + (f" ({detail})" if detail else ""), file=sys.stderr)
        return 2


_DB_HELP = ("an SQLite file or a postgresql:// URL (default: the DATABASE setting, from the environment or "
            ".env, else fleetwright.db)")


def _database(given: str | None) -> str:
    """--db if given, else the DATABASE the bot itself would use."""
    if given:
        return given
    from bot.config import StoreConfig
    return StoreConfig().database


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Fleetwright, the naval moderator bot")
    sub = parser.add_subparsers(required=True, metavar="command")
    cmd = sub.add_parser("run", help="start the Discord bot (DISCORD_TOKEN from the environment or .env)")
    cmd.set_defaults(handler=_run)
    cmd = sub.add_parser("demo", help="resolve the demo campaign offline and write reports and a map")
    cmd.add_argument("--out", type=Path, default=Path("out"))
    cmd.add_argument("--ruleset", help="whose demo scenario to resolve (default: the one installed ruleset's)")
    cmd.add_argument("--scenario", help="a shipped scenario with a demo section (default: the ruleset's demo)")
    cmd.add_argument("--lang", default="en", choices=sorted(LANGUAGES),
                     help="the language of the campaign and of every clan: its reports (and maps) in it")
    cmd.set_defaults(handler=_demo)
    cmd = sub.add_parser("check-map", help="validate a map file and list every problem")
    cmd.add_argument("file", type=Path)
    cmd.set_defaults(handler=_check_map)
    cmd = sub.add_parser("scenario", help="run adjudication case files and report mismatches")
    cmd.add_argument("paths", type=Path, nargs="+")
    cmd.add_argument("--list-keys", action="store_true",
                     help="resolve with any dice and print every dice key the case needs, with its die")
    cmd.set_defaults(handler=_scenario)
    cmd = sub.add_parser("migrate", help="bring the campaign database up to this version's schema (start-up "
                                         "does it too)")
    cmd.add_argument("--db", help=_DB_HELP)
    cmd.set_defaults(handler=_migrate)
    cmd = sub.add_parser("export", help="write a campaign (state, orders, resolutions) as JSON")
    cmd.add_argument("--db", help=_DB_HELP)
    cmd.add_argument("--campaign", type=int, required=True)
    cmd.add_argument("--out", type=Path)
    cmd.set_defaults(handler=_export)
    cmd = sub.add_parser("import", help="load a campaign exported as JSON into a database")
    cmd.add_argument("file", type=Path)
    cmd.add_argument("--db", help=_DB_HELP)
    cmd.set_defaults(handler=_import)
    cmd = sub.add_parser("dice", help="check rolls: `dice verify --proofs FILE` (signed dice, from /dice verify), "
                                      "or --seed --key --expr (turns before signed dice)")
    cmd.add_argument("--seed", help="a turn's revealed seed (turns stored before signed dice)")
    cmd.add_argument("--key")
    cmd.add_argument("--expr", help="e.g. 2d6 or d6")
    cmd.set_defaults(handler=_dice)
    checks = cmd.add_subparsers(dest="dice_action", metavar="verify")
    verify = checks.add_parser("verify", help="check the proofs file /dice verify attaches, with no database")
    verify.add_argument("--proofs", type=Path, required=True, help="dice-proofs-turn-N.json from /dice verify")
    verify.add_argument("--pubkey", type=Path, help="the turn's public key (PEM) if not the one in the proofs file")
    verify.add_argument("--commitment", help="the commitment posted when the turn opened, to check the key against")
    verify.set_defaults(handler=_dice_verify)
    cmd = sub.add_parser("i18n", help="keep the message catalogues in step with the code (docs/translating.md)")
    actions = cmd.add_subparsers(dest="i18n_action", metavar="extract|check", required=True)
    extract = actions.add_parser("extract", help="add the code's new texts (empty) to every language's catalogues, "
                                                 "keep every translation, list the texts no longer used")
    extract.add_argument("--prune", action="store_true", help="also drop the texts no longer used")
    extract.set_defaults(handler=_i18n_extract)
    actions.add_parser("check", help="list missing, untranslated, extra and mismatched texts (exit 1 if any)"
                       ).set_defaults(handler=_i18n_check)
    return parser


def _run(args) -> int:
    from bot.discord_app import run_bot
    return run_bot()


def _demo(args) -> int:
    from bot.demo import demo_scenario, run_demo
    files = asyncio.run(run_demo(args.out, args.scenario or demo_scenario(args.ruleset), language=args.lang))
    print("Demo turn resolved. Files written:")
    for path in files:
        print(f"  {path}")
    return 0


def _check_map(args) -> int:
    from bot.mapfiles import load_map_file
    gamemap = load_map_file(args.file)
    # Counted by the file's own sections: their words are the ruleset's.
    sections = ", ".join(f"{len(table)} {name}" for name, table in gamemap.sections.items())
    sheets = len(gamemap.sheets)
    print(f"{args.file.name}: map {gamemap.id!r} is valid for {gamemap.ruleset}: {sections} "
          f"({len(gamemap.nodes)} nodes, {len(gamemap.edges)} edges, {sheets} sheet{'s' if sheets != 1 else ''})")
    return 0


def _scenario(args) -> int:
    if args.list_keys:
        from bot.cases.keys import list_case_keys
        return list_case_keys(args.paths)
    from bot.cases.runner import run_case_files
    return run_case_files(args.paths)


def _migrate(args) -> int:
    from bot.store import describe_location
    from bot.store.migrate import known_migrations
    location = _database(args.db)

    async def go():
        from bot.store import open_repository
        repo = await open_repository(location)
        await repo.close()
        return repo.applied_migrations
    applied = asyncio.run(go())
    newest = known_migrations()[-1].version
    done = f"applied migrations {', '.join(map(str, applied))}" if applied else "nothing to apply"
    print(f"{describe_location(location)}: {done}; its schema is at version {newest}")
    return 0


def _export(args) -> int:
    async def go():
        from bot.services.campaigns import CampaignService
        repo = await _open_existing(_database(args.db))
        try:
            return await CampaignService(repo).export(args.campaign)
        finally:
            await repo.close()
    text = json.dumps(asyncio.run(go()), ensure_ascii=False, indent=2)
    if args.out:
        args.out.write_text(text, encoding="utf-8")
        print(f"campaign #{args.campaign} written to {args.out}")
    else:
        print(text)
    return 0


def _import(args) -> int:
    from bot.store import describe_location
    location = _database(args.db)

    async def go():
        from bot.services.campaigns import CampaignService
        from bot.store import open_repository
        data = json.loads(args.file.read_text(encoding="utf-8"))
        repo = await open_repository(location)
        try:
            campaign = await CampaignService(repo).import_(data)
            opened = await repo.get_turn(campaign.id, campaign.turn)
            rekeyed = opened is not None and (opened.opened_note or "").startswith("dice key made anew")
            return campaign, [f"{opened.turn}: {opened.opened_note}"] if rekeyed else []
        finally:
            await repo.close()
    try:
        campaign, campaign_notes = asyncio.run(go())
    except (OSError, json.JSONDecodeError) as exc:
        raise UserError(f"cannot read {args.file}: {exc}") from None
    print(f"imported as campaign #{campaign.id} {campaign.name} into {describe_location(location)}")
    for note in campaign_notes:
        print(f"turn {note}: announce the new commitment before any order is given")
    return 0


async def _open_existing(location: str):
    from bot.store import open_repository
    from bot.store.pg_open import is_postgres_url
    if not is_postgres_url(location) and not Path(location.removeprefix("sqlite:///")).exists():
        raise UserError(f"no campaign database at {location}; give --db PATH (or a postgresql:// URL)")
    return await open_repository(location)


def _dice(args) -> int:
    from bot.engine.dice import DiceError, derive_die
    if not (args.seed and args.key and args.expr):
        raise UserError("give `dice verify --proofs FILE` (signed dice), or --seed, --key and --expr together "
                        "(a turn stored before signed dice)")
    try:
        roll = derive_die(args.seed, args.key, args.expr)
    except DiceError as exc:
        raise UserError(str(exc)) from None
    print(f"{roll.key}: {roll.expr} {list(roll.faces)} = {roll.total}")
    return 0


def _dice_verify(args) -> int:
    from bot.services.dice_proofs import verify_proofs_file
    lines, ok = verify_proofs_file(args.proofs, args.pubkey, args.commitment)
    print("\n".join(lines))
    return 0 if ok else 1


def _i18n_extract(args) -> int:
    from bot.catalogues import extract
    for line in extract(prune=args.prune):
        print(line)
    return 0


def _i18n_check(args) -> int:
    from bot.catalogues import check
    problems = check()
    print("\n".join(problems) if problems else "every catalogue is complete")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
