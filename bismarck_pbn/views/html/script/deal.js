/* deal: a deal's section around the viewer: its heading and facts (contract, kitty,
   discard, quotas, tricks and score, by seat or by side), comments, faults, the
   auction table, the play record trick by trick and the printed hand diagram. */
function seatName(deal, seat) {
  const p = deal.players && deal.players[seat - 1];
  return p ? p : "Seat " + seat;
}
function sideIndex(deal, seat) {
  return (deal.sides || []).findIndex((side) => side.includes(seat));
}
/* Figures per seat, or per side where the game counts them by side (Swedish Whist's
   score, Bid Whist's tricks): each with its name, "Cecilia & Bo +40". */
function perHead(deal, values, sign) {
  const bySide = values.length !== deal.seats && (deal.sides || []).length === values.length;
  return values.map((v, i) => `${bySide ? deal.sides[i].map((s) => seatName(deal, s)).join(" & ") : seatName(deal, i + 1)} ` +
    (sign ? signed(v) : v)).join(", ");
}
function heading(deal) {
  const parts = [deal.board !== null ? "Board " + deal.board : "Deal " + deal.number];
  if (deal.contract) parts.push(deal.contract + (deal.contract === "Valfri" || deal.trump ? ", " + trumpText(deal.trump) : ""));
  if (deal.forehand) parts.push("forehand " + seatName(deal, deal.forehand));
  return parts.join(" \u00b7 ");
}
function facts(deal) {
  const dl = el("dl", { class: "facts" });
  const add = (k, v) => dl.append(el("div", {}, el("dt", { text: k }), el("dd", {}, v)));
  add("Contract", [deal.contract || "?", " ", deal.trump && deal.trump !== "NT" ? suitBadge(deal.trump) : "", " ", trumpText(deal.trump)]);
  if (deal.kitty) add("Kitty", cards(deal.kitty));
  if (deal.exchange === false) add("Discard", "none (the exchange was declined)");
  else if (deal.discard) add("Discard", cards(deal.discard));
  if (deal.quotas) add("Quotas", deal.quotas.map((q, i) => `${seatName(deal, i + 1)} ${q}`).join(", "));
  if (deal.tricks) add("Tricks", perHead(deal, deal.tricks));
  if (deal.score) add("Score", perHead(deal, deal.score, true));
  if (deal.points) add("Points", perHead(deal, deal.points, true));
  return dl;
}
Object.assign(DealView.prototype, {
  build() {
    const d = this.deal, id = "deal-" + d.number;
    this.root = el("section", { class: "deal", id, "aria-labelledby": id + "-h" });
    this.root.append(el("h2", { id: id + "-h" }, heading(d)));
    this.root.append(facts(d));
    if (d.comments.length || d.tag_notes.length) {
      this.root.append(el("div", { class: "comments" }, d.comments.map((c) => el("p", { text: c })),
        d.tag_notes.length ? el("p", { class: "tagnotes" }, d.tag_notes.map(([t, c], i) => [i ? " \u00b7 " : "", el("span", { class: "tag", text: t + ": " }), c])) : null));
    }
    if (d.error) this.root.append(el("p", { class: "fault error", role: "note", text: d.error }));
    if (d.problems.length) this.root.append(problemList(d.problems));
    if (d.auction.length) this.root.append(this.auctionTable());
    this.root.append(this.viewer(), this.record(), this.diagram());
    this.root.addEventListener("focusin", () => { active = this; });
    this.root.addEventListener("pointerdown", () => { active = this; });
  },
  auctionTable() {
    const order = [...Array(this.n).keys()].map((i) => ((this.deal.auction[0].seat - 1 + i) % this.n) + 1);
    const rows = [];
    this.deal.auction.forEach((call, i) => { if (i % this.n === 0) rows.push([]); rows[rows.length - 1].push(call.call); });
    return el("table", { class: "auction" }, el("caption", { text: "The auction" }),
      el("thead", {}, el("tr", {}, order.map((s) => el("th", { scope: "col", text: seatName(this.deal, s) })))),
      el("tbody", {}, rows.map((r) => el("tr", {}, r.map((c) => el("td", { text: c }))))));
  },
  /* The cards in the order played, a row a trick; each a button to that moment. */
  record() {
    const d = this.deal;
    this.recordCells = [];
    const rows = [];
    d.play.forEach((p, i) => {
      if (i % this.n === 0) rows.push(el("tr", {}, el("th", { scope: "row", text: rows.length + 1 })));
      const b = el("button", { type: "button", class: "rc", onclick: () => { active = this; this.go(i + 1); } },
        card(p.card), p.suffix || "", i % this.n === 0 ? el("span", { class: "tiny", text: " led" }) : "",
        p.winner ? el("span", { class: "tiny", text: " won" }) : "");
      b.setAttribute("aria-label", `${seatName(d, p.seat)}: ${cardName(p.card)}${p.suffix || ""}${p.winner ? ", wins the trick" : ""}`);
      if (p.comments || p.nags || p.faults) b.classList.add("annotated");
      if (p.faults) b.classList.add("has-fault");
      this.recordCells.push(b);
      rows[rows.length - 1].append(el("td", { "data-seat": p.seat }, el("span", { class: "who", text: seatName(d, p.seat) + " " }), b));
    });
    if (!d.play.length) return el("p", { class: "quiet", text: "No play recorded." });
    return el("details", { class: "record" }, el("summary", { text: "The play, trick by trick" }),
      el("table", {}, el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "Trick" }),
        el("th", { scope: "col", colspan: this.n, text: "Cards in the order played" }))), el("tbody", {}, rows)),
      d.unreplayed.length ? el("p", { class: "quiet", text: `Not replayed: ${d.unreplayed.join(" ")}` }) : null);
  },
  /* The hands as dealt, for the printed sheet. */
  diagram() {
    const d = this.deal, hands = d.dealt || d.start || [];
    const box = el("div", { class: "diagram table seats-" + this.n, "aria-hidden": "true" });
    hands.forEach((h, i) => box.append(el("div", { class: "seat at-" + this.places[i] },
      el("div", { class: "name", text: seatName(d, i + 1) + (i + 1 === d.forehand ? " (forehand)" : "") }),
      suitRows(h))));
    box.append(el("div", { class: "felt" }, d.kitty ? el("div", {}, "Kitty ", cards(d.kitty)) : null,
      d.discard ? el("div", {}, "Discard ", cards(d.discard)) : null));
    return box;
  },
});
/* A hand as a row of cards per suit (a dash for a void), the jokers on a row of their own. */
function suitRows(hand, why) {
  if (!hand) return el("p", { class: "quiet", text: why || "not recorded" });
  const jokers = hand.filter(isJoker);
  return el("div", { class: "rows" }, SUIT_ORDER.map((s) => {
    const these = hand.filter((c) => c[0] === s && !isJoker(c));
    return el("div", { class: "suit-row" }, el("span", { class: `suit s-${s}`, role: "img", "aria-label": SUIT_NAME[s] }, suitIcon(s)),
      these.length ? these.map((c) => card(c)) : el("span", { class: "void", text: "\u2014", "aria-label": "no " + SUIT_NAME[s] }));
  }), jokers.length ? el("div", { class: "suit-row jokers" }, el("span", { class: "suit s-J", role: "img",
    "aria-label": "jokers", text: "\u2605" }), jokers.map((c) => card(c))) : null);
}
