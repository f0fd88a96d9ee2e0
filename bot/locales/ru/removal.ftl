## Удаление сообщений: /del, /purge, запреты и стоп-слова

command-del = удалить сообщение, на которое вы отвечаете, и эту команду
command-purge = удалить последние сообщения (одного участника), которые бот здесь видел
command-lock = с этого момента удалять сообщения участников одного вида
command-unlock = снова разрешить сообщения участников одного вида
command-blocklist = слова и домены, которые удаляются из сообщений участников
arg-ban_purge = удаление сообщений при бане
arg-count = число сообщений
arg-what = что
arg-entry = слово или домен
arg-change = добавить или убрать
arg-blocklist = стоп-слова
arg-locks = запреты
lock-words = { $what ->
    [links] ссылки
    [invites] ссылки-приглашения
    [forwards] пересланные сообщения
    [stickers] стикеры
    [media] фото, видео и файлы
   *[channel-posts] публикации от имени канала
  }
block-action-words = { $action ->
    [warn] удаление и предупреждение
    [mute] удаление и запрет писать
   *[delete] только удаление
  }
ruling-deleted = Сообщение удалено из чата{ $player ->
    [none] {""}
   *[other] {" "}(автор: { $player })
  }{ $reason ->
    [none] .
   *[other] : { $reason }.
  }
ruling-purged = { $count ->
    [0] Недавних сообщений для удаления нет
   *[other] Удалено сообщений: { $count }
  }{ $player ->
    [none] {""}
   *[other] {" "}(автор: { $player })
  }{ $reason ->
    [none] .
   *[other] : { $reason }.
  }
ruling-message_removed = { $lock ->
    [none] Сообщение удалено (автор: { $player }): в нём есть «{ $blocked }», а это в чате запрещено.
   *[other] Сообщение удалено (автор: { $player }): в этом чате запрещены { $lock }.
  }
ruling-locked = Запрет включён: { $what }. Теперь такое сообщение участника удаляется (сообщения модераторов остаются).
ruling-unlocked = Запрет снят: { $what } снова разрешены.
ruling-blocklist = { $change ->
    [add] Теперь запрещено: «{ $entry }» ({ $action }).{ " " }
    [remove] Больше не запрещено: «{ $entry }».{ " " }
   *[none] {""}
  }{ $count ->
    [0] Стоп-слов нет.
   *[other] Стоп-слова и домены ({ $count }): { $entries }.
  }
blocklist-entry = «{ $entry }»: { $action }
refused-needs_reply = /{ $command } работает только ответом: { $platform ->
    [discord] ответьте командой /{ $command } на сообщение, которое нужно удалить, или выберите в его меню «Приложения» → «Удалить сообщение».
   *[other] ответьте командой /{ $command } на сообщение, которое нужно удалить.
  }
discord-command-del = удалить сообщение этого канала по его ссылке или идентификатору
refused-message_elsewhere = { $where ->
    [server] Эта ссылка ведёт на сообщение другого сервера
   *[channel] Это сообщение из другого канала
  }: /{ $command } удаляет только сообщения того канала (или ветки), где вы её вызываете.
refused-not_a_message_link = «{ $got }» — не ссылка на сообщение и не его идентификатор: скопируйте ссылку в меню сообщения («Копировать ссылку на сообщение»).
refused-too_old_to_delete = { $platform } больше не позволяет боту удалить это сообщение: оно отправлено больше { $hours ->
    [one] { $hours } часа
   *[other] { $hours } часов
  } назад. Модератор может удалить его в чате вручную.
refused-already_locked = Этот запрет здесь уже действует.
refused-not_locked = Такого запрета здесь нет.
refused-blocklist_empty_entry = Напишите слово или домен, который нужно запретить.
refused-blocklist_entry_too_long = Стоп-слово — не длиннее 100 символов.
refused-blocklist_full = Список стоп-слов заполнен (200): сначала уберите одно.
refused-blocklist_unknown_entry = «{ $entry }» нет среди стоп-слов.
delivery-delete-failed = Решение действует, но удалить сообщение в этом чате не получилось: проверьте, что у меня есть право удалять сообщения.
delivery-delete-too-old = Решение действует, но { $platform } больше не позволяет боту удалить сообщение: оно отправлено слишком давно. Модератор может удалить его в чате вручную.
discord-name-del = удалить
discord-name-purge = очистить
discord-name-lock = запретить
discord-name-unlock = разрешить
discord-name-blocklist = запретные-слова
discord-menu-delete = Удалить сообщение
log-action-delete = удалено сообщение
log-action-purge = удалены последние сообщения
log-action-lock = включён запрет
log-action-unlock = снят запрет
log-action-blocklist_add = добавлено стоп-слово
log-action-blocklist_remove = убрано стоп-слово
log-action-message_removed = удалено сообщение против запрета или стоп-слова
log-action-delete_failed = не удалось удалить сообщение
