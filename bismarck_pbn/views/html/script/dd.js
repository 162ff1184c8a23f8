/* dd: the double-dummy table that `bpn html --dd` adds: at each moment, the sides
   analysed (--side) and the legal cards of the seat to play with the tricks its side
   (named) takes from this trick on, the best marked, a costly card with ? or ??. */
DealView.prototype.drawDD = function drawDD() {
  const d = this.deal, at = this.k < d.dd.length ? d.dd[this.k] : null;
  if (!at) {
    const why = this.k >= this.last ? "the play is over." : "not analysed (the record cannot be followed from here).";
    this.ddBox.replaceChildren(el("p", { class: "quiet", text: "Double dummy: " + why }));
    return;
  }
  const whose = at.side ? at.side.map((s) => seatName(d, s)).join(" & ") : "its side";
  const head = `Double dummy${at.for ? " for " + at.for : ""}: ${seatName(d, at.seat)} to play; the tricks ` +
    `${at.side ? "of " + whose : "its side takes"} from this trick on` + (at.few ? " (wanting few)" : "");
  if (!at.values) {
    this.ddBox.replaceChildren(el("p", { class: "quiet", text: `${head}: not analysed (${at.why}).` }));
    return;
  }
  const rows = at.values.map(([c, v]) => {
    const cost = Math.abs(v - at.best);
    return el("tr", { class: cost ? "dd-cost" : "dd-best", "data-card": c },
      el("td", {}, card(c)), el("td", { text: String(v) }), el("td", { text: cost ? (cost > 1 ? "??" : "?") : "best" }));
  });
  this.ddBox.replaceChildren(el("table", { class: "dd-table" }, el("caption", { text: head }),
    el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "Card" }), el("th", { scope: "col", text: "Tricks" }),
      el("th", { scope: "col", text: "" }))), el("tbody", {}, rows)));
};
