"""Both rulebooks through the real discord.py client: text commands, slash commands, buttons,
permissions per server and language, ephemeral answers, bad input, time passing."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import discord
import discord.ext.test as dpytest
import pytest
from discord.ext.test import backend

from bot.storage.store import Store
from tests.platforms.discord.conftest import member

BURRACO, MCR = 0, 1


async def say(client, name: str, text: str, guild: int = BURRACO) -> list[str]:
    config = dpytest.get_config()
    channel = config.guilds[guild].text_channels[0]
    await dpytest.message(text, channel=channel, member=member(client, name, guild))
    return drain()


def shown(content: str) -> str:
    """A message's content as Discord shows it: escaped markdown characters as themselves."""
    return re.sub(r"\\(.)", r"\1", content)


def drain() -> list[str]:
    """What the bot said; a picture shows as its file name (dpytest keeps files, not the text
    sent with them)."""
    said = []
    while not dpytest.verify().message().nothing():
        message = dpytest.get_message()
        said.append(message.content or " ".join(f"[{a.filename}]" for a in message.attachments))
    return said


async def configure(client, guild: int, rulebook: str, lang: str = "en") -> None:
    await client.arbitro.app.layer.configure(
        "discord",
        str(dpytest.get_config().guilds[guild].id),
        {"rulebook": rulebook, "lang": lang, "ready_clock": "off"},
    )


