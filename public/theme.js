// Applies the stored theme before first paint (no flash of the wrong theme). Default dark (accounts §2).
(function () {
  var theme = 'dark';
  try {
    var stored = localStorage.getItem('theme');
    if (stored === 'light' || stored === 'dark') theme = stored;
  } catch { /* storage unavailable: keep the default */ }
  document.documentElement.setAttribute('data-theme', theme);
})();
