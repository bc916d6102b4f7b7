"""``python -m bot dice verify``: check a proofs file from /dice verify with no database.

The file holds a signed turn's public key and the rolls (key, dice, faces, proof) one reader's
reports show; each proof must be the key's signature of its roll and give exactly its faces
(bot/engine/dice.py), and the key's SHA-256 must be the commitment posted when the turn opened.
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import ValidationError

from bot.engine.dice import DiceError, Roll, check_proof, key_fingerprint
from bot.i18n import N_
from bot.services.errors import UserError


def verify_proofs_file(proofs: Path, pubkey: Path | None = None,
                       commitment: str | None = None) -> tuple[list[str], bool]:
    """(one line per roll and one for the key, whether everything checked)."""
    try:
        doc = json.loads(proofs.read_text(encoding="utf-8"))
        public = pubkey.read_text(encoding="utf-8") if pubkey else doc["public_key"]
        turn = int(doc["turn"])
        rolls = [Roll.model_validate(r) for r in doc["rolls"]]
        given = commitment or doc.get("commitment") or ""
        # A hand-made file may hold anything: a key or commitment that is no text, nesting deeper
        # than the parser recurses, a turn of 1e400.
        for name, value in (("public_key", public), ("commitment", given)):
            if not isinstance(value, str):
                raise TypeError(f"its {name} is a {type(value).__name__}, not text")
    except RecursionError:
        raise UserError(N_("cannot read the proofs file {file}: it is nested too deeply; give the file /dice verify "
                           "attached"), file=proofs) from None
    except (OSError, ValueError, KeyError, TypeError, OverflowError, ValidationError) as exc:
        raise UserError(N_("cannot read the proofs file {file}: {problem}; give the file /dice verify attached"),
                        file=proofs, problem=str(exc)) from None
    try:
        fingerprint = key_fingerprint(public)
    except DiceError as exc:
        raise UserError(N_("the public key is unreadable: {problem}"), problem=str(exc)) from None
    wanted = given.lower()
    ok = fingerprint == wanted
    lines = [f"{'✅' if ok else '❌'} public key SHA-256 {fingerprint}"
             + (" matches the commitment" if ok else f" is not the commitment {wanted or '(none given)'}")]
    for roll in rolls:
        problem = check_proof(public, turn, roll)
        ok = ok and problem is None
        lines.append(f"❌ {problem}" if problem else
                     f"✅ {roll.key}: {roll.expr} {list(roll.faces)} = {roll.total}")
    lines.append(f"{'All' if ok else 'Not all'} of {len(rolls)} rolls of turn {turn} check out.")
    return lines, ok
