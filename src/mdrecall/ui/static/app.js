// mdrecall ui: optional niceties; every page works without this file.
(function () {
  "use strict";
  // A fragment such as #L12-L20 highlights every block covering those lines.
  function markFragment() {
    var m = /^#L(\d+)(?:-L?(\d+))?$/.exec(location.hash);
    // a single line inside lines the server already marked (?lines=a-b#La) keeps that mark
    if (!m || (!m[2] && document.querySelector(".blk.hl[data-start]"))) return;
    var a = +m[1], b = +(m[2] || m[1]), first = null;
    document.querySelectorAll(".doc .blk").forEach(function (el) {
      var s = +el.dataset.start, e = +el.dataset.end, on = s <= b && a <= e;
      el.classList.toggle("hl", on);
      if (on && !first) first = el;
    });
    if (first) first.scrollIntoView({ block: "center" });
  }
  window.addEventListener("hashchange", markFragment);
  document.addEventListener("DOMContentLoaded", markFragment);
  // "/" focuses the search box (unless typing in a field).
  document.addEventListener("keydown", function (ev) {
    var t = ev.target && ev.target.tagName;
    if (ev.key === "/" && t !== "INPUT" && t !== "TEXTAREA" && t !== "SELECT") {
      var q = document.getElementById("q") || document.getElementById("quick-q");
      if (q) { ev.preventDefault(); q.focus(); q.select(); }
    }
  });
})();
