## Risposte che mostrano uno stato.

expected-usage = Sintassi: { $usage }
standings-header-burraco = Classifica — { $tally ->
    [training] allenamento
    [official] partite ufficiali
   *[profile] tutte le partite
  } (punti, partite, media):
standings-row-burraco = { $rank }. { $player } — { NUMBER($points, maximumFractionDigits: 2) } { $points ->
    [one] punto
   *[other] punti
  }, { $matches } { $matches ->
    [one] partita
   *[other] partite
  }, media { NUMBER($average, maximumFractionDigits: 2) }
standings-header-mcr = { $final ->
    [yes] Classifica finale
   *[other] Classifica
  } — { $tournament } (punti tavolo, punteggio):
standings-row-mcr = { $rank }. { $player } — { NUMBER($tp, maximumFractionDigits: 2) } { $tp ->
    [one] punto tavolo
   *[other] punti tavolo
  }, punteggio { $score }{ $disqualified ->
    [yes] { $substituted ->
        [yes] {" "}(squalifica; sostituzione con una riserva)
       *[no] {" "}(squalifica)
    }
   *[no] { $substituted ->
        [yes] {" "}(sostituzione con una riserva)
       *[no] {""}
    }
  }
standings-empty = Ancora nessuno.
history-header = Storico di { $player }:
history-empty = Ancora nulla.
log-header = Registro dei moderatori (dal più recente{ $pages ->
    [1] {""}
   *[other] , pagina { $page } di { $pages }
  }):
log-empty = Ancora nessuna azione dei moderatori.
log-empty-filtered = Nessuna azione dei moderatori corrisponde ai filtri.
log-row = { $ruling ->
    [none] {""}
   *[other] n. { $ruling } ·{" "}
  }{ $at } — { $actor } { $action }{ $target ->
    [none] {""}
   *[other] {" "}({ $target })
  }{ $reason ->
    [none] {""}
   *[other] : { $reason }
  }
help-header = Comandi ({ $rulebook ->
    [mcr] tornei MCR
    [burraco] Burraco
   *[other] { $rulebook_name }
  }):
help-command = { $usage } — { $description }{ $moderator ->
    [yes] {" "}(solo moderatori)
   *[no] {""}
  }
stops-header = Fermi in corso: { $stops }; cartellini da scontare: { $cards }.
stops-row = Fermo: { $player }, fino a { $until }
cards-row = Cartellino: { $player }, restano { $remaining_clock }{ $on_screen ->
    [yes] {" "}(a schermo)
   *[no] {""}
  }
profile-burraco = { $player }: { NUMBER($points, maximumFractionDigits: 2) } { $points ->
    [one] punto
   *[other] punti
  } in { $matches } { $matches ->
    [one] partita
   *[other] partite
  }, media { NUMBER($average, maximumFractionDigits: 2) }. Ammonizioni quest'anno: { $warnings_year } (oggi: { $warnings_today }).{ $stop_until ->
    [none] {""}
   *[other] {" "}Fermo fino a { $stop_until }.
  }
profile-tally = { $tally ->
    [training] Allenamento
    [official] Partite ufficiali
   *[profile] Tutte le partite
  }: { NUMBER($points, maximumFractionDigits: 2) } { $points ->
    [one] punto
   *[other] punti
  }, { $matches } { $matches ->
    [one] partita
   *[other] partite
  }, media { NUMBER($average, maximumFractionDigits: 2) }
profile-warnings-by-year = Ammonizioni per anno: { $years }
profile-mcr = { $player } nel torneo "{ $tournament }": { NUMBER($tp, maximumFractionDigits: 2) } { $tp ->
    [one] punto tavolo
   *[other] punti tavolo
  }, punteggio { $score }, penalità: { $penalties }.{ $disqualified ->
    [yes] {" "}Squalifica dal torneo.
   *[no] {""}
  }
profile-mcr-none = { $player }: nessun torneo in corso.
ruling-card_tick = { $player }, il tuo cartellino giallo: { $remaining_minutes ->
    [one] un minuto
   *[other] { $remaining_minutes } minuti
  } ancora a schermo.

## Telegram e Discord
button-sit = Siediti
button-confirm = Conferma
button-dispute = Contesta
button-ready = Sono pronto
button-leave = Esci
button-card = Mostra il cartellino
button-approve = Conferma
button-reject = Respingi
telegram-private-first = Scrivimi prima nel gruppo del tuo club, così so di quale club parli.
button-expired = Questo pulsante non è più valido.
button-not-yours = Questo pulsante è per un altro membro del gruppo.
telegram-welcome = Ti scriverò qui per il tuo cartellino, i tuoi fermi e i promemoria.

