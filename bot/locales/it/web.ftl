## Le pagine web pubbliche, e /web che ne dà l'indirizzo.

ruling-web_page = { $rotated ->
    [yes] La pagina pubblica ha un nuovo indirizzo: { $url } Quello vecchio non funziona più.
   *[no] La pagina pubblica della community (classifiche, decisioni, sospensioni): { $url }
  }
web-page-off = La pagina pubblica qui non è attiva: la attiva chi gestisce il bot. L'indirizzo resta pronto per allora.
log-action-web_rotated = ha dato un nuovo indirizzo alla pagina pubblica
arg-action = azione
web-community = { $rulebook ->
    [mcr] Torneo MCR
   *[burraco] Circolo di Burraco
  }
web-sections = Sezioni
web-section-standings = Classifica
web-section-rulings = Decisioni
web-section-stops = Sospensioni e cartellini
web-section-display = Schermo del torneo
web-tallies = Classifiche
web-tally-all = Tutte le partite
web-tally-official = Partite ufficiali
web-tally-training = Allenamento
web-col-rank = N.
web-col-player = Giocatore
web-col-points = Punti
web-col-matches = Partite
web-col-average = Media
web-col-tp = Punti tavolo
web-col-score = Punteggio
web-disqualified = squalifica
web-substituted = sostituzione
web-no-standings = Ancora nessun risultato.
web-no-rulings = Ancora nessuna decisione.
web-no-stops = Nessuna sospensione e nessun cartellino da scontare.
web-no-tournament = Non c'è un torneo in corso.
web-ruling-number = Decisione n. { $number }
web-reversed = non più valida
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
web-not-found = A questo indirizzo non c'è nessuna pagina. Chiedi il link a un moderatore della tua community.
web-bad-query-title = Indirizzo non valido
web-bad-query = Questo indirizzo non si può mostrare: { $problem }
web-bad-parameter = questa pagina non ha l'opzione «{ $parameter }».
web-bad-lang = la lingua dev'essere it, ru o en, non «{ $lang }».
web-bad-page = la pagina dev'essere un numero intero da 1 in su, non «{ $page }».
web-bad-tally = la classifica è all, official o training, non «{ $tally }».
discord-name-web = web
command-web = l'indirizzo della pagina pubblica della community
