// Replay viewer: play/pause and the keyboard. Steps are plain links with
// hx-get, so everything also works one click at a time without this file.
(function () {
  "use strict";
  var timer = null;

  function click(id) {
    var link = document.getElementById(id);
    if (link && link.tagName === "A") { link.click(); return true; }
    return false;
  }

  function setPlaying(playing) {
    var button = document.getElementById("replay-play");
    if (playing && !timer) {
      timer = window.setInterval(function () {
        if (!click("replay-next")) { setPlaying(false); }
      }, 900);
    } else if (!playing && timer) {
      window.clearInterval(timer);
      timer = null;
    }
    if (button) {
      button.setAttribute("aria-pressed", playing ? "true" : "false");
      button.textContent = playing ? (button.dataset.pause || "⏸ Pause") : (button.dataset.play || "▶ Play");
    }
  }

  document.addEventListener("click", function (event) {
    if (event.target && event.target.id === "replay-play") {
      setPlaying(!timer);
    }
  });

  // The controls are swapped in with each step: keep the button's label.
  document.addEventListener("htmx:afterSwap", function () { setPlaying(!!timer); });

  // "Jump to" goes only with its Go button (or Enter): choosing a round
  // with the arrow keys must not leave the page (WCAG 3.2.2, on input).

  document.addEventListener("keydown", function (event) {
    var tag = (event.target && event.target.tagName) || "";
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || event.altKey || event.ctrlKey || event.metaKey) { return; }
    if (!document.getElementById("replay")) { return; }
    if (event.key === "ArrowRight") { setPlaying(false); click("replay-next"); event.preventDefault(); }
    else if (event.key === "ArrowLeft") { setPlaying(false); click("replay-prev"); event.preventDefault(); }
    else if (event.key === "Home") { setPlaying(false); click("replay-first"); event.preventDefault(); }
    else if (event.key === "End") { setPlaying(false); click("replay-last"); event.preventDefault(); }
    else if (event.key === " " && tag !== "BUTTON" && tag !== "A") { setPlaying(!timer); event.preventDefault(); }
  });
})();
