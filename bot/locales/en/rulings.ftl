## Rulings: one message per ruling type. The rule applied is appended as "rule-cited".

ruling-number = Ruling #{ $id }:
ruling-number-short = #{ $id }
ruling-private = about a player's private details, which only they and the moderators may read.
rule-cited = [{ $book ->
    [club] Club rules
    [chat] Rules of this chat
   *[mcr] EMA rules for MCR
  } { $part ->
    [section] §{ $article }
    [rule] §{ $article }
   *[point] { $article }
  }]
rule-cited-other = [{ $rule }]
rule-cited-setting = [This chat's settings: { $setting }]
yes-no = { $value ->
    [yes] yes
   *[no] no
}

## Burraco tables and matches

format-1v1 = one against one
format-pairs = pairs
format-4in2 = 4 in 2
format-giallo = giallo matto

ruling-table_opened = Table { $table } is open: { $ruleset ->
    [fibur] FIBUR
   *[fitab] FITAB
  } rules, { $format }, { $hands } hands{ $official ->
    [yes] , official (table fee)
   *[no] , training
  }{ $ai ->
    [yes] , against AI
   *[no] {""}
  }. { $seats } seats: sit with /sit { $table }.{ $provisional_table ->
    [yes] {" "}VP table: provisional (FITAB table not yet loaded, values as FIBUR) — load the official one.
   *[no] {""}
  }
ruling-seated = { $player } sits at table { $match } ({ $side ->
    [ns] North-South
   *[ew] East-West
  }), { $seated }/{ $seats } seats taken.
ruling-match_started = Table { $match } is full ({ $players }): the match starts, { $hands } hands, { $turn_seconds } seconds a turn.
ruling-hand_recorded = Table { $match }: hand { $hand } of { $hands } recorded, NS { $mp_ns } – EW { $mp_ew }.
ruling-awaiting_vp = Table { $match }: all hands played. Report each player's VP with /result { $match } vp @player VP @player VP…
ruling-ready_window = Table { $match }: close your score with /ready { $match } within { $seconds } seconds (by { $closes_at }); whoever is not ready loses the match by abandonment.
ruling-ready = { $player } is ready at table { $match }.{ $all_ready ->
    [yes] {" "}Everyone is ready: the next hand starts in 5 seconds.
   *[no] {" "}Waiting for: { $waiting_for }.
  }
ruling-next_hand = Table { $match }: hand { $hand } of { $hands } starts now.
ruling-result_reported = Table { $match }: { $player } reports the result, VP { $vp }. The other side confirms with /confirm { $match } or disputes with /dispute { $match } <reason>; without a dispute it stands in { $confirm_within_minutes } minutes.
ruling-result_disputed = Table { $match }: { $player } disputes the reported result ({ $reason }). A moderator decides with /confirm { $match } or /correct { $match }.
ruling-result_pending = { $disputed ->
    [yes] Table { $match }: the result { $player } reported, VP { $vp }, is disputed again: a moderator decides with /confirm { $match } or /correct { $match }.
   *[no] Table { $match }: the result { $player } reported, VP { $vp }, awaits confirmation again. The other side confirms with /confirm { $match } or disputes with /dispute { $match } <reason>; without a dispute it stands at { $confirm_by }.
  }
ruling-match_result = Table { $match } result ({ $ruleset ->
    [fibur] FIBUR
   *[fitab] FITAB
  } table, { $hands } hands): VP { $vp }; ranking points { $points }.{ $provisional_table ->
    [yes] {" "}FITAB table: provisional, load the official one.
   *[no] {""}
  }
ruling-abandonment = Table { $match }: { $player } abandoned{ $cause ->
    [expired_turns] {" "}(two expired turns in a row)
    [not_ready] {" "}(not ready within 120 seconds)
   *[other] {""}
  }.{ $null_for_count ->
    [0] {""}
   *[other] {" "}Null match for { $null_for }.
  } { $player } keeps { $vp } VP ({ NUMBER($points, maximumFractionDigits: 2) } ranking points) and the match counts as lost.{ $official ->
    [yes] {" "}The table fee is refunded to everyone else.
   *[no] {""}
  }
ruling-turn_expired = Table { $match }: { $player }'s turn expired ({ $in_a_row ->
    [1] the first
   *[other] { $in_a_row } in a row
  }; { $turn_seconds } seconds a turn). Two in a row are an abandonment.