## Immagini
picture-measure-warning = AMMONIZIONE
picture-measure-caution = DIFFIDA
picture-measure-expulsion = ESPULSIONE
picture-measure-disqualification = SQUALIFICA
picture-card-footer = Il cartellino si sconta solo mentre è a schermo.
picture-stop-hours = 24 ORE
picture-stop-until = Fermo fino a { $until }
picture-warning-count = { $n }ª ammonizione dell'anno
picture-standings-burraco = Classifica — { $tally ->
    [training] allenamento
    [official] partite ufficiali
   *[profile] tutte le partite
  }
picture-standings-mcr = { $tournament }
picture-column-player = Giocatore
picture-column-points = Punti
picture-column-matches = Partite
picture-column-average = Media
picture-column-tp = Punti tavolo
picture-column-score = Punteggio
picture-chart-title = Punti in classifica e VP, partita per partita
picture-chart-points = Punti in classifica (totale)
picture-chart-vp = VP per partita

discord-group-burraco = Comandi del club di Burraco
discord-group-mcr = Comandi dei tornei MCR: ai tavoli
discord-group-mcr-event = Comandi dei tornei MCR: iscritti, posti e risultati
discord-bad-option = Non riesco a leggere questa opzione: { $error }

## Discord: i nomi dei comandi in ogni lingua
discord-name-help = aiuto
discord-name-lang = lingua
discord-name-profile = profilo
discord-name-standings = classifica
discord-name-history = storico
discord-name-log = registro
discord-name-abandon = abbandona
discord-name-timeout = turno-scaduto
discord-name-turn = turno
discord-name-card = cartellino
discord-name-leave = esci
discord-name-annul = cancella-ammonizione
discord-name-stop = ferma
discord-name-lift = revoca
discord-name-stops = fermi
discord-name-open = apri
discord-name-sit = siediti
discord-name-hand = smazzata
discord-name-result = risultato
discord-name-confirm = conferma
discord-name-dispute = contesta
discord-name-ready = pronto
discord-name-tournament = torneo
discord-name-register = iscrivi
discord-name-session = sessione
discord-name-seat = assegna-posti
discord-name-score = punteggio
discord-name-late = ritardo
discord-name-violation = infrazione
discord-name-deadhand = mano-morta
discord-name-falsehu = falso-hu
discord-name-notile = tessera-mancante
discord-name-dq = squalifica
discord-name-sub = sostituisci
discord-name-appeal = ricorso
discord-name-resolve = decidi
discord-name-referee = arbitro
discord-name-burraco = burraco
discord-name-mcr = mcr
discord-name-settings = impostazioni
delivery-mute-failed = La decisione su { $player } resta valida, ma questa chat non mi permette di limitarne i messaggi: verificate che io possa limitare i membri.
delivery-missing-attach-files = In questo canale non posso allegare file, quindi immagini e file restano fuori: un moderatore può darmi il permesso «Allega file».
delivery-private-needed = Questa risposta è riservata a te: apri una chat privata con me e chiedi di nuovo.
delivery-answered-privately = Ti ho risposto nella chat privata.
delivery-outranked = L'ordine dei ruoli di Discord protegge questo membro: il ruolo più alto del membro non è sotto il mio. Un moderatore può spostare il mio ruolo più in alto.
delivery-missing-send-messages = In uno dei canali di questo server non posso scrivere, quindi ciò che va lì non viene inviato: un moderatore può darmi il permesso «Invia messaggi» in quel canale.
delivery-unmute-failed = La decisione su { $player } resta valida, ma in questa chat non riesco a ripristinarne i permessi: deve farlo a mano un moderatore.
button-page-previous = ◀ { $page }/{ $pages }
button-page-next = { $page }/{ $pages } ▶
discord-name-finish = chiudi-torneo
discord-name-players = giocatori
tables-header = { $tables ->
    [0] Nessun tavolo aperto.
   *[other] Tavoli aperti: { $tables }.
  }
tables-side-free = libero
tables-row = Tavolo { $table }: { $format }, { $ruleset ->
    [fibur] FIBUR
   *[other] FITAB
  }, smazzate giocate: { $played } su { $hands }; NS: { $ns }; EO: { $ew }.
