// A move that puts the driver's car out of the race asks again before it
// is sent (templates/table/_widget_spaces.html): the panel's confirm shows
// the question with what the move costs, and only "Yes" sends it; "No"
// takes the pick back. Runs before table.js's and htmx's own submit
// handlers (capture phase), so nothing is sent until the driver says yes.
(function () {
  "use strict";

  function ask(form, radio) {
    var box = form.querySelector(".danger-ask");
    var words = box.querySelector("#danger-ask-words");
    words.textContent = words.dataset.words.replace("{choice}", radio.dataset.summary || "");
    box.hidden = false;
    box.querySelector(".danger-no").focus();
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form.panel") || !form.querySelector(".danger-ask")) { return; }
    if (event.submitter && event.submitter.name === "draft") { return; }
    var radio = form.querySelector("input[name=action]:checked");
    if (!radio || !radio.closest(".danger") || form.dataset.sure === "1") { return; }
    event.preventDefault();
    event.stopPropagation();
    ask(form, radio);
  }, true);

  document.addEventListener("click", function (event) {
    var button = event.target.closest(".danger-ask button");
    if (!button) { return; }
    var form = button.closest("form.panel");
    var box = button.closest(".danger-ask");
    box.hidden = true;
    if (button.classList.contains("danger-yes")) {
      form.dataset.sure = "1";
      form.requestSubmit(form.querySelector("button.confirm"));
      return;
    }
    var radio = form.querySelector("input[name=action]:checked");
    if (radio) { radio.checked = false; radio.dispatchEvent(new Event("change", { bubbles: true })); }
    var first = form.querySelector("input[name=action]");
    if (first) { first.focus(); }
  });
})();
