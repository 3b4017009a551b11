"""Offline verification of the license token: RS256 by the service's key, issuer, expiry, claims."""
from __future__ import annotations

import base64
import json
import time
from typing import Dict, Optional

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa

from .errors import LicenseTokenError

ISSUER = "preflight"
ALGORITHM = "RS256"
REQUIRED_CLAIMS = {"sub": str, "org_id": str, "license_type": str, "policy_version": str, "iat": int, "exp": int}


def _b64(part: str) -> bytes:
    return base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))


def token_key_id(token: str) -> Optional[str]:
    """The ``kid`` of a token's header, unverified (to pick the key to verify it with)."""
    try:
        header = json.loads(_b64(token.split(".")[0]))
    except (ValueError, IndexError) as err:
        raise LicenseTokenError("not a JWT") from err
    kid = header.get("kid")
    return kid if isinstance(kid, str) else None


def verify_token(token: str, public_key_pem: str, now: Optional[float] = None) -> Dict[str, object]:
    """The verified claims of a license token, or LicenseTokenError."""
    parts = token.split(".")
    if len(parts) != 3:
        raise LicenseTokenError("not a JWT")
    try:
        header = json.loads(_b64(parts[0]))
        claims = json.loads(_b64(parts[1]))
        signature = _b64(parts[2])
    except ValueError as err:
        raise LicenseTokenError("the token is not readable") from err
    if header.get("alg") != ALGORITHM:
        raise LicenseTokenError(f"unexpected token algorithm {header.get('alg')}")
    key = serialization.load_pem_public_key(public_key_pem.encode())
    if not isinstance(key, rsa.RSAPublicKey):
        raise LicenseTokenError("the public key is not an RSA key")
    try:
        key.verify(signature, f"{parts[0]}.{parts[1]}".encode(), padding.PKCS1v15(), hashes.SHA256())
    except InvalidSignature as err:
        raise LicenseTokenError("the token's signature is not the service's") from err
    if not isinstance(claims, dict) or claims.get("iss") != ISSUER:
        raise LicenseTokenError("the token was not issued by Preflight")
    for name, kind in REQUIRED_CLAIMS.items():
        if not isinstance(claims.get(name), kind):
            raise LicenseTokenError(f"the token lacks its {name} claim")
    if claims["exp"] <= (now if now is not None else time.time()):
        raise LicenseTokenError("the token has expired")
    return claims
