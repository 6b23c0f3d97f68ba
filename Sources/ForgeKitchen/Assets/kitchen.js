// Forge kitchen display: tonight, the week, a recipe, cook mode and the
// week's shopping list, live
// over Server-Sent Events (/api/events). Same-origin only; no CDN.
// Time and the day come from the server: `state.offset` is server − tablet
// clock (from every event's `at`), `state.day` the household day announced
// on the stream (`hello`, `day`). Nothing on screen uses the tablet's clock alone.
(function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const state = { week: null, tonight: null, recipes: {}, session: null, timers: new Map(), offset: 0,
                  view: 'tonight', day: null, connected: false, unreachable: false, list: null, zone: null };
  try { state.zone = localStorage.getItem('forge.kitchen.zone'); } catch (e) {}

  // ---------- data ----------
  class HTTPError extends Error { constructor(status, message) { super(message); this.status = status; } }
  /**
   * One request: `{data, savedAt, offline}`. With the service worker (sw.js) a GET of
   * the week, a recipe or the cook state may answer the copy saved when the
   * server was last reachable (`X-Forge-Offline`); `savedAt` is then the
   * tablet's ms when that copy arrived, else now.
   */
  async function request(method, path, body) {
    const r = await fetch(path, { method, credentials: 'same-origin', cache: 'no-store',
      headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
    if (r.status === 401) { showUnpaired(); throw new HTTPError(401, 'unauthorised'); }
    if (!r.ok) throw new HTTPError(r.status, method + ' ' + path + ': ' + r.status);
    const offline = r.headers.has('X-Forge-Offline');
    const savedAt = offline ? Number(r.headers.get('X-Forge-Saved-At')) || Date.now() : Date.now();
    const data = await r.json();
    if (offline) showSavedCopy(savedAt);
    return { data, savedAt, offline };
  }
  const api = async (method, path, body) => (await request(method, path, body)).data;
  /** A tap's request: says so when it fails and retries (network or 5xx) until it goes through. */
  async function act(method, path, body, what) {
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await api(method, path, body);
        hideTapFailure();
        return result;
      } catch (e) {
        if (e.status && e.status < 500) {
          showTapFailure(`${what}: the server refused (${e.status === 409 ? 'it changed meanwhile' : e.status}).`);
          loadState().catch(() => {});
          throw e;
        }
        showTapFailure(`${what} didn't reach the server. Retrying…`);
        await new Promise((r) => setTimeout(r, Math.min(8000, 1000 * 2 ** attempt)));
      }
    }
  }
  function showTapFailure(text) { $('tap-failed').textContent = text; $('tap-failed').hidden = false; }
  function hideTapFailure() { $('tap-failed').hidden = true; }
  const recipe = async (slug) => state.recipes[slug] || (state.recipes[slug] = await api('GET', '/api/kitchen/recipes/' + encodeURIComponent(slug)));

  function showUnpaired() {
    $('tonight-name').textContent = 'Pair this screen';
    $('tonight-day').textContent = 'Kitchen display';
    const n = $('notice');
    n.innerHTML = 'This screen is not paired yet. On the server run <code>forged display pair --name Kitchen</code>, ' +
      'then <a href="/kitchen/pair">enter the code here</a>.';
    n.hidden = false;
  }

  async function loadWeek() {
    const { data: week, offline } = await request('GET', '/api/kitchen/week');
    state.week = week;
    if (!state.day) state.day = state.week.today;
    const today = state.week.days.find((d) => d.is_today) || state.week.days[0];
    state.tonight = today ? today.slots.find((s) => s.slot === 'dinner') : null;
    renderTonight(today);
    renderWeek();
    if (!offline && navigator.serviceWorker && navigator.serviceWorker.controller && state.connected) saveRecipes();
  }
  /** Reads the week's recipes so the service worker holds them for an outage. */
  function saveRecipes() {
    const slugs = new Set(state.week.days.flatMap((d) => d.slots.filter((s) => s.recipe).map((s) => s.recipe.slug)));
    for (const slug of slugs) recipe(slug).catch(() => {});
  }

  async function loadState() {
    const { data: s, savedAt } = await request('GET', '/api/cook/state');
    state.offset = Date.parse(s.now) - savedAt;   // a saved copy's `now` was the server's at savedAt
    state.timers = new Map(s.timers.map((t) => [t.id, t]));
    state.session = s.session;
    renderTimers();
    await renderCook();
  }

  /** The household day from the server; a new one re-reads the week. */
  function setDay(day) {
    if (!day || !day.date) return;
    const changed = state.day !== day.date;
    state.day = day.date;
    if (changed || !state.week || state.week.today !== day.date) loadWeek().then(() => loadList()).catch(() => {});
  }

  // ---------- content ----------
  const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const shortDate = (iso) => `${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1]}`;
  function outNote(slot) {
    // "Dinner out: Sam's birthday" reads as "Out: Sam's birthday" once, not twice.
    return (slot.note || '').replace(/^\s*(dinner\s+)?out\s*[:—-]\s*/i, '').trim();
  }
  function dishName(slot, when) {
    if (!slot) return 'Nothing planned';
    if (slot.out) { const note = outNote(slot); return (when || 'Out') + (note ? ': ' + note : ''); }
    if (slot.recipe) return (slot.leftover ? 'Leftovers: ' : '') + slot.recipe.name;
    return slot.label || slot.note || 'Nothing planned';
  }
  const IRREGULAR = { leaves: 'leaf', loaves: 'loaf', potatoes: 'potato', tomatoes: 'tomato', knives: 'knife' };
  function singular(word) {
    const lower = word.toLowerCase();
    if (IRREGULAR[lower]) return IRREGULAR[lower];
    if (/[^aeiou]ies$/.test(lower)) return word.slice(0, -3) + 'y';
    if (/(ch|sh|x|ss)es$/.test(lower)) return word.slice(0, -2);
    if (/[^s]s$/.test(lower)) return word.slice(0, -1);
    return word;
  }
  /**
   * "2 fillets" + "salmon fillets" → "2 salmon fillets"; "1" + "lemons" → "1 lemon";
   * "½" + "red onions" → "½ red onion": counted things are singular at one or less,
   * and a unit word already in the name is not repeated.
   */
  function ingredientText(i) {
    // Scripts written without spaces (Chinese, Japanese, Korean): the cook's own line, as printed.
    if (i.raw && /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/.test(i.raw)) return i.raw.trim();
    let disp = (i.disp || '').trim();
    let name = i.name;
    const words = disp.split(/\s+/);
    if (words.length === 2) {
      // Whole words only: "200 g" + "long-stem broccoli" keeps its "g".
      const unit = words[1].toLowerCase(), nameWords = name.toLowerCase().split(/[^a-z]+/);
      if (nameWords.includes(unit) || nameWords.includes(singular(unit).toLowerCase())) disp = words[0];
    }
    const counted = (i.unit === 'x' || !i.unit) && disp && !/[a-z]/i.test(disp);
    if (counted && typeof i.qty === 'number' && i.qty <= 1) {
      const parts = name.split(' ');
      parts[parts.length - 1] = singular(parts[parts.length - 1]);
      name = parts.join(' ');
    }
    return (disp ? disp + ' ' : '') + name + (i.note ? ', ' + i.note : '');
  }

  // ---------- tonight and the week ----------
  function renderTonight(day) {
    const slot = state.tonight;
    $('tonight-day').textContent = day ? 'Tonight · ' + day.day_name + ' ' + shortDate(day.date) : 'Tonight';
    $('tonight-name').textContent = dishName(slot, 'Out tonight');
    $('tonight-name').title = $('tonight-name').textContent;
    $('tonight-why').textContent = slot ? (slot.why || (slot.recipe && slot.recipe.why) || '') : '';
    const r = slot && slot.recipe;
    // A recipe with no energy data: a plate logged from it leaves the day's totals partial. A leftovers
    // night cooks nothing: the recipe's time and servings are another night's (issue 41 item 14).
    const meta = !r ? '' : slot.leftover ? 'Reheat · nothing to cook' : `${r.minutes} min · serves ${r.serves}`;
    $('tonight-meta').textContent = meta + (r && !r.kcal ? ' · no kcal data' : '');
    $('tonight-art').innerHTML = plateSVG(slot && slot.out ? 'out' : (r ? r.platefig : 'empty'), r ? r.slug : 'tonight');
    $('tonight-actions').hidden = !r || !!slot.leftover || !!slot.out;
  }
  function renderWeek() {
    const list = $('week');
    list.textContent = '';
    $('week-title').textContent = 'This week · ' + shortDate(state.week.days[0].date) + ' – ' + shortDate(state.week.days[6].date);
    for (const d of state.week.days) {
      const dinner = d.slots.find((s) => s.slot === 'dinner');
      const li = document.createElement('li');
      li.className = (d.is_today ? 'today ' : '') + (dinner && dinner.out ? 'out' : '');
      li.innerHTML = '<div class="day"></div><div class="date"></div><div class="art"></div><div class="dish"></div>';
      li.children[0].textContent = d.is_today ? d.day_name + ' · today' : d.day_name;
      li.children[1].textContent = shortDate(d.date);
      const art = dinner && dinner.out ? 'out' : (dinner && dinner.recipe ? dinner.recipe.platefig : 'empty');
      li.children[2].innerHTML = plateSVG(art, d.date);
      li.children[3].textContent = dishName(dinner);
      if (dinner && dinner.recipe) li.addEventListener('click', () => openRecipe(dinner.recipe.slug));
      list.appendChild(li);
    }
  }

  // ---------- the week's shopping list ----------
  const AISLES = { produce: 'Produce', protein: 'Meat & fish', dairy: 'Dairy & eggs', cupboard: 'Cupboard', frozen: 'Frozen' };
  async function loadList() {
    state.list = await api('GET', '/api/kitchen/shopping' + (state.day ? '?date=' + state.day : ''));
    renderList();
  }
  /** Recipe names by slug, from the week on screen (the list carries slugs). */
  function recipeNames() {
    const names = {};
    for (const d of (state.week ? state.week.days : [])) for (const s of d.slots) if (s.recipe) names[s.recipe.slug] = s.recipe.name;
    return names;
  }
  function renderList() {
    const l = state.list;
    if (!l) return;
    const box = $('list-aisles');
    box.textContent = '';
    $('list-title').textContent = 'Shopping · week of ' + shortDate(l.start);
    const groups = l.aisles.map((a) => [AISLES[a.aisle] || a.aisle, a.items, 'aisle'])
      .concat([['Added by hand', l.manual, 'manual'], ['Check you have', l.pantry, 'pantry']])
      .filter((g) => g[1].length);
    const all = groups.filter((g) => g[2] !== 'pantry').flatMap((g) => g[1]);
    const left = all.filter((i) => !i.checked).length;
    $('list-count').textContent = all.length ? (left ? `${left} of ${all.length} to buy` : 'All bought') : '';
    $('list-empty').hidden = groups.length > 0;
    const names = recipeNames();
    for (const [title, items, kind] of groups) {
      const section = document.createElement('section');
      section.className = 'aisle ' + kind;
      section.innerHTML = '<h2></h2><ul class="shop"></ul>';
      section.firstChild.textContent = title;
      // Bought items sink to the bottom of their aisle.
      const ordered = items.filter((i) => !i.checked).concat(items.filter((i) => i.checked));
      for (const item of ordered) {
        const li = document.createElement('li');
        li.innerHTML = '<button class="item" role="checkbox"><span class="box" aria-hidden="true"></span>' +
          '<span class="what"><span class="name"></span><span class="amount"></span><span class="for"></span></span></button>';
        const b = li.firstChild;
        b.dataset.id = item.id;
        b.setAttribute('aria-checked', String(item.checked));
        b.classList.toggle('checked', item.checked);
        b.querySelector('.name').textContent = item.name;
        // A tick the week's need has outgrown: say what is still to buy.
        const amount = item.still_needed_disp ? `${item.still_needed_disp} more (${item.disp} in all)` : item.disp;
        b.querySelector('.amount').textContent = [amount, item.packs].filter(Boolean).join(' · ');
        const uses = [...new Set(item.recipes.map((r) => names[r.slug] || r.slug))];
        b.querySelector('.for').textContent = uses.length ? 'for ' + uses.join(', ') : '';
        b.addEventListener('click', () => toggleItem(item));
        section.lastChild.appendChild(li);
      }
      box.appendChild(section);
    }
  }
  /** A tap ticks or unticks at once on screen, then on the server (retried until it lands). */
  async function toggleItem(item) {
    const checked = !item.checked;
    item.checked = checked;
    renderList();
    try {
      await act('PATCH', '/api/kitchen/shopping', { date: state.list.start, item: item.id, checked }, 'Tick ' + item.name);
    } catch (e) {
      loadList().catch(() => {});
    }
  }

  // ---------- recipe ----------
  async function openRecipe(slug) {
    const r = await recipe(slug);
    $('recipe-name').textContent = r.name;
    $('recipe-meta').textContent = `${r.minutes} min · serves ${r.serves} · ${r.difficulty}` + (r.kcal ? '' : ' · no kcal data');
    $('recipe-art').innerHTML = plateSVG(r.platefig, r.slug);
    const ing = $('recipe-ingredients'); ing.textContent = '';
    for (const group of sections(r.ingredients)) {
      const ul = sectionList(ing, group.name, 'ul');
      for (const i of group.items) {
        const li = document.createElement('li');
        li.textContent = ingredientText(i);
        ul.appendChild(li);
      }
    }
    const steps = $('recipe-steps'); steps.textContent = '';
    let number = 1;
    for (const group of sections(r.steps)) {
      const ol = sectionList(steps, group.name, 'ol');
      ol.start = number;
      for (const s of group.items) {
        const li = document.createElement('li');
        li.innerHTML = '<strong></strong> <span></span>';
        li.children[0].textContent = s.title + '.';
        fillWithCue(li.children[1], s.detail, s.cue);
        ol.appendChild(li);
        number += 1;
      }
    }
    $('recipe-cook').onclick = () => startCooking(slug);
    show('recipe');
  }
  /** Runs of lines (ingredients or steps) that share a `section` ("For the sauce"; none for a recipe without). */
  function sections(lines) {
    const groups = [];
    for (const line of lines) {
      const name = line.section || '';
      if (!groups.length || groups[groups.length - 1].name !== name) groups.push({ name, items: [] });
      groups[groups.length - 1].items.push(line);
    }
    return groups;
  }
  /** A list (`ul`, `ol`) in `box` under a small heading naming its section, when it has one. */
  function sectionList(box, name, tag) {
    if (name) {
      const h = document.createElement('h3');
      h.className = 'section-name';
      h.textContent = name;
      box.appendChild(h);
    }
    return box.appendChild(document.createElement(tag));
  }
  /** A timer's label: the step's own name, or for an imported "Step 3" its section's (else the recipe's) and
   *  number, the name cut with "…" so the label keeps within the 80 characters a timer's label may have. */
  function timerLabel(r, step, index) {
    if (!/^Step \d+$/.test(step.title)) return step.title.length > 80 ? step.title.slice(0, 79) + '…' : step.title;
    const suffix = ` · step ${index + 1}`;
    const name = step.section || r.name;
    const room = 80 - suffix.length;
    return (name.length > room ? name.slice(0, room - 1) + '…' : name) + suffix;
  }
  /** The step's text with its done-when cue marked in place (printed once). */
  function fillWithCue(el, detail, cue) {
    el.textContent = '';
    const at = cue ? detail.indexOf(cue) : -1;
    if (at < 0) { el.textContent = detail; return; }
    const mark = document.createElement('span');
    mark.className = 'cue';
    mark.textContent = cue;
    el.append(detail.slice(0, at), mark, detail.slice(at + cue.length));
  }

  // ---------- cook mode ----------
  async function startCooking(slug) {
    state.session = await act('POST', '/api/cook/sessions', { recipe_slug: slug }, 'Start cooking');
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
    // The step's section above its title, marked where the section starts.
    const section = $('step-section'), previous = r.steps[s.step - 1];
    section.hidden = !step.section;
    section.textContent = step.section || '';
    section.dataset.starts = String(!!step.section && (!previous || previous.section !== step.section));
    $('step-title').textContent = step.title;
    fillWithCue($('step-detail'), step.detail, step.cue);
    $('step-prev').disabled = s.step === 0;
    const last = s.step >= r.steps.length - 1;
    $('step-next').hidden = last;
    $('cook-finish').hidden = !last;
    const timerButton = $('step-timer');
    timerButton.hidden = !step.minutes;
    if (step.minutes) {
      timerButton.textContent = `Start ${step.minutes} min timer`;
      timerButton.onclick = () => act('POST', '/api/cook/timers', { label: timerLabel(r, step, s.step), seconds: step.minutes * 60,
        recipe_slug: r.slug, step: s.step, background: !!step.parallel }, 'Start timer').then(upsertTimer, () => {});
    }
    const background = r.steps.map((x, i) => ({ x, i })).filter(({ x, i }) => x.parallel && i !== s.step);
    $('background-strip').hidden = background.length === 0;
    $('background-steps').textContent = background.map(({ x, i }) => `${i + 1}. ${x.title}`).join('   ·   ');
    const next = r.steps[s.step + 1];
    // A next step that starts another section says so ("Up next: For the sauce · Step 4").
    const nextPart = next && next.section && next.section !== step.section ? next.section + ' · ' : '';
    $('up-next').textContent = last ? 'Last step.' : 'Up next: ' + nextPart + next.title;
    const shown = s.id + ':' + s.step;
    if ($('step-box').dataset.shown !== shown) $('step-box').scrollTop = 0;   // a new step starts at its top
    $('step-box').dataset.shown = shown;
    window.stepFit.fit(true);
  }
  async function moveStep(delta) {
    const s = state.session;
    if (!s) return;
    state.session = await act('PATCH', '/api/cook/sessions/' + s.id, { step: s.step + delta }, delta > 0 ? 'Next step' : 'Previous step');
    await renderCook();
  }
  async function finishCooking() {
    const s = state.session;
    if (!s) return;
    await act('POST', '/api/cook/sessions/' + s.id + '/finish', undefined, 'Finish');
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
  /**
   * A tap on a timer, sent until the server hears it. A timer this screen rang while the server
   * could not be reached is dismissed or extended here at once (the chime stops), and stays
   * silenced here until the server has the tap, even if its own late ring arrives first.
   */
  const silenced = new Set();
  function timerAction(t, action, body, what) {
    const sent = act('POST', `/api/cook/timers/${t.id}/${action}`, body, what + ' ' + t.label);
    if (t.rung_here) {
      silenced.add(t.id);
      if (action === 'dismiss') state.timers.delete(t.id);
      else state.timers.set(t.id, Object.assign({}, t, { state: 'running', rung_here: false,
        ends_at: new Date(now() + body.seconds * 1000).toISOString() }));
      renderTimers();
    }
    return sent.then(upsertTimer, () => {}).finally(() => { silenced.delete(t.id); renderTakeover(); });
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
          '<div class="text"><div class="time"></div><div class="label"></div></div><div class="buttons"></div>';
        dock.appendChild(el);
      }
      if (el.dataset.state !== t.state) {
        el.dataset.state = t.state;
        const buttons = el.querySelector('.buttons');
        buttons.textContent = '';
        // `glyph`: what a compact card (kitchen.css) shows instead of the word, which stays the button's name.
        const add = (text, action, body, what, label, glyph) => {
          const b = document.createElement('button'); b.className = 'quiet';
          if (glyph) {
            b.innerHTML = '<span class="word"></span><span class="glyph" aria-hidden="true"></span>';
            b.firstChild.textContent = text; b.lastChild.textContent = glyph;
            b.title = text; b.setAttribute('aria-label', text);
          } else b.textContent = text;
          if (label) b.setAttribute('aria-label', label);
          b.onclick = () => timerAction(t, action, body, what);
          buttons.appendChild(b);
        };
        if (t.state === 'fired') { add('Dismiss', 'dismiss', undefined, 'Dismiss'); add('+1 min', 'extend', { seconds: 60 }, 'Extend'); }
        else {
          add(t.state === 'paused' ? 'Resume' : 'Pause', t.state === 'paused' ? 'resume' : 'pause', undefined, 'Pause',
              undefined, t.state === 'paused' ? '▶' : '❚❚');
          add('×', 'cancel', undefined, 'Cancel', 'Cancel timer');
        }
      }
      el.querySelector('.label').textContent = t.label + (t.background ? ' · alongside' : '');
      el.title = t.label;
    }
    for (const el of [...dock.children]) if (!seen.has(el.dataset.id)) el.remove();
    renderTakeover();
    tick();
    fitLabels();
  }
  /**
   * A label on one line (a compact card) shrinks to fit, down to --label-floor (kitchen.css: what still reads
   * from 1-2 m); one that still does not fit takes two lines, shrinking again down to the floor, and only
   * then is cut (an ellipsis). Elsewhere labels have two lines beside the digits (kitchen.css) and shrink
   * the same way; one that still does not fit goes under the ring across the card (.label-under), shrinking
   * again, before it is cut. Run after each render and resize.
   */
  function fitLabels() {
    // scrollWidth and clientWidth are whole pixels: a one-line label a fraction of a pixel too wide
    // still gets its ellipsis, so its text is measured as drawn.
    const textWidth = (label) => { const r = document.createRange(); r.selectNodeContents(label); return r.getBoundingClientRect().width; };
    const overflows = (label) => label.scrollWidth > label.clientWidth + 0.5 || label.scrollHeight > label.clientHeight + 0.5 ||
      (getComputedStyle(label).whiteSpace === 'nowrap' && textWidth(label) > label.getBoundingClientRect().width + 0.01);
    const shrink = (label, from, floor) => {
      for (let size = from; size - 0.5 >= floor && overflows(label);) {
        size -= 0.5;
        label.style.fontSize = size + 'px';
      }
      if (overflows(label)) label.style.fontSize = floor + 'px';
    };
    for (const label of $('timers').querySelectorAll('.label')) {
      label.style.fontSize = '';
      label.classList.remove('two-lines');
      label.closest('.timer').classList.remove('label-under');
      if (!overflows(label)) continue;
      const full = parseFloat(getComputedStyle(label).fontSize);
      label.style.fontSize = 'var(--label-floor)';
      const floor = Math.min(full, parseFloat(getComputedStyle(label).fontSize));
      label.style.fontSize = '';
      shrink(label, full, floor);
      if (!overflows(label)) continue;
      label.style.fontSize = '';
      if (getComputedStyle(label).whiteSpace === 'nowrap') label.classList.add('two-lines');
      // Two lines beside a wide card's digits are too narrow: the label goes under the ring, across
      // the whole card, as the compact cards have it (issue 41 item 10).
      else label.closest('.timer').classList.add('label-under');
      shrink(label, full, floor);
    }
  }
  window.addEventListener('resize', fitLabels);

  /** The oldest ringing timer fills the screen until dismissed or extended; the chime rings meanwhile. */
  function renderTakeover() {
    const fired = [...state.timers.values()].filter((t) => t.state === 'fired' && !silenced.has(t.id))
      .sort((a, b) => Date.parse(a.fired_at) - Date.parse(b.fired_at));
    const t = fired[0];
    $('takeover').hidden = !t;
    window.chime.ring(!!t);
    if (!t) return;
    $('takeover').dataset.id = t.id;
    $('takeover-label').textContent = t.label;
    $('takeover-dismiss').onclick = () => timerAction(t, 'dismiss', undefined, 'Dismiss');
    $('takeover-extend').onclick = () => timerAction(t, 'extend', { seconds: 60 }, 'Extend');
    $('takeover-more').textContent = fired.length > 1 ? `${fired.length - 1} more ringing: ` + fired.slice(1).map((x) => x.label).join(', ') : '';
  }
  function lateText(t) {
    const ago = Math.max(0, now() - Date.parse(t.fired_at));
    const late = t.late_by_ms >= 1000 ? ` · it came due ${clockText(t.late_by_ms)} late while the server was down` : '';
    const here = t.rung_here ? " · the server can't be reached: this screen rang it from its deadline" : '';
    return (ago < 1000 ? 'Just now' : 'Rang ' + clockText(ago) + ' ago') + late + here;
  }
  /**
   * Issue 41 item 9: a running timer that comes due while the server cannot be reached rings here,
   * from the deadline the page holds. When the feed is back the server's state replaces it
   * (`hello` → loadState): fired late by the server, or gone if it was cancelled meanwhile.
   */
  function ringDueWhileOffline() {
    // Only in a real outage: the live feed was lost, or the page is the saved copy (not while it first opens).
    if (state.connected || !state.unreachable) return;
    let rang = false;
    for (const t of [...state.timers.values()]) {
      if (t.state !== 'running' || Date.parse(t.ends_at) > now()) continue;
      state.timers.set(t.id, Object.assign({}, t, { state: 'fired', fired_at: t.ends_at, rung_here: true }));
      rang = true;
    }
    if (rang) renderTimers();
  }
  /**
   * "HH:MM" of an instant (ms) on the household's clock: in the zone `hello`
   * names (kept in localStorage for an offline reload), whatever zone the
   * tablet is set to; the tablet's zone only until the server first said.
   */
  let zoneFormat = null;
  function householdHM(ms) {
    if (!zoneFormat || zoneFormat.zone !== state.zone) {
      let format;
      try { format = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: state.zone || undefined }); }
      catch (e) { format = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }); }
      zoneFormat = { zone: state.zone, format };
    }
    return zoneFormat.format.format(new Date(ms));
  }
  function tick() {
    ringDueWhileOffline();
    for (const el of $('timers').children) {
      const t = state.timers.get(el.dataset.id);
      if (!t) continue;
      const left = remainingMs(t);
      const time = el.querySelector('.time');
      time.textContent = t.state === 'fired' ? "Time's up" : clockText(left);
      // An hour or more ("1:04:36") takes smaller digits, so a compact card still holds them (kitchen.css).
      time.classList.toggle('hours', t.state !== 'fired' && left > 3600 * 1000 - 1000);
      const fraction = t.seconds ? Math.min(1, left / (t.seconds * 1000)) : 0;
      el.querySelector('.arc').style.strokeDashoffset = (C * (1 - fraction)).toFixed(2);
    }
    const ringing = state.timers.get($('takeover').dataset.id);
    if (ringing && ringing.state === 'fired') $('takeover-late').textContent = lateText(ringing);
    $('clock').textContent = householdHM(now());
  }

  // ---------- live feed ----------
  let source = null, outageTimer = null, saveTimer = null;
  /**
   * After timer and session events, re-read the cook state once (0.5 s later,
   * however many events came) so the service worker's saved copy holds every
   * running timer for a reload during an outage.
   */
  function saveStateSoon() {
    if (!navigator.serviceWorker || !navigator.serviceWorker.controller) return;
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => loadState().catch(() => {}), 500);
  }
  /** A reload during an outage shows the service worker's saved copy; the banner says from when. */
  function showSavedCopy(savedAt) {
    if (state.connected) return;   // a passing failure while the live feed is up: no banner
    state.savedCopy = true;
    state.unreachable = true;
    $('outage').textContent = "Can't reach the kitchen server. Showing the copy saved at " + householdHM(savedAt + state.offset) +
      '; timers count down from their last known deadlines. Reconnecting…';
    $('outage').hidden = false;
  }
  const OUTAGE_TEXT = $('outage').textContent;
  function setConnected(up) {
    state.connected = up;
    state.unreachable = !up;
    if (up && state.savedCopy) { state.savedCopy = false; $('outage').textContent = OUTAGE_TEXT; }
    $('live').className = up ? 'dot up' : 'dot';
    $('live').title = up ? 'live' : 'reconnecting';
    clearTimeout(outageTimer);
    if (up) $('outage').hidden = true;
    else outageTimer = setTimeout(() => { $('outage').hidden = state.connected; }, 2000);
  }
  function connect() {
    source = new EventSource('/api/events');
    source.addEventListener('open', () => setConnected(true));
    source.addEventListener('error', () => {
      setConnected(false);
      // EventSource retries by itself; if the browser gave up, start again.
      if (source.readyState === EventSource.CLOSED) setTimeout(connect, 3000);
    });
    const reconcile = () => { loadState().catch(() => {}); loadWeek().catch(() => {}); loadList().catch(() => {}); };
    source.addEventListener('hello', (e) => {
      const data = JSON.parse(e.data);
      state.offset = Date.parse(data.at) - Date.now() || state.offset;
      state.day = data.day ? data.day.date : state.day;
      if (data.zone) { state.zone = data.zone; try { localStorage.setItem('forge.kitchen.zone', data.zone); } catch (e) {} }
      reconcile();
    });
    source.addEventListener('reset', reconcile);
    source.addEventListener('day', (e) => setDay(JSON.parse(e.data)));
    source.addEventListener('heartbeat', (e) => { state.offset = Date.parse(JSON.parse(e.data).at) - Date.now() || state.offset; });
    source.addEventListener('timer', (e) => {
      const data = JSON.parse(e.data);
      state.offset = Date.parse(data.at) - Date.now() || state.offset;
      upsertTimer(data.timer);
      saveStateSoon();
    });
    source.addEventListener('cook_session', (e) => {
      const data = JSON.parse(e.data);
      state.session = data.session.state === 'active' ? data.session : null;
      renderCook().catch(() => {});
      saveStateSoon();
    });
    source.addEventListener('food_week', () => {
      state.recipes = {};
      loadWeek().then(() => loadList()).catch(() => {});
    });
    source.addEventListener('shopping', () => { loadList().catch(() => {}); });
  }

  // ---------- screen: views, sound, staying awake ----------
  function show(view) {
    state.view = view;
    for (const v of document.querySelectorAll('.view')) v.classList.toggle('on', v.id === 'view-' + view);
    for (const b of document.querySelectorAll('.tab')) b.classList.toggle('on', b.dataset.view === view);
    $('main').scrollTop = 0;
  }
  function renderSound(c) {
    $('sound-notice').hidden = !c.locked;
    // Over a ringing timer's dark takeover the strip's notice is hidden: the takeover says it itself.
    $('takeover-sound').hidden = !c.locked;
    $('mute').textContent = c.muted ? 'Muted' : 'Sound on';
    $('mute').setAttribute('aria-pressed', String(c.muted));
    $('volume').value = String(c.volume);
  }
  window.chime.onchange = renderSound;
  renderSound(window.chime);
  $('mute').addEventListener('click', () => window.chime.toggleMute());
  $('volume').addEventListener('input', (e) => window.chime.setVolume(Number(e.target.value)));
  $('volume').addEventListener('change', () => window.chime.test());
  // Every gesture a browser may accept as the one that starts audio: iOS Safari takes touchend and click,
  // not pointerdown. The notice floats over the page (kitchen.css), so its going moves nothing under the finger.
  for (const type of ['pointerdown', 'keydown', 'touchstart', 'touchend', 'mousedown', 'click']) {
    document.addEventListener(type, () => window.chime.unlock(), { capture: true });
  }

  // Wake Lock needs a secure context (HTTPS, or localhost); elsewhere the page
  // says so and the tablet's own "stay awake" setting is the fallback (README).
  let wakeLock = null;
  async function keepAwake() {
    const wake = $('wake');
    if (!window.isSecureContext || !('wakeLock' in navigator)) {
      wake.textContent = window.isSecureContext
        ? 'Screen may sleep: this browser has no Wake Lock. Set the tablet to stay awake while charging.'
        : 'Screen may sleep: Wake Lock needs HTTPS (forged --tls-cert). Until then, set the tablet to stay awake while charging.';
      wake.dataset.mode = 'fallback';
      return;
    }
    if (document.visibilityState !== 'visible' || (wakeLock && !wakeLock.released)) return;
    try {
      wakeLock = await navigator.wakeLock.request('screen');
      wake.textContent = 'Screen stays on (Wake Lock).';
      wake.dataset.mode = 'wake-lock';
      wakeLock.addEventListener('release', () => { wake.textContent = 'Screen may sleep (Wake Lock released).'; wake.dataset.mode = 'released'; });
    } catch (e) {
      wake.textContent = 'Screen may sleep: Wake Lock refused (' + e.name + '). Set the tablet to stay awake while charging.';
      wake.dataset.mode = 'fallback';
    }
  }

  // The service worker keeps the page and its last answers for an outage;
  // browsers allow one only in a secure context (https://, or localhost).
  function registerServiceWorker() {
    const mode = $('offline-mode');
    if (!('serviceWorker' in navigator) || !window.isSecureContext) {
      mode.textContent = 'No offline copy (needs HTTPS): a reload while the server is down shows an error.';
      mode.dataset.mode = 'none';
      return;
    }
    const on = () => { mode.textContent = 'Offline copy on.'; mode.dataset.mode = 'service-worker'; };
    // When the worker takes the page over, read everything once more so it holds a copy.
    navigator.serviceWorker.addEventListener('controllerchange', () => { on(); loadState().catch(() => {}); loadWeek().catch(() => {}); });
    if (navigator.serviceWorker.controller) on();
    navigator.serviceWorker.register('/kitchen/sw.js', { scope: '/kitchen' }).catch((e) => {
      mode.textContent = 'No offline copy (' + e.name + ').';
      mode.dataset.mode = 'none';
    });
  }

  for (const b of document.querySelectorAll('[data-view]')) b.addEventListener('click', () => show(b.dataset.view));
  $('open-recipe').addEventListener('click', () => state.tonight && state.tonight.recipe && openRecipe(state.tonight.recipe.slug));
  $('start-cook').addEventListener('click', () => state.tonight && state.tonight.recipe && startCooking(state.tonight.recipe.slug).catch(() => {}));
  $('step-prev').addEventListener('click', () => moveStep(-1).catch(() => {}));
  $('step-next').addEventListener('click', () => moveStep(1).catch(() => {}));
  $('cook-finish').addEventListener('click', () => finishCooking().catch(() => {}));
  document.addEventListener('visibilitychange', keepAwake);
  document.addEventListener('pointerdown', keepAwake);
  window.stepFit.attach();
  setInterval(tick, 250);
  keepAwake();
  registerServiceWorker();
  loadWeek().then(() => {
    loadState().catch(() => {});
    connect();
    loadList().catch(() => {});
    if (location.hash === '#cook') show('cook');
    if (location.hash === '#list') show('list');
  }, (e) => {
    if (e.status !== 401) { setConnected(false); setTimeout(() => location.reload(), 5000); }
  });
  // For the browser test and debugging: the state, and the screen wake lock the page holds (a WakeLockSentinel or null).
  window.kitchen = { state, renderTonight, get wakeLock() { return wakeLock; } };
})();
