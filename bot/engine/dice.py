"""Keyed dice.

Every roll is asked for with a unique purpose key (``battle:A:r1``) and a die
expression (``2d6``).  The seeded source derives each die from the turn's
secret and the key alone, so one roll never depends on how many rolls came
before it: correcting one order and resolving again changes only the rolls
that order touches.  Every roll is recorded for the report and the audit.

Two schemes (a turn's ``dice_scheme``).  ``hmac-seed`` (turns opened before
signed dice): each die is HMAC-SHA256(seed, key#i), the seed is revealed with
the report, and so anyone could recompute every roll, hidden ones too.
``rsa-vrf`` (every turn opened since): the turn has an RSA-2048 key pair; a
roll's proof is the PKCS#1 v1.5 / SHA-256 signature of ``roll_message`` —
deterministic, and the only valid signature for that public key, so it works
as a verifiable random function (cf. RFC 9381) — and its dice are the
``hmac-seed`` derivation keyed with SHA-256(proof).  Only who is shown a
proof can check (or learn) that roll; the public key proves nothing else.
"""

from __future__ import annotations

import functools
import hashlib
import re
from dataclasses import dataclass, field
from typing import Protocol

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa
from pydantic import BaseModel, ConfigDict

_EXPR = re.compile(r"^\s*(\d*)d(\d+)\s*(?:([+-])\s*(\d+))?\s*$")


SEED_SCHEME = "hmac-seed"
KEY_SCHEME = "rsa-vrf"
_MESSAGE_TAG = "fleetwright-dice/rsa-vrf/1"

MAX_DICE = 100
MAX_SIDES = 1000


class DiceError(Exception):
    """A roll was asked for wrongly, or a scripted source does not match."""


@dataclass(frozen=True)
class DieExpr:
    count: int
    sides: int
    modifier: int = 0

    @classmethod
    def parse(cls, text: str) -> "DieExpr":
        # A turn rolls thousands of times with a handful of expressions (issue 18): parsed once each.
        return _parse_expr(text) if cls is DieExpr else cls._parse(text)

    @classmethod
    def _parse(cls, text: str) -> "DieExpr":
        match = _EXPR.match(text)
        if not match:
            raise DiceError(f"bad die expression {text!r}: expected e.g. d6, 2d6, d6-1, 2d6-2")
        count = int(match.group(1) or 1)
        sides = int(match.group(2))
        mod = int(match.group(4) or 0) * (-1 if match.group(3) == "-" else 1)
        if count < 1 or sides < 2:
            raise DiceError(f"bad die expression {text!r}: need at least one die of 2+ sides")
        if count > MAX_DICE or sides > MAX_SIDES:
            # A player types these in /dice verify: 99999999d6 would hold the bot for minutes.
            raise DiceError(f"bad die expression {text!r}: at most {MAX_DICE} dice of at most {MAX_SIDES} sides")
        return cls(count, sides, mod)

    def __str__(self) -> str:
        base = f"{self.count if self.count > 1 else ''}d{self.sides}"
        if self.modifier:
            return f"{base}{self.modifier:+d}"
        return base


@functools.lru_cache(maxsize=256)
def _parse_expr(text: str) -> DieExpr:
    return DieExpr._parse(text)  # frozen: one instance can serve every roll; errors are not cached


class Roll(BaseModel):
    """One recorded roll: what it was for, what was thrown, what it came to."""

    model_config = ConfigDict(frozen=True)

    key: str
    expr: str
    faces: tuple[int, ...]
    total: int
    proof: str = ""  # rsa-vrf: the signature (hex) that fixes this roll's dice; "" for seeded and scripted dice


class Dice(Protocol):
    def roll(self, key: str, expr: str) -> Roll: ...


class _RecordingDice:
    def __init__(self) -> None:
        self.log: list[Roll] = []
        self._seen: set[str] = set()

    def roll(self, key: str, expr: str) -> Roll:
        if key in self._seen:
            raise DiceError(f"dice key {key!r} was rolled twice; every roll needs its own key")
        self._seen.add(key)
        parsed = DieExpr.parse(expr)
        faces = self._faces(key, parsed)
        result = Roll(key=key, expr=_expr_text(parsed), faces=faces, total=sum(faces) + parsed.modifier,
                      proof=self._proof(key))
        self.log.append(result)
        return result

    def _faces(self, key: str, expr: DieExpr) -> tuple[int, ...]:
        raise NotImplementedError

    def _proof(self, key: str) -> str:
        return ""


