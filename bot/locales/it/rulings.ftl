## Decisioni: un messaggio per tipo di decisione; la regola applicata segue in "rule-cited".

ruling-number = n. { $id }
rule-cited = [regola { $rule }]
yes-no = { $value ->
    [yes] sì
   *[no] no
}

## Tavoli e partite di Burraco

format-1v1 = uno contro uno
format-pairs = coppie
format-4in2 = 4 IN 2
format-giallo = Giallo Matto
ruling-table_opened = Tavolo { $table } aperto: regolamento { $ruleset ->
    [fibur] FIBUR
   *[fitab] FITAB
  }, { $format }, { $hands } smazzate{ $official ->
    [yes] , partita ufficiale (con quota del tavolo)
   *[no] , allenamento
  }{ $ai ->
    [yes] , contro l'AI
   *[no] {""}
  }. { $seats } posti: siediti con /sit { $table }.{ $provisional_table ->
    [yes] {" "}Tabella VP provvisoria (tabella FITAB non ancora caricata, valori come FIBUR): caricate quella ufficiale.
   *[no] {""}
  }
ruling-seated = { $player } siede al tavolo { $match } ({ $side ->
    [ns] Nord-Sud
   *[ew] Est-Ovest
  }), { $seated }/{ $seats } posti occupati.
ruling-match_started = Il tavolo { $match } è completo ({ $players }): la partita comincia, { $hands } smazzate, { $turn_seconds } secondi per turno.
ruling-hand_recorded = Tavolo { $match }: smazzata { $hand } di { $hands } registrata, NS { $mp_ns } – EO { $mp_ew }.
ruling-awaiting_vp = Tavolo { $match }: tutte le smazzate giocate. Indicate i Victory Points di ciascuno con /result { $match } vp @a n @b n @c n @d n.
ruling-ready_window = Tavolo { $match }: chiudete lo score con /ready { $match } entro { $seconds } secondi (entro: { $closes_at }); chi non è pronto perde la partita per abbandono.
ruling-ready = { $player } è pronto al tavolo { $match }.{ $all_ready ->
    [yes] {" "}Tutti pronti: la prossima smazzata parte tra 5 secondi.
   *[no] {" "}Si attende: { $waiting_for }.
  }
ruling-next_hand = Tavolo { $match }: comincia la smazzata { $hand } di { $hands }.
ruling-result_reported = Tavolo { $match }: { $player } comunica il risultato, VP { $vp }. L'altra parte conferma con /confirm { $match } o contesta con /dispute { $match } <motivo>; senza contestazione vale tra { $confirm_within_minutes } minuti.
ruling-result_disputed = Tavolo { $match }: { $player } contesta il risultato comunicato ({ $reason }). Decide un moderatore con /confirm { $match }.
ruling-match_result = Risultato del tavolo { $match } (tabella { $ruleset ->
    [fibur] FIBUR
   *[fitab] FITAB
  }, { $hands } smazzate): Victory Points { $vp }; punti in classifica { $points }.{ $provisional_table ->
    [yes] {" "}Tabella FITAB provvisoria: caricate quella ufficiale.
   *[no] {""}
  }
ruling-abandonment = Tavolo { $match }: { $player } ha abbandonato{ $cause ->
    [expired_turns] {" "}(due turni scaduti di fila)
    [not_ready] {" "}(non pronto entro 120 secondi)
   *[other] {""}
  }. Partita nulla per { $null_for }. { $player } conserva { $vp } VP ({ NUMBER($points, maximumFractionDigits: 2) } { $points ->
    [one] punto
   *[other] punti
  } in classifica) e la partita conta come giocata e persa.{ $official ->
    [yes] {" "}La quota del tavolo torna a tutti gli altri.
   *[no] {""}
  }
ruling-turn_expired = Tavolo { $match }: turno scaduto per { $player } ({ $in_a_row } di fila; { $turn_seconds } secondi per turno). Due turni scaduti di fila valgono come abbandono.
ruling-turn_played = Tavolo { $match }: { $player } ha giocato il turno; la serie di turni scaduti si interrompe.

## Disciplina

