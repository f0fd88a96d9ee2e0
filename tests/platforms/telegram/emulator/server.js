// telegram-test-api, with a thin compatibility layer where it deviates from the real Bot API:
// getMe lacks is_bot; bot message dates are in milliseconds and their chat is always
// "private"; edits and answers return null; callback queries lack chat_instance; the group
// methods the bot needs (getChatMember, restrictChatMember, banChatMember, unbanChatMember,
// set/getMyCommands) are missing.
// A bot may write in private only to a user who wrote to it there first, and not to one who
// blocked it since (403, as Telegram answers); or to one whose request to join a chat is
// pending, for 5 minutes from the request (its user_chat_id). A request is approved or
// declined once: another answer, or one to nobody's request, is refused (HIDE_REQUESTER_MISSING).
// It also lets tests name a chat's administrators, edit a message they sent (compat_edited),
// and read what the bot asked for; a message with compat_join_request is someone asking to join.
// It is as strict as Telegram where the bot could go wrong: texts over 4,096 characters,
// captions over 1,024, callback data over 64 bytes are refused; a webhook set with a secret
// gets it in every delivery's header; a group that became a supergroup refuses the old id
// with migrate_to_chat_id; a restriction's until_date is read as Telegram reads it (more than
// 366 days or less than 30 seconds away: forever).
// Telegram's sending limits are applied (429 with retry_after): a group takes 20 messages a
// minute and the bot sends 30 a second in all, as token buckets (a burst of the limit, then
// the limit's pace); tests give shorter periods (--group 20/1 --overall 30/1). getUpdates
// forgets an update only when a later call's offset confirms it, as Telegram does; a command
// menu is held to Telegram's limits (100 commands, names of 1-32 characters a-z 0-9 _,
// descriptions of 1-256 characters).
// Usage: node server.js PORT [--group COUNT/SECONDS] [--overall COUNT/SECONDS]
const express = require('express');
const TelegramServer = require('telegram-test-api');
const axios = require('axios');

const port = Number(process.argv[2] || 9000);
function option(name, fallback) {
  const at = process.argv.indexOf(name);
  const [count, seconds] = (at > 0 ? process.argv[at + 1] : fallback).split('/').map(Number);
  return { count, seconds };
}
const GROUP_LIMIT = option('--group', '20/60');
const OVERALL_LIMIT = option('--overall', '30/1');
const server = new TelegramServer({ port, host: '127.0.0.1', storeTimeout: 3600 });
const emulator = server.webServer;
const app = express();
app.use(express.raw({ type: 'multipart/form-data', limit: '20mb' }));
app.use(express.json({ limit: '5mb' }));
app.use(express.urlencoded({ extended: true }));

const BOT = { id: 666, is_bot: true, first_name: 'Arbitro', username: 'arbitro_test_bot' };
const admins = {}; // chat id -> [user ids]
const chats = {}; // chat id -> chat object (learned from user messages)
const calls = []; // compat methods the bot called, in order
const withoutRights = {}; // chat id -> the administrator rights the bot lacks there
let failNext = {}; // method -> count of failures to give
const failStatus = {}; // method -> 429 (retry after 1 s, the default), 502 (unreachable),
// 400 (a closed forum topic) or 'drop' (the connection dropped, as a timeout)
const migrated = {}; // old group id -> the supergroup id it became
const secrets = {}; // bot token -> the secret_token given to setWebhook
const confirmed = {}; // bot token -> the offset its last getUpdates confirmed
const allowedUpdates = {}; // bot token -> the kinds of update it asked for (null: every kind)
const buckets = {}; // a group's (or the bot's overall) sending budget: {tokens, at}
// what Telegram counts against a bot's sending limits
const SENDING = new Set(['sendMessage', 'sendPhoto', 'sendDocument', 'sendMediaGroup',
  'editMessageText', 'editMessageCaption', 'editMessageMedia', 'editMessageReplyMarkup',
  'copyMessage', 'forwardMessage']);
const revoked = new Set(); // bot tokens revoked (BotFather's /revoke): every call is 401
// users who have written to the bot in private: Telegram lets a bot write first to nobody
const opened = new Set();
const blocked = new Set(); // users who blocked the bot after opening a private chat
const requests = new Map(); // "chat:user" → when he asked to join (ms), until it is answered
const REQUEST_WRITABLE_MS = 5 * 60 * 1000;
function requested(user) {
  const now = Date.now();
  return [...requests].some(([key, at]) => key.endsWith(`:${user}`) && now - at < REQUEST_WRITABLE_MS);
}

