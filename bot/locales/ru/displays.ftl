## Ответы, которые показывают состояние.

expected-usage = Формат: { $usage }
standings-header-burraco = Таблица — { $tally ->
    [training] тренировки
    [official] официальные партии
   *[profile] все партии
  } (очки, партии, среднее):
standings-row-burraco = { $rank }. { $player } — { NUMBER($points, maximumFractionDigits: 2) } { $points ->
    [one] очко
    [few] очка
    [many] очков
   *[other] очка
  }, { $matches } { $matches ->
    [one] партия
    [few] партии
   *[many] партий
  }, среднее { NUMBER($average, maximumFractionDigits: 2) }
standings-header-mcr = { $final ->
    [yes] Итоговая таблица
   *[other] Таблица
  } — { $tournament } (турнирные очки, счёт):
standings-row-mcr = { $rank }. { $player } — { NUMBER($tp, maximumFractionDigits: 2) } { $tp ->
    [one] турнирное очко
    [few] турнирных очка
    [many] турнирных очков
   *[other] турнирного очка
  }, счёт { $score }{ $disqualified ->
    [yes] { $substituted ->
        [yes] {" "}(дисквалификация; была замена)
       *[no] {" "}(дисквалификация)
    }
   *[no] { $substituted ->
        [yes] {" "}(была замена)
       *[no] {""}
    }
  }
standings-empty = Пока никого.
history-header = История решений — { $player }:
history-empty = Пока ничего.
log-header = Журнал модераторов (сначала новые{ $pages ->
    [1] {""}
   *[other] , страница { $page } из { $pages }
  }):
log-empty = Модераторы ещё ничего не делали.
log-empty-filtered = Подходящих действий модераторов нет.
log-row = { $ruling ->
    [none] {""}
   *[other] № { $ruling } ·{" "}
  }{ $at } — { $actor }: { $action }{ $target ->
    [none] {""}
   *[other] {" "}({ $target })
  }{ $reason ->
    [none] {""}
   *[other] : { $reason }
  }
help-header = Команды ({ $rulebook ->
    [mcr] турниры MCR
    [burraco] буррако
   *[other] { $rulebook_name }
  }):
help-command = { $usage } — { $description }{ $moderator ->
    [yes] {"; "}только для модераторов
   *[no] {""}
  }
stops-header = Действующих отстранений: { $stops }; карточек к отбытию: { $cards }.
stops-row = Отстранение: { $player } до { $until }
cards-row = Карточка: { $player }, осталось { $remaining_clock }{ $on_screen ->
    [yes] {" "}(на экране)
   *[no] {""}
  }
profile-burraco = { $player }: { NUMBER($points, maximumFractionDigits: 2) } { $points ->
    [one] очко
    [few] очка
    [many] очков
   *[other] очка
  } в { $matches } { $matches ->
    [one] партии
   *[other] партиях
  }, среднее { NUMBER($average, maximumFractionDigits: 2) }. Предупреждений в этом году: { $warnings_year } (сегодня: { $warnings_today }).{ $stop_until ->
    [none] {""}
   *[other] {" "}Отстранение до { $stop_until }.
  }
profile-tally = { $tally ->
    [training] Тренировки
    [official] Официальные партии
   *[profile] Все партии
  }: { NUMBER($points, maximumFractionDigits: 2) } { $points ->
    [one] очко
    [few] очка
    [many] очков
   *[other] очка
  }, партий: { $matches }, среднее { NUMBER($average, maximumFractionDigits: 2) }
profile-warnings-by-year = Предупреждения по годам — { $years }
profile-mcr = { $player }, турнир «{ $tournament }»: { NUMBER($tp, maximumFractionDigits: 2) } { $tp ->
    [one] турнирное очко
    [few] турнирных очка
    [many] турнирных очков
   *[other] турнирного очка
  }, счёт { $score }, штрафов: { $penalties }.{ $disqualified ->
    [yes] {" "}Дисквалификация.
   *[no] {""}
  }
profile-mcr-none = { $player }: сейчас турнира нет.
ruling-card_tick = { $player }, ваша жёлтая карточка: на экране ещё { $remaining_minutes } { $remaining_minutes ->
    [one] минута
    [few] минуты
   *[many] минут
  }.

