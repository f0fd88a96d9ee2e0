"""Keywords in every language the bot speaks: each Italian and Russian word for a command's
keyword, mapped to the keyword the grammar knows. Accepted in every community, whatever its
language (CONSOLE.md, second edition); shown to each reader in his own."""

from __future__ import annotations

# keywords in Italian and Russian → the command language's own (English) keyword
SYNONYMS: dict[str, str] = {
    # table formats and options
    "coppie": "pairs",
    "пары": "pairs",
    "ufficiale": "official",
    "официальная": "official",
    "официальный": "official",
    "finale": "final",
    "финал": "final",
    "финальная": "final",
    "ia": "ai",
    "ии": "ai",
    # standings
    "allenamento": "training",
    "тренировочная": "training",
    "тренировки": "training",
    "tutti": "all",
    "tutte": "all",
    "все": "all",
    # sides
    "eo": "ew",
    "вз": "ew",
    "сю": "ns",
    # tournament sessions
    "sessione": "session",
    "сессия": "session",
    "inizio": "start",
    "начало": "start",
    "fine": "end",
    "конец": "end",
    # a mode turned on or off (/raid, /slowmode)
    "вкл": "on",
    "выкл": "off",
    # false hu: the hand shown or hidden, in Italian shown in the feminine (la mano scoperta)
    # and read in the masculine too
    "scoperta": "exposed",
    "scoperto": "exposed",
    "открыто": "exposed",
    "coperta": "concealed",
    "coperto": "concealed",
    "закрыто": "concealed",
    # substitutions
    "ritardo": "late",
    "опоздание": "late",
    "malattia-prima": "ill-before",
    "болезнь-до": "ill-before",
    "malattia-durante": "ill-during",
    "болезнь-во-время": "ill-during",
    "squalifica": "dq",
    "дисквалификация": "dq",
    "resto": "rest",  # for the rest of the tournament
    "до-конца": "rest",
    # false hu
    "sotto8": "under8",
    "меньше8": "under8",
    "non-valida": "invalid",
    "недопустимая": "invalid",
    # MCR violations and dead hands
    "informazioni": "info",
    "информация": "info",
    "dichiarazione-impossibile": "bad-meld",
    "невозможная-комбинация": "bad-meld",
    "dichiarazione-cambiata": "changed-call",
    "смена-заявки": "changed-call",
    "смена-объявления": "changed-call",  # an older word, still read
    "parola-sbagliata": "call-word",
    "неверное-слово": "call-word",
    "tessera-sbagliata": "wrong-tile",
    "неверная-кость": "wrong-tile",
    "presa-prima": "took-before-expose",
    "взятие-до-вскрытия": "took-before-expose",
    "взятие-до-показа": "took-before-expose",  # an older word, still read
    "combinazione-sbagliata": "wrong-meld",
    "неверная-комбинация": "wrong-meld",
    "rovesciate": "knock",
    "опрокидывание": "knock",
    "muro": "wall",
    "стена": "wall",
    "lentezza": "delay",
    "затягивание": "delay",
    "ostruzione": "obstruction",
    "помеха": "obstruction",
    "altro": "other",
    "другое": "other",
    "ordine-sbagliato": "wrong-order",
    "неверный-порядок": "wrong-order",
    "incidente": "accident",
    "случайность": "accident",
    "scoperta-anticipata": "early-expose",
    "раннее-вскрытие": "early-expose",
    "ранний-показ": "early-expose",  # an older word, still read
    "presa-tardiva": "late-take",
    "позднее-взятие": "late-take",
    "conteggio": "counting",
    "подсчёт": "counting",
    "mano-scoperta": "revealed",
    "открытие-руки": "revealed",
    "раскрытие": "revealed",  # an older word, still read
    "falso-hu": "false-hu",
    "ложное-ху": "false-hu",
    # a hand won self-drawn
    "autopescata": "self",
    "сам": "self",
    # a hand checked with /hu
    "ultima-tessera": "last-tile",
    "последняя-кость": "last-tile",
    "ultima-del-muro": "last-of-wall",
    "последняя-со-стены": "last-of-wall",
    "конг": "kong",
    # the public web page
    "nuovo": "rotate",
    "новая": "rotate",
    # team standings
    "squadre": "teams",
    "команды": "teams",
    # whom a seating keeps apart
    "squadra": "team",
    "команда": "team",
    "paese": "country",
    "страна": "country",
    # the chat's rules; a stop's length
    "aggiungi": "add",
    "добавить": "add",
    "modifica": "edit",
    "изменить": "edit",
    "togli": "remove",
    "elimina": "remove",
    "rimuovi": "remove",
    "cancella": "remove",
    "убрать": "remove",
    "удалить": "remove",
    # what a chat may lock (/lock, /unlock)
    "link": "links",
    "collegamenti": "links",
    "ссылки": "links",
    "inviti": "invites",
    "приглашения": "invites",
    "inoltri": "forwards",
    "inoltrati": "forwards",
    "пересылки": "forwards",
    "пересланные": "forwards",
    "sticker": "stickers",
    "adesivi": "stickers",
    "стикеры": "stickers",
    "multimedia": "media",
    "медиа": "media",
    "canali": "channel-posts",
    "каналы": "channel-posts",
    # what a blocklist entry brings besides the message's removal (/blocklist action=)
    "rimozione": "delete",
    "удаление": "delete",
    "ammonizione": "warn",
    "предупреждение": "warn",
    "silenzio": "mute",
    "divieto-di-scrivere": "mute",
    "запрет-писать": "mute",
    # appeals
    "conferma": "uphold",
    "оставить": "uphold",
    "ribalta": "overturn",
    "отменить": "overturn",
}
