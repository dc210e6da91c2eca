// Tabletop's match page: the replay (slider, arrow keys, a link per line) and live updates by Server-Sent Events.
"use strict";
(function () {
  // A face fetched late (the CJK one, on a system without its own) must redraw the text laid out before it came:
  // Chromium keeps the boxes it first drew there. A change of the font's description (ligatures, on by default
  // anyway) makes every text be shaped again.
  function reshape() {
    var style = document.documentElement.style;
    style.fontFeatureSettings = style.fontFeatureSettings ? "" : '"liga" 1';
  }
  if (document.fonts) {
    document.fonts.addEventListener("loadingdone", reshape);
    if (document.fonts.status === "loaded") reshape();
  }
})();
(function () {
  var root = document.getElementById("match");
  if (!root || root.dataset.started !== "yes") return;
  var base = root.dataset.base, img = document.getElementById("board"), slider = document.getElementById("slider");
  var list = document.getElementById("moves"), caption = document.getElementById("caption");
  var data = JSON.parse(root.dataset.payload);
  var words = JSON.parse(root.dataset.words);  // the page's language, made by the server (web/words.py)
  var query = root.dataset.query;  // "lang=de" when the reader chose the page's language: kept in every address
  function say(key, fields) {
    return words[key].replace(/\{(\w+)\}/g, function (all, name) { return name in fields ? fields[name] : all; });
  }
  function address(path) { return query ? path + (path.indexOf("?") < 0 ? "?" : "&") + query : path; }
  var last = data.version, pos = last, over = data.over;
  window.tabletopUpdates = 0;

  function text(id, value) { var el = document.getElementById(id); if (el) el.textContent = value || ""; }
  function lineText(n) {
    var line = data.lines[n - 1];
    return line ? line[1] + " " + line[2] : "";
  }
  function show(n, keepHash) {
    n = Math.max(0, Math.min(last, n));
    pos = n;
    slider.max = String(last);
    slider.value = String(n);
    img.src = address(base + "/board/" + n + ".png");
    img.alt = n === last ? data.alt : n ? say("alt_after", {n: n, line: lineText(n)}) : say("alt_start", {});
    caption.textContent = n === 0 ? say("start", {}) :
      say(n === last && !over ? "live" : "after", {n: n, last: last});
    var current = list.querySelector("li.current");
    if (current) current.classList.remove("current");
    var li = document.getElementById("line-" + n);
    if (li) {
      li.classList.add("current");
      var box = list.getBoundingClientRect(), at = li.getBoundingClientRect();
      if (at.top < box.top || at.bottom > box.bottom) list.scrollTop += at.top - box.top - box.height / 2;
    }
    if (!keepHash) history.replaceState(null, "", n === last ? location.pathname : "#" + n);
    if (n < last) new Image().src = address(base + "/board/" + (n + 1) + ".png");  // the next step shows at once
  }
  function fromHash() {
    var n = parseInt(location.hash.slice(1), 10);
    show(isNaN(n) ? last : n, true);
  }
  function rebuild() {
    var items = document.createDocumentFragment();
    data.lines.forEach(function (line) {
      var li = document.createElement("li"), a = document.createElement("a"), who = document.createElement("span"),
        what = document.createElement("span");
      li.id = "line-" + line[0];
      li.className = "kind-" + line[3];
      a.href = "#" + line[0];
      a.className = "n";
      a.textContent = line[0];
      who.className = "who";
      who.textContent = line[1];
      what.className = "text";
      what.translate = false;
      what.textContent = line[2];
      li.append(a, " ", who, " ", what);
      items.appendChild(li);
    });
    list.replaceChildren(items);
    var none = document.getElementById("no-moves");
    if (none && data.lines.length) none.remove();
  }
  function update(next) {
    var following = pos === last;
    data = next;
    last = next.version;
    text("state", next.status);
    text("result", next.result);
    text("to-move", next.to_move);
    rebuild();
    show(following ? last : pos, !following);
    window.tabletopUpdates += 1;
    if (next.over) setTimeout(function () { location.reload(); }, 1500);  // the result, the record and the dice check
  }

  slider.addEventListener("input", function () { show(parseInt(slider.value, 10)); });
  document.getElementById("first").addEventListener("click", function () { show(0); });
  document.getElementById("prev").addEventListener("click", function () { show(pos - 1); });
  document.getElementById("next").addEventListener("click", function () { show(pos + 1); });
  document.getElementById("last").addEventListener("click", function () { show(last); });
  window.addEventListener("hashchange", fromHash);
  document.addEventListener("keydown", function (event) {
    if (event.target === slider || event.altKey || event.ctrlKey || event.metaKey) return;  // the slider steps itself
    var step = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    show(step === -Infinity ? 0 : step === Infinity ? last : pos + step);
  });
  if (location.hash) fromHash(); else show(last, true);

  var when = document.getElementById("deadline");
  function countdown() {
    if (!when) return;
    var left = (Date.parse(when.getAttribute("datetime")) - Date.now()) / 60000;
    if (isNaN(left)) return;
    var h = Math.floor(Math.abs(left) / 60), m = Math.floor(Math.abs(left) % 60);
    var time = h ? say("hours", {h: h, m: m}) : say("minutes", {m: m});
    when.textContent = say(left < 0 ? "past" : "ahead", {time: time});
  }
  countdown();
  setInterval(countdown, 30000);  // only the words change: no request

  if (!over && window.EventSource) {
    var source = new EventSource(address(root.dataset.live + "?v=" + last));
    source.addEventListener("update", function (event) {
      var next = JSON.parse(event.data);
      if (next.version !== last || next.over !== over) update(next);
      over = next.over;
      if (over) source.close();
    });
  }
})();
