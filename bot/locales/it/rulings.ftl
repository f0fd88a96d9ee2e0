## Decisioni: un messaggio per tipo di decisione; la regola applicata segue in "rule-cited".

ruling-number = Decisione n. { $id }:
ruling-number-short = n. { $id }
ruling-private = riguarda i dati personali di un giocatore, che possono leggere solo l'interessato e i moderatori.
rule-cited = [{ $book ->
    [club] Regolamento del club
    [chat] Regole di questa chat
   *[mcr] Regole EMA per l'MCR
  }, { $part ->
    [section] par. { $article }
    [rule] punto { $article }
   *[point] punto { $article }
  }]
rule-cited-other = [{ $rule }]
rule-cited-setting = [Impostazioni di questa chat: { $setting }]
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
  }, { $format }, { $hands } { $hands ->
    [one] smazzata
   *[other] smazzate
  }{ $official ->
    [yes] , partita ufficiale (con quota del tavolo)
   *[no] , allenamento
  }{ $ai ->
    [yes] , contro l'IA
   *[no] {""}
  }. Posti: { $seats }; per sedersi, /sit { $table }.{ $provisional_table ->
    [yes] {" "}Tabella VP provvisoria (tabella FITAB non ancora caricata, valori come FIBUR): caricate quella ufficiale.
   *[no] {""}
  }
ruling-seated = Tavolo { $match }: { $player } si siede sul lato { $side ->
    [ns] Nord-Sud
   *[ew] Est-Ovest
  } (posti occupati: { $seated } su { $seats }).
ruling-match_started = Il tavolo { $match } è al completo ({ $players }): la partita comincia, { $hands } { $hands ->
    [one] smazzata
   *[other] smazzate
  }, { $turn_seconds } secondi per turno.
ruling-hand_recorded = Tavolo { $match }: smazzata { $hand } di { $hands } registrata, NS { $mp_ns } – EO { $mp_ew }.
ruling-awaiting_vp = Tavolo { $match }: tutte le smazzate giocate. Indicate i Victory Points di ciascuno con /result { $match } vp @giocatore VP @giocatore VP…
ruling-ready_window = Tavolo { $match }: chiudete lo score con /ready { $match } entro { $seconds } secondi (scadenza: { $closes_at }); chi non chiude lo score in tempo perde la partita per abbandono.
ruling-ready = Tavolo { $match }: { $player } ha chiuso lo score.{ $all_ready ->
    [yes] {" "}Ci siamo tutti: la prossima smazzata parte tra 5 secondi.
   *[no] {" "}In attesa di: { $waiting_for }.
  }
ruling-next_hand = Tavolo { $match }: comincia la smazzata { $hand } di { $hands }.
ruling-result_reported = Tavolo { $match }: { $player } comunica il risultato, VP { $vp }. L'altra parte conferma con /confirm { $match } o contesta con /dispute { $match } <motivo>; senza contestazioni diventa definitivo tra { $confirm_within_minutes } { $confirm_within_minutes ->
    [one] minuto
   *[other] minuti
  }.
ruling-result_disputed = Tavolo { $match }: { $player } contesta il risultato comunicato ({ $reason }). Decide un moderatore: /confirm { $match } lo conferma, /correct { $match } lo corregge.
ruling-result_pending = { $disputed ->
    [yes] Tavolo { $match }: il risultato comunicato da { $player }, VP { $vp }, torna contestato. Decide un moderatore: /confirm { $match } lo conferma, /correct { $match } lo corregge.
   *[no] Tavolo { $match }: il risultato comunicato da { $player }, VP { $vp }, torna in attesa di conferma. L'altra parte conferma con /confirm { $match } o contesta con /dispute { $match } <motivo>; senza contestazioni diventa definitivo { $confirm_by }.
  }
ruling-match_result = Risultato del tavolo { $match } (tabella { $ruleset ->
    [fibur] FIBUR
   *[fitab] FITAB
  }, { $hands } { $hands ->
    [one] smazzata
   *[other] smazzate
  }): Victory Points { $vp }; punti in classifica { $points }.{ $provisional_table ->
    [yes] {" "}Tabella FITAB provvisoria: caricate quella ufficiale.
   *[no] {""}
  }
