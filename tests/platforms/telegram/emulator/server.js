// telegram-test-api, with a thin compatibility layer where it deviates from the real Bot API:
// getMe lacks is_bot; bot message dates are in milliseconds and their chat is always
// "private"; edits and answers return null; callback queries lack chat_instance; the group
// methods the bot needs (getChatMember, restrictChatMember, set/getMyCommands) are missing.
// It also lets tests name a chat's administrators, edit a message they sent (compat_edited),
// and read what the bot asked for.
// Usage: node server.js PORT
const express = require('express');
const TelegramServer = require('telegram-test-api');

const port = Number(process.argv[2] || 9000);
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
let failNext = {}; // method -> count of failures to give
const failStatus = {}; // method -> 429 (retry after 1 s, the default) or 502 (unreachable)

const ok = (res, result) => res.json({ ok: true, result });
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

// multipart/form-data (files): text fields as strings, files as {filename, size, png}
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
      fields[name[1]] = filename
        ? { filename: filename[1], size: content.length, png: content.subarray(1, 4).toString() === 'PNG' }
        : content.toString();
    }
    start = next;
  }
  return fields;
}

function bot(method, handler) {
  app.all(`/bot:token/${method}`, (req, res) => {
    const body = { ...req.query, ...(Buffer.isBuffer(req.body) ? multipart(req) : req.body) };
    if (failNext[method] > 0) {
      failNext[method] -= 1;
      if (failStatus[method] === 502) { res.status(502).send('Bad Gateway'); return; }
      res.status(429).json({ ok: false, error_code: 429, description: 'Too Many Requests: retry after 1',
        parameters: { retry_after: 1 } });
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
  calls.push({ method: 'sendMessage', chat_id: body.chat_id, text: body.text });
  ok(res, botMessage(stored));
});
bot('sendPhoto', (req, res, body) => {
  const { photo, ...rest } = body;
  const sent = server.addBotMessage({ ...rest, text: rest.caption }, req.params.token);
  const stored = server.storage.botMessages.find((m) => m.messageId === sent.message_id);
  stored.message.photo = [{ file_id: `photo${sent.message_id}`, file_unique_id: `p${sent.message_id}`,
    width: 800, height: 1000, file_size: photo && photo.size }];
  calls.push({ method: 'sendPhoto', chat_id: body.chat_id, caption: body.caption, png: photo && photo.png });
  ok(res, botMessage(stored));
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
for (const method of ['answerCallbackQuery', 'setMyCommands', 'deleteMyCommands', 'restrictChatMember',
  'deleteWebhook', 'setChatMenuButton']) {
  bot(method, (req, res, body) => { calls.push({ method, ...body }); ok(res, true); });
}
bot('getMyCommands', (req, res) => ok(res, []));
bot('setWebhook', (req, res, body) => {
  server.setWebhook({ url: body.url }, req.params.token);
  calls.push({ method: 'setWebhook', url: body.url });
  ok(res, true);
});
bot('getWebhookInfo', (req, res) => ok(res, { url: '', has_custom_certificate: false, pending_update_count: 0 }));
function member(chatId, userId) {
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
bot('getChatAdministrators', (req, res, body) => ok(res,
  (admins[String(body.chat_id)] || []).map((id) => member(body.chat_id, id))));
// long polling, as the real getUpdates does: wait up to `timeout` seconds for an update
const USER_EVENTS = ['AddedUserMessage', 'AddedUserCommand', 'AddedUserCallbackQuery'];
bot('getUpdates', (req, res, body) => {
  const token = req.params.token;
  const take = () => server.getUpdates(token).map((update) => {
    if (update.callback_query) {
      update.callback_query.chat_instance = update.callback_query.chat_instance || 'emulated';
    }
    if (update.message && update.message.compat_edited) { // a test's edit of a sent message
      const { compat_edited: _, ...message } = update.message;
      return { update_id: update.update_id, edited_message: { ...message, edit_date: message.date } };
    }
    return update;
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
app.post('/compat/admins', (req, res) => { admins[String(req.body.chatId)] = req.body.userIds; ok(res, true); });
app.post('/compat/chat', (req, res) => { chats[String(req.body.chat.id)] = req.body.chat; ok(res, true); });
app.post('/compat/fail', (req, res) => {
  failNext[req.body.method] = req.body.times;
  failStatus[req.body.method] = req.body.status || 429;
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
