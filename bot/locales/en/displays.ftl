## Answers that show state rather than decide.

expected-usage = Expected: { $usage }
standings-header-burraco = Standings — { $tally ->
    [training] training
    [official] official matches
   *[profile] all matches
  } (points, matches, average):
standings-row-burraco = { $rank }. { $player } — { NUMBER($points, maximumFractionDigits: 2) } pts, { $matches } { $matches ->
    [one] match
   *[other] matches
  }, average { NUMBER($average, maximumFractionDigits: 2) }
standings-header-mcr = { $final ->
    [yes] Final standings
   *[other] Standings
  } — { $tournament } (table points, score):
standings-row-mcr = { $rank }. { $player } — { NUMBER($tp, maximumFractionDigits: 2) } TP, score { $score }{ $disqualified ->
    [yes] { $substituted ->
        [yes] {" "}(disqualified; replaced by a substitute)
       *[no] {" "}(disqualified)
    }
   *[no] { $substituted ->
        [yes] {" "}(replaced by a substitute)
       *[no] {""}
    }
  }
standings-empty = Nobody yet.
history-header = History of { $player }:
history-empty = Nothing recorded yet.
log-header = Moderators' log (latest first{ $pages ->
    [1] {""}
   *[other] , page { $page } of { $pages }
  }):
log-empty = No moderator action yet.
log-empty-filtered = No moderator action matches the filters.
log-row = { $ruling ->
    [none] {""}
   *[other] #{ $ruling } ·{" "}
  }{ $at } — { $actor } { $action }{ $target ->
    [none] {""}
   *[other] {" "}({ $target })
  }{ $reason ->
    [none] {""}
   *[other] : { $reason }
  }
help-header = Commands ({ $rulebook ->
    [mcr] MCR tournaments
    [burraco] Burraco
   *[other] { $rulebook_name }
  }):
help-command = { $usage } — { $description }{ $moderator ->
    [yes] {" "}(moderators only)
   *[no] {""}
  }
stops-header = Active stops: { $stops }; cards to serve: { $cards }.
stops-row = Stop: { $player } until { $until }
cards-row = Card: { $player }, { $remaining_clock } left{ $on_screen ->
    [yes] {" "}(on screen)
   *[no] {""}
  }
profile-burraco = { $player }: { NUMBER($points, maximumFractionDigits: 2) } points in { $matches } { $matches ->
    [one] match
   *[other] matches
  }, average { NUMBER($average, maximumFractionDigits: 2) }. Warnings this year: { $warnings_year } (today: { $warnings_today }).{ $stop_until ->
    [none] {""}
   *[other] {" "}Stopped until { $stop_until }.
  }
profile-tally = { $tally ->
    [training] Training
    [official] Official
   *[profile] All matches
  }: { NUMBER($points, maximumFractionDigits: 2) } points, { $matches } { $matches ->
    [one] match
   *[other] matches
  }, average { NUMBER($average, maximumFractionDigits: 2) }
profile-warnings-by-year = Warnings by year: { $years }
profile-mcr = { $player } in { $tournament }: { NUMBER($tp, maximumFractionDigits: 2) } table points, score { $score }, { $penalties } { $penalties ->
    [one] penalty
   *[other] penalties
  }.{ $disqualified ->
    [yes] {" "}Disqualified.
   *[no] {""}
  }
profile-mcr-none = { $player }: no tournament is running.
ruling-card_tick = { $player }, your yellow card: { $remaining_minutes ->
    [one] one minute
   *[other] { $remaining_minutes } minutes
  } left on screen.

## Telegram and Discord
button-sit = Sit
button-confirm = Confirm
button-dispute = Dispute
button-ready = I'm ready
button-leave = Leave
button-card = Show my card
button-approve = Confirm
button-reject = Cancel
telegram-private-first = Write to me in your club's group first, so that I know which club you mean.
button-expired = This button is no longer valid.
button-not-yours = This button is meant for someone else.
telegram-welcome = I'll write to you here about your card, your stops and your reminders.

## Pictures
picture-measure-warning = WARNING
picture-measure-caution = CAUTION
picture-measure-expulsion = EXPULSION
picture-measure-disqualification = DISQUALIFICATION
picture-card-footer = The card is served only while it is on screen.
picture-stop-hours = 24 HOURS
picture-stop-until = Stopped until { $until }
picture-warning-count = Warning { $n } of the year
picture-standings-burraco = Standings — { $tally ->
    [training] training
    [official] official matches
   *[profile] all matches
  }