ruling-abandonment = Tavolo { $match }: { $player } ha abbandonato{ $cause ->
    [expired_turns] {" "}(due turni scaduti di fila)
    [not_ready] {" "}(score non chiuso entro 120 secondi)
   *[other] {""}
  }.{ $null_for_count ->
    [0] {""}
   *[other] {" "}Partita nulla per gli altri: { $null_for }.
  } { $player } conserva { $vp } VP ({ NUMBER($points, maximumFractionDigits: 2) } { $points ->
    [one] punto
   *[other] punti
  } in classifica) e la partita conta come giocata e persa.{ $official ->
    [yes] {" "}La quota del tavolo torna a tutti gli altri.
   *[no] {""}
  }
ruling-turn_expired = Tavolo { $match }: turno scaduto per { $player } ({ $in_a_row ->
    [one] il primo
    [2] il secondo di fila
   *[other] { $in_a_row }° di fila
  }; { $turn_seconds } secondi per turno). Due turni scaduti di fila valgono come abbandono.
ruling-turn_played = Tavolo { $match }: { $player } ha giocato il turno; la serie di turni scaduti si interrompe.

## Disciplina

ruling-warning = { $player }: { $measure ->
    [expulsion] ESPULSIONE
    [disqualification] SQUALIFICA
    [caution] DIFFIDA
   *[warning] AMMONIZIONE
  } — { $n }ª ammonizione dell'anno, { $d }ª della giornata.{ $measure ->
    [expulsion] {" "}Due ammonizioni nella stessa giornata: fermo di 24 ore, fino a { $stop_until }. Fino ad allora nessun tavolo.
    [disqualification] {" "}La 5ª, 9ª, 13ª… ammonizione dell'anno: fermo di 24 ore, fino a { $stop_until }. Fino ad allora nessun tavolo.
   *[other] {" "}Prima di sedersi di nuovo va scontato a schermo un cartellino giallo di { $card_minutes } { $card_minutes ->
        [one] minuto
       *[other] minuti
      }.
  }{ $cautioned_today ->
    [yes] {" "}Diffida per il resto della giornata: un altro abbandono oggi vale l'espulsione.
   *[no] {""}
  }{ $measure ->
    [caution] {" "}Alla prossima ammonizione scatta il fermo.
   *[other] {""}
  }
ruling-card_shown = { $player }, il tuo cartellino giallo: { $balls ->
    [0] nessun pallone giallo
    [one] un pallone giallo
   *[other] { $balls } palloni gialli
  } per le ammonizioni dell'anno. Restano { $remaining_clock } a schermo (il tempo passa solo mentre è a schermo; /leave per chiuderlo).
ruling-card_left = { $player } ha chiuso il cartellino: restano { $remaining_clock } da scontare.
ruling-card_served = { $player }, il tuo cartellino giallo è scontato: puoi sederti di nuovo.
ruling-card_status = { $stop_until ->
    [none] { $player }: nessun fermo e nessun cartellino da scontare.
   *[other] { $player }: fermo fino a { $stop_until }, nessun tavolo fino ad allora.
  }{ $n ->
    [none] {""}
   *[other] {" "}Ammonizioni quest'anno: { $n }, oggi: { $d }.
  }
ruling-stop = Fermo per { $player } fino a { $stop_until } ({ $duration }): { $reason }. Fino ad allora nessun tavolo.
ruling-lift = Fermo revocato per { $player }: { $reason }. Si può tornare ai tavoli.
ruling-annulment = Ammonizione di { $player } per il tavolo { $match } cancellata: { $reason }. Ammonizioni dell'anno ora: { $n }.{ $stop_until ->
    [none] {""}
   *[other] {" "}Resta un fermo fino a { $stop_until }.
  }
ruling-stop_reminder = { $player }, il tuo fermo termina { $ends_at } (tra { $minutes_left } { $minutes_left ->
    [one] minuto
   *[other] minuti
  }).
ruling-stop_ended = { $player }, il tuo fermo è finito: puoi sederti di nuovo.
ruling-year_reset = Buon { NUMBER($year, useGrouping: 0) }! Il conteggio delle ammonizioni riparte da zero.

## Tornei MCR

ruling-tournament_created = Creato il torneo "{ $tournament }": { $sessions ->
    [one] una sessione
   *[other] { $sessions } sessioni
  }.
ruling-registered = Nuove iscrizioni: { $players } (in tutto { $registered ->
    [one] un giocatore
   *[other] { $registered } giocatori
  }).
