## Отказы: ничего не записано; каждый говорит, что не так и что ожидалось.

refused-generic = Не выполнено: команда не прошла проверку (код { $code }).
refused-unknown_command = Команды /{ $command } нет. Попробуйте /help.
refused-wrong_rulebook = /{ $command } относится к другим правилам; в этом чате { $rulebook ->
    [mcr] турниры по правилам MCR
    [burraco] играют в буррако
   *[other] действуют правила «{ $rulebook_name }»
  }.
refused-not_moderator = Это могут делать только модераторы и судьи.
refused-text_too_long = Сообщение слишком длинное (не больше { $limit } символов).
refused-missing_argument = Не хватает аргумента: { $arg }.
refused-unexpected_argument = Лишний аргумент: «{ $got }».
refused-expected_integer = { $arg }: нужно целое число, а не «{ $got }».
refused-integer_out_of_range = { $arg }: нужно число { $maximum ->
    [none] не меньше { $minimum }
   *[other] { $minimum ->
        [none] не больше { $maximum }
       *[other] от { $minimum } до { $maximum }
    }
  }, а не { $got }.
refused-expected_choice = { $choices ->
    [one] { $arg }: здесь нужно слово { $options }, а не «{ $got }».
   *[other] { $arg }: «{ $got }» не подходит; варианты: { $options }.
  }
refused-expected_word = Здесь команда ждёт слово { $options }, а не «{ $got }».
refused-expected_mention = { $arg }: нужно упоминание в виде @имя, а не «{ $got }».
refused-expected_duration = { $arg }: нужно значение вроде 90m, 2h, 1h30m или 3d, а не «{ $got }».
refused-duration_out_of_range = Срок «{ $got }» не подходит: нужно больше нуля и не больше 366 дней.
refused-unknown_member = В этом чате нет участника @{ $name }.
refused-unknown_lang = Неизвестный язык «{ $lang }»: { $known }.
refused-unknown_rulebook = Неизвестные правила «{ $rulebook }»: { $known }.
refused-bad_ready_clock = Время на закрытие счёта (ready_clock) — on или off.

## Буррако
refused-unknown_table = В этом чате нет стола { $table }.
refused-unknown_ruleset = Неизвестный регламент «{ $ruleset }»: fibur или fitab.
refused-unknown_format = Неизвестный формат «{ $format }»: 1v1, пары, 4in2 или giallo.
refused-unknown_side = Неизвестная сторона «{ $side }»: сю или вз.
refused-unknown_tally = Неизвестная таблица «{ $tally }»: тренировочная, официальная или все.
refused-hands_not_allowed = В партии 2, 3 или 4 раздачи, а не { $hands }.
refused-final_only_giallo = Финальная раздача бывает только в «джалло матто».
refused-giallo_hands = «Джалло матто» играют на 3 раздачи или на 4 с финалом, а не на { $hands }.
refused-giallo_needs_vp = Результат «джалло матто» — это VP каждого игрока: /result { $table } vp @игрок VP @игрок VP…
refused-vp_by_player_only_giallo = Игроков по именам указывают только в «джалло матто»; здесь пишут /result { $table } vp <VP Север-Юг> <VP Восток-Запад>.
refused-vp_players_mismatch = Укажите VP ровно тех, кто сидит за столом { $table }: { $expected }.
refused-vp_out_of_range = VP — от 0 до 20, а не { $vp }.
refused-vp_not_summing_to_20 = VP двух сторон должны в сумме давать 20 ({ $vp } = { $total }).
refused-difference_not_integer = Разница очков — целое число.
refused-stopped = У вас отстранение до { $until }: до тех пор садиться за стол нельзя.
refused-card = Ваша жёлтая карточка ещё не отбыта: на экране осталось { $remaining_clock }.
refused-already_seated = Вы уже сидите за столом { $table }.
refused-seated_elsewhere = Вы уже играете за столом { $table }.
refused-too_many_open_tables = Пустых столов у вас уже открыто: { $limit } ({ $tables }) — больше в этом чате нельзя. { $limit ->
    [1] Сыграйте за этим столом или закройте его командой /close,
   *[other] Сыграйте за одним из них или закройте один командой /close,
  } прежде чем открывать новый.
