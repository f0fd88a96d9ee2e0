## Rifiuti: nulla è stato registrato; ognuno dice cosa non va e cosa ci si aspettava.

refused-generic = Non eseguito ({ $code }).
refused-unknown_command = Il comando /{ $command } non esiste. Prova /help.
refused-wrong_rulebook = /{ $command } appartiene a un altro regolamento: { $rulebook ->
    [mcr] questa chat è per i tornei MCR
    [burraco] questa chat è per il Burraco
   *[other] questa chat segue il regolamento "{ $rulebook_name }"
  }.
refused-not_moderator = Solo moderatori e arbitri possono farlo.
refused-text_too_long = Il messaggio è troppo lungo (al massimo { $limit } caratteri).
refused-missing_argument = Manca un argomento: { $arg }.
refused-unexpected_argument = Argomento inatteso: "{ $got }".
refused-expected_integer = { $arg }: serve un numero intero, non "{ $got }".
refused-integer_out_of_range = { $arg }: serve un numero { $maximum ->
    [none] da { $minimum } in su
   *[other] { $minimum ->
        [none] fino a { $maximum }
       *[other] tra { $minimum } e { $maximum }
    }
  }, non { $got }.
refused-expected_choice = { $choices ->
    [one] { $arg }: serve la parola { $options }, non "{ $got }".
   *[other] { $arg }: serve { $options }, non "{ $got }".
  }
refused-expected_word = Qui il comando vuole la parola { $options }, non "{ $got }".
refused-expected_mention = { $arg }: serve un membro indicato come @nome, non "{ $got }".
refused-expected_duration = { $arg }: serve una durata come 90m, 2h, 1h30m o 3d, non "{ $got }".
refused-duration_out_of_range = La durata "{ $got }" non va bene: deve essere maggiore di zero e al massimo 366 giorni.
refused-unknown_member = In questa chat non c'è nessun membro @{ $name }.
refused-unknown_lang = Lingua "{ $lang }" sconosciuta: { $known }.
refused-unknown_rulebook = Regolamento "{ $rulebook }" sconosciuto: { $known }.
refused-bad_ready_clock = tempo per chiudere lo score (ready_clock): serve on oppure off.

## Burraco
refused-unknown_table = In questa chat non c'è il tavolo { $table }.
refused-unknown_ruleset = Regolamento "{ $ruleset }" sconosciuto: fibur o fitab.
refused-unknown_format = Formato "{ $format }" sconosciuto: 1v1, coppie, 4in2 o giallo.
refused-unknown_side = Lato "{ $side }" sconosciuto: ns oppure eo.
refused-unknown_tally = Classifica "{ $tally }" sconosciuta: allenamento, ufficiale o tutte.
refused-hands_not_allowed = Una partita ha 2, 3 o 4 smazzate, non { $hands }.
refused-final_only_giallo = La finale esiste solo nel Giallo Matto.
refused-giallo_hands = Il Giallo Matto si gioca su 3 smazzate, o 4 con la finale; non { $hands }.
refused-giallo_needs_vp = Nel Giallo Matto il risultato si dà con i VP di ciascuno: /result { $table } vp @giocatore VP @giocatore VP…
refused-vp_by_player_only_giallo = Solo nel Giallo Matto si indicano i giocatori; qui si scrive /result { $table } vp <VP Nord-Sud> <VP Est-Ovest>.
refused-vp_players_mismatch = Indica i VP esattamente dei giocatori del tavolo { $table }: { $expected }.
refused-vp_out_of_range = I Victory Points vanno da 0 a 20, non { $vp }.
refused-vp_not_summing_to_20 = I VP delle due parti devono fare 20 in totale ({ $vp } = { $total }).
refused-difference_not_integer = La differenza di punti è un numero intero.
refused-stopped = Sei in fermo fino a { $until }: nessun tavolo fino ad allora.
refused-card = Il tuo cartellino giallo non è ancora scontato: restano { $remaining_clock } a schermo.
refused-already_seated = Sei già al tavolo { $table }.
refused-seated_elsewhere = Stai già giocando al tavolo { $table }.
refused-too_many_open_tables = Hai già { $limit } { $limit ->
    [one] tavolo vuoto aperto
   *[other] tavoli vuoti aperti
  } ({ $tables }), il massimo che questa chat consente: { $limit ->
    [1] gioca a quel tavolo o chiudilo con /close
   *[other] gioca a uno di questi o chiudine uno con /close
  } prima di aprirne un altro.
