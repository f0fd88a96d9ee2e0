## The public web pages, and /web that gives their address.

ruling-web_page = { $rotated ->
    [yes] The public page has a new address: { $url } The old one no longer works.
   *[no] Your community's public page (standings, rulings, stops): { $url }
  }
web-page-off = The public page is not switched on here: the bot's operator can switch it on. { $rotated ->
    [yes] Its address has been changed, and the old one will not work.
   *[no] Once it is on, /web gives its address.
  }
log-action-web_rotated = moved the public page to a new address
arg-action = action
web-community = { $rulebook ->
    [mcr] MCR tournament
    [burraco] Burraco club
   *[other] { $rulebook_name }
  }
button-web = Open the page
web-sections = Sections
web-section-standings = Standings
web-section-rulings = Rulings
web-section-stops = Stops and cards
web-section-display = Live display
web-tallies = Standings
web-tally-all = All matches
web-tally-official = Official matches
web-tally-training = Training
web-col-rank = #
web-col-player = Player
web-col-points = Points
web-col-matches = Matches
web-col-average = Average VP
web-col-tp = Table points
web-col-score = Score
web-disqualified = disqualified
web-substituted = replaced by a substitute
web-no-standings = No results yet.
web-no-rulings = No rulings yet.
web-stop-why = { $stop } — { $why }
web-why-manual = a moderator's stop
web-why-expulsion = expulsion
web-why-disqualification = disqualification
web-no-stops = Nobody is stopped, and no card is waiting.
web-no-tournament = No tournament is being played.
web-ruling-number = Ruling #{ $number }
web-reversed = no longer stands
web-pages = Pages
web-page-of = Page { $page } of { $pages }
web-newer = Newer rulings
web-older = Older rulings
web-chart = The results of { $player }, match by match
web-session = session { $session } of { $sessions }
web-tables = Tables
web-table = Table { $table }
web-wind-e = E
web-wind-s = S
web-wind-w = W
web-wind-n = N
web-footer = Arbitro · read only
web-not-found-title = Not found
web-not-found = There is no page at this address. Ask a moderator of your community for the link.
web-bad-query-title = Address not valid
web-bad-query = This address cannot be shown: { $problem }
web-busy-title = Busy
web-busy = Many people are reading these pages right now. Try again in a few seconds.
web-fault-title = Something went wrong
web-fault = This page could not be shown because of a fault on our side. Try again later.
web-bad-lang = the language must be it, ru or en, not “{ $lang }”.
web-bad-page = the page must be a whole number from 1, not “{ $page }”.
web-bad-tally = the standings are all, official or training, not “{ $tally }”.
discord-name-web = web
command-web = the address of the community's public page
web-reason-hidden = reason not published
web-no-such-page = there { $pages ->
    [one] is only 1 page
   *[other] are only { $pages } pages
  }, not { $page }.
web-moved = This page has moved: ask a moderator for its new address.
web-tournaments = Tournaments
web-tournament-running = running
web-bad-tournament = there is no tournament number { $tournament } here.
web-next-session = next: session { $session } of { $sessions }
web-next-seats = Seating for session { $session }
web-clock = Time left in the session
web-clock-over = Time is up
web-so-far = so far
web-no-tables = No tables yet.
web-find-table = Find your table
web-seat-empty = empty, to be filled
web-table-wind = table { $table } · { $wind }
web-bad-every = the time per page must be 3 to 120 seconds, not “{ $every }”.
web-seat-now = Now: session { $session }, table { $table }, { $wind }.
web-seat-next = Next: session { $session }, table { $table }, { $wind }.
web-sessions = Session by session
web-stage = Session { $session }, table { $table }
web-stage-playing = playing now
web-stage-planned = upcoming
web-stage-with = With { $opponents }
web-stage-result = Score { $score }, table points { $tp }
web-wind-name-e = East
web-wind-name-s = South
web-wind-name-w = West
web-wind-name-n = North
web-print-title = { $tournament }, session { $session }: table signs and score sheets
web-print-sheet = Score sheet, table { $table }, session { $session }
web-print-hand = Hand
web-print-fan = Fan
web-print-winner = Winner
web-print-from = Discarder
web-print-total = Total
web-print-signatures = Signatures
web-print-nothing = No session's tables to print yet: the seating is drawn with /seating.
web-print-link = Table signs and score sheets to print
web-bad-session = the session must be a whole number from 1, not “{ $session }”.
web-final-standings = final standings
