// The browser's time zone, for the server to show dates in until the person
// chooses one (accounts/preferences/); and countdowns that keep ticking.
(function () {
  try {
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && document.cookie.indexOf("tz=") === -1) {
      document.cookie = "tz=" + encodeURIComponent(zone) + "; path=/; max-age=31536000; SameSite=Lax";
    }
  } catch (e) { /* an old browser: the server shows UTC */ }

  function words(ms) {
    if (ms <= 0) return "started";
    var minutes = Math.floor(ms / 60000), days = Math.floor(minutes / 1440);
    var hours = Math.floor((minutes % 1440) / 60), mins = minutes % 60;
    var parts = [];
    if (days) parts.push(days + (days === 1 ? " day" : " days"));
    if (hours) parts.push(hours + (hours === 1 ? " hour" : " hours"));
    if (!days) parts.push(mins + (mins === 1 ? " minute" : " minutes"));
    if (!days && !hours && minutes < 1) return "in less than a minute";
    return "in " + parts.slice(0, 2).join(", ");
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
