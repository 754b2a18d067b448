// The table's log panel, its live region and the focus after a decision
// (issue 24). The polled live area is swapped only when the race moves on
// (the server answers "no change" otherwise); each swap keeps the reader's
// filter and place in the log, and the stable live region outside the area
// says the latest event and who the race waits for, never the countdown.
(function () {
  "use strict";

  var filter = "";
  var announced = null;

  function announce(text) {
    var region = document.getElementById("table-announce");
    if (region && text) { region.textContent = text; }
  }

  function applyFilter() {
    var select = document.getElementById("log-filter");
    if (!select) { return; }
    select.value = filter;
    if (select.value !== filter) { select.value = ""; filter = ""; }
    document.querySelectorAll("#log-lines li").forEach(function (line) {
      line.hidden = !!filter && line.dataset.seat !== filter;
    });
  }

  // The log opens at its latest line; after a swap it stays at the end if
  // the reader was there, else where they had scrolled to.
  function keepPlace(before) {
    var lines = document.getElementById("log-lines");
    if (!lines) { return; }
    if (!before || before.atEnd) { lines.scrollTop = lines.scrollHeight; }
    else { lines.scrollTop = before.top; }
  }

  function place() {
    var lines = document.getElementById("log-lines");
    if (!lines) { return null; }
    return {
      top: lines.scrollTop,
      atEnd: lines.scrollTop + lines.clientHeight >= lines.scrollHeight - 4
    };
  }

  function firstControl(cockpit) {
    return cockpit.querySelector(
      "form.panel input:not([type=hidden]):not([disabled]), form.panel select:not([disabled]), " +
      "form.panel button:not([disabled]), form.panel [tabindex='0']"
    );
  }

  // After a decision (or a new turn arriving) the focus goes to the panel's
  // first control, or to the panel itself while it waits, never the body.
  function focusPanel(cockpit, posted) {
    var heading = cockpit.querySelector("#panel-title");
    var control = firstControl(cockpit);
    var lost = document.activeElement === document.body || !document.activeElement;
    if (heading) { announce(heading.textContent.trim()); }
    if (!posted && !lost) { return; }
    if (control) { control.focus(); }
    else {
      if (!cockpit.hasAttribute("tabindex")) { cockpit.setAttribute("tabindex", "-1"); }
      cockpit.focus();
    }
  }

  var saved = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "live") { saved = place(); }
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail.target;
    var live = document.getElementById("live");
    if (live && (target.id === "live" || target === live)) {
      applyFilter();
      keepPlace(saved);
      var text = live.dataset.announce || "";
      if (text !== announced) { announced = text; announce(text); }
    }
    var cockpit = document.getElementById("cockpit");
    if (cockpit && (target.id === "cockpit" || target === cockpit)) {
      var verb = (event.detail.requestConfig || {}).verb || "";
      focusPanel(cockpit, verb.toLowerCase() === "post");
    }
  });

  document.addEventListener("change", function (event) {
    if (event.target && event.target.id === "log-filter") {
      filter = event.target.value;
      applyFilter();
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    var live = document.getElementById("live");
    announced = live ? live.dataset.announce || "" : null;
    applyFilter();
    keepPlace(null);
  });
})();
