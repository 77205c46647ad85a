/**
 * The operator console's page, script and stylesheet (served by worker/console/router.ts with a strict CSP:
 * scripts and styles only from /console/ itself). Plain DOM code: the console is a small tool for support agents,
 * in English. Chat text is always set as text (textContent), never as HTML. `[hidden]` always hides (the layout rules
 * of #app and form would otherwise override it). An operator whose role needs a second factor and has none sees the
 * TOTP enrolment first (docs/back-office.md).
 */
export const CONSOLE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Support console</title>
<link rel="stylesheet" href="/console/console.css">
<script src="/console/console.js" defer></script>
</head>
<body>
<header><h1>Support console</h1><span id="who"></span><button type="button" id="logout" hidden>Sign out</button></header>
<main>
<form id="login" hidden>
  <h2>Sign in</h2>
  <label>Username <input name="username" autocomplete="username" required></label>
  <label>Password <input name="password" type="password" autocomplete="current-password" required></label>
  <label id="code-field" hidden>Authenticator code or recovery code <input name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="20"></label>
  <button type="submit">Sign in</button>
  <p id="login-error" role="alert"></p>
</form>
<section id="enrol" aria-labelledby="enrol-title" hidden>
  <h2 id="enrol-title">Set up two-factor sign-in</h2>
  <p>Your role signs in with a code from an authenticator app. Add this account to the app, then enter the code it shows.</p>
  <button type="button" id="enrol-start">Show the secret</button>
  <div id="enrol-secret" hidden><p>Secret (shown once): <code id="enrol-base32"></code></p><p><a id="enrol-uri" href="#">Open in an authenticator app</a></p></div>
  <form id="enrol-confirm" hidden><label>Code from the app <input name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required></label><button type="submit">Confirm</button></form>
  <div id="enrol-done" hidden><p>Keep these recovery codes somewhere safe. Each works once instead of a code; they are not shown again.</p><ol id="recovery-codes"></ol><button type="button" id="enrol-continue">Continue</button></div>
  <p id="enrol-error" role="alert"></p>
</section>
<div id="app" hidden>
  <section aria-labelledby="list-title"><h2 id="list-title">Open conversations</h2><ul id="conversations"></ul><p id="empty" hidden>No open conversations.</p></section>
  <section id="conversation" aria-labelledby="conversation-title" hidden>
    <h2 id="conversation-title"></h2>
    <ol id="messages" aria-live="polite"></ol>
    <form id="reply"><label for="reply-text">Answer</label><textarea id="reply-text" maxlength="1000" required></textarea><button type="submit">Send</button></form>
    <button type="button" id="close-conversation">Close conversation</button>
    <p id="conversation-status" role="status"></p>
  </section>
