// Fits cook mode's step (title + detail with its done-when cue) to the box
// left between the step header and the step buttons (docs/kitchen-display.md,
// "Layout"). The box is a flex item whose height the page's column gives it
// (viewport − bar − banners − timer strip − footer − the step buttons), so the
// text never pushes a control away and nothing is drawn over it.
//
// The title gives way first: at the maximum text size `--step` (kitchen.css)
// the title's `--title-scale` is the largest of 1.25, 1.2 … 1.0 at which the
// text's scrollHeight is within the box's clientHeight; only when even 1.0
// does not fit is the text set to the largest size down to `--step-floor`
// (4 % of the viewport height) that fits, by bisection on a 0.5 px grid. At
// most 11 style writes each followed by one layout read, once per change —
// never a loop. It runs when the step changes (`stepFit.fit()` from kitchen.js) and
// when the box's size changes (a ResizeObserver: window resize or rotation,
// the timer strip gaining or losing a row, a banner, the view being shown).
// Only when the text overflows even at the floor does the box scroll, and
// then it says so (`.scrolls`, and `#step-more` below the box: "more below"
// until the last line has been scrolled into view), never hiding words.
(function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const TITLE_MAX = 1.25;   // the step title at most 1.25× the text (kitchen.css --title-scale)
  let box, detail, more, fitted = '';

  /** The font size (px) `--step` resolves to on the detail when set to `value` on the box. */
  function resolve(value) {
    if (value) box.style.setProperty('--step', value); else box.style.removeProperty('--step');
    return parseFloat(getComputedStyle(detail).fontSize);
  }
  /** Sets the step text to `size` px and its title to `scale` × that; true when it fits the box without scrolling. */
  function fitsAt(size, scale) {
    box.style.setProperty('--step', size + 'px');
    box.style.setProperty('--title-scale', String(scale));
    return box.scrollHeight <= box.clientHeight;
  }
  function showMore() {
    const scrolls = box.classList.contains('scrolls');
    more.hidden = !scrolls;
    if (!scrolls) return;
    const atEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 2;
    more.textContent = atEnd ? '↑ End of this step — swipe down for its start' : '↓ More of this step below — swipe up';
    more.dataset.atEnd = String(atEnd);
  }

  /**
   * Fits the step text to its box. `force` refits although the box kept its
   * size (the text changed); otherwise a box whose border-box size is the
   * one last fitted is left alone (so a scrollbar or "more below" appearing
   * cannot loop; sizes are those without "more below").
   * Records the chosen size (px) in `box.dataset.fit` and the title's scale
   * in `box.dataset.titleScale`; no-op while hidden.
   */
  function fit(force) {
    if (!box || !box.offsetHeight) { fitted = ''; return; }   // hidden: refit when it shows (the observer fires then)
    // Measured without "more below": the box's full room (shown again below if it still scrolls).
    more.hidden = true;
    const key = box.offsetWidth + 'x' + box.offsetHeight;
    if (!force && key === fitted) { showMore(); return; }
    fitted = key;
    box.classList.remove('scrolls');
    const max = resolve(null), floor = Math.min(max, resolve('var(--step-floor)'));
    let size = max, scale = TITLE_MAX;
    if (fitsAt(max, TITLE_MAX)) { /* everything at its largest */ }
    else if (fitsAt(max, 1)) {
      // Twentieths of the title's scale: the largest n in [20, 24] with n / 20 fitting (20 does).
      let lo = 20, hi = TITLE_MAX * 20 - 1;
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        if (fitsAt(max, mid / 20)) lo = mid; else hi = mid - 1;
      }
      scale = lo / 20;
      fitsAt(size, scale);
    } else {
      scale = 1;
      // Half-pixel steps: the largest n in [lo, hi] with n / 2 px fitting; the floor itself when none does.
      let lo = Math.ceil(floor * 2), hi = Math.floor(max * 2) - (Number.isInteger(max * 2) ? 1 : 0);
      if (lo > hi || !fitsAt(lo / 2, 1)) size = floor;
      else {
        while (lo < hi) {
          const mid = Math.ceil((lo + hi) / 2);
          if (fitsAt(mid / 2, 1)) lo = mid; else hi = mid - 1;
        }
        size = lo / 2;
      }
      fitsAt(size, 1);
      box.classList.toggle('scrolls', box.scrollHeight > box.clientHeight);
    }
    box.dataset.fit = String(size);
    box.dataset.titleScale = String(scale);
    showMore();
  }

  /** Starts fitting `#step-box` (holding `#step-detail`); `#step-more` says when it scrolls. */
  function attach() {
    box = $('step-box'); detail = $('step-detail'); more = $('step-more');
    box.addEventListener('scroll', showMore, { passive: true });
    if (window.ResizeObserver) new ResizeObserver(() => fit(false)).observe(box);
    else window.addEventListener('resize', () => fit(false));
  }

  window.stepFit = { attach, fit };
})();