refused-closed_table_seat_taken = Il tavolo { $table } non può riaprire: { $player } gioca ora al tavolo { $elsewhere }.
refused-match_in_progress = Al tavolo { $table } si sta già giocando.
refused-table_full = Il tavolo { $table } è al completo.
refused-side_full = Al tavolo { $table } il lato { $side ->
    [ns] Nord-Sud
   *[ew] Est-Ovest
  } è al completo.
refused-match_not_started = La partita al tavolo { $table } non è ancora cominciata: posti occupati { $seated } su { $seats }.
refused-match_null = La partita del tavolo { $table } è nulla (abbandonata).
refused-match_over = La partita del tavolo { $table } è finita.
refused-all_hands_recorded = Tutte le { $hands } smazzate del tavolo { $table } sono registrate.
refused-not_seated = Non hai un posto al tavolo { $table }.
refused-no_ready_window = Il tavolo { $table } non sta aspettando che si chiuda lo score.
refused-no_result_reported = Al tavolo { $table } nessun risultato attende conferma.
refused-result_already_confirmed = Il risultato del tavolo { $table } è già confermato.
refused-not_other_side = Solo l'altra parte (o un moderatore) può confermare o contestare il risultato del tavolo { $table }.
refused-card_not_on_screen = Non hai un cartellino a schermo.
refused-not_stopped = Per questo membro non c'è nessun fermo in corso.
refused-no_warning_for_table = { $player } non ha ammonizioni da cancellare per il tavolo { $table }.
refused-no_such_warning = Questa ammonizione non esiste.
refused-warning_already_annulled = Questa ammonizione è già cancellata.
refused-warning_counts_invalid = Conteggio delle ammonizioni non valido.
refused-duration_not_positive = La durata di un fermo deve essere maggiore di zero.

## Tabelle VP
refused-not_toml = Il file della tabella VP non è TOML valido.
refused-provisional_flag_missing = Il file della tabella VP deve dire se è provvisorio.
refused-provenance_missing = Il file della tabella VP deve indicarne la provenienza.
refused-no_tables = Il file della tabella VP non contiene tabelle.
refused-too_few_bands = Una tabella VP va dal 10-10 al 20-0.
refused-malformed_band = Lo scaglione { $band } della tabella a { $hands } smazzate è malformato.
refused-vp_not_consecutive = Lo scaglione { $band } della tabella a { $hands } smazzate ({ $vp }) deve dare un VP più del precedente.
refused-bands_not_increasing = Lo scaglione { $band } della tabella a { $hands } smazzate non supera il precedente.
refused-first_band_negative = Il primo scaglione non può finire sotto zero.
refused-first_band_not_10_10 = Il primo scaglione deve essere 10-10.
refused-last_band_not_20_0 = L'ultimo scaglione deve essere 20-0.

## MCR
refused-no_tournament = Nessun torneo in corso: un arbitro lo crea con /tournament <nome> <sessioni>.
refused-tournament_name_empty = Un torneo ha bisogno di un nome.
refused-sessions_out_of_range = Un torneo ha da 1 a 99 sessioni, non { $sessions }.
refused-no_players_named = Indica i giocatori con @nome.
refused-is_substitute = { $player } figura tra le riserve: non si può iscrivere.
refused-session_already_open = La sessione { $session } è ancora aperta: chiudila prima.
refused-no_sessions_left = { $sessions ->
    [one] L'unica sessione del torneo è già stata giocata.
    [2] Entrambe le sessioni del torneo sono già state giocate.
   *[other] Le { $sessions } sessioni del torneo sono già state giocate tutte.
  }
