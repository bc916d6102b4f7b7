"""Drive slash commands through discord.py's own dispatch, offline.

Every touch of a private discord.py name lives in this file (checked against
discord.py 2.7.1; the project pins ``>=2.7,<2.8``):

* ``discord.webhook.async_.async_context`` holds the adapter every
  interaction reply goes through; ``RecordingAdapter`` records them.
* ``ConnectionState.parse_interaction_create`` takes a raw INTERACTION_CREATE
  payload; the tree runs it in tasks named ``CommandTree-invoker``.
* ``bot._connection.user`` / ``_add_guild`` stand in for login and GUILD_CREATE.
* ``HTTPClient.send_message`` is replaced to record channel posts;
  ``logs_from`` (a channel's history) answers with them, newest first, and
  ``start_private_message`` opens a DM channel (id ``DM_BASE`` + the user's id).
"""

from __future__ import annotations

import asyncio
import itertools
import json
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

import discord
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

APP_ID = 800000000000000001
GUILD_ID = 700000000000000001
EVERYONE = GUILD_ID
ATTACHMENT_LIMIT = 10 * 1024 * 1024
DM_BASE = 900000000000000000  # a DM channel's id: this plus the user's id
MANAGE_GUILD = discord.Permissions(manage_guild=True, send_messages=True).value
PLAIN = discord.Permissions(send_messages=True, use_application_commands=True).value
VIEW = discord.Permissions(view_channel=True).value

AFTER_COMMAND = {"discord.py: on_app_command_completion", "discord.py: on_app_command_error"}
CLICK_TASKS = ("discord.py: on_interaction", "discord-ui-view-dispatch-", "discord.py: on_app_command",
               "discord-ui-dynamic-item-")
_ids = itertools.count(1)


def snowflake() -> int:
    """A fresh id whose timestamp is now, so interactions are not expired."""
    return discord.utils.time_snowflake(datetime.now(timezone.utc)) + next(_ids)


@dataclass
class Sent:
    """One recorded request: an interaction callback, a follow-up, an edit, or a channel post."""

    kind: str  # "callback" | "followup" | "edit" | "channel"
    target: int | str  # interaction id, webhook token, or channel id
    payload: dict[str, Any]
    files: dict[str, bytes] = field(default_factory=dict)

    @property
    def type(self) -> int | None:
        return self.payload.get("type")

    @property
    def body(self) -> dict[str, Any]:
        return self.payload.get("data", {}) if self.kind == "callback" else self.payload

    @property
    def content(self) -> str:
        return self.body.get("content") or ""

    @property
    def ephemeral(self) -> bool:
        return bool(self.body.get("flags", 0) & 64)


def _decode(payload, multipart, files) -> tuple[dict[str, Any], dict[str, bytes]]:
    if payload is None and multipart:
        part = next(p for p in multipart if p.get("name") == "payload_json")
        payload = json.loads(part["value"])
    recorded = {}
    for file in files or ():
        file.fp.seek(0)
        recorded[file.filename] = file.fp.read()
    return dict(payload or {}), recorded


def message_payload(channel_id: int, content: str, files: dict[str, bytes], flags: int = 0) -> dict[str, Any]:
    return {
        "id": str(snowflake()), "channel_id": str(channel_id), "guild_id": str(GUILD_ID),
        "author": bot_user_payload(), "content": content or "", "flags": flags, "type": 0,
        "timestamp": datetime.now(timezone.utc).isoformat(), "edited_timestamp": None, "tts": False,
        "mention_everyone": False, "mentions": [], "mention_roles": [], "embeds": [], "pinned": False,
        "attachments": [{"id": str(snowflake()), "filename": name, "size": len(data), "url": "https://x/a",
                         "proxy_url": "https://x/a"} for name, data in files.items()],
    }


def bot_user_payload() -> dict[str, Any]:
    return {"id": str(APP_ID), "username": "Fleetwright", "discriminator": "0", "avatar": None,
            "global_name": None, "bot": True}