ruling-session_started = Comincia la sessione { $session } di { $sessions }.
ruling-session_ended = La sessione { $session } di { $sessions } è finita.{ $unscored ->
    [none] {""}
   *[other] {" "}{ $unscored_count ->
        [one] Manca ancora il foglio segnapunti del tavolo { $unscored }: va registrato con /score, altrimenti quel tavolo non riceve punti tavolo.
       *[other] Mancano ancora i fogli segnapunti dei tavoli { $unscored }: vanno registrati con /score, altrimenti quei tavoli non ricevono punti tavolo.
    }
  }
ruling-appeal_reminder = Arbitri: il ricorso n. { $appeal } di { $player } contro la decisione n. { $ruling_appealed } attende l'esame ({ $text }). Decidete con /resolve { $appeal } conferma|ribalta <motivo>.
ruling-seating = Sessione { $session }, tavolo { $table }: { $seats } (Est, Sud, Ovest, Nord).
ruling-table_points = Sessione { $session }, tavolo { $table }: punteggi { $scores }; punti tavolo { $tp }.
ruling-lateness = Ritardo di { $player }: { $minutes } { $minutes ->
    [one] minuto
   *[other] minuti
  }. { $disqualified ->
    [yes] Squalifica per questa sessione: il posto va a una riserva.
   *[no] Penalità di { $points } punti.
  }
ruling-penalty = { $player }: { $kind } — { $step ->
    [none] penalità di { $points } { $points ->
        [one] punto
       *[other] punti
      }.
    [1] avvertimento (primo gradino della scala).
   *[other] gradino { $step } della scala, penalità di { $points } { $points ->
        [one] punto
       *[other] punti
      }.
  }
ruling-no_penalty = { $player }: { $kind } — nessuna penalità, il gioco prosegue.
ruling-dead_hand = { $player }: mano morta ({ $kind }). Niente hu per il resto della mano; si continua a giocare.
ruling-false_hu = { $player }: falso hu ({ $variant ->
    [under8] meno di 8 punti
   *[invalid] mano non valida
  }, { $exposed ->
    [yes] mano scoperta
   *[no] mano coperta
  }).{ $exposed ->
    [yes] {" "}Paga { $total } in tutto: { $paid }.
   *[no] {" "}Nessun pagamento.
  }
ruling-disqualification = Squalifica dal torneo per { $player }: { $reason }. Zero punti tavolo per tutto il torneo; il nome resta in classifica.
ruling-in-ended-session = Riguarda la sessione { $session }, già conclusa.
ruling-substitution = Sessione { $session }{ $table ->
    [none] {""}
   *[other] , tavolo { $table }
  }: { $substitute } al posto di { $player } ({ $reason }).{ $substitute_tp_forced_zero ->
    [yes] {" "}Il posto della riserva riceve 0 punti tavolo in questa sessione.
   *[no] {" "}La riserva gioca normalmente.
  }{ $rest ->
    [yes] {" "}Per il resto del torneo: la riserva prende anche il posto previsto per questo giocatore in tutte le sessioni successive.
   *[other] {""}
  }
ruling-appeal = Ricorso n. { $appeal } di { $player } contro la decisione n. { $ruling_appealed }: { $review_after_session ->
    [none] gli arbitri possono esaminarlo subito.
   *[other] sarà esaminato al termine della sessione { $review_after_session }.
  }
ruling-appeal_resolved = Ricorso n. { $appeal } (decisione n. { $ruling_appealed }): { $decision ->
    [overturn] accolto, gli effetti decadono
   *[uphold] respinto, la decisione resta
  } — { $reason }.
ruling-referee_call = { $player } chiama un arbitro: il gioco si ferma.{ $note ->
    [none] {""}
   *[other] {" "}Motivo: "{ $note }".
  }{ $referees_count ->
    [0] {""}
   *[other] {" "}Arbitri: { $referees }.
  }
ruling-lang = { $player }, d'ora in poi ti parlo in italiano.

