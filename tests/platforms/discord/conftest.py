"""The real discord.py client with dpytest's backend for text commands, and real interaction
payloads fed to the library's own dispatcher for slash commands and buttons; the library's
HTTP calls for interaction responses are captured at its webhook adapter."""

from __future__ import annotations

import asyncio
import inspect
import itertools
import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import discord
import discord.ext.test as dpytest
import pytest
from discord.ext.test import backend
from discord.webhook import async_ as webhook_async

from bot.app import App
from bot.platforms.discord import DiscordSettings, build_bot
from bot.storage.database import SqliteDatabase

MODERATE = discord.Permissions(moderate_members=True)
# what the bot is invited with (README, "On Discord"), above every role but the owner's
INVITED = discord.Permissions(
    send_messages=True,
    attach_files=True,
    moderate_members=True,
    kick_members=True,
    ban_members=True,
)
_ids = itertools.count(10**17)
AUDIT_REASON = 512  # characters of an action's reason in the server's audit log
SLOWMODE_LIMIT = 21600  # seconds: Discord's longest slow mode


class Clock:
    def __init__(self) -> None:
        self.now = datetime.now(UTC).replace(microsecond=0) + timedelta(days=400)

    def __call__(self) -> datetime:
        return self.now


def bot_message(message_id: str, channel_id: str) -> dict:
    """A message of the bot's, as Discord describes one."""
    return {
        "id": message_id,
        "channel_id": channel_id,
        "type": 0,
        "content": "",
        "author": {"id": "1", "username": "bot", "discriminator": "0", "avatar": None},
        "attachments": [],
        "embeds": [],
        "mentions": [],
        "mention_roles": [],
        "pinned": False,
        "mention_everyone": False,
        "tts": False,
        "timestamp": "2026-01-01T00:00:00+00:00",
        "edited_timestamp": None,
        "flags": 0,
    }


def _refuse(why: str) -> None:
    raise discord.HTTPException(backend.FakeRequest(400, "Bad Request"), why)


def _check_components(body: dict) -> None:
    """Discord's limits on a message's components: five rows, five buttons or one menu a row,
    1 to 25 options a menu, custom ids unique and at most 100 characters."""
    rows = body.get("components") or (body.get("data") or {}).get("components") or []
    if len(rows) > 5:
        _refuse("components: at most 5 rows")
    ids: list[str] = []
    for row in rows:
        items = row.get("components") or []
        menus = [item for item in items if item["type"] == 3]
        if not items or len(items) > 5 or (menus and len(items) > 1):
            _refuse("components: a row holds 1 to 5 buttons or one menu")
        for menu in menus:
            if not 1 <= len(menu.get("options") or []) <= 25:
                _refuse("components: a menu holds 1 to 25 options")
        ids += [item["custom_id"] for item in items if "custom_id" in item]
    if len(ids) != len(set(ids)) or any(len(i) > 100 for i in ids):
        _refuse("components: custom ids unique, at most 100 characters")


@dataclass
class Answer:
    """What the bot said in answer to one interaction, as its author and the channel see it:
    the interaction's own callback, its follow-ups (private ones flagged ephemeral), and the
    messages it posted in the channel for everyone."""

    responses: list[dict]
    posted: list[dict]

    def _said(self) -> list[tuple[dict, bool]]:
        said = []
        for response in self.responses:
            body, path = response["body"], response["path"]
            if path.endswith("/callback"):
                if body.get("type") in (4, 7):  # a message, or the pressed message updated
                    data = body.get("data") or {}
                    said.append((data, bool((data.get("flags") or 0) & 64)))
            elif response["method"] == "POST" and "/webhooks/" in path:  # a follow-up
                said.append((body, bool((body.get("flags") or 0) & 64)))
        said += [(payload, False) for payload in self.posted]
        return said

    @property
    def texts(self) -> list[str]:
        return [data.get("content") or "" for data, _ in self._said()]

    @property
    def text(self) -> str:
        return "\n".join(self.texts)

    @property
    def private(self) -> list[str]:
        return [data.get("content") or "" for data, hidden in self._said() if hidden]

    @property
    def public(self) -> list[str]:
        return [data.get("content") or "" for data, hidden in self._said() if not hidden]

    @property
    def components(self) -> list[dict]:
        return next((data["components"] for data, _ in self._said() if data.get("components")), [])

    @property
    def files(self) -> list[str]:
        found = [name for response in self.responses for name in response["files"]]
        return found + [name for payload in self.posted for name in payload.get("files", [])]

    @property
    def deferred(self) -> bool:
        return any(
            r["path"].endswith("/callback") and r["body"].get("type") in (5, 6)
            for r in self.responses
        )