ruling-turn_played = Table { $match }: { $player } played a turn; the run of expired turns is broken.

## Discipline

ruling-warning = { $player }: { $measure ->
    [expulsion] EXPULSION
    [disqualification] DISQUALIFICATION
    [caution] CAUTION
   *[warning] WARNING
  } — warning { $n } of the year, { $d } today.{ $measure ->
    [expulsion] {" "}Two warnings on the same day bring a 24-hour stop, until { $stop_until }.
    [disqualification] {" "}The 5th, 9th, 13th… warning of the year brings a 24-hour stop, until { $stop_until }.
   *[other] {" "}A yellow card of { $card_minutes } minutes must be served on screen before sitting again.
  }{ $cautioned_today ->
    [yes] {" "}Cautioned for the rest of the day: another abandonment today is an expulsion.
   *[no] {""}
  }
ruling-card_shown = { $player }, your yellow card: { $balls ->
    [one] one yellow ball
   *[other] { $balls } yellow balls
  } for the warnings of this year. { $remaining_clock } left on screen (time passes only while it is shown; /leave to close it).
ruling-card_left = { $player } closed the card: { $remaining_clock } still to serve.
ruling-card_served = { $player }, your yellow card is served: you may sit again.
ruling-card_status = { $stop_until ->
    [none] { $player }: no stop and no card to serve.
   *[other] { $player }: stopped until { $stop_until }, no table until then.
  }{ $n ->
    [none] {""}
   *[other] {" "}Warnings this year: { $n }, today: { $d }.
  }
ruling-stop = { $player } is stopped until { $stop_until } ({ $duration }): { $reason }. No table until then.
ruling-lift = The stop of { $player } is lifted: { $reason }.
ruling-annulment = Warning of { $player } for table { $match } annulled: { $reason }. Warnings this year now: { $n }.{ $stop_until ->
    [none] {""}
   *[other] {" "}A stop still runs until { $stop_until }.
  }
ruling-stop_reminder = { $player }, your stop ends at { $ends_at } (in { $minutes_left } minutes).
ruling-stop_ended = { $player }, your stop has ended: you may sit again.
ruling-year_reset = Happy { NUMBER($year, useGrouping: 0) }! Warning counts restart from zero.

## MCR tournaments

ruling-tournament_created = Tournament "{ $tournament }" created with { $sessions } { $sessions ->
    [one] session
   *[other] sessions
  }.
ruling-registered = Registered: { $players }; { $registered ->
    [one] one player is
   *[other] { $registered } players are
  } now registered.
ruling-session_started = Session { $session } of { $sessions } starts.
ruling-session_ended = Session { $session } of { $sessions } has ended.{ $unscored ->
    [none] {""}
   *[other] {" "}{ $unscored_count ->
        [one] Table { $unscored } has no score sheet yet: record it with /score, or it earns no table points.
       *[other] Tables { $unscored } have no score sheet yet: record them with /score, or they earn no table points.
    }
  }
ruling-appeal_reminder = Referees: appeal { $appeal } by { $player } on ruling #{ $ruling_appealed } is waiting for review ({ $text }). Decide with /resolve { $appeal } uphold|overturn <reason>.
ruling-seating = Session { $session }, table { $table }: { $seats } (East, South, West, North).
ruling-table_points = Session { $session }, table { $table }: scores { $scores }; table points { $tp }.
ruling-lateness = { $player } is { $minutes } minutes late: { $disqualified ->
    [yes] disqualified for this session, to be replaced by a substitute.
   *[no] { $points } points deducted.
  }
