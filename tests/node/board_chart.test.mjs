// The end of a game's chart (docs/assets/board/chart.mjs) under Node's own test runner: its geometry, for every
// game's data alike (engine/core/chart.py score_lines).
//
//   node --test tests/node/board_chart.test.mjs      (tests/test_board_node.py runs it from pytest)

import assert from "node:assert/strict";
import test from "node:test";

import { LOOKS, SIZE, chartLayout, gridStep } from "../../docs/assets/board/chart.mjs";

const chart = (lines, target = null) => ({
  title: "Scores hand by hand",
  along: "Hand",
  up: "Total",
  columns: lines[0].map((_, i) => `Hand ${i + 1}`),
  lines: lines.map((values, i) => ({ name: `Side ${i}`, values })),
  target: target === null ? null : { value: target, text: `Target ${target}` },
});

test("a line per side, from the start at 0 through each part, left to right", () => {
  const layout = chartLayout(chart([[35, 80, 120], [10, 70, 95], [0, 20, 40]], 200));
  assert.equal(layout.lines.length, 3);
  for (const line of layout.lines) {
    assert.equal(line.points.length, 4, "the start and three hands");
    const xs = line.points.map(([x]) => x);
    assert.deepEqual(xs, [...xs].sort((a, b) => a - b));
    assert.equal(xs[0], SIZE.left);
    assert.equal(xs.at(-1), SIZE.width - SIZE.right);
  }
  assert.deepEqual(layout.along.map(({ part }) => part), [0, 1, 2, 3]);
  // Every line starts at 0, drawn where the zero of the grid is.
  const zero = layout.grid.find(({ value }) => value === 0).y;
  assert.ok(layout.lines.every((line) => line.points[0][1] === zero));
});

test("four sides get four looks: no two lines differ by colour alone", () => {
  const layout = chartLayout(chart([[5], [10], [15], [20]]));
  const looks = new Set(layout.lines.map(({ look }) => `${look.dash}|${look.marker}`));
  assert.equal(looks.size, 4);
  assert.equal(new Set(LOOKS.map(({ marker }) => marker)).size, LOOKS.length);
});

test("the grid covers every score, zero and the target, in round steps, higher scores higher up", () => {
  const layout = chartLayout(chart([[-120, 60], [300, 540]], 250));
  const values = layout.grid.map(({ value }) => value);
  assert.ok(values[0] <= -120 && values.at(-1) >= 540, values.join());
  assert.ok(values.includes(0));
  assert.ok(values.length <= 9, "at most eight steps");
  const ys = layout.grid.map(({ y }) => y);
  assert.deepEqual(ys, [...ys].sort((a, b) => b - a), "the higher the value, the smaller its y");
  assert.ok(layout.target > ys.at(-1) && layout.target < ys[0], "the target inside the grid");
  assert.equal(chartLayout(chart([[10]])).target, null, "a game without a target has no target line");
});

test("a round step cuts any span into at most eight parts", () => {
  assert.equal(gridStep(250), 50);
  assert.equal(gridStep(40), 5);
  assert.equal(gridStep(8), 1);
  assert.equal(gridStep(0), 1);
  for (const span of [1, 3, 7, 61, 99, 101, 999, 2500, 12345]) {
    const step = gridStep(span);
    assert.ok(span / step <= 8, `${span}: ${step}`);
    assert.ok(/^[125]0*$/.test(String(step)), `${span}: ${step} is a round step (scores are whole numbers)`);
  }
});

test("a game with no finished part yet, or all at zero, still has a grid", () => {
  const layout = chartLayout({ ...chart([[0]]), columns: ["Round 1"] });
  assert.ok(layout.grid.length >= 2);
  assert.ok(layout.lines[0].points.every(([, y]) => Number.isFinite(y)));
});