class Interactions:
    """Feeds interaction payloads to the client and keeps what it answered, as strict as
    Discord: an interaction not answered within three seconds is unknown ever after, and so
    are its follow-ups; a follow-up may fail as Discord's do (a 5xx, a timeout, a 429 still
    there after the library's own waits)."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self.responses: list[dict] = []
        self.finished: set[int] = set()  # interactions the bot has done answering
        self.created: dict[str, float] = {}  # interaction → when it reached the bot
        self.acknowledged: set[str] = set()  # interactions answered in time
        self.deadline = 3.0
        self.failures: list[str] = []  # how the next follow-ups fail: 5xx, timeout, 429

    def fail_next(self, how: str, times: int = 1) -> None:
        """The next ``times`` follow-ups (and edits of an answer) fail: ``5xx`` (Discord's
        500), ``timeout`` (no answer at all), ``429`` (rate limited, ``retry_after`` given)."""
        self.failures = [how] * times

    def _fail(self) -> None:
        how = self.failures.pop(0)
        if how == "5xx":
            raise discord.DiscordServerError(backend.FakeRequest(500, "Internal Server Error"), "")
        if how == "timeout":
            raise TimeoutError
        raise discord.HTTPException(
            backend.FakeRequest(429, "Too Many Requests"),
            {"message": "You are being rate limited.", "retry_after": 0.5, "global": False},
        )

    async def fake_request(
        self, route, session=None, *, payload=None, multipart=None, files=None, **_
    ):
        body = payload
        if body is None and multipart:
            body = json.loads(next(p["value"] for p in multipart if p["name"] == "payload_json"))
        content = (body or {}).get("content") or (body or {}).get("data", {}).get("content")
        if content and len(content) > 2000:  # as Discord refuses it
            raise discord.HTTPException(
                backend.FakeRequest(400, "Bad Request"), "content: Must be 2000 or fewer in length."
            )
        _check_components(body or {})
        if route.path.endswith("/callback"):
            interaction = route.url.split("/interactions/")[1].split("/")[0]
            waited = asyncio.get_running_loop().time() - self.created.get(interaction, 0.0)
            if waited > self.deadline:  # Discord forgets an interaction after three seconds
                raise discord.NotFound(
                    backend.FakeRequest(404, "Not Found"),
                    {"code": 10062, "message": "Unknown interaction"},
                )
            self.acknowledged.add(interaction)
        elif "/webhooks/" in route.url:  # a follow-up, or an edit of an answer
            token = route.url.split("/webhooks/")[1].split("/")[1]
            if token.removeprefix("token") not in self.acknowledged:
                raise discord.NotFound(  # never answered in time: its token is unknown
                    backend.FakeRequest(404, "Not Found"),
                    {"code": 10015, "message": "Unknown Webhook"},
                )
            if self.failures:
                self._fail()
        self.responses.append(
            {
                "path": route.path,
                "url": route.url,
                "method": route.method,
                "body": body or {},
                "files": [f.filename for f in files or ()],
            }
        )
        if route.path.endswith("/callback"):
            return {
                "interaction": {
                    "id": "1",
                    "type": 2,
                    "response_message_id": str(next(_ids)),
                    "response_message_ephemeral": False,
                }
            }
        return bot_message(str(next(_ids)), "1")

    def member_json(self, member: discord.Member) -> dict:
        return {
            "user": {
                "id": str(member.id),
                "username": member.name,
                "discriminator": "0",
                "avatar": None,
                "global_name": None,
            },
            "roles": [str(r.id) for r in member.roles[1:]],
            "joined_at": "2020-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "permissions": str(member.guild_permissions.value),
        }

    def base(
        self,
        member: discord.Member,
        kind: int,
        locale: str,
        channel: discord.abc.GuildChannel | discord.Thread | None = None,
    ) -> dict:
        """An interaction's payload, from a channel of the server (its first, unless told)."""
        channel = channel or member.guild.text_channels[0]
        interaction = str(next(_ids))
        return {
            "id": interaction,
            "application_id": "1",
            "type": kind,
            "token": f"token{interaction}",
            "version": 1,
            "guild_id": str(member.guild.id),
            "channel_id": str(channel.id),
            "channel": {
                "id": str(channel.id),
                "type": channel.type.value,
                "guild_id": str(member.guild.id),
                "name": channel.name,
                "position": 0,
                "permission_overwrites": [],
                "nsfw": False,
                "parent_id": str(channel.parent_id)
                if getattr(channel, "parent_id", None)
                else None,
            },
            "locale": locale,
            "guild_locale": "en-US",
            "member": self.member_json(member),
            "app_permissions": "0",
            "entitlements": [],
            "context": 0,
            "authorizing_integration_owners": {},
            "attachment_size_limit": 10_485_760,
        }

    async def slash(
        self,
        member: discord.Member,
        path: str,
        options: dict | None = None,
        locale: str = "en-US",
        *,
        checked: bool = True,
        channel: discord.abc.GuildChannel | discord.Thread | None = None,
    ) -> Answer:
        """``path`` like "burraco sit", "mcr win self" or "help"; options as {name: value}.
        The command is found in what was synced, and its options are checked as Discord's
        own client checks them before sending (``checked=False``: as typed, unchecked)."""
        synced = self.synced(path.split())
        declared = {o["name"]: o for o in synced[-1].get("options") or ()}
        if checked:
            _check_values(path, declared, options or {})
        typed = [
            {"type": declared[key]["type"] if checked else _type_of(value), "name": key}
            | {"value": str(value.id) if isinstance(value, discord.Member) else value}
            for key, value in (options or {}).items()
        ]
        data: dict = {"id": "1", "type": 1, "name": synced[0]["name"], "options": typed}
        inner = data
        for level in synced[1:]:  # a subcommand, in its group when it has one
            inner["options"] = [{"type": level["type"], "name": level["name"], "options": typed}]
            inner = inner["options"][0]
        resolved = {m.id: m for m in (options or {}).values() if isinstance(m, discord.Member)}
        if resolved:
            data["resolved"] = {
                "members": {
                    str(i): {k: v for k, v in self.member_json(m).items() if k != "user"}
                    for i, m in resolved.items()
                },
                "users": {str(i): self.member_json(m)["user"] for i, m in resolved.items()},
            }
        payload = self.base(member, 2, locale, channel) | {"data": data}
        return await self.feed(payload)

    def synced(self, path: list[str]) -> list[dict]:
        """The synced command and each of its subcommands on the path: Discord offers no
        other, and never a command that has subcommands by itself."""
        level, found = self.client.syncs[-1]["payload"], []
        for depth, name in enumerate(path):  # a slash command, then its groups or subcommands
            kinds = (1,) if depth == 0 else (1, 2)
            item = next((c for c in level if c["name"] == name and c.get("type", 1) in kinds), None)
            if item is None:
                raise AssertionError(f"Discord offers no /{' '.join(path)}")
            found.append(item)
            level = item.get("options") or []
        if any(option["type"] in (1, 2) for option in level):
            raise AssertionError(f"/{' '.join(path)} is a group: Discord offers its subcommands")
        return found

    async def report_menu(
        self, member: discord.Member, author: discord.Member, content: str, locale: str = "en-US"
    ) -> Answer:
        """A message's Apps menu, "Report to moderators", as Discord sends its choice."""
        message = bot_message(str(next(_ids)), str(member.guild.text_channels[0].id))
        message |= {
            "content": content,
            "author": self.member_json(author)["user"],
        }
        data = {
            "id": "2",
            "type": 3,
            "name": "Report to moderators",
            "target_id": message["id"],
            "resolved": {"messages": {message["id"]: message}},
        }
        return await self.feed(self.base(member, 2, locale) | {"data": data})

    async def press(
        self,
        member: discord.Member,
        custom_id: str,
        locale: str = "en-US",
        values: list[str] | None = None,
    ) -> Answer:
        """A button pressed, or (with ``values``) a choice made in a select menu."""
        data: dict = {"custom_id": custom_id, "component_type": 2}
        if values is not None:
            data = {"custom_id": custom_id, "component_type": 3, "values": values}
        payload = self.base(member, 3, locale) | {
            "data": data,
            "message": bot_message(str(next(_ids)), str(member.guild.text_channels[0].id)),
        }
        return await self.feed(payload)

    async def feed(self, payload: dict) -> Answer:
        """The interaction, then everything the bot says about it until it is done."""
        before, posted = len(self.responses), len(self.client.payloads)
        self.created[payload["id"]] = asyncio.get_running_loop().time()
        self.client._connection.parse_interaction_create(payload)
        for _ in range(1000):  # the library answers from a task of its own
            if int(payload["id"]) in self.finished or self._answered(before):
                break
            await asyncio.sleep(0.01)
        await dpytest.run_all_events()
        answered = len(self.responses) > before or len(self.client.payloads) > posted
        assert answered, "no answer to the interaction"
        return Answer(self.responses[before:], self.client.payloads[posted:])

    def _answered(self, before: int) -> bool:
        """Answered at once, without being deferred (a stale button, a page turned)."""
        return any(
            r["path"].endswith("/callback") and r["body"].get("type") in (4, 7)
            for r in self.responses[before:]
        )