</div>
</main>
</body>
</html>`;

export const CONSOLE_CSS = `[hidden]{display:none!important}
body{font:16px/1.4 system-ui,sans-serif;margin:0;color:#111;background:#f4f5f7}
header{display:flex;gap:1rem;align-items:center;padding:.5rem 1rem;background:#1f2937;color:#fff}
header h1{font-size:1.1rem;margin:0;flex:1}
main{padding:1rem;display:block;max-width:60rem;margin:auto}
#app{display:grid;grid-template-columns:minmax(12rem,1fr) 2fr;gap:1rem}
form{display:grid;gap:.5rem;max-width:30rem}
ul{list-style:none;padding:0;margin:0}
li button{width:100%;text-align:left;padding:.5rem;margin:.2rem 0;border:1px solid #ccc;background:#fff;border-radius:4px}
li button[aria-current=true]{border-color:#2563eb}
.unread{background:#dc2626;color:#fff;border-radius:1rem;padding:0 .5rem;margin-left:.5rem}
#messages{list-style:none;padding:0;max-height:50vh;overflow:auto;background:#fff;border:1px solid #ddd}
#messages li{padding:.4rem .6rem}
#messages li.agent{text-align:right;background:#eef2ff}
#messages small{display:block;color:#555}
textarea{min-height:4rem}`;

export const CONSOLE_JS = `"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  let csrf = '';
  let current = null;
  const api = async (path, init = {}) => {
    const headers = { 'Content-Type': 'application/json' };
    if (csrf) headers['X-CSRF-Token'] = csrf;
    const res = await fetch('/console/api/' + path, { credentials: 'same-origin', ...init, headers });
    const body = await res.json().catch(() => ({ success: false, errorCode: 'internal_error' }));
    return { status: res.status, body };
  };
  // signedIn: the me answer (or null): an enrol-only session sees the enrolment, others the conversations.
  const show = (me) => {
    const enrol = Boolean(me && me.enrolRequired);
    $('login').hidden = Boolean(me); $('enrol').hidden = !enrol; $('app').hidden = !me || enrol; $('logout').hidden = !me;
    $('who').textContent = me ? me.name + ' (' + me.role + ')' : '';
    if (me && !enrol) loadList();
  };
  const randomId = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');

  async function loadList() {
    const { status, body } = await api('support/conversations?status=open&perPage=100');
    if (status === 401) { show(null); return; }
    if (!body.success) return;
    const list = $('conversations');
    list.replaceChildren(...body.value.items.map((c) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = c.account;
      if (c.agentUnread > 0) { const s = document.createElement('span'); s.className = 'unread'; s.textContent = String(c.agentUnread); s.setAttribute('aria-label', c.agentUnread + ' unread'); b.append(s); }
      b.setAttribute('aria-current', String(current !== null && current.id === c.id));
      b.addEventListener('click', () => openConversation(c.id, c.account));
      li.append(b);
      return li;
    }));
    $('empty').hidden = body.value.items.length > 0;
  }

  function render(message) {
    if (!current || current.seen.has(message.seq)) return;
    current.seen.add(message.seq);
    current.lastSeq = Math.max(current.lastSeq, message.seq);
    const li = document.createElement('li');
    li.className = message.role;
    const who = document.createElement('small');
    who.textContent = (message.role === 'agent' ? message.author : current.account) + ' · ' + new Date(message.sentAt).toLocaleTimeString();
    const text = document.createElement('span');
    text.textContent = message.text;
    li.append(who, text);
    $('messages').append(li);
    $('messages').scrollTop = $('messages').scrollHeight;
    if (message.role === 'player') current.ws.send(JSON.stringify({ type: 'read', seq: message.seq }));
  }

  async function connect() {
    const conv = current;
    const { body } = await api('support/conversations/' + conv.id + '/ticket', { method: 'POST' });
    if (!body.success || conv !== current) return;
    const scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
    const ws = new WebSocket(scheme + location.host + body.value.wsPath + '?ticket=' + encodeURIComponent(body.value.ticket));
    conv.ws = ws;
    ws.addEventListener('open', () => {
      ws.send(JSON.stringify({ type: 'hello', lastSeq: conv.lastSeq }));
      for (const [clientId, text] of conv.pending) ws.send(JSON.stringify({ type: 'send', clientId, text }));
    });
    ws.addEventListener('message', (event) => {
      const frame = JSON.parse(event.data);
      if (frame.type === 'history') { frame.messages.forEach(render); if (frame.status === 'closed') closed(); }
      else if (frame.type === 'message') render(frame.message);
      else if (frame.type === 'ack') conv.pending.delete(frame.clientId);
      else if (frame.type === 'closed') closed();
      else if (frame.type === 'error') $('conversation-status').textContent = 'Not sent: ' + frame.errorCode;
    });
    ws.addEventListener('close', () => { if (conv === current && !conv.closed) setTimeout(connect, 1000); });
  }

  function closed() {
    if (!current) return;
    current.closed = true;
    $('conversation-status').textContent = 'This conversation is closed.';
    $('reply').hidden = true; $('close-conversation').hidden = true;
    loadList();
  }

  function openConversation(id, account) {
    if (current && current.ws) { current.closed = true; current.ws.close(); }
    current = { id, account, lastSeq: 0, seen: new Set(), pending: new Map(), ws: null, closed: false };
    $('conversation').hidden = false; $('reply').hidden = false; $('close-conversation').hidden = false;
    $('conversation-title').textContent = 'Conversation with ' + account;
    $('messages').replaceChildren(); $('conversation-status').textContent = '';
    connect();
    loadList();
  }

  $('login').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    const code = String(form.get('code') || '').trim();
    const { body } = await api('login', { method: 'POST', body: JSON.stringify({ username: form.get('username'), password: form.get('password'), ...(code ? { code } : {}) }) });
    if (!body.success) {
      const messages = {
        TOO_MANY_REQUEST: 'Too many attempts, try again later' + (body.value && body.value.secondFactor ? ' or sign in with your code.' : '.'),
        console_totp_required: 'Enter the code of your authenticator app (or a recovery code).',
        console_totp_invalid: 'That code is wrong or was already used; wait for the next one.',
      };
      if (body.errorCode === 'console_totp_required' || (body.value && body.value.secondFactor)) { $('code-field').hidden = false; event.target.elements.code.focus(); }
      $('login-error').textContent = messages[body.errorCode] || 'Wrong username or password.';
      return;
    }
    $('login-error').textContent = ''; event.target.reset(); $('code-field').hidden = true;
    csrf = body.value.csrfToken; show(body.value);
  });
  $('enrol-start').addEventListener('click', async () => {
    const { body } = await api('totp/enrol', { method: 'POST' });
    if (!body.success) { $('enrol-error').textContent = 'Could not start: ' + body.errorCode; return; }
    $('enrol-base32').textContent = body.value.secret; $('enrol-uri').href = body.value.uri;
    $('enrol-secret').hidden = false; $('enrol-confirm').hidden = false; $('enrol-start').hidden = true;
  });
  $('enrol-confirm').addEventListener('submit', async (event) => {
    event.preventDefault();
    const { body } = await api('totp/confirm', { method: 'POST', body: JSON.stringify({ code: new FormData(event.target).get('code') }) });
    if (!body.success) { $('enrol-error').textContent = 'That code is wrong; check the time of your device and try again.'; return; }
    $('enrol-error').textContent = ''; $('enrol-secret').hidden = true; $('enrol-confirm').hidden = true; $('enrol-done').hidden = false;
    $('recovery-codes').replaceChildren(...body.value.recoveryCodes.map((c) => { const li = document.createElement('li'); li.textContent = c; return li; }));
  });
  $('enrol-continue').addEventListener('click', async () => {
    const { status, body } = await api('me');
    if (status === 200) show(body.value);
  });
  $('logout').addEventListener('click', async () => { await api('logout', { method: 'POST' }); csrf = ''; location.reload(); });
  $('reply').addEventListener('submit', (event) => {
    event.preventDefault();
    const text = $('reply-text').value.trim();
    if (!text || !current || !current.ws) return;
    const clientId = randomId();
    current.pending.set(clientId, text);
    if (current.ws.readyState === WebSocket.OPEN) current.ws.send(JSON.stringify({ type: 'send', clientId, text }));
    $('reply-text').value = '';
  });
  $('close-conversation').addEventListener('click', () => { if (current && current.ws) current.ws.send(JSON.stringify({ type: 'close' })); });

  (async () => {
    const { status, body } = await api('me');
    if (status !== 200) { show(null); return; }
    csrf = body.value.csrfToken; show(body.value);
  })();
  setInterval(() => { if (!$('app').hidden) loadList(); }, 3000);
})();`;
