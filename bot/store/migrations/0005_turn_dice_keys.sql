-- 0005: signed dice (docs/decisions.md, signed dice).
--
-- A turn opened from now on has an RSA key pair: ``seed`` keeps the turn's
-- secret (the private key, PEM, which never leaves the store), ``public_key``
-- the public key revealed with the report, and ``commitment`` the public key's
-- SHA-256 fingerprint.  Turns stored before keep their HMAC seed scheme: their
-- seed was (or will be) revealed with the report as before.

ALTER TABLE turns ADD COLUMN dice_scheme TEXT NOT NULL DEFAULT 'hmac-seed';
ALTER TABLE turns ADD COLUMN public_key TEXT;
