// "Review my moves": the engine's review of a finished part of a game (a hand, a round), on any game's board.
//
// Game-neutral and independent of the worker session: a Review is given a `call(record, seat)` that asks the
// engine (the `<game>.review` op, in the worker: engine/<game>/render/review.py review_json) and, at each draw, the
// source it may review ({key, record, seat}: the record of finished parts, or null during a hand, when nothing is
// offered). The record alone is reviewed, and only its finished parts, so the review shows nothing hidden. The
// remarks come in the page's language; each has a "Practise this" link to its exercise on the game's Practice page
// (`practiceUrl`, ?kind=&seed=[&rules=classic]), and the worst three are a short drill.
//
// The panel keeps its own element across the board's redraws and changes it in place (Previous / Next), so the
// board's focus handling is not disturbed; the current remark is in a polite live region.

const version = new URL(import.meta.url).search;
const { h, button, svgFrom, format } = await import(`./dom.mjs${version}`);

let panels = 0;

export class Review {
  // words: engine.core.review_text.page_words; call(record, seat) -> Promise of the review op's reply.
  constructor({ words, call, practiceUrl, reason = (error) => String(error?.message ?? error) }) {
    this.words = words;
    this.callReview = call;
    this.practiceUrl = practiceUrl;
    this.reason = reason;
    this.id = `board-review-${++panels}`;
    this.key = null;
    this.element = h("section", { class: "board-review", "aria-labelledby": `${this.id}-title`, "data-review": "" });
    this.reset();
  }

  // The panel for `source` ({key, record, seat}), or null when there is nothing to review (a hand in play).
  part(source) {
    if (!source) {
      this.key = null;
      return null;
    }
    if (source.key !== this.key) {
      this.key = source.key;
      this.source = source;
      this.reset();
    }
    return this.element;
  }

  reset() {
    this.data = null;
    this.index = 0;
    this.generation = (this.generation ?? 0) + 1;
    this.element.dataset.review = "closed";
    this.element.replaceChildren(this.title(false), button(this.words.open, "review-open", () => this.open()));
  }

  title(open) {
    const attributes = { id: `${this.id}-title`, tabindex: "-1", class: "board-review__title" };
    return h("h3", attributes, open ? this.words.title : this.words.open);
  }

  async open() {
    const generation = this.generation;
    const { record, seat } = this.source;
    this.element.dataset.review = "loading";
    const status = h("p", { role: "status", "data-review-status": "" }, this.words.loading);
    this.element.replaceChildren(this.title(true), status);
    this.focusTitle();
    let data;
    try {
      data = await this.callReview(record, seat);
    } catch (error) {
      if (generation !== this.generation) return;
      status.textContent = format(this.words.failed, { reason: this.reason(error) });
      this.element.append(this.closeButton());
      this.element.dataset.review = "failed";
      return;
    }
    if (generation !== this.generation) return; // another hand's review, or none, since
    this.data = data;
    this.index = 0;
    this.draw();
    this.focusTitle();
  }

  focusTitle() {
    this.element.querySelector(".board-review__title")?.focus({ preventScroll: false });
  }

  closeButton() {
    return button(this.words.close, "review-close", () => {
      this.reset();
      this.element.querySelector("[data-key=review-open]")?.focus();
    });
  }

  link(practice) {
    const params = new URLSearchParams({ kind: practice.kind, seed: String(practice.seed) });
    if (practice.rules === "classic") params.set("rules", "classic");
    return `${this.practiceUrl}?${params}`;
  }

  draw() {
    const w = this.words;
    const { remarks, drill } = this.data;
    this.element.dataset.review = "open";
    if (!remarks.length) {
      this.element.replaceChildren(this.title(true), h("p", { "data-review-none": "" }, w.none), this.closeButton());
      return;
    }
    this.count = h("p", { class: "board-review__count", "data-review-count": "" });
    this.current = h("div", { class: "board-review__remark", "aria-live": "polite", "data-review-remark": "" });
    this.previous = button(w.previous, "review-previous", () => this.go(-1));
    this.next = button(w.next, "review-next", () => this.go(1));
    const items = drill.map((index) => {
      const remark = remarks[index];
      return h(
        "li",
        { "data-review-drill-item": index },
        h("a", { href: this.link(remark.practice), "data-review-practice": remark.practice.kind }, remark.heading),
        " ",
        h("span", {}, remark.text),
      );
    });
    const drillPart = items.length
      ? h(
          "section",
          { class: "board-review__drill", "aria-labelledby": `${this.id}-drill`, "data-review-drill": "" },
          h("h4", { id: `${this.id}-drill` }, w.drill),
          h("p", { class: "board-review__help" }, w.drillHelp),
          h("ol", {}, items),
        )
      : null;
    const buttons = h("div", { class: "board-review__buttons" }, this.previous, this.next, this.closeButton());
    this.element.replaceChildren(...[this.title(true), this.count, this.current, buttons, drillPart].filter(Boolean));
    this.show();
  }

  go(step) {
    const index = this.index + step;
    if (!this.data || index < 0 || index >= this.data.remarks.length) return;
    this.index = index;
    this.show();
  }

  show() {
    const w = this.words;
    const { remarks } = this.data;
    const remark = remarks[this.index];
    this.count.textContent = format(w.count, { number: this.index + 1, count: remarks.length });
    const picture = remark.svg ? h("figure", { class: "board-review__picture" }, svgFrom(remark.svg)) : null;
    const figureHelp = remark.svg && remark.better ? h("p", { class: "board-review__help" }, w.better) : null;
    this.current.dataset.reviewIndex = this.index;
    this.current.dataset.reviewKind = remark.kind;
    const parts = [
      h("h4", {}, remark.heading),
      remark.is_estimate ? h("p", { class: "board-review__estimate", "data-review-estimate": "" }, w.estimate) : null,
      h("p", { "data-review-text": "" }, remark.text),
      picture,
      figureHelp,
      h("p", {}, h("a", { href: this.link(remark.practice), "data-review-practice": remark.practice.kind }, w.practise)),
    ];
    this.current.replaceChildren(...parts.filter(Boolean));
    // A button that stops leading anywhere gives the focus to the other one.
    const first = this.index === 0;
    const last = this.index === remarks.length - 1;
    const focused = document.activeElement;
    this.previous.disabled = first;
    this.next.disabled = last;
    if (focused === this.previous && first) this.next.focus();
    if (focused === this.next && last) this.previous.focus();
  }
}