refused-no_open_session = Nessuna sessione aperta: /session inizio.
refused-no_session_started = Nessuna sessione è ancora cominciata.
refused-seat_needs_four_distinct = A un tavolo siedono quattro giocatori diversi.
refused-table_number_invalid = I tavoli si numerano da 1.
refused-not_registered = { $player } non risulta tra gli iscritti al torneo.
refused-player_disqualified = Per { $player } c'è una squalifica dal torneo.
refused-player_already_seated = { $player } occupa già un posto a un altro tavolo.
refused-table_already_scored = Il tavolo { $table } ha già il punteggio di questa sessione.
refused-score_needs_four = I punteggi di un tavolo sono quattro numeri: Est, Sud, Ovest, Nord.
refused-table_needs_four = I punti tavolo richiedono quattro posti.
refused-forced_seat_unknown = Quei posti non sono al tavolo.
refused-points_required = La sanzione dell'arbitro (altro) richiede i punti: /violation @giocatore altro <punti>.
refused-ladder_step_invalid = Gradino della scala non valido.
refused-ladder_not_monotonic = La scala delle penalità non può scendere.
refused-ladder_negative = La scala delle penalità non può avere punti negativi.
refused-minutes_not_positive = Il ritardo è un numero di minuti maggiore di zero.
refused-unknown_violation = Infrazione "{ $kind }" sconosciuta.
refused-unknown_dead_hand = Tipo di mano morta "{ $kind }" sconosciuto.
refused-unknown_false_hu = Falso hu "{ $variant }" sconosciuto: sotto8 (meno di 8 punti) o non-valida (mano non valida).
refused-unknown_sub_reason = Motivo di sostituzione "{ $reason }" sconosciuto: ritardo, malattia-prima (malattia prima della sessione), malattia-durante (malattia durante la sessione) o squalifica.
refused-substitute_is_registered = { $player } figura tra gli iscritti, non tra le riserve.
refused-not_disqualified_for_lateness = In questa sessione non c'è una squalifica per ritardo di { $player }.
refused-not_disqualified = Per { $player } non c'è nessuna squalifica.
refused-already_disqualified = Per { $player } c'è già una squalifica.
refused-unknown_ruling = Non esiste la decisione n. { $ruling }.
refused-ruling_not_appealable = Contro la decisione n. { $ruling } non si può ricorrere.
refused-appeal_text_empty = Spiega il motivo del ricorso.
refused-appeal_pending = Un ricorso contro la decisione n. { $ruling } è già in attesa.
refused-unknown_appeal = Non esiste il ricorso n. { $appeal }.
refused-appeal_already_resolved = Il ricorso n. { $appeal } è già stato deciso.
refused-unknown_decision = Scrivi conferma (ricorso respinto) oppure ribalta (ricorso accolto).

refused-expected_setting = Le impostazioni si scrivono chiave=valore, una tra: { $options }; non "{ $got }".
refused-unknown_time_zone = "{ $got }" non è un fuso orario (come Europe/Rome).

