## Публичные веб-страницы и команда /web, которая даёт их адрес.

ruling-web_page = { $rotated ->
    [yes] У публичной страницы новый адрес: { $url } Старый больше не работает.
   *[no] Публичная страница сообщества (таблица, решения, отстранения): { $url }
  }
web-page-off = Публичная страница здесь не включена: включить её может тот, кто запускает бота. { $rotated ->
    [yes] Её адрес изменён, старый работать не будет.
   *[no] Когда её включат, адрес покажет /web.
  }
log-action-web_rotated = публичной странице дан новый адрес
web-community = { $rulebook ->
    [mcr] Турнир MCR
    [burraco] Клуб буррако
   *[other] { $rulebook_name }
  }
button-web = Открыть страницу
web-sections = Разделы
web-section-standings = Таблица
web-section-rulings = Решения
web-section-stops = Отстранения и карточки
web-section-display = Экран турнира
web-tallies = Таблицы
web-tally-all = Все партии
web-tally-official = Официальные партии
web-tally-training = Тренировки
web-col-rank = Место
web-col-player = Игрок
web-col-points = Очки
web-col-matches = Партии
web-col-average = Средние VP
web-col-tp = Турнирные очки
web-col-score = Счёт
web-disqualified = дисквалификация
web-substituted = замена
web-no-standings = Результатов пока нет.
web-no-rulings = Решений пока нет.
web-stop-why = { $stop } — { $why }
web-why-manual = решение модератора
web-why-expulsion = удаление
web-why-disqualification = дисквалификация
web-no-stops = Нет ни отстранений, ни карточек к отбытию.
web-no-tournament = Сейчас турнира нет.
web-ruling-number = Решение № { $number }
web-reversed = больше не действует
web-pages = Страницы
web-page-of = Страница { $page } из { $pages }
web-newer = Более новые решения
web-older = Более ранние решения
web-chart = { $player }: результаты по партиям
web-session = сессия { $session } из { $sessions }
web-tables = Столы
web-table = Стол { $table }
web-wind-e = В
web-wind-s = Ю
web-wind-w = З
web-wind-n = С
web-footer = Arbitro · только для чтения
web-not-found-title = Страница не найдена
web-not-found = По этому адресу страницы нет. Попросите ссылку у модератора вашего сообщества.
web-bad-query-title = Неверный адрес
web-bad-query = Эту страницу нельзя показать: { $problem }
web-busy-title = Слишком много запросов
web-busy = Сейчас эти страницы читают очень многие. Попробуйте ещё раз через несколько секунд.
web-fault-title = Что-то пошло не так
web-fault = Эту страницу не удалось показать из-за ошибки на нашей стороне. Попробуйте позже.
web-bad-lang = язык должен быть it, ru или en, а не «{ $lang }».
web-bad-page = номер страницы должен быть целым числом не меньше 1, а не «{ $page }».
web-bad-tally = таблица — all, official или training, а не «{ $tally }».
discord-name-web = страница
command-web = адрес публичной страницы сообщества
web-reason-hidden = причина не публикуется
web-no-such-page = страницы { $page } нет: { $pages ->
    [one] всего { $pages } страница
    [few] всего { $pages } страницы
   *[other] всего { $pages } страниц
  }.
web-moved = Адрес этой страницы изменился: новый можно узнать у модератора.
web-tournaments = Турниры
web-tournament-running = идёт
web-bad-tournament = здесь нет турнира под номером { $tournament }.
web-next-session = следующая: сессия { $session } из { $sessions }
web-next-seats = Рассадка на сессию { $session }
web-clock = Сколько осталось до конца сессии
web-clock-over = Время вышло
web-so-far = текущий счёт
web-no-tables = Столов пока нет.
web-find-table = Найдите свой стол
web-seat-empty = место свободно, нужна замена
web-table-wind = стол { $table } · { $wind }
web-bad-every = время показа страницы должно быть от 3 до 120 секунд, а не «{ $every }».
web-seat-now = Сейчас: сессия { $session }, стол { $table }, { $wind }.
web-seat-next = Следующая: сессия { $session }, стол { $table }, { $wind }.
web-sessions = По сессиям
web-stage = Сессия { $session }, стол { $table }
web-stage-playing = идёт сейчас
web-stage-planned = впереди
web-stage-with = Соперники: { $opponents }
web-stage-result = Счёт { $score }, турнирные очки: { $tp }
web-wind-name-e = Восток
web-wind-name-s = Юг
web-wind-name-w = Запад
web-wind-name-n = Север
web-print-title = { $tournament }, сессия { $session }: таблички столов и бланки записи
web-print-sheet = Бланк записи, стол { $table }, сессия { $session }
web-print-hand = Раздача
web-print-fan = Очки руки
web-print-winner = Победитель
web-print-from = С чьего сброса
web-print-total = Итого
web-print-signatures = Подписи
web-print-nothing = Печатать пока нечего: рассадку разыгрывают командой /seating.
web-print-link = Таблички столов и бланки записи для печати
web-bad-session = номер сессии должен быть целым числом не меньше 1, а не «{ $session }».
web-final-standings = итоговая таблица
