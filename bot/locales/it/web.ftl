## Le pagine web pubbliche, e /web che ne dà l'indirizzo.

ruling-web_page = { $rotated ->
    [yes] La pagina pubblica ha un nuovo indirizzo: { $url } Quello vecchio non funziona più.
   *[no] La pagina pubblica del vostro gruppo (classifiche, decisioni, fermi): { $url }
  }
web-page-off = Qui la pagina pubblica non è attiva: può attivarla chi gestisce il bot. { $rotated ->
    [yes] Il suo indirizzo è stato cambiato, e quello vecchio non funzionerà.
   *[no] Appena attivata, sarà raggiungibile con /web.
  }
log-action-web_rotated = ha dato un nuovo indirizzo alla pagina pubblica
web-community = { $rulebook ->
    [mcr] Torneo MCR
    [burraco] Club di Burraco
   *[other] { $rulebook_name }
  }
button-web = Apri la pagina
web-sections = Sezioni
web-section-standings = Classifica
web-section-rulings = Decisioni
web-section-stops = Fermi e cartellini
web-section-display = Schermo del torneo
web-tallies = Classifiche
web-tally-all = Tutte le partite
web-tally-official = Partite ufficiali
web-tally-training = Allenamento
web-col-rank = Pos.
web-col-player = Giocatore
web-col-points = Punti
web-col-matches = Partite
web-col-average = Media VP
web-col-tp = Punti tavolo
web-col-score = Punteggio
web-disqualified = squalifica
web-substituted = sostituzione
web-no-standings = Ancora nessun risultato.
web-no-rulings = Ancora nessuna decisione.
web-stop-why = { $stop } — { $why }
web-why-manual = decisione di un moderatore
web-why-expulsion = espulsione
web-why-disqualification = squalifica
web-no-stops = Nessun fermo e nessun cartellino da scontare.
web-no-tournament = Non c'è un torneo in corso.
web-ruling-number = Decisione n. { $number }
web-reversed = non più in vigore
web-pages = Pagine
web-page-of = Pagina { $page } di { $pages }
web-newer = Decisioni più recenti
web-older = Decisioni precedenti
web-chart = I risultati di { $player }, partita per partita
web-session = sessione { $session } di { $sessions }
web-tables = Tavoli
web-table = Tavolo { $table }
web-wind-e = E
web-wind-s = S
web-wind-w = O
web-wind-n = N
web-footer = Arbitro · sola lettura
web-not-found-title = Pagina non trovata
web-not-found = A questo indirizzo non c'è nessuna pagina. Chiedi il link a un moderatore del tuo gruppo.
web-bad-query-title = Indirizzo non valido
web-bad-query = Impossibile mostrare questa pagina: { $problem }
web-busy-title = Troppe richieste
web-busy = In questo momento molte persone stanno leggendo queste pagine. Riprova tra qualche secondo.
web-fault-title = Si è verificato un errore
web-fault = Non è stato possibile mostrare questa pagina per un errore nostro. Riprova più tardi.
web-bad-lang = la lingua dev'essere it, ru o en, non "{ $lang }".
web-bad-page = il numero di pagina dev'essere un intero da 1 in su, non "{ $page }".
web-bad-tally = nell'indirizzo, tally dev'essere all (tutte le partite), official (partite ufficiali) o training (allenamento), non "{ $tally }".
discord-name-web = web
command-web = l'indirizzo della pagina pubblica del gruppo
web-reason-hidden = motivo non pubblicato
web-no-such-page = { $pages ->
    [one] c'è una sola pagina
   *[other] le pagine sono { $pages }
  }, non { $page }.
web-moved = Questa pagina ha cambiato indirizzo: chiedi il nuovo a un moderatore.
web-tournaments = Tornei
web-tournament-running = in corso
web-bad-tournament = qui non c'è un torneo numero { $tournament }.
web-next-session = prossima: sessione { $session } di { $sessions }
web-next-seats = Posti della sessione { $session }
web-clock = Tempo rimanente della sessione
web-clock-over = Tempo scaduto
web-so-far = parziale
web-no-tables = Ancora nessun tavolo.
web-find-table = Trova il tuo tavolo
web-seat-empty = posto vuoto, da assegnare
web-table-wind = tavolo { $table } · { $wind }
web-bad-every = il tempo per pagina dev'essere da 3 a 120 secondi, non "{ $every }".
web-seat-now = Adesso: sessione { $session }, tavolo { $table }, { $wind }.
web-seat-next = Prossima: sessione { $session }, tavolo { $table }, { $wind }.
web-sessions = Sessione per sessione
web-stage = Sessione { $session }, tavolo { $table }
web-stage-playing = in corso
web-stage-planned = da giocare
web-stage-with = Con { $opponents }
web-stage-result = Punteggio { $score }, punti tavolo { $tp }
web-wind-name-e = Est
web-wind-name-s = Sud
web-wind-name-w = Ovest
web-wind-name-n = Nord
web-print-title = { $tournament }, sessione { $session }: segnatavoli e fogli segnapunti
web-print-sheet = Foglio segnapunti, tavolo { $table }, sessione { $session }
web-print-hand = Mano
web-print-fan = Fan
web-print-winner = Chi vince
web-print-from = Chi scarta
web-print-total = Totale
web-print-signatures = Firme
web-print-nothing = Non ci sono ancora tavoli da stampare: i posti si sorteggiano con /seating.
web-print-link = Segnatavoli e fogli segnapunti da stampare
web-bad-session = il numero di sessione dev'essere un intero da 1 in su, non "{ $session }".
web-final-standings = classifica finale
