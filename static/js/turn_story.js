// The turn told step by step at the table (templates/table/_turn_story.html):
// one step at a time, with buttons, the arrow keys (Home and End too) and a
// play button that moves on every two seconds. The live area is redrawn by
// its poll every second, so the step shown and the playing are kept here,
// by turn, and put back on every redraw.
(function () {
  "use strict";
  var shown = {};   // turn -> the step shown
  var playing = null;  // the turn being played, if any
  var timer = null;

  function story() { return document.getElementById("turn-story"); }

  function show(root, index) {
    var steps = root.querySelectorAll(".story-step");
    var last = steps.length - 1;
    index = Math.max(0, Math.min(last, index));
    shown[root.dataset.turn] = index;
    // Kept on the page itself too, so a redrawn story shows this step from
    // the moment it arrives (static/css/boards.css), before it is set up.
    document.documentElement.dataset.storyStep = String(index);
    steps.forEach(function (step, n) { step.hidden = n !== index; });
    var where = root.querySelector(".story-where");
    if (where && steps[index]) { where.textContent = steps[index].getAttribute("aria-label"); }
    root.querySelector("#story-prev").disabled = index === 0;
    root.querySelector("#story-first").disabled = index === 0;
    root.querySelector("#story-next").disabled = index === last;
    root.querySelector("#story-last").disabled = index === last;
    // A button that ends up disabled under the keyboard hands its focus on.
    var focused = document.activeElement;
    if (focused && focused.disabled && root.contains(focused)) {
      root.querySelector(index === 0 ? "#story-next" : "#story-prev").focus();
    }
    var play = root.querySelector("#story-play");
    var on = playing === root.dataset.turn;
    play.setAttribute("aria-pressed", on ? "true" : "false");
    play.textContent = on ? play.dataset.pause : play.dataset.play;
    return index;
  }

  function go(how) {
    var root = story();
    if (!root) { return; }
    var now = shown[root.dataset.turn] || 0;
    var last = root.querySelectorAll(".story-step").length - 1;
    if (how === "play") {
      if (playing === root.dataset.turn) { stop(); show(root, now); return; }
      playing = root.dataset.turn;
      if (now >= last) { now = -1; }
      show(root, now + 1);
      timer = window.setInterval(step, 2000);
      return;
    }
    var next = { first: 0, prev: now - 1, next: now + 1, last: last }[how];
    if (how !== "next") { stop(); }
    show(root, next);
  }

  function stop() {
    playing = null;
    if (timer) { window.clearInterval(timer); timer = null; }
  }

  function step() {
    var root = story();
    if (!root || playing !== root.dataset.turn) { stop(); if (root) { show(root, shown[root.dataset.turn] || 0); } return; }
    var now = shown[root.dataset.turn] || 0;
    var last = root.querySelectorAll(".story-step").length - 1;
    if (now >= last) { stop(); }
    show(root, Math.min(last, now + 1));
  }

  function setup() {
    var root = story();
    if (!root || root.dataset.ready) { return; }
    root.dataset.ready = "1";
    root.querySelector(".story-controls").hidden = false;
    root.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-go]");
      if (button) { go(button.dataset.go); }
    });
    root.addEventListener("keydown", function (event) {
      var keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
      if (keys[event.key] && !event.target.matches("input, select, textarea")) {
        event.preventDefault();
        go(keys[event.key]);
      }
    });
    show(root, shown[root.dataset.turn] || 0);
  }

  document.addEventListener("DOMContentLoaded", setup);
  document.addEventListener("htmx:load", setup);
})();
