## Решения: одно сообщение на тип решения; применённое правило добавляется через "rule-cited".

ruling-number = Решение № { $id }:
ruling-number-short = № { $id }
ruling-private = касается личных данных игрока, которые видят только сам игрок и модераторы.
rule-cited = [{ $book ->
    [club] Правила клуба
    [chat] Правила этого чата
   *[mcr] Правила EMA для MCR
  }, { $part ->
    [section] разд. { $article }
    [rule] п. { $article }
   *[point] п. { $article }
  }]
rule-cited-other = [{ $rule }]
rule-cited-setting = [Настройки этого чата: { $setting }]
yes-no = { $value ->
    [yes] да
   *[no] нет
}

## Столы и партии в буррако

format-1v1 = один на один
format-pairs = пары
format-4in2 = 4 IN 2
format-giallo = «джалло матто»
ruling-table_opened = Стол { $table } открыт: правила { $ruleset ->
    [fibur] FIBUR
   *[fitab] FITAB
  }, { $format }, { $hands } { $hands ->
    [one] раздача
    [few] раздачи
   *[many] раздач
  }{ $official ->
    [yes] , официальная партия (со взносом за стол)
   *[no] , тренировка
  }{ $ai ->
    [yes] , против ИИ
   *[no] {""}
  }. Мест: { $seats }; сесть за стол — /sit { $table }.{ $provisional_table ->
    [yes] {" "}Таблица VP временная (официальная таблица FITAB не загружена, значения как у FIBUR) — загрузите официальную.
   *[no] {""}
  }
ruling-seated = { $player } садится за стол { $match } ({ $side ->
    [ns] Север-Юг
   *[ew] Восток-Запад
  }), занято мест: { $seated } из { $seats }.
ruling-match_started = Стол { $match } заполнен ({ $players }): партия начинается, { $hands } { $hands ->
    [one] раздача
    [few] раздачи
   *[many] раздач
  }, { $turn_seconds } { $turn_seconds ->
    [one] секунда
    [few] секунды
   *[many] секунд
  } на ход.
ruling-hand_recorded = Стол { $match }: раздача { $hand } из { $hands } записана, СЮ { $mp_ns } – ВЗ { $mp_ew }.
ruling-awaiting_vp = Стол { $match }: все раздачи сыграны. Укажите VP каждого игрока: /result { $match } vp @игрок VP @игрок VP…
ruling-ready_window = Стол { $match }: закройте счёт командой /ready { $match } в течение { $seconds } { $seconds ->
    [one] секунды
   *[other] секунд
  } (до { $closes_at }); кто не успеет, тому засчитывается поражение как за уход из-за стола.
ruling-ready = Стол { $match }: { $player } закрывает счёт.{ $all_ready ->
    [yes] {" "}Все готовы: следующая раздача через 5 секунд.
   *[no] {" "}Ждём: { $waiting_for }.
  }
ruling-next_hand = Стол { $match }: начинается раздача { $hand } из { $hands }.
ruling-result_reported = Стол { $match }: { $player } сообщает результат, VP { $vp }. Другая сторона подтверждает командой /confirm { $match } или оспаривает: /dispute { $match } <причина>; без возражений результат вступит в силу через { $confirm_within_minutes } { $confirm_within_minutes ->
    [one] минуту
    [few] минуты
   *[many] минут
  }.
ruling-result_disputed = Стол { $match }: { $player } оспаривает сообщённый результат ({ $reason }). Решает модератор: /confirm { $match } или /correct { $match }.
ruling-result_pending = { $disputed ->
    [yes] Стол { $match }: результат (сообщает: { $player }), VP { $vp }, снова оспорен. Решает модератор: /confirm { $match } или /correct { $match }.
   *[no] Стол { $match }: результат (сообщает: { $player }), VP { $vp }, снова ждёт подтверждения. Другая сторона подтверждает командой /confirm { $match } или оспаривает: /dispute { $match } <причина>; без возражений результат вступит в силу { $confirm_by }.
  }
ruling-match_result = Результат стола { $match } (таблица { $ruleset ->
    [fibur] FIBUR
   *[fitab] FITAB
  }, раздач: { $hands }): VP { $vp }; рейтинговые очки { $points }.{ $provisional_table ->
    [yes] {" "}Таблица FITAB временная — загрузите официальную.
   *[no] {""}
  }
