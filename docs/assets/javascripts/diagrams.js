/* Sequence diagrams: one step at a time, with Previous and Next.

   scripts/hooks/diagrams.py draws every step at build time, in an <ol> of
   <li class="sniff-step">, with the controls hidden. Without this script every
   step shows, one after the other. With it, one step shows at a time; the
   buttons stay focusable at either end (aria-disabled, not disabled, so focus
   is never lost), the arrow keys, Home and End move too, the step's text is
   announced through the status line, and "Try it" opens the step on show.
   No inline script: the site runs under a Content-Security-Policy. */
(function () {
  "use strict";

  function setUp(figure) {
    if (figure.hasAttribute("data-sniff-ready")) {
      return;
    }
    figure.setAttribute("data-sniff-ready", "");
    var steps = Array.prototype.slice.call(figure.querySelectorAll(".sniff-step"));
    var controls = figure.querySelector(".sniff-controls");
    if (!controls || steps.length < 2) {
      return;
    }
    var previous = controls.querySelector(".sniff-previous");
    var next = controls.querySelector(".sniff-next");
    var position = controls.querySelector(".sniff-position");
    var status = controls.querySelector(".sniff-status");
    var tryIt = figure.querySelector(".sniff-try-link");
    var current = -1;

    function text(step, selector) {
      var element = step.querySelector(selector);
      return element ? element.textContent.replace(/\s+/g, " ").trim() : "";
    }

    function show(index, announce) {
      index = Math.max(0, Math.min(steps.length - 1, index));
      if (index === current) {
        return;
      }
      current = index;
      steps.forEach(function (step, i) {
        step.hidden = i !== current;
      });
      previous.setAttribute("aria-disabled", String(current === 0));
      next.setAttribute("aria-disabled", String(current === steps.length - 1));
      position.textContent = text(steps[current], ".sniff-step-label");
      if (tryIt && steps[current].getAttribute("data-sandbox")) {
        tryIt.setAttribute("href", steps[current].getAttribute("data-sandbox"));
      }
      if (announce) {
        status.textContent = text(steps[current], ".sniff-step-text");
      }
    }

    previous.addEventListener("click", function () {
      show(current - 1, true);
    });
    next.addEventListener("click", function () {
      show(current + 1, true);
    });
    controls.addEventListener("keydown", function (event) {
      var moves = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: steps.length - 1 };
      if (Object.prototype.hasOwnProperty.call(moves, event.key)) {
        event.preventDefault();
        show(moves[event.key], true);
      }
    });
    controls.hidden = false;
    figure.classList.add("sniff-interactive");
    show(0, false);
  }

  function setUpAll() {
    Array.prototype.forEach.call(document.querySelectorAll("figure.sniff-sequence"), setUp);
  }

  // Material's instant navigation swaps pages without a load event: follow its document$.
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(setUpAll);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setUpAll);
  } else {
    setUpAll();
  }
})();
