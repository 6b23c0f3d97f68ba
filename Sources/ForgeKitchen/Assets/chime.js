// The timer chime: synthesised with the Web Audio API (no audio file), a
// two-note bell repeated every 2 s while any timer rings, until dismissed.
// Browsers start audio only after a user gesture, so the first tap on the
// page unlocks it; until then `chime.locked` is true and the page says so.
// Volume (0–1) and mute persist in localStorage. Vibrates where the device can.
(function () {
  'use strict';
  const saved = JSON.parse(localStorage.getItem('forge.chime') || '{}');
  const chime = {
    volume: typeof saved.volume === 'number' ? saved.volume : 0.8,
    muted: !!saved.muted,
    locked: true,
    ringing: false,
    onchange: null,
    // The last tones started ({frequency, state, at}: Hz, the AudioContext's state, performance.now() ms),
    // at most 64: what the page played, read by the browser test in any engine and handy when debugging.
    tones: [],
    played: 0,
  };
  let context = null, master = null, loop = null;

  function ensureContext() {
    if (context) return context;
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    context = new AC();
    master = context.createGain();
    master.connect(context.destination);
    applyVolume();
    context.addEventListener('statechange', update);
    return context;
  }
  function applyVolume() { if (master) master.gain.value = chime.muted ? 0 : chime.volume; }
  function update() {
    chime.locked = !context || context.state !== 'running';
    if (chime.onchange) chime.onchange(chime);
  }
  function save() { localStorage.setItem('forge.chime', JSON.stringify({ volume: chime.volume, muted: chime.muted })); }

  /** One bell: two decaying sine partials, A5 then E5. */
  function bell() {
    if (!context || context.state !== 'running') return;
    const start = context.currentTime + 0.02;
    [[880, 0], [659.25, 0.45]].forEach(([frequency, offset]) => {
      for (const [ratio, level] of [[1, 0.6], [2.76, 0.18]]) {
        const osc = context.createOscillator(), gain = context.createGain();
        osc.type = 'sine';
        osc.frequency.value = frequency * ratio;
        gain.gain.setValueAtTime(0.0001, start + offset);
        gain.gain.exponentialRampToValueAtTime(level, start + offset + 0.01);
        gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 1.2);
        osc.connect(gain); gain.connect(master);
        osc.start(start + offset);
        osc.stop(start + offset + 1.3);
        chime.tones.push({ frequency: osc.frequency.value, state: context.state, at: performance.now() });
        chime.played += 1;
        if (chime.tones.length > 64) chime.tones.shift();
      }
    });
    if (!chime.muted && navigator.vibrate) navigator.vibrate([300, 150, 300]);
  }

  /** Unlocks audio: call from a user gesture (the page calls it on every tap). */
  chime.unlock = function () {
    const ctx = ensureContext();
    if (ctx && ctx.state !== 'running') ctx.resume().then(update, update);
    update();
  };
  /** Rings (repeating) while `on`; stops at once when false. */
  chime.ring = function (on) {
    if (on === chime.ringing) return;
    chime.ringing = on;
    clearInterval(loop); loop = null;
    if (on) { ensureContext(); bell(); loop = setInterval(bell, 2000); }
    else if (navigator.vibrate) navigator.vibrate(0);
  };
  chime.setVolume = function (v) { chime.volume = Math.max(0, Math.min(1, v)); chime.muted = false; applyVolume(); save(); update(); };
  chime.toggleMute = function () { chime.muted = !chime.muted; applyVolume(); save(); update(); };
  chime.test = function () { chime.unlock(); setTimeout(bell, 50); };
  window.chime = chime;
})();
