// Countdowns that keep ticking (the browser's time zone is static/js/timezone.js's).
(function () {
  // The sentences come from the page (paddock/languages.py, in the reader's
  // language); the units and the list from the browser's Intl, in the page's.
  function said() {
    var el = document.getElementById("page-words");
    return el ? JSON.parse(el.textContent) : {};
  }
  function unit(name, count) {
    var lang = document.documentElement.lang || "en";
    try {
      return new Intl.NumberFormat(lang, { style: "unit", unit: name, unitDisplay: "long" }).format(count);
    } catch (e) { return count + " " + name + (count === 1 ? "" : "s"); }
  }
  function list(parts) {
    var lang = document.documentElement.lang || "en";
    try { return new Intl.ListFormat(lang, { style: "short", type: "unit" }).format(parts); }
    catch (e) { return parts.join(", "); }
  }

  function words(ms) {
    var w = said();
    if (ms <= 0) return w.started || "started";
    var minutes = Math.floor(ms / 60000), days = Math.floor(minutes / 1440);
    var hours = Math.floor((minutes % 1440) / 60), mins = minutes % 60;
    var parts = [];
    if (days) parts.push(unit("day", days));
    if (hours) parts.push(unit("hour", hours));
    if (!days) parts.push(unit("minute", mins));
    if (!days && !hours && minutes < 1) return w.soon || "in less than a minute";
    return (w["in"] || "in %(time)s").replace("%(time)s", list(parts.slice(0, 2)));
  }

  function tick() {
    var now = Date.now();
    document.querySelectorAll("[data-countdown]").forEach(function (el) {
      var at = Date.parse(el.getAttribute("data-countdown"));
      if (!isNaN(at)) el.textContent = words(at - now);
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    tick();
    setInterval(tick, 15000);
  });
  document.addEventListener("htmx:afterSwap", tick);
})();

// "Go back" links (the error pages): back in the browser's history when
// there is one, else the link's own address. A listener, not an inline
// handler, for the content security policy.
document.addEventListener("click", function (event) {
  var link = event.target.closest && event.target.closest("a[data-history-back]");
  if (link && window.history.length > 1) {
    event.preventDefault();
    window.history.back();
  }
});