discord-name-tables = tavoli
discord-name-stand = alzati
discord-name-close = chiudi-tavolo
discord-name-ruling = decisione
discord-name-unregister = cancella-iscrizione
discord-name-correct = correggi
discord-name-void = annulla-partita
discord-name-undo = ritira-decisione
standings-page = Pagina { $page } di { $pages } ({ $total ->
    [one] un giocatore
   *[other] { $total } giocatori
  }): /standings seguito dal numero di pagina ne mostra un'altra.
duration-days = { $days ->
    [one] 1 giorno
   *[other] { $days } giorni
  }
duration-hours = { $hours ->
    [one] 1 ora
   *[other] { $hours } ore
  }
duration-minutes = { $minutes ->
    [one] 1 minuto
   *[other] { $minutes } minuti
  }
duration-2 = { $first } e { $second }
duration-3 = { $first }, { $second } e { $third }
help-keywords = Vanno bene anche le parole inglesi: { $keywords }.
ruling-view-reversed = Non è più in vigore: l'ha ritirata la decisione n. { $by }.
ruling-view-since = Decisioni successive che la riguardano: { $since }.

## Cosa ha fatto un moderatore (o il bot), nel registro dei moderatori
log-action-abandon = ha registrato un abbandono
log-action-annul = ha cancellato un'ammonizione
log-action-close = ha chiuso un tavolo
log-action-confirm = ha confermato un risultato
log-action-correct = ha corretto un risultato
log-action-deadhand = ha dichiarato una mano morta
log-action-dq = ha squalificato un giocatore
log-action-falsehu = ha registrato un falso hu
log-action-finish = ha chiuso il torneo
log-action-hand = ha registrato una smazzata
log-action-late = ha registrato un ritardo
log-action-lift = ha revocato un fermo
log-action-notile = ha penalizzato una tessera vincente dimenticata
log-action-register = ha iscritto dei giocatori
log-action-resolve = ha deciso un ricorso
log-action-result = ha registrato un risultato
log-action-score = ha registrato { $table ->
    [none] un foglio segnapunti
   *[other] il foglio segnapunti del tavolo { $table }{ $session ->
        [none] {""}
       *[other] , sessione { $session }
    }
  }
log-action-seat = ha assegnato i posti di un tavolo
log-action-session_start = ha aperto { $session ->
    [none] una sessione
   *[other] la sessione { $session }
  }
log-action-session_end = ha chiuso { $session ->
    [none] una sessione
   *[other] la sessione { $session }
  }
log-action-settings = ha cambiato le impostazioni{ $changed ->
    [none] {""}
   *[other] : { $changed }
  }
log-action-stand = ha tolto un giocatore da un tavolo
log-action-stop = ha imposto un fermo
log-action-sub = ha sostituito un giocatore con una riserva
log-action-timeout = ha registrato un turno scaduto
log-action-tournament = ha creato un torneo
log-action-turn = ha registrato un turno giocato
log-action-undo = ha ritirato { $amends ->
    [none] una decisione
   *[other] la decisione n. { $amends }
  }
log-action-unregister = ha cancellato un'iscrizione
log-action-violation = ha registrato un'infrazione
log-action-void = ha annullato una partita
log-action-propose = ha proposto un comando
log-action-cancel = ha respinto una proposta
log-action-undeliverable = non è riuscito a consegnare un messaggio
log-actor-bot = il bot
log-action-mute_failed = non è riuscito a silenziare un giocatore
log-action-unmute_failed = non è riuscito a togliere il silenzio
log-action-missing_right = non ha il permesso di { $right }
log-lacks-right = al bot manca il permesso di { $right }
picture-card-left = Restano { $clock } a schermo
picture-stop-footer = Il fermo scorre in tempo reale.
picture-disqualified = SQUALIFICA
picture-rows-more = Qui sono mostrati i primi { $shown }; altri { $more } sono nell'elenco.
picture-chart-matches = Partite, dalla prima all'ultima
picture-chart-abandoned = Abbandono
discord-name-win = vittoria
discord-name-washout = mano-nulla
log-action-win = ha registrato una mano vinta
log-action-washout = ha registrato una mano nulla
discord-name-player = giocatore
discord-name-export = esporta
log-action-player = ha registrato i dati EMA di un giocatore
discord-name-seating = sorteggio
log-action-seating = ha sorteggiato i posti
seating-header = Sessione { $session }, tavoli (Est, Sud, Ovest, Nord):
seating-row = Tavolo { $table }: { $seats }
seating-empty-seat = (posto vuoto, da assegnare)
session-tables = Tavoli (Est, Sud, Ovest, Nord):
session-seat-by-hand = Nessun piano dei posti è stato sorteggiato: ogni tavolo si compone a mano con /seat N @est @sud @ovest @nord.
session-empty-seat = Tavolo { $table }, posto { $seat ->
    [E] Est
    [S] Sud
    [W] Ovest
   *[N] Nord
  }: vuoto, { $out } è fuori. Si occupa con /sub o /seat.