ruling-settings = Questa chat — regolamento: { $rulebook ->
    [mcr] MCR
    [burraco] Burraco
   *[other] { $rulebook_name }
  }, lingua: { $lang ->
    [it] italiano
    [ru] russo
   *[en] inglese
  }, fuso orario: { $tz }{ $ready_clock ->
    [none] {""}
    [on] , tempo per chiudere lo score: attivo
   *[off] , tempo per chiudere lo score: disattivato
  }, moderatori: { $moderator_role ->
    [none] gli amministratori della chat (nessun ruolo impostato)
   *[other] il ruolo { $moderator_role }
  }{ $channel ->
    [none] {""}
   *[other] , canale degli avvisi { $channel }
  }{ $log ->
    [none] {""}
   *[other] , registro dei moderatori in { $log }
  }, motivi dei fermi sulla pagina pubblica: { $web_reasons ->
    [on] visibili
   *[off] nascosti
  }. Moderazione: le ammonizioni contano per { $warn_window }, scala delle misure ({ $warn_ladder }); raffiche di messaggi { $flood ->
    [off] non controllate
   *[other] controllate: più di { $flood_messages } messaggi in { $flood_seconds } secondi portano al divieto di scrivere per { $flood_mute }
  }; i nuovi membri { $captcha ->
    [on] devono prima superare la verifica anti-bot
   *[off] scrivono subito
  }{ $welcome ->
    [none] {""}
   *[other] {" "}e ricevono un benvenuto
  }{ $raid_joins ->
    [off] {""}
   *[other] ; più di { $raid_joins_joins } ingressi in { $raid_joins_seconds } secondi fanno scattare un raid di { $raid_time }
  }{ $table_ttl ->
    [none] {""}
   *[other] ; un tavolo senza smazzate si chiude dopo { $table_ttl }
  }{ $open_tables ->
    [none] {""}
   *[other] ; ciascuno può tenere aperti al massimo { $open_tables } { $open_tables ->
        [one] tavolo vuoto
       *[other] tavoli vuoti
    }
  }{ $ban_purge ->
    [off] {""}
   *[other] ; con un ban si cancellano anche i messaggi inviati nell'arco di { $ban_purge } prima
  }{ $report_limit ->
    [off] ; le segnalazioni non hanno limite
   *[other] ; ogni membro può fare al massimo { $report_limit_reports } { $report_limit_reports ->
        [one] segnalazione
       *[other] segnalazioni
    } nell'arco di { $report_limit_window }
  }.{ $missing_rights ->
    [none] {""}
   *[other] {" "}Permessi che qui mi mancano: { $missing_rights }.
  }
ruling-settings_changed = Impostazioni cambiate ({ $changed }). Regolamento: { $rulebook ->
    [mcr] MCR
    [burraco] Burraco
   *[other] { $rulebook_name }
  }, lingua: { $lang ->
    [it] italiano
    [ru] russo
   *[en] inglese
  }, fuso orario: { $tz }{ $ready_clock ->
    [none] {""}
    [on] , tempo per chiudere lo score: attivo
   *[off] , tempo per chiudere lo score: disattivato
  }, moderatori: { $moderator_role ->
    [none] gli amministratori della chat (nessun ruolo impostato)
   *[other] il ruolo { $moderator_role }
  }{ $channel ->
    [none] {""}
   *[other] , canale degli avvisi { $channel }
  }{ $log ->
    [none] {""}
   *[other] , registro dei moderatori in { $log }
  }, motivi dei fermi sulla pagina pubblica: { $web_reasons ->
    [on] visibili
   *[off] nascosti
  }. Moderazione: le ammonizioni contano per { $warn_window }, scala delle misure ({ $warn_ladder }); raffiche di messaggi { $flood ->
    [off] non controllate
   *[other] controllate: più di { $flood_messages } messaggi in { $flood_seconds } secondi portano al divieto di scrivere per { $flood_mute }
  }; i nuovi membri { $captcha ->
    [on] devono prima superare la verifica anti-bot
   *[off] scrivono subito
  }{ $welcome ->
    [none] {""}
   *[other] {" "}e ricevono un benvenuto
  }{ $raid_joins ->
    [off] {""}
   *[other] ; più di { $raid_joins_joins } ingressi in { $raid_joins_seconds } secondi fanno scattare un raid di { $raid_time }
  }{ $table_ttl ->
    [none] {""}
   *[other] ; un tavolo senza smazzate si chiude dopo { $table_ttl }
  }{ $open_tables ->
    [none] {""}
   *[other] ; ciascuno può tenere aperti al massimo { $open_tables } { $open_tables ->
        [one] tavolo vuoto
       *[other] tavoli vuoti
    }
  }{ $ban_purge ->
    [off] {""}
   *[other] ; con un ban si cancellano anche i messaggi inviati nell'arco di { $ban_purge } prima
  }{ $report_limit ->
    [off] ; le segnalazioni non hanno limite
   *[other] ; ogni membro può fare al massimo { $report_limit_reports } { $report_limit_reports ->
        [one] segnalazione
       *[other] segnalazioni
    } nell'arco di { $report_limit_window }
  }.{ $missing_rights ->
    [none] {""}
   *[other] {" "}Permessi che qui mi mancano: { $missing_rights }.
  }