ruling-penalty = { $player }: { $kind } — { $step ->
    [none] { $points } points deducted.
    [1] warning (first step of the ladder).
   *[other] step { $step } of the ladder, { $points } points deducted.
  }
ruling-no_penalty = { $player }: { $kind } — no penalty, play goes on.
ruling-dead_hand = { $player }: dead hand ({ $kind }). No hu for the rest of this hand; keep playing.
ruling-false_hu = { $player }: false hu ({ $variant ->
    [under8] under 8 points
   *[invalid] invalid hand
  }, { $exposed ->
    [yes] exposed
   *[no] not exposed
  }).{ $exposed ->
    [yes] {" "}Pays { $total } in all: { $paid }.
   *[no] {" "}No payment.
  }
ruling-disqualification = { $player } is disqualified from the tournament: { $reason }. 0 table points for the whole tournament.
ruling-in-ended-session = This concerns session { $session }, which has ended.
ruling-substitution = Session { $session }{ $table ->
    [none] {""}
   *[other] , table { $table }
  }: { $substitute } replaces { $player } ({ $reason }).{ $substitute_tp_forced_zero ->
    [yes] {" "}The substitute's seat gets 0 table points this session.
   *[no] {" "}The substitute plays normally.
  }{ $rest ->
    [yes] {" "}For the rest of the tournament: the substitute also takes this player's planned seat in every later session.
   *[other] {""}
  }
ruling-appeal = Appeal { $appeal } by { $player } against ruling #{ $ruling_appealed } recorded; { $review_after_session ->
    [none] the referees may review it now.
   *[other] it is reviewed after session { $review_after_session } ends.
  }
ruling-appeal_resolved = Appeal { $appeal } (ruling #{ $ruling_appealed }): { $decision ->
    [overturn] overturned, its effects are reversed
   *[uphold] upheld
  } — { $reason }.
ruling-referee_call = { $player } calls a referee: play stops.{ $note ->
    [none] {""}
   *[other] {" "}Why: "{ $note }".
  }{ $referees_count ->
    [0] {""}
   *[other] {" "}Referees: { $referees }.
  }
ruling-lang = { $player }, I will speak English to you.

ruling-settings = This chat — rules: { $rulebook ->
    [mcr] MCR
    [burraco] Burraco
   *[other] { $rulebook_name }
  }, language: { $lang ->
    [it] Italian
    [ru] Russian
   *[en] English
  }, time zone: { $tz }{ $ready_clock ->
    [none] {""}
    [on] , readiness clock: on
   *[off] , readiness clock: off
  }, moderators: { $moderator_role ->
    [none] the chat's administrators (no role set)
   *[other] the role { $moderator_role }
  }{ $channel ->
    [none] {""}
   *[other] , notices in { $channel }
  }{ $log ->
    [none] {""}
   *[other] , moderators' log in { $log }
  }, reasons on the public page: { $web_reasons ->
    [on] shown
   *[off] hidden
  }. Chat moderation: warnings count for { $warn_window }, ladder ({ $warn_ladder }); floods { $flood ->
    [off] not checked
   *[other] checked: more than { $flood_messages } messages in { $flood_seconds } seconds bring a mute of { $flood_mute }
  }; new members { $captcha ->
    [on] show they are people first
   *[off] write at once
  }{ $welcome ->
    [none] {""}
   *[other] {" "}and are greeted
  }{ $raid_joins ->
    [off] {""}
   *[other] ; more than { $raid_joins_joins } joins in { $raid_joins_seconds } seconds start a raid of { $raid_time }
  }{ $table_ttl ->
    [none] {""}
   *[other] ; a table with no hand closes after { $table_ttl }
  }{ $open_tables ->
    [none] {""}
   *[other] ; a member may keep at most { $open_tables } empty { $open_tables ->
        [one] table
       *[other] tables
    } open
  }{ $ban_purge ->
    [off] {""}
   *[other] ; a ban also removes what the member wrote in the { $ban_purge } before it
  }{ $report_limit ->
    [off] ; reports are not limited
   *[other] ; a member may make at most { $report_limit_reports } { $report_limit_reports ->
        [one] report
       *[other] reports
    } within { $report_limit_window }
  }.{ $missing_rights ->
    [none] {""}
   *[other] {" "}Rights I lack here: { $missing_rights }.
  }