const ok = (res, result) => res.json({ ok: true, result });
const refuse = (res, description, parameters) => res.status(400).json({
  ok: false, error_code: 400, description, ...(parameters ? { parameters } : {}) });
// Telegram counts text length in UTF-16 code units, as JavaScript strings do
const utf16 = (text) => String(text || '').length;

// seconds to wait before this send is taken (0: taken now, and counted)
function overLimit(key, limit) {
  const now = Date.now() / 1000;
  const rate = limit.count / limit.seconds;
  const bucket = buckets[key] || { tokens: limit.count, at: now };
  bucket.tokens = Math.min(limit.count, bucket.tokens + (now - bucket.at) * rate);
  bucket.at = now;
  buckets[key] = bucket;
  return bucket.tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - bucket.tokens) / rate));
}
function retryAfter(method, body, token) {
  if (!SENDING.has(method)) return 0;
  const overall = overLimit(`overall:${token}`, OVERALL_LIMIT);
  if (overall) return overall;
  if (Number(body.chat_id) < 0) {
    const group = overLimit(`group:${token}:${body.chat_id}`, GROUP_LIMIT);
    if (group) { buckets[`overall:${token}`].tokens += 1; return group; } // not sent: not spent
  }
  buckets[`overall:${token}`].tokens -= 1;
  if (Number(body.chat_id) < 0) buckets[`group:${token}:${body.chat_id}`].tokens -= 1;
  return 0;
}
function commandsRefusal(body) {
  const commands = parse(body.commands);
  if (!Array.isArray(commands)) return ['Bad Request: commands must be an array'];
  if (commands.length > 100) return ['Bad Request: BOT_COMMANDS_TOO_MUCH'];
  for (const command of commands) {
    if (!/^[a-z0-9_]{1,32}$/.test(String(command.command || ''))) {
      return ['Bad Request: BOT_COMMAND_INVALID'];
    }
    const length = utf16(String(command.description || '').trim());
    if (length < 1 || length > 256) return ['Bad Request: BOT_COMMAND_DESCRIPTION_INVALID'];
  }
  return null;
}

// what Telegram refuses before doing anything: a reason, or null
function refusal(method, body) {
  if (method === 'setMyCommands') return commandsRefusal(body);
  if (body.chat_id !== undefined && migrated[String(body.chat_id)] !== undefined) {
    return ['Bad Request: group chat was upgraded to a supergroup chat',
      { migrate_to_chat_id: migrated[String(body.chat_id)] }];
  }
  if (method === 'sendMessage' || method === 'editMessageText') {
    if (!String(body.text || '').trim()) return ['Bad Request: message text is empty'];
    if (utf16(body.text) > 4096) return ['Bad Request: message is too long'];
  }
  if (['sendPhoto', 'sendDocument', 'editMessageCaption'].includes(method)
    && utf16(body.caption) > 1024) {
    return ['Bad Request: message caption is too long'];
  }
  // a photo's width and height add up to 10,000 at most, one at most 20 times the other
  const photo = method === 'sendPhoto' ? body.photo : undefined;
  if (photo && typeof photo === 'object' && photo.width) {
    const { width, height } = photo;
    if (width + height > 10000 || Math.max(width, height) > 20 * Math.min(width, height)) {
      return ['Bad Request: PHOTO_INVALID_DIMENSIONS'];
    }
  }
  const markup = parse(body.reply_markup);
  for (const row of (markup && markup.inline_keyboard) || []) {
    for (const button of row) {
      if (button.callback_data !== undefined
        && (Buffer.byteLength(String(button.callback_data)) > 64 || !button.callback_data)) {
        return ['Bad Request: BUTTON_DATA_INVALID'];
      }
      // a Mini App button only in a private chat, and only over HTTPS (as Telegram says)
      if (button.web_app !== undefined) {
        if (Number(body.chat_id) < 0) return ['Bad Request: BUTTON_TYPE_INVALID'];
        if (!/^https:\/\/[^/]+\.[^/]+/.test(String(button.web_app.url || ''))) {
          return ['Bad Request: BUTTON_URL_INVALID'];
        }
      }
      if (button.url !== undefined
        && !/^(https?|tg):\/\/[^/]*[a-z]\.[a-z]/i.test(String(button.url))) {
        return ['Bad Request: wrong HTTP URL'];  // no localhost, no bare address
      }
      const kinds = ['callback_data', 'url', 'web_app'].filter((k) => button[k] !== undefined);
      if (kinds.length !== 1) return ['Bad Request: BUTTON_TYPE_INVALID'];
    }
  }
  return null;
}
const seconds = (value) => (value > 1e11 ? Math.floor(value / 1000) : value);
const parse = (value) => (typeof value === 'string' ? JSON.parse(value) : value);
const chatOf = (id) => chats[String(id)] || (Number(id) < 0
  ? { id: Number(id), type: 'supergroup', title: `group ${id}` }
  : { id: Number(id), type: 'private', first_name: `user ${id}` });

