// A real-time table's lobby: the time left before the start, in words,
// every second. The sentences come from the page in the reader's language
// (templates/table/_lobby.html); the lobby itself is asked again by HTMX.
(function () {
  "use strict";

  function words(el, ms) {
    var seconds = Math.round(ms / 1000);
    if (seconds <= 0) { return el.dataset.now; }
    var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    if (h > 0) { return el.dataset.hours.replace("%(hours)s", h).replace("%(minutes)s", m); }
    if (m > 0) { return el.dataset.minutes.replace("%(minutes)s", m).replace("%(seconds)s", s); }
    return el.dataset.seconds.replace("%(seconds)s", s);
  }

  function tick() {
    document.querySelectorAll(".lobby-countdown[data-starts]").forEach(function (el) {
      var at = Date.parse(el.dataset.starts);
      if (!isNaN(at)) { el.textContent = words(el, at - Date.now()); }
    });
  }

  document.addEventListener("DOMContentLoaded", tick);
  document.addEventListener("htmx:load", tick);
  window.setInterval(tick, 1000);
})();