ruling-abandonment = Стол { $match }: уход из-за стола — { $player }{ $cause ->
    [expired_turns] {" "}(два просроченных хода подряд)
    [not_ready] {" "}(счёт не закрыт за 120 секунд)
   *[other] {""}
  }.{ $null_for_count ->
    [0] {""}
   *[other] {" "}Для остальных партия аннулирована: { $null_for }.
  } { $player } сохраняет { $vp } VP ({ NUMBER($points, maximumFractionDigits: 2) } { $points ->
    [one] рейтинговое очко
    [few] рейтинговых очка
    [many] рейтинговых очков
   *[other] рейтингового очка
  }), партия засчитана как сыгранная и проигранная.{ $official ->
    [yes] {" "}Взнос за стол возвращается всем остальным.
   *[no] {""}
  }
ruling-turn_expired = Стол { $match }: просроченный ход — { $player } ({ $in_a_row ->
    [1] первый
    [2] второй подряд
   *[other] { $in_a_row }-й подряд
  }; на ход { $turn_seconds } { $turn_seconds ->
    [one] секунда
    [few] секунды
   *[many] секунд
  }). Два просроченных хода подряд считаются уходом из-за стола.
ruling-turn_played = Стол { $match }: ход сделан — { $player }; серия просроченных ходов прервана.

## Дисциплина

ruling-warning = { $player }: { $measure ->
    [expulsion] УДАЛЕНИЕ
    [disqualification] ДИСКВАЛИФИКАЦИЯ
    [caution] ПОСЛЕДНЕЕ ПРЕДУПРЕЖДЕНИЕ
   *[warning] ПРЕДУПРЕЖДЕНИЕ
  } — { $n }-е предупреждение за год, { $d }-е за день.{ $measure ->
    [expulsion] {" "}Два предупреждения за один день: отстранение на 24 часа, до { $stop_until }. До тех пор за стол садиться нельзя.
    [disqualification] {" "}5-е, 9-е, 13-е… предупреждение за год: отстранение на 24 часа, до { $stop_until }. До тех пор за стол садиться нельзя.
   *[other] {" "}Прежде чем сесть за стол, нужно отбыть жёлтую карточку: { $card_minutes } { $card_minutes ->
        [one] минута
        [few] минуты
       *[many] минут
      } на экране.
  }{ $cautioned_today ->
    [yes] {" "}До конца дня ещё один уход из-за стола означает удаление (отстранение на 24 часа).
   *[no] {""}
  }{ $measure ->
    [caution] {" "}Следующее предупреждение повлечёт отстранение.
   *[other] {""}
  }
ruling-card_shown = { $player }, ваша жёлтая карточка: { $balls } { $balls ->
    [one] жёлтый кружок
    [few] жёлтых кружка
   *[many] жёлтых кружков
  } за предупреждения этого года. На экране осталось { $remaining_clock } (время идёт, только пока карточка на экране; /leave — закрыть).
ruling-card_left = Карточка закрыта — { $player }: осталось отбыть { $remaining_clock }.
ruling-card_served = { $player }, ваша жёлтая карточка отбыта: можно садиться за стол.
ruling-card_status = { $stop_until ->
    [none] { $player }: нет ни отстранения, ни карточки.
   *[other] { $player }: отстранение до { $stop_until }, до тех пор за стол садиться нельзя.
  }{ $n ->
    [none] {""}
   *[other] {" "}Предупреждений в этом году: { $n }, сегодня: { $d }.
  }
ruling-stop = Отстранение до { $stop_until } ({ $duration }) — { $player }: { $reason }. До тех пор за стол садиться нельзя.
ruling-lift = Отстранение снято — { $player }: { $reason }. Можно снова садиться за стол.
ruling-annulment = Предупреждение за стол { $match } отменено — { $player }: { $reason }. Предупреждений за год теперь: { $n }.{ $stop_until ->
    [none] {""}
   *[other] {" "}Отстранение остаётся до { $stop_until }.
  }
ruling-stop_reminder = { $player }, ваше отстранение заканчивается { $ends_at } (через { $minutes_left } { $minutes_left ->
    [one] минуту
    [few] минуты
   *[many] минут
  }).