picture-standings-mcr = { $tournament }
picture-column-player = Player
picture-column-points = Points
picture-column-matches = Matches
picture-column-average = Average
picture-column-tp = TP
picture-column-score = Score
picture-chart-title = Ranking points and VP, match by match
picture-chart-points = Ranking points (total)
picture-chart-vp = VP per match

discord-group-burraco = Burraco club commands
discord-group-mcr = MCR tournament commands: the tables
discord-group-mcr-event = MCR tournament commands: the field, the seating, the results
discord-bad-option = I could not read that option: { $error }

## Discord: command names as each language shows them
discord-name-help = help
discord-name-lang = lang
discord-name-profile = profile
discord-name-standings = standings
discord-name-history = history
discord-name-log = log
discord-name-abandon = abandon
discord-name-timeout = timeout
discord-name-turn = turn
discord-name-card = card
discord-name-leave = leave
discord-name-annul = annul
discord-name-stop = stop
discord-name-lift = lift
discord-name-stops = stops
discord-name-open = open
discord-name-sit = sit
discord-name-hand = hand
discord-name-result = result
discord-name-confirm = confirm
discord-name-dispute = dispute
discord-name-ready = ready
discord-name-tournament = tournament
discord-name-register = register
discord-name-session = session
discord-name-seat = seat
discord-name-score = score
discord-name-late = late
discord-name-violation = violation
discord-name-deadhand = deadhand
discord-name-falsehu = falsehu
discord-name-notile = notile
discord-name-dq = dq
discord-name-sub = sub
discord-name-appeal = appeal
discord-name-resolve = resolve
discord-name-referee = referee
discord-name-burraco = burraco
discord-name-mcr = mcr
discord-name-settings = settings
delivery-mute-failed = The decision about { $player } stands, but this chat would not let me mute them: check that I may restrict members here.
delivery-missing-attach-files = I may not attach files in this channel, so pictures and files are left out: a moderator can give me the Attach Files permission.
delivery-private-needed = This answer is for your eyes only: open a private chat with me and ask again.
delivery-answered-privately = I have answered you in our private chat.
delivery-outranked = Discord's role order shields this member: their highest role is not below mine. A moderator can move my role above it.
delivery-missing-send-messages = I may not write in one of this server's channels, so what goes there is not sent: a moderator can give me the Send Messages permission there.
delivery-unmute-failed = The decision about { $player } stands, but this chat would not let me give their rights back: a moderator should do it by hand.
button-page-previous = ◀ { $page }/{ $pages }
button-page-next = { $page }/{ $pages } ▶
discord-name-finish = finish
discord-name-players = players
tables-header = Open tables: { $tables }.
tables-side-free = free
tables-row = Table { $table }: { $format }, { $ruleset ->
    [fibur] FIBUR
   *[other] FITAB
  }, hands played { $played } of { $hands }; NS: { $ns }; EW: { $ew }.
discord-name-tables = tables
discord-name-stand = stand
discord-name-close = close
discord-name-ruling = ruling
discord-name-unregister = unregister
discord-name-correct = correct
discord-name-void = void
discord-name-undo = undo
standings-page = Page { $page } of { $pages } ({ $total } players): /standings followed by the page number shows another.
duration-days = { $days ->
    [one] 1 day
   *[other] { $days } days
  }
duration-hours = { $hours ->
    [one] 1 hour
   *[other] { $hours } hours
  }
duration-minutes = { $minutes ->
    [one] 1 minute
   *[other] { $minutes } minutes
  }
duration-2 = { $first } { $second }
duration-3 = { $first } { $second } { $third }
help-keywords = In your words: { $keywords }.
ruling-view-reversed = It no longer stands: ruling #{ $by } reversed it.
ruling-view-since = Later rulings about it: { $since }.

## What a moderator (or the bot) did, in the moderators' log
log-action-abandon = recorded an abandonment
log-action-annul = annulled a warning
log-action-close = closed a table
log-action-confirm = confirmed a result
log-action-correct = corrected a result
log-action-deadhand = declared a dead hand
log-action-dq = disqualified a player
log-action-falsehu = recorded a false hu
log-action-finish = ended the tournament
log-action-hand = recorded a hand
log-action-late = recorded a lateness
log-action-lift = lifted a stop
log-action-notile = penalised a forgotten winning tile
log-action-register = registered players
log-action-resolve = decided an appeal
log-action-result = recorded a result
log-action-score = recorded { $table ->
    [none] a score sheet
   *[other] the score sheet of table { $table }{ $session ->
        [none] {""}
       *[other] , session { $session }
    }
  }