ruling-warning = { $player }: { $measure ->
    [expulsion] ESPULSIONE
    [disqualification] SQUALIFICA
    [caution] DIFFIDA
   *[warning] AMMONIZIONE
  } — { $n }ª ammonizione dell'anno, { $d }ª della giornata.{ $measure ->
    [expulsion] {" "}Due ammonizioni nella stessa giornata: fermo di 24 ore, fino al { $stop_until }.
    [disqualification] {" "}La 5ª, 9ª, 13ª… ammonizione dell'anno: fermo di 24 ore, fino al { $stop_until }.
   *[other] {" "}Prima di sedersi di nuovo va scontato a schermo un cartellino giallo di { $card_minutes } minuti.
  }{ $cautioned_today ->
    [yes] {" "}Diffidato per il resto della giornata: un altro abbandono oggi è un'espulsione.
   *[no] {""}
  }
ruling-card_shown = { $player }, il tuo cartellino giallo: { $balls ->
    [one] un pallone giallo
   *[other] { $balls } palloni gialli
  } per le ammonizioni dell'anno. Restano { $remaining_clock } a schermo (il tempo passa solo mentre è a schermo; /leave per chiuderlo).
ruling-card_left = { $player } ha lasciato il cartellino: restano { $remaining_clock } da scontare.
ruling-card_served = { $player }, il tuo cartellino giallo è scontato: puoi sederti di nuovo.
ruling-card_status = { $stop_until ->
    [none] { $player }: nessun fermo e nessun cartellino da scontare. Ammonizioni quest'anno: { $n }, oggi: { $d }.
   *[other] { $player }: fermo fino al { $stop_until }. Ammonizioni quest'anno: { $n }, oggi: { $d }.
  }
ruling-stop = { $player } è fermato fino al { $stop_until } ({ $duration }): { $reason }. Fino ad allora nessun tavolo.
ruling-lift = Il fermo di { $player } è revocato: { $reason }.
ruling-annulment = Ammonizione di { $player } per il tavolo { $match } annullata: { $reason }. Ammonizioni dell'anno ora: { $n }.{ $stop_until ->
    [none] {""}
   *[other] {" "}Resta un fermo fino al { $stop_until }.
  }
ruling-stop_reminder = { $player }, il tuo fermo termina il { $ends_at } (tra { $minutes_left } minuti).
ruling-stop_ended = { $player }, il tuo fermo è finito: puoi sederti di nuovo.
ruling-year_reset = Buon { $year }! Il conteggio delle ammonizioni riparte da zero.

## Tornei MCR

ruling-tournament_created = Torneo "{ $tournament }" creato, { $sessions } sessioni.
ruling-registered = Iscritti: { $players } ({ $registered } giocatori in tutto).
ruling-session_started = Comincia la sessione { $session } di { $sessions }.
ruling-session_ended = La sessione { $session } di { $sessions } è finita.{ $unscored ->
    [none] {""}
   *[other] {" "}Ancora senza foglio punteggio: tavolo { $unscored }. Registratelo con /score, altrimenti il tavolo non riceve punti tavolo.
  }
ruling-appeal_reminder = Arbitri: il ricorso { $appeal } di { $player } contro la decisione n. { $ruling_appealed } attende l'esame ({ $text }). Decidete con /resolve { $appeal } uphold|overturn <motivo>.
ruling-seating = Sessione { $session }, tavolo { $table }: { $seats } (Est, Sud, Ovest, Nord).
ruling-table_points = Sessione { $session }, tavolo { $table }: punteggi { $scores }; punti tavolo { $tp }.
ruling-lateness = { $player } è in ritardo di { $minutes } minuti: { $disqualified ->
    [yes] squalificato per questa sessione, da sostituire con una riserva.
   *[no] { $points } punti di penalità.
  }
ruling-penalty = { $player }: { $kind } — { $step ->
    [none] { $points } punti di penalità.
    [1] avvertimento (primo gradino della scala).
   *[other] gradino { $step } della scala, { $points } punti di penalità.
  }