ruling-settings_changed = Settings changed ({ $changed }). Rules: { $rulebook ->
    [mcr] MCR
    [burraco] Burraco
   *[other] { $rulebook_name }
  }, language: { $lang ->
    [it] Italian
    [ru] Russian
   *[en] English
  }, time zone: { $tz }{ $ready_clock ->
    [none] {""}
    [on] , readiness clock: on
   *[off] , readiness clock: off
  }, moderators: { $moderator_role ->
    [none] the chat's administrators (no role set)
   *[other] the role { $moderator_role }
  }{ $channel ->
    [none] {""}
   *[other] , notices in { $channel }
  }{ $log ->
    [none] {""}
   *[other] , moderators' log in { $log }
  }, reasons on the public page: { $web_reasons ->
    [on] shown
   *[off] hidden
  }. Chat moderation: warnings count for { $warn_window }, ladder ({ $warn_ladder }); floods { $flood ->
    [off] not checked
   *[other] checked: more than { $flood_messages } messages in { $flood_seconds } seconds bring a mute of { $flood_mute }
  }; new members { $captcha ->
    [on] show they are people first
   *[off] write at once
  }{ $welcome ->
    [none] {""}
   *[other] {" "}and are greeted
  }{ $raid_joins ->
    [off] {""}
   *[other] ; more than { $raid_joins_joins } joins in { $raid_joins_seconds } seconds start a raid of { $raid_time }
  }{ $table_ttl ->
    [none] {""}
   *[other] ; a table with no hand closes after { $table_ttl }
  }{ $open_tables ->
    [none] {""}
   *[other] ; a member may keep at most { $open_tables } empty { $open_tables ->
        [one] table
       *[other] tables
    } open
  }{ $ban_purge ->
    [off] {""}
   *[other] ; a ban also removes what the member wrote in the { $ban_purge } before it
  }{ $report_limit ->
    [off] ; reports are not limited
   *[other] ; a member may make at most { $report_limit_reports } { $report_limit_reports ->
        [one] report
       *[other] reports
    } within { $report_limit_window }
  }.{ $missing_rights ->
    [none] {""}
   *[other] {" "}Rights I lack here: { $missing_rights }.
  }
## A moderator's proposal, waiting for a moderator's confirmation
ruling-proposal = { $player } proposes this; a moderator confirms or cancels it within { $minutes } { $minutes ->
        [one] minute
       *[other] minutes
    }:
    { $preview }
ruling-proposal_cancelled = { $player } cancelled the proposal of { $proposer }: nothing was done.
ruling-players = { $registered ->
    [0] Nobody has registered for "{ $tournament }" yet.
   *[other] Registered for "{ $tournament }" ({ $registered }): { $players }.
  }
ruling-tournament_finished = The tournament "{ $tournament }" is over after { $sessions ->
    [one] one session
   *[other] { $sessions } sessions
  }. Final standings:
ruling-stood = { $player } leaves table { $match }.
ruling-table_closed = { $reason ->
    [expired] Table { $table } is closed: no hand was recorded for { $ttl_duration }. The match counts as not played, and nobody is warned.
    [unfinished] Table { $table } is closed: no hand was recorded for { $ttl_duration }, after { $played } of { $hands } hands. The match is unfinished: its hands are kept, it has no result, and nobody is warned; /undo of this ruling brings the table back.
    [none] Table { $table } is closed before any hand.
   *[other] Table { $table } is closed before any hand: { $reason }.
  }
ruling-unregistered = { $player } is no longer registered ({ $registered ->
    [0] nobody is left
    [one] one player remains
   *[other] { $registered } players remain
  }).
