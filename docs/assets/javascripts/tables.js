/* Wide tables on a narrow screen: Material puts each table in a box that scrolls sideways
   (.md-typeset__scrollwrap), with no sign that it does. This marks a box whose table is wider
   than it (.sniff-scrolls) and one scrolled to its end (.sniff-scrolled-end); site.css fades
   the edge where more columns wait. No inline script: the site runs under a strict CSP. */
(function () {
  "use strict";

  function update(box) {
    var scrolls = box.scrollWidth > box.clientWidth + 1;
    box.classList.toggle("sniff-scrolls", scrolls);
    box.classList.toggle("sniff-scrolled-end", scrolls && box.scrollLeft + box.clientWidth >= box.scrollWidth - 1);
  }

  function setUp() {
    var boxes = document.querySelectorAll(".md-typeset__scrollwrap");
    Array.prototype.forEach.call(boxes, function (box) {
      if (!box.hasAttribute("data-sniff-scroll")) {
        box.setAttribute("data-sniff-scroll", "");
        box.addEventListener("scroll", function () { update(box); }, { passive: true });
        if (!box.hasAttribute("tabindex")) {
          box.setAttribute("tabindex", "0"); // a box that scrolls is reachable by the keyboard
        }
      }
      update(box);
    });
  }

  // Material wraps the tables when its own script runs: set up after it, and again on resize.
  if (document.readyState === "complete") {
    setUp();
  } else {
    window.addEventListener("load", setUp);
  }
  window.addEventListener("resize", setUp);
  new MutationObserver(setUp).observe(document.body, { childList: true, subtree: true });
})();
