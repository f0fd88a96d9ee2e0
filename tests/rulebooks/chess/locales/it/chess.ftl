rulebook-chess = scacchi
command-game = il risultato di una partita: il bianco, il nero, 1-0, 0-1 oppure patta
ruling-game = Partita registrata: { $players }, { $result ->
    [draw] patta
    [white] vince il Bianco
   *[black] vince il Nero
  }.
refused-same_player = Un giocatore non può giocare contro sé stesso.
standings-header-chess = Classifica del circolo di scacchi:
standings-row-chess = { $rank }. { $player } — { NUMBER($points, maximumFractionDigits: 1) } { $points ->
    [one] punto
   *[other] punti
  }, { $games } { $games ->
    [one] partita
   *[other] partite
  }
profile-chess = { $player }: { NUMBER($points, maximumFractionDigits: 1) } { $points ->
    [one] punto
   *[other] punti
  } in { $matches } { $matches ->
    [one] partita
   *[other] partite
  }.
picture-standings-chess = Classifica del circolo di scacchi
picture-column-games = Partite
discord-group-chess = Comandi del circolo di scacchi
ruling-challenge = { $players }: sfida lanciata; decade fra un giorno se non giocano.
ruling-challenge_lapsed = { $players }: la sfida è decaduta.
command-challenge = sfida un membro a una partita