hand-check = { $hand }: { $fan } fan. { $valid ->
    [yes] Mano valida: arriva a 8 senza i fiori.
   *[no] { $reason ->
        [not_a_win] Queste tessere non formano una mano vincente.
       *[other] Non è una vittoria: meno di 8 fan senza i fiori.
    }
  }
hand-check-fan = { $name } — { $points }
discord-name-hu = hu
picture-score-sheet = Sessione { $session }, tavolo { $table }: il foglio segnapunti
picture-score-sheet-hand = Mano { $hand }
picture-score-sheet-corrected = Correzione
picture-score-sheet-penalty = Penalità
picture-score-sheet-lateness = Ritardo
picture-score-sheet-false-hu = Falso hu
picture-score-sheet-notile = Tessera non aggiunta
picture-score-sheet-total = Totale
picture-substituted = SOSTITUZIONE
tournaments-header = I tornei di questa chat (dal più recente):
tournaments-empty = Ancora nessun torneo: un arbitro lo crea con /tournament.
tournaments-row = { $tournament } — { $running ->
    [yes] in corso
   *[no] concluso
  }{ $started ->
    [none] {""}
   *[other] , creato { $started }
  }{ $finished ->
    [none] {""}
   *[other] , concluso { $finished }
  }; { $players ->
    [one] un giocatore
   *[other] { $players } giocatori
  }, { $sessions ->
    [one] una sessione
   *[other] { $sessions } sessioni
  }{ $winner ->
    [none] .
   *[other] ; ha vinto { $winner }.
  }
history-not-standing = (non più in vigore)
log-action-exclude = ha escluso un giocatore dalla classifica finale
log-action-rank = ha messo in classifica una riserva
discord-name-exclude = escludi
discord-name-rank = classifica-riserva
discord-name-tournaments = tornei
log-action-seating_withdrawn = ha ritirato il piano dei posti
delivery-ban-failed = La decisione su { $player } resta valida, ma questa chat non mi permette di bandire membri: deve farlo a mano un moderatore.
delivery-kick-failed = La decisione su { $player } resta valida, ma questa chat non mi permette di allontanare membri: deve farlo a mano un moderatore.
delivery-unban-failed = La decisione su { $player } resta valida, ma questa chat non mi permette di revocare il bando: deve farlo a mano un moderatore.
delivery-missing-right = Il permesso che mi manca: { $right }.
delivery-effect-why = Il motivo: { $reason }.
effect-reason-gone = non è un membro della chat
effect-reason-protected = si tratta di un amministratore o del proprietario, fuori dalla portata del bot
effect-reason-refused = { $platform } non lo ha permesso
effect-reason-too_old = il messaggio è troppo vecchio: { $platform } non permette più a un bot di rimuoverlo
effect-reason-unreachable = { $platform } non era raggiungibile, { $tries ->
        [one] dopo un tentativo
       *[other] dopo { $tries } tentativi
    }
