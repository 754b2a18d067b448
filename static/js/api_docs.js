// The API docs' "Try it" forms: fill the path's {parameters}, add the rest
// as a query string, fetch the answer and show it under the form.
document.addEventListener("submit", async (event) => {
  const form = event.target.closest("form.try-it");
  if (!form) return;
  event.preventDefault();
  let path = "/api" + form.dataset.path;
  const query = new URLSearchParams();
  for (const input of form.querySelectorAll("input")) {
    if (input.dataset.where === "path") {
      path = path.replace("{" + input.name + "}", encodeURIComponent(input.value));
    } else if (input.value !== "") {
      query.set(input.name, input.value);
    }
  }
  const url = query.toString() ? path + "?" + query : path;
  const answer = form.nextElementSibling;
  const response = await fetch(url, { headers: { Accept: "application/json" } });
  const text = await response.text();
  let shown = text;
  try { shown = JSON.stringify(JSON.parse(text), null, 2); } catch (e) { /* not JSON */ }
  answer.textContent = "GET " + url + "  →  " + response.status + "\n\n" + shown;
  answer.hidden = false;
});