def _type_of(value: object) -> int:
    """The option type a value is sent as, when nothing declares it."""
    if isinstance(value, discord.Member):
        return 6
    if isinstance(value, bool):
        return 5
    return 4 if isinstance(value, int) else 3


def _check_values(path: str, declared: dict[str, dict], values: dict) -> None:
    """What Discord's client refuses to send: an option the command does not have, one
    required left out, a value of another type, out of its bounds or not among its choices."""
    for name, option in declared.items():
        if option.get("required") and name not in values:
            raise AssertionError(f"/{path}: {name} is required")
    for name, value in values.items():
        option = declared.get(name)
        if option is None:
            raise AssertionError(f"/{path} has no option {name}")
        if _type_of(value) != option["type"]:
            raise AssertionError(f"/{path} {name}: type {option['type']}, not {value!r}")
        choices = [choice["value"] for choice in option.get("choices") or ()]
        if choices and value not in choices:
            raise AssertionError(f"/{path} {name}: {value!r} is not among {choices}")
        low, high = option.get("min_value"), option.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            raise AssertionError(f"/{path} {name}: {value!r} out of bounds")
        if isinstance(value, str) and len(value) > option.get("max_length", 6000):
            raise AssertionError(f"/{path} {name}: too long")


APPLICATION_ID = 4242
NAME = re.compile(r"^[-_\w]{1,32}$")
LOCALES = {locale.value for locale in discord.Locale}


