// The display page refreshes its content when a ruling lands (server-sent events); without
// JavaScript it is a page like the others.
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live || !window.EventSource) { return; }
  var events = new EventSource(live.getAttribute("data-events"));
  var fetching = false, again = false;
  function refresh() {
    if (fetching) { again = true; return; }
    fetching = true;
    fetch(live.getAttribute("data-live"), { credentials: "omit", cache: "no-store" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html !== null) { live.innerHTML = html; live.setAttribute("data-updated", String(Date.now())); }
      })
      .catch(function () {})
      .then(function () { fetching = false; if (again) { again = false; refresh(); } });
  }
  events.addEventListener("ruling", refresh);
})();
