// Plate art: an inline SVG drawn from a recipe's `platefig` key
// ("<vessel>-<food>", e.g. "bowl-stew", "tray-chicken", "snack-apple").
// Unknown keys still draw a plate with food on it: never a blank rectangle;
// `out` (eating out) and `empty` (nothing planned) draw a bare plate on purpose.
(function () {
  'use strict';
  const FOOD = {
    stew:    ['#9a4a2a', '#c9793f', '#e3b26b', '#6b8a3a'],
    chili:   ['#8f2d1d', '#b5482a', '#5b3a29', '#e9d8a6'],
    salad:   ['#6b8f3a', '#94b35a', '#c9d98a', '#d35d3a'],
    chicken: ['#c98b4a', '#e0a866', '#a65f2e', '#7a9a45'],
    salmon:  ['#e2865e', '#f0a57e', '#7a9a45', '#efe3c8'],
    pasta:   ['#e8c270', '#d9a94f', '#b8452c', '#6b8a3a'],
    oats:    ['#e6d3ad', '#cdb68a', '#8e3b5a', '#3f4f8f'],
    soba:    ['#8a6e4e', '#b09069', '#6b8a3a', '#e0a866'],
    grain:   ['#d9b97a', '#a8874f', '#6b8f3a', '#c0532e'],
    skillet: ['#d9a441', '#b5482a', '#6b8a3a', '#f2e6c4'],
    eggs:    ['#fbf4e2', '#f2b632', '#6b8a3a', '#d9a94f'],
    apple:   ['#b8452c', '#d9623f', '#6b8a3a', '#f2e6c4'],
    nuts:    ['#a8743f', '#c99a5e', '#7a5230', '#e0c38f'],
    yogurt:  ['#fbf7ee', '#efe6d2', '#8e3b5a', '#d9a441'],
  };
  const DEFAULT = ['#c98b4a', '#94b35a', '#e3b26b', '#b5482a'];

  function hash(text) {
    let h = 2166136261;
    for (let i = 0; i < text.length; i++) { h ^= text.charCodeAt(i); h = Math.imul(h, 16777619); }
    return h >>> 0;
  }
  function random(seed) {
    let s = seed || 1;
    return () => { s = Math.imul(s ^ (s >>> 15), 2246822507) ^ Math.imul(s ^ (s >>> 13), 3266489909); s >>>= 0; return (s % 10000) / 10000; };
  }
  function vessel(kind) {
    switch (kind) {
      case 'bowl':
        return '<ellipse cx="100" cy="112" rx="84" ry="26" fill="#e4d9c6"/>' +
               '<path d="M16 92 Q100 190 184 92 Z" fill="#fffaf0" stroke="#d8ccb6" stroke-width="2"/>' +
               '<ellipse cx="100" cy="92" rx="84" ry="24" fill="#fffaf0" stroke="#d8ccb6" stroke-width="2"/>';
      case 'tray':
        return '<rect x="18" y="52" width="164" height="96" rx="10" fill="#7c6a55"/>' +
               '<rect x="26" y="58" width="148" height="84" rx="7" fill="#5b4c3c"/>';
      case 'pan':
        return '<rect x="150" y="92" width="46" height="12" rx="6" fill="#2b2118"/>' +
               '<circle cx="92" cy="98" r="74" fill="#3b3028"/><circle cx="92" cy="98" r="64" fill="#52443a"/>';
      case 'snack':
        return '<ellipse cx="100" cy="104" rx="70" ry="48" fill="#fffaf0" stroke="#d8ccb6" stroke-width="2"/>';
      default:
        return '<circle cx="100" cy="100" r="86" fill="#fffaf0" stroke="#d8ccb6" stroke-width="2"/>' +
               '<circle cx="100" cy="100" r="66" fill="none" stroke="#ece2cf" stroke-width="2"/>';
    }
  }
  function food(kind, colours, rnd) {
    const centre = kind === 'pan' ? [92, 98] : kind === 'bowl' ? [100, 90] : [100, kind === 'snack' ? 104 : 100];
    const spread = kind === 'bowl' ? [60, 14] : kind === 'tray' ? [62, 34] : kind === 'snack' ? [40, 24] : [48, 46];
    let out = '';
    const pieces = kind === 'snack' ? 6 : 16;
    for (let i = 0; i < pieces; i++) {
      const a = rnd() * Math.PI * 2, d = Math.sqrt(rnd());
      const x = centre[0] + Math.cos(a) * spread[0] * d, y = centre[1] + Math.sin(a) * spread[1] * d;
      const r = (kind === 'snack' ? 12 : 7) + rnd() * 9;
      const c = colours[i % colours.length];
      out += i % 3 === 0
        ? `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${(r * 1.4).toFixed(1)}" ry="${r.toFixed(1)}" fill="${c}" transform="rotate(${Math.round(rnd() * 180)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`
        : `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="${c}"/>`;
    }
    // A few flecks of green on top.
    for (let i = 0; i < 5; i++) {
      const x = centre[0] + (rnd() - .5) * spread[0] * 1.2, y = centre[1] + (rnd() - .5) * spread[1] * 1.2;
      out += `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="2.4" fill="#4f6b2a"/>`;
    }
    return out;
  }
  /** SVG markup for a platefig key; `seed` (e.g. the slug) varies the arrangement. */
  window.plateSVG = function (platefig, seed) {
    const key = String(platefig || 'plate');
    if (key === 'out' || key === 'empty') {
      // Nothing cooked here: a bare plate; "out" adds the knife and fork laid down.
      const cutlery = key === 'out'
        ? '<rect x="30" y="40" width="6" height="120" rx="3" fill="#7c6a55"/><rect x="164" y="40" width="7" height="120" rx="3.5" fill="#7c6a55"/>' +
          '<path d="M26 40 v28 M33 40 v28 M40 40 v28" stroke="#7c6a55" stroke-width="3"/>'
        : '';
      return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" role="img" aria-label="${key}" data-platefig="${key}">` +
        '<ellipse cx="100" cy="182" rx="70" ry="8" fill="#00000010"/>' + vessel('plate') + cutlery + '</svg>';
    }
    const [kindRaw, foodRaw] = key.split('-');
    const kind = ['bowl', 'tray', 'pan', 'snack', 'plate'].includes(kindRaw) ? kindRaw : 'plate';
    const colours = FOOD[foodRaw] || FOOD[kindRaw] || DEFAULT;
    const rnd = random(hash(key + '|' + (seed || '')));
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" role="img" aria-label="${key.replace(/[^a-z0-9-]/gi, '')}" data-platefig="${key.replace(/[^a-z0-9-]/gi, '')}">` +
      `<ellipse cx="100" cy="182" rx="70" ry="8" fill="#00000010"/>` + vessel(kind) + food(kind, colours, rnd) + '</svg>';
  };
})();