def _check_name(name: str, where: str) -> None:
    if not NAME.match(name) or name != name.lower():
        raise discord.HTTPException(backend.FakeRequest(400, "Bad Request"), f"{where}: {name!r}")


def _check_text(text: str, where: str) -> None:
    if not 1 <= len(text) <= 100:
        raise discord.HTTPException(backend.FakeRequest(400, "Bad Request"), f"{where}: {text!r}")


def _check_command(command: dict, where: str, *, top: bool = False) -> None:
    """What Discord checks of a command or an option before it accepts a sync. A message's
    or a user's menu entry (type 3 or 2) has a name as people read it and no description."""
    if top and command.get("type") in (2, 3):
        for name in [command["name"], *(command.get("name_localizations") or {}).values()]:
            if not 1 <= len(name) <= 32:
                raise discord.HTTPException(backend.FakeRequest(400, "Bad Request"), where)
        if command.get("description"):
            raise discord.HTTPException(backend.FakeRequest(400, "Bad Request"), where)
        return
    _check_name(command["name"], f"{where} name")
    _check_text(command.get("description") or "", f"{where} description")
    for locale, name in (command.get("name_localizations") or {}).items():
        assert locale in LOCALES, locale
        _check_name(name, f"{where} name in {locale}")
    for locale, text in (command.get("description_localizations") or {}).items():
        assert locale in LOCALES, locale
        _check_text(text, f"{where} description in {locale}")
    options = command.get("options") or []
    if len(options) > 25:
        raise discord.HTTPException(backend.FakeRequest(400, "Bad Request"), f"{where}: options")
    required = [o.get("required", False) for o in options if o["type"] not in (1, 2)]
    if required != sorted(required, reverse=True):
        raise discord.HTTPException(
            backend.FakeRequest(400, "Bad Request"), f"{where}: required options come first"
        )
    _check_unique(options, where)
    for option in options:
        _check_command(option, f"{where} {option['name']}")
        if len(option.get("choices") or []) > 25:
            raise discord.HTTPException(backend.FakeRequest(400, "Bad Request"), "choices")


