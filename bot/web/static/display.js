// The display page refreshes its content when a ruling lands (server-sent events); without
// JavaScript it is a page like the others.
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live || !window.EventSource) { return; }
  var events = new EventSource(live.getAttribute("data-events"));
  var fetching = false, again = false, wanted = 0;
  function shown() {  // the last ruling the content on screen was made with
    var mark = live.querySelector(".shown");
    return mark ? Number(mark.getAttribute("data-ruling")) : 0;
  }
  function refresh(event) {
    if (event && event.data) { wanted = Math.max(wanted, Number(event.data)); }
    if (fetching) { again = true; return; }
    fetching = true;
    fetch(live.getAttribute("data-live"), { credentials: "omit", cache: "no-store" })
      .then(function (response) {
        if (response.status === 404) { moved(); return null; }
        return response.ok ? response.text() : null;
      })
      .then(function (html) {
        if (html !== null) { live.innerHTML = html; live.setAttribute("data-updated", String(Date.now())); }
      })
      .catch(function () {})
      .then(function () {
        fetching = false;
        if (again) { again = false; refresh(); }
        else if (shown() < wanted) { setTimeout(refresh, 300); }  // made just before it: again
      });
  }
  function moved() {  // the address was changed with /web rotate: say so, stop listening
    events.close();
    var notice = document.createElement("p");
    notice.className = "moved";
    notice.setAttribute("role", "alert");
    notice.textContent = live.getAttribute("data-moved");
    live.replaceChildren(notice);
  }
  events.addEventListener("ruling", refresh);
  events.addEventListener("moved", moved);
})();