## Proposte
refused-proposal_settled = Questa proposta è già stata confermata o respinta.
refused-proposal_expired = Questa proposta è scaduta: invia di nuovo il comando.
refused-expected_channel = { $arg }: indica un canale menzionandolo (scrivi # e sceglilo, Discord lo scrive <#…>) o con il suo id, non "{ $got }".
refused-ambiguous_member = Ci sono due membri che si chiamano @{ $name }: rispondi con il comando a un messaggio della persona giusta, o sceglila dai suggerimenti.
refused-already_scored = Il tavolo { $table } ha già un punteggio registrato: per cambiarlo usa /correct.
refused-not_zero_sum = La somma dei quattro punteggi del tavolo { $table } è { $total }, non 0: in MCR i pagamenti fanno sempre zero (le penalità le aggiunge il bot, non vanno inserite con /score).
refused-points_only_for_other = Solo per l'infrazione "altro" si indicano i punti; la penalità per "{ $kind }" la stabilisce la scala.
refused-points_out_of_range = I punti per "altro" vanno da { $minimum } a { $maximum }, non { $points }.
refused-already_recorded = Il ritardo di { $player } in questa sessione è già registrato.
refused-tournament_running = Il torneo "{ $tournament }" è ancora in corso: prima chiudilo con /finish dopo l'ultima sessione.
refused-tournament_not_over = Il torneo non è finito: { $session ->
    [0] { $sessions ->
        [1] l'unica sessione non è ancora stata giocata.
       *[other] delle { $sessions } sessioni non se n'è ancora giocata nessuna.
    }
   *[other] sessione { $session } di { $sessions }.
  }
refused-self_lift = Il tuo fermo può revocarlo solo un altro moderatore.
refused-already_registered = Iscrizione già presente: { $players }.
refused-disputed_result = Il risultato del tavolo { $table } è contestato: decide un moderatore, con /confirm { $table } o /correct { $table } ….
refused-tournament_started = Il torneo è già cominciato: per sostituire chi non può continuare usa /sub.
refused-rulebook_in_use = Il regolamento non si cambia con tavoli aperti o un torneo in corso.
refused-no_result_to_correct = Il tavolo { $table } non ha ancora un risultato da correggere.
refused-nothing_to_change = Non cambia nulla: è già così.
refused-not_scored = Il tavolo { $table } non ha ancora un punteggio: si registra con /score.
refused-not_your_ruling = Può fare ricorso contro la decisione n. { $ruling } solo il giocatore interessato (o un moderatore per suo conto).
refused-session_running = Il ricorso n. { $appeal } si esamina a fine sessione { $session }: il bot lo ricorderà agli arbitri.

## Ritirare una decisione
refused-not_undoable = La decisione n. { $ruling } non si ritira con /undo: { $hint ->
    [seats] posti, tavoli, sessioni e iscrizioni si cambiano con i loro comandi (/stand, /close, /seat, /sub, /unregister).
    [settings] le impostazioni si cambiano di nuovo con /settings.
    [kicked] un allontanamento non si ritira: il membro può semplicemente rientrare.
    [flood_muted] a chi ha scritto troppi messaggi si restituisce la parola con /unmute.
    [report] una segnalazione si archivia con /dismiss, o si tratta con i suoi pulsanti.
    [undone] un ritiro non si annulla: si prende di nuovo la decisione.
    [seating_plan] i posti si sorteggiano di nuovo con /seating (con lo stesso numero si ottengono gli stessi posti).
   *[consequence] deriva da un'altra decisione, o è un avviso del bot; ritira la decisione da cui deriva.
  }
refused-already_undone = La decisione n. { $ruling } è già stata ritirata.
refused-superseded = La decisione n. { $ruling } è stata sostituita{ $by ->
    [none] {" "}da una successiva: prima ritira quella
   *[other] {" "}dalla decisione n. { $by }: prima ritira la n. { $by }
  } con /undo.
refused-tournament_begun = Il torneo "{ $tournament }" è cominciato: un torneo si annulla solo prima della prima sessione; ora si chiude con /finish.
refused-earlier_tournament = La decisione n. { $ruling } riguarda un torneo precedente, ormai chiuso.
refused-no_such_stop = Quel fermo non risulta più.
refused-integer_too_large = { $arg }: { $got } è un numero troppo grande.
refused-integer_too_small = { $arg }: { $got } è un numero troppo piccolo.
refused-player_stopped = Per { $player } c'è un fermo fino a { $until }: fino ad allora non si aprono tavoli, non si prende posto e non ci si iscrive.
refused-not_last_hand = Si può ritirare solo l'ultima smazzata registrata al tavolo { $table }, finché la partita è in corso.
refused-report_stands = Questa comunicazione è già diventata il risultato del tavolo { $table } con la decisione n. { $ruling }: per ritirare quel risultato, /undo { $ruling }.
refused-player_not_seated = { $player } non ha un posto a nessun tavolo in questa sessione.
refused-match_void = La partita del tavolo { $table } è annullata: per correggerne il risultato, prima ritira l'annullamento (/undo con il suo numero).
refused-under8 = { $flowers ->
    [0] { $fan } fan non bastano per vincere
   *[other] { $fan } fan, di cui { $flowers } per i fiori, non bastano per vincere
  }: una mano ne richiede almeno 8 senza contare i fiori. L'arbitro decide tra un falso hu (/falsehu) e un conteggio corretto.
refused-not_at_table = { $player } non ha un posto al tavolo { $table }.
refused-discarder_is_winner = Chi vince non può essere anche chi ha scartato: per una mano in autopescata si scrive "autopescata".
refused-kept_by_hand = Al tavolo { $table } il punteggio si registra mano per mano: il foglio è la somma delle mani a fine sessione.
refused-ema_number_invalid = Un numero EMA ha 8 cifre, come 04010001, non "{ $ema }".
refused-name_empty = Indica il vero nome del giocatore, come first="Anna" last="Rossi" o name="Anna Rossi".
refused-seating_needs_fours = { $players ->
    [0] Non risulta ancora nessun iscritto: un tavolo vuole quattro giocatori.
   *[other] { $players ->
        [one] Un giocatore solo non riempie un tavolo da quattro
       *[other] { $players } giocatori non riempiono tavoli da quattro
    }: { $needed ->
    [one] serve un altro giocatore (una riserva).
   *[other] servono altri { $needed } giocatori (riserve).
  }
  }
refused-no_seating_plan = Per la sessione { $session } non c'è un piano dei posti: un moderatore lo sorteggia con /seating.
refused-unknown_tile = "{ $tile }" non è una tessera ({ $hand }): le tessere sono 1–9 con m (caratteri), p (cerchi) o s (bambù), e 1–7 con z (i venti E, S, W, N, poi i draghi rosso, verde, bianco), come [123m][555z]456p789s11z 1z.
refused-bad_meld = { $meld } non è né un chow, né un pung, né un kong.
refused-hand_notation = "{ $hand }" non è scritta come una mano: prima le combinazioni scoperte tra parentesi quadre, i kong nascosti tra graffe, poi le tessere nascoste con quella vincente, poi dopo uno spazio la tessera vincente, come [123m][555z]456p789s11z 1z.
refused-hand_tile_count = Una mano finita ha 14 tessere, più una per ogni kong: qui { $expected }, non { $tiles }.
refused-not_a_concealed_kong = { $meld }: tra parentesi graffe va un kong nascosto, quattro tessere uguali come {"{"}5555z{"}"}.
refused-repeated_option = { $arg }: compare due volte ("{ $got }"); si può indicare una volta sola.
refused-bad_flowers = { $arg ->
    [flowers] fiori (flowers=)
   *[other] { $arg }
  }: da 0 a 8, non "{ $got }".
refused-bad_wind = { $arg ->
    [seat] vento del posto (seat=)
    [round] vento prevalente (round=)
   *[other] { $arg }
  }: E, S, W o N, non "{ $got }".
refused-unknown_option = Opzione sconosciuta: "{ $got }"; le opzioni sono { $options }.
refused-duration_too_short = { $arg }: almeno { $least_duration }, non "{ $got }".
refused-impossible_flags = { $flags }: non possono valere insieme per la stessa mano (l'ultima tessera del muro non sostituisce un kong, e a muro finito non si può rubare un kong).
refused-replacement_without_kong = { $flags }: «Chiusura con tessera di rimpiazzo» si ha vincendo con la tessera pescata per rimpiazzare un proprio kong, e in questa mano non c'è nessun kong.
refused-robbed_tile_held = { $flags }: Rubare il kong vuol dire chiudere con il quarto { $tile }, quello che un altro giocatore aggiunge al suo pung esposto; chi chiude quindi non può avere un altro { $tile }, e questa mano ce l'ha.
refused-last_tile_held = { $flags }: «Ultima tessera» si ha vincendo su un { $tile } di cui gli altri tre sono già in vista (scartati o esposti), ma questa mano ha un altro { $tile } tra le tessere coperte.
refused-flowers_over_fan = I fiori ({ $flowers }) non possono essere più dei fan ({ $fan }) di cui fanno parte.
refused-bad_country = "{ $country }" non è un codice di paese dei risultati EMA: due lettere, come IT, RU o DE (UK per il Regno Unito).
refused-duplicate_ema = Il numero EMA { $ema } è già di { $holder }.
refused-seat_empty = Il tavolo { $table } ha un posto vuoto ({ $players } è fuori): prima va occupato con /sub o /seat.
refused-fifth_tile = Nel gioco ci sono solo quattro { $tile }.
refused-win_not_in_hand = La tessera vincente { $tile } va scritta anche tra le tessere nascoste.
refused-later_session_started = È già cominciata la sessione { $session }: ritira prima il suo inizio (/undo con il numero della decisione).
refused-session_ended_first = La sessione { $session } è già finita: ritira prima la fine, poi l'inizio.
refused-session_has_records = Nella sessione { $session } ci sono già fogli segnapunti, mani, penalità o sostituzioni: ritira prima quelli, oppure lascia la sessione com'è.
refused-session_not_played = La sessione { $session } non si è giocata: il torneo è arrivato alla sessione { $last }.
refused-unknown_tournament = In questa chat non c'è nessun torneo chiamato "{ $tournament }": l'elenco si vede con /tournaments.
refused-already_excluded = L'esclusione di { $player } dalla classifica finale è già registrata.
refused-not_replaced_for_illness = Per { $player } non c'è una sostituzione per malattia: solo in quel caso si esclude un giocatore dalla classifica finale.
refused-not_a_substitute = { $player } non è una riserva di questo torneo.
refused-already_ranked = { $player } è già in classifica.
refused-not_every_session = { $player } non ha giocato tutte le sessioni dalla prima (mancano: { $sessions }), quindi non entra in classifica.
refused-table_closed = Il tavolo { $table } è chiuso: per giocare se ne apre un altro con /open.
refused-tournament_finished = Il torneo "{ $tournament }" è concluso: le sue sessioni non si riaprono e non si ritirano più (un foglio in ritardo si registra con /score … session=N).
refused-finish_session_open = La sessione { $session } è ancora aperta: chiudila con /session fine, poi /finish.
refused-nothing_scored = Nessun tavolo di questo torneo ha ancora un punteggio, quindi non ci sono risultati da dare: registra ogni tavolo con /score … session=N, poi /finish.
refused-nobody_registered = In questo torneo non c'è ancora nessun iscritto, quindi la sessione non può cominciare: iscrivi i giocatori con /register @giocatore …, poi /session inizio.
refused-later_tournament = Il torneo "{ $tournament }" non si può più riaprire: nel frattempo è stato creato un altro torneo.
refused-target_is_bot = { $name } è un bot: le misure della chat valgono per i membri.
refused-unknown_rule = Nelle regole di questa chat non c'è la regola { $rule }: le elenca /rules.
refused-unknown_report = La decisione n. { $ruling } non è una segnalazione: quelle aperte le elenca /reports.
refused-report_settled = La segnalazione n. { $ruling } è già stata trattata.
refused-not_muted = Per questo membro non c'è nessun divieto di scrivere in chat (un fermo si revoca con /lift).
refused-not_banned = Per questo membro non c'è nessun bando.
refused-not_a_stop = La decisione n. { $ruling } non è un fermo dato da un moderatore: solo quelli si modificano.
refused-stop_over = Quel fermo è già terminato.
refused-bad_ladder = Scala delle misure: "{ $got }" non è un gradino. Scrivi i gradini così: "2:mute 1h, 3:stop 24h, 4:ban" — numeri crescenti, una durata per "mute" e "stop".
refused-page_out_of_range = La pagina { $page } non c'è: { $pages ->
    [one] ce n'è solo una.
   *[other] le pagine sono { $pages }.
  }
refused-expected_date = { $arg }: scrivi il giorno come 2026-06-01, non "{ $got }".
refused-bad_flood = limite di messaggi (flood): "{ $got }" non è valido. Si scrive messaggi/secondi, come 5/10 (da 2 a 100 messaggi, in un intervallo da 1 a 600 secondi), oppure off.
refused-no_join_check = Non c'è nessuna verifica in corso: puoi già scrivere qui.
refused-check_in_group = La verifica si supera nel gruppo, con il pulsante sotto il suo messaggio: premilo lì.
refused-unknown_link = Quel codice non collega niente: chiedine uno nuovo con "/settings log" nella chat di cui questo gruppo deve essere il registro.
refused-protected = { $why ->
    [self] Una misura che ti riguarda la decide un altro moderatore.
    [bot] { $name } è un bot: le misure della chat valgono per i membri.
   *[other] { $name } modera questa chat: contro un moderatore non si prende nessuna misura, comunque venga chiesta (un'ammonizione sì).
  }
refused-no_reason = La decisione n. { $ruling } non ha una motivazione da cambiare.
refused-appeal_privately = Il ricorso contro una misura si scrive nella chat privata con il bot: /appeal { $ruling } e le tue ragioni.
refused-not_your_measure = La decisione n. { $ruling } non è una misura che ti riguarda: il ricorso spetta a chi la riceve.
refused-log_taken = Questo gruppo è già il registro dei moderatori di un'altra chat: ne serve una sola alla volta (i moderatori di quella chat possono scollegarlo con "/settings log=off").
refused-self_report = Una segnalazione riguarda sempre un altro membro, non chi la fa: la leggono i moderatori.
refused-reporter_restricted = Finché hai un divieto di scrivere o un bando in questa chat, non puoi fare segnalazioni: prima viene la misura dei moderatori su di te.
refused-report_duplicate = Hai già fatto questa segnalazione (n. { $ruling }): i moderatori l'hanno ricevuta, e resta aperta finché non la trattano.
refused-team_name = Il nome di una squadra ha da 1 a 60 caratteri, non "{ $team }".
refused-no_clock = Ora non corre nessun tempo: un arbitro lo fa partire con /clock 2h.
refused-seating_after_start = Il torneo è già cominciato: il piano dei posti non si sorteggia più; un tavolo si compone a mano con /seat N @est @sud @ovest @nord.
refused-nobody_to_separate = { $separate ->
    [team] Nessun giocatore ha ancora una squadra: indica la squadra di ciascuno con /player @giocatore team="…", poi sorteggia con separate=squadra.
   *[other] Nessun giocatore ha ancora un paese indicato: indica il paese di ciascuno con /player @giocatore country=IT, poi sorteggia con separate=paese.
  }
refused-seating_view_options = /seating { $session } mostra soltanto la sessione { $session }: draw= e separate= si usano con /seating senza numero, che sorteggia il piano.
refused-no_such_session = Il torneo ha { $sessions ->
    [one] una sola sessione
   *[other] { $sessions } sessioni
  }: la sessione { $session } non esiste.
refused-clock_over = Il tempo è scaduto ({ $ended_at }): un arbitro chiude la sessione con /session fine o concede altro tempo con /clock 10m.
refused-clock_too_long = Il tempo di una sessione non può superare { $hours ->
    [one] un'ora
   *[other] le { $hours } ore
  }: scrivi per esempio /clock 2h o /clock 1h30m.
refused-slowmode_unsupported = Su Telegram nessun bot può impostare la modalità lenta (la Bot API non la prevede): la imposta un amministratore nelle impostazioni del gruppo.
refused-slowmode_too_long = secondi: al massimo { $limit } (la modalità lenta di Discord arriva a 6 ore), non { $got }.
refused-no_moderator_reachable = Al momento nessun moderatore può ricevere la segnalazione: questa chat non ha un registro dei moderatori e { $platform ->
    [discord] nessun moderatore accetta messaggi diretti da me.
   *[other] nessun moderatore ha una chat privata aperta con me.
  } Non è partito niente: parlane direttamente con un moderatore.
refused-report_limit = Hai già fatto { $reports } { $reports ->
    [one] segnalazione
   *[other] segnalazioni
  } nell'arco di { $window_duration }, il massimo che questa chat consente: i moderatori hanno già tutto. Potrai segnalare di nuovo più tardi.
refused-report_reason_needed = { $where ->
    [log] Serve un motivo con parole tue: scrivi qui, in questo gruppo, /{ $command } report={ $ruling } e il motivo (oppure rule=N per una regola della chat).
   *[other] Serve un motivo con parole tue: /{ $command } report={ $ruling } e il motivo (oppure rule=N per una regola della chat).
  } Le parole di chi segnala restano tra i moderatori.
refused-bad_report_limit = report_limit: "{ $got }" non è un limite. Scrivilo come segnalazioni/durata, per esempio 5/1h (da 1 a 100 segnalazioni), oppure off.
refused-raid_running = C'è già un raid in corso, fino a { $until }: lo chiude il comando "/raid off".
refused-no_raid = Non c'è nessun raid da chiudere.
refused-raid_off_duration = Il comando "/raid off" non vuole una durata: chiude il raid subito.
refused-bad_raid_joins = raid_joins: "{ $got }" non è un limite. Scrivilo come ingressi/secondi, per esempio 10/60s (da 2 a 1.000 ingressi, in 1-3.600 secondi), oppure off.
refused-check_in_private = Questa verifica si supera nella chat privata con me, dove è arrivata la domanda.
refused-check_not_asked = La domanda della verifica sta arrivando: rispondi con i suoi pulsanti fra qualche secondo.
refused-check_answer_needed = Rispondi con uno dei pulsanti sotto la domanda (oppure scrivi /pass e il numero).