class RecordingAdapter(AsyncWebhookAdapter):
    """Records every interaction reply instead of calling Discord."""

    def __init__(self, log: list[Sent]) -> None:
        super().__init__()
        self.log = log

    async def create_interaction_response(self, interaction_id, token, *, session, proxy=None,
                                          proxy_auth=None, params):
        payload, files = _decode(params.payload, params.multipart, params.files)
        self.log.append(Sent("callback", interaction_id, payload, files))
        return {"interaction": {"id": str(interaction_id), "type": 2}}  # required since 2.5

    async def execute_webhook(self, webhook_id, token, *, session, payload=None, multipart=None,
                              files=None, **_):
        payload, recorded = _decode(payload, multipart, files)
        self.log.append(Sent("followup", token, payload, recorded))
        return message_payload(0, payload.get("content", ""), recorded, payload.get("flags", 0))

    async def edit_original_interaction_response(self, application_id, token, *, session, proxy=None,
                                                 proxy_auth=None, payload=None, multipart=None, files=None):
        payload, recorded = _decode(payload, multipart, files)
        self.log.append(Sent("edit", token, payload, recorded))
        return message_payload(0, payload.get("content", ""), recorded, payload.get("flags", 0))


@dataclass
class Member:
    id: int
    name: str
    roles: list[int] = field(default_factory=list)
    permissions: int = PLAIN
    locale: str = "en-US"  # the member's Discord client language: the interaction's ``locale``

    def payload(self) -> dict[str, Any]:
        return {"user": {"id": str(self.id), "username": self.name, "discriminator": "0", "avatar": None,
                         "global_name": None},
                "roles": [str(r) for r in self.roles], "permissions": str(self.permissions),
                "joined_at": "2024-01-01T00:00:00+00:00", "deaf": False, "mute": False, "flags": 0}