ruling-stop_ended = { $player }, ваше отстранение закончилось: можно садиться за стол.
ruling-year_reset = С Новым { NUMBER($year, useGrouping: 0) } годом! Счёт предупреждений начинается заново.

## Турниры по правилам MCR

ruling-tournament_created = Создан турнир «{ $tournament }», сессий: { $sessions }.
ruling-registered = Новые участники: { $players } (всего { $registered } { $registered ->
    [one] игрок
    [few] игрока
   *[many] игроков
  }).
ruling-session_started = Начинается сессия { $session } из { $sessions }.
ruling-session_ended = Сессия { $session } из { $sessions } закончилась.{ $unscored ->
    [none] {""}
   *[other] {" "}{ $unscored_count ->
        [1] Счёт не записан: стол { $unscored }. Запишите его через /score, иначе этот стол не получит турнирных очков.
       *[other] Счёт не записан: столы { $unscored }. Запишите их счёт через /score, иначе эти столы не получат турнирных очков.
    }
  }
ruling-appeal_reminder = Судьи: ждёт рассмотрения апелляция № { $appeal } на решение № { $ruling_appealed } (автор: { $player }; «{ $text }»). Решите: /resolve { $appeal } оставить|отменить <причина>.
ruling-seating = Сессия { $session }, стол { $table }: { $seats } (Восток, Юг, Запад, Север).
ruling-table_points = Сессия { $session }, стол { $table }: очки { $scores }; турнирные очки { $tp }.
ruling-lateness = Опоздание — { $player }: { $minutes } { $minutes ->
    [one] минута
    [few] минуты
   *[many] минут
  }. { $disqualified ->
    [yes] Дисквалификация на эту сессию: место займёт запасной.
   *[no] Штраф { $points } { $points ->
        [one] очко
        [few] очка
       *[many] очков
      }.
  }
ruling-penalty = { $player }: { $kind } — { $step ->
    [none] штраф { $points } { $points ->
        [one] очко
        [few] очка
       *[many] очков
      }.
    [1] предупреждение (первая ступень шкалы штрафов).
   *[other] ступень { $step } шкалы штрафов, штраф { $points } { $points ->
        [one] очко
        [few] очка
       *[many] очков
      }.
  }
ruling-no_penalty = { $player }: { $kind } — без штрафа, игра продолжается.
ruling-dead_hand = { $player }: мёртвая рука ({ $kind }). До конца раздачи объявлять «ху» нельзя; игра продолжается.
ruling-false_hu = { $player }: ложное «ху» ({ $variant ->
    [under8] меньше 8 очков
   *[invalid] недопустимая рука
  }, { $exposed ->
    [yes] рука открыта
   *[no] рука не открыта
  }).{ $exposed ->
    [yes] {" "}Платит в сумме { $total }: { $paid }.
   *[no] {" "}Без выплат.
  }
ruling-disqualification = Дисквалификация с турнира — { $player }: { $reason }. 0 турнирных очков за весь турнир; в таблице игрок остаётся.
ruling-in-ended-session = Относится к уже завершённой сессии { $session }.
ruling-substitution = Сессия { $session }{ $table ->
    [none] {""}
   *[other] , стол { $table }
  }: замена { $player } → { $substitute } ({ $reason }).{ $substitute_tp_forced_zero ->
    [yes] {" "}Место запасного получает 0 турнирных очков в этой сессии.
   *[no] {" "}Запасной играет на общих основаниях.
  }{ $rest ->
    [yes] {" "}До конца турнира: запасной занимает место этого игрока по плану и во всех следующих сессиях.
   *[other] {""}
  }
ruling-appeal = Апелляция № { $appeal } на решение № { $ruling_appealed } подана (автор: { $player }); { $review_after_session ->
    [none] судьи могут рассмотреть её сразу.
   *[other] её рассмотрят после окончания сессии { $review_after_session }.
  }
ruling-appeal_resolved = Апелляция № { $appeal } (решение № { $ruling_appealed }): { $decision ->
    [overturn] удовлетворена, последствия решения отменены
   *[uphold] отклонена, решение остаётся в силе
  } — { $reason }.