ruling-no_penalty = { $player }: { $kind } — nessuna penalità, il gioco prosegue.
ruling-dead_hand = { $player }: mano morta ({ $kind }). Niente hu per il resto della mano; si continua a giocare.
ruling-false_hu = { $player }: falso hu ({ $variant ->
    [under8] meno di 8 punti
   *[invalid] mano non valida
  }, { $exposed ->
    [yes] scoperta
   *[no] non scoperta
  }).{ $exposed ->
    [yes] {" "}Paga { $total } in tutto: { $paid }.
   *[no] {" "}Nessun pagamento.
  }
ruling-disqualification = { $player } è squalificato dal torneo: { $reason }. 0 punti tavolo per tutto il torneo.
ruling-substitution = Sessione { $session }{ $table ->
    [none] {""}
   *[other] , tavolo { $table }
  }: { $substitute } sostituisce { $player } ({ $reason }).{ $substitute_tp_forced_zero ->
    [yes] {" "}Il posto della riserva riceve 0 punti tavolo in questa sessione.
   *[no] {" "}La riserva gioca normalmente.
  }
ruling-appeal = Ricorso { $appeal } di { $player } contro la decisione n. { $ruling_appealed } registrato; sarà esaminato al termine della sessione { $review_after_session }.
ruling-appeal_resolved = Ricorso { $appeal } (decisione n. { $ruling_appealed }): { $decision ->
    [overturn] accolto, gli effetti sono annullati
   *[uphold] respinto, la decisione resta
  } — { $reason }.
ruling-referee_call = { $player } chiama un arbitro: il gioco si ferma. Arbitri: { $referees }.
ruling-lang = { $player }, d'ora in poi ti parlo in italiano.

ruling-settings = Questa chat: regolamento { $rulebook }, lingua { $lang }, fuso orario { $tz }, tempo per essere pronti { $ready_clock }, ruolo dei moderatori { $moderator_role }{ $channel ->
    [none] {""}
   *[other] , canale degli avvisi { $channel }
  }.
ruling-settings_changed = Impostazioni cambiate ({ $changed }): regolamento { $rulebook }, lingua { $lang }, fuso orario { $tz }, tempo per essere pronti { $ready_clock }, ruolo dei moderatori { $moderator_role }{ $channel ->
    [none] {""}
   *[other] , canale degli avvisi { $channel }
  }.

## La proposta di un moderatore, in attesa della conferma di un moderatore
ruling-proposal = { $player } propone quanto segue; un moderatore conferma o annulla entro { $minutes } { $minutes ->
        [one] minuto
       *[other] minuti
    }:
    { $preview }
ruling-proposal_cancelled = { $player } ha annullato la proposta di { $proposer }: non è stato fatto nulla.
ruling-players = Iscritti al torneo "{ $tournament }" ({ $registered }): { $players }.
ruling-tournament_finished = Il torneo "{ $tournament }" si è concluso dopo { $sessions ->
    [one] una sessione
   *[other] { $sessions } sessioni
  }. Classifica finale:
ruling-stood = { $player } lascia il tavolo { $match }.
ruling-table_closed = Tavolo { $table } chiuso prima di qualsiasi smazzata{ $reason ->
    [none] .
   *[other] : { $reason }.
  }
ruling-unregistered = Iscrizione di { $player } cancellata (iscritti in tutto: { $registered }).
ruling-match_corrected = Tavolo { $match }: risultato corretto in VP { $vp }; punti in classifica { $points }.
ruling-match_voided = La partita del tavolo { $match } è annullata: { $reason }. Nessuno prende punti e non conta come giocata.
ruling-score_corrected = Tavolo { $table }, sessione { $session }: foglio corretto in { $scores }; punti tavolo { $tp }.

## Annullare una decisione (correzioni)

ruling-undone = La decisione #{ $amends }{ $player ->
    [none] {""}
   *[other] {" "}che riguarda { $player }
  } è stata annullata: { $reason }. Quel che ne derivava è stato ricalcolato.
ruling-stop_lifted = Il fermo di { $player } è revocato{ $stop_until ->
    [none] : i tavoli sono di nuovo aperti.
   *[other] ; resta un altro fermo fino al { $stop_until }.
  }
ruling-stop_restored = Il fermo di { $player } torna in vigore fino al { $stop_until }: la decisione che lo aveva revocato è stata annullata.
ruling-card_lifted = Il cartellino giallo di { $player } è ritirato: non resta nulla da scontare.