refused-closed_table_seat_taken = Стол { $table } нельзя открыть снова: { $player } сейчас играет за столом { $elsewhere }.
refused-match_in_progress = За столом { $table } игра уже идёт.
refused-table_full = Стол { $table } заполнен.
refused-side_full = За столом { $table } сторона { $side ->
    [ns] Север-Юг
   *[ew] Восток-Запад
  } уже занята.
refused-match_not_started = Игра за столом { $table } ещё не началась: занято мест — { $seated } из { $seats }.
refused-match_null = Партия за столом { $table } аннулирована (её покинули).
refused-match_over = Партия за столом { $table } окончена.
refused-all_hands_recorded = Все раздачи стола { $table } уже записаны ({ $hands }).
refused-not_seated = У вас нет места за столом { $table }.
refused-no_ready_window = Стол { $table } сейчас не ждёт закрытия счёта.
refused-no_result_reported = За столом { $table } нет результата, ждущего подтверждения.
refused-result_already_confirmed = Результат стола { $table } уже подтверждён.
refused-not_other_side = Подтвердить или оспорить результат стола { $table } может только другая сторона (или модератор).
refused-card_not_on_screen = У вас нет карточки на экране.
refused-not_stopped = У этого участника нет действующего отстранения.
refused-no_warning_for_table = За стол { $table } нет предупреждения, которое можно отменить (игрок: { $player }).
refused-no_such_warning = Такого предупреждения нет.
refused-warning_already_annulled = Это предупреждение уже отменено.
refused-warning_counts_invalid = Неверный счёт предупреждений.
refused-duration_not_positive = Срок отстранения должен быть больше нуля.

## Таблицы VP
refused-not_toml = Файл таблицы VP — не корректный TOML.
refused-provisional_flag_missing = В файле таблицы VP должно быть сказано, временная ли она.
refused-provenance_missing = В файле таблицы VP должен быть указан источник.
refused-no_tables = В файле таблицы VP нет таблиц.
refused-too_few_bands = Таблица VP идёт от 10-10 до 20-0.
refused-malformed_band = Строка { $band } таблицы на { $hands } раздачи записана неверно.
refused-vp_not_consecutive = Строка { $band } таблицы на { $hands } раздачи ({ $vp }) должна давать на один VP больше предыдущей.
refused-bands_not_increasing = Строка { $band } таблицы на { $hands } раздачи не выше предыдущей.
refused-first_band_negative = Первая строка не может заканчиваться ниже нуля.
refused-first_band_not_10_10 = Первая строка — 10-10.
refused-last_band_not_20_0 = Последняя строка — 20-0.

## MCR
refused-no_tournament = Сейчас турнира нет: судья создаёт его командой /tournament <название> <сессии>.
refused-tournament_name_empty = У турнира должно быть название.
refused-sessions_out_of_range = В турнире от 1 до 99 сессий, а не { $sessions }.
refused-no_players_named = Укажите игроков через @имя.
refused-is_substitute = Зарегистрировать нельзя: игрок { $player } уже в списке запасных.
refused-session_already_open = Сессия { $session } ещё идёт: сначала закончите её.
refused-no_sessions_left = { $sessions ->
    [1] Единственная сессия уже сыграна.
   *[other] Все сессии турнира уже сыграны: { $sessions } из { $sessions }.
  }