## La proposta di un moderatore, in attesa della conferma di un moderatore
ruling-proposal = { $player } propone quanto segue; un moderatore conferma o respinge entro { $minutes } { $minutes ->
        [one] minuto
       *[other] minuti
    }:
    { $preview }
ruling-proposal_cancelled = { $player } ha respinto la proposta di { $proposer }: non si fa nulla.
ruling-players = { $registered ->
    [0] Nessun iscritto al torneo "{ $tournament }" per ora.
   *[other] Iscrizioni al torneo "{ $tournament }" ({ $registered }): { $players }.
  }
ruling-tournament_finished = Il torneo "{ $tournament }" si è concluso dopo { $sessions ->
    [one] una sessione
   *[other] { $sessions } sessioni
  }. Classifica finale:
ruling-stood = { $player } lascia il tavolo { $match }.
ruling-table_closed = { $reason ->
    [expired] Tavolo { $table } chiuso: nessuna smazzata registrata da { $ttl_duration }. La partita non conta come giocata e nessuno riceve ammonizioni.
    [unfinished] Tavolo { $table } chiuso: nessuna smazzata registrata da { $ttl_duration }, dopo { $played } { $played ->
        [one] smazzata
       *[other] smazzate
    } su { $hands }. La partita resta incompiuta: le smazzate restano registrate, non c'è un risultato e nessuno riceve ammonizioni; con /undo di questa decisione il tavolo riapre.
    [none] Tavolo { $table } chiuso prima di qualsiasi smazzata.
   *[other] Tavolo { $table } chiuso prima di qualsiasi smazzata: { $reason }.
  }
ruling-unregistered = Iscrizione cancellata: { $player } ({ $registered ->
    [0] non resta nessun iscritto
    [one] resta un solo iscritto
   *[other] iscritti in tutto: { $registered }
  }).
ruling-match_corrected = Tavolo { $match }: risultato corretto in VP { $vp }; punti in classifica { $points }.
ruling-match_voided = La partita del tavolo { $match } è annullata: { $reason }. Nessuno prende punti e non conta come giocata.
ruling-score_corrected = Tavolo { $table }, sessione { $session }: foglio corretto in { $scores }; punti tavolo { $tp }.

## Ritirare una decisione (correzioni)

ruling-undone = La decisione n. { $amends }{ $player ->
    [none] {""}
   *[other] {" "}che riguarda { $player }
  } è stata ritirata: { $reason }. Quel che ne derivava è stato ricalcolato.
ruling-stop_lifted = { $reason ->
    [none] Fermo revocato per { $player }{ $stop_until ->
        [none] : i tavoli sono di nuovo aperti.
       *[other] ; resta un altro fermo fino a { $stop_until }.
      }
   *[other] Fermo revocato per { $player }: { $reason }. Si può tornare ai tavoli.
  }
ruling-stop_restored = Fermo di nuovo in vigore per { $player }, fino a { $stop_until }: la decisione che lo aveva revocato è stata ritirata.
ruling-card_lifted = Il cartellino giallo di { $player } è stato tolto: non resta nulla da scontare.
ruling-card_restored = Torna il cartellino giallo per { $player }: restano { $remaining_clock } da scontare a schermo prima di sedersi di nuovo.
ruling-hand_won = Sessione { $session }, tavolo { $table }, mano { $hand }: vince { $winner } con { $fan } fan{ $flowers ->
    [0] {""}
   *[other] {" "}(di cui { $flowers } per i fiori)
  }{ $discarder ->
    [none] , in autopescata
   *[other] , sullo scarto di { $discarder }
  }. Pagamenti: { $paid }.