ruling-referee_call = Вызов судьи — { $player }: игра остановлена.{ $note ->
    [none] {""}
   *[other] {" "}Причина: «{ $note }».
  }{ $referees_count ->
    [0] {""}
   *[other] {" "}Судьи: { $referees }.
  }
ruling-lang = { $player }, теперь я говорю с вами по-русски.

ruling-settings = Настройки этого чата. Правила: { $rulebook ->
    [mcr] MCR
    [burraco] буррако
   *[other] { $rulebook_name }
  }, язык: { $lang ->
    [it] итальянский
    [ru] русский
   *[en] английский
  }, часовой пояс: { $tz }{ $ready_clock ->
    [none] {""}
    [on] , время на закрытие счёта: включено
   *[off] , время на закрытие счёта: выключено
  }, роль модераторов: { $moderator_role ->
    [none] нет (администраторы чата)
   *[other] { $moderator_role }
  }{ $channel ->
    [none] {""}
   *[other] , канал уведомлений { $channel }
  }{ $log ->
    [none] {""}
   *[other] , журнал модераторов в канале { $log }
  }, причины отстранений на публичной странице: { $web_reasons ->
    [on] видны
   *[off] скрыты
  }. Модерация: предупреждения действуют { $warn_window }, шкала мер ({ $warn_ladder }); флуд { $flood ->
    [off] не проверяется
   *[other] проверяется: больше { $flood_messages } { $flood_messages ->
        [one] сообщения
       *[other] сообщений
    } за { $flood_seconds } с — запрет писать на { $flood_mute }
  }; новые участники { $captcha ->
    [on] сначала подтверждают, что они люди
   *[off] пишут сразу
  }{ $welcome ->
    [none] {""}
   *[other] { $captcha ->
        [on] {", "}
       *[off] {" "}
    }и получают приветствие
  }{ $raid_joins ->
    [off] {""}
   *[other] ; больше { $raid_joins_joins } { $raid_joins_joins ->
        [one] вступления
       *[other] вступлений
    } за { $raid_joins_seconds } с — режим рейда на { $raid_time }
  }{ $table_ttl ->
    [none] {""}
   *[other] ; стол без раздач закрывается через { $table_ttl }
  }{ $open_tables ->
    [none] {""}
   *[other] ; пустых столов у одного участника может быть открыто не больше { $open_tables }
  }{ $ban_purge ->
    [off] {""}
   *[other] ; при бане удаляются и сообщения участника за { $ban_purge } до бана
  }{ $report_limit ->
    [off] ; жалобы без ограничений
   *[other] ; от участника — не больше { $report_limit_reports } { $report_limit_reports ->
        [one] жалобы
       *[other] жалоб
    } за { $report_limit_window }
  }.{ $missing_rights ->
    [none] {""}
   *[other] {" "}Здесь мне не хватает прав: { $missing_rights }.
  }
ruling-settings_changed = Настройки изменены ({ $changed }). Правила: { $rulebook ->
    [mcr] MCR
    [burraco] буррако
   *[other] { $rulebook_name }
  }, язык: { $lang ->
    [it] итальянский
    [ru] русский
   *[en] английский
  }, часовой пояс: { $tz }{ $ready_clock ->
    [none] {""}
    [on] , время на закрытие счёта: включено
   *[off] , время на закрытие счёта: выключено
  }, роль модераторов: { $moderator_role ->
    [none] нет (администраторы чата)
   *[other] { $moderator_role }
  }{ $channel ->
    [none] {""}
   *[other] , канал уведомлений { $channel }
  }{ $log ->
    [none] {""}
   *[other] , журнал модераторов в канале { $log }
  }, причины отстранений на публичной странице: { $web_reasons ->
    [on] видны
   *[off] скрыты
  }. Модерация: предупреждения действуют { $warn_window }, шкала мер ({ $warn_ladder }); флуд { $flood ->
    [off] не проверяется
   *[other] проверяется: больше { $flood_messages } { $flood_messages ->
        [one] сообщения
       *[other] сообщений
    } за { $flood_seconds } с — запрет писать на { $flood_mute }
  }; новые участники { $captcha ->
    [on] сначала подтверждают, что они люди
   *[off] пишут сразу
  }{ $welcome ->
    [none] {""}
   *[other] { $captcha ->
        [on] {", "}
       *[off] {" "}
    }и получают приветствие
  }{ $raid_joins ->
    [off] {""}
   *[other] ; больше { $raid_joins_joins } { $raid_joins_joins ->
        [one] вступления
       *[other] вступлений
    } за { $raid_joins_seconds } с — режим рейда на { $raid_time }
  }{ $table_ttl ->
    [none] {""}
   *[other] ; стол без раздач закрывается через { $table_ttl }
  }{ $open_tables ->
    [none] {""}
   *[other] ; пустых столов у одного участника может быть открыто не больше { $open_tables }
  }{ $ban_purge ->
    [off] {""}
   *[other] ; при бане удаляются и сообщения участника за { $ban_purge } до бана
  }{ $report_limit ->
    [off] ; жалобы без ограничений
   *[other] ; от участника — не больше { $report_limit_reports } { $report_limit_reports ->
        [one] жалобы
       *[other] жалоб
    } за { $report_limit_window }
  }.{ $missing_rights ->
    [none] {""}
   *[other] {" "}Здесь мне не хватает прав: { $missing_rights }.
  }