class Harness:
    """One guild with roles and text channels; ``invoke`` runs a slash command as a member."""

    def __init__(self, bot: discord.Client, roles: dict[str, int], channels: dict[str, int],
                 private: dict[str, list[int]] | None = None) -> None:
        """``private``: channel name → the roles that alone may see it (View Channel denied to @everyone,
        allowed to them); every other channel is public, as @everyone may view channels."""
        self.bot = bot
        self.roles = roles
        self.channels = channels
        self.private = private or {}
        self.log: list[Sent] = []
        self.adapter = RecordingAdapter(self.log)
        bot._connection.user = discord.ClientUser(state=bot._connection, data=bot_user_payload())
        bot._connection._add_guild(discord.Guild(data=self._guild_payload(), state=bot._connection))
        self.history: dict[int, list[dict[str, Any]]] = {}  # channel id → the messages posted, oldest first
        bot.http.send_message = self._send_message  # channel posts (TextChannel.send)
        bot.http.logs_from = self._logs_from  # channel history (Messageable.history)
        bot.http.start_private_message = self._open_dm  # User.send

    def _guild_payload(self) -> dict[str, Any]:
        roles = [{"id": str(EVERYONE), "name": "@everyone", "permissions": str(PLAIN | VIEW), "position": 0,
                  "color": 0, "hoist": False, "managed": False, "mentionable": False}]
        roles += [{"id": str(rid), "name": name, "permissions": "0", "position": i + 1, "color": 0,
                   "hoist": False, "managed": False, "mentionable": True}
                  for i, (name, rid) in enumerate(self.roles.items())]
        return {"id": str(GUILD_ID), "name": "Seto players", "owner_id": "1", "roles": roles,
                "channels": [self._channel_payload(name) for name in self.channels], "member_count": 10,
                "emojis": [], "stickers": [], "features": []}

    def _channel_payload(self, name: str) -> dict[str, Any]:
        overwrites = [{"id": str(EVERYONE), "type": 0, "allow": "0", "deny": str(VIEW)}] if name in self.private else []
        overwrites += [{"id": str(role), "type": 0, "allow": str(VIEW), "deny": "0"} for role in self.private.get(name, ())]
        return {"id": str(self.channels[name]), "name": name, "type": 0, "position": 0,
                "guild_id": str(GUILD_ID), "permission_overwrites": overwrites, "permissions": str(PLAIN)}

    async def _send_message(self, channel_id, *, params):
        payload, files = _decode(params.payload, params.multipart, params.files)
        self.log.append(Sent("channel", int(channel_id), payload, files))
        message = message_payload(int(channel_id), payload.get("content", ""), files)
        if payload.get("nonce") is not None:
            message["nonce"] = payload["nonce"]
        self.history.setdefault(int(channel_id), []).append(message)
        return message

    async def _logs_from(self, channel_id, limit, before=None, after=None, around=None):
        return list(reversed(self.history.get(int(channel_id), [])))[:limit]

    async def _open_dm(self, user_id):
        return {"id": str(DM_BASE + int(user_id)), "type": 1, "recipients": [
            {"id": str(user_id), "username": "someone", "discriminator": "0", "avatar": None}]}

    def sent(self, kind: str | None = None, target: int | str | None = None) -> list[Sent]:
        return [s for s in self.log if (kind is None or s.kind == kind) and (target is None or s.target == target)]

    # Building INTERACTION_CREATE payloads

    def _options(self, command: discord.app_commands.Command, values: dict[str, Any],
                 resolved: dict[str, dict], focused: str | None) -> list[dict[str, Any]]:
        options = []
        for name, value in values.items():  # by the name Discord shows (a renamed parameter's too)
            parameter = next(p for p in command.parameters if p.display_name == name)
            kind = parameter.type
            option = {"name": name, "type": kind.value, "value": value}
            if kind is discord.AppCommandOptionType.role:
                resolved.setdefault("roles", {})[str(value)] = self._role_payload(value)
                option["value"] = str(value)
            elif kind is discord.AppCommandOptionType.channel:
                name_of = next(n for n, cid in self.channels.items() if cid == value)
                resolved.setdefault("channels", {})[str(value)] = self._channel_payload(name_of)
                option["value"] = str(value)
            if name == focused:
                option["focused"] = True
            options.append(option)
        return options

    def _role_payload(self, role_id: int) -> dict[str, Any]:
        name = "@everyone" if role_id == EVERYONE else next(n for n, rid in self.roles.items() if rid == role_id)
        return {"id": str(role_id), "name": name, "permissions": "0", "position": 1, "color": 0,
                "hoist": False, "managed": False, "mentionable": True}

    def payload(self, path: str, member: Member, values: dict[str, Any], *, focused: str | None = None,
                channel: str = "general") -> dict[str, Any]:
        """``path`` like "order cruise" or "campaign settings set": nested as sub-command options."""
        root_name, *subs = path.split()
        command, scope = self.command(root_name)
        node = command
        for sub in subs:
            node = node.get_command(sub)
        resolved: dict[str, dict] = {}
        options = self._options(node, values, resolved, focused)
        for depth, sub in enumerate(reversed(subs)):  # the last is a sub-command (1), any before it a group (2)
            options = [{"name": sub, "type": 1 if depth == 0 else 2, "options": options}]
        return {
            "id": str(snowflake()), "application_id": str(APP_ID), "type": 4 if focused else 2,
            "token": f"token-{next(_ids)}", "version": 1, "guild_id": str(GUILD_ID),
            "channel_id": str(self.channels[channel]), "channel": self._channel_payload(channel),
            "member": member.payload(), "locale": member.locale, "guild_locale": "en-US",
            "app_permissions": str(discord.Permissions.all().value), "entitlements": [],
            "attachment_size_limit": ATTACHMENT_LIMIT, "authorizing_integration_owners": {"0": str(GUILD_ID)},
            "context": 0,
            "data": {"id": str(snowflake()), "name": root_name, "type": 1, "options": options,
                     "resolved": resolved, **({"guild_id": str(scope)} if scope else {})},
        }

    def command(self, name: str) -> tuple[discord.app_commands.Command | discord.app_commands.Group, int | None]:
        """The top-level command ``name`` as this server's members see it: a global one, else one of the
        server's own (a ruleset's group, once the server hosts a campaign of that ruleset: bot/startup.py),
        with the guild id Discord then puts in the interaction's data."""
        command = self.bot.tree.get_command(name)
        if command is not None:
            return command, None
        command = self.bot.tree.get_command(name, guild=discord.Object(GUILD_ID))
        assert command is not None, f"/{name} is not a command of this server (no campaign of its ruleset here?)"
        return command, GUILD_ID

    async def invoke(self, path: str, member: Member, *, focused: str | None = None,
                     in_channel: str = "general", **values: Any) -> list[Sent]:
        """Run one interaction to completion, typed in ``in_channel``; return what it sent (replies and
        channel posts)."""
        start = len(self.log)
        token = async_context.set(self.adapter)
        try:
            self.bot._connection.parse_interaction_create(self.payload(path, member, values, focused=focused,
                                                                       channel=in_channel))
            tasks = [t for t in asyncio.all_tasks() if t.get_name() == "CommandTree-invoker"]
            await asyncio.gather(*tasks)
            # What listeners do once a command completed (the audit trail), awaited like the command.
            await asyncio.gather(*(t for t in asyncio.all_tasks() if t.get_name() in AFTER_COMMAND))
        finally:
            async_context.reset(token)
        return self.log[start:]

    # Clicking a button (a component interaction, type 3)

    @staticmethod
    def buttons(sent: Sent) -> dict[str, str]:
        """The buttons on a recorded message: label → custom id."""
        return {button["label"]: button["custom_id"] for row in sent.body.get("components") or ()
                for button in row.get("components", ()) if button.get("type") == 2}

    @staticmethod
    def selects(sent: Sent) -> dict[str, dict[str, str]]:
        """The select menus on a recorded message: custom id → {option label: option value}."""
        return {menu["custom_id"]: {o["label"]: o["value"] for o in menu.get("options", ())}
                for row in sent.body.get("components") or () for menu in row.get("components", ())
                if menu.get("type") == 3}

    def click_payload(self, message: Sent | None, custom_id: str, member: Member, channel: str,
                      data: dict[str, Any] | None = None, kind: int = 3) -> dict[str, Any]:
        """A component interaction (``kind`` 3) on ``message``, or a modal's submission (5), from ``channel``."""
        shown = None
        if message is not None:
            shown = message_payload(self.channels[channel], message.content, {}, message.body.get("flags", 0))
            shown["components"] = message.body.get("components") or []
        return {
            "id": str(snowflake()), "application_id": str(APP_ID), "token": f"token-{next(_ids)}",
            "version": 1, "guild_id": str(GUILD_ID), "channel_id": str(self.channels[channel]),
            "channel": self._channel_payload(channel), "member": member.payload(), "locale": member.locale,
            "guild_locale": "en-US", "app_permissions": str(discord.Permissions.all().value), "entitlements": [],
            "attachment_size_limit": ATTACHMENT_LIMIT, "authorizing_integration_owners": {"0": str(GUILD_ID)},
            "context": 0, **({"message": shown} if shown is not None else {}),
            "data": data or {"custom_id": custom_id, "component_type": 2}, "type": kind,
        }

    async def click(self, message: Sent, label: str, member: Member, *, custom_id: str | None = None,
                    in_channel: str = "general") -> list[Sent]:
        """Click the button ``label`` of ``message`` (or any ``custom_id``) as ``member``; return what it sent.
        The view's callback and the ``on_interaction`` listeners run in tasks, awaited here."""
        wanted = custom_id or self.buttons(message)[label]
        return await self.interact(self.click_payload(message, wanted, member, in_channel))

    async def choose(self, message: Sent, custom_id: str, value: str, member: Member, *,
                     in_channel: str = "general") -> list[Sent]:
        """Pick the option ``value`` of the select menu ``custom_id`` on ``message``, as ``member``."""
        data = {"custom_id": custom_id, "component_type": 3, "values": [value]}
        return await self.interact(self.click_payload(message, custom_id, member, in_channel, data))

    async def submit_form(self, custom_id: str, values: dict[str, str], member: Member, *,
                          message: Sent | None = None, in_channel: str = "general") -> list[Sent]:
        """Submit the modal ``custom_id`` with ``values`` (text input custom id → text), as ``member``;
        ``message``: the one whose button opened it."""
        rows = [{"type": 1, "components": [{"type": 4, "custom_id": cid, "value": text}]}
                for cid, text in values.items()]
        data = {"custom_id": custom_id, "components": rows}
        return await self.interact(self.click_payload(message, custom_id, member, in_channel, data, kind=5))

    async def interact(self, payload: dict[str, Any]) -> list[Sent]:
        """Feed one component or modal interaction and await what it started; return what it sent."""
        start = len(self.log)
        token = async_context.set(self.adapter)
        try:
            self.bot._connection.parse_interaction_create(payload)
            for _ in range(3):  # listeners first, then the view's dispatch, then anything they started
                await asyncio.sleep(0)
                tasks = [t for t in asyncio.all_tasks() if t.get_name().startswith(CLICK_TASKS)]
                await asyncio.gather(*tasks)
        finally:
            async_context.reset(token)
        return self.log[start:]

    async def invoke_alongside(self, path: str, member: Member, **values: Any) -> list[Sent]:
        """Like ``invoke``, for a command typed while another one runs (``invoke`` would wait for that one
        too, from inside it)."""
        running = {t for t in asyncio.all_tasks() if t.get_name() == "CommandTree-invoker"}
        start = len(self.log)
        token = async_context.set(self.adapter)
        try:
            self.bot._connection.parse_interaction_create(self.payload(path, member, values))
            await asyncio.gather(*[t for t in asyncio.all_tasks()
                                   if t.get_name() == "CommandTree-invoker" and t not in running])
        finally:
            async_context.reset(token)
        return self.log[start:]

    async def autocomplete(self, path: str, member: Member, focused: str, **values: Any) -> list[dict]:
        sent = await self.invoke(path, member, focused=focused, **values)
        return sent[-1].payload["data"]["choices"]
