"""A fake Discord on 127.0.0.1 for the real bot: REST, interaction webhooks and a gateway.

Checked against discord.py 2.7.1 (pinned ``>=2.7,<2.8``).  Every touch of a
discord.py name that is not plain public API lives here: the two URL overrides
(``Route.BASE``, ``DiscordWebSocket.DEFAULT_GATEWAY``) and
the ``CommandTree-invoker`` tasks.

Discord's quirks that matter: JSON replies carry ``Content-Type`` exactly
``application/json`` (with a charset discord.py reads the body as text); gateway
frames are plain text although the client asks for zlib-stream; an interaction
callback answers ``{"interaction": {...}}`` because discord.py asks ``with_response``.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import discord
import yarl
from aiohttp import WSMsgType, web

APP_ID = 800000000000000001
TOKEN = "fake-bot-token"
ATTACHMENT_LIMIT = 10 * 1024 * 1024
EPHEMERAL = 64
_ids = itertools.count(1)


def snowflake() -> int:
    """A fresh id stamped now, so an interaction is not already expired."""
    return discord.utils.time_snowflake(datetime.now(UTC)) + next(_ids)


def bot_user() -> dict[str, Any]:
    return {"id": str(APP_ID), "username": "Fleetwright", "discriminator": "0", "avatar": None,
            "global_name": None, "bot": True, "flags": 0}


@dataclass
class Member:
    id: int
    name: str
    roles: list[int] = field(default_factory=list)
    permissions: int = discord.Permissions(send_messages=True, use_application_commands=True).value

    def payload(self) -> dict[str, Any]:
        return {"user": {"id": str(self.id), "username": self.name, "discriminator": "0", "avatar": None,
                         "global_name": None},
                "roles": [str(r) for r in self.roles], "permissions": str(self.permissions),
                "joined_at": "2024-01-01T00:00:00+00:00", "deaf": False, "mute": False, "flags": 0}


@dataclass
class Guild:
    id: int
    name: str
    roles: dict[str, int]  # name → id (besides @everyone, whose id is the guild's)
    channels: dict[str, int]  # text channels, name → id

    def role(self, rid: int) -> dict[str, Any]:
        name = next(n for n, i in self.roles.items() if i == rid)
        return {"id": str(rid), "name": name, "permissions": "0", "position": 1, "color": 0, "hoist": False,
                "managed": False, "mentionable": True, "flags": 0}

    def channel(self, cid: int) -> dict[str, Any]:
        name = next(n for n, i in self.channels.items() if i == cid)
        clan = name.removesuffix("-war-room")  # a clan's war room: only its role sees it (/faction link checks)
        view = str(discord.Permissions(view_channel=True).value)
        overwrites = [{"id": str(self.id), "type": 0, "allow": "0", "deny": view},
                      {"id": str(self.roles[clan]), "type": 0, "allow": view, "deny": "0"}] \
            if clan != name and clan in self.roles else []
        return {"id": str(cid), "name": name, "type": 0, "position": 0, "guild_id": str(self.id),
                "permission_overwrites": overwrites, "permissions": str(discord.Permissions.text().value)}

    def create_payload(self, members: list[Member]) -> dict[str, Any]:
        everyone = {"id": str(self.id), "name": "@everyone", "position": 0, "color": 0, "hoist": False,
                    "managed": False, "mentionable": False, "flags": 0,
                    "permissions": str(discord.Permissions(send_messages=True, use_application_commands=True,
                                                           view_channel=True).value)}
        me = Member(APP_ID, "Fleetwright").payload() | {"user": bot_user()}
        return {"id": str(self.id), "name": self.name, "owner_id": "1", "unavailable": False, "large": False,
                "member_count": len(members) + 1, "joined_at": "2024-01-01T00:00:00+00:00",
                "roles": [everyone, *(self.role(r) for r in self.roles.values())],
                "channels": [self.channel(c) for c in self.channels.values()],
                "members": [me, *(m.payload() for m in members)], "emojis": [], "stickers": [],
                "features": [], "threads": [], "voice_states": [], "presences": [], "stage_instances": [],
                "guild_scheduled_events": [], "soundboard_sounds": []}


@dataclass
class Call:
    """One request the bot made: ``callback``, ``followup``, ``edit``, ``channel`` or ``sync``."""

    kind: str
    target: str  # interaction id, webhook token, channel id, or "global"/guild id for a sync
    payload: Any
    files: dict[str, bytes] = field(default_factory=dict)

    @property
    def type(self) -> int | None:
        return self.payload.get("type") if isinstance(self.payload, dict) else None

    @property
    def body(self) -> dict[str, Any]:
        return self.payload.get("data") or {} if self.kind == "callback" else self.payload

    @property
    def content(self) -> str:
        return self.body.get("content") or ""

    @property
    def ephemeral(self) -> bool:
        return bool(self.body.get("flags", 0) & EPHEMERAL)


def as_json(data: Any, status: int = 200) -> web.Response:
    return web.Response(status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"})


class FakeDiscord:
    """Start with ``await fake.start(monkeypatch)``; stop with ``await fake.close()``."""

    def __init__(self, guild: Guild, members: list[Member], token: str = TOKEN) -> None:
        self.guild, self.members, self.token = guild, members, token
        self.calls: list[Call] = []
        self.requests: list[str] = []  # "METHOD /path" in order, REST and gateway opcodes
        self.unhandled: list[str] = []
        self.close_codes: list[int | None] = []
        self.identify: dict[str, Any] | None = None
        self.identifies: list[dict[str, Any]] = []  # one per gateway connection (a sharded bot has several)
        self.heartbeats = 0
        self.history: dict[str, list[dict[str, Any]]] = {}  # channel id → its messages, oldest first
        self._ws: web.WebSocketResponse | None = None  # the connection serving the guild
        self._sockets: list[web.WebSocketResponse] = []
        self._seq = itertools.count(1)
        self._changed = asyncio.Condition()
        app = web.Application()
        app.router.add_route("*", "/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)

    async def start(self, monkeypatch) -> None:
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", 0).start()
        host, port = self._runner.addresses[0][:2]
        monkeypatch.setattr(discord.http.Route, "BASE", f"http://{host}:{port}/api/v10")
        self.gateway_url = yarl.URL(f"ws://{host}:{port}/gateway")
        monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", self.gateway_url)

    async def close(self) -> None:
        for ws in self._sockets:
            if not ws.closed:
                await ws.close()
        await self._runner.cleanup()

    async def _record(self, call: Call) -> None:
        async with self._changed:
            self.calls.append(call)
            self._changed.notify_all()

    async def wait_for(self, predicate, timeout: float = 15.0) -> None:
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(predicate), timeout)

    def sent(self, kind: str, target: Any = None) -> list[Call]:
        return [c for c in self.calls if c.kind == kind and (target is None or c.target == str(target))]

    # REST

    async def _rest(self, request: web.Request) -> web.Response:
        path, method = "/" + request.match_info["tail"], request.method
        self.requests.append(f"{method} {path}")
        parts = path.strip("/").split("/")
        if parts[0] not in ("interactions", "webhooks") and request.headers.get("Authorization") != f"Bot {self.token}":
            return as_json({"message": "401: Unauthorized", "code": 0}, 401)
        match method, parts:
            case "GET", ["users", "@me"]:
                return as_json(bot_user())
            case "GET", ["oauth2", "applications", "@me"]:
                return as_json({"id": str(APP_ID), "name": "Fleetwright", "description": "", "icon": None,
                                "bot_public": False, "bot_require_code_grant": False, "owner": bot_user(),
                                "verify_key": "0" * 64, "flags": 0})
            case "PUT", ["applications", app, "commands"] | ["applications", app, "guilds", _, "commands"]:
                guild = parts[3] if len(parts) == 5 else None
                body = [c | {"id": str(snowflake()), "application_id": app, "version": "1", "type": c.get("type", 1)}
                        | ({"guild_id": guild} if guild else {}) for c in await request.json()]
                await self._record(Call("sync", guild or "global", body))
                return as_json(body)
            case "POST", ["interactions", iid, _, "callback"]:
                call = Call("callback", iid, *await self._body(request))
                await self._record(call)
                return as_json({"interaction": {"id": iid, "type": 2, "response_message_loading": call.type == 5,
                                                "response_message_ephemeral": call.ephemeral}})
            case "POST", ["webhooks", _, token]:
                return await self._message(request, "followup", token)
            case "PATCH", ["webhooks", _, token, "messages", "@original"]:
                return await self._message(request, "edit", token)
            case "POST", ["channels", cid, "messages"]:
                return await self._message(request, "channel", cid)
            case "GET", ["channels", cid, "messages"]:  # newest first, as Discord answers
                limit = int(request.query.get("limit", 50))
                return as_json(list(reversed(self.history.get(cid, [])))[:limit])
        self.unhandled.append(f"{method} {path}")
        return as_json({"message": "404: Not Found", "code": 0}, 404)

    async def _body(self, request: web.Request) -> tuple[dict[str, Any], dict[str, bytes]]:
        if not request.content_type.startswith("multipart/"):
            return await request.json(), {}
        payload, files = {}, {}
        async for part in await request.multipart():
            data = await part.read()
            if part.name == "payload_json":
                payload = json.loads(data)
            else:
                files[part.filename] = bytes(data)
        return payload, files

    async def _message(self, request: web.Request, kind: str, target: str) -> web.Response:
        payload, files = await self._body(request)
        await self._record(Call(kind, target, payload, files))
        message = self._message_payload(kind, target, payload, files)
        if kind == "channel":
            self.history.setdefault(target, []).append(message)
        return as_json(message)

    @staticmethod
    def _message_payload(kind: str, target: str, payload: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        return {
            "id": str(snowflake()), "channel_id": target if kind == "channel" else "0", "author": bot_user(),
            "content": payload.get("content") or "", "flags": payload.get("flags", 0), "type": 0, "tts": False,
            "timestamp": datetime.now(UTC).isoformat(), "edited_timestamp": None, "pinned": False,
            "mention_everyone": False, "mentions": [], "mention_roles": [], "embeds": [], "components": [],
            "attachments": [{"id": str(snowflake()), "filename": name, "size": len(data), "url": "http://127.0.0.1/a",
                             "proxy_url": "http://127.0.0.1/a"} for name, data in files.items()]} | (
            {"nonce": payload["nonce"]} if payload.get("nonce") is not None else {})

    # Gateway

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(compress=False, autoclose=True)
        await ws.prepare(request)
        self._sockets.append(ws)
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 1000}, "s": None, "t": None}))
        async for msg in ws:  # ends when the bot closes (or the fake does)
            if msg.type is not WSMsgType.TEXT:
                break
            frame = json.loads(msg.data)
            self.requests.append(f"GATEWAY op {frame['op']}")
            if frame["op"] == 1:
                self.heartbeats += 1
                await ws.send_str(json.dumps({"op": 11, "d": None, "s": None, "t": None}))
            elif frame["op"] == 2:
                if frame["d"]["token"] != self.token:
                    await ws.close(code=4004, message=b"Authentication failed.")
                    break
                self.identify = frame["d"]
                self.identifies.append(frame["d"])
                # A sharded bot: the guild is on the shard Discord's formula names, and only that
                # connection hears of it (https://discord.com/developers/docs/topics/gateway#sharding).
                shard, count = frame["d"].get("shard") or (0, 1)
                serves = (self.guild.id >> 22) % count == shard
                if serves:
                    self._ws = ws
                await self._send(ws, "READY", {
                    "v": 10, "user": bot_user(), "session_id": f"fake-session-{shard}",
                    "resume_gateway_url": str(self.gateway_url), "shard": [shard, count],
                    "guilds": [{"id": str(self.guild.id), "unavailable": True}] if serves else [],
                    "application": {"id": str(APP_ID), "flags": 0}})
                if serves:
                    await self._send(ws, "GUILD_CREATE", self.guild.create_payload(self.members))
        self.close_codes.append(ws.close_code)
        return ws

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """To the connection serving the guild (the bot's only one, unless it is sharded)."""
        assert self._ws is not None and not self._ws.closed, "the bot is not connected to the gateway"
        await self._send(self._ws, event, data)

    async def _send(self, ws: web.WebSocketResponse, event: str, data: dict[str, Any]) -> None:
        await ws.send_str(json.dumps({"op": 0, "t": event, "s": next(self._seq), "d": data}))

    # Interactions, built the way a Discord client would from the synced commands

    def interaction(self, path: str, member: Member, where: str, /, **values: Any) -> dict[str, Any]:
        """INTERACTION_CREATE for ``/path`` with ``values``; option types and ids come from the last sync."""
        root, *subs = path.split()
        (synced,) = [c for c in self.commands() if c["name"] == root]
        node = synced
        for sub in subs:
            (node,) = [o for o in node["options"] if o["name"] == sub and o["type"] in (1, 2)]
        spec = {o["name"]: o for o in node.get("options", [])}
        missing = {n for n, o in spec.items() if o.get("required")} - set(values)
        assert not missing and set(values) <= set(spec), f"/{path}: bad options {sorted(values)}"
        resolved: dict[str, dict] = {}
        options = []
        for name, value in values.items():
            kind = spec[name]["type"]
            if spec[name].get("choices"):
                assert value in [c["value"] for c in spec[name]["choices"]], f"{value!r} is not a choice"
            if kind == 8:  # role
                resolved.setdefault("roles", {})[str(value)] = self.guild.role(value)
            elif kind == 7:  # channel
                resolved.setdefault("channels", {})[str(value)] = self.guild.channel(value)
            options.append({"name": name, "type": kind, "value": str(value) if kind in (7, 8) else value})
        for sub in reversed(subs):
            options = [{"name": sub, "type": 1, "options": options}]
        cid = self.guild.channels[where]
        return {
            "id": str(snowflake()), "application_id": str(APP_ID), "type": 2, "token": f"itoken-{next(_ids)}",
            "version": 1, "guild_id": str(self.guild.id), "channel_id": str(cid), "channel": self.guild.channel(cid),
            "member": member.payload(), "locale": "en-US", "guild_locale": "en-US", "entitlements": [],
            "app_permissions": str(discord.Permissions.all().value), "attachment_size_limit": ATTACHMENT_LIMIT,
            "authorizing_integration_owners": {"0": str(self.guild.id)}, "context": 0,
            "data": {"id": synced["id"], "name": root, "type": 1, "options": options, "resolved": resolved,
                     **({"guild_id": synced["guild_id"]} if "guild_id" in synced else {})}}

    def commands(self) -> list[dict[str, Any]]:
        """The commands a member of the guild sees: the last global sync's and the guild's own last sync's."""
        latest = [self.sent("sync", target)[-1].payload for target in ("global", self.guild.id)
                  if self.sent("sync", target)]
        return [command for payload in latest for command in payload]


    def click(self, message: "Call", label: str, member: Member, where: str, /) -> dict[str, Any]:
        """INTERACTION_CREATE for a click (a component interaction, type 3) on the button ``label`` of
        ``message``, a reply the bot sent with components."""
        components = message.body.get("components") or []
        (custom_id,) = [b["custom_id"] for row in components for b in row["components"] if b.get("label") == label]
        cid = self.guild.channels[where]
        shown = {"id": str(snowflake()), "channel_id": str(cid), "author": bot_user(), "content": message.content,
                 "flags": message.body.get("flags", 0), "type": 0, "timestamp": "2026-03-01T12:00:00+00:00",
                 "edited_timestamp": None, "tts": False, "mention_everyone": False, "mentions": [],
                 "mention_roles": [], "embeds": [], "attachments": [], "pinned": False, "components": components}
        return {
            "id": str(snowflake()), "application_id": str(APP_ID), "type": 3, "token": f"itoken-{next(_ids)}",
            "version": 1, "guild_id": str(self.guild.id), "channel_id": str(cid), "channel": self.guild.channel(cid),
            "member": member.payload(), "locale": "en-US", "guild_locale": "en-US", "entitlements": [],
            "app_permissions": str(discord.Permissions.all().value), "attachment_size_limit": ATTACHMENT_LIMIT,
            "authorizing_integration_owners": {"0": str(self.guild.id)}, "context": 0, "message": shown,
            "data": {"custom_id": custom_id, "component_type": 2}}


async def commands_finished(timeout: float = 30.0) -> None:
    """Wait for the command tree's invoker tasks (the slash commands being run) to end."""
    tasks = [t for t in asyncio.all_tasks() if t.get_name() in ("CommandTree-invoker", "discord.py: on_interaction")]
    if tasks:
        await asyncio.wait_for(asyncio.gather(*tasks), timeout)