## Предложение модератора, ждущее подтверждения модератора
ruling-proposal = { $player } предлагает следующее; модератор подтверждает или отменяет в течение { $minutes } { $minutes ->
        [one] минуты
       *[other] минут
    }:
    { $preview }
ruling-proposal_cancelled = Предложение отменено (автор: { $proposer }; отменяет: { $player }): ничего не сделано.
ruling-players = { $registered ->
    [0] В турнире «{ $tournament }» пока никто не зарегистрирован.
   *[other] Игроки турнира «{ $tournament }» ({ $registered }): { $players }.
  }
ruling-tournament_finished = Турнир «{ $tournament }» завершён после { $sessions ->
    [one] { $sessions } сессии
   *[other] { $sessions } сессий
  }. Итоговая таблица:
ruling-stood = { $player } встаёт из-за стола { $match }.
ruling-table_closed = { $reason ->
    [expired] Стол { $table } закрыт: за { $ttl_duration } не записано ни одной раздачи. Партия не засчитывается, предупреждений никто не получает.
    [unfinished] Стол { $table } закрыт: за { $ttl_duration } не записано ни одной раздачи (сыграно раздач: { $played } из { $hands }). Партия не окончена: записанные раздачи сохраняются, результата нет, предупреждений никто не получает; /undo этого решения возвращает стол.
    [none] Стол { $table } закрыт без сыгранных раздач.
   *[other] Стол { $table } закрыт без сыгранных раздач: { $reason }.
  }
ruling-unregistered = Регистрация отменена — { $player } ({ $registered ->
    [0] участников не осталось
   *[other] всего участников: { $registered }
  }).
ruling-match_corrected = Стол { $match }: результат исправлен, VP { $vp }; рейтинговые очки { $points }.
ruling-match_voided = Партия за столом { $match } аннулирована: { $reason }. Никто не получает очков, партия не засчитывается.
ruling-score_corrected = Стол { $table }, сессия { $session }: счёт исправлен — { $scores }; турнирные очки { $tp }.

## Отмена решения (исправления)

ruling-undone = Решение № { $amends }{ $player ->
    [none] {""}
   *[other] {" "}(участник: { $player })
  } отменено: { $reason }. Всё, что из него следовало, пересчитано.
ruling-stop_lifted = { $reason ->
    [none] Отстранение снято — { $player }{ $stop_until ->
        [none] : снова можно садиться за стол.
       *[other] ; другое отстранение действует до { $stop_until }.
      }
   *[other] Отстранение снято — { $player }: { $reason }. Можно снова садиться за стол.
  }
ruling-stop_restored = Отстранение снова действует — { $player }, до { $stop_until }: решение о его снятии отменено.
ruling-card_lifted = Жёлтая карточка снята — { $player }: отбывать больше нечего.
ruling-card_restored = Жёлтая карточка снова действует — { $player }: до того как сесть за стол, нужно отбыть на экране ещё { $remaining_clock }.
ruling-hand_won = Сессия { $session }, стол { $table }, раздача { $hand }: выигрывает { $winner }, { $fan } { $fan ->
    [one] очко
    [few] очка
   *[many] очков
  }{ $flowers ->
    [0] {""}
   *[other] {" "}(из них за цветы: { $flowers })
  }{ $discarder ->
    [none] , со стены
   *[other] , со сброса; сбросивший — { $discarder }
  }. Выплаты: { $paid }.
