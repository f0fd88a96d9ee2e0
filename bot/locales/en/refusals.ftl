## Refusals: nothing was recorded; each says what was wrong and what was expected.

refused-generic = Not done ({ $code }).
refused-unknown_command = There is no command /{ $command }. Try /help.
refused-wrong_rulebook = /{ $command } belongs to another rulebook; this chat plays { $rulebook ->
    [mcr] MCR tournaments
    [burraco] Burraco
   *[other] { $rulebook_name }
  }.
refused-not_moderator = Only moderators and referees may do this.
refused-text_too_long = The message is too long (at most { $limit } characters).
refused-missing_argument = Missing argument: { $arg }.
refused-unexpected_argument = Unexpected argument: "{ $got }".
refused-expected_integer = { $arg } must be a whole number, not "{ $got }".
refused-integer_out_of_range = { $arg } must be { $maximum ->
    [none] at least { $minimum }
   *[other] { $minimum ->
        [none] at most { $maximum }
       *[other] from { $minimum } to { $maximum }
    }
  }, not { $got }.
refused-expected_choice = { $choices ->
    [one] { $arg } must be { $options }, not "{ $got }".
   *[other] { $arg } must be { $options }, not "{ $got }".
  }
refused-expected_word = Here the command takes the word { $options }, not "{ $got }".
refused-expected_mention = { $arg }: write @name, not "{ $got }".
refused-expected_duration = { $arg } must be a duration like 90m, 2h, 1h30m or 3d, not "{ $got }".
refused-duration_out_of_range = The duration "{ $got }" is not usable: more than zero, at most 366 days.
refused-unknown_member = I do not know @{ $name } in this chat.
refused-unknown_lang = Unknown language "{ $lang }": { $known }.
refused-unknown_rulebook = Unknown rulebook "{ $rulebook }": { $known }.
refused-bad_ready_clock = ready_clock must be on or off.

## Burraco
refused-unknown_table = There is no table { $table } in this chat.
refused-unknown_ruleset = Unknown ruleset "{ $ruleset }": fibur or fitab.
refused-unknown_format = Unknown format "{ $format }": 1v1, pairs, 4in2 or giallo.
refused-unknown_side = Unknown side "{ $side }": ns or ew.
refused-unknown_tally = Unknown standings "{ $tally }": training, official or all.
refused-hands_not_allowed = A match has 2, 3 or 4 hands, not { $hands }.
refused-final_only_giallo = The final hand exists only in giallo matto.
refused-giallo_hands = Giallo matto is played on 3 hands, or 4 with the final; not { $hands }.
refused-giallo_needs_vp = Giallo matto results are reported as each player's VP: /result { $table } vp @player VP @player VP…
refused-vp_by_player_only_giallo = Only giallo matto results name each player; here write /result { $table } vp <North-South VP> <East-West VP>.
refused-vp_players_mismatch = Name the VP of exactly the players at table { $table }: { $expected }.
refused-vp_out_of_range = VP go from 0 to 20, not { $vp }.
refused-vp_not_summing_to_20 = The two sides' VP must add up to 20 ({ $vp } = { $total }).
refused-difference_not_integer = A match-point difference is a whole number.
refused-stopped = You are stopped until { $until }: no table until then.
refused-card = Your yellow card is not served yet: { $remaining_clock } left on screen.
refused-already_seated = You are already at table { $table }.
refused-seated_elsewhere = You are already playing at table { $table }.
refused-too_many_open_tables = You already have { $limit } empty { $limit ->
    [one] table
   *[other] tables
  } open ({ $tables }), the most this chat allows: { $limit ->
    [1] play at it, or close it with /close,
   *[other] play at one of them, or close one with /close,
  } before opening another.
refused-closed_table_seat_taken = Table { $table } cannot open again: { $player } now plays at table { $elsewhere }.
refused-match_in_progress = Table { $table } has already started playing.
refused-table_full = Table { $table } is full.
refused-side_full = The { $side ->
    [ns] North-South
   *[ew] East-West
  } side of table { $table } is full.