ruling-match_corrected = Table { $match }: the result is corrected to VP { $vp }; ranking points { $points }.
ruling-match_voided = Table { $match } is void: { $reason }. Nobody scores from it, and it counts as not played.
ruling-score_corrected = Table { $table }, session { $session }: score sheet corrected to { $scores }; table points { $tp }.

## Undoing a decision (corrections)

ruling-undone = Ruling #{ $amends }{ $player ->
    [none] {""}
   *[other] {" "}about { $player }
  } is undone: { $reason }. What followed from it is counted again.
ruling-stop_lifted = { $reason ->
    [none] The stop of { $player } is lifted{ $stop_until ->
        [none] : tables are open again.
       *[other] ; another stop still runs until { $stop_until }.
      }
   *[other] The stop of { $player } is lifted: { $reason }. Tables are open again.
  }
ruling-stop_restored = The stop of { $player } is in force again until { $stop_until }: the decision that lifted it was undone.
ruling-card_lifted = The yellow card of { $player } is withdrawn: there is nothing left to serve.
ruling-card_restored = The yellow card of { $player } is back: { $remaining_clock } still to serve on screen before sitting again.
ruling-hand_won = Session { $session }, table { $table }, hand { $hand }: { $winner } wins with { $fan } fan{ $flowers ->
    [0] {""}
   *[other] {" "}({ $flowers } for flowers)
  }{ $discarder ->
    [none] , self-drawn
   *[other] {" "}on the discard of { $discarder }
  }. Paid: { $paid }.
ruling-hand_washout = Session { $session }, table { $table }, hand { $hand }: a washout, no payments.
ruling-player_details = For the results file: { $player } — name: { $first_name ->
    [none] { $last_name ->
        [none] not given
       *[other] { $last_name }
    }
   *[other] { $first_name }{ $last_name ->
        [none] {""}
       *[other] {" "}{ $last_name }
    }
  }, EMA number { $ema ->
    [none] not given
   *[other] { $ema }
  }, country { $country ->
    [none] not given
   *[other] { $country }
  }{ $team ->
    [none] {""}
   *[other] , team { $team }
  }.
ruling-export = The results of "{ $tournament }" in the EMA's format: the file is attached.
export-missing = { $count ->
    [one] One player lacks
   *[other] { $count } players lack
  } a name, an EMA number or a country in it: { $players }. /player adds them, then /export gives the file again.
ruling-seating_plan = The seating for all sessions ({ $players } players) is drawn from the number { NUMBER($seed, useGrouping: 0) }: { $repeat_meetings ->
    [0] nobody meets anyone twice
    [one] one pair of players meets { $most_meetings ->
        [2] twice
       *[other] { $most_meetings } times
    }
   *[other] { $repeat_meetings } pairs of players meet { $most_meetings ->
        [2] twice
       *[other] more than once, none more than { $most_meetings } times
    }
  }; { $separate ->
    [team] { $same_team_meetings ->
        [0] teammates never share a table
        [one] teammates share a table once
       *[other] teammates share a table { $same_team_meetings } times
    };{" "}
    [country] { $same_team_meetings ->
        [0] players from the same country never share a table
        [one] players from the same country share a table once
       *[other] players from the same country share a table { $same_team_meetings } times
    };{" "}
   *[other] {""}
  }{ $wind_balance ->
    [0] everyone sits at each wind equally often
   *[other] everyone sits at each wind equally often, give or take { $wind_balance }
  }.{ $amends ->
    [none] {""}
   *[other] {" "}{ $redrawn ->
        [yes] This plan replaces the one drawn in ruling #{ $amends }.
       *[other] This plan replaces the one in ruling #{ $amends }, which was drawn for the player list as it was then.
    }
  } The same player list and the same number always give the same plan. /seating N shows session N's tables; each session is seated by this plan when it starts.
ruling-seating_withdrawn = { $players ->
    [0] The seating plan is withdrawn: nobody is registered any more. It will be drawn again once the players fill tables of four.
   *[other] The seating plan is withdrawn: { $players } players do not fill tables of four ({ $needed ->
        [one] one more player is needed
       *[other] { $needed } more players are needed
      }). It will be drawn again once they do.
  }