function botMessage(stored) {
  return {
    ...stored.message,
    message_id: stored.messageId,
    date: seconds(stored.time),
    chat: chatOf(stored.message.chat_id),
    from: BOT,
    reply_markup: parse(stored.message.reply_markup),
  };
}

// multipart/form-data (files): text fields as strings, files as {filename, size, png, and a
// PNG's width and height, read from its header; any other file's first 64 KiB as text}
function multipart(req) {
  const type = req.headers['content-type'] || '';
  const match = /boundary="?([^";]+)"?/.exec(type);
  if (!match || !Buffer.isBuffer(req.body)) return {};
  const fields = {};
  const delimiter = Buffer.from(`--${match[1]}`);
  let start = req.body.indexOf(delimiter);
  while (start !== -1) {
    const next = req.body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = req.body.subarray(start + delimiter.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString();
    const content = part.subarray(split + 4);
    const name = /name="([^"]+)"/.exec(head);
    const filename = /filename="([^"]*)"/.exec(head);
    if (name) {
      const png = content.subarray(1, 4).toString() === 'PNG';
      fields[name[1]] = filename
        ? { filename: filename[1], size: content.length, png,
          width: png ? content.readUInt32BE(16) : 0, height: png ? content.readUInt32BE(20) : 0,
          text: png ? undefined : content.subarray(0, 65536).toString('utf8') }
        : content.toString();
    }
    start = next;
  }
  return fields;
}

// a private chat the bot may not write to: one its user never opened, or blocked it in
function privateClosed(method, body) {
  if (!method.startsWith('send') || !(Number(body.chat_id) > 0)) return null;
  const user = String(body.chat_id);
  if (blocked.has(user)) return 'Forbidden: bot was blocked by the user';
  return opened.has(user) || requested(user)
    ? null : "Forbidden: bot can't initiate conversation with a user";
}

function bot(method, handler) {
  app.all(`/bot:token/${method}`, (req, res) => {
    const body = { ...req.query, ...(Buffer.isBuffer(req.body) ? multipart(req) : req.body) };
    if (revoked.has(req.params.token)) {
      res.status(401).json({ ok: false, error_code: 401, description: 'Unauthorized' });
      return;
    }
    if (failNext[method] > 0) {
      failNext[method] -= 1;
      if (failStatus[method] === 502) { res.status(502).send('Bad Gateway'); return; }
      if (failStatus[method] === 400) { refuse(res, 'Bad Request: TOPIC_CLOSED'); return; }
      if (failStatus[method] === 'caption') {
        refuse(res, 'Bad Request: message caption is too long'); return;
      }
      // no answer at all: the connection dropped, as when a call times out
      if (failStatus[method] === 'drop') { req.socket.destroy(); return; }
      res.status(429).json({ ok: false, error_code: 429, description: 'Too Many Requests: retry after 1',
        parameters: { retry_after: 1 } });
      return;
    }
    const closed = privateClosed(method, body);
    if (closed) {
      calls.push({ method, refused: closed, chat_id: body.chat_id });
      res.status(403).json({ ok: false, error_code: 403, description: closed });
      return;
    }
    const refused = refusal(method, body);
    if (refused) {
      calls.push({ method, refused: refused[0], ...body });
      refuse(res, ...refused);
      return;
    }
    const wait = retryAfter(method, body, req.params.token);
    if (wait) {
      calls.push({ method, limited: wait, chat_id: body.chat_id });
      res.status(429).json({ ok: false, error_code: 429,
        description: `Too Many Requests: retry after ${wait}`, parameters: { retry_after: wait } });
      return;
    }
    handler(req, res, body);
  });
}