log-action-seat = seated a table
log-action-session_start = started { $session ->
    [none] a session
   *[other] session { $session }
  }
log-action-session_end = ended { $session ->
    [none] a session
   *[other] session { $session }
  }
log-action-settings = changed the settings{ $changed ->
    [none] {""}
   *[other] : { $changed }
  }
log-action-stand = took a player off a table
log-action-stop = imposed a stop
log-action-sub = replaced a player with a substitute
log-action-timeout = recorded an expired turn
log-action-tournament = created a tournament
log-action-turn = recorded a turn played
log-action-undo = undid { $amends ->
    [none] a ruling
   *[other] ruling #{ $amends }
  }
log-action-unregister = unregistered a player
log-action-violation = recorded a violation
log-action-void = voided a match
log-action-propose = proposed a command
log-action-cancel = cancelled a proposal
log-action-undeliverable = could not deliver a message
log-actor-bot = the bot
log-action-mute_failed = could not mute a player
log-action-unmute_failed = could not lift a mute
log-action-missing_right = lacks the right to { $right }
log-lacks-right = the bot lacks the right to { $right }
picture-card-left = { $clock } left on screen
picture-stop-footer = The stop runs in real time.
picture-disqualified = DISQUALIFIED
picture-rows-more = The first { $shown } are shown here; { $more } more are in the list.
picture-chart-matches = Matches, oldest first
picture-chart-abandoned = Abandoned
discord-name-win = win
discord-name-washout = washout
log-action-win = recorded a hand won
log-action-washout = recorded a washout
discord-name-player = player
discord-name-export = export
log-action-player = recorded a player's EMA details
discord-name-seating = seating
log-action-seating = drew the seating plan
seating-header = Session { $session }, tables (East, South, West, North):
seating-row = Table { $table }: { $seats }
seating-empty-seat = (empty, to be filled)
session-tables = Tables (East, South, West, North):
session-seat-by-hand = No seating plan was drawn: seat each table with /seat N @east @south @west @north.
session-empty-seat = Table { $table }, seat { $seat }: empty, { $out } is out. /sub or /seat fills it.
hand-check = { $hand }: { $fan } fan. { $valid ->
    [yes] A valid hand: it reaches 8 without the flowers.
   *[no] { $reason ->
        [not_a_win] These tiles do not make a winning hand.
       *[other] Not a win: under 8 fan without the flowers.
    }
  }
hand-check-fan = { $name } — { $points }
discord-name-hu = hu
picture-score-sheet = Session { $session }, table { $table }: the sheet
picture-score-sheet-hand = Hand { $hand }
picture-score-sheet-corrected = Correction
picture-score-sheet-penalty = Penalty
picture-score-sheet-lateness = Lateness
picture-score-sheet-false-hu = False hu
picture-score-sheet-notile = Tile not added
picture-score-sheet-total = Total
picture-substituted = SUBSTITUTED
tournaments-header = Tournaments of this chat (latest first):
tournaments-empty = No tournament yet: a referee creates one with /tournament.
tournaments-row = { $tournament } — { $running ->
    [yes] running
   *[no] finished
  }{ $started ->
    [none] {""}
   *[other] , created on { $started }
  }{ $finished ->
    [none] {""}
   *[other] , finished on { $finished }
  }; { $players ->
    [one] one player
   *[other] { $players } players
  }, { $sessions ->
    [one] one session
   *[other] { $sessions } sessions
  }{ $winner ->
    [none] .
   *[other] ; winner: { $winner }.
  }
history-not-standing = (no longer stands)
log-action-exclude = left a player out of the results
log-action-rank = ranked a substitute
discord-name-exclude = exclude
discord-name-rank = rank
discord-name-tournaments = tournaments
log-action-seating_withdrawn = withdrew the seating plan
delivery-ban-failed = The decision about { $player } stands, but this chat would not let me ban them: a moderator should do it by hand.
delivery-kick-failed = The decision about { $player } stands, but this chat would not let me remove them: a moderator should do it by hand.
delivery-unban-failed = The decision about { $player } stands, but this chat would not let me lift their ban: a moderator should do it by hand.
delivery-missing-right = The right I lack: { $right }.
delivery-effect-why = The reason: { $reason }.
effect-reason-gone = not a member of the chat
effect-reason-protected = an administrator or the owner, out of the bot's reach
effect-reason-refused = { $platform } refused it
effect-reason-too_old = the message is too old: { $platform } no longer lets a bot delete it
effect-reason-unreachable = { $platform } could not be reached, { $tries ->
        [one] after one try
       *[other] after { $tries } tries
    }