ruling-player_excluded = { $player }, replaced for illness, is left out of the final results: { $reason }.
ruling-substitute_ranked = { $player } has played every session as a substitute ({ $sessions ->
    [one] one session
   *[other] { $sessions } sessions
  } so far) and is ranked in the standings.
seating-replacing = { $player } takes the empty seat of { $out }.
finished-unscored = Still without a score sheet: { $tables }. { $count ->
    [one] It earns
   *[other] They earn
  } no table points until a referee records { $count ->
    [one] its sheet
   *[other] their sheets
  } with /score and the session, like /score { $table } … session={ $session }.
unscored-table = session { $session }, table { $table }

## Chat moderation (both rulebooks)
chat-rules-header = { $rules ->
    [0] This chat has no rules of its own yet.
   *[other] Rules of this chat:
  }
ruling-chat_rule = { $action ->
    [add] New rule { $number } of this chat: { $text }
    [edit] Rule { $number } of this chat now reads: { $text }
   *[remove] Rule { $number } of this chat is removed.
  }
ruling-conduct_warning = Warning for conduct in the chat — { $player }: { $reason }. Warnings within { $window_duration }: { $count }{ $measure ->
    [mute] , so a mute follows.
    [stop] , so a stop follows.
    [ban] , so a ban follows.
   *[none] .
  }{ $exempt ->
    [yes] {" "}The ladder of measures does not apply to moderators.
   *[no] {""}
  }