ruling-hand_washout = Sessione { $session }, tavolo { $table }, mano { $hand }: mano nulla, nessun pagamento.
ruling-player_details = Per il file dei risultati: { $player } — nome: { $first_name ->
    [none] { $last_name ->
        [none] non indicato
       *[other] { $last_name }
    }
   *[other] { $first_name }{ $last_name ->
        [none] {""}
       *[other] {" "}{ $last_name }
    }
  }, numero EMA { $ema ->
    [none] non indicato
   *[other] { $ema }
  }, paese { $country ->
    [none] non indicato
   *[other] { $country }
  }{ $team ->
    [none] {""}
   *[other] , squadra { $team }
  }.
ruling-export = I risultati di "{ $tournament }" nel formato dell'EMA: il file è allegato.
export-missing = { $count ->
    [one] A un giocatore mancano
   *[other] A { $count } giocatori mancano
  } nel file il nome, il numero EMA o il paese: { $players }. Si aggiungono con /player, poi /export rigenera il file.
ruling-seating_plan = Sorteggiati i posti di tutte le sessioni per { $players } giocatori, con il numero { NUMBER($seed, useGrouping: 0) }: { $repeat_meetings ->
    [0] nessuno incontra due volte la stessa persona
    [one] una coppia di giocatori si incontra { $most_meetings ->
        [2] due volte
       *[other] { $most_meetings } volte
    }
   *[other] { $repeat_meetings } coppie di giocatori si incontrano { $most_meetings ->
        [2] due volte
       *[other] più di una volta, nessuna più di { $most_meetings } volte
    }
  }; { $separate ->
    [team] { $same_team_meetings ->
        [0] i compagni di squadra non siedono mai allo stesso tavolo
        [one] i compagni di squadra si ritrovano allo stesso tavolo una volta
       *[other] i compagni di squadra si ritrovano allo stesso tavolo { $same_team_meetings } volte
    };{" "}
    [country] { $same_team_meetings ->
        [0] i giocatori dello stesso paese non siedono mai allo stesso tavolo
        [one] i giocatori dello stesso paese si ritrovano allo stesso tavolo una volta
       *[other] i giocatori dello stesso paese si ritrovano allo stesso tavolo { $same_team_meetings } volte
    };{" "}
   *[other] {""}
  }{ $wind_balance ->
    [0] ognuno occupa ciascun posto (Est, Sud, Ovest, Nord) lo stesso numero di volte
   *[other] ognuno occupa ciascun posto (Est, Sud, Ovest, Nord) lo stesso numero di volte, con uno scarto massimo di { $wind_balance }
  }.{ $amends ->
    [none] {""}
   *[other] {" "}{ $redrawn ->
        [yes] Questi posti sostituiscono quelli sorteggiati nella decisione n. { $amends }.
       *[other] Questi posti sostituiscono quelli della decisione n. { $amends }, sorteggiati sull'elenco dei giocatori di allora.
    }
  } Con lo stesso elenco di giocatori e lo stesso numero si ottengono sempre gli stessi posti. /seating N mostra i tavoli della sessione N; all'inizio di ogni sessione i posti vengono assegnati in automatico.
ruling-seating_withdrawn = { $players ->
    [0] Il piano dei posti viene ritirato: non resta nessun iscritto. Verrà sorteggiato di nuovo appena gli iscritti completeranno tavoli da quattro.
   *[other] Il piano dei posti viene ritirato: con { $players } giocatori i tavoli da quattro non si completano ({ $needed ->
        [one] serve un altro giocatore
       *[other] servono altri { $needed } giocatori
      }). Verrà sorteggiato di nuovo appena i tavoli saranno completi.
  }
ruling-player_excluded = Esclusione dalla classifica finale per { $player } (sostituzione per malattia): { $reason }.
ruling-substitute_ranked = { $player } ha giocato come riserva tutte le sessioni finora ({ $sessions ->
    [one] una sessione
   *[other] { $sessions } sessioni
  }) ed entra in classifica.
seating-replacing = { $player } occupa il posto rimasto vuoto di { $out }.
finished-unscored = Ancora senza foglio segnapunti: { $tables }. Finché un arbitro non ne registra { $count ->
    [one] il foglio
   *[other] i fogli
  } con /score e la sessione (come /score { $table } … session={ $session }), { $count ->
    [one] questo tavolo non riceve
   *[other] questi tavoli non ricevono
  } punti tavolo.