ruling-hand_washout = Сессия { $session }, стол { $table }, раздача { $hand }: ничья, без выплат.
ruling-player_details = Для файла результатов: { $player } — имя: { $first_name ->
    [none] { $last_name ->
        [none] не указано
       *[other] { $last_name }
    }
   *[other] { $first_name }{ $last_name ->
        [none] {""}
       *[other] {" "}{ $last_name }
    }
  }, номер EMA { $ema ->
    [none] не указан
   *[other] { $ema }
  }, страна { $country ->
    [none] не указана
   *[other] { $country }
  }{ $team ->
    [none] {""}
   *[other] , команда { $team }
  }.
ruling-export = Результаты турнира «{ $tournament }» в формате EMA: файл во вложении.
export-missing = { $count ->
    [one] У { $count } игрока
   *[other] У { $count } игроков
  } в файле нет имени, номера EMA или страны: { $players }. Добавьте недостающие данные командой /player, затем /export выдаст файл заново.
ruling-seating_plan = Рассадка на все сессии для { $players } игроков определена жеребьёвкой по числу { NUMBER($seed, useGrouping: 0) }: { $repeat_meetings ->
    [0] никто не встречается с одним и тем же соперником дважды
    [1] одна пара игроков встречается { $most_meetings ->
        [2] дважды
       *[other] { $most_meetings } { $most_meetings ->
            [few] раза
           *[other] раз
        }
    }
   *[other] { $repeat_meetings } { $repeat_meetings ->
        [one] пара игроков встречается
        [few] пары игроков встречаются
       *[other] пар игроков встречаются
    } { $most_meetings ->
        [2] дважды
       *[other] больше одного раза, но ни одна — больше { $most_meetings } раз
    }
  }; { $separate ->
    [team] { $same_team_meetings ->
        [0] игроки одной команды ни разу не садятся за один стол
        [1] игроки одной команды один раз оказываются за одним столом
       *[other] игроки одной команды оказываются за одним столом { $same_team_meetings } { $same_team_meetings ->
            [few] раза
           *[other] раз
        }
    };{" "}
    [country] { $same_team_meetings ->
        [0] игроки из одной страны ни разу не садятся за один стол
        [1] игроки из одной страны один раз оказываются за одним столом
       *[other] игроки из одной страны оказываются за одним столом { $same_team_meetings } { $same_team_meetings ->
            [few] раза
           *[other] раз
        }
    };{" "}
   *[other] {""}
  }{ $wind_balance ->
    [0] каждый одинаковое число раз сидит на местах Востока, Юга, Запада и Севера
   *[other] у каждого игрока числа сессий на местах Востока, Юга, Запада и Севера различаются не больше чем на { $wind_balance }
  }.{ $amends ->
    [none] {""}
   *[other] {" "}{ $redrawn ->
        [yes] Эта рассадка заменяет рассадку, определённую в решении № { $amends }.
       *[other] Эта рассадка заменяет рассадку из решения № { $amends }, составленную для прежнего списка игроков.
    }
  } С тем же списком игроков и тем же числом рассадка получится такой же. /seating N показывает столы сессии N; в начале каждой сессии игроки рассаживаются по этому плану автоматически.
ruling-seating_withdrawn = { $players ->
    [0] Рассадка снята: зарегистрированных игроков не осталось. Её составят заново, как только игроков хватит на полные столы по четыре.
   *[other] Рассадка снята: из { $players } { $players ->
        [one] игрока
       *[other] игроков
      } не составить полных столов по четыре ({ $needed ->
        [one] нужен ещё { $needed } игрок
        [few] нужны ещё { $needed } игрока
       *[other] нужно ещё { $needed } игроков
      }). Её составят заново, как только столы будут полными.
  }
ruling-player_excluded = Исключение из итоговой таблицы — { $player } (замена по болезни): { $reason }.
ruling-substitute_ranked = Запасной в турнирной таблице — { $player }: сыграны все сессии на данный момент ({ $sessions }).
seating-replacing = Замена { $out } → { $player }: пустое место занято.
finished-unscored = Пока без записанного счёта: { $tables }. { $count ->
    [1] Этот стол не получит
   *[other] Эти столы не получат
  } турнирных очков, пока судья не запишет счёт через /score с номером сессии, например /score { $table } … session={ $session }.
