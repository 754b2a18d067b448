// A sand timer of the rules on the live table (races/clocks/sand_timers.py):
// the server says when its sand runs out (data-sand-ends) and how long a
// run lasts (data-sand-seconds); this runs the sand down every second, in
// the words of the seat clocks ("1 min 10 s") and in the glass's picture.
(function () {
  "use strict";

  // The glass's halves (viewBox 0 0 40 64): the top holds y 2..32, the bottom y 32..62.
  function drawn(svg, share) {
    var top = svg.querySelector(".sand-top"), bottom = svg.querySelector(".sand-bottom");
    if (!top || !bottom) { return; }
    var topH = 30 * share, bottomH = 30 * (1 - share);
    top.setAttribute("y", String(32 - topH));
    top.setAttribute("height", String(topH));
    bottom.setAttribute("y", String(62 - bottomH));
    bottom.setAttribute("height", String(bottomH));
  }

  function words(seconds) {
    var said = {};
    var page = document.getElementById("page-words");
    try { said = page ? JSON.parse(page.textContent) : {}; } catch (e) { said = {}; }
    var total = Math.max(0, Math.ceil(seconds));
    var f = { minutes: Math.floor(total / 60), seconds: total % 60, hours: 0, days: 0 };
    var key = f.minutes ? (f.seconds ? "clockMinutesSeconds" : "clockMinutes") : "clockSeconds";
    var pattern = said[key] || "%(seconds)s s";
    return pattern.replace(/%\((\w+)\)s/g, function (_all, name) { return String(f[name]); });
  }

  function tick() {
    var now = Date.now();
    document.querySelectorAll(".sand-timer[data-sand-ends]").forEach(function (box) {
      var ends = Date.parse(box.dataset.sandEnds), run = Number(box.dataset.sandSeconds);
      if (isNaN(ends) || !run) { return; }
      var left = Math.max(0, (ends - now) / 1000);
      var svg = box.querySelector("svg.sand-glass"), time = box.querySelector("time.sand-words");
      if (svg) { drawn(svg, Math.min(1, left / run)); }
      if (time) {
        var said = words(left);
        if (time.textContent !== said) { time.textContent = said; }
        time.setAttribute("datetime", "PT" + Math.ceil(left) + "S");
      }
      box.classList.toggle("run-out", left <= 0);
    });
  }

  document.addEventListener("DOMContentLoaded", tick);
  document.addEventListener("htmx:load", tick);
  window.setInterval(tick, 1000);
})();