right-mute = limitare i membri
right-ban = bandire i membri
right-kick = rimuovere i membri
right-delete = eliminare i messaggi
right-attach-files = allegare file
right-send-messages = inviare messaggi
button-report-dismiss = Archivia
button-report-warn = Ammonisci
button-report-mute = Silenzia 1 h
button-report-ban = Bandisci
log-action-rules_add = ha aggiunto una regola della chat
log-action-rules_edit = ha modificato una regola della chat
log-action-rules_remove = ha eliminato una regola della chat
log-action-warn = ha dato un'ammonizione
log-action-mute = ha silenziato un membro
log-action-unmute = ha restituito la parola a un membro
log-action-kick = ha allontanato un membro
log-action-ban = ha bandito un membro
log-action-unban = ha revocato un bando
log-action-dismiss = ha archiviato una segnalazione
log-action-reason = ha cambiato la motivazione di una decisione
log-action-stop_edit = ha cambiato la durata di un fermo
discord-name-rules = regole
discord-name-warn = ammonisci
discord-name-mute = silenzia
discord-name-unmute = ridai-parola
discord-name-kick = allontana
discord-name-ban = bandisci
discord-name-unban = revoca-bando
discord-name-report = segnala
discord-name-reports = segnalazioni
discord-name-dismiss = archivia
discord-name-reason = motivazione
log-action-ban_failed = non è riuscito a bandire un membro
log-action-kick_failed = non è riuscito ad allontanare un membro
log-action-unban_failed = non è riuscito a revocare un bando
discord-menu-report = Segnala ai moderatori
report-from-menu = tramite il menu del messaggio
log-action-flood_mute = ha vietato di scrivere a un membro per { $messages ->
    [none] i troppi messaggi
   *[other] aver mandato più di { $messages } messaggi in { $seconds } secondi
  }
discord-name-pass = verifica
discord-name-link = collega
log-action-link = ha collegato il gruppo dei moderatori come registro
measures-row = { $kind ->
    [mute] Divieto di scrivere
   *[ban] Bando dalla chat
  }: { $player } { $until ->
    [none] fino a revoca
   *[other] fino a { $until }
  }
profile-conduct = Condotta in chat: { $warnings } { $warnings ->
    [one] ammonizione
   *[other] ammonizioni
  } nell'arco di { $window_duration }{ $muted_until ->
    [none] {""}
   *[other] ; divieto di scrivere fino a { $muted_until }
  }{ $banned ->
    [yes] { $banned_until ->
        [none] ; bando dalla chat fino a revoca
       *[other] ; bando dalla chat fino a { $banned_until }
      }
   *[no] {""}
  }.
team-standings-header = { $teams ->
    [0] Squadre — { $tournament }: nessun giocatore ha ancora una squadra (/player @giocatore team="…").
   *[other] Squadre — { $tournament } (punti tavolo, punteggio):
  }
team-standings-row = { $rank }. { $team } — { NUMBER($tp, maximumFractionDigits: 2) } { $tp ->
    [one] punto tavolo
   *[other] punti tavolo
  }, punteggio { $score } ({ $players })
discord-name-clock = tempo

## Discord: le forme di un comando, ognuna un sottocomando, con il nome in ogni lingua
discord-form-show = mostra
discord-form-add = aggiungi
discord-form-edit = modifica
discord-form-remove = rimuovi
discord-form-member = membro
discord-form-report = segnalazione
discord-form-burraco = burraco
discord-form-mcr = mcr
discord-form-vp = vp
discord-form-scores = punteggi
discord-form-player = giocatore
discord-form-self = autopescata
discord-form-discarder = chi-scarta
discord-form-duration = durata
discord-form-stop = ferma

log-action-clock = ha regolato il tempo della sessione
log-action-log_link = ha chiesto un codice per collegare il gruppo dei moderatori
picture-chart-title-mcr = Punti tavolo, sessione per sessione
picture-chart-tp-total = Punti tavolo (totale)
picture-chart-tp = Punti tavolo per sessione
picture-chart-sessions = Sessioni
delivery-slowmode-failed = La modalità lenta resta com'era: questo server non mi permette di cambiarla.
right-slowmode = gestire i canali
log-action-slowmode = { $seconds ->
    [0] ha disattivato la modalità lenta di un canale
   *[other] ha impostato la modalità lenta di un canale a { $seconds ->
        [one] un secondo
       *[other] { $seconds } secondi
    }
  }
log-action-slowmode_failed = non è riuscito a impostare la modalità lenta di un canale
discord-name-slowmode = modalità-lenta
report-received-in-group = Segnalazione ricevuta: ora ce l'hanno i moderatori.
button-join-answer = rispondi
log-action-raid_on = ha avviato un raid
log-action-raid_off = ha chiuso un raid
log-action-join_removed = ha allontanato un nuovo membro che non ha superato la verifica
log-action-join_declined = ha respinto una richiesta di ingresso che non ha superato la verifica
log-action-join_answer_failed = non è riuscito a rispondere a una richiesta di ingresso
delivery-join-answer-failed = La decisione su { $player } resta valida, ma questo gruppo non mi permette di rispondere alla richiesta di ingresso: deve farlo a mano un moderatore.
right-invite = aggiungere membri
discord-form-seconds = secondi
discord-form-off = off
discord-name-raid = raid
