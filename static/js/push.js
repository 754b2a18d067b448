// Server push (issue 25): the page's #push element holds a WebSocket
// (htmx's ws extension, static/js/htmx-ext-ws.js) that says what changed:
// {"changed": "table"}, {"changed": "season"} (its standings, a
// tournament's tables) or {"changed": "turns"}. Each piece of the page that
// shows it listens for "push-table", "push-season" or "push-turns" on the body
// (hx-trigger="push-table from:body") and fetches its own view with the
// digest it has, so a reconnected page catches up from the state as it
// stands, never from the messages it missed. A table's signal may bring the
// table's public area itself ({"changed": "table", "area": html}): it is
// swapped in at once, unless the page shows a newer state already (each
// area says when its state was read, data-read), and only the pieces drawn
// for the reader (the driver's panel, the lobby: "push-panel") fetch; the
// panel not even that when the signal says its digest is unchanged.
//
// The extension reconnects after an abnormal close with a growing, jittered
// wait; a server that closed the socket on purpose (restarting) is
// reconnected here the same way. Only while the socket fails again and
// again does the page fall back to asking every few seconds
// (data-fallback="off" switches that off); while push works it never asks.
//
// A signal that comes while a piece is still fetching is queued by htmx on
// the piece's element; when the answer then swaps that element out (200,
// outerHTML) the queued fetch goes with it, and a signal that comes before
// the swapped-in element has settled finds nobody listening: either way the
// piece would miss the change the signal told of. So a signal that comes
// while fetches of a kind that hears it are out (a driver's own decision
// posted counts as a fetch of the panel, and the panel hears the table's
// signal too), or settling, is said again once they are all back and
// settled. A fetch is counted out when its request ends, never on an htmx
// event of the element that asked: that element may be out of the page by
// then, and a count that never came down would hold every later signal
// back (the panel that never showed its driver's decision).
(function () {
  "use strict";
  var failures = 0, timers = [], retries = 0;
  var RECONNECTED_BY_EXTENSION = [1006, 1011, 1012, 1013];
  var KINDS = ["table", "turns", "panel", "season"];
  var fetching = { table: 0, turns: 0, panel: 0, season: 0 };
  var missed = { table: false, turns: false, panel: false, season: false };

  // The kinds of piece each signal is heard by: a driver's panel (and a
  // lobby) follows the table's signal as well as its own.
  var HEARD_BY = { table: ["table", "panel"], turns: ["turns"], panel: ["panel"], season: ["season"] };

  function announce(what) {
    HEARD_BY[what].forEach(function (kind) { if (fetching[kind]) { missed[kind] = true; } });
    htmx.trigger(document.body, "push-" + what);
  }

  // The kind of piece a request fetches: "panel" for whatever redraws the
  // driver's panel or the lobby (whichever signal it was sent for, and a
  // decision posted), else the push signal it was sent for.
  function kindOf(event) {
    var target = event.detail && event.detail.target;
    if (target && (target.id === "cockpit" || target.id === "lobby")) { return "panel"; }
    var config = event.detail && event.detail.requestConfig;
    var trigger = config && config.triggeringEvent;
    var type = trigger && trigger.type;
    var kind = type && type.indexOf("push-") === 0 ? type.slice(5) : null;
    return KINDS.indexOf(kind) >= 0 ? kind : null;
  }

  function readOf(html) {
    var found = /data-read="(\d+)"/.exec(html);
    return found ? Number(found[1]) : 0;
  }

  // Whether the driver's panel on the page is drawn from `digest` already
  // (a lobby always asks: its digest is its own).
  function panelIsAt(digest) {
    var cockpit = document.getElementById("cockpit");
    if (typeof digest !== "string" || !cockpit || document.getElementById("lobby")) { return false; }
    var asks = cockpit.getAttribute("hx-get") || "";
    return digest !== "" && asks.slice(asks.indexOf("seen=") + 5) === digest;
  }

  // The public area brought by the signal, swapped in as a fetch's answer
  // would be (the same events, so the log keeps its place and filter and
  // the screen reader hears the news); false when the page has no live
  // area that follows the table.
  function showArea(html) {
    var live = document.getElementById("live");
    if (!live || !live.hasAttribute("hx-get")) { return false; }
    if (Number(live.dataset.read || 0) > readOf(html)) { return true; }
    var info = { target: live, elt: live, requestConfig: { verb: "get" } };
    htmx.trigger(live, "htmx:beforeSwap", info);
    htmx.swap(live, html, { swapStyle: "outerHTML" }, { eventInfo: info });
    return true;
  }

  // A fetch is counted from its start until its answer is in and swapped
  // and the swapped-in element has settled (listening again). Its end is the
  // request's own "loadend", not htmx:afterRequest: that is dispatched on
  // the element that asked, which another answer may have swapped out of the
  // page meanwhile (a decision posted from the panel while the panel is
  // fetched), and an event on an element out of the page reaches no
  // listener of the document: the count would never come back down.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var kind = kindOf(event);
    var xhr = event.detail && event.detail.xhr;
    if (!kind || !xhr) { return; }
    fetching[kind] += 1;
    xhr.addEventListener("loadend", function () {
      window.setTimeout(function () { fetched(kind); }, htmx.config.defaultSettleDelay + 30);
    });
  });

  function fetched(kind) {
    fetching[kind] = Math.max(0, fetching[kind] - 1);
    if (fetching[kind] || !missed[kind]) { return; }
    missed[kind] = false;
    announce(kind);
  }

  function pushElement() { return document.getElementById("push"); }

  function pollingStart() {
    var elt = pushElement();
    if (timers.length || !elt || elt.dataset.fallback === "off") { return; }
    timers.push(window.setInterval(function () { announce("table"); }, Number(elt.dataset.tableMs) || 2000));
    timers.push(window.setInterval(function () { announce("turns"); }, 15000));
  }

  function pollingStop() {
    timers.forEach(window.clearInterval);
    timers = [];
  }

  function reconnect(elt) {
    // A fresh element makes the extension open a fresh socket.
    var delay = Math.min(30000, 1000 * Math.pow(2, Math.min(retries, 5))) * Math.random();
    retries += 1;
    window.setTimeout(function () {
      if (!document.body.contains(elt)) { return; }
      var fresh = elt.cloneNode(false);
      elt.replaceWith(fresh);
      htmx.process(fresh);
    }, delay);
  }

  document.addEventListener("htmx:wsOpen", function () {
    failures = 0;
    retries = 0;
    pollingStop();
    announce("table");
    announce("turns");
  });

  document.addEventListener("htmx:wsClose", function (event) {
    failures += 1;
    if (failures >= 2) { pollingStart(); }
    var code = event.detail && event.detail.event ? event.detail.event.code : 1006;
    if (RECONNECTED_BY_EXTENSION.indexOf(code) < 0 && event.target && event.target.id === "push") {
      reconnect(event.target);
    }
  });

  // The socket's messages are JSON, handled here before the extension sees
  // them: left to it, it would read one as HTML and swap "out of band" any
  // element it found in it (an area's markup travels inside the JSON).
  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    var said;
    try { said = JSON.parse(event.detail.message); } catch (e) { return; }
    event.preventDefault();
    if (!said) { return; }
    if (said.changed === "table" && typeof said.area === "string" && showArea(said.area)) {
      // A panel being redrawn (a decision posted) may yet show an older
      // state: asked again once it is in. A panel with no decision on it is
      // drawn from its digest as much as one with: the driver's next
      // decision changes the digest, so it asks only then.
      if (fetching.panel || !panelIsAt(said.panel)) {
        announce("panel");
      }
    } else if (KINDS.indexOf(said.changed) >= 0) { announce(said.changed); }
  });

  document.addEventListener("DOMContentLoaded", function () {
    if (pushElement() && typeof window.WebSocket === "undefined") { pollingStart(); }
  });
})();
