"""No token in any log line: our own, a library's (httpx prints Telegram's URLs), or a
traceback's."""

from __future__ import annotations

import logging

import pytest

from bot.config import Settings
from bot.logs import HIDDEN, configure

TOKEN = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"


@pytest.fixture
def root_logger():
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield root
    for handler in list(root.handlers):
        root.removeHandler(handler)
    for handler in handlers:
        root.addHandler(handler)
    root.setLevel(level)


def test_every_line_hides_the_tokens(capsys, root_logger):
    configure("INFO", [TOKEN, "short", ""])
    logging.getLogger("httpx").info(
        'HTTP Request: POST https://api.telegram.org/bot%s/getUpdates "HTTP/1.1 200 OK"', TOKEN
    )
    try:
        raise RuntimeError(f"Invalid token {TOKEN}")
    except RuntimeError:
        logging.getLogger("telegram.ext").exception("start failed")
    written = capsys.readouterr().err
    assert TOKEN not in written
    assert written.count(HIDDEN) == 2  # in the request's URL, in the exception's message
    assert "getUpdates" in written


def test_settings_never_print_their_tokens():
    shown = repr(Settings("sqlite:///x.db", TOKEN, "discord-" + TOKEN, "INFO"))
    assert TOKEN not in shown and "set" in shown


def test_a_secret_made_after_the_logs_were_configured_is_hidden(capsys, root_logger):
    from bot.logs import hide

    configure("DEBUG", [TOKEN])
    made_later = "Zx9-generated-webhook-secret-0123456789abcd"
    hide(made_later)
    logging.getLogger("telegram.ext.Updater").debug("setWebhook secret_token=%s", made_later)
    written = capsys.readouterr().err
    assert made_later not in written and HIDDEN in written