unscored-table = tavolo { $table } della sessione { $session }

## Moderazione della chat (entrambi i regolamenti)
chat-rules-header = { $rules ->
    [0] Questa chat non ha ancora regole proprie.
   *[other] Regole di questa chat:
  }
ruling-chat_rule = { $action ->
    [add] Nuova regola { $number } di questa chat: { $text }
    [edit] La regola { $number } di questa chat ora recita: { $text }
   *[remove] La regola { $number } di questa chat è stata eliminata.
  }
ruling-conduct_warning = Ammonizione per la condotta in chat — { $player }: { $reason }. Ammonizioni nell'arco di { $window_duration }: { $count }{ $measure ->
    [mute] , quindi scatta il divieto di scrivere in chat.
    [stop] , quindi scatta un fermo.
    [ban] , quindi scatta il bando dalla chat.
   *[none] .
  }{ $exempt ->
    [yes] {" "}La scala delle misure non si applica ai moderatori.
   *[no] {""}
  }
ruling-muted = { $amends ->
    [none] Divieto di scrivere in chat per { $player } fino a { $until }: { $reason }. Ai tavoli si può giocare.
   *[other] Il divieto di scrivere in chat per { $player } dura fino a { $until } (vedi decisione n. { $amends }).
  }
ruling-unmuted = { $player } può di nuovo scrivere in chat{ $reason ->
    [none] .
   *[other] : { $reason }.
  }
ruling-kicked = Allontanamento dalla chat per { $player }: { $reason }. Può rientrare.
ruling-banned = { $amends ->
    [none] { $until ->
        [none] Bando dalla chat per { $player } fino a revoca: { $reason }.
       *[other] Bando dalla chat per { $player } fino a { $until }: { $reason }.
      }
   *[other] { $until ->
        [none] Il bando dalla chat per { $player } torna in vigore, senza scadenza (vedi decisione n. { $amends }).
       *[other] Il bando dalla chat per { $player } dura fino a { $until } (vedi decisione n. { $amends }).
      }
  }
ruling-unbanned = Bando revocato per { $player }{ $reason ->
    [none] : può rientrare nella chat.
   *[other] : { $reason }.
  }
ruling-ban_ended = Il bando dalla chat per { $player } è scaduto: può rientrare nella chat.
ruling-report = Segnalazione di { $reporter } nei confronti di { $player }: { $reason }.{ $excerpt ->
    [none] {""}
   *[other] {" "}Il messaggio: "{ $excerpt }"
  }
ruling-report_received = { $player }, la tua segnalazione (n. { $reported }) è arrivata ai moderatori, e solo a loro.
ruling-report_dismissed = Segnalazione n. { $amends } su { $player } archiviata{ $reason ->
    [none] .
   *[other] : { $reason }.
  }
ruling-reason_edited = Nuova motivazione della decisione n. { $amends }: { $reason }.
ruling-appeal_measure = Ricorso di { $player } contro la decisione n. { $amends }: { $reason }.
ruling-appeal_received = { $player }, il tuo ricorso (n. { $appeal }) contro la decisione n. { $amends } è arrivato ai moderatori, e solo a loro.
ruling-appeal-hint = Per fare ricorso, scrivi qui: /appeal { $id } e le tue ragioni.
reports-header = { $reports ->
    [0] Nessuna segnalazione aperta.
    [one] Una segnalazione aperta:
   *[other] { $reports } segnalazioni aperte:
  }
reports-row = n. { $id }, { $at }: { $reporter } segnala { $player } — { $reason }
reports-row-appeal = n. { $id }, { $at }: ricorso di { $player } contro la decisione n. { $amends } — { $reason }
ruling-stop_amended = Fermo per { $player }: nuova durata { $duration } (modifica la decisione n. { $amends }){ $stop_until ->
    [none] : è già terminato, si può tornare ai tavoli.
   *[other] , fino a { $stop_until }.
  }
ruling-match_resumed = Al tavolo { $match } si riprende a giocare ({ $players }): la decisione sull'abbandono (n. { $amends }) è ritirata.
ruling-table_reopened = Il tavolo { $table } riapre: la chiusura (decisione n. { $amends }) è ritirata. Smazzate giocate: { $played } su { $hands }; al tavolo: { $players_count ->
    [0] nessuno
   *[other] { $players }
  }.