refused-match_not_started = Table { $table } has not started: { $seated } of { $seats } seats taken.
refused-match_null = The match at table { $table } is null (abandoned).
refused-match_over = The match at table { $table } is over.
refused-all_hands_recorded = All { $hands } hands of table { $table } are recorded.
refused-not_seated = You are not seated at table { $table }.
refused-no_ready_window = Table { $table } is not waiting for players to be ready.
refused-no_result_reported = No result is waiting for confirmation at table { $table }.
refused-result_already_confirmed = The result of table { $table } is already confirmed.
refused-not_other_side = Only the other side (or a moderator) may confirm or dispute the result of table { $table }.
refused-card_not_on_screen = You have no card on screen.
refused-not_stopped = That member is not stopped.
refused-no_warning_for_table = { $player } has no warning for table { $table } to annul.
refused-no_such_warning = There is no such warning.
refused-warning_already_annulled = That warning is already annulled.
refused-warning_counts_invalid = Invalid warning counts.
refused-duration_not_positive = A stop lasts more than zero.

## VP tables
refused-not_toml = The VP table file is not valid TOML.
refused-provisional_flag_missing = The VP table file must say whether it is provisional.
refused-provenance_missing = The VP table file must state its provenance.
refused-no_tables = The VP table file has no tables.
refused-too_few_bands = A VP table needs its bands from 10-10 to 20-0.
refused-malformed_band = Band { $band } of the { $hands }-hand table is malformed.
refused-vp_not_consecutive = Band { $band } of the { $hands }-hand table must give { $vp } one VP more than the band before.
refused-bands_not_increasing = Band { $band } of the { $hands }-hand table does not go above the band before.
refused-first_band_negative = The first band cannot end below zero.
refused-first_band_not_10_10 = The first band must be 10-10.
refused-last_band_not_20_0 = The last band must be 20-0.

## MCR
refused-no_tournament = No tournament is running: a referee starts one with /tournament <name> <sessions>.
refused-tournament_name_empty = A tournament needs a name.
refused-sessions_out_of_range = A tournament has 1 to 99 sessions, not { $sessions }.
refused-no_players_named = Name the players with @name.
refused-is_substitute = { $player } is a substitute and cannot be registered.
refused-session_already_open = Session { $session } is still open: end it first.
refused-no_sessions_left = { $sessions ->
    [one] The only session has been played.
    [2] Both sessions have been played.
   *[other] All { $sessions } sessions have been played.
  }
refused-no_open_session = No session is open: /session start.
refused-no_session_started = No session has started yet.
refused-seat_needs_four_distinct = A table seats four different players.
refused-table_number_invalid = Table numbers start at 1.
refused-not_registered = { $player } is not registered in the tournament.
refused-player_disqualified = { $player } is disqualified from the tournament.
refused-player_already_seated = { $player } is already seated at another table.
refused-table_already_scored = Table { $table } is already scored this session.
refused-score_needs_four = A table's scores are four numbers: East, South, West, North.
refused-table_needs_four = Table points need four seats.
refused-forced_seat_unknown = Those seats are not at the table.
refused-points_required = The referee's sanction needs its points: /violation @player other <points>.
refused-ladder_step_invalid = Invalid ladder step.
refused-ladder_not_monotonic = The penalty ladder must never go down.
refused-ladder_negative = The penalty ladder cannot have negative points.
refused-minutes_not_positive = Lateness is a number of minutes above zero.
refused-unknown_violation = Unknown violation "{ $kind }".
refused-unknown_dead_hand = Unknown dead-hand kind "{ $kind }".
refused-unknown_false_hu = Unknown false hu "{ $variant }": under8 or invalid.
refused-unknown_sub_reason = Unknown substitution reason "{ $reason }": late, ill-before, ill-during or dq.
refused-substitute_is_registered = { $player } is a registered player, not a substitute.
refused-not_disqualified_for_lateness = { $player } was not disqualified for lateness this session.
refused-not_disqualified = { $player } is not disqualified.
refused-already_disqualified = { $player } is already disqualified.
refused-unknown_ruling = There is no ruling #{ $ruling }.
refused-ruling_not_appealable = Ruling #{ $ruling } cannot be appealed.
refused-appeal_text_empty = Say why you appeal.
refused-appeal_pending = An appeal against ruling #{ $ruling } is already waiting.
refused-unknown_appeal = There is no appeal { $appeal }.
refused-appeal_already_resolved = Appeal { $appeal } is already decided.
refused-unknown_decision = Decide uphold or overturn.

