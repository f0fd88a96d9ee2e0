"""Whose language: his /lang, else his platform's, else the community's; notices to the whole
chat in the community's language."""

from tests.conftest import Chat


async def test_reply_language_follows_choice_then_platform_then_community(chat: Chat):
    out = await chat.say("ada", "/help sit")
    assert out[-1].lang == "en"
    out = await chat.say("ada", "/help sit", lang="ru-RU")  # his Telegram speaks Russian
    assert out[-1].lang == "ru" and "только" not in out[-1].text
    out = await chat.say("ada", "/lang it", lang="ru-RU")
    assert out[-1].lang == "it"
    out = await chat.say("ada", "/sit 99", lang="ru-RU")
    assert out[-1].lang == "it" and "tavolo 99" in out[-1].text
    out = await chat.say("bob", "/sit 99", lang="de")  # a language we do not speak
    assert out[-1].lang == "en"


async def test_notices_to_the_chat_use_the_community_language(app):
    chat = await Chat(app, lang="ru").setup()
    out = await chat.say("ada", "/lang it")
    out = await chat.say("ada", "/open fibur 1v1 2")
    notice = out[-1]
    assert notice.kind == "notice" and notice.lang == "ru" and "Стол 1 открыт" in notice.text
    out = await chat.say("ada", "/sit 1")
    assert out[-1].kind == "reply" and out[-1].lang == "it"


async def test_help_lists_the_keywords_in_the_readers_language(chat):
    [italian] = await chat.say("ann", "/help open", lang="it")
    assert "coppie = pairs" in italian.text and "ufficiale = official" in italian.text
    [russian] = await chat.say("ivan", "/help open", lang="ru")
    assert "пары = pairs" in russian.text and "coppie" not in russian.text
    [english] = await chat.say("joe", "/help open", lang="en")
    assert "coppie" not in english.text and "пары" not in english.text
