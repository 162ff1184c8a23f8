/* chart: a picture of the evening under each score sheet, each player's or side's
   running total deal by deal, as the sheet's Total columns give it (the totals start
   again from 0 after a game ends: a dotted upright line marks the end). Inline SVG drawn here, nothing fetched; printed with
   the sheet. The lines differ in dash as well as colour, so a black-and-white print
   still tells them apart. */
const SVG_NS = "http://www.w3.org/2000/svg";
const CHART_COLOURS = ["#1f5fa8", "#b42318", "#1a7f37", "#8a4b08", "#6e3fa3"];
const CHART_DASHES = [null, "6 3", "2 3", "8 3 2 3", "1 2"];
function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v !== null && v !== undefined) node.setAttribute(k, v);
  }
  for (const c of children.flat(Infinity)) {
    if (c !== null && c !== undefined) node.append(typeof c === "string" ? document.createTextNode(c) : c);
  }
  return node;
}
/* One line per column of the Total (a side or a player), a point per board; a board whose
   total is not known breaks the line. Null when fewer than two totals are known. */
function totalsChart(s, names) {
  const rows = s.boards.filter((r) => r.total && r.total.length === names.length);
  if (rows.length < 2) return null;
  const all = rows.flatMap((r) => r.total);
  const top = Math.max(0, ...all), bottom = Math.min(0, ...all);
  const span = top - bottom || 1;
  const step = 28, left = 44, right = 12, up = 10, height = 150;
  const width = left + right + step * (s.boards.length - 1);
  const x = (i) => left + step * i;
  const y = (v) => up + (height * (top - v)) / span;
  const ticks = [...new Set([top, 0, bottom])];
  const grid = ticks.map((v) => [
    svg("line", { class: v === 0 ? "zero" : "tick", x1: left, x2: width - right, y1: y(v), y2: y(v) }),
    svg("text", { class: "tick", x: left - 6, y: y(v) + 4, "text-anchor": "end" }, signed(v))]);
  const ends = s.boards.map((r, i) => r.game_end && i < s.boards.length - 1
    ? svg("line", { class: "game-end", x1: x(i) + step / 2, x2: x(i) + step / 2, y1: up, y2: up + height }) : null);
  const boards = s.boards.map((r, i) => svg("text", { class: "board", x: x(i), y: up + height + 16, "text-anchor": "middle" },
    r.board !== null ? String(r.board) : ""));
  const series = names.map((name, k) => {
    const parts = [];
    let run = [];
    const dots = [];
    s.boards.forEach((r, i) => {
      const v = r.total && r.total.length === names.length ? r.total[k] : null;
      if (v === null || v === undefined) { if (run.length) parts.push(run); run = []; return; }
      run.push(`${x(i)},${y(v)}`);
      dots.push(svg("circle", { cx: x(i), cy: y(v), r: 2.6, "data-board": r.board },
        svg("title", {}, `board ${r.board}: ${name} ${signed(v)}`)));
    });
    if (run.length) parts.push(run);
    const colour = CHART_COLOURS[k % CHART_COLOURS.length];
    return svg("g", { class: "series", "data-name": name, stroke: colour, fill: colour },
      parts.map((p) => svg("polyline", { points: p.join(" "), fill: "none", "stroke-dasharray": CHART_DASHES[k % CHART_DASHES.length] })),
      dots);
  });
  const last = rows[rows.length - 1];
  const label = `Running totals, board by board: ${names.map((n, k) => `${n} ${signed(last.total[k])}`).join(", ")} at board ${last.board}.`;
  const picture = svg("svg", { class: "totals", viewBox: `0 0 ${width} ${up + height + 22}`, width, height: up + height + 22,
    role: "img", "aria-label": label }, svg("title", {}, label), grid, ends, boards, series);
  const legend = el("ul", { class: "legend" }, names.map((n, k) => el("li", {},
    svg("svg", { width: 26, height: 10, "aria-hidden": "true" }, svg("line", { x1: 1, x2: 25, y1: 5, y2: 5,
      stroke: CHART_COLOURS[k % CHART_COLOURS.length], "stroke-dasharray": CHART_DASHES[k % CHART_DASHES.length] })),
    " " + n)));
  return el("figure", { class: "chart" }, picture, el("figcaption", {}, legend));
}
