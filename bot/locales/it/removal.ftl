## Messaggi tolti dalla chat: /del, /purge, blocchi e parole vietate

command-del = rimuovi il messaggio a cui rispondi, e questo comando
command-purge = rimuovi gli ultimi messaggi (di un membro) visti qui dal bot
command-lock = da ora rimuovi i messaggi dei membri di un certo tipo
command-unlock = permetti di nuovo i messaggi dei membri di un certo tipo
command-blocklist = le parole e i domini rimossi dai messaggi dei membri
arg-ban_purge = messaggi tolti con un ban
arg-count = numero di messaggi
arg-what = cosa
arg-entry = parola o dominio
arg-change = aggiungi o togli
arg-blocklist = parole vietate
arg-locks = blocchi
lock-words = { $what ->
    [links] i link
    [invites] i link di invito
    [forwards] i messaggi inoltrati
    [stickers] gli sticker
    [media] foto, video e file
   *[channel-posts] i post pubblicati come canale
  }
block-action-words = { $action ->
    [warn] rimozione e ammonizione
    [mute] rimozione e divieto di scrivere
   *[delete] solo rimozione
  }
ruling-deleted = { $player ->
    [none] Messaggio rimosso dalla chat
   *[other] Messaggio di { $player } rimosso dalla chat
  }{ $reason ->
    [none] .
   *[other] : { $reason }.
  }
ruling-purged = { $count ->
    [0] { $player ->
        [none] Nessun messaggio recente da rimuovere
       *[other] Nessun messaggio recente di { $player } da rimuovere
      }
    [one] { $player ->
        [none] 1 messaggio rimosso dalla chat
       *[other] 1 messaggio di { $player } rimosso dalla chat
      }
   *[other] { $player ->
        [none] { $count } messaggi rimossi dalla chat
       *[other] { $count } messaggi di { $player } rimossi dalla chat
      }
  }{ $reason ->
    [none] .
   *[other] : { $reason }.
  }
ruling-message_removed = { $lock ->
    [none] Messaggio di { $player } rimosso: contiene "{ $blocked }", vietato in questa chat.
   *[other] Messaggio di { $player } rimosso: in questa chat { $lock } sono bloccati.
  }
ruling-locked = Blocco attivo: { $what }. D'ora in poi il messaggio di un membro che li contiene viene rimosso (quelli dei moderatori restano).
ruling-unlocked = Blocco tolto: { $what } sono di nuovo ammessi.
ruling-blocklist = { $change ->
    [add] Da ora vietato: "{ $entry }" ({ $action }).{ " " }
    [remove] Non più vietato: "{ $entry }".{ " " }
   *[none] {""}
  }{ $count ->
    [0] Nessuna parola vietata.
   *[other] Parole e domini vietati ({ $count }): { $entries }.
  }
blocklist-entry = "{ $entry }": { $action }
refused-needs_reply = /{ $command } si usa in risposta: { $platform ->
    [discord] rispondi con /{ $command } al messaggio da rimuovere, oppure scegli App → Elimina messaggio nel suo menu.
   *[other] rispondi con /{ $command } al messaggio da rimuovere.
  }
discord-command-del = rimuovi un messaggio di questo canale, indicato dal suo link o dal suo ID
refused-message_elsewhere = { $where ->
    [server] Quel link porta a un messaggio di un altro server
   *[channel] Quel messaggio è in un altro canale
  }: /{ $command } rimuove solo i messaggi del canale (o del thread) in cui lo usi.
refused-not_a_message_link = "{ $got }" non è né il link di un messaggio né il suo ID: copia il link dal menu del messaggio (Copia link del messaggio).
refused-too_old_to_delete = { $platform } non permette più a un bot di rimuovere questo messaggio: è stato inviato più di { $hours ->
    [one] un'ora
   *[other] { $hours } ore
  } fa. Un moderatore può ancora rimuoverlo dalla chat.
refused-already_locked = Questo blocco qui è già attivo.
refused-not_locked = Questo blocco qui non è attivo.
refused-blocklist_empty_entry = Scrivi la parola o il dominio da vietare.
refused-blocklist_entry_too_long = Una voce delle parole vietate ha al massimo 100 caratteri.
refused-blocklist_full = L'elenco delle parole vietate è pieno (200 voci): togline prima una.
refused-blocklist_unknown_entry = "{ $entry }" non è tra le parole vietate.
delivery-delete-failed = La decisione resta valida, ma questa chat non mi permette di rimuovere il messaggio: verificate che io possa eliminare i messaggi.
delivery-delete-too-old = La decisione resta valida, ma { $platform } non permette più a un bot di rimuovere il messaggio: è stato inviato troppo tempo fa. Un moderatore può ancora rimuoverlo dalla chat.
discord-name-del = elimina
discord-name-purge = ripulisci
discord-name-lock = blocca
discord-name-unlock = sblocca
discord-name-blocklist = parole-vietate
discord-menu-delete = Elimina messaggio
log-action-delete = ha rimosso un messaggio
log-action-purge = ha rimosso gli ultimi messaggi
log-action-lock = ha bloccato un tipo di messaggio
log-action-unlock = ha tolto un blocco
log-action-blocklist_add = ha aggiunto una parola vietata
log-action-blocklist_remove = ha tolto una parola vietata
log-action-message_removed = ha rimosso un messaggio contro un blocco o le parole vietate
log-action-delete_failed = non è riuscito a rimuovere un messaggio
