rulebook-chess = шахматы
command-game = результат партии: белые, чёрные, 1-0, 0-1 или ничья
ruling-game = Партия записана: { $players }, { $result ->
    [draw] ничья
    [white] победа белых
   *[black] победа чёрных
  }.
refused-same_player = Нельзя сыграть партию с самим собой.
standings-header-chess = Таблица шахматного клуба:
standings-row-chess = { $rank }. { $player } — очки: { NUMBER($points, maximumFractionDigits: 1) }, партии: { $games }
profile-chess = { $player }: очки — { NUMBER($points, maximumFractionDigits: 1) }, сыграно партий — { $matches }.
picture-standings-chess = Таблица шахматного клуба
picture-column-games = Партии
discord-group-chess = Команды шахматного клуба
ruling-challenge = { $players }: вызов брошен; если партия не будет сыграна за сутки, он отменится.
ruling-challenge_lapsed = { $players }: вызов отменён — партия так и не сыграна.
command-challenge = вызвать участника на партию
