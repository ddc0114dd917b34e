"""Accounts: a name kept by a password, the devices signed in with it, and the limits on guessing it.

An account is found by its name's key (companion.server.names.key), so "ANA" or a Cyrillic "Аna" finds Ana's.
The password is kept only as an argon2id hash (argon2-cffi); hashing runs off the event loop. A device that
signed in gets a token (only its SHA-256 digest is kept), which it sends instead of the password next time;
each use gives a new token, as a seat's token is renewed: the old one fits until the new one is used once.
Wrong passwords are counted in the store, so the limits hold across processes (companion.server.guessing: a
growing delay per account and address, never a lockout), and argon2 runs a few hashes at once.
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.net import codes
from companion.server import names
from companion.server.community_store import Kv
from companion.server.events import emit
from companion.server.guessing import BUSY, MISSING, Busy, Guessing, Hashing, Missing
from companion.server.quota import wait_words

if TYPE_CHECKING:
    from argon2 import PasswordHasher

MIN_PASSWORD = 10
MAX_PASSWORD = 200
RESET_FOR = 86400.0  # seconds a reset code works


def hasher() -> PasswordHasher:
    try:
        from argon2 import PasswordHasher
    except ImportError:
        raise Missing from None

    return PasswordHasher()  # argon2id, RFC 9106's low-memory profile (3 passes, 64 MiB)


@dataclass
class Checked:
    ok: bool
    said: str = ""  # why not: one sentence
    reset: bool = False  # signed in with the operator's one-time code: a new password is asked for now


def password_problem(password: str) -> str | None:
    if len(password) < MIN_PASSWORD:
        return f"Error, that password has {len(password)} characters, and it needs {MIN_PASSWORD} or more. Type another."
    if len(password) > MAX_PASSWORD:
        return f"Error, that password is longer than {MAX_PASSWORD} characters. Type a shorter one."
    return None


class Accounts:
    def __init__(self, kv: Kv) -> None:
        self.kv = kv
        self.hashing = Hashing()
        self.guessing = Guessing(kv)

    async def _hash(self, password: str) -> str:
        """Busy when too many hashes wait; Missing without argon2-cffi."""
        return await self.hashing.run(lambda: str(hasher().hash(password)))

    async def _verify(self, digest: str, password: str) -> bool:
        def check() -> bool:
            from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

            try:
                return bool(hasher().verify(digest, password))
            except (VerifyMismatchError, VerificationError, InvalidHashError):
                return False

        return await self.hashing.run(check)

    async def record(self, name: str) -> dict[str, object] | None:
        raw = await self.kv.get(f"account:{names.key(name)}")
        try:
            rec = json.loads(raw) if raw else None
        except ValueError:
            return None
        return rec if isinstance(rec, dict) and isinstance(rec.get("name"), str) else None

    async def owner(self, name: str) -> str | None:
        """The registered spelling of the account ``name`` would be taken for, or None."""
        rec = await self.record(name)
        return str(rec["name"]) if rec else None

    async def register(self, name: str, password: str) -> str | None:
        """Make the account and this device's token in one step (the caller checked the password is long
        enough): the token, or None when the name was taken meanwhile (by anyone, on any process: the
        password is hashed between the caller's look and this write). Busy, Missing."""
        rec = {"name": names.tidy(name), "hash": await self._hash(password), "made": int(time.time())}
        k = names.key(name)
        token, digest, device = self._device_record(name, "")
        made = await self.kv.create(f"account:{k}", {f"account:{k}": json.dumps(rec), f"device:{digest}": device},
                                    [(f"devices:{k}", digest, str(int(time.time())))])
        return token if made else None

    async def check(self, name: str, password: str, address: str) -> Checked:
        """Is ``password`` the account's (or its one-time reset code)? Not looked at while this address is slowed
        (companion.server.guessing); a try is counted before it is checked."""
        k = names.key(name)
        rec = await self.record(name)
        if rec is None:
            return Checked(False, "Error, there is no account of that name.")
        wait = await self.guessing.slowed(k, address, count=False)
        if not wait and self.hashing.full():
            emit("refused", limit="password checks", name=rec["name"], address=address)
            return Checked(False, BUSY)
        wait = wait or await self.guessing.slowed(k, address, count=True)
        if wait:
            emit("refused", limit="wrong passwords", name=rec["name"], address=address, wait=round(wait))
            return Checked(False, f"Error, too many wrong passwords came for {rec['name']} from where you are, so that "
                                  f"was not checked. Try again {wait_words(wait)}, or sign in on a device you used "
                                  "before.")
        try:
            right = await self._verify(str(rec.get("hash", "")), password)
        except Busy:
            emit("refused", limit="password checks", name=rec["name"], address=address)
            return Checked(False, BUSY)
        except Missing:
            return Checked(False, MISSING)
        if right:
            await self.guessing.signed_in(k, address)
            return Checked(True)
        reset = await self.kv.get(f"reset:{k}")
        if reset and secrets.compare_digest(reset, codes.token_digest(password.strip().replace(" ", ""))):
            await self.kv.delete(f"reset:{k}")
            await self.guessing.signed_in(k, address)
            return Checked(True, reset=True)
        emit("wrong_password", name=rec["name"], address=address)
        return Checked(False, "Error, that is not the password.")

    async def set_password(self, name: str, password: str) -> None:
        rec = await self.record(name)
        if rec is None:
            return
        rec["hash"] = await self._hash(password)
        await self.kv.set(f"account:{names.key(name)}", json.dumps(rec))

    async def reset_code(self, name: str) -> str | None:
        """A one-time code that signs the account in once, within a day (then a new password is asked for)."""
        if await self.record(name) is None:
            return None
        code = "-".join(secrets.token_hex(3) for _ in range(3))
        await self.kv.set(f"reset:{names.key(name)}", codes.token_digest(code.replace(" ", "")), RESET_FOR)
        return code

    # ---- devices ----
    @staticmethod
    def _device_record(name: str, before: str) -> tuple[str, str, str]:
        """A new device token for ``name``: the token, its digest (the key it is kept under) and its record."""
        token = secrets.token_urlsafe(24)
        return token, codes.token_digest(token), json.dumps({"account": names.key(name), "before": before})

    async def new_device(self, name: str, before: str = "") -> str:
        token, digest, device = self._device_record(name, before)
        await self.kv.set(f"device:{digest}", device)
        await self.kv.hset(f"devices:{names.key(name)}", digest, str(int(time.time())))
        return token

    async def device(self, name: str, token: str) -> str | None:
        """A device's token for the account ``name``: its new token, or None if it does not fit."""
        digest = codes.token_digest(token)
        raw = await self.kv.get(f"device:{digest}")
        try:
            rec = json.loads(raw) if raw else None
        except ValueError:
            rec = None
        if not isinstance(rec, dict) or rec.get("account") != names.key(name) or await self.record(name) is None:
            return None
        k = names.key(name)
        before, after = str(rec.get("before") or ""), str(rec.get("after") or "")
        if before:  # this one was used: the one it replaced fits no more
            await self.kv.delete(f"device:{before}")
            await self.kv.hdel(f"devices:{k}", before)
        if after:  # a newer one was told but never used (it never reached the device): dropped
            await self.kv.delete(f"device:{after}")
            await self.kv.hdel(f"devices:{k}", after)
        new = await self.new_device(name, digest)
        rec.update(before="", after=codes.token_digest(new))
        await self.kv.set(f"device:{digest}", json.dumps(rec))
        return new

    async def logout(self, name: str, token: str) -> None:
        digest = codes.token_digest(token)
        raw = await self.kv.get(f"device:{digest}")
        rec = json.loads(raw) if raw else {}
        for d in (digest, str(rec.get("before") or ""), str(rec.get("after") or "")):
            if d:
                await self.kv.delete(f"device:{d}")
                await self.kv.hdel(f"devices:{names.key(name)}", d)

    async def logout_everywhere(self, name: str) -> int:
        k = names.key(name)
        devices = await self.kv.hgetall(f"devices:{k}")
        for d in devices:
            await self.kv.delete(f"device:{d}")
        await self.kv.delete(f"devices:{k}")
        return len(devices)

    async def delete(self, name: str) -> None:
        """The account and its devices (its ratings and history are removed by their own modules)."""
        await self.logout_everywhere(name)
        k = names.key(name)
        await self.kv.delete(f"account:{k}", f"reset:{k}", f"ignore:{k}")
        await self.guessing.forget(k)