## Telegram и Discord
button-sit = Сесть
button-confirm = Подтвердить
button-dispute = Оспорить
button-ready = Готово
button-leave = Закрыть
button-card = Показать карточку
button-approve = Подтвердить
button-reject = Отменить
telegram-private-first = Сначала напишите мне в группе вашего клуба, чтобы я знал, о каком клубе речь.
button-expired = Эта кнопка больше не действует.
button-not-yours = Эта кнопка предназначена другому участнику.
telegram-welcome = Здесь я буду присылать вам карточку, сообщения об отстранениях и напоминания.

## Картинки
picture-measure-warning = ПРЕДУПРЕЖДЕНИЕ
picture-measure-caution = ПОСЛЕДНЕЕ ПРЕДУПРЕЖДЕНИЕ
picture-measure-expulsion = УДАЛЕНИЕ
picture-measure-disqualification = ДИСКВАЛИФИКАЦИЯ
picture-card-footer = Карточка отбывается, только пока она на экране.
picture-stop-hours = 24 ЧАСА
picture-stop-until = Отстранение до { $until }
picture-warning-count = { $n }-е предупреждение за год
picture-standings-burraco = Таблица — { $tally ->
    [training] тренировки
    [official] официальные партии
   *[profile] все партии
  }
picture-standings-mcr = { $tournament }
picture-column-player = Игрок
picture-column-points = Очки
picture-column-matches = Партии
picture-column-average = Среднее
picture-column-tp = Турн. очки
picture-column-score = Счёт
picture-chart-title = Рейтинговые очки и VP, партия за партией
picture-chart-points = Рейтинговые очки (всего)
picture-chart-vp = VP за партию

discord-group-burraco = Команды клуба буррако
discord-group-mcr = Команды турниров MCR: за столами
discord-group-mcr-event = Команды турниров MCR: участники, рассадка, итоги
discord-bad-option = Не могу прочитать этот параметр: { $error }

## Discord: названия команд на каждом языке
discord-name-help = помощь
discord-name-lang = язык
discord-name-profile = профиль
discord-name-standings = таблица
discord-name-history = история
discord-name-log = журнал
discord-name-abandon = покинуть
discord-name-timeout = просрочка
discord-name-turn = ход
discord-name-card = карточка
discord-name-leave = закрыть
discord-name-annul = отменить
discord-name-stop = отстранить
discord-name-lift = снять
discord-name-stops = отстранения
discord-name-open = открыть
discord-name-sit = сесть
discord-name-hand = раздача
discord-name-result = результат
discord-name-confirm = подтвердить
discord-name-dispute = оспорить
discord-name-ready = готов
discord-name-tournament = турнир
discord-name-register = регистрация
discord-name-session = сессия
discord-name-seat = посадить
discord-name-score = счёт
discord-name-late = опоздание
discord-name-violation = нарушение
discord-name-deadhand = мёртвая-рука
discord-name-falsehu = ложное-ху
discord-name-notile = без-кости
discord-name-dq = дисквалификация
discord-name-sub = замена
discord-name-appeal = апелляция
discord-name-resolve = рассмотреть
discord-name-referee = судья
discord-name-burraco = буррако
discord-name-mcr = mcr
discord-name-settings = настройки
delivery-mute-failed = Решение действует (участник: { $player }), но ограничить права участника в этом чате не получилось: проверьте, что у меня есть право ограничивать участников.
delivery-missing-attach-files = В этом канале у меня нет права прикреплять файлы, поэтому картинки и файлы не отправляются: модератор может дать мне право «Прикреплять файлы».
delivery-private-needed = Этот ответ только для вас: откройте личный чат со мной и спросите ещё раз.
delivery-answered-privately = Ответ — в личном чате со мной.
delivery-outranked = Порядок ролей Discord защищает этого участника: высшая роль участника не ниже моей. Модератор может поднять мою роль выше.
delivery-missing-send-messages = В одном из каналов этого сервера у меня нет права писать, поэтому туда ничего не отправляется: модератор может дать мне право «Отправлять сообщения» в этом канале.
delivery-unmute-failed = Решение действует (участник: { $player }), но вернуть участнику права в этом чате не получилось: модератору нужно сделать это вручную.
button-page-previous = ◀ { $page }/{ $pages }
button-page-next = { $page }/{ $pages } ▶
discord-name-finish = завершить
discord-name-players = игроки
tables-header = Открытых столов: { $tables }.
tables-side-free = свободно
tables-row = Стол { $table }: { $format }, { $ruleset ->
    [fibur] FIBUR
   *[other] FITAB
  }, сыграно раздач: { $played } из { $hands }; СЮ: { $ns }; ВЗ: { $ew }.