bot('getMe', (req, res) => ok(res, { ...BOT, can_join_groups: true,
  can_read_all_group_messages: true, supports_inline_queries: false }));
bot('sendMessage', (req, res, body) => {
  const sent = server.addBotMessage(body, req.params.token);
  const stored = server.storage.botMessages.find((m) => m.messageId === sent.message_id);
  calls.push({ method: 'sendMessage', chat_id: body.chat_id, text: body.text,
    message_thread_id: body.message_thread_id });
  ok(res, botMessage(stored));
});
bot('sendPhoto', (req, res, body) => {
  const { photo, ...rest } = body;
  const sent = server.addBotMessage({ ...rest, text: rest.caption }, req.params.token);
  const stored = server.storage.botMessages.find((m) => m.messageId === sent.message_id);
  stored.message.photo = [{ file_id: `photo${sent.message_id}`, file_unique_id: `p${sent.message_id}`,
    width: 800, height: 1000, file_size: photo && photo.size }];
  calls.push({ method: 'sendPhoto', chat_id: body.chat_id, caption: body.caption, png: photo && photo.png,
    message_thread_id: body.message_thread_id });
  ok(res, botMessage(stored));
});
bot('sendDocument', (req, res, body) => {
  const { document, ...rest } = body;
  if (!document || (typeof document === 'object' && !document.size)) {
    refuse(res, 'Bad Request: file must be non-empty');
    return;
  }
  const sent = server.addBotMessage({ ...rest, text: rest.caption }, req.params.token);
  const stored = server.storage.botMessages.find((m) => m.messageId === sent.message_id);
  stored.message.document = { file_id: `document${sent.message_id}`,
    file_unique_id: `d${sent.message_id}`, file_name: document.filename, file_size: document.size };
  calls.push({ method: 'sendDocument', chat_id: body.chat_id, caption: body.caption,
    filename: document.filename, size: document.size, text: document.text,
    message_thread_id: body.message_thread_id });
  ok(res, botMessage(stored));
});
bot('deleteMessage', (req, res, body) => {
  const found = server.storage.botMessages.findIndex((m) => String(m.messageId) === String(body.message_id)
    && String(m.message.chat_id) === String(body.chat_id));
  if (found === -1 && !deleteMembers(req, res, body)) return; // a member's message
  calls.push({ method: 'deleteMessage', ...body, message_ids: [Number(body.message_id)] });
  if (found !== -1) server.storage.botMessages.splice(found, 1);
  ok(res, true);
});
bot('editMessageCaption', (req, res, body) => {
  const stored = server.storage.botMessages.find((m) => String(m.messageId) === String(body.message_id)
    && String(m.message.chat_id) === String(body.chat_id));
  calls.push({ method: 'editMessageCaption', ...body });
  if (!stored) { res.status(400).json({ ok: false, error_code: 400, description: 'Bad Request: message to edit not found' }); return; }
  stored.message = { ...stored.message, caption: body.caption, text: body.caption, reply_markup: body.reply_markup };
  ok(res, botMessage(stored));
});
function edit(kind) {
  return (req, res, body) => {
    if (kind === 'text') server.editMessageText(body); else server.editMessageReplyMarkup(body);
    const stored = server.storage.botMessages.find((m) => String(m.messageId) === String(body.message_id)
      && String(m.message.chat_id) === String(body.chat_id));
    calls.push({ method: kind === 'text' ? 'editMessageText' : 'editMessageReplyMarkup', ...body });
    if (!stored) { res.status(400).json({ ok: false, error_code: 400, description: 'Bad Request: message to edit not found' }); return; }
    ok(res, botMessage(stored));
  };
}
bot('editMessageText', edit('text'));
bot('editMessageReplyMarkup', edit('markup'));
// Telegram: an until_date more than 366 days or less than 30 seconds away means forever
function forever(body) {
  const until = Number(body.until_date || 0);
  const now = Math.floor(Date.now() / 1000);
  return !until || until - now > 366 * 86400 || until - now < 30;
}
// as Telegram answers a bot that is not an administrator allowed to restrict members
function mayRestrict(res, body) {
  if ((withoutRights[String(body.chat_id)] || []).includes('can_restrict_members')) {
    refuse(res, 'Bad Request: not enough rights to restrict/unrestrict chat member');
    return false;
  }
  if ((admins[String(body.chat_id)] || []).map(String).includes(String(body.user_id))) {
    refuse(res, "Bad Request: user is an administrator of the chat");
    return false;
  }
  return true;
}
bot('restrictChatMember', (req, res, body) => {
  if (!mayRestrict(res, body)) return;
  calls.push({ method: 'restrictChatMember', ...body, forever: forever(body) });
  ok(res, true);
});
bot('banChatMember', (req, res, body) => {
  if (!mayRestrict(res, body)) return;
  calls.push({ method: 'banChatMember', ...body, forever: forever(body) });
  ok(res, true);
});
bot('unbanChatMember', (req, res, body) => {
  if (!mayRestrict(res, body)) return;
  calls.push({ method: 'unbanChatMember', ...body });
  ok(res, true);
});
// the members' messages, by chat: what deleteMessage(s) may find (Telegram: 48 hours at most)
const posted = {}; // chat id -> {message id -> sent at, in seconds}
const DELETABLE_FOR = 48 * 3600;
function noteMessage(message, fallbackId) {
  if (!message || !message.chat) return;
  const id = message.message_id !== undefined ? message.message_id : fallbackId;
  (posted[String(message.chat.id)] ||= {})[String(id)] = Number(message.date || Date.now() / 1000);
  calls.push({ method: 'userMessage', chat_id: message.chat.id, message_id: id, text: message.text });
}
// why Telegram would not delete this message, or null
function undeletable(chatId, id) {
  const sentAt = (posted[String(chatId)] || {})[String(id)];
  const own = server.storage.botMessages.find((m) => String(m.messageId) === String(id)
    && String(m.chatId) === String(chatId));
  if (sentAt === undefined && !own) return 'Bad Request: message to delete not found';
  if (sentAt !== undefined && Date.now() / 1000 - sentAt > DELETABLE_FOR) {
    return "Bad Request: message can't be deleted";
  }
  return null;
}
function mayDelete(res, body) {
  if ((withoutRights[String(body.chat_id)] || []).includes('can_delete_messages')) {
    refuse(res, "Bad Request: message can't be deleted");
    return false;
  }
  return true;
}
function forget(chatId, id) {
  delete (posted[String(chatId)] || {})[String(id)];
}
// a member's message deleted, as Telegram would (false: refused, and answered so)
function deleteMembers(req, res, body) {
  if (!mayDelete(res, body)) return false;
  const why = undeletable(body.chat_id, body.message_id);
  if (why) { refuse(res, why); return false; }
  forget(body.chat_id, body.message_id);
  return true;
}
bot('deleteMessages', (req, res, body) => {
  let ids = body.message_ids;
  if (typeof ids === 'string') ids = JSON.parse(ids);
  if (!Array.isArray(ids) || ids.length < 1) { refuse(res, 'Bad Request: message identifiers are not specified'); return; }
  if (ids.length > 100) { refuse(res, 'Bad Request: too many messages to delete'); return; }
  if (!mayDelete(res, body)) return;
  const deleted = ids.filter((id) => !undeletable(body.chat_id, id)); // the others are skipped
  deleted.forEach((id) => forget(body.chat_id, id));
  calls.push({ method: 'deleteMessages', chat_id: body.chat_id, message_ids: deleted.map(Number),
    asked: ids.length });
  ok(res, true);
});
for (const method of ['approveChatJoinRequest', 'declineChatJoinRequest']) {
  bot(method, (req, res, body) => {
    const key = `${body.chat_id}:${body.user_id}`;
    if (!requests.has(key)) {
      calls.push({ method, refused: 'HIDE_REQUESTER_MISSING', ...body });
      refuse(res, 'Bad Request: HIDE_REQUESTER_MISSING');
      return;
    }
    requests.delete(key);
    calls.push({ method, ...body });
    ok(res, true);
  });
}
for (const method of ['answerCallbackQuery', 'setMyCommands', 'deleteMyCommands',
  'deleteWebhook', 'setChatMenuButton']) {
  bot(method, (req, res, body) => { calls.push({ method, ...body }); ok(res, true); });
}
bot('getMyCommands', (req, res) => ok(res, []));
bot('setWebhook', (req, res, body) => {
  if (body.secret_token !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(body.secret_token)) {
    refuse(res, 'Bad Request: secret token contains unallowed characters');
    return;
  }
  server.setWebhook({ url: body.url }, req.params.token);
  secrets[req.params.token] = body.secret_token;
  calls.push({ method: 'setWebhook', url: body.url, secret: Boolean(body.secret_token) });
  ok(res, true);
});
// deliveries to a webhook carry its secret, as Telegram's do
server.addUserUpdate = async function addUserUpdate(update) {
  noteMessage(update.message, update.messageId);
  const chat = (update.message || {}).chat;
  if (update.message && update.message.compat_join_request) {
    requests.set(`${chat.id}:${update.message.from.id}`, Date.now());
  }
  if (chat && chat.type === 'private') { opened.add(String(chat.id)); blocked.delete(String(chat.id)); }
  const webhook = this.webhooks[update.botToken];
  if (!webhook) { this.storage.userMessages.push(update); this.updateId += 1; return; }
  const secret = secrets[update.botToken];
  const response = await axios({
    url: webhook.url,
    method: 'POST',
    data: TelegramServer.formatUpdate(update),
    headers: secret ? { 'X-Telegram-Bot-Api-Secret-Token': secret } : {},
    validateStatus: () => true,
  });
  calls.push({ method: 'webhookDelivery', status: response.status });
  this.updateId += 1;
};
bot('getWebhookInfo', (req, res) => ok(res, { url: '', has_custom_certificate: false, pending_update_count: 0 }));
function member(chatId, userId) {
  if (Number(userId) === BOT.id) { // the bot administers every group, with the rights not taken
    const lacks = withoutRights[String(chatId)] || [];
    return { status: 'administrator', user: BOT, can_be_edited: false, is_anonymous: false,
      can_manage_chat: true, can_delete_messages: !lacks.includes('can_delete_messages'),
      can_restrict_members: !lacks.includes('can_restrict_members'), can_promote_members: false,
      can_change_info: false, can_invite_users: true, can_manage_video_chats: false,
      can_post_stories: false, can_edit_stories: false, can_delete_stories: false };
  }
  const isAdmin = (admins[String(chatId)] || []).map(String).includes(String(userId));
  const user = { id: Number(userId), is_bot: false, first_name: `user ${userId}` };
  if (!isAdmin) return { status: 'member', user };
  return { status: 'administrator', user, can_be_edited: false, is_anonymous: false,
    can_manage_chat: true, can_delete_messages: true, can_manage_video_chats: true,
    can_restrict_members: true, can_promote_members: false, can_change_info: true,
    can_invite_users: true, can_post_stories: false, can_edit_stories: false,
    can_delete_stories: false };
}
bot('getChatMember', (req, res, body) => { calls.push({ method: 'getChatMember', ...body }); ok(res, member(body.chat_id, body.user_id)); });
bot('getChatAdministrators', (req, res, body) => {
  calls.push({ method: 'getChatAdministrators', ...body });
  ok(res, (admins[String(body.chat_id)] || []).map((id) => member(body.chat_id, id)));
});
// long polling, as the real getUpdates does: wait up to `timeout` seconds for an update
const USER_EVENTS = ['AddedUserMessage', 'AddedUserCommand', 'AddedUserCallbackQuery'];
bot('getUpdates', (req, res, body) => {
  const token = req.params.token;
  // an update is forgotten only once a later call's offset confirms it, as Telegram does
  if (body.allowed_updates !== undefined) { // remembered until the bot asks for others
    const asked = typeof body.allowed_updates === 'string'
      ? JSON.parse(body.allowed_updates) : body.allowed_updates;
    allowedUpdates[token] = asked.length ? asked : null;
  }
  const offset = Number(body.offset || 0);
  if (offset > 0) confirmed[token] = Math.max(confirmed[token] || 0, offset);
  const limit = Math.min(100, Number(body.limit || 100));
  const unconfirmed = () => server.storage.userMessages
    .filter((update) => update.botToken === token && update.updateId >= (confirmed[token] || 0))
    .slice(0, limit)
    .map((update) => TelegramServer.formatUpdate(update));
  const take = () => unconfirmed().map((update) => {
    if (update.callback_query) {
      update.callback_query.chat_instance = update.callback_query.chat_instance || 'emulated';
    }
    if (update.message && update.message.compat_chat_member) { // a member's status changed
      const { chat, from, old_status: was, new_status: now } = update.message;
      const date = Math.floor(Date.now() / 1000);
      const status = (s) => ({ ...member(chat.id, from.id), status: s, user: from });
      return { update_id: update.update_id,
        chat_member: { chat, from, date, old_chat_member: status(was), new_chat_member: status(now) } };
    }
    if (update.message && update.message.compat_join_request) { // someone asks to join
      const { chat, from } = update.message;
      return { update_id: update.update_id, chat_join_request: { chat, from,
        user_chat_id: from.id, date: Math.floor(Date.now() / 1000) } };
    }
    if (update.message && update.message.compat_edited) { // a test's edit of a sent message
      const { compat_edited: _, ...message } = update.message;
      return { update_id: update.update_id, edited_message: { ...message, edit_date: message.date } };
    }
    return update;
  }).filter((update) => { // as Telegram: only the kinds of update the bot asked for
    const wanted = allowedUpdates[token];
    return !wanted || Object.keys(update).some((kind) => wanted.includes(kind));
  });
  const first = take();
  const timeout = Number(body.timeout || 0);
  if (first.length || timeout <= 0) { ok(res, first); return; }
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    USER_EVENTS.forEach((event) => server.off(event, finish));
    clearTimeout(timer);
    ok(res, take());
  };
  const timer = setTimeout(finish, timeout * 1000);
  USER_EVENTS.forEach((event) => server.on(event, finish));
  res.on('close', () => { if (!done) { done = true; USER_EVENTS.forEach((e) => server.off(e, finish)); clearTimeout(timer); } });
});