refused-expected_setting = Settings are written key=value, one of: { $options }; not "{ $got }".
refused-unknown_time_zone = "{ $got }" is not a time zone (like Europe/Rome).

## Proposals
refused-proposal_settled = This proposal was already confirmed or cancelled.
refused-proposal_expired = This proposal has lapsed: send the command again.
refused-expected_channel = { $arg }: name a channel by mentioning it (type # and pick it, Discord writes <#…>) or by its id, not "{ $got }".
refused-ambiguous_member = Two members are called @{ $name }: answer one of their messages with the command, or name them as Telegram suggests.
refused-already_scored = Table { $table } is scored already: /correct replaces its score sheet.
refused-not_zero_sum = The four scores of table { $table } add up to { $total }, not 0: MCR payments always sum to zero (penalties are added by the bot, not in /score).
refused-points_only_for_other = Only the violation "other" takes points; the penalty for "{ $kind }" is set by the ladder.
refused-points_out_of_range = Points for "other" go from { $minimum } to { $maximum }, not { $points }.
refused-already_recorded = The lateness of { $player } in this session is recorded already.
refused-tournament_running = The tournament "{ $tournament }" is still running: /finish it after its last session first.
refused-tournament_not_over = The tournament is not over: { $session ->
    [0] { $sessions ->
        [1] its only session has not been played yet.
       *[other] none of its { $sessions } sessions has been played yet.
    }
   *[other] session { $session } of { $sessions }.
  }
refused-self_lift = A moderator's own stop is lifted by another moderator.
refused-already_registered = Already registered: { $players }.
refused-disputed_result = The result of table { $table } is disputed: a moderator settles it, with /confirm { $table } or /correct { $table } ….
refused-tournament_started = The tournament has started: a player who cannot go on is replaced with /sub.
refused-rulebook_in_use = The rulebook cannot change while tables are open or a tournament runs.
refused-no_result_to_correct = Table { $table } has no result to correct yet.
refused-nothing_to_change = That changes nothing: it is already so.
refused-not_scored = Table { $table } has no score yet: /score records it.
refused-not_your_ruling = Only the player ruling #{ $ruling } concerns may appeal it (or a moderator on their behalf).
refused-session_running = Appeal { $appeal } is reviewed once session { $session } is over: the bot will remind the referees then.

## Undo
refused-not_undoable = Ruling #{ $ruling } cannot be undone with /undo: { $hint ->
    [seats] seats, tables, sessions and registrations are changed with their own commands (/stand, /close, /seat, /sub, /unregister).
    [settings] settings are changed again with /settings.
    [kicked] a removal cannot be taken back: the member may simply come back.
    [flood_muted] a member muted for flooding writes again with /unmute.
    [report] a report is closed with /dismiss, or acted on with its buttons.
    [undone] an undo is taken back by nothing: give the decision again.
    [seating_plan] a seating plan is drawn again with /seating (the same number gives the same plan).
   *[consequence] it follows from another ruling, or is the bot's own notice; undo the ruling it came from.
  }
