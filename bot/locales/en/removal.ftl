## Messages taken out of the chat: /del, /purge, locks and the blocklist (bot.handlers.removal, bot.handlers.locks)

command-del = remove the message you reply to, and this command
command-purge = remove the latest messages (of one member) the bot has seen here
command-lock = remove members' messages of one kind from now on
command-unlock = allow members' messages of one kind again
command-blocklist = the words and domains removed from members' messages
arg-count = number of messages
arg-what = what
arg-entry = word or domain
arg-change = add or remove
arg-blocklist = blocklist
arg-locks = locks
lock-words = { $what ->
    [links] links
    [invites] invitation links
    [forwards] forwarded messages
    [stickers] stickers
    [media] pictures, videos and files
   *[channel-posts] posts made as a channel
  }
block-action-words = { $action ->
    [warn] removed, with a warning
    [mute] removed, with a mute
   *[delete] removed
  }
ruling-deleted = { $player ->
    [none] A message is removed from the chat
   *[other] A message of { $player } is removed from the chat
  }{ $reason ->
    [none] .
   *[other] : { $reason }.
  }
ruling-purged = { $count ->
    [0] { $player ->
        [none] I have seen no recent message here to remove
       *[other] I have seen no recent message of { $player } to remove
      }
    [one] { $player ->
        [none] 1 message is removed from the chat
       *[other] 1 message of { $player } is removed from the chat
      }
   *[other] { $player ->
        [none] { $count } messages are removed from the chat
       *[other] { $count } messages of { $player } are removed from the chat
      }
  }{ $reason ->
    [none] .
   *[other] : { $reason }.
  }
ruling-message_removed = { $lock ->
    [none] A message of { $player } is removed: it contains "{ $blocked }", which this chat blocks.
   *[other] A message of { $player } is removed: { $lock } are locked in this chat.
  }
ruling-locked = Lock on: { $what }. From now on a member's message with them is removed (moderators' messages stay).
ruling-unlocked = Lock off: { $what } are allowed again.
ruling-blocklist = { $change ->
    [add] Blocked from now on: "{ $entry }" (the message is { $action }).{ " " }
    [remove] No longer blocked: "{ $entry }".{ " " }
   *[none] {""}
  }{ $count ->
    [0] The blocklist is empty.
   *[other] Blocklist ({ $count }): { $entries }.
  }
blocklist-entry = "{ $entry }": { $action }
refused-needs_reply = /{ $command } works as a reply: { $platform ->
    [discord] reply to the message to remove with /{ $command }, or choose Apps → Delete message in its menu.
   *[other] reply to the message to remove with /{ $command }.
  }
discord-command-del = remove a message of this channel, named by its link or its id
refused-message_elsewhere = { $where ->
    [server] That link is to a message of another server
   *[channel] That message is in another channel
  }: /{ $command } removes only a message of the channel (or thread) where you use it.
refused-not_a_message_link = "{ $got }" is neither a message's link nor its id: copy the link from the message's menu (Copy Message Link).
refused-too_old_to_delete = { $platform } no longer lets a bot delete this message: it was sent more than { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
  } ago. A moderator can still delete it in the chat.
refused-already_locked = That lock is already on here.
refused-not_locked = That lock is not on here.
refused-blocklist_empty_entry = Write the word or the domain to block.
refused-blocklist_entry_too_long = An entry of the blocklist holds at most 100 characters.
refused-blocklist_full = The blocklist is full (200 entries): remove one first.
refused-blocklist_unknown_entry = "{ $entry }" is not on the blocklist.
delivery-delete-failed = The decision stands, but this chat would not let me remove the message: check that I may delete messages here.
delivery-delete-too-old = The decision stands, but { $platform } no longer lets a bot remove the message: it was sent too long ago. A moderator can still delete it in the chat.
discord-name-del = del
discord-name-purge = purge
discord-name-lock = lock
discord-name-unlock = unlock
discord-name-blocklist = blocklist
discord-menu-delete = Delete message
log-action-delete = removed a message
log-action-purge = removed recent messages
log-action-lock = locked a kind of message
log-action-unlock = lifted a lock
log-action-blocklist_add = added to the blocklist
log-action-blocklist_remove = removed from the blocklist
log-action-message_removed = removed a message that broke a lock or the blocklist
log-action-delete_failed = could not remove a message
