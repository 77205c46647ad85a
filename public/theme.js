// Applies the theme before first paint (no flash of the wrong theme): the player's stored choice, else the
// site's default theme that the worker writes into <html data-site-theme>, else dark (accounts §2).
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