unscored-table = сессия { $session }, стол { $table }

## Модерация чата (для обоих регламентов)
chat-rules-header = { $rules ->
    [0] У этого чата пока нет своих правил.
   *[other] Правила этого чата:
  }
ruling-chat_rule = { $action ->
    [add] Новый пункт { $number } в правилах чата: { $text }
    [edit] Пункт { $number } правил чата в новой редакции: { $text }
   *[remove] Пункт { $number } правил чата отменён.
  }
ruling-conduct_warning = Предупреждение за поведение в чате — { $player }: { $reason }. Предупреждений за { $window_duration }: { $count }{ $measure ->
    [mute] , поэтому назначается запрет писать в чате.
    [stop] , поэтому назначается отстранение.
    [ban] , поэтому назначается бан в чате.
   *[none] .
  }{ $exempt ->
    [yes] {" "}Шкала мер к модераторам не применяется.
   *[no] {""}
  }
ruling-muted = { $amends ->
    [none] Запрет писать в чате — { $player }, до { $until }: { $reason }. За стол садиться можно.
   *[other] Запрет писать в чате — { $player }: действует до { $until } (см. решение № { $amends }).
  }
ruling-unmuted = Запрет писать снят — { $player }{ $reason ->
    [none] .
   *[other] : { $reason }.
  }
ruling-kicked = Удаление из чата — { $player }: { $reason }. Вернуться в чат можно.
ruling-banned = { $amends ->
    [none] { $until ->
        [none] Бан в чате — { $player }, до снятия: { $reason }.
       *[other] Бан в чате — { $player }, до { $until }: { $reason }.
      }
   *[other] { $until ->
        [none] Бан снова действует — { $player }, без срока (см. решение № { $amends }).
       *[other] Бан — { $player }: действует до { $until } (см. решение № { $amends }).
      }
  }
ruling-unbanned = Бан снят — { $player }{ $reason ->
    [none] : вернуться в чат можно.
   *[other] : { $reason }.
  }
ruling-ban_ended = Срок бана истёк — { $player }: вернуться в чат можно.
ruling-report = Жалоба на участника — { $player } (автор: { $reporter }): { $reason }.{ $excerpt ->
    [none] {""}
   *[other] {" "}Сообщение: «{ $excerpt }»
  }
ruling-report_received = { $player }, жалоба № { $reported } передана модераторам, и только им.
ruling-report_dismissed = Жалоба № { $amends } (участник: { $player }) закрыта без мер{ $reason ->
    [none] .
   *[other] : { $reason }.
  }
ruling-reason_edited = Новое обоснование решения № { $amends }: { $reason }.
ruling-appeal_measure = Апелляция на решение № { $amends } (участник: { $player }): { $reason }.
ruling-appeal_received = { $player }, апелляция № { $appeal } на решение № { $amends } передана модераторам, и только им.
ruling-appeal-hint = Чтобы обжаловать, напишите здесь: /appeal { $id } и свои доводы.
reports-header = { $reports ->
    [0] Открытых жалоб нет.
    [one] Открыта { $reports } жалоба:
    [few] Открыты { $reports } жалобы:
   *[many] Открыто { $reports } жалоб:
  }
reports-row = № { $id }, { $at } — { $player } (автор: { $reporter }): { $reason }
reports-row-appeal = № { $id }, { $at }: апелляция на решение № { $amends } (участник: { $player }) — { $reason }
ruling-stop_amended = Отстранение — { $player }: новый срок { $duration } (изменяет решение № { $amends }){ $stop_until ->
    [none] ; оно уже закончилось, за стол снова можно садиться.
   *[other] , до { $stop_until }.
  }
ruling-match_resumed = Партия за столом { $match } продолжается ({ $players }): уход из-за стола отменён (решение № { $amends }).
ruling-table_reopened = Стол { $table } снова открыт: закрытие (решение № { $amends }) отменено. Сыграно раздач: { $played } из { $hands }; за столом: { $players_count ->
    [0] никого
   *[other] { $players }
  }.