COMMAND_SIZE = 4000  # characters of a command's names, descriptions and choices, a language
DEPTH = 3  # a command, its groups of subcommands, their subcommands


def _size_in(command: dict, locale: str | None) -> int:
    """The characters Discord counts of a command in one language: names, descriptions and
    choices' names and values, of the command and every option beneath it."""

    def shown(item: dict, field: str) -> str:
        return str((item.get(f"{field}_localizations") or {}).get(locale) or item.get(field) or "")

    size = len(shown(command, "name")) + len(shown(command, "description"))
    for choice in command.get("choices") or ():
        size += len(shown(choice, "name")) + len(str(choice["value"]))
    return size + sum(_size_in(option, locale) for option in command.get("options") or ())


def _check_size(command: dict, where: str, depth: int = 1) -> None:
    """Discord refuses a command over 4,000 characters in any language, or nested deeper than
    a group of subcommands; a command with subcommands holds nothing else."""
    for locale in {None} | LOCALES:
        if _size_in(command, locale) > COMMAND_SIZE:
            _refuse(f"{where}: more than {COMMAND_SIZE} characters in {locale}")
    options = command.get("options") or []
    nested = [option for option in options if option["type"] in (1, 2)]
    if nested and len(nested) != len(options):
        _refuse(f"{where}: subcommands beside options")
    for option in nested:
        if depth + 1 > DEPTH or (option["type"] == 2 and depth + 1 == DEPTH):
            _refuse(f"{where} {option['name']}: nested too deep")
        _check_size(option, f"{where} {option['name']}", depth + 1)


def _check_unique(siblings: list[dict], where: str) -> None:
    """Discord refuses two commands (or options) of one level sharing a name in any locale."""
    for locale in {None} | LOCALES:
        names = [
            (item.get("name_localizations") or {}).get(locale, item["name"])
            if locale
            else item["name"]
            for item in siblings
        ]
        if len(names) != len(set(names)):
            raise discord.HTTPException(
                backend.FakeRequest(400, "Bad Request"), f"{where}: names repeat in {locale}"
            )


def strict_sync(syncs: list[dict], guild_id):
    """Discord's bulk overwrite of commands, as strict as Discord about what it accepts."""

    async def upsert(http, application_id, payload):
        assert int(application_id) == APPLICATION_ID
        if len(payload) > 100:
            raise discord.HTTPException(backend.FakeRequest(400, "Bad Request"), "too many")
        _check_unique(payload, "commands")
        for command in payload:
            _check_command(command, command["name"], top=True)
            _check_size(command, command["name"])
        syncs.append({"guild": guild_id, "payload": payload})
        return [
            {
                "description": "",  # Discord gives a menu entry's, empty, back
                **command,
                "id": str(next(_ids)),
                "application_id": str(APPLICATION_ID),
                "version": "1",
                "default_member_permissions": None,
            }
            for command in payload
        ]

    return upsert


