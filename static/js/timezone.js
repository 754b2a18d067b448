// The browser's time zone, for the server to show dates in until the person
// chooses one (paddock/timezones.py reads the `tz` cookie). Loaded in the
// head, before the page is drawn: on a first visit, or after the browser
// moved to another zone, the page was drawn in the old zone, so it is
// fetched again once, now in the right one (only a page fetched by GET, and
// only where the person has not chosen a zone of their own).
(function () {
  try {
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return;
    var found = document.cookie.match(/(?:^|;\s*)tz=([^;]*)/);
    if (found && decodeURIComponent(found[1]) === zone) return;
    // Written as it is (zone names are letters, "/", "_", "-" and "+", all a
    // cookie may hold): the server reads it as written.
    document.cookie = "tz=" + zone + "; path=/; max-age=31536000; SameSite=Lax";
    // The zone the page was drawn in, and whether the browser's zone counts
    // (not where the person chose one): the meta tag just before this script.
    var drawn = document.querySelector('meta[name="paddock-zone"]');
    var kept = document.cookie.indexOf("tz=" + zone) !== -1;
    if (kept && drawn && drawn.hasAttribute("data-follows") && drawn.content !== zone) {
      window.location.reload();
    }
  } catch (e) { /* an old browser: the server shows UTC */ }
})();