refused-no_open_session = Нет открытой сессии: /session начало.
refused-no_session_started = Ещё ни одна сессия не началась.
refused-seat_needs_four_distinct = За столом сидят четыре разных игрока.
refused-table_number_invalid = Столы нумеруются с 1.
refused-not_registered = { $player } не значится среди участников турнира.
refused-player_disqualified = Действует дисквалификация с турнира (игрок: { $player }).
refused-player_already_seated = { $player } уже сидит за другим столом.
refused-table_already_scored = Счёт стола { $table } в этой сессии уже записан.
refused-score_needs_four = Счёт стола — четыре числа: Восток, Юг, Запад, Север.
refused-table_needs_four = Для турнирных очков нужны четыре места.
refused-forced_seat_unknown = Этих мест нет за столом.
refused-points_required = Для дополнительной санкции судьи (другое) нужны очки: /violation @игрок другое <очки>.
refused-ladder_step_invalid = Неверная ступень шкалы штрафов.
refused-ladder_not_monotonic = Штрафы по шкале не могут уменьшаться от ступени к ступени.
refused-ladder_negative = В шкале штрафов не бывает отрицательных очков.
refused-minutes_not_positive = Опоздание — это число минут больше нуля.
refused-unknown_violation = Неизвестное нарушение «{ $kind }».
refused-unknown_dead_hand = Неизвестный вид мёртвой руки «{ $kind }».
refused-unknown_false_hu = Вид ложного «ху»: «{ $variant }» не подходит; варианты: меньше8 (меньше 8 очков) или недопустимая (недопустимая рука).
refused-unknown_sub_reason = Причина замены: «{ $reason }» не подходит; варианты: опоздание, болезнь-до (болезнь до сессии), болезнь-во-время (болезнь во время сессии) или дисквалификация.
refused-substitute_is_registered = { $player } — в списке участников, а не запасных.
refused-not_disqualified_for_lateness = В этой сессии нет дисквалификации за опоздание (игрок: { $player }).
refused-not_disqualified = Дисквалификации нет (игрок: { $player }).
refused-already_disqualified = Дисквалификация уже действует (игрок: { $player }).
refused-unknown_ruling = Решения № { $ruling } нет.
refused-ruling_not_appealable = Решение № { $ruling } нельзя обжаловать.
refused-appeal_text_empty = Укажите, почему вы подаёте апелляцию.
refused-appeal_pending = Апелляция на решение № { $ruling } уже ждёт рассмотрения.
refused-unknown_appeal = Апелляции № { $appeal } нет.
refused-appeal_already_resolved = Апелляция № { $appeal } уже рассмотрена.
refused-unknown_decision = Решите: оставить (апелляция отклонена) или отменить (апелляция удовлетворена).

refused-expected_setting = Настройки пишутся как ключ=значение, одна из: { $options }; а не «{ $got }».
refused-unknown_time_zone = «{ $got }» — не часовой пояс (например, Europe/Moscow).