@pytest.fixture
async def discord_bot(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # dpytest writes every sent file into the working directory
    clock = Clock()
    app = App(SqliteDatabase(str(tmp_path / "discord.db")))
    await app.start()
    client = build_bot(app, DiscordSettings(token="x", sharded=False, presence=True), clock)
    await client._async_setup_hook()
    dpytest.configure(
        client,
        guilds=["Burraco Club", "MCR Open"],
        text_channels=["tables"],
        members=["alice", "bob", "carol", "dave", "ref"],
    )
    client._connection._command_tree = client.tree  # dpytest swaps the connection state
    client._connection.application_id = APPLICATION_ID
    client.tree._http = client.http  # the tree keeps the HTTP client it was built with
    syncs: list[dict] = []
    monkeypatch.setattr(
        backend.FakeHttp, "bulk_upsert_global_commands", strict_sync(syncs, None), raising=False
    )
    monkeypatch.setattr(
        backend.FakeHttp,
        "bulk_upsert_guild_commands",
        lambda http, application_id, guild_id, payload: strict_sync(syncs, guild_id)(
            http, application_id, payload
        ),
        raising=False,
    )
    client.syncs = syncs
    await client.setup_hook()
    config = dpytest.get_config()
    for guild in config.guilds:
        invited = backend.make_role("Arbitro", guild, permissions=INVITED.value)
        invited.position = 10  # its members' roles stand below it
        await dpytest.add_role(guild.me, invited)
        role = backend.make_role("Referees", guild, permissions=MODERATE.value)
        referee = discord.utils.get(guild.members, name="ref")
        await dpytest.add_role(referee, role)
    interactions = Interactions(client)
    monkeypatch.setattr(
        webhook_async.AsyncWebhookAdapter,
        "request",
        lambda self, *a, **k: interactions.fake_request(*a, **k),
    )
    edits: list[dict] = []

    async def edit_message(http, channel_id: int, message_id: int, **fields) -> dict:
        """dpytest finds the edited message in its caller's frame, which is a PartialMessage
        when the bot edits by id: the client's cache has the whole message."""
        message = http.state._get_message(int(message_id))
        assert message is not None, f"no message {message_id} to edit"
        edits.append(
            {
                "channel_id": int(channel_id),
                "message_id": int(message_id),
                **fields["params"].payload,
            }
        )
        return backend.edit_message(message, **fields)

    monkeypatch.setattr(backend.FakeHttp, "edit_message", edit_message)
    payloads: list[dict] = []
    silenced: set[int] = set()  # channels where the bot may not write
    dms_closed: set[int] = set()  # members who take no DM from the bot
    client.silenced_channels, client.dms_closed = silenced, dms_closed
    send_message = backend.FakeHttp.send_message

    async def strict_send(http, channel_id: int, *, params) -> dict:
        """Discord refuses content over 2,000 characters; what was asked is kept."""
        # dpytest reads the channel from its caller's locals: be that caller faithfully
        channel = inspect.currentframe().f_back.f_locals.get("channel")
        payload = dict(params.payload or {})
        if not payload and params.multipart:  # sent with a file: the message is a part of it
            found = next(p for p in params.multipart if p["name"] == "payload_json")
            payload = json.loads(found["value"])
        names = [f.filename for f in params.files or ()]
        if int(channel_id) in silenced:  # the bot lacks Send Messages there
            raise discord.Forbidden(
                backend.FakeRequest(403, "Forbidden"),
                {"code": 50013, "message": "Missing Permissions"},
            )
        recipient = getattr(channel, "recipient", None)
        if recipient is not None and recipient.id in dms_closed:
            raise discord.Forbidden(
                backend.FakeRequest(403, "Forbidden"),
                {"code": 50007, "message": "Cannot send messages to this user"},
            )
        payloads.append({"channel_id": int(channel_id), **payload, "files": names})
        if len(payload.get("content") or "") > 2000:
            raise discord.HTTPException(
                backend.FakeRequest(400, "Bad Request"), "content: Must be 2000 or fewer in length."
            )
        return await send_message(http, channel_id, params=params)

    monkeypatch.setattr(backend.FakeHttp, "send_message", strict_send)
    get_member = backend.FakeHttp.get_member

    uncached: dict[tuple[int, int], dict] = {}  # members of a server the client has not seen

    async def strict_get_member(http, guild_id: int, member_id: int) -> dict:
        """Discord answers 404 Unknown Member for someone not in the server; a member the
        client has not cached, Discord knows all the same."""
        guild = http.state._get_guild(int(guild_id))
        if (int(guild_id), int(member_id)) in uncached:
            return uncached[int(guild_id), int(member_id)]
        if guild is None or guild.get_member(int(member_id)) is None:
            raise discord.NotFound(
                backend.FakeRequest(404, "Not Found"), {"code": 10007, "message": "Unknown Member"}
            )
        return await get_member(http, guild_id, member_id)

    monkeypatch.setattr(backend.FakeHttp, "get_member", strict_get_member)
    removals: list[tuple[str, int, int, str | None]] = []  # action, guild, user, reason
    banned: set[tuple[int, int]] = set()
    without: set[tuple[int, str]] = set()  # (guild, permission) the bot lacks

    def revoke(guild: discord.Guild, permission: str, *, given: bool = False) -> None:
        """The bot loses a permission in that server (its role edited); ``given``: gains it."""
        (without.discard if given else without.add)((guild.id, permission))
        invited = discord.utils.get(guild.roles, name="Arbitro")
        granted = discord.Permissions(invited.permissions.value)
        setattr(granted, permission, given)
        backend.update_role(invited, permissions=granted.value)

    def refuse_without(guild_id: int, permission: str, user_id: int | None = None) -> None:
        """Discord answers 403 Missing Permissions when the bot lacks one, and the same for
        a member whose highest role is not below the bot's (or who owns the server)."""
        forbidden = discord.Forbidden(
            backend.FakeRequest(403, "Forbidden"),
            {"code": 50013, "message": "Missing Permissions"},
        )
        if (int(guild_id), permission) in without:
            raise forbidden
        guild = client.get_guild(int(guild_id))
        target = guild.get_member(int(user_id)) if user_id is not None else None
        if target is not None and (
            target.id == guild.owner_id or target.top_role >= guild.me.top_role
        ):
            raise forbidden

    def check_reason(reason: str | None) -> None:
        """Discord takes an audit log reason (X-Audit-Log-Reason) of 512 characters at most."""
        if reason is not None and len(reason) > AUDIT_REASON:
            _refuse(f"X-Audit-Log-Reason: at most {AUDIT_REASON} characters")

    async def strict_ban(http, user_id, guild_id, delete_message_seconds=0, reason=None):
        check_reason(reason)
        refuse_without(guild_id, "ban_members", user_id)
        removals.append(("ban", int(guild_id), int(user_id), reason))
        banned.add((int(guild_id), int(user_id)))

    async def strict_unban(http, user_id, guild_id, *, reason=None):
        check_reason(reason)
        refuse_without(guild_id, "ban_members")
        if (int(guild_id), int(user_id)) not in banned:
            raise discord.NotFound(
                backend.FakeRequest(404, "Not Found"), {"code": 10026, "message": "Unknown Ban"}
            )
        banned.discard((int(guild_id), int(user_id)))
        removals.append(("unban", int(guild_id), int(user_id), reason))

    async def strict_kick(http, user_id, guild_id, reason=None):
        check_reason(reason)
        refuse_without(guild_id, "kick_members", user_id)
        removals.append(("kick", int(guild_id), int(user_id), reason))

    slowmodes: list[tuple[int, int, str | None]] = []  # channel, seconds, reason

    async def edit_channel(http, channel_id, *, reason=None, **options) -> dict:
        """A channel's settings; its slow mode (``rate_limit_per_user``) as Discord takes
        it: 0 to 21,600 seconds, with Manage Channels."""
        check_reason(reason)
        channel = client.get_channel(int(channel_id))
        if channel is None:
            raise discord.NotFound(
                backend.FakeRequest(404, "Not Found"), {"code": 10003, "message": "Unknown Channel"}
            )
        refuse_without(channel.guild.id, "manage_channels")
        seconds = options.get("rate_limit_per_user")
        if seconds is not None and not 0 <= seconds <= SLOWMODE_LIMIT:
            _refuse(f"rate_limit_per_user: between 0 and {SLOWMODE_LIMIT}")
        slowmodes.append((int(channel_id), seconds, reason))
        data = backend.facts.dict_from_channel(channel) | options
        http.state.parse_channel_update(data)
        return data

    monkeypatch.setattr(backend.FakeHttp, "ban", strict_ban, raising=False)
    monkeypatch.setattr(backend.FakeHttp, "unban", strict_unban, raising=False)
    monkeypatch.setattr(backend.FakeHttp, "kick", strict_kick, raising=False)
    monkeypatch.setattr(backend.FakeHttp, "edit_channel", edit_channel, raising=False)
    client.slowmodes = slowmodes
    client.uncached = uncached
    channels: dict[int, dict] = {}  # threads and forums, as Discord describes them
    get_channel = backend.FakeHttp.get_channel

    async def strict_get_channel(http, channel_id: int) -> dict:
        """Discord gives any channel of the bot's servers, a thread the client never saw
        included (dpytest knows the server's channel list only)."""
        if int(channel_id) in channels:
            return channels[int(channel_id)]
        return await get_channel(http, channel_id)

    posts: list[dict] = []  # the forum posts the bot opened, each with its first message

    async def start_thread_in_forum(http, channel_id: int, *, params, reason=None) -> dict:
        """A forum post, opened with its first message (the only way into a forum)."""
        forum = channels.get(int(channel_id))
        if forum is None or forum["type"] != discord.ChannelType.forum.value:
            _refuse("not a forum")
        payload = dict(params.payload or {})
        if not payload and params.multipart:
            found = next(p for p in params.multipart if p["name"] == "payload_json")
            payload = json.loads(found["value"])
        guild = http.state._get_guild(int(forum["guild_id"]))
        thread = thread_json(guild, int(channel_id), payload["name"], http.state.user.id)
        message = bot_message(str(next(_ids)), thread["id"]) | payload.get("message", {})
        posts.append({"forum": int(channel_id), "thread": int(thread["id"]), **message})
        http.state.parse_thread_create(thread | {"newly_created": True})  # the gateway's word
        channels[int(thread["id"])] = thread
        return thread | {"message": message}

    monkeypatch.setattr(backend.FakeHttp, "get_channel", strict_get_channel)
    monkeypatch.setattr(
        backend.FakeHttp, "start_thread_in_forum", start_thread_in_forum, raising=False
    )
    client.channels = channels
    client.posts = posts
    edit_member = backend.FakeHttp.edit_member

    async def strict_edit_member(http, guild_id, user_id, *, reason=None, **fields):
        """A timeout is refused as Discord refuses it (the permission, the hierarchy)."""
        self = inspect.currentframe().f_back.f_locals.get("self")  # noqa: F841  (dpytest)
        check_reason(reason)
        if "communication_disabled_until" in fields:
            refuse_without(guild_id, "moderate_members", user_id)
        return await edit_member(http, guild_id, user_id, reason=reason, **fields)

    monkeypatch.setattr(backend.FakeHttp, "edit_member", strict_edit_member)
    client.revoke = revoke
    client.removals = removals
    client.without_permissions = without
    client.payloads = payloads
    client.edits = edits
    client.test_clock = clock
    client.interactions = interactions
    finish = client.arbitro.messenger.finish

    async def finished(origin) -> None:
        """The bot is done with an interaction: the harness stops waiting for more."""
        await finish(origin)
        handle = getattr(origin, "handle", None)
        if isinstance(handle, discord.Interaction):
            interactions.finished.add(handle.id)

    monkeypatch.setattr(client.arbitro.messenger, "finish", finished)
    yield client
    await client.arbitro.live.stop()
    await dpytest.empty_queue()
    await app.stop()


def thread_json(guild: discord.Guild, parent: int, name: str, owner: int) -> dict:
    return {
        "id": str(next(_ids)),
        "guild_id": str(guild.id),
        "parent_id": str(parent),
        "owner_id": str(owner),
        "name": name,
        "type": discord.ChannelType.public_thread.value,
        "message_count": 0,
        "member_count": 1,
        "rate_limit_per_user": 0,
        "thread_metadata": {
            "archived": False,
            "auto_archive_duration": 1440,
            "archive_timestamp": "2026-01-01T00:00:00+00:00",
            "locked": False,
        },
    }


def make_thread(
    client: discord.Client, parent: discord.TextChannel | discord.ForumChannel, name: str
) -> discord.Thread:
    """A thread of a text channel, or a forum's post, as the gateway announces it."""
    data = thread_json(parent.guild, parent.id, name, member(client, "alice").id)
    client.channels[int(data["id"])] = data
    client._connection.parse_thread_create(data)
    thread = parent.guild.get_thread(int(data["id"]))
    assert thread is not None
    return thread


def make_forum(client: discord.Client, guild: discord.Guild, name: str) -> discord.ForumChannel:
    """A forum channel: posts (threads) only, no messages of its own."""
    data = {
        "id": str(next(_ids)),
        "guild_id": str(guild.id),
        "name": name,
        "type": discord.ChannelType.forum.value,
        "position": len(guild.channels) + 1,
        "permission_overwrites": [],
        "nsfw": False,
        "parent_id": None,
        "topic": None,
        "rate_limit_per_user": 0,
        "available_tags": [],
        "default_reaction_emoji": None,
        "default_thread_rate_limit_per_user": 0,
        "default_sort_order": None,
        "default_forum_layout": 0,
        "flags": 0,
    }
    client.channels[int(data["id"])] = data
    client._connection.parse_channel_create(data)
    forum = guild.get_channel(int(data["id"]))
    assert isinstance(forum, discord.ForumChannel)
    return forum


def forget(client: discord.Client, member: discord.Member) -> None:
    """A member of the server the client has not seen (no members intent): out of its cache,
    known to Discord."""
    client.uncached[member.guild.id, member.id] = client.interactions.member_json(member)
    member.guild._remove_member(member)


def member(client: discord.Client, name: str, guild: int = 0) -> discord.Member:
    return discord.utils.get(dpytest.get_config().guilds[guild].members, name=name)