async def test_burraco_by_text_commands(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    said = await say(discord_bot, "alice", "/open fibur 1v1 2")
    assert any("Table 1 is open" in m for m in said), said
    await say(discord_bot, "alice", "!sit 1")  # the bang form too
    said = await say(discord_bot, "bob", "/sit 1")
    assert any("the match starts" in m for m in said)
    said = await say(discord_bot, "ref", "/result 1 vp 13 7")
    assert any("ranking points alice 6, bob 4" in m for m in said)
    said = await say(discord_bot, "alice", "/open fibur 1v1 2")
    await say(discord_bot, "alice", "/sit 2")
    await say(discord_bot, "bob", "/sit 2")
    said = await say(discord_bot, "alice", "/abandon 2")
    assert any("WARNING" in m for m in said), said
    assert "[card_shown.png]" in said, said
    said = await say(discord_bot, "alice", "/sit 1")
    assert any("not served yet" in m for m in said)


async def test_stop_by_mention_times_out_and_ends_on_time(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    bob = member(discord_bot, "bob")
    said = await say(discord_bot, "ref", f"/stop <@{bob.id}> 2h insults")
    assert any("is stopped until" in m for m in said)
    discord_bot.test_clock.now += timedelta(hours=2, seconds=1)
    await discord_bot.arbitro.live.wake()
    await dpytest.run_all_events()
    ended = drain()
    assert any("your stop has ended" in m for m in ended)


async def test_mcr_penalties_and_standings_by_slash_commands(discord_bot):
    await configure(discord_bot, MCR, "mcr")
    ref = member(discord_bot, "ref", MCR)
    slash = discord_bot.interactions.slash
    answer = await slash(ref, "mcr-event tournament", {"name": "Open", "sessions": 2})
    assert 'Tournament "Open" created' in answer.text
    players = [member(discord_bot, n, MCR) for n in ("alice", "bob", "carol", "dave")]
    await slash(ref, "mcr-event register", {"players": " ".join(f"<@{p.id}>" for p in players)})
    await slash(ref, "mcr session", {"action": "start"})
    await slash(
        ref,
        "mcr seat",
        {
            "table": 1,
            "east": players[0],
            "south": players[1],
            "west": players[2],
            "north": players[3],
        },
    )
    answer = await slash(ref, "mcr violation", {"player": players[0], "kind": "wall"})
    assert "warning (first step" in answer.text
    answer = await slash(
        ref, "mcr score", {"table": 1, "east": 30, "south": 20, "west": -20, "north": -30}
    )
    assert "table points" in answer.text
    answer = await slash(players[1], "standings mcr")
    content = answer.text
    assert content.index("alice") < content.index("bob") and "4 TP" in content
    assert answer.files == ["standings.png"]


async def test_buttons_and_ephemeral_answers(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    alice, bob = member(discord_bot, "alice"), member(discord_bot, "bob")
    opened = await discord_bot.interactions.slash(
        alice, "burraco open", {"ruleset": "fibur", "format": "1v1", "hands": "2"}
    )
    buttons = opened.components[0]["components"]
    assert buttons[0]["custom_id"] == "arbitro:sit:1"
    await discord_bot.interactions.press(alice, "arbitro:sit:1")
    answer = await discord_bot.interactions.press(bob, "arbitro:sit:1")
    assert "the match starts" not in answer.texts[0]  # the reply is his seat, then the start
    assert "the match starts" in answer.texts[-1]
    await discord_bot.interactions.slash(alice, "burraco abandon", {"table": 1})
    card = await discord_bot.interactions.slash(alice, "card")
    assert card.private and not card.public  # ephemeral: only he sees his card
    answer = await discord_bot.interactions.press(alice, "arbitro:explode:now")
    assert "no longer valid" in answer.text


@pytest.mark.parametrize(
    ("lang", "locale", "phrase"),
    [
        ("en", "en-US", "Only moderators and referees"),
        ("it", "it", "Solo moderatori e arbitri"),
        ("ru", "ru", "только модераторы и судьи"),
    ],
)
async def test_members_without_rights_are_refused_every_moderator_command(
    discord_bot, lang, locale, phrase
):
    from bot.handlers import REGISTRY

    await configure(discord_bot, BURRACO, "burraco", lang)
    await configure(discord_bot, MCR, "mcr", lang)
    refused = 0
    for name, spec in REGISTRY.items():
        if not spec.moderator:
            continue
        guild = MCR if spec.rulebook == "mcr" else BURRACO
        said = await say(discord_bot, "alice", f"/{name}", guild=guild)
        assert any(phrase.lower() in m.lower() for m in said), (name, said)
        refused += 1
    assert refused >= 20
    alice = member(discord_bot, "alice")
    answer = await discord_bot.interactions.slash(
        alice,
        "stop player",
        {"player": member(discord_bot, "bob"), "duration": "1h", "reason": "x"},
        locale=locale,
    )
    assert phrase.lower() in answer.text.lower()
    assert answer.private and not answer.public  # refusals are for his eyes only


async def test_a_moderator_of_one_server_has_no_power_in_another(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    await configure(discord_bot, MCR, "mcr")
    referee_here = member(discord_bot, "ref", BURRACO)
    alice_there = member(discord_bot, "alice", MCR)
    # the same person, stripped of the role in the other server
    other = member(discord_bot, "ref", MCR)
    for role in other.roles[1:]:
        await dpytest.remove_role(other, role)
    said = await say(discord_bot, "ref", f"/stop <@{alice_there.id}> 1h cheating", guild=MCR)
    assert any("Only moderators" in m for m in said)
    said = await say(discord_bot, "ref", "/stops", guild=BURRACO)
    assert said and referee_here.guild_permissions.moderate_members


async def test_bad_options_are_answered_clearly(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    alice = member(discord_bot, "alice")
    answer = await discord_bot.interactions.slash(
        alice, "burraco sit", {"table": "seven"}, checked=False
    )
    assert 'table must be a whole number, not "seven"' in answer.text
    answer = await discord_bot.interactions.slash(
        alice, "burraco open", {"ruleset": "chess", "format": "1v1", "hands": "2"}, checked=False
    )
    assert "must be fibur or fitab" in shown(answer.text)
    answer = await discord_bot.interactions.slash(alice, "burraco sit", {"table": 99})
    assert "There is no table 99" in answer.text


async def test_a_member_who_left_and_a_deleted_channel_do_not_crash(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    bob = member(discord_bot, "bob")
    await say(discord_bot, "ref", f"/stop <@{bob.id}> 1h spam")
    guild = bob.guild
    guild._remove_member(bob)  # he left the server
    answer = await discord_bot.interactions.slash(
        member(discord_bot, "ref"), "lift", {"player": bob, "reason": "forgiven"}
    )
    assert "is lifted" in answer.text
    await discord_bot.arbitro.app.layer.configure(
        "discord", str(guild.id), {"discord_channel": 123456789}
    )
    await say(discord_bot, "ref", f"/stop <@{member(discord_bot, 'alice').id}> 1h spam")
    app = discord_bot.arbitro.app
    assert await app.timers.pending_count() >= 1  # her stop's end, at least
    discord_bot.test_clock.now += timedelta(hours=2)
    await discord_bot.arbitro.live.wake()  # the channel is gone: nothing to send, no crash
    async with app.database.transaction() as tx:
        pending = await tx.fetchall("SELECT kind FROM timers WHERE state = 'pending'")
        waiting = await tx.fetchone(
            "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL AND dead_at IS NULL"
        )
    assert not [kind for (kind,) in pending if kind.startswith("stop")]  # her stop ended
    assert waiting is not None and waiting[0] == 0  # and what it said is settled, not stuck


async def test_the_card_on_screen_is_edited_each_minute(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    await say(discord_bot, "alice", "/open fibur 1v1 2")
    await say(discord_bot, "alice", "/sit 1")
    await say(discord_bot, "bob", "/sit 1")
    said = await say(discord_bot, "alice", "/abandon 1")
    assert "[card_shown.png]" in said, said
    channel = dpytest.get_config().guilds[BURRACO].text_channels[0]
    card = next(
        m
        for m in reversed(discord_bot.cached_messages)
        if any(a.filename == "card_shown.png" for a in m.attachments)
    )
    cog = discord_bot.arbitro
    discord_bot.test_clock.now += timedelta(minutes=3)
    await cog.live.tick()
    [edit] = discord_bot.edits
    assert (edit["channel_id"], edit["message_id"]) == (channel.id, card.id)
    assert "12 minutes" in edit["content"], edit
    # shown again to him alone (an ephemeral answer): that answer is the one edited now
    alice = member(discord_bot, "alice")
    shown = await discord_bot.interactions.slash(alice, "card")
    assert shown.private and not shown.public
    discord_bot.test_clock.now += timedelta(minutes=1)
    await cog.live.tick()
    edited = discord_bot.interactions.responses[-1]
    assert edited["method"] == "PATCH" and "/webhooks/" in edited["path"]  # his answer, edited
    assert "11 minutes" in edited["body"]["content"]
    assert len(discord_bot.edits) == 1  # not the channel's copy as well


async def test_an_answer_discord_cannot_take_now_goes_out_later(discord_bot, monkeypatch):
    await configure(discord_bot, BURRACO, "burraco")
    reachable = backend.FakeHttp.send_message

    async def unreachable(http, channel_id, **_):
        raise discord.DiscordServerError(backend.FakeRequest(503, "Service Unavailable"), "")

    monkeypatch.setattr(backend.FakeHttp, "send_message", unreachable)
    assert await say(discord_bot, "alice", "/open fibur 1v1 2") == []
    monkeypatch.setattr(backend.FakeHttp, "send_message", reachable)
    discord_bot.test_clock.now += timedelta(seconds=30)  # the pause after a failed try
    await discord_bot.arbitro.live.wake()  # the next delivery round
    await dpytest.run_all_events()
    assert any("Table 1 is open" in m for m in drain())
    await discord_bot.arbitro.live.wake()
    assert drain() == []  # sent once


async def test_presence_pauses_the_card(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    await say(discord_bot, "alice", "/open fibur 1v1 2")
    await say(discord_bot, "alice", "/sit 1")
    await say(discord_bot, "bob", "/sit 1")
    await say(discord_bot, "alice", "/abandon 1")
    alice = member(discord_bot, "alice")
    cog = discord_bot.arbitro
    online = type(
        "P",
        (),
        {
            "status": discord.Status.online,
            "guild": alice.guild,
            "id": alice.id,
            "name": "alice",
            "roles": alice.roles,
            "guild_permissions": alice.guild_permissions,
        },
    )
    offline = type(
        "P",
        (),
        {
            "status": discord.Status.offline,
            "guild": alice.guild,
            "id": alice.id,
            "name": "alice",
            "roles": alice.roles,
            "guild_permissions": alice.guild_permissions,
        },
    )
    discord_bot.test_clock.now += timedelta(minutes=2)
    await cog.on_presence_update(online, offline)
    async with cog.app.database.transaction() as tx:
        record = await Store(tx).sanctions.discipline(
            (await Store(tx).communities.community("discord", str(alice.guild.id))).id,
            str(alice.id),
        )
    assert record.card is not None and not record.card.on_screen
    assert record.card.served_seconds == 120
    discord_bot.test_clock.now += timedelta(hours=5)
    await cog.on_presence_update(offline, online)
    async with cog.app.database.transaction() as tx:
        record = await Store(tx).sanctions.discipline(
            (await Store(tx).communities.community("discord", str(alice.guild.id))).id,
            str(alice.id),
        )
    assert record.card.on_screen


async def test_command_names_and_descriptions_are_localised(discord_bot):
    from bot.platforms.discord.bot import Localiser

    translator = Localiser(discord_bot.arbitro.app)
    group = discord_bot.tree.get_command("burraco")
    payload = await group.get_translated_payload(discord_bot.tree, translator)
    sit = next(o for o in payload["options"] if o["name"] == "sit")
    assert sit["name_localizations"]["it"] == "siediti"
    assert sit["name_localizations"]["ru"] == "сесть"
    assert sit["description_localizations"]["it"] == "siediti a un tavolo"
    assert "сесть за стол" in sit["description_localizations"]["ru"]


async def test_the_help_menu_is_a_select(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    alice = member(discord_bot, "alice")
    answer = await discord_bot.interactions.slash(alice, "help")
    menu = answer.components[0]["components"][0]
    assert menu["custom_id"] == "arbitro:help:0" and menu["type"] == 3
    answer = await discord_bot.interactions.press(alice, "arbitro:help:0", "it", values=["sit"])
    assert "/sit <tavolo> [ns|eo]" in shown(answer.text)  # her words


async def test_the_help_menus_offer_every_command_a_referee_may_use(discord_bot):
    from bot.handlers import REGISTRY

    await configure(discord_bot, MCR, "mcr")
    ref = member(discord_bot, "ref")
    answer = await discord_bot.interactions.slash(ref, "help")
    offered = [
        option["value"]
        for row in answer.components
        for menu in row["components"]
        for option in menu["options"]
    ]
    expected = {name for name, spec in REGISTRY.items() if spec.rulebook in (None, "mcr")}
    assert len(expected) > 25 and set(offered) == expected and len(offered) == len(expected)
    last = answer.components[-1]["components"][0]
    answer = await discord_bot.interactions.press(
        ref, last["custom_id"], "it", values=[last["options"][-1]["value"]]
    )
    assert f"/{last['options'][-1]['value']}" in shown(answer.text)


async def test_moderator_rulings_reach_the_log_channel_and_stops_time_out(discord_bot):
    from discord.ext.test import backend

    await configure(discord_bot, BURRACO, "burraco")
    guild = dpytest.get_config().guilds[BURRACO]
    log_channel = backend.make_text_channel("mod-log", guild)
    cog = discord_bot.arbitro
    cog.app.delivery.options["discord"].log_channel = str(log_channel.id)
    from discord.ext.test import callbacks

    edits = []

    async def record(fields, target, reason):
        edits.append((target.name, fields, reason))

    callbacks.set_callback(record, "edit_member")
    bob = member(discord_bot, "bob")
    said = await say(discord_bot, "ref", f"/stop <@{bob.id}> 2h insults")
    assert sum("is stopped until" in m for m in said) == 3  # the channel, the log, bob privately
    [(name, fields, reason)] = edits
    assert name == "bob" and fields["communication_disabled_until"] and reason == "by ref: insults"
    await say(discord_bot, "ref", f"/lift <@{bob.id}> sorry")
    assert edits[-1][1]["communication_disabled_until"] is None


async def test_each_server_keeps_its_own_moderators_log(discord_bot):
    from discord.ext.test import backend

    logs = {}
    for guild_index, rulebook in ((BURRACO, "burraco"), (MCR, "mcr")):
        await configure(discord_bot, guild_index, rulebook)
        guild = dpytest.get_config().guilds[guild_index]
        logs[guild_index] = backend.make_text_channel("mod-log", guild)
        said = await say(
            discord_bot, "ref", f"/settings log=<#{logs[guild_index].id}>", guild_index
        )
        assert any(f"moderators' log in <#{logs[guild_index].id}>" in m for m in said), said
    bob = member(discord_bot, "bob")
    await say(discord_bot, "ref", f"/stop <@{bob.id}> 2h insults")
    said = [m for m in discord_bot.cached_messages if "is stopped until" in m.content]
    in_log = [m for m in said if m.guild is not None]  # bob's private copy aside
    assert {m.channel.id for m in in_log} == {
        dpytest.get_config().guilds[BURRACO].text_channels[0].id,
        logs[BURRACO].id,
    }
    said = await say(discord_bot, "ref", "/settings log=off")
    assert not any("moderators' log in" in m for m in said), said
    await say(discord_bot, "ref", f"/lift <@{bob.id}> sorry")
    lifted = [m for m in discord_bot.cached_messages if "sorry" in m.content]
    assert lifted and {m.channel.id for m in lifted} == {
        dpytest.get_config().guilds[BURRACO].text_channels[0].id
    }


async def test_notices_go_to_the_channel_a_moderator_chose_never_where_people_chat(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    guild = dpytest.get_config().guilds[BURRACO]
    tables = guild.text_channels[0]
    off_topic = backend.make_text_channel("off-topic", guild)
    said = await say(discord_bot, "ref", f"/settings channel=<#{tables.id}>")
    assert any(f"<#{tables.id}>" in m for m in said), said
    assert any(
        "name a channel by mentioning it" in m
        for m in await say(discord_bot, "ref", "/settings channel=#tables")
    )
    await say(discord_bot, "alice", "/open fibur 1v1 2")
    await say(discord_bot, "alice", "/sit 1")
    await say(discord_bot, "bob", "/sit 1")
    await say(discord_bot, "alice", "/result 1 vp 13 7")  # reported: waits 10 minutes
    await dpytest.message(
        "anyone for coffee?", channel=off_topic, member=member(discord_bot, "bob")
    )
    drain()
    discord_bot.test_clock.now += timedelta(minutes=11)
    await discord_bot.arbitro.live.wake()  # unanswered: the result stands
    await dpytest.run_all_events()
    result = next(m for m in reversed(discord_bot.cached_messages) if "result" in m.content)
    assert result.channel.id == tables.id


async def test_no_message_pings_more_than_the_member_it_is_for(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    said = await say(discord_bot, "alice", "/open fibur 1v1 2")
    await say(discord_bot, "alice", "/sit 1")
    await say(discord_bot, "bob", "/sit 1")
    await say(discord_bot, "alice", "/dispute 1 @everyone <@&123> look at this")
    assert said and discord_bot.payloads
    for payload in discord_bot.payloads:
        allowed = payload["allowed_mentions"]
        assert allowed["parse"] == [] and not allowed.get("replied_user"), payload
        assert not allowed.get("roles") and not allowed.get("users"), payload


async def test_a_card_shown_after_a_slash_answer_is_edited_in_its_own_message(discord_bot):
    """The abandonment answers the slash command; the card follows, to him alone: each
    minute's edit changes the card, never the public answer."""
    await configure(discord_bot, BURRACO, "burraco")
    await say(discord_bot, "alice", "/open fibur 1v1 2")
    await say(discord_bot, "alice", "/sit 1")
    await say(discord_bot, "bob", "/sit 1")
    alice = member(discord_bot, "alice")
    first = await discord_bot.interactions.slash(alice, "burraco abandon", {"table": 1})
    assert "abandoned" in first.text
    await dpytest.run_all_events()
    drain()
    discord_bot.test_clock.now += timedelta(minutes=2)
    before = len(discord_bot.interactions.responses)
    await discord_bot.arbitro.live.tick()
    [edit] = discord_bot.interactions.responses[before:]
    assert not edit["path"].endswith("/messages/@original")  # the follow-up, by its id
    assert "13 minutes" in edit["body"]["content"]


async def test_standings_carry_a_link_button_to_the_public_page(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    layer = discord_bot.arbitro.app.layer
    layer.web_url = "https://arbitro.example.org"
    ref = member(discord_bot, "alice")
    before = await discord_bot.interactions.slash(ref, "standings burraco")
    assert not before.components  # no page handed out yet
    guild = str(dpytest.get_config().guilds[BURRACO].id)
    async with discord_bot.arbitro.app.database.transaction() as tx:
        store = Store(tx)
        community = await store.communities.community("discord", guild)
        assert community is not None
        await store.communities.set_web_slug(community.id, "a" * 24, datetime.now(UTC))
    answer = await discord_bot.interactions.slash(ref, "standings burraco")
    [button] = answer.components[0]["components"]
    assert button["style"] == 5  # a link: Discord opens it, no interaction comes back
    assert button["url"] == f"https://arbitro.example.org/c/{'a' * 24}/?tally=all&lang=en"
    assert "custom_id" not in button


async def test_what_people_type_is_shown_as_written_never_as_markdown(discord_bot):
    """A masked link, a spoiler, a heading or bold in a reason is text, not Discord markup."""
    await configure(discord_bot, BURRACO, "burraco")
    reason = "[Free Nitro](https://nitro.example/claim_now) ||gift|| **now**"
    said = await say(discord_bot, "ref", f"/stop <@{member(discord_bot, 'bob').id}> 2h {reason}")
    stops = [m for m in said if "Free Nitro" in m]  # in the channel, and to bob privately
    assert stops
    for stop in stops:
        assert r"\[Free Nitro](https://nitro.example/claim_now)" in stop  # the link kept whole
        assert r"\|\|gift\|\| \*\*now\*\*" in stop


def test_headings_quotes_and_backslashes_at_a_line_start_stay_text():
    from bot.platforms.discord.messenger import DiscordMessenger

    written = "Standings\n# Big Open\n> quoted\n-# small\nback\\*slash*"
    assert DiscordMessenger.inert(written) == (
        "Standings\n\\# Big Open\n\\> quoted\n\\-# small\nback\\\\\\*slash\\*"
    )


async def test_a_server_not_available_yet_is_waited_for_never_taken_as_sent(discord_bot):
    """At start the gateway has not yet said which servers the bot is in: a message for one
    of them waits, and goes once the server is there."""
    import discord.ext.test as dpytest

    from bot.handlers import Author, Incoming

    guild = dpytest.get_config().guilds[BURRACO]
    await configure(discord_bot, BURRACO, "burraco")
    state = discord_bot._connection
    state._remove_guild(guild)  # not (yet) available
    ref = Author(str(member(discord_bot, "ref").id), "ref", None, is_admin=True)
    now = discord_bot.test_clock()
    await discord_bot.arbitro.app.layer.handle(
        Incoming("discord", str(guild.id), ref, "/open fibur 1v1 2", now)
    )
    async with discord_bot.arbitro.app.database.transaction() as tx:
        rows = await tx.fetchall("SELECT delivered_at, dead_at, last_error FROM outbox")
    assert rows and all(delivered is None and dead is None for delivered, dead, _ in rows)
    assert "not available" in rows[-1][2]
    state._add_guild(guild)  # the gateway says it is there
    discord_bot.test_clock.now += timedelta(seconds=30)
    await discord_bot.arbitro.live.wake()
    await dpytest.run_all_events()
    assert any("Table 1 is open" in m for m in drain())