right-mute = restrict members
right-ban = ban members
right-kick = remove members
right-delete = delete messages
right-attach-files = attach files
right-send-messages = send messages
button-report-dismiss = Dismiss
button-report-warn = Warn
button-report-mute = Mute 1 h
button-report-ban = Ban
log-action-rules_add = added a rule to the chat's rules
log-action-rules_edit = changed one of the chat's rules
log-action-rules_remove = removed one of the chat's rules
log-action-warn = gave a warning
log-action-mute = muted a member
log-action-unmute = let a member write again
log-action-kick = removed a member
log-action-ban = banned a member
log-action-unban = lifted a ban
log-action-dismiss = dismissed a report
log-action-reason = gave a ruling a new reason
log-action-stop_edit = changed a stop's length
discord-name-rules = rules
discord-name-warn = warn
discord-name-mute = mute
discord-name-unmute = unmute
discord-name-kick = kick
discord-name-ban = ban
discord-name-unban = unban
discord-name-report = report
discord-name-reports = reports
discord-name-dismiss = dismiss
discord-name-reason = reason
log-action-ban_failed = could not ban a member
log-action-kick_failed = could not remove a member
log-action-unban_failed = could not lift a ban
discord-menu-report = Report to moderators
report-from-menu = reported from the message's menu
log-action-flood_mute = muted a member for { $messages ->
    [none] flooding
   *[other] writing more than { $messages } messages in { $seconds } seconds
  }
discord-name-pass = pass
discord-name-link = link
log-action-link = linked the moderators' group as the log
measures-row = { $kind ->
    [mute] Mute
   *[ban] Ban
  }: { $player } { $until ->
    [none] until lifted
   *[other] until { $until }
  }
profile-conduct = Conduct in the chat: { $warnings } { $warnings ->
    [one] warning
   *[other] warnings
  } within { $window_duration }{ $muted_until ->
    [none] {""}
   *[other] ; muted until { $muted_until }
  }{ $banned ->
    [yes] { $banned_until ->
        [none] ; banned until lifted
       *[other] ; banned until { $banned_until }
      }
   *[no] {""}
  }.
team-standings-header = { $teams ->
    [0] Teams — { $tournament }: no player has a team yet (/player @player team="…").
   *[other] Teams — { $tournament } (table points, score):
  }
team-standings-row = { $rank }. { $team } — { NUMBER($tp, maximumFractionDigits: 2) } TP, score { $score } ({ $players })
discord-name-clock = clock

## Discord: a command's forms, each a subcommand named as each language shows it
discord-form-show = show
discord-form-add = add
discord-form-edit = edit
discord-form-remove = remove
discord-form-member = member
discord-form-report = report
discord-form-burraco = burraco
discord-form-mcr = mcr
discord-form-vp = vp
discord-form-scores = scores
discord-form-player = player
discord-form-self = self
discord-form-discarder = discarder
discord-form-duration = duration
discord-form-stop = stop

log-action-clock = set the session's clock
log-action-log_link = asked for a code to link the moderators' group
picture-chart-title-mcr = Table points, session by session
picture-chart-tp-total = Table points (total)
picture-chart-tp = Table points per session
picture-chart-sessions = Sessions
delivery-slowmode-failed = The slow mode stays as it was: this server would not let me change it.
right-slowmode = manage channels
log-action-slowmode = { $seconds ->
    [0] turned a channel's slow mode off
   *[other] set a channel's slow mode to { $seconds ->
        [one] one second
       *[other] { $seconds } seconds
    }
  }
log-action-slowmode_failed = could not set a channel's slow mode
discord-name-slowmode = slowmode
report-received-in-group = Report received: the moderators have it.
button-join-answer = answer
log-action-raid_on = started a raid
log-action-raid_off = ended a raid
log-action-join_removed = removed a new member who failed the check
log-action-join_declined = turned down a request to join that failed the check
log-action-join_answer_failed = could not answer a request to join
delivery-join-answer-failed = The decision about { $player } stands, but this group would not let me answer the request to join: a moderator should do it by hand.
right-invite = add members
discord-form-seconds = seconds
discord-form-off = off
discord-name-raid = raid
