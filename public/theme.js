// Runs in every page's head before first paint. Applies the theme (no flash of the wrong theme): the player's
// stored choice, else the site's default theme that the worker writes into <html data-site-theme>, else dark (accounts §2).
(function () {
  var root = document.documentElement;
  var site = root.getAttribute('data-site-theme') === 'light' ? 'light' : 'dark';
  var theme = site;
  try {
    var stored = localStorage.getItem('theme');
    if (stored === 'light' || stored === 'dark') theme = stored;
  } catch { /* storage unavailable: keep the site default */ }
  root.setAttribute('data-theme', theme);
})();

// Cross-document view transitions (src/styles/frame.css `@view-transition`): the browser skips one when the page
// cannot take it (the phone's viewport settles, the tab is hidden) and then rejects its promises with
// "Transition was aborted because of invalid state". A skipped transition is no fault: the page shows without the
// animation. This script runs before the first paint, in time for `pagereveal`, so those rejections are handled.
(function () {
  function settle(transition) {
    if (!transition) return;
    [transition.ready, transition.finished, transition.updateCallbackDone].forEach(function (promise) {
      if (promise && typeof promise.catch === 'function') promise.catch(function () { /* skipped: shown without animation */ });
    });
  }
  addEventListener('pagereveal', function (event) { settle(event.viewTransition); });
  addEventListener('pageswap', function (event) { settle(event.viewTransition); });
})();