## Предложения
refused-proposal_settled = Это предложение уже подтверждено или отменено.
refused-proposal_expired = Срок этого предложения истёк: отправьте команду заново.
refused-expected_channel = { $arg }: укажите канал упоминанием (наберите # и выберите его — Discord запишет <#…>) или его id, а не «{ $got }».
refused-ambiguous_member = В чате двое с именем @{ $name }: ответьте командой на сообщение нужного участника или выберите его из подсказок.
refused-already_scored = Счёт стола { $table } уже записан: /correct заменит его.
refused-not_zero_sum = Сумма четырёх результатов стола { $table } равна { $total }, а не 0: в MCR выплаты в сумме всегда дают ноль (штрафы бот добавляет сам, их не вводят через /score).
refused-points_only_for_other = Очки указываются только для нарушения «другое»; штраф за нарушение «{ $kind }» задаёт шкала штрафов.
refused-points_out_of_range = Очки за «другое» — от { $minimum } до { $maximum }, а не { $points }.
refused-already_recorded = Опоздание в этой сессии уже записано (игрок: { $player }).
refused-tournament_running = Турнир «{ $tournament }» ещё идёт: сначала завершите его командой /finish после последней сессии.
refused-tournament_not_over = Турнир не окончен: { $session ->
    [0] { $sessions ->
        [1] его единственная сессия ещё не сыграна.
       *[other] ни одна из { $sessions } { $sessions ->
            [one] сессии
           *[other] сессий
        } ещё не сыграна.
    }
   *[other] он дошёл до сессии { $session } из { $sessions }.
  }
refused-self_lift = Снять отстранение с себя нельзя: это делает другой модератор.
refused-already_registered = Уже зарегистрированы: { $players }.
refused-disputed_result = Результат стола { $table } оспорен: решает модератор — /confirm { $table } или /correct { $table } ….
refused-tournament_started = Турнир уже начался: выбывшего игрока заменяют командой /sub.
refused-rulebook_in_use = Правила нельзя сменить, пока открыты столы или идёт турнир.
refused-no_result_to_correct = У стола { $table } ещё нет результата, который можно исправить.
refused-nothing_to_change = Ничего не меняется: так уже и есть.
refused-not_scored = У стола { $table } ещё нет счёта: его записывают командой /score.
refused-not_your_ruling = Обжаловать решение № { $ruling } может только игрок, которого оно касается (или модератор от его имени).
refused-session_running = Апелляция № { $appeal } рассматривается после окончания сессии { $session }: бот напомнит судьям.

## Отмена
refused-not_undoable = Решение № { $ruling } нельзя отменить через /undo: { $hint ->
    [seats] места, столы, сессии и регистрацию меняют своими командами (/stand, /close, /seat, /sub, /unregister).
    [settings] настройки просто меняют ещё раз через /settings.
    [kicked] удаление из чата не отменяется: участник может просто вернуться.
    [flood_muted] запрет писать за флуд снимается через /unmute.
    [report] жалоба закрывается через /dismiss или рассматривается кнопками под ней.
    [undone] это уже отмена, а отмену не отменяют — решение нужно принять заново.
    [seating_plan] рассадку определяют заново командой /seating (то же число даёт ту же рассадку).
   *[consequence] оно вытекает из другого решения или это уведомление бота; отмените исходное решение.
  }
refused-already_undone = Решение № { $ruling } уже отменено.
refused-superseded = Решение № { $ruling } заменено { $by ->
    [none] более поздним: сначала отмените это более позднее решение
   *[other] решением № { $by }: сначала отмените № { $by }
  } через /undo.
refused-tournament_begun = Турнир «{ $tournament }» уже начался: отменить турнир можно только до первой сессии, теперь его завершают командой /finish.
refused-earlier_tournament = Решение № { $ruling } относится к прошлому турниру, который уже завершён.
refused-no_such_stop = Такого отстранения больше нет в записях.
refused-integer_too_large = { $arg }: число { $got } слишком велико.
refused-integer_too_small = { $arg }: число { $got } слишком мало.
refused-player_stopped = Отстранение до { $until } (игрок: { $player }): до тех пор нельзя ни открыть стол, ни сесть за стол, ни зарегистрироваться.
refused-not_last_hand = Отменить можно только последнюю записанную раздачу стола { $table }, пока партия идёт.
refused-report_stands = Это сообщение о результате уже стало результатом стола { $table } по решению № { $ruling }: чтобы отменить этот результат, /undo { $ruling }.
refused-player_not_seated = { $player } не сидит ни за одним столом в этой сессии.
refused-match_void = Партия за столом { $table } аннулирована: чтобы исправить результат, сначала отмените аннулирование (/undo с его номером).
refused-under8 = { $fan } { $fan ->
    [one] очко
    [few] очка
   *[other] очков
  }{ $flowers ->
    [0] {""}
   *[other] {" "}(из них за цветы: { $flowers })
  } — это не выигрыш: для руки нужно не меньше 8 очков без учёта цветов. Судья решает, ложное ли это «ху» (/falsehu) или счёт надо исправить.
refused-not_at_table = { $player } не сидит за столом { $table }.
refused-discarder_is_winner = Нельзя выиграть со своего сброса: для выигрыша со стены пишут «сам».
refused-kept_by_hand = Стол { $table } ведётся по раздачам: его счёт — сумма раздач к концу сессии.
refused-ema_number_invalid = В номере EMA 8 цифр, например 04010001, а не «{ $ema }».
refused-name_empty = Укажите настоящее имя игрока, например first="Анна" last="Росси" или name="Анна Росси".
refused-seating_needs_fours = { $players ->
    [0] Пока никто не зарегистрирован: за столом нужны четыре игрока.
   *[other] Столы по четыре не складываются ({ $players } { $players ->
    [one] игрок
    [few] игрока
   *[other] игроков
  }): { $needed ->
    [one] нужен ещё { $needed } игрок (запасной).
    [few] нужны ещё { $needed } игрока (запасные).
   *[other] нужно ещё { $needed } игроков (запасных).
  }
  }
refused-no_seating_plan = Для сессии { $session } рассадки нет: модератор составляет её командой /seating.
refused-unknown_tile = «{ $tile }» — не кость ({ $hand }): кости — это 1–9 с m (знаки), p (точки) или s (бамбук) и 1–7 с z (ветры E, S, W, N, затем драконы: красный, зелёный, белый), например [123m][555z]456p789s11z 1z.
refused-bad_meld = { $meld } — это не чоу, не панг и не конг.
refused-hand_notation = «{ $hand }» записано не как рука: сначала открытые комбинации в квадратных скобках, закрытые конги в фигурных, затем закрытые кости вместе с выигрышной, затем через пробел выигрышная кость, например [123m][555z]456p789s11z 1z.
refused-hand_tile_count = В законченной руке 14 костей и ещё по одной на каждый конг: здесь должно быть { $expected }, а не { $tiles }.
refused-not_a_concealed_kong = { $meld }: в фигурных скобках пишется закрытый конг — четыре одинаковые кости, например {"{"}5555z{"}"}.
refused-repeated_option = { $arg }: встречается дважды («{ $got }»); укажите только один раз.
refused-bad_flowers = { $arg }: от 0 до 8, а не «{ $got }».
refused-bad_wind = { $arg }: E, S, W или N, а не «{ $got }».
refused-unknown_option = Неизвестный параметр «{ $got }»; возможные: { $options }.
refused-duration_too_short = { $arg }: не меньше { $least_duration }, а не «{ $got }».
refused-impossible_flags = { $flags }: в одной руке эти условия несовместимы (последняя кость стены не может быть добором за конг, а когда стена кончилась, конг уже не ограбить).
refused-replacement_without_kong = { $flags }: «Выход с добранной костью» — это выигрыш на кости, добранной взамен собственного конга, а в этой руке конга нет.
refused-robbed_tile_held = { $flags }: «Ограбление конга» — это выигрыш на четвёртой кости { $tile }, которую другой игрок добавляет к своему открытому пангу, значит, другой кости { $tile } у выигравшего быть не может, а в этой руке она есть.
refused-last_tile_held = { $flags }: «Последняя кость» — это кость { $tile }, остальные три копии которой уже на виду (в сбросе или в открытых комбинациях), а в этой руке ещё одна кость { $tile } спрятана среди закрытых.
refused-flowers_over_fan = Очков за цветы ({ $flowers }) не может быть больше, чем всех очков руки ({ $fan }).
refused-bad_country = «{ $country }» — не код страны в результатах EMA: нужны две буквы, например IT, RU или DE (UK — Великобритания).
refused-duplicate_ema = Номер EMA { $ema } уже записан за другим игроком: { $holder }.
refused-seat_empty = За столом { $table } пустое место (вне игры: { $players }): сначала займите его через /sub или /seat.
refused-fifth_tile = В игре всего четыре кости { $tile }.
refused-win_not_in_hand = Выигрышная кость { $tile } должна быть и среди закрытых костей.
refused-later_session_started = Уже началась сессия { $session }: сначала отмените её начало (/undo с номером того решения).
refused-session_ended_first = Сессия { $session } уже закончилась: сначала отмените её окончание, затем начало.
refused-session_has_records = В сессии { $session } уже записаны очки, раздачи, штрафы или замены: сначала отмените их или оставьте сессию как есть.
refused-session_not_played = Сессия { $session } не сыграна: турнир дошёл до сессии { $last }.
refused-unknown_tournament = В этом чате нет турнира «{ $tournament }»: список — по команде /tournaments.
refused-already_excluded = Исключение из итоговой таблицы уже записано (игрок: { $player }).
refused-not_replaced_for_illness = Из итоговой таблицы исключают только игрока, которого заменили по болезни, а замены по болезни не было (игрок: { $player }).
refused-not_a_substitute = В этом турнире нет такого запасного: { $player }.
refused-already_ranked = { $player } уже есть в таблице.
refused-not_every_session = { $player } не входит в таблицу: пропущенные сессии — { $sessions }. Включают только запасного, сыгравшего все сессии с первой.
refused-table_closed = Стол { $table } закрыт: откройте новый командой /open.
refused-tournament_finished = Турнир «{ $tournament }» завершён: его сессии больше нельзя открыть заново или отменить (опоздавший счёт записывают через /score … session=N).
refused-finish_session_open = Сессия { $session } ещё идёт: завершите её командой /session конец, затем /finish.
refused-nothing_scored = Ни у одного стола этого турнира ещё нет счёта, так что итогов нет: запишите счёт каждого стола командой /score … session=N, затем /finish.
refused-nobody_registered = В этом турнире пока никто не зарегистрирован, поэтому сессию начать нельзя: зарегистрируйте игроков командой /register @игрок …, затем /session начало.
refused-later_tournament = Турнир «{ $tournament }» уже нельзя возобновить: после него создан другой турнир.
refused-target_is_bot = { $name } — бот: меры чата применяются к участникам.
refused-unknown_rule = В правилах этого чата нет п. { $rule }: список — /rules.
refused-unknown_report = Решение № { $ruling } — не жалоба: открытые жалобы — /reports.
refused-report_settled = Жалоба № { $ruling } уже рассмотрена.
refused-not_muted = Запрета писать у этого участника нет (отстранение снимается через /lift).
refused-not_banned = Бана у этого участника нет.
refused-not_a_stop = Решение № { $ruling } — не отстранение, назначенное модератором: изменить можно только такие.
refused-stop_over = Это отстранение уже закончилось.
refused-bad_ladder = Шкала мер: «{ $got }» — не шаг шкалы. Формат шагов: «2:mute 1h, 3:stop 24h, 4:ban» — номера по возрастанию, для «mute» и «stop» нужен срок.
refused-page_out_of_range = Страницы { $page } нет: { $pages ->
    [one] всего { $pages } страница
    [few] всего { $pages } страницы
   *[other] всего { $pages } страниц
  }.
refused-expected_date = { $arg }: дата пишется как 2026-06-01, а не «{ $got }».
refused-bad_flood = flood: «{ $got }» — не ограничение. Формат: сообщений/секунд, например 5/10 (от 2 до 100 сообщений за 1–600 секунд), или off.
refused-no_join_check = Проверять нечего: писать здесь уже можно.
refused-check_in_group = Проверка проходится в группе, кнопкой под её сообщением: нажмите её там.
refused-unknown_link = Этот код ни к чему не привязан: запросите новый командой «/settings log» в том чате, журналом которого должна стать эта группа.
refused-protected = { $why ->
    [self] Применить меру к себе нельзя: это решает другой модератор.
    [bot] { $name } — бот: меры чата применяются к участникам.
   *[other] Участник { $name } — модератор этого чата: к модератору меры не применяются, откуда бы они ни исходили (предупреждение возможно).
  }
refused-no_reason = В решении № { $ruling } нет обоснования, которое можно изменить.
refused-appeal_privately = Меру обжалуют в личном чате с ботом: /appeal { $ruling } и свои доводы.
refused-not_your_measure = Решение № { $ruling } — не мера в отношении вас: обжаловать её может только тот, кого она касается.
refused-log_taken = Эта группа уже служит журналом модераторов другого чата: она обслуживает только один чат (модераторы того чата могут отвязать её командой «/settings log=off»).
refused-self_report = Жалоба подаётся на другого участника: её читают модераторы.
refused-reporter_restricted = Пока у вас запрет писать в этом чате или бан, подавать жалобы нельзя: сначала должна закончиться мера, назначенная вам модераторами.
refused-report_duplicate = Вы уже подали эту жалобу (№ { $ruling }): модераторы её получили, и она открыта, пока они её не рассмотрят.
refused-team_name = В названии команды должно быть от 1 до 60 символов, а не «{ $team }».
refused-no_clock = Сейчас часы не идут: судья запускает их командой /clock 2h.
refused-seating_after_start = Турнир уже начался: рассадку больше не разыгрывают; стол можно рассадить вручную командой /seat N @восток @юг @запад @север.
refused-nobody_to_separate = { $separate ->
    [team] Ни у кого ещё не указана команда: укажите команду каждого игрока через /player @игрок team="…", затем разыграйте рассадку с separate=команда.
   *[other] Ни у кого ещё не указана страна: укажите страну каждого игрока через /player @игрок country=IT, затем разыграйте рассадку с separate=страна.
  }
refused-seating_view_options = /seating { $session } только показывает столы сессии { $session }: draw= и separate= пишут после /seating без номера — эта команда и разыгрывает рассадку.
refused-no_such_session = В турнире { $sessions } { $sessions ->
    [one] сессия
    [few] сессии
   *[many] сессий
  }: сессии { $session } нет.
refused-clock_over = Время вышло ({ $ended_at }): судья завершает сессию командой /session конец или добавляет время командой /clock 10m.
refused-clock_too_long = Время сессии — не больше { $hours } { $hours ->
    [one] часа
   *[other] часов
  }: напишите, например, /clock 2h или /clock 1h30m.
refused-slowmode_unsupported = На Telegram бот не может включить медленный режим (в Bot API его нет): его включает администратор в настройках группы.
refused-slowmode_too_long = секунды: не больше { $limit } (медленный режим Discord — до 6 часов), а не { $got }.
refused-no_moderator_reachable = Сейчас жалобу некому получить: у этого чата нет журнала модераторов, и { $platform ->
    [discord] ни один модератор не принимает от меня личные сообщения.
   *[other] ни у одного модератора нет открытого личного чата со мной.
  } Ничего не отправлено — обратитесь к модератору напрямую.
refused-report_limit = Лимит жалоб — { $reports } за { $window_duration }, и он исчерпан: модераторы уже получили ваши жалобы. Новую жалобу можно подать позже.
refused-report_reason_needed = { $where ->
    [log] Нужна причина своими словами: напишите здесь, в этой группе, /{ $command } report={ $ruling } и причину (или rule=N — правило чата).
   *[other] Нужна причина своими словами: /{ $command } report={ $ruling } и причина (или rule=N — правило этого чата).
  } Слова автора жалобы остаются у модераторов.
refused-bad_report_limit = report_limit: «{ $got }» — не лимит. Формат: жалобы/срок, например 5/1h (от 1 до 100 жалоб), или off.
refused-raid_running = Режим рейда уже включён, до { $until }: выключить его можно командой «/raid off».
refused-no_raid = Режим рейда не включён: выключать нечего.
refused-raid_off_duration = Команда «/raid off» не принимает срок: рейд выключается сразу.
refused-bad_raid_joins = raid_joins: «{ $got }» — не предел. Формат: вступления/секунды, например 10/60s (от 2 до 1000 вступлений, за 1–3600 секунд), или off.
refused-check_in_private = На эту проверку отвечают в личном чате со мной, куда пришёл вопрос.
refused-check_not_asked = Вопрос проверки уже в пути: ответьте кнопками под ним через несколько секунд.
refused-check_answer_needed = Ответьте одной из кнопок под вопросом (или напишите /pass и число).