discord-name-tables = столы
discord-name-stand = встать
discord-name-close = закрыть-стол
discord-name-ruling = пояснение
discord-name-unregister = снять-регистрацию
discord-name-correct = исправить
discord-name-void = аннулировать
discord-name-undo = отменить-решение
standings-page = Страница { $page } из { $pages } (игроков: { $total }): /standings с номером страницы показывает другую.
duration-days = { $days } { $days ->
    [one] день
    [few] дня
   *[many] дней
  }
duration-hours = { $hours } ч
duration-minutes = { $minutes } мин
duration-2 = { $first } { $second }
duration-3 = { $first } { $second } { $third }
help-keywords = Подходят и английские слова: { $keywords }.
ruling-view-reversed = Больше не действует: его отменило решение № { $by }.
ruling-view-since = Последующие решения по нему: { $since }.

## Что сделал модератор (или бот), в журнале модераторов
log-action-abandon = записан уход из-за стола
log-action-annul = отменено предупреждение
log-action-close = закрыт стол
log-action-confirm = подтверждён результат
log-action-correct = исправлен результат
log-action-deadhand = объявлена мёртвая рука
log-action-dq = дисквалификация игрока
log-action-falsehu = записано ложное «ху»
log-action-finish = завершён турнир
log-action-hand = записана раздача
log-action-late = записано опоздание
log-action-lift = снято отстранение
log-action-notile = штраф за забытую выигрышную кость
log-action-register = зарегистрированы игроки
log-action-resolve = рассмотрена апелляция
log-action-result = записан результат
log-action-score = записан счёт { $table ->
    [none] стола
   *[other] стола { $table }{ $session ->
        [none] {""}
       *[other] , сессия { $session }
    }
  }
log-action-seat = рассадка за столом
log-action-session_start = начата { $session ->
    [none] сессия
   *[other] сессия { $session }
  }
log-action-session_end = закончена { $session ->
    [none] сессия
   *[other] сессия { $session }
  }
log-action-settings = изменены настройки{ $changed ->
    [none] {""}
   *[other] : { $changed }
  }
log-action-stand = игрок убран из-за стола
log-action-stop = назначено отстранение
log-action-sub = замена игрока запасным
log-action-timeout = записан просроченный ход
log-action-tournament = создан турнир
log-action-turn = записан сделанный ход
log-action-undo = отменено решение{ $amends ->
    [none] {""}
   *[other] {" "}№ { $amends }
  }
log-action-unregister = отменена регистрация
log-action-violation = записано нарушение
log-action-void = аннулирована партия
log-action-propose = предложена команда
log-action-cancel = отменено предложение
log-action-undeliverable = не удалось доставить сообщение
log-actor-bot = бот
log-action-mute_failed = не удалось ограничить участника
log-action-unmute_failed = не удалось снять ограничение
log-action-missing_right = не имеет права { $right }
log-lacks-right = у бота нет права { $right }
picture-card-left = На экране осталось { $clock }
picture-stop-footer = Отстранение идёт в реальном времени.
picture-disqualified = ДИСКВ.
picture-rows-more = Здесь показаны первые { $shown }, ещё { $more } — в списке.
picture-chart-matches = Партии, от первой к последней
picture-chart-abandoned = Уход из-за стола
discord-name-win = выигрыш
discord-name-washout = ничья
log-action-win = записан выигрыш раздачи
log-action-washout = записана ничья
discord-name-player = игрок
discord-name-export = экспорт
log-action-player = записаны данные EMA игрока
discord-name-seating = рассадка
log-action-seating = составлена рассадка
seating-header = Сессия { $session }, столы (Восток, Юг, Запад, Север):
seating-row = Стол { $table }: { $seats }
seating-empty-seat = (место свободно, нужна замена)
session-tables = Столы (Восток, Юг, Запад, Север):
session-seat-by-hand = Рассадка не разыграна: рассадите каждый стол командой /seat N @восток @юг @запад @север.
session-empty-seat = Стол { $table }, место { $seat ->
    [E] Востока
    [S] Юга
    [W] Запада
   *[N] Севера
  }: пустое (вне игры: { $out }). Займите его через /sub или /seat.
