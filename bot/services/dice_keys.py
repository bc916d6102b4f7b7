"""A turn's dice key pair (``rsa-vrf``, bot/engine/dice.py), made when the turn opens.

In play the pair comes from OS randomness (OpenSSL).  The offline demo, the
tests and the benchmarks give a seed instead, and a seed always makes the same
pair, so their dice stay reproducible.  Either way the store holds the private
key and it never leaves it (docs/decisions.md, signed dice).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

from bot.engine.dice import key_fingerprint, public_pem

_E = 65537
_BITS = 1024  # each prime: an RSA-2048 modulus
_SMALL_PRIMES = [p for p in range(3, 5000) if all(p % d for d in range(2, int(p ** 0.5) + 1))]
_ROUNDS = 5  # Miller-Rabin rounds for a random 1024-bit candidate: error below 2^-100 (FIPS 186-4, C.3)


@dataclass(frozen=True)
class TurnKey:
    private_pem: str  # the turn's secret: the store only
    public_pem: str  # revealed with the report
    fingerprint: str  # the commitment published when the turn opens


def new_turn_key() -> TurnKey:
    """A pair from OS randomness (OpenSSL): every turn's in play."""
    return _turn_key(rsa.generate_private_key(public_exponent=_E, key_size=2 * _BITS))


@lru_cache(maxsize=64)
def turn_key(seed: str) -> TurnKey:
    """The pair a seed makes, always the same (the demo, tests, benchmarks)."""
    stream = _Stream(seed)
    p = _prime(stream)
    q = _prime(stream)
    while q == p:
        q = _prime(stream)
    return _turn_key(_private_key(p, q))


def _turn_key(key: rsa.RSAPrivateKey) -> TurnKey:
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                            serialization.NoEncryption()).decode()
    public = public_pem(key)
    return TurnKey(pem, public, key_fingerprint(public))


class _Stream:
    """SHA-256 in counter mode over the seed: the randomness the primes are drawn from."""

    def __init__(self, seed: str) -> None:
        self._seed = f"fleetwright-turn-key/1\n{seed}".encode()
        self._counter = 0

    def integer(self, bits: int) -> int:
        out = b""
        while len(out) * 8 < bits:
            out += hashlib.sha256(self._seed + self._counter.to_bytes(8, "big")).digest()
            self._counter += 1
        return int.from_bytes(out, "big") >> (len(out) * 8 - bits)


def _prime(stream: _Stream) -> int:
    while True:
        # Top two bits set: the product of two such primes has exactly 2048 bits.
        start = stream.integer(_BITS) | (3 << (_BITS - 2)) | 1
        # Sieve a window of odd numbers from the start by the small primes, then test the survivors.
        residues = [(p, start % p) for p in _SMALL_PRIMES]
        for step in range(0, 4096, 2):
            if any((r + step) % p == 0 for p, r in residues):
                continue
            candidate = start + step
            if candidate % _E != 1 and _probably_prime(candidate, stream):
                return candidate


def _probably_prime(n: int, stream: _Stream, rounds: int = _ROUNDS) -> bool:
    if pow(2, n - 1, n) != 1:  # cheap first filter: most composites fail here
        return False
    d, r = n - 1, 0
    while d % 2 == 0:
        d, r = d // 2, r + 1
    for _ in range(rounds):
        a = 2 + stream.integer(_BITS) % (n - 3)
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(r - 1):
            x = pow(x, 2, n)
            if x == n - 1:
                break
        else:
            return False
    return True


def _private_key(p: int, q: int) -> rsa.RSAPrivateKey:
    d = pow(_E, -1, (p - 1) * (q - 1))
    public = rsa.RSAPublicNumbers(_E, p * q)
    numbers = rsa.RSAPrivateNumbers(p, q, d, rsa.rsa_crt_dmp1(d, p), rsa.rsa_crt_dmq1(d, q),
                                    rsa.rsa_crt_iqmp(p, q), public)
    return numbers.private_key()
