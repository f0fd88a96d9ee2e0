"""Settings from the environment: defaults, switches, and a clear word for a bad value."""

import pytest

from bot.__main__ import main
from bot.config import load_settings, read_moderator


@pytest.fixture(autouse=True)
def no_dotenv(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)  # no .env of the developer's in the way
    for name in (
        "TELEGRAM_CONFIRM_STOPS",
        "TELEGRAM_WEBHOOK_PORT",
        "DISCORD_LOG_CHANNEL",
        "DISCORD_INTENTS",
        "DISCORD_COMMAND_GUILD",
    ):
        monkeypatch.delenv(name, raising=False)


def test_defaults():
    settings = load_settings()
    assert settings.telegram_confirm_stops is True
    assert settings.telegram_webhook_port == 8443
    assert settings.discord_log_channel is None


@pytest.mark.parametrize(
    ("value", "expected"),
    [("off", False), ("No", False), ("0", False), ("on", True), ("true", True), (" yes ", True)],
)
def test_confirmation_of_stops_is_a_switch(monkeypatch, value, expected):
    monkeypatch.setenv("TELEGRAM_CONFIRM_STOPS", value)
    assert load_settings().telegram_confirm_stops is expected


@pytest.mark.parametrize(
    ("name", "value", "said"),
    [
        ("TELEGRAM_CONFIRM_STOPS", "maybe", "TELEGRAM_CONFIRM_STOPS must be on or off"),
        ("TELEGRAM_WEBHOOK_PORT", "eighty", "TELEGRAM_WEBHOOK_PORT must be a whole number"),
        ("DISCORD_LOG_CHANNEL", "#general", "DISCORD_LOG_CHANNEL must be a whole number"),
        ("ARBITRO_MODERATORS", "12, Anna Rossi", "ARBITRO_MODERATORS takes user ids or usernames"),
    ],
)
def test_a_bad_value_stops_the_start_with_its_name(monkeypatch, capsys, name, value, said):
    monkeypatch.setenv(name, value)
    with pytest.raises(ValueError, match=said):
        load_settings()
    assert main(["console"]) == 2
    assert said in capsys.readouterr().err


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("", ("members", "message_content")),  # Presence is asked for only when chosen
        ("presence,members", ("presence", "members")),
        (" Message_Content ", ("message_content",)),
        ("none", ()),
    ],
)
def test_privileged_intents_are_optional(monkeypatch, value, expected):
    monkeypatch.setenv("DISCORD_INTENTS", value)
    assert load_settings().discord_intents == expected


def test_an_unknown_intent_is_named(monkeypatch, capsys):
    monkeypatch.setenv("DISCORD_INTENTS", "members,voice")
    assert main(["console"]) == 2
    assert "DISCORD_INTENTS" in capsys.readouterr().err


def test_a_development_server_for_slash_commands(monkeypatch):
    monkeypatch.setenv("DISCORD_COMMAND_GUILD", "123456789012345678")
    assert load_settings().discord_command_guild == 123456789012345678


def test_discord_shards_split_across_processes(monkeypatch):
    monkeypatch.setenv("DISCORD_SHARD_COUNT", "4")
    monkeypatch.setenv("DISCORD_SHARD_IDS", "1, 3")
    settings = load_settings()
    assert (settings.discord_shard_count, settings.discord_shard_ids) == (4, (1, 3))


@pytest.mark.parametrize(
    ("count", "ids", "said"),
    [
        ("", "0,1", "DISCORD_SHARD_IDS needs DISCORD_SHARD_COUNT"),
        ("2", "2", "DISCORD_SHARD_IDS takes distinct shards from 0 to 1"),
        ("4", "1,1", "DISCORD_SHARD_IDS takes distinct shards"),
        ("4", "one", "DISCORD_SHARD_IDS takes shard numbers"),
    ],
)
def test_impossible_shards_are_named(monkeypatch, count, ids, said):
    monkeypatch.setenv("DISCORD_SHARD_COUNT", count)
    monkeypatch.setenv("DISCORD_SHARD_IDS", ids)
    with pytest.raises(ValueError, match=said):
        load_settings()