hand-check = { $hand }: { $fan } { $fan ->
    [one] очко
    [few] очка
   *[many] очков
  }. { $valid ->
    [yes] Рука засчитывается: без цветов набрано не меньше 8 очков.
   *[no] { $reason ->
        [not_a_win] Эти кости не составляют выигрышной руки.
       *[other] Это не выигрыш: без цветов меньше 8 очков.
    }
  }
hand-check-fan = { $name } — { $points }
discord-name-hu = ху
picture-score-sheet = Сессия { $session }, стол { $table }: счёт
picture-score-sheet-hand = Раздача { $hand }
picture-score-sheet-corrected = Поправка
picture-score-sheet-penalty = Штраф
picture-score-sheet-lateness = Опоздание
picture-score-sheet-false-hu = Ложное «ху»
picture-score-sheet-notile = Кость не добавлена
picture-score-sheet-total = Итого
picture-substituted = ЗАМЕНА
tournaments-header = Турниры этого чата (сначала новые):
tournaments-empty = Турниров пока нет: судья создаёт турнир командой /tournament.
tournaments-row = { $tournament } — { $running ->
    [yes] идёт
   *[no] завершён
  }{ $started ->
    [none] {""}
   *[other] , создан { $started }
  }{ $finished ->
    [none] {""}
   *[other] , завершён { $finished }
  }; { $players ->
    [one] { $players } игрок
    [few] { $players } игрока
   *[other] { $players } игроков
  }, { $sessions ->
    [one] { $sessions } сессия
    [few] { $sessions } сессии
   *[other] { $sessions } сессий
  }{ $winner ->
    [none] .
   *[other] ; первое место — { $winner }.
  }
history-not-standing = (больше не действует)
log-action-exclude = игрок исключён из итоговой таблицы
log-action-rank = запасной включён в таблицу
discord-name-exclude = исключить
discord-name-rank = включить-запасного
discord-name-tournaments = турниры
log-action-seating_withdrawn = рассадка снята
delivery-ban-failed = Решение действует (участник: { $player }), но забанить участника в этом чате не получилось: модератору нужно сделать это вручную.
delivery-kick-failed = Решение действует (участник: { $player }), но удалить участника из этого чата не получилось: модератору нужно сделать это вручную.
delivery-unban-failed = Решение действует (участник: { $player }), но снять бан в этом чате не получилось: модератору нужно сделать это вручную.
delivery-missing-right = Не хватает права: { $right }.
delivery-effect-why = Причина: { $reason }.
effect-reason-gone = участника нет в чате
effect-reason-protected = администратор или владелец чата, вне досягаемости бота
effect-reason-refused = { $platform } не позволяет это сделать
effect-reason-too_old = сообщение слишком старое: { $platform } больше не позволяет боту его удалить
effect-reason-unreachable = { $platform } недоступен: { $tries ->
        [one] { $tries } попытка
        [few] { $tries } попытки
        [many] { $tries } попыток
       *[other] { $tries } попытки
    }
