/* global document, window, fetch, EventSource, requestAnimationFrame */
// The virtual-phone page. Every piece of text from the server goes into the DOM through
// textContent / Text nodes, never through innerHTML, so message content cannot inject markup.
'use strict';
(function main() {
  const E164 = /^\+[1-9]\d{1,14}$/;
  const RANK = { queued: 0, pending: 1, sent: 2, delivered: 3, failed: 3 };
  const MAX_DELIVERIES = 40;
  const state = { shared: '', max: 1600, phones: new Map(), messages: new Map(), deliveries: new Set() };
  const $ = (id) => document.getElementById(id);

  function h(tag, props, ...children) {
    const el = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key === 'class') el.className = value;
      else if (key === 'text') el.textContent = value;
      else if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
      else el.setAttribute(key, value === true ? '' : String(value));
    }
    for (const child of children.flat()) if (child !== null && child !== undefined) el.append(child);
    return el;
  }

  const icon = (id) => $(id).content.firstElementChild.cloneNode(true);
  const chars = (text) => Array.from(text).length;
  const time = (iso) => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
  };

  async function call(method, path, body) {
    const init = { method, headers: { accept: 'application/json' } };
    if (body !== undefined) {
      init.headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const res = await fetch(path, init);
    let json = null;
    try {
      json = await res.json();
    } catch {
      json = null;
    }
    if (!res.ok) throw new Error((json && json.message) || 'the simulator answered HTTP ' + res.status);
    return json;
  }

  function banner(text) {
    $('banner').textContent = text;
    $('banner').hidden = !text;
  }

  // ---- phones -------------------------------------------------------------------------------

  function palette(number) {
    let hash = 0;
    for (const c of number) hash = (hash * 31 + c.charCodeAt(0)) % 360;
    return ['hsl(' + hash + ' 85% 72%)', 'hsl(' + ((hash + 40) % 360) + ' 70% 52%)'];
  }

  function ensurePhone(number) {
    const existing = state.phones.get(number);
    if (existing) return existing;
    const [c1, c2] = palette(number);
    const avatar = h('div', { class: 'avatar', 'aria-hidden': 'true', text: number.slice(-2) });
    avatar.style.setProperty('--c1', c1);
    avatar.style.setProperty('--c2', c2);
    const thread = h('ol', { class: 'thread', 'aria-live': 'polite', 'aria-label': 'Conversation of ' + number });
    const empty = h('li', { class: 'empty', text: 'No messages yet. Send one to this number with POST /v1/messages, or type below.' });
    thread.append(empty);
    const count = h('span', { class: 'count', text: 'no messages' });
    const to = h('input', {
      class: 'to',
      name: 'to',
      value: state.shared,
      spellcheck: 'false',
      autocomplete: 'off',
      'aria-label': 'Recipient (the service number)',
    });
    const text = h('textarea', { class: 'text', name: 'message', rows: 1, placeholder: 'Text message', 'aria-label': 'Message from ' + number });
    const send = h('button', { class: 'send', type: 'submit', title: 'Send', 'aria-label': 'Send' }, icon('icon-send'));
    const counter = h('span', { class: 'counter', text: '0 / ' + state.max });
    const error = h('span', { class: 'error', role: 'alert' });
    const phone = { number, thread, empty, count, to, text, send, counter, error, items: new Map(), size: 0 };
    const form = h(
      'form',
      {
        class: 'composer',
        novalidate: true,
        onsubmit: (e) => {
          e.preventDefault();
          submit(phone);
        },
      },
      h('div', { class: 'to-row' }, h('span', { text: 'To' }), to),
      h('div', { class: 'input-row' }, text, send),
      h('div', { class: 'foot' }, error, counter),
      h('div', { class: 'home', 'aria-hidden': 'true' }),
    );
    text.addEventListener('input', () => {
      grow(text);
      updateCounter(phone);
    });
    text.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
        e.preventDefault();
        submit(phone);
      }
    });
    const card = h(
      'article',
      { class: 'phone', 'data-phone': number, 'aria-label': 'Virtual phone ' + number },
      h(
        'div',
        { class: 'bezel' },
        h(
          'div',
          { class: 'screen' },
          h('div', { class: 'island', 'aria-hidden': 'true' }),
          h('div', { class: 'statusbar', 'aria-hidden': 'true' }, h('span', { class: 'clock', text: clock() }), icon('icon-status')),
          h('header', { class: 'contact' }, avatar, h('span', { class: 'number', text: number }), count),
          thread,
          form,
        ),
      ),
    );
    phone.card = card;
    $('phones').append(card);
    $('no-phones').hidden = true;
    state.phones.set(number, phone);
    for (const m of [...state.messages.values()].sort(byTime)) if (m.to === number || m.from === number) renderInto(phone, m);
    return phone;
  }

  const clock = () => new Date().toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hour12: false });
  const byTime = (a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0);

  function grow(textarea) {
    textarea.style.height = 'auto';
    textarea.style.height = Math.min(textarea.scrollHeight + 2, 110) + 'px';
  }

  function updateCounter(phone) {
    const n = chars(phone.text.value);
    phone.counter.textContent = n + ' / ' + state.max;
    phone.counter.classList.toggle('over', n > state.max);
  }

  function validate(message, to) {
    if (message.trim().length === 0) return 'Type a message first (1 to ' + state.max + ' characters).';
    if (chars(message) > state.max) return 'The message is ' + chars(message) + ' characters long: the limit is ' + state.max + '.';
    if (to && !E164.test(to)) return 'The recipient must be an E.164 number such as ' + (state.shared || '+15550000000') + '.';
    return '';
  }

  async function submit(phone) {
    const message = phone.text.value;
    const to = phone.to.value.trim();
    const problem = validate(message, to);
    phone.error.textContent = problem;
    if (problem) return;
    phone.send.disabled = true;
    try {
      const answer = await call('POST', '/ui/phones/' + encodeURIComponent(phone.number) + '/send', to ? { to, message } : { message });
      upsert(answer.data);
      phone.text.value = '';
      grow(phone.text);
      updateCounter(phone);
    } catch (err) {
      phone.error.textContent = err.message;
    } finally {
      phone.send.disabled = false;
      phone.text.focus();
    }
  }

  // ---- messages -----------------------------------------------------------------------------

  function upsert(m) {
    const previous = state.messages.get(m.id);
    // a snapshot fetched before a live update must not move a status backwards
    if (previous && RANK[previous.status] > RANK[m.status]) m = Object.assign({}, m, { status: previous.status, failure_reason: previous.failure_reason });
    state.messages.set(m.id, m);
    ensurePhone(m.direction === 'inbound' ? m.from : m.to);
    for (const number of new Set([m.to, m.from])) {
      const phone = state.phones.get(number);
      if (phone) renderInto(phone, m);
    }
  }

  function renderInto(phone, m) {
    const mine = m.from === phone.number;
    let item = phone.items.get(m.id);
    if (!item) {
      const status = h('span', { class: 'status' });
      const meta = h(
        'div',
        { class: 'meta' },
        h('span', { class: 'who', text: mine ? 'to ' + m.to : 'from ' + m.from }),
        h('span', { text: '· ' + time(m.created_at) }),
        status,
      );
      const li = h(
        'li',
        { class: mine ? 'msg mine' : 'msg', 'data-id': m.id, 'data-direction': m.direction, 'data-history': '' },
        h('div', { class: 'bubble', text: m.message }),
        meta,
      );
      item = { li, status, reason: null };
      phone.items.set(m.id, item);
      phone.empty.remove();
      phone.thread.append(li);
      phone.size += 1;
      phone.count.textContent = phone.size === 1 ? '1 message' : phone.size + ' messages';
      requestAnimationFrame(() => {
        phone.thread.scrollTop = phone.thread.scrollHeight;
      });
    }
    setStatus(item, m, mine);
  }

  function setStatus(item, m, mine) {
    const { li, status } = item;
    if (li.dataset.status === m.status) return;
    const history = li.dataset.history ? li.dataset.history.split(' ') : [];
    history.push(m.status);
    li.dataset.history = history.join(' ');
    li.dataset.status = m.status;
    status.dataset.status = m.status;
    // an inbound message is stored as delivered; to the phone it simply reached the service
    status.textContent = mine && m.direction === 'inbound' ? 'received' : m.status;
    status.classList.toggle('received', mine && m.direction === 'inbound');
    status.classList.remove('bump');
    void status.offsetWidth;
    status.classList.add('bump');
    if (m.status === 'failed') {
      item.reason = item.reason || li.appendChild(h('div', { class: 'reason' }));
      item.reason.textContent = m.failure_reason || 'The message could not be delivered.';
    }
  }

  // ---- webhook deliveries -------------------------------------------------------------------

  function addDelivery(d, atTop) {
    if (state.deliveries.has(d.id)) return;
    state.deliveries.add(d.id);
    const ok = d.status_code !== null && d.status_code >= 200 && d.status_code < 300;
    const li = h(
      'li',
      { class: 'delivery', 'data-event': d.event, 'data-status-code': d.status_code === null ? 'none' : d.status_code },
      h('span', { class: 'event', text: d.event + (d.test ? ' (test)' : '') }),
      h('span', { class: 'code ' + (ok ? 'ok' : 'bad'), text: d.status_code === null ? 'no answer' : String(d.status_code) }),
      h('span', { class: 'where', text: time(d.delivered_at) + ' → ' + d.target, title: d.target }),
    );
    const list = $('deliveries');
    if (atTop) list.prepend(li);
    else list.append(li);
    while (list.children.length > MAX_DELIVERIES) list.lastElementChild.remove();
    $('deliveries-empty').hidden = true;
  }

  // ---- loading and live updates -------------------------------------------------------------

  async function load() {
    const info = await call('GET', '/ui/phones');
    state.shared = info.shared_number;
    state.max = info.message_max;
    $('mode').textContent = info.mode;
    $('shared-number').textContent = info.shared_number;
    $('webhook-url').textContent = info.webhook_url || 'not set (start with --webhook-url)';
    $('webhook-chip').classList.toggle('off', !info.webhook_url);
    for (const phone of state.phones.values()) if (!phone.to.value) phone.to.value = state.shared;
    for (const p of info.phones) ensurePhone(p.number);
    const [messages, deliveries] = await Promise.all([call('GET', '/ui/messages'), call('GET', '/ui/deliveries')]);
    for (const m of messages.data.slice().sort(byTime)) upsert(m);
    for (const d of deliveries.data) addDelivery(d, false);
    banner('');
  }

  function setLive(mode, text) {
    $('live').dataset.state = mode;
    $('live-text').textContent = text;
  }

  function connect() {
    const events = new EventSource('/ui/events');
    let connectedBefore = false;
    events.addEventListener('ready', () => {
      setLive('live', 'live');
      // events may have been missed while disconnected: take a fresh snapshot
      if (connectedBefore) load().catch((err) => banner('Could not refresh: ' + err.message));
      connectedBefore = true;
    });
    events.addEventListener('message', (e) => upsert(JSON.parse(e.data).message));
    events.addEventListener('delivery', (e) => addDelivery(JSON.parse(e.data), true));
    events.addEventListener('error', () => {
      if (events.readyState === EventSource.CLOSED) setLive('offline', 'offline: reload the page');
      else setLive('connecting', 'reconnecting…');
    });
  }

  $('add-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const input = $('add-number');
    const number = input.value.trim().replace(/[\s().-]/g, '');
    const error = $('add-error');
    if (!E164.test(number)) {
      error.textContent = 'Enter an E.164 number: "+", country code and number, up to 15 digits (e.g. +14155550123).';
      return;
    }
    try {
      await call('POST', '/ui/phones', { number });
      error.textContent = '';
      input.value = '';
      const phone = ensurePhone(number);
      phone.card.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
      phone.text.focus();
    } catch (err) {
      error.textContent = err.message;
    }
  });

  window.setInterval(() => {
    const now = clock();
    for (const el of document.querySelectorAll('.clock')) el.textContent = now;
  }, 15000);

  connect();
  load().catch((err) => banner('Cannot load the simulator state: ' + err.message));
})();
