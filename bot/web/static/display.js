// The display page (a projector): it refreshes its content when a ruling lands (server-sent
// events), turns each panel's pages on its own so that every table and every standings row is
// shown within one turn of the pages, and counts the session's clock down. Without
// JavaScript it is a page like the others, which scrolls.
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live) { return; }
  var every = Math.max(2, Number(live.getAttribute("data-every")) || 8) * 1000;
  var turnings = [];

  // ---- pages: each panel's items split into what fits its height ----------------------
  function items(panel) {
    var list = panel.querySelector(".items, tbody");
    return list ? Array.prototype.slice.call(list.children) : [];
  }
  function paginate(panel, keep) {
    var all = items(panel);
    all.forEach(function (item) { item.hidden = false; });
    var list = panel.querySelector(".items, table");
    if (!list || !all.length) { return null; }
    // the room left under the panel's heading (and a table's head row)
    var room = panel.getBoundingClientRect().bottom - list.getBoundingClientRect().top;
    var head = panel.querySelector("thead");
    var origin = head ? head.getBoundingClientRect().bottom : list.getBoundingClientRect().top;
    if (head) { room -= head.getBoundingClientRect().height; }
    var pages = [], current = [], start = null;
    all.forEach(function (item) {
      var box = item.getBoundingClientRect();
      var top = box.top - origin, bottom = box.bottom - origin;
      if (start === null) { start = top; }
      if (bottom - start > room && current.length) {
        pages.push(current); current = []; start = top;
      }
      current.push(item);
    });
    if (current.length) { pages.push(current); }
    var state = { panel: panel, pages: pages, page: Math.min(keep || 0, pages.length - 1) };
    show(state);
    return state;
  }
  function show(state) {
    state.pages.forEach(function (page, index) {
      page.forEach(function (item) { item.hidden = index !== state.page; });
    });
    var turn = state.panel.querySelector(".turn");
    if (turn) { turn.textContent = state.pages.length > 1 ? (state.page + 1) + "/" + state.pages.length : ""; }
    state.panel.setAttribute("data-page", String(state.page + 1));
    state.panel.setAttribute("data-pages", String(state.pages.length));
  }
  function turnAll() {
    turnings.forEach(function (state) {
      if (state.pages.length > 1) { state.page = (state.page + 1) % state.pages.length; show(state); }
    });
  }
  function layout() {
    var kept = turnings.map(function (state) { return state.page; });
    var panels = Array.prototype.slice.call(live.querySelectorAll("[data-pager]"));
    turnings = panels.map(function (panel, index) { return paginate(panel, kept[index]); })
      .filter(function (state) { return state !== null; });
  }
  window.arbitroDisplay = { turn: turnAll, layout: layout };
  setInterval(turnAll, every);
  var resizing = null;
  window.addEventListener("resize", function () {
    clearTimeout(resizing); resizing = setTimeout(layout, 150);
  });

  // ---- the session's clock ------------------------------------------------------------
  var skew = 0;  // the server's clock less this one, when the page was made
  function tick() {
    var clock = live.querySelector(".clock[data-ends]");
    if (!clock) { return; }
    var left = Math.max(0, Math.floor((Date.parse(clock.getAttribute("data-ends")) - (Date.now() + skew)) / 1000));
    if (left === 0) { clock.textContent = clock.getAttribute("data-over"); clock.classList.add("over"); return; }
    var hours = Math.floor(left / 3600), minutes = Math.floor(left % 3600 / 60), seconds = left % 60;
    var two = function (n) { return (n < 10 ? "0" : "") + n; };
    clock.textContent = hours ? hours + ":" + two(minutes) + ":" + two(seconds) : minutes + ":" + two(seconds);
    clock.classList.toggle("warning", left <= 15 * 60);
  }
  function synchronise() {
    var clock = live.querySelector(".clock[data-now]");
    if (clock) { skew = Date.parse(clock.getAttribute("data-now")) - Date.now(); }
    tick();
  }
  setInterval(tick, 1000);

  function fresh() { synchronise(); layout(); }
  fresh();
  if (!window.EventSource) { return; }

  // ---- live: a ruling landed ------------------------------------------------------------
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
        if (html !== null) {
          live.innerHTML = html;
          fresh();
          live.setAttribute("data-updated", String(Date.now()));
        }
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