refused-already_undone = Ruling #{ $ruling } has already been undone.
refused-superseded = Ruling #{ $ruling } has been replaced{ $by ->
    [none] {""}
   *[other] {" "}by ruling #{ $by }
  }: undo { $by ->
    [none] the later one
   *[other] #{ $by }
  } first.
refused-tournament_begun = { $tournament } has begun: a tournament is withdrawn only before its first session; now it ends with /finish.
refused-earlier_tournament = Ruling #{ $ruling } belongs to an earlier tournament, which is closed.
refused-no_such_stop = That stop is no longer on record.
refused-integer_too_large = { $got } is too large for { $arg }.
refused-integer_too_small = { $got } is too small for { $arg }.
refused-player_stopped = { $player } is stopped until { $until }: no table, no seat and no registration until then.
refused-not_last_hand = Only the last hand recorded at table { $table } can be undone, while its match is played.
refused-report_stands = This report already stands as table { $table }'s result, by ruling #{ $ruling }: to take that result back, /undo { $ruling }.
refused-player_not_seated = { $player } has no seat at a table in this session.
refused-match_void = The match at table { $table } is void: undo the void (/undo with its number) to correct its result.
refused-under8 = { $flowers ->
    [0] { $fan } fan is not a win
   *[other] { $fan } fan, { $flowers } of them for flowers, is not a win
  }: a hand needs at least 8 without the flowers. The referee decides between a false hu (/falsehu) and a corrected count.
refused-not_at_table = { $player } has no seat at table { $table }.
refused-discarder_is_winner = The winner cannot be the discarder: for a self-drawn hand write "self".
refused-kept_by_hand = Table { $table } is kept hand by hand: its sheet is the sum of its hands when the session ends.
refused-ema_number_invalid = An EMA number has 8 digits, like 04010001, not "{ $ema }".
refused-name_empty = Give the player's real name, like first="Anna" last="Rossi" or name="Anna Rossi".
refused-seating_needs_fours = { $players ->
    [0] Nobody is registered yet: a table needs four players.
   *[other] { $players ->
        [one] One player does not fill a table of four
       *[other] { $players } players do not fill tables of four
    }: { $needed ->
    [one] one more player (a substitute) is needed.
   *[other] { $needed } more players (substitutes) are needed.
  }
  }
