rulebook-chess = Chess
command-game = a game's result: white, black, 1-0, 0-1 or draw
ruling-game = Game recorded: { $players }, { $result ->
    [draw] a draw
    [white] White won
   *[black] Black won
  }.
refused-same_player = A player cannot play against himself.
standings-header-chess = Chess club standings:
standings-row-chess = { $rank }. { $player } — { NUMBER($points, maximumFractionDigits: 1) } { $points ->
    [one] point
   *[other] points
  }, { $games } { $games ->
    [one] game
   *[other] games
  }
profile-chess = { $player }: { NUMBER($points, maximumFractionDigits: 1) } { $points ->
    [one] point
   *[other] points
  } from { $matches } { $matches ->
    [one] game
   *[other] games
  }.
picture-standings-chess = Chess club standings
picture-column-games = Games
discord-group-chess = Chess club commands
ruling-challenge = { $players }: a challenge; it lapses in a day unless they play.
ruling-challenge_lapsed = { $players }: the challenge has lapsed.
command-challenge = challenge a member to a game