// the tests' own controls
// the administrators change; with `notify`, Telegram tells the bot (a chat_member update for
// each member whose status changed), as it does for a bot that administers the group
app.post('/compat/admins', (req, res) => {
  const chatId = String(req.body.chatId);
  const before = (admins[chatId] || []).map(String);
  admins[chatId] = req.body.userIds;
  const after = req.body.userIds.map(String);
  if (req.body.notify) {
    const changed = [...before.filter((id) => !after.includes(id)),
      ...after.filter((id) => !before.includes(id))];
    for (const id of changed) {
      server.storage.userMessages.push({
        botToken: req.body.token, updateId: server.updateId, time: Date.now(),
        message: { compat_chat_member: true, chat: chatOf(chatId), from: { id: Number(id), is_bot: false, first_name: `user ${id}` },
          old_status: before.includes(id) ? 'administrator' : 'member',
          new_status: after.includes(id) ? 'administrator' : 'member' },
      });
      server.updateId += 1;
    }
    if (changed.length) server.emit('AddedUserMessage');
  }
  ok(res, true);
});
// the bot loses (or gets back) administrator rights in a chat
app.post('/compat/rights', (req, res) => { withoutRights[String(req.body.chatId)] = req.body.missing; ok(res, true); });
app.post('/compat/chat', (req, res) => { chats[String(req.body.chat.id)] = req.body.chat; ok(res, true); });
// a group becomes a supergroup: the old id is refused from now on
app.post('/compat/migrate', (req, res) => { migrated[String(req.body.from)] = Number(req.body.to); ok(res, true); });
app.post('/compat/fail', (req, res) => {
  failNext[req.body.method] = req.body.times;
  failStatus[req.body.method] = req.body.status || 429;
  ok(res, true);
});
app.post('/compat/block', (req, res) => { blocked.add(String(req.body.userId)); ok(res, true); });
app.post('/compat/revoke', (req, res) => {
  revoked.add(req.body.token);
  server.emit('AddedUserMessage'); // a long poll waiting now ends, and the next one is refused
  ok(res, true);
});
app.get('/compat/calls', (req, res) => ok(res, calls));
app.post('/compat/messages', (req, res) => ok(res, server.storage.botMessages
  .filter((m) => m.botToken === req.body.token)
  .map(botMessage)));
// wait until the bot has sent more than `after` messages (for round-trip measurements)
app.post('/compat/wait', (req, res) => {
  const count = () => server.storage.botMessages.filter((m) => m.botToken === req.body.token).length;
  if (count() > req.body.after) { ok(res, count()); return; }
  const timer = setTimeout(() => { server.off('AddedBotMessage', check); ok(res, count()); }, 10000);
  function check() {
    if (count() > req.body.after) { clearTimeout(timer); server.off('AddedBotMessage', check); ok(res, count()); }
  }
  server.on('AddedBotMessage', check);
});
app.use(emulator);

server.webServer = app;
server.start().then(() => { process.stdout.write(`listening ${port}\n`); });
process.on('SIGTERM', () => server.stop().then(() => process.exit(0)));