@functools.lru_cache(maxsize=256)
def _expr_text(expr: DieExpr) -> str:
    return str(expr)  # frozen: a turn's thousands of rolls share a handful of expressions (issue 18)


_BLOCK = 64  # SHA-256's block size
_PAD_INNER = bytes(x ^ 0x36 for x in range(256))
_PAD_OUTER = bytes(x ^ 0x5C for x in range(256))


class KeyedHmac:
    """HMAC-SHA256 under one key (RFC 2104), the key's two padded blocks hashed once: each message then
    costs two copies of a hash state, about half of ``hmac.digest`` (a turn rolls thousands of dice,
    issue 18).  The same bytes as ``hmac.digest(key, message, "sha256")``."""

    __slots__ = ("_inner", "_outer")

    def __init__(self, key: bytes) -> None:
        if len(key) > _BLOCK:
            key = hashlib.sha256(key).digest()
        key = key.ljust(_BLOCK, b"\0")
        self._inner = hashlib.sha256(key.translate(_PAD_INNER))
        self._outer = hashlib.sha256(key.translate(_PAD_OUTER))

    def digest(self, message: bytes) -> bytes:
        inner = self._inner.copy()
        inner.update(message)
        outer = self._outer.copy()
        outer.update(inner.digest())
        return outer.digest()


def _keyed_faces(mac: KeyedHmac, key: str, expr: DieExpr) -> tuple[int, ...]:
    return tuple(_die(mac, f"{key}#{i}", expr.sides) for i in range(expr.count))


def _die(mac: KeyedHmac, label: str, sides: int) -> int:
    # Rejection sampling keeps every face equally likely for any number of sides.
    limit = (1 << 64) - ((1 << 64) % sides)
    counter = 0
    while True:
        digest = mac.digest(f"{label}/{counter}".encode())
        value = int.from_bytes(digest[:8], "big")
        if value < limit:
            return value % sides + 1
        counter += 1


class SeededDice(_RecordingDice):
    """``hmac-seed``: dice derived from a secret seed and the roll's key (HMAC-SHA256)."""

    def __init__(self, seed: str) -> None:
        super().__init__()
        self._mac = KeyedHmac(seed.encode())

    def _faces(self, key: str, expr: DieExpr) -> tuple[int, ...]:
        return _keyed_faces(self._mac, key, expr)


def derive_die(seed: str, key: str, expr: str) -> Roll:
    """Recompute one roll of an ``hmac-seed`` turn from its revealed seed."""
    return SeededDice(seed).roll(key, expr)


def roll_message(turn: int, key: str) -> bytes:
    """What a roll's proof signs.  No campaign id: the key pair is the turn's own (made when it
    opened), and an import gives the campaign a new id, which must not break its proofs."""
    return f"{_MESSAGE_TAG}\nturn {turn}\n{key}".encode()


class SignedDice(_RecordingDice):
    """``rsa-vrf``: each roll's dice come from the turn key's signature of the roll's message.
    PKCS#1 v1.5 signing is deterministic, so the same key pair rolls the same dice (undo, redo)."""

    def __init__(self, private_key: rsa.RSAPrivateKey, turn: int) -> None:
        super().__init__()
        self._key = private_key
        self._turn = turn
        self._proofs: dict[str, bytes] = {}

    def _faces(self, key: str, expr: DieExpr) -> tuple[int, ...]:
        proof = self._key.sign(roll_message(self._turn, key), padding.PKCS1v15(), hashes.SHA256())
        self._proofs[key] = proof
        return faces_from_proof(proof, key, expr)

    def _proof(self, key: str) -> str:
        return self._proofs[key].hex()


def faces_from_proof(proof: bytes, key: str, expr: DieExpr) -> tuple[int, ...]:
    return _keyed_faces(KeyedHmac(hashlib.sha256(proof).digest()), key, expr)