refused-no_seating_plan = There is no seating plan for session { $session }: a moderator draws it with /seating.
refused-unknown_tile = "{ $tile }" is not a tile in { $hand }: tiles are 1–9 with m (characters), p (dots) or s (bamboo), and 1–7 with z (E, S, W, N, red, green, white), like [123m][555z]456p789s11z 1z.
refused-bad_meld = { $meld } is not a chow, a pung or a kong.
refused-hand_notation = "{ $hand }" is not written as a hand: the exposed melds in brackets, a concealed kong in braces, then the concealed tiles with the winning tile among them, then after a space the winning tile, like [123m][555z]456p789s11z 1z.
refused-hand_tile_count = A finished hand has 14 tiles and one more for each kong: { $expected } here, not { $tiles }.
refused-not_a_concealed_kong = { $meld }: braces hold a concealed kong, four identical tiles like {"{"}5555z{"}"}.
refused-repeated_option = { $arg } is given twice ("{ $got }"): say it once.
refused-bad_flowers = { $arg }: 0 to 8, not "{ $got }".
refused-bad_wind = { $arg }: E, S, W or N, not "{ $got }".
refused-unknown_option = Unknown option "{ $got }": the options are { $options }.
refused-duration_too_short = { $arg }: at least { $least_duration }, not "{ $got }".
refused-impossible_flags = { $flags }: these cannot all be true of one hand (the last tile of the wall is no kong's replacement, and no kong can be robbed once the wall is spent).
refused-replacement_without_kong = { $flags }: Out with Replacement Tile is won on the tile drawn to replace the winner's own kong, and this hand has no kong.
refused-robbed_tile_held = { $flags }: Robbing the Kong wins on the fourth { $tile }, the one added to a melded pung by another player, so the winner cannot hold another { $tile }, and this hand does.
refused-last_tile_held = { $flags }: Last Tile is won on a { $tile } whose other three are in sight (discarded or melded), and this hand hides another { $tile } among its concealed tiles.
refused-flowers_over_fan = { $flowers } flowers cannot be more than the { $fan } fan they are part of.
refused-bad_country = "{ $country }" is not a country code of the EMA's results: two letters, like IT, RU or DE (UK for the United Kingdom).
refused-duplicate_ema = The EMA number { $ema } already belongs to { $holder }.
refused-seat_empty = Table { $table } has an empty seat ({ $players } is out): fill it first with /sub or /seat.
refused-fifth_tile = There are only four { $tile } in the game.
refused-win_not_in_hand = The winning tile { $tile } must be among the concealed tiles too.
refused-later_session_started = Session { $session } has already started: undo its start first (/undo with that ruling's number).
refused-session_ended_first = Session { $session } has already ended: undo its end first, then its start.
refused-session_has_records = Session { $session } already has scores, hands, penalties or substitutes: undo those first, or let the session stand.
refused-session_not_played = Session { $session } has not been played: the tournament has reached session { $last }.
refused-unknown_tournament = This chat has no tournament called "{ $tournament }": /tournaments lists them.
refused-already_excluded = { $player } is already left out of the final results.
refused-not_replaced_for_illness = { $player } was not replaced for illness: only such a player is left out of the final results.
refused-not_a_substitute = { $player } is not a substitute in this tournament.
refused-already_ranked = { $player } is already ranked.
refused-not_every_session = { $player } has not played every session from the first (missing: { $sessions }), so is not ranked.
refused-table_closed = Table { $table } is closed: open a new one with /open.
refused-tournament_finished = The tournament "{ $tournament }" is finished: its sessions are no longer reopened or taken back (a late sheet is given with /score … session=N).
refused-finish_session_open = Session { $session } is still open: end it with /session end, then /finish.
refused-nothing_scored = No table of this tournament has a score yet, so there are no results to give: record each table with /score … session=N, then /finish.
refused-nobody_registered = Nobody is registered in this tournament, so a session cannot start: register the players with /register @player …, then /session start.
refused-later_tournament = The tournament "{ $tournament }" can no longer be reopened: another tournament has been created since.
refused-target_is_bot = { $name } is a bot: chat measures are for members.
refused-unknown_rule = This chat has no rule { $rule }: /rules lists them.
refused-unknown_report = Ruling #{ $ruling } is not a report: /reports lists the open ones.
refused-report_settled = Report #{ $ruling } has already been dealt with.
refused-not_muted = That member is not muted (a stop is lifted with /lift).
refused-not_banned = That member is not banned.
refused-not_a_stop = Ruling #{ $ruling } is not a moderator's stop: only those can be edited.
refused-stop_over = That stop is already over.
refused-bad_ladder = warn_ladder: "{ $got }" is not a step. Write the steps as "2:mute 1h, 3:stop 24h, 4:ban": counts rising, a length for a mute and a stop.
refused-page_out_of_range = There { $pages ->
    [one] is only { $pages } page
   *[other] are only { $pages } pages
  }, not { $page }.
refused-expected_date = { $arg }: write a day as 2026-06-01, not "{ $got }".
refused-bad_flood = flood: "{ $got }" is not a limit. Write it as messages/seconds, as 5/10 (from 2 to 100 messages, in 1 to 600 seconds), or off.
refused-no_join_check = There is nothing to check: you may already write here.
refused-check_in_group = The check is passed in the group, with the button under its message: press it there.
refused-unknown_link = That code links nothing: ask for a new one with "/settings log" in the chat whose log this group should be.
refused-protected = { $why ->
    [self] No measure is taken against oneself: another moderator decides.
    [bot] { $name } is the bot: chat measures are for members.
   *[other] { $name } moderates this chat: no measure is taken against a moderator, whatever asks for it (a warning is possible).
  }
refused-no_reason = Ruling #{ $ruling } gives no reason: there is none to change.
refused-appeal_privately = A measure is appealed in your private chat with the bot: /appeal { $ruling } and your reasons.
refused-not_your_measure = Ruling #{ $ruling } is not a measure on you: only the member it concerns appeals it.
refused-log_taken = This group is already the moderators' log of another chat: it serves one chat at a time (that chat's moderators can unlink it with "/settings log=off").
refused-self_report = A report is about someone else: the moderators read it.
refused-reporter_restricted = While you are muted or banned in this chat you cannot report: the moderators' measure on you comes first.
refused-report_duplicate = You have already made this report (#{ $ruling }): the moderators have it, and it stays open until they deal with it.
refused-team_name = A team's name has 1 to 60 characters, not "{ $team }".
refused-no_clock = No clock runs now: a referee starts one with /clock 2h.
refused-seating_after_start = The tournament has started: the seating plan can no longer be drawn; seat a table by hand with /seat N @east @south @west @north.
refused-nobody_to_separate = { $separate ->
    [team] Nobody has a team yet: record each player's team with /player @player team="…", then draw with separate=team.
   *[other] Nobody has a country yet: record each player's country with /player @player country=IT, then draw with separate=country.
  }
refused-seating_view_options = /seating { $session } only shows session { $session }: draw= and separate= go with /seating without a session number, which draws the plan.
refused-no_such_session = The tournament has { $sessions ->
    [one] only one session
   *[other] { $sessions } sessions
  }: there is no session { $session }.
refused-clock_over = Time ran out ({ $ended_at }): a referee ends the session with /session end or gives more time with /clock 10m.
refused-clock_too_long = A session's clock runs for at most { $hours ->
    [one] one hour
   *[other] { $hours } hours
  }: write it as /clock 2h or /clock 1h30m.
refused-slowmode_unsupported = Telegram lets no bot set a slow mode (the Bot API has none): a group's administrator sets it in the group's settings.
refused-slowmode_too_long = seconds: at most { $limit } (Discord's slow mode lasts up to 6 hours), not { $got }.
refused-no_moderator_reachable = No moderator can receive your report now: this chat has no moderators' log, and { $platform ->
    [discord] not one of its moderators takes direct messages from me.
   *[other] not one of its moderators has a private chat open with me.
  } Nothing has been sent: tell a moderator directly.
refused-report_limit = You have made { $reports } { $reports ->
    [one] report
   *[other] reports
  } within { $window_duration }, the most this chat allows: the moderators have them. You can report again later.
refused-report_reason_needed = { $where ->
    [log] Say why in your own words: type here, in this group, /{ $command } report={ $ruling } and your reason (or rule=N for a rule of the chat).
   *[other] Say why in your own words: /{ $command } report={ $ruling } and your reason (or rule=N for a rule of this chat).
  } The reporter's words stay with the moderators.
refused-bad_report_limit = report_limit: "{ $got }" is not a limit. Write it as reports/duration, as 5/1h (from 1 to 100 reports), or off.
refused-raid_running = A raid is already on, until { $until }: /raid off ends it.
refused-no_raid = There is no raid to end.
refused-raid_off_duration = /raid off takes no length: it ends the raid now.
refused-bad_raid_joins = raid_joins: "{ $got }" is not a limit. Write it as joins/seconds, as 10/60s (from 2 to 1,000 joins, in 1 to 3,600 seconds), or off.
refused-check_in_private = This check is answered in the private chat with me, where its question was asked.
refused-check_not_asked = The question of your check is on its way: answer it with its buttons in a few seconds.
refused-check_answer_needed = Answer with one of the buttons under the question (or type /pass and the number).