right-mute = ограничивать участников
right-ban = банить участников
right-kick = удалять участников
right-delete = удалять сообщения
right-attach-files = прикреплять файлы
right-send-messages = отправлять сообщения
button-report-dismiss = Без мер
button-report-warn = Предупредить
button-report-mute = Запрет писать 1 ч
button-report-ban = Забанить
log-action-rules_add = добавлен пункт правил чата
log-action-rules_edit = изменён пункт правил чата
log-action-rules_remove = отменён пункт правил чата
log-action-warn = вынесено предупреждение
log-action-mute = назначен запрет писать
log-action-unmute = снят запрет писать
log-action-kick = удаление из чата
log-action-ban = назначен бан
log-action-unban = снят бан
log-action-dismiss = закрыта жалоба
log-action-reason = изменено обоснование решения
log-action-stop_edit = изменён срок отстранения
discord-name-rules = правила
discord-name-warn = предупредить
discord-name-mute = запретить-писать
discord-name-unmute = разрешить-писать
discord-name-kick = удалить-из-чата
discord-name-ban = забанить
discord-name-unban = снять-бан
discord-name-report = пожаловаться
discord-name-reports = жалобы
discord-name-dismiss = закрыть-жалобу
discord-name-reason = обоснование
log-action-ban_failed = не удалось забанить участника
log-action-kick_failed = не удалось удалить участника
log-action-unban_failed = не удалось снять бан
discord-menu-report = Пожаловаться модераторам
report-from-menu = жалоба из меню сообщения
log-action-flood_mute = запрет писать за флуд{ $messages ->
    [none] {""}
   *[other] : больше { $messages } { $messages ->
        [one] сообщения
       *[other] сообщений
    } за { $seconds } с
  }
discord-name-pass = проверка
discord-name-link = привязать
log-action-link = группа модераторов привязана как журнал
measures-row = { $kind ->
    [mute] Запрет писать
   *[ban] Бан
  } — { $player }: { $until ->
    [none] до снятия
   *[other] до { $until }
  }
profile-conduct = Поведение в чате: { $warnings } { $warnings ->
    [one] предупреждение
    [few] предупреждения
   *[many] предупреждений
  } за { $window_duration }{ $muted_until ->
    [none] {""}
   *[other] ; запрет писать до { $muted_until }
  }{ $banned ->
    [yes] { $banned_until ->
        [none] ; бан до снятия
       *[other] ; бан до { $banned_until }
      }
   *[no] {""}
  }.
team-standings-header = { $teams ->
    [0] Команды — { $tournament }: ни у кого из игроков пока нет команды (/player @игрок team="…").
   *[other] Команды — { $tournament } (турнирные очки, счёт):
  }
team-standings-row = { $rank }. { $team } — { NUMBER($tp, maximumFractionDigits: 2) } { $tp ->
    [one] турнирное очко
    [few] турнирных очка
    [many] турнирных очков
   *[other] турнирного очка
  }, счёт { $score } ({ $players })
discord-name-clock = время

## Discord: формы команды, каждая — подкоманда, с названием на каждом языке
discord-form-show = показать
discord-form-add = добавить
discord-form-edit = изменить
discord-form-remove = удалить
discord-form-member = участник
discord-form-report = жалоба
discord-form-burraco = буррако
discord-form-mcr = mcr
discord-form-vp = vp
discord-form-scores = очки
discord-form-player = игрок
discord-form-self = сам
discord-form-discarder = сбросивший
discord-form-duration = срок
discord-form-stop = остановить

log-action-clock = часы сессии настроены
log-action-log_link = запрошен код для привязки группы модераторов
picture-chart-title-mcr = Турнирные очки, сессия за сессией
picture-chart-tp-total = Турнирные очки (всего)
picture-chart-tp = Турнирные очки за сессию
picture-chart-sessions = Сессии
delivery-slowmode-failed = Медленный режим остаётся прежним: сервер не даёт боту его менять.
right-slowmode = управлять каналами
log-action-slowmode = { $seconds ->
    [0] медленный режим канала выключен
   *[other] медленный режим канала — { $seconds ->
        [one] { $seconds } секунда
        [few] { $seconds } секунды
        [many] { $seconds } секунд
       *[other] { $seconds } секунды
    }
  }
log-action-slowmode_failed = не удалось изменить медленный режим канала
discord-name-slowmode = медленный-режим
report-received-in-group = Жалоба принята и передана модераторам.
button-join-answer = ответить
log-action-raid_on = включение режима рейда
log-action-raid_off = выключение режима рейда
log-action-join_removed = удаление нового участника, не прошедшего проверку
log-action-join_declined = отказ в заявке на вступление, не прошедшей проверку
log-action-join_answer_failed = не удалось ответить на заявку на вступление
delivery-join-answer-failed = Решение действует (участник: { $player }), но ответить на заявку на вступление в этой группе не получилось: модератору нужно сделать это вручную.
right-invite = добавление участников
discord-form-seconds = секунды
discord-form-off = выключить
discord-name-raid = рейд
