// The game table: decision panels (races/decisions.py) and countdowns.
// The panels are plain forms that work without this file; it stops an
// illegal choice before it is sent (the confirm button waits for a legal
// one), shows what a choice costs, lets a space on the board be clicked or
// picked by keyboard, and counts the time left to decide.
(function () {
  "use strict";

  function summaryOf(form, text, danger) {
    var out = form.querySelector(".choice-summary");
    if (out) { out.textContent = text; }
    form.classList.toggle("danger", !!danger);
  }

  // Sentences in the reader's language: the page's (paddock/languages.py)
  // and the cards panel's (races/templatetags/panel_words.py).
  function said(id) {
    var el = document.getElementById(id);
    return el ? JSON.parse(el.textContent) : {};
  }

  function setupCards(form) {
    var words = said("pick-words");
    var data = document.getElementById("panel-plays");
    var plays = data ? JSON.parse(data.textContent) : [];
    var min = parseInt(form.dataset.min || "0", 10);
    var max = parseInt(form.dataset.max || "0", 10);
    var confirm = form.querySelector("button.confirm");
    function picked() {
      return Array.prototype.map.call(
        form.querySelectorAll("input[name=pick]:checked"), function (i) { return i.value; }
      ).sort();
    }
    function update() {
      var keys = picked();
      var match = null;
      plays.forEach(function (play) {
        if (!match && play.picks.length === keys.length &&
            play.picks.every(function (k, n) { return k === keys[n]; })) { match = play; }
      });
      form.querySelectorAll("label.card").forEach(function (label) {
        var box = label.querySelector("input");
        label.classList.toggle("picked", !!(box && box.checked));
      });
      confirm.disabled = !match;
      if (match) { summaryOf(form, match.label, match.danger); }
      else if (keys.length < min) {
        // Nothing picked yet: the rule above the hand says it ("Pick 2
        // cards."); "2 more" would say it twice.
        summaryOf(form, keys.length ? ((words.more || {})[min - keys.length] || "") : "");
      } else { summaryOf(form, words.clash || ""); }
    }
    form.addEventListener("change", function (event) {
      var box = event.target;
      if (box.name === "pick" && box.checked && picked().length > max) {
        box.checked = false;
        summaryOf(form, words.only || "");
        return;
      }
      update();
    });
    update();
  }

  function setupChoices(form) {
    var confirm = form.querySelector("button.confirm");
    var panel = form.closest("#cockpit") || document;
    function update() {
      var radio = form.querySelector("input[name=action]:checked");
      confirm.disabled = !radio;
      panel.querySelectorAll("circle.target").forEach(function (t) {
        t.classList.toggle("selected", !!radio && t.dataset.choice === radio.dataset.choice);
      });
      if (radio) {
        summaryOf(form, radio.dataset.summary || "", radio.closest(".danger"));
      } else { summaryOf(form, said("page-words").pick_one || ""); }
    }
    function pickTarget(target) {
      var radio = form.querySelector('input[name=action][data-choice="' + target.dataset.choice + '"]');
      if (radio) { radio.checked = true; update(); }
    }
    panel.querySelectorAll("circle.target[data-choice]").forEach(function (target) {
      target.addEventListener("click", function () { pickTarget(target); });
      target.addEventListener("keydown", function (event) {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); pickTarget(target); }
      });
    });
    form.addEventListener("change", update);
    update();
  }

  // A tile panel: one grid per way to turn the tile; show one at a time
  // and turn the tile with a button. A cell's button posts its choice; a
  // rule-breaking cell is a radio confirmed like any choice.
  function setupTile(form) {
    var grids = form.querySelectorAll(".ship-grid");
    var turn = form.querySelector("button.turn-tile");
    var shown = 0;
    function show() {
      grids.forEach(function (grid, n) { grid.hidden = n !== shown; });
    }
    if (turn && grids.length > 1) {
      turn.hidden = false;
      turn.addEventListener("click", function () {
        shown = (shown + 1) % grids.length;
        show();
        // a rule-breaking cell picked on the grid turned away is let go
        form.querySelectorAll(".ship-grid[hidden] input[name=action]:checked").forEach(function (radio) {
          radio.checked = false;
        });
        form.dispatchEvent(new Event("change"));
      });
      show();
    }
    // A part of the ship clicked picks the choice about it (the list stays the record).
    form.querySelectorAll("button.pick-part[data-pick]").forEach(function (part) {
      part.addEventListener("click", function () {
        var radio = form.querySelector('fieldset.choices input[name=action][data-choice="' + part.dataset.pick + '"]');
        if (radio) { radio.checked = true; radio.focus(); form.dispatchEvent(new Event("change")); }
      });
    });
    setupChoices(form);
  }

  // Registers: a card clicked (or dragged) goes into the next empty register
  // (or the one it is dropped on); a filled register clicked gives it back.
  // Confirm waits until every open register holds a different card.
  function setupRegisters(form) {
    var confirm = form.querySelector("button.confirm");
    var selects = Array.prototype.slice.call(form.querySelectorAll(".slot select.first"));
    var all = Array.prototype.slice.call(form.querySelectorAll("select"));
    var cards = Array.prototype.slice.call(form.querySelectorAll(".register-hand button.card"));
    // The sentences in the reader's language, from the widget's template.
    var words = form.querySelector(".register-words").dataset;
    function nameOf(key) {
      var card = form.querySelector('.register-hand button.card[data-card="' + key + '"]');
      return card ? card.getAttribute("aria-label") : key;
    }
    function update() {
      var used = all.map(function (s) { return s.value; }).filter(Boolean);
      var twice = used.some(function (k, n) { return used.indexOf(k) !== n; });
      var filled = selects.filter(function (s) { return !!s.value; }).length;
      cards.forEach(function (card) {
        var placed = used.indexOf(card.dataset.card) !== -1;
        card.classList.toggle("placed", placed);
        card.setAttribute("aria-pressed", placed ? "true" : "false");
      });
      selects.forEach(function (s) { s.closest(".slot").classList.toggle("filled", !!s.value); });
      var missing = selects.length - filled;
      confirm.disabled = twice || missing > 0;
      if (twice) { summaryOf(form, words.twice, true); }
      else if (missing > 0) { summaryOf(form, words["fill-" + missing]); }
      else { summaryOf(form, words.program.replace("{cards}", used.map(nameOf).join(", "))); }
    }
    function put(key, select) {
      all.forEach(function (s) { if (s.value === key) { s.value = ""; } });
      var target = select || selects.filter(function (s) { return !s.value; })[0];
      if (target) { target.value = key; }
      update();
    }
    cards.forEach(function (card) {
      card.addEventListener("click", function () {
        var placed = all.filter(function (s) { return s.value === card.dataset.card; })[0];
        if (placed) { placed.value = ""; update(); } else { put(card.dataset.card); }
      });
      card.addEventListener("dragstart", function (event) {
        event.dataTransfer.setData("text/plain", card.dataset.card);
      });
    });
    selects.forEach(function (select) {
      var slot = select.closest(".slot");
      slot.addEventListener("dragover", function (event) { event.preventDefault(); });
      slot.addEventListener("drop", function (event) {
        event.preventDefault();
        put(event.dataTransfer.getData("text/plain"), select);
      });
    });
    form.addEventListener("change", update);
    update();
  }

  function setup(root) {
    (root.querySelectorAll ? root : document).querySelectorAll("form.panel").forEach(function (form) {
      if (form.dataset.ready) { return; }
      form.dataset.ready = "1";
      if (form.dataset.widget === "cards") { setupCards(form); }
      else if (form.dataset.widget === "tile") { setupTile(form); }
      else if (form.dataset.widget === "registers") { setupRegisters(form); }
      else { setupChoices(form); }
      form.addEventListener("submit", function (event) {
        if (event.submitter && event.submitter.name === "place") { return; }
        var confirm = form.querySelector("button.confirm");
        var other = event.submitter && event.submitter !== confirm;  // a draft, an extra
        if (confirm && confirm.disabled && !other) { event.preventDefault(); }
      });
    });
    if (root.matches && root.matches("form.panel")) { setup(root.parentNode); }
  }

  function left(deadline) {
    var seconds = Math.max(0, Math.round((deadline - Date.now()) / 1000));
    var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    if (h > 0) { return (said("page-words").hours_minutes || "%(hours)s h %(minutes)s min").replace("%(hours)s", h).replace("%(minutes)s", m); }
    return m + ":" + (s < 10 ? "0" : "") + s;
  }

  // A turn's deadline may be brought forward while its panel is open (a
  // timer started for the last to decide): the polled whose-turn line has
  // the turn's deadline as it stands, and the panel's countdown follows it.
  function follow() {
    document.querySelectorAll("#cockpit time.countdown[data-turn]").forEach(function (el) {
      var now = document.querySelector('#live time.countdown[data-turn="' + el.dataset.turn + '"]');
      if (now && now.dataset.deadline !== el.dataset.deadline) {
        el.dataset.deadline = now.dataset.deadline;
        el.setAttribute("datetime", now.dataset.deadline);
      }
    });
  }

  function tick() {
    follow();
    document.querySelectorAll("time.countdown[data-deadline]").forEach(function (el) {
      var deadline = Date.parse(el.dataset.deadline);
      if (!isNaN(deadline)) { el.textContent = left(deadline); }
    });
  }

  document.addEventListener("DOMContentLoaded", function () { setup(document); tick(); });
  document.addEventListener("htmx:load", function (event) { setup(event.detail.elt); tick(); });
  window.setInterval(tick, 1000);
})();