def test_a_process_runs_the_shards_it_is_given():
    from bot.app import App
    from bot.platforms.discord.bot import DiscordSettings, build_bot

    app = App.from_url("sqlite:///:memory:")
    client = build_bot(app, DiscordSettings(token="x", shard_count=4, shard_ids=(1, 3)))
    assert client.shard_count == 4 and client.shard_ids == [1, 3]


def test_a_dotenv_in_the_working_directory_is_read(monkeypatch, tmp_path):
    (tmp_path / ".env").write_text("ARBITRO_LOG_LEVEL=DEBUG\nARBITRO_WEB_PORT=8099\n")
    for name in ("ARBITRO_LOG_LEVEL", "ARBITRO_WEB_PORT"):
        monkeypatch.setenv(name, "-")  # remembered as it was, and put back after the test
        monkeypatch.delenv(name)
    settings = load_settings()
    assert (settings.log_level, settings.web_port) == ("DEBUG", 8099)


def test_the_environment_wins_over_the_dotenv(monkeypatch, tmp_path):
    (tmp_path / ".env").write_text("ARBITRO_LOG_LEVEL=DEBUG\n")
    monkeypatch.setenv("ARBITRO_LOG_LEVEL", "ERROR")
    assert load_settings().log_level == "ERROR"


def test_the_database_password_is_a_secret():
    from bot.config import Settings

    settings = Settings("postgresql://bot:s3cr%40t-pass@db:5432/arbitro", None, None, "INFO")
    assert "s3cr@t-pass" in settings.secrets and "s3cr%40t-pass" in settings.secrets
    assert Settings("sqlite:///arbitro.db", None, None, "INFO").secrets == ()


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("postgresql://nobody:hunter2-secret@127.0.0.1:1/none", "cannot reach PostgreSQL at"),
        ("sqlite:///no/such/folder/arbitro.db", "cannot open the SQLite database"),
    ],
)
def test_an_unreachable_database_is_one_clear_line(monkeypatch, capsys, url, said):
    monkeypatch.setenv("ARBITRO_DATABASE_URL", url)
    assert main(["console"]) == 3
    err = capsys.readouterr().err
    assert err.startswith(f"arbitro: {said}") and err.count("\n") == 1, err
    assert "hunter2" not in err and "Traceback" not in err


def test_moderators_by_id_or_username(monkeypatch):
    monkeypatch.setenv("ARBITRO_MODERATORS", " 12, @carol ,dave.b, ,-5")
    assert load_settings().moderators == ("12", "@carol", "dave.b", "-5")


def test_moderators_with_their_platform(monkeypatch):
    written = "telegram:12, discord:345678901234567890, telegram:@carol, Discord:dave.b"
    monkeypatch.setenv("ARBITRO_MODERATORS", written)
    entries = load_settings().moderators
    assert entries == (
        "telegram:12",
        "discord:345678901234567890",
        "telegram:@carol",
        "Discord:dave.b",
    )
    read = [read_moderator(entry) for entry in entries]
    assert [(m.platforms, m.user_id, m.name) for m in read] == [
        (("telegram",), 12, None),
        (("discord",), 345678901234567890, None),
        (("telegram",), None, "carol"),
        (("discord",), None, "dave.b"),
    ]
    assert read_moderator("@carol").platforms == ("telegram",)  # an @name is Telegram's
    assert read_moderator("12").platforms == ("telegram", "discord")  # as older settings


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ("slack:12", "'slack' is no platform: write telegram: or discord:"),
        ("telegram:", "a user id or a username"),
        ("discord:12 34", "a user id or a username"),
        ("telegram:@", "a user id or a username"),
    ],
)
def test_a_moderator_entry_that_cannot_be_read_stops_the_start(monkeypatch, capsys, value, why):
    monkeypatch.setenv("ARBITRO_MODERATORS", f"telegram:1, {value}")
    with pytest.raises(ValueError, match="ARBITRO_MODERATORS takes user ids or usernames") as e:
        load_settings()
    assert f"not {value!r}: {why}" in str(e.value)
    assert main(["console"]) == 2
    assert why in capsys.readouterr().err
