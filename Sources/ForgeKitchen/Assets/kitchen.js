// Forge kitchen display: tonight, the week, a recipe and cook mode, live
// over Server-Sent Events (/api/events). Same-origin only; no CDN.
(function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const state = { week: null, tonight: null, recipes: {}, session: null, timers: new Map(), offset: 0, view: 'tonight' };

  // ---------- data ----------
  async function api(method, path, body) {
    const r = await fetch(path, { method, credentials: 'same-origin', cache: 'no-store',
      headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
    if (r.status === 401) { showUnpaired(); throw new Error('unauthorised'); }
    if (!r.ok) throw new Error(method + ' ' + path + ': ' + r.status);
    return r.json();
  }
  const recipe = async (slug) => state.recipes[slug] || (state.recipes[slug] = await api('GET', '/api/kitchen/recipes/' + encodeURIComponent(slug)));

  function showUnpaired() {
    const n = $('notice');
    n.innerHTML = 'This screen is not paired. <a href="/kitchen/pair">Pair it</a> with a code from <code>forged display pair</code>.';
    n.hidden = false;
  }

  async function loadWeek() {
    state.week = await api('GET', '/api/kitchen/week');
    const today = state.week.days.find((d) => d.is_today) || state.week.days[0];
    state.tonight = today ? today.slots.find((s) => s.slot === 'dinner') : null;
    renderTonight(today);
    renderWeek();
  }

  async function loadState() {
    const s = await api('GET', '/api/cook/state');
    state.offset = Date.parse(s.now) - Date.now();
    state.timers = new Map(s.timers.map((t) => [t.id, t]));
    state.session = s.session;
    renderTimers();
    await renderCook();
  }

  // ---------- tonight and the week ----------
  function dishName(slot) {
    if (!slot) return 'Nothing planned';
    if (slot.out) return 'Out tonight' + (slot.note ? ': ' + slot.note : '');
    if (slot.recipe) return (slot.leftover ? 'Leftovers: ' : '') + slot.recipe.name;
    return slot.label || slot.note || 'Nothing planned';
  }
  function renderTonight(day) {
    const slot = state.tonight;
    $('tonight-day').textContent = day ? 'Tonight · ' + day.day_name : 'Tonight';
    $('tonight-name').textContent = dishName(slot);
    $('tonight-why').textContent = slot ? (slot.why || (slot.recipe && slot.recipe.why) || '') : '';
    const r = slot && slot.recipe;
    $('tonight-meta').textContent = r ? `${r.minutes} min · serves ${r.serves}` : '';
    $('tonight-art').innerHTML = plateSVG(r ? r.platefig : (slot && slot.out ? 'plate' : 'plate'), r ? r.slug : 'tonight');
    $('tonight-actions').hidden = !r || !!slot.leftover;
  }
  function renderWeek() {
    const list = $('week');
    list.textContent = '';
    for (const d of state.week.days) {
      const dinner = d.slots.find((s) => s.slot === 'dinner');
      const li = document.createElement('li');
      if (d.is_today) li.className = 'today';
      li.innerHTML = '<div class="day"></div><div class="art"></div><div class="dish"></div>';
      li.children[0].textContent = d.day_name + ' ' + d.date.slice(5);
      li.children[1].innerHTML = plateSVG(dinner && dinner.recipe ? dinner.recipe.platefig : 'plate', d.date);
      li.children[2].textContent = dishName(dinner);
      if (dinner && dinner.recipe) li.addEventListener('click', () => openRecipe(dinner.recipe.slug));
      list.appendChild(li);
    }
  }

  // ---------- recipe ----------
  async function openRecipe(slug) {
    const r = await recipe(slug);
    $('recipe-name').textContent = r.name;
    $('recipe-meta').textContent = `${r.minutes} min · serves ${r.serves} · ${r.difficulty}`;
    $('recipe-art').innerHTML = plateSVG(r.platefig, r.slug);
    const ing = $('recipe-ingredients'); ing.textContent = '';
    for (const i of r.ingredients) {
      const li = document.createElement('li');
      li.textContent = (i.disp ? i.disp + ' ' : '') + i.name + (i.note ? ', ' + i.note : '');
      ing.appendChild(li);
    }
    const steps = $('recipe-steps'); steps.textContent = '';
    for (const s of r.steps) {
      const li = document.createElement('li');
      li.innerHTML = '<strong></strong> <span></span>';
      li.children[0].textContent = s.title + '.';
      li.children[1].textContent = s.detail;
      steps.appendChild(li);
    }
    $('recipe-cook').onclick = () => startCooking(slug);
    show('recipe');
  }

  // ---------- cook mode ----------
  async function startCooking(slug) {
    state.session = await api('POST', '/api/cook/sessions', { recipe_slug: slug });
    await renderCook();
    show('cook');
  }
  async function renderCook() {
    const s = state.session;
    $('cook-empty').hidden = !!s;
    $('cook-live').hidden = !s;
    if (!s) return;
    const r = await recipe(s.recipe_slug);
    if (state.session !== s) return;   // a newer event rendered meanwhile
    const step = r.steps[s.step] || r.steps[0];
    $('cook-recipe').textContent = r.name;
    $('cook-progress').textContent = `Step ${s.step + 1} of ${r.steps.length}`;
    $('step-title').textContent = step.title;
    $('step-detail').textContent = step.detail;
    $('step-cue').hidden = !step.cue;
    $('step-cue').textContent = step.cue ? step.cue : '';
    $('step-prev').disabled = s.step === 0;
    const last = s.step >= r.steps.length - 1;
    $('step-next').hidden = last;
    $('cook-finish').hidden = !last;
    const timerButton = $('step-timer');
    timerButton.hidden = !step.minutes;
    if (step.minutes) {
      timerButton.textContent = `Start ${step.minutes} min timer`;
      timerButton.onclick = () => api('POST', '/api/cook/timers', { label: step.title, seconds: step.minutes * 60,
        recipe_slug: r.slug, step: s.step, background: !!step.parallel }).then(upsertTimer);
    }
    const background = r.steps.map((x, i) => ({ x, i })).filter(({ x, i }) => x.parallel && i !== s.step);
    $('background-strip').hidden = background.length === 0;
    $('background-steps').textContent = background.map(({ x, i }) => `${i + 1}. ${x.title}`).join('   ·   ');
    $('up-next').textContent = last ? 'Last step.' : 'Up next: ' + r.steps[s.step + 1].title;
  }
  async function moveStep(delta) {
    const s = state.session;
    if (!s) return;
    state.session = await api('PATCH', '/api/cook/sessions/' + s.id, { step: s.step + delta });
    await renderCook();
  }
  async function finishCooking() {
    const s = state.session;
    if (!s) return;
    await api('POST', '/api/cook/sessions/' + s.id + '/finish');
    state.session = null;
    await renderCook();
    show('tonight');
  }

  // ---------- timers ----------
  const now = () => Date.now() + state.offset;
  function remainingMs(t) {
    if (t.state === 'running') return Math.max(0, Date.parse(t.ends_at) - now());
    if (t.state === 'paused') return t.remaining_s * 1000;
    return 0;
  }
  function upsertTimer(t) {
    if (t.state === 'dismissed' || t.state === 'cancelled') state.timers.delete(t.id); else state.timers.set(t.id, t);
    renderTimers();
  }
  function clockText(ms) {
    const s = Math.ceil(ms / 1000), h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
    return (h ? h + ':' + String(m).padStart(2, '0') : m) + ':' + String(sec).padStart(2, '0');
  }
  const R = 26, C = 2 * Math.PI * R;
  function renderTimers() {
    const dock = $('timers');
    const seen = new Set();
    for (const t of state.timers.values()) {
      seen.add(t.id);
      let el = dock.querySelector(`[data-id="${t.id}"]`);
      if (!el) {
        el = document.createElement('div');
        el.className = 'timer';
        el.dataset.id = t.id;
        el.innerHTML = `<svg viewBox="0 0 64 64"><circle class="track" cx="32" cy="32" r="${R}" fill="none" stroke-width="6"/>` +
          `<circle class="arc" cx="32" cy="32" r="${R}" fill="none" stroke-width="6" stroke-linecap="round" transform="rotate(-90 32 32)" stroke-dasharray="${C.toFixed(2)}"/></svg>` +
          '<div><div class="time"></div><div class="label"></div></div><div class="buttons"></div>';
        dock.appendChild(el);
      }
      if (el.dataset.state !== t.state) {
        el.dataset.state = t.state;
        const buttons = el.querySelector('.buttons');
        buttons.textContent = '';
        const add = (text, action, body) => {
          const b = document.createElement('button'); b.className = 'quiet'; b.textContent = text;
          b.onclick = () => api('POST', `/api/cook/timers/${t.id}/${action}`, body).then(upsertTimer);
          buttons.appendChild(b);
        };
        if (t.state === 'fired') { add('Dismiss', 'dismiss'); add('+1 min', 'extend', { seconds: 60 }); }
        else { add(t.state === 'paused' ? 'Resume' : 'Pause', t.state === 'paused' ? 'resume' : 'pause'); add('×', 'cancel'); }
      }
      el.querySelector('.label').textContent = t.label + (t.background ? ' · alongside' : '');
    }
    for (const el of [...dock.children]) if (!seen.has(el.dataset.id)) el.remove();
    tick();
  }
  function tick() {
    for (const el of $('timers').children) {
      const t = state.timers.get(el.dataset.id);
      if (!t) continue;
      const left = remainingMs(t);
      el.querySelector('.time').textContent = t.state === 'fired' ? "Time's up" : clockText(left);
      const fraction = t.seconds ? Math.min(1, left / (t.seconds * 1000)) : 0;
      el.querySelector('.arc').style.strokeDashoffset = (C * (1 - fraction)).toFixed(2);
    }
    const d = new Date(now());
    $('clock').textContent = String(d.getHours()).padStart(2, '0') + ':' + String(d.getMinutes()).padStart(2, '0');
  }

  // ---------- live feed ----------
  let source = null;
  function connect() {
    source = new EventSource('/api/events');
    source.addEventListener('open', () => { $('live').className = 'dot up'; $('live').title = 'live'; });
    source.addEventListener('error', () => {
      $('live').className = 'dot'; $('live').title = 'reconnecting';
      // EventSource retries by itself; if the browser gave up, start again.
      if (source.readyState === EventSource.CLOSED) setTimeout(connect, 3000);
    });
    source.addEventListener('hello', () => loadState().catch(() => {}));
    source.addEventListener('reset', () => loadState().catch(() => {}));
    source.addEventListener('timer', (e) => {
      const data = JSON.parse(e.data);
      state.offset = Date.parse(data.at) - Date.now() || state.offset;
      upsertTimer(data.timer);
    });
    source.addEventListener('cook_session', (e) => {
      const data = JSON.parse(e.data);
      state.session = data.session.state === 'active' ? data.session : null;
      renderCook().catch(() => {});
    });
    source.addEventListener('food_week', () => { state.recipes = {}; loadWeek().catch(() => {}); });
  }

  // ---------- screen ----------
  function show(view) {
    state.view = view;
    for (const v of document.querySelectorAll('.view')) v.classList.toggle('on', v.id === 'view-' + view);
    for (const b of document.querySelectorAll('.tab')) b.classList.toggle('on', b.dataset.view === view);
  }
  let wakeLock = null;
  async function keepAwake() {
    try { if ('wakeLock' in navigator && document.visibilityState === 'visible') wakeLock = await navigator.wakeLock.request('screen'); }
    catch (_) { /* not allowed here; the screen may sleep */ }
  }

  for (const b of document.querySelectorAll('[data-view]')) b.addEventListener('click', () => show(b.dataset.view));
  $('open-recipe').addEventListener('click', () => state.tonight && state.tonight.recipe && openRecipe(state.tonight.recipe.slug));
  $('start-cook').addEventListener('click', () => state.tonight && state.tonight.recipe && startCooking(state.tonight.recipe.slug));
  $('step-prev').addEventListener('click', () => moveStep(-1));
  $('step-next').addEventListener('click', () => moveStep(1));
  $('cook-finish').addEventListener('click', finishCooking);
  document.addEventListener('visibilitychange', keepAwake);
  setInterval(tick, 250);
  keepAwake();
  loadWeek().then(() => { connect(); if (location.hash === '#cook') show('cook'); }).catch(() => {});
})();