ruling-muted = { $amends ->
    [none] { $player } is muted until { $until }: { $reason }. They may still play at the tables.
   *[other] The mute of { $player } runs until { $until } (see ruling #{ $amends }).
  }
ruling-unmuted = { $player } may write again{ $reason ->
    [none] .
   *[other] : { $reason }.
  }
ruling-kicked = { $player } is removed from the chat: { $reason }. They may come back.
ruling-banned = { $amends ->
    [none] { $until ->
        [none] { $player } is banned from the chat until the ban is lifted: { $reason }.
       *[other] { $player } is banned from the chat until { $until }: { $reason }.
      }
   *[other] { $until ->
        [none] The ban of { $player } holds again, with no end (see ruling #{ $amends }).
       *[other] The ban of { $player } runs until { $until } (see ruling #{ $amends }).
      }
  }
ruling-unbanned = The ban of { $player } is lifted{ $reason ->
    [none] : they may come back.
   *[other] : { $reason }.
  }
ruling-ban_ended = The ban of { $player } is over: they may come back.
ruling-report = Report from { $reporter } about { $player }: { $reason }.{ $excerpt ->
    [none] {""}
   *[other] {" "}The message: "{ $excerpt }"
  }
ruling-report_received = { $player }, your report (#{ $reported }) has gone to the moderators, and to them alone.
ruling-report_dismissed = Report #{ $amends } about { $player } dismissed{ $reason ->
    [none] .
   *[other] : { $reason }.
  }
ruling-reason_edited = The reason of ruling #{ $amends } is now: { $reason }.
ruling-appeal_measure = Appeal from { $player } against ruling #{ $amends }: { $reason }.
ruling-appeal_received = { $player }, your appeal (#{ $appeal }) against ruling #{ $amends } has gone to the moderators, and to them alone.
ruling-appeal-hint = To appeal, write here: /appeal { $id } and your reasons.
reports-header = { $reports ->
    [0] No report is open.
    [one] One report is open:
   *[other] { $reports } reports are open:
  }
reports-row = #{ $id }, { $at }: { $reporter } about { $player } — { $reason }
reports-row-appeal = #{ $id }, { $at }: appeal from { $player } against ruling #{ $amends } — { $reason }
ruling-stop_amended = The stop of { $player } now lasts { $duration } (amending ruling #{ $amends }){ $stop_until ->
    [none] : it is over, tables are open again.
   *[other] , until { $stop_until }.
  }
ruling-match_resumed = Table { $match } plays on ({ $players }): the abandonment was undone (ruling #{ $amends }).
ruling-table_reopened = Table { $table } is open again: its closing (ruling #{ $amends }) is undone. Hands played: { $played } of { $hands }; seated: { $players_count ->
    [0] nobody
   *[other] { $players }
  }.
ruling-flood_muted = { $player } wrote more than { $messages } messages in { $seconds } seconds: muted until { $until }.
welcome-greeting = Welcome, { $player }! { $text }
ruling-join_check = { $player } stays muted until answering the check, for { $duration } at most.
ruling-join_check_passed = { $player } may write in the chat now. Thank you!
ruling-join_check_failed = { $reason ->
    [wrong_answer] { $player } pressed a wrong answer and is removed from the chat (joining again is possible).
   *[other] { $player } did not answer the check in time and is removed from the chat (joining again is possible).
  }
ruling-log_link = To make your moderators' group this chat's log, add me to it and write there, within { $duration }: /link { $code }
ruling-log_linked = This group is now the moderators' log of the chat that asked for it: its reports, its measures and their buttons come here.
ladder-step = { $count ->
    [1] 1st
    [2] 2nd
    [3] 3rd
    [21] 21st
    [22] 22nd
    [23] 23rd
   *[other] { $count }th
  } warning: { $measure ->
    [mute] mute for { $length }
    [stop] stop for { $length }
   *[ban] { $length ->
        [none] ban until lifted
       *[other] ban for { $length }
    }
  }
ladder-none = no measures
ruling-clock_status = Session { $session }: { $left_duration } left, until { $ends_at }.
ruling-clock_started = Session { $session }: the clock runs until { $ends_at }.
ruling-clock_warning = Session { $session }: { $left_duration } left, until { $ends_at }.
ruling-clock_ended = Session { $session }: time is up.
ruling-clock_stopped = Session { $session }: the clock is stopped, { $left_duration } before its end.
ruling-slowmode = { $seconds ->
    [0] Slow mode is off in this channel: members may write without waiting
   *[other] Slow mode in this channel: each member waits at least { $seconds ->
        [one] one second
       *[other] { $seconds } seconds
    } between two messages
  }{ $reason ->
    [none] .
   *[other] . Reason: { $reason }.
  }
welcome-challenge = { $greeted ->
    [yes] {""}
   *[no] Welcome, { $player }!{" "}
  }{ $count ->
    [one] To write here, answer within { $duration }: how much is { $first } + { $second }? Press the right number below; a wrong one removes you from the chat (you may join again).
   *[other] To write here, each of you answers within { $duration }: how much is { $first } + { $second }? Press the right number below; a wrong one removes you from the chat (you may join again).
  }
welcome-names-last = { $list } and { $last }
welcome-names-others = { $first }, { $second } and { $others ->
    [one] one other
   *[other] { $others } others
  }
ruling-join_request_check = To be let into the group, answer within { $duration }: how much is { $first } + { $second }? Press the right number below; a wrong one turns the request down (you may ask again).
ruling-join_request_approved = Right answer: the request of { $player } to join is approved. Welcome!
ruling-join_request_declined = { $reason ->
    [wrong_answer] A wrong answer: the request of { $player } to join is turned down (asking again is possible).
   *[other] No answer in time: the request of { $player } to join is turned down (asking again is possible).
  }
ruling-raid_started = { $automatic ->
    [yes] Raid: more than { $joins } people joined within { $duration }.
   *[other] Raid mode is on{ $reason ->
        [none] .
       *[other] : { $reason }.
    }
  } Until { $until }, every new member stays muted until answering the check, and requests to join wait for the moderators.
ruling-raid_ended = { $automatic ->
    [yes] The raid is over: new members are welcome as usual again.
   *[other] Raid mode is off{ $reason ->
        [none] {""}
       *[other] {" "}({ $reason })
    }: new members are welcome as usual again.
  }
