// The game clocks on the table's seats list (races/clocks/): the server
// says each clock's time in words and, for a running one, when it runs
// out (data-clock-ends); this counts it down every second in the same
// words ("1 min 40 s", "23 h"), taken from the page's words.
(function () {
  "use strict";

  function said() {
    var el = document.getElementById("page-words");
    try { return el ? JSON.parse(el.textContent) : {}; } catch (e) { return {}; }
  }

  function fill(pattern, figures) {
    return pattern.replace(/%\((\w+)\)s/g, function (_all, name) { return String(figures[name]); });
  }

  function clockWords(seconds) {
    var w = said(), total = Math.max(0, Math.ceil(seconds));
    var f = {
      days: Math.floor(total / 86400),
      hours: Math.floor((total % 86400) / 3600),
      minutes: Math.floor((total % 3600) / 60),
      seconds: total % 60
    };
    var key;
    if (f.days) { key = f.hours ? "clockDaysHours" : "clockDays"; }
    else if (f.hours) { key = f.minutes ? "clockHoursMinutes" : "clockHours"; }
    else if (f.minutes) { key = f.seconds ? "clockMinutesSeconds" : "clockMinutes"; }
    else { key = "clockSeconds"; }
    return fill(w[key] || "%(seconds)s s", f);
  }

  function tick() {
    var now = Date.now();
    document.querySelectorAll("time.seat-clock[data-clock-ends]").forEach(function (el) {
      var ends = Date.parse(el.dataset.clockEnds);
      if (isNaN(ends)) { return; }
      var left = Math.max(0, (ends - now) / 1000);
      var words = clockWords(left);
      if (el.textContent !== words) { el.textContent = words; }
      el.setAttribute("datetime", "PT" + Math.ceil(left) + "S");
    });
  }

  document.addEventListener("DOMContentLoaded", tick);
  document.addEventListener("htmx:load", tick);
  window.setInterval(tick, 1000);
})();
