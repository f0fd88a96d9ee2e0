## Публичные веб-страницы и команда /web, которая даёт их адрес.

ruling-web_page = { $rotated ->
    [yes] У публичной страницы новый адрес: { $url } Старый больше не работает.
   *[no] Публичная страница сообщества (таблица, решения, отстранения): { $url }
  }
web-page-off = Публичная страница здесь не включена: её включает тот, кто запускает бота. Адрес сохранён на будущее.
log-action-web_rotated = публичной странице дан новый адрес
arg-action = действие
web-community = { $rulebook ->
    [mcr] Турнир MCR
   *[burraco] Клуб буракко
  }
web-sections = Разделы
web-section-standings = Таблица
web-section-rulings = Решения
web-section-stops = Отстранения и карточки
web-section-display = Экран турнира
web-tallies = Таблицы
web-tally-all = Все партии
web-tally-official = Официальные партии
web-tally-training = Тренировка
web-col-rank = №
web-col-player = Игрок
web-col-points = Очки
web-col-matches = Партии
web-col-average = Среднее
web-col-tp = Очки стола
web-col-score = Счёт
web-disqualified = дисквалификация
web-substituted = замена
web-no-standings = Результатов пока нет.
web-no-rulings = Решений пока нет.
web-no-stops = Отстранений нет, карточек к отбыванию нет.
web-no-tournament = Сейчас турнир не идёт.
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
web-footer = Arbitro · только чтение
web-not-found-title = Страница не найдена
web-not-found = По этому адресу страницы нет. Попросите ссылку у модератора вашего сообщества.
web-bad-query-title = Неверный адрес
web-bad-query = Эту страницу нельзя показать: { $problem }
web-bad-parameter = у этой страницы нет параметра «{ $parameter }».
web-bad-lang = язык должен быть it, ru или en, а не «{ $lang }».
web-bad-page = номер страницы должен быть целым числом от 1, а не «{ $page }».
web-bad-tally = таблица бывает all, official или training, а не «{ $tally }».
discord-name-web = сайт
command-web = адрес публичной страницы сообщества