ruling-flood_muted = Больше { $messages } { $messages ->
    [one] сообщения
   *[other] сообщений
  } за { $seconds } с — { $player }: запрет писать до { $until }.
welcome-greeting = Добро пожаловать, { $player }! { $text }
ruling-join_check = Запрет писать до ответа на проверку — { $player }: не дольше { $duration }.
ruling-join_check_passed = Проверка пройдена — { $player }: писать в чате можно. Спасибо!
ruling-join_check_failed = { $reason ->
    [wrong_answer] Неверный ответ на проверку — { $player }: удаление из чата (вступить снова можно).
   *[other] Нет ответа на проверку вовремя — { $player }: удаление из чата (вступить снова можно).
  }
ruling-log_link = Чтобы группа модераторов стала журналом этого чата, добавьте меня в неё и в течение { $duration } напишите там: /link { $code }
ruling-log_linked = Теперь эта группа — журнал модераторов того чата, который это запросил: сюда приходят его жалобы, меры и кнопки к ним.
ladder-step = { $count }-е предупреждение: { $measure ->
    [mute] запрет писать на { $length }
    [stop] отстранение на { $length }
   *[ban] { $length ->
        [none] бан без срока
       *[other] бан на { $length }
    }
  }
ladder-none = без мер
ruling-clock_status = Сессия { $session }: осталось { $left_duration }, до { $ends_at }.
ruling-clock_started = Сессия { $session }: время пошло, до { $ends_at }.
ruling-clock_warning = Сессия { $session }: осталось { $left_duration }, до { $ends_at }.
ruling-clock_ended = Сессия { $session }: время вышло.
ruling-clock_stopped = Сессия { $session }: часы остановлены за { $left_duration } до конца.
ruling-slowmode = { $seconds ->
    [0] Медленный режим в этом канале выключен: писать можно без ожидания
   *[other] Медленный режим в этом канале: между двумя сообщениями одного участника — не меньше { $seconds ->
        [one] { $seconds } секунды
        [few] { $seconds } секунд
        [many] { $seconds } секунд
       *[other] { $seconds } секунды
    }
  }{ $reason ->
    [none] .
   *[other] . Причина: { $reason }.
  }
welcome-challenge = { $greeted ->
    [yes] {""}
   *[no] Добро пожаловать, { $player }!{" "}
  }{ $count ->
    [one] Чтобы писать здесь, ответьте в течение { $duration }: сколько будет { $first } + { $second }? Нажмите верное число ниже; неверное означает удаление из чата (вступить снова можно).
   *[other] Чтобы писать здесь, каждому нужно ответить в течение { $duration }: сколько будет { $first } + { $second }? Нажмите верное число ниже; неверное означает удаление из чата (вступить снова можно).
  }
welcome-names-last = { $list } и { $last }
welcome-names-others = { $first }, { $second } и ещё { $others } { $others ->
    [one] человек
    [few] человека
   *[other] человек
  }
ruling-join_request_check = Чтобы вступить в группу, ответьте в течение { $duration }: сколько будет { $first } + { $second }? Нажмите верное число ниже; неверное означает отказ в заявке (подать её снова можно).
ruling-join_request_approved = Ответ верный: заявка на вступление одобрена — { $player }. Добро пожаловать!
ruling-join_request_declined = { $reason ->
    [wrong_answer] Неверный ответ: заявка на вступление отклонена — { $player } (подать её снова можно).
   *[other] Нет ответа вовремя: заявка на вступление отклонена — { $player } (подать её снова можно).
  }
ruling-raid_started = { $automatic ->
    [yes] Рейд: больше { $joins } { $joins ->
        [one] вступления
       *[other] вступлений
    } за { $duration }.
   *[other] Режим рейда включён{ $reason ->
        [none] .
       *[other] : { $reason }.
    }
  } До { $until } каждый новый участник не может писать, пока не ответит на проверку, а заявки на вступление ждут модераторов.
ruling-raid_ended = { $automatic ->
    [yes] Рейд окончен: новые участники снова вступают как обычно.
   *[other] Режим рейда выключен{ $reason ->
        [none] {""}
       *[other] {" "}({ $reason })
    }: новые участники снова вступают как обычно.
  }