ruling-flood_muted = Più di { $messages } messaggi in { $seconds } secondi da { $player }: divieto di scrivere fino a { $until }.
welcome-greeting = Un saluto a { $player }! { $text }
ruling-join_check = Per { $player } niente messaggi finché non risponde alla verifica, al massimo per { $duration }.
ruling-join_check_passed = { $player } può scrivere in chat. Grazie!
ruling-join_check_failed = { $reason ->
    [wrong_answer] Risposta sbagliata di { $player } alla verifica: allontanamento dalla chat (si può rientrare).
   *[other] Nessuna risposta in tempo di { $player } alla verifica: allontanamento dalla chat (si può rientrare).
  }
ruling-log_link = Per fare del gruppo dei moderatori il registro di questa chat, aggiungimi al gruppo e scrivi lì, entro { $duration }: /link { $code }
ruling-log_linked = Da ora questo gruppo è il registro dei moderatori della chat che l'ha chiesto: qui arrivano le segnalazioni e le misure di quella chat, con i relativi pulsanti.
ladder-step = { $count }ª ammonizione: { $measure ->
    [mute] divieto di scrivere per { $length }
    [stop] fermo per { $length }
   *[ban] { $length ->
        [none] bando fino a revoca
       *[other] bando per { $length }
    }
  }
ladder-none = nessuna misura
ruling-clock_status = Sessione { $session }: tempo rimasto { $left_duration }, fino a { $ends_at }.
ruling-clock_started = Sessione { $session }: il tempo corre fino a { $ends_at }.
ruling-clock_warning = Sessione { $session }: tempo rimasto { $left_duration }, fino a { $ends_at }.
ruling-clock_ended = Sessione { $session }: tempo scaduto.
ruling-clock_stopped = Sessione { $session }: tempo fermo a { $left_duration } dalla fine.
ruling-slowmode = { $seconds ->
    [0] Modalità lenta disattivata in questo canale: si può scrivere senza attese
   *[other] Modalità lenta in questo canale: tra due messaggi dello stesso membro passano almeno { $seconds ->
        [one] un secondo
       *[other] { $seconds } secondi
    }
  }{ $reason ->
    [none] .
   *[other] . Motivo: { $reason }.
  }
welcome-challenge = { $greeted ->
    [yes] {""}
   *[no] Un saluto a { $player }!{" "}
  }{ $count ->
    [one] Per scrivere qui, rispondi entro { $duration }: quanto fa { $first } + { $second }? Premi il numero giusto qui sotto; uno sbagliato comporta l'allontanamento dalla chat (si può rientrare).
   *[other] Per scrivere qui, rispondete entro { $duration }: quanto fa { $first } + { $second }? Ognuno prema il numero giusto qui sotto; uno sbagliato comporta l'allontanamento dalla chat (si può rientrare).
  }
welcome-names-last = { $list } e { $last }
welcome-names-others = { $first }, { $second } e { $others ->
    [one] un'altra persona
   *[other] altre { $others } persone
  }
ruling-join_request_check = Per entrare nel gruppo, rispondi entro { $duration }: quanto fa { $first } + { $second }? Premi il numero giusto qui sotto; uno sbagliato fa respingere la richiesta (si può chiedere di nuovo).
ruling-join_request_approved = Risposta giusta: richiesta di ingresso di { $player } accolta. Ti diamo il benvenuto nel gruppo!
ruling-join_request_declined = { $reason ->
    [wrong_answer] Risposta sbagliata: richiesta di ingresso di { $player } respinta (si può chiedere di nuovo).
   *[other] Nessuna risposta in tempo: richiesta di ingresso di { $player } respinta (si può chiedere di nuovo).
  }
ruling-raid_started = { $automatic ->
    [yes] Raid: più di { $joins } ingressi in { $duration }.
   *[other] Modalità raid attiva{ $reason ->
        [none] .
       *[other] : { $reason }.
    }
  } Fino a { $until } ogni nuovo membro resta senza parola finché non risponde alla verifica, e le richieste di ingresso aspettano i moderatori.
ruling-raid_ended = { $automatic ->
    [yes] Il raid è finito: i nuovi membri entrano di nuovo come sempre.
   *[other] Modalità raid disattivata{ $reason ->
        [none] {""}
       *[other] {" "}({ $reason })
    }: i nuovi membri entrano di nuovo come sempre.
  }