def load_private_key(pem: str) -> rsa.RSAPrivateKey:
    # Skipping the key's self-check (30 ms): the store holds only keys the service made.
    key = serialization.load_pem_private_key(pem.encode(), password=None, unsafe_skip_rsa_key_validation=True)
    if not isinstance(key, rsa.RSAPrivateKey):
        raise DiceError("a turn's dice key must be an RSA key")
    return key


def load_public_key(pem: str) -> rsa.RSAPublicKey:
    try:
        key = serialization.load_pem_public_key(pem.encode())
    except ValueError as exc:
        raise DiceError(f"not a PEM public key: {exc}") from None
    if not isinstance(key, rsa.RSAPublicKey):
        raise DiceError("a turn's dice key must be an RSA public key")
    return key


def public_pem(private_key: rsa.RSAPrivateKey) -> str:
    return private_key.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo).decode()


def key_fingerprint(public_key_pem: str) -> str:
    """The ``rsa-vrf`` commitment published when a turn opens: SHA-256 of the public key (DER)."""
    der = load_public_key(public_key_pem).public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    return hashlib.sha256(der).hexdigest()


def check_proof(public_key_pem: str, turn: int, roll: Roll) -> str | None:
    """None if ``roll`` (key, expression, faces, total) is what its proof gives under the turn's
    public key; otherwise what is wrong.  Needs no secret: what a player runs offline."""
    try:
        public = load_public_key(public_key_pem)
        proof = bytes.fromhex(roll.proof)
        expr = DieExpr.parse(roll.expr)
    except (DiceError, ValueError) as exc:
        return f"{roll.key}: {exc}"
    try:
        public.verify(proof, roll_message(turn, roll.key), padding.PKCS1v15(), hashes.SHA256())
    except InvalidSignature:
        return f"{roll.key}: the proof is not the turn key's signature of this roll (turn {turn})"
    faces = faces_from_proof(proof, roll.key, expr)
    if tuple(roll.faces) != faces or roll.total != sum(faces) + expr.modifier:
        return (f"{roll.key}: the proof gives {expr} {list(faces)} = {sum(faces) + expr.modifier}, "
                f"not {list(roll.faces)} = {roll.total}")
    return None


@dataclass
class ScriptedDice(_RecordingDice):
    """Dice for tests: each key maps to the faces the case expects.

    Fails on a key that is not in the script, on faces that do not fit the
    die asked for, and (``assert_all_used``) on a planned roll never asked for.
    A script entry is either a list of faces or ``"2d6: 4 3"`` to also pin
    the expression.
    """

    script: dict[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        super().__init__()

    def _faces(self, key: str, expr: DieExpr) -> tuple[int, ...]:
        if key not in self.script:
            planned = ", ".join(sorted(self.script)) or "none"
            raise DiceError(f"unplanned roll {key!r} ({expr}); planned keys: {planned}")
        wanted_expr, faces = _parse_entry(self.script[key])
        if wanted_expr is not None and DieExpr.parse(wanted_expr) != expr:
            raise DiceError(f"roll {key!r}: the code rolled {expr}, the case planned {wanted_expr}")
        if len(faces) != expr.count or any(not 1 <= f <= expr.sides for f in faces):
            raise DiceError(f"roll {key!r}: faces {list(faces)} do not fit {expr}")
        return faces

    def unused(self) -> list[str]:
        return sorted(set(self.script) - self._seen)

    def assert_all_used(self) -> None:
        left = self.unused()
        if left:
            raise DiceError(f"planned rolls never made: {', '.join(left)}")


def _parse_entry(entry: object) -> tuple[str | None, tuple[int, ...]]:
    if isinstance(entry, int):
        return None, (entry,)
    if isinstance(entry, (list, tuple)):
        return None, tuple(int(f) for f in entry)
    if isinstance(entry, str):
        expr, _, faces = entry.partition(":")
        return expr.strip(), tuple(int(f) for f in faces.split())
    raise DiceError(f"bad script entry {entry!r}: use a list of faces or '2d6: 4 3'")
