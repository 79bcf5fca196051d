// The end of a game's chart, for every board: each side's score part by part, as lines on two axes (the parts along,
// the scores up, the target if the game has one), and the same figures as a table, which is what a screen reader
// reads (the drawing is decorative). The data is the view's gameEnd.chart, every word in it already in the page's
// language (engine/core/chart.py score_lines):
//   {title, along, up, columns: ["Hand 1", ...], lines: [{name, values: [score after each part]}],
//    target: {value, text} | null}
//
// chartLayout() is the geometry alone (no DOM: tested under node --test, tests/node/board_chart.test.mjs);
// drawChart() makes the elements. Lines differ by their dash and their markers as well as by colour (board.css).

const { h, s } = await import(`./dom.mjs${new URL(import.meta.url).search}`);

export const SIZE = { width: 520, height: 260, left: 60, right: 16, top: 14, bottom: 44 };
// Each line's look: a dash (none: solid) and a marker, so no two lines differ by colour alone.
export const LOOKS = [
  { dash: null, marker: "circle" },
  { dash: "7 4", marker: "square" },
  { dash: "2 4", marker: "triangle" },
  { dash: "10 3 2 3", marker: "diamond" },
];
const MAX_GRID = 8;

// A round step (1, 2 or 5 times a power of ten, scores being whole numbers) that cuts `span` into at most MAX_GRID
// parts.
export function gridStep(span) {
  if (!(span > 0)) return 1;
  let power = Math.max(1, 10 ** Math.floor(Math.log10(span / MAX_GRID)));
  for (;;) {
    for (const factor of [1, 2, 5]) if (span / (factor * power) <= MAX_GRID) return factor * power;
    power *= 10;
  }
}

// Where everything goes in a drawing of `size`: the grid (a value and its y), the parts along (0, the start, then
// one per column), each line's points (from the start at 0) and look, and the target's y (null: none).
export function chartLayout(chart, size = SIZE) {
  const { width, height, left, right, top, bottom } = size;
  const parts = chart.columns.length;
  const target = chart.target?.value ?? null;
  const values = [0, ...chart.lines.flatMap((line) => line.values), ...(target === null ? [] : [target])];
  const step = gridStep(Math.max(...values) - Math.min(...values));
  const low = step * Math.floor(Math.min(...values) / step);
  const high = step * Math.ceil(Math.max(...values) / step) || step;
  const x = (part) => left + ((width - left - right) * part) / Math.max(parts, 1);
  const y = (value) => top + ((height - top - bottom) * (high - value)) / (high - low || 1);
  const grid = [];
  for (let value = low; value <= high; value += step) grid.push({ value, y: y(value) });
  return {
    x0: left,
    x1: width - right,
    y0: y(low),
    grid,
    along: Array.from({ length: parts + 1 }, (_, part) => ({ part, x: x(part) })),
    lines: chart.lines.map((line, index) => ({
      index,
      look: LOOKS[index % LOOKS.length],
      points: [0, ...line.values].map((value, part) => [x(part), y(value)]),
    })),
    target: target === null ? null : y(target),
  };
}

const round = (value) => Math.round(value * 10) / 10;

let made = 0;

// The chart as a figure: the drawing, then the table of the figures under its title.
export function drawChart(chart) {
  const layout = chartLayout(chart);
  const { width, height } = SIZE;
  const label = (x, y, text, anchor, extra = {}) =>
    s("text", { class: "board-chart__label", x: round(x), y: round(y), "text-anchor": anchor, ...extra }, String(text));
  const marker = (shape, x, y) => {
    if (shape === "circle") return s("circle", { cx: round(x), cy: round(y), r: 4 });
    if (shape === "square") return s("rect", { x: round(x - 4), y: round(y - 4), width: 8, height: 8 });
    const corners = shape === "triangle" ? [[0, -5], [5, 4], [-5, 4]] : [[0, -5], [5, 0], [0, 5], [-5, 0]];
    return s("polygon", { points: corners.map(([dx, dy]) => `${round(x + dx)},${round(y + dy)}`).join(" ") });
  };
  const middle = (layout.x0 + layout.x1) / 2;
  const svg = s(
    "svg",
    { class: "board-chart__drawing", viewBox: `0 0 ${width} ${height}`, "aria-hidden": "true", focusable: "false" },
    layout.grid.flatMap(({ value, y }) => [
      s("line", { class: value ? "board-chart__grid" : "board-chart__zero", x1: layout.x0, x2: layout.x1, y1: round(y), y2: round(y) }),
      label(layout.x0 - 6, y + 4, value, "end"),
    ]),
    s("line", { class: "board-chart__axis", x1: layout.x0, x2: layout.x0, y1: SIZE.top, y2: round(layout.y0) }),
    s("line", { class: "board-chart__axis", x1: layout.x0, x2: layout.x1, y1: round(layout.y0), y2: round(layout.y0) }),
    layout.along.map(({ part, x }) => label(x, height - SIZE.bottom + 16, part, "middle")),
    label(middle, height - 8, chart.along, "middle"),
    chart.up ? label(14, (SIZE.top + layout.y0) / 2, chart.up, "middle", { transform: `rotate(-90 14 ${round((SIZE.top + layout.y0) / 2)})` }) : null,
    layout.target === null
      ? null
      : s(
          "g",
          { class: "board-chart__target" },
          s("line", { x1: layout.x0, x2: layout.x1, y1: round(layout.target), y2: round(layout.target) }),
          label(layout.x0 + 4, layout.target - 5, chart.target.text, "start"),
        ),
    layout.lines.map(({ index, look, points }) =>
      s(
        "g",
        { class: `board-chart__line board-chart__line--${index}`, "data-line": index },
        s("polyline", { points: points.map(([x, y]) => `${round(x)},${round(y)}`).join(" "), "stroke-dasharray": look.dash }),
        points.map(([x, y]) => marker(look.marker, x, y)),
      ),
    ),
  );
  const id = `board-chart-${++made}`;
  const key = (index) => h("span", { class: `board-chart__key board-chart__key--${index}`, "aria-hidden": "true" });
  const table = h(
    "table",
    { class: "board-chart__figures", "aria-labelledby": id },
    h("thead", {}, h("tr", {}, h("td"), chart.columns.map((column) => h("th", { scope: "col" }, column)))),
    h(
      "tbody",
      {},
      chart.lines.map((line, index) =>
        h("tr", { "data-line": index }, h("th", { scope: "row" }, key(index), line.name), line.values.map((value) => h("td", {}, String(value)))),
      ),
    ),
  );
  return h(
    "figure",
    { class: "board-chart" },
    h("figcaption", { id }, chart.title),
    svg,
    h("div", { class: "board-chart__scroll", tabindex: "0", role: "region", "aria-labelledby": id }, table),
  );
}
