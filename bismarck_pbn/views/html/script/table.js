/* table: the viewer of a deal: the seats around the felt (2, 3 or 4, partnerships
   marked), each hand as it stands, the trick on the table with who led and who won,
   the buttons, the status line, and the notes and faults of the card shown. */
Object.assign(DealView.prototype, {
  viewer() {
    const d = this.deal;
    this.seatEls = {};
    const table = el("div", { class: "table seats-" + this.n });
    for (let seat = 1; seat <= this.n; seat++) {
      const side = sideIndex(d, seat);
      const head = el("div", { class: "seat-head" }, el("span", { class: "name", text: seatName(d, seat) }),
        seat === d.forehand ? el("span", { class: "badge", text: "forehand" }) : null,
        side >= 0 ? el("span", { class: "badge side side-" + side, text: "side " + "AB"[side] }) : null);
      const won = el("span", { class: "won" });
      const turn = el("span", { class: "turn", text: "to play" });
      const hand = el("div", { class: "hand" });
      const box = el("div", { class: `seat at-${this.places[seat - 1]}${side >= 0 ? " side-" + side : ""}`,
        "aria-label": seatName(d, seat), role: "group", "data-seat": seat }, el("div", { class: "seat-top" }, head, turn, won), hand);
      this.seatEls[seat] = { box, hand, won };
      table.append(box);
    }
    this.felt = el("div", { class: "felt", "aria-label": "The trick on the table", role: "group" });
    table.append(this.felt);
    const btn = (label, keys, text, fn) => el("button", { type: "button", "aria-label": label, title: `${label} (${keys})`,
      "aria-keyshortcuts": keys, onclick: () => { active = this; fn(); } }, text);
    this.status = el("p", { class: "status", "aria-live": "polite" });
    const controls = el("div", { class: "controls" },
      btn("start", "Home", "|\u25c0", () => this.go(0)),
      btn("previous trick", "ArrowUp", "\u25c0\u25c0", () => this.go(this.prevTrick())),
      btn("previous card", "ArrowLeft", "\u25c0", () => this.go(this.k - 1)),
      btn("next card", "ArrowRight", "\u25b6", () => this.go(this.k + 1)),
      btn("next trick", "ArrowDown", "\u25b6\u25b6", () => this.go(this.nextTrick())),
      btn("end", "End", "\u25b6|", () => this.go(this.last)));
    this.notes = el("div", { class: "notes", "aria-live": "polite" });
    this.ddBox = d.dd ? el("div", { class: "dd", "aria-live": "polite" }) : null;
    this.viewerEl = el("div", { class: "viewer", tabindex: 0, role: "group",
      "aria-label": `Play of ${heading(d)}: arrow keys step card by card (left, right) and trick by trick (up, down)` },
    table, el("div", { class: "bar" }, controls, this.status), this.notes, this.ddBox);
    return this.viewerEl;
  },
  /* Draw the moment after this.k cards. */
  draw() {
    const d = this.deal, k = this.k, n = this.n;
    const { held, won, trick, done, next } = this.moment(k);
    for (let seat = 1; seat <= n; seat++) {
      const s = this.seatEls[seat];
      const h = held[seat - 1];
      const why = d.dealt && d.dealt[seat - 1] ? "not known: the exchange is not recorded" : "not recorded";
      s.hand.replaceChildren(suitRows(h ? d.start[seat - 1].filter((c) => h.has(c)) : null, why));
      if (d.layouts) s.hand.append(this.piles(seat, k));
      const q = d.quotas ? d.quotas[seat - 1] : null;
      s.won.textContent = q !== null ? `tricks ${won[seat - 1]} of ${q}` : `tricks ${won[seat - 1]}`;
      s.box.classList.toggle("to-play", seat === next);
    }
    this.felt.replaceChildren(...(trick.length ? trick.map((p, i) => el("div", { "data-seat": p.seat,
      class: `played at-${this.places[p.seat - 1]}${i === trick.length - 1 ? " current" : ""}${p.seat === done ? " winner" : ""}` },
    card(p.card, "big"), el("span", { class: "who" }, seatName(d, p.seat), i === 0 ? " led" : "", p.seat === done ? " \u2713 won" : ""))) :
      [el("p", { class: "lead", text: d.leader ? `${seatName(d, d.leader)} leads trick 1` : (d.play.length ? "" : "No play recorded") })]));
    const t = Math.floor((k - 1) / n) + 1;
    let status = k ? `Trick ${t}, card ${((k - 1) % n) + 1} (${k} of ${this.last})` : `Before the first lead (${this.last} cards)`;
    if (k) {
      const p = d.play[k - 1];
      status += `: ${seatName(d, p.seat)} plays the ${cardName(p.card)}${p.suffix ? ` (marked ${p.suffix})` : ""}.`;
      if (done) status += ` ${seatName(d, done)} wins the trick.`;
    }
    this.status.textContent = status;
    this.drawNotes();
    if (this.ddBox) this.drawDD();
    this.recordCells.forEach((b, i) => {
      b.classList.toggle("now", i === k - 1);
      b.classList.toggle("future", i >= k);
      if (i === k - 1) b.setAttribute("aria-current", "step"); else b.removeAttribute("aria-current");
    });
  },
  /* Turnover Bridge: the seat's layout after k cards, row by row: a face-up card on a
     card back, a card turned up, a card back for one turned up that the record does not
     give (-), an empty place once both are played. */
  piles(seat, k) {
    const d = this.deal, layout = d.layouts[seat - 1];
    if (!layout) return el("p", { class: "quiet", text: "layout not recorded" });
    const played = new Set(d.play.slice(0, k).map((p) => p.card));
    const placed = new Set([...(d.start || []).flat().filter(Boolean), ...d.layouts.flat().filter(Boolean).flat()]);
    let unknown = d.play.slice(0, k).filter((p) => p.seat === seat && !placed.has(p.card)).length;
    const back = () => el("span", { class: "card back", role: "img", "aria-label": "a card face down" });
    const out = el("div", { class: "layout", "aria-label": "layout" });
    let at = 0;
    for (const size of d.rows.length ? d.rows : [layout.length]) {
      const row = el("div", { class: "pile-row" });
      for (const [up, down] of layout.slice(at, at + size)) {
        let pile;
        if (!played.has(up)) pile = [back(), card(up)];
        else if (down === null && unknown) { unknown--; pile = []; }
        else if (down === null) pile = [back()];
        else pile = played.has(down) ? [] : [card(down)];
        row.append(el("span", { class: "pile" + (pile.length ? "" : " empty") }, ...pile));
      }
      out.append(row);
      at += size;
    }
    return out;
  },
  /* The notes of the card shown: suffix, NAGs as words, a revoke mark, comments and the
     validator's faults at it; before the first card the play's comments; at the end the
     trailing comments and the result. */
  drawNotes() {
    const d = this.deal, k = this.k, out = [];
    if (k === 0) d.play_comments.forEach((c) => out.push(el("p", { class: "comment", text: c })));
    else {
      const p = d.play[k - 1];
      if (p.suffix || p.nags || p.revoke || p.comments || p.faults) {
        const line = el("p", { class: "at" }, card(p.card), p.suffix ? el("strong", { class: "suffix", text: p.suffix }) : "");
        (p.nags || []).forEach(([num, words]) => line.append(el("span", { class: "nag", title: "$" + num, text: words })));
        if (p.revoke) line.append(el("span", { class: "nag", text: "marked as a revoke at the table (^R)" }));
        out.push(line);
        (p.comments || []).forEach((c) => out.push(el("p", { class: "comment", text: c })));
        if (p.faults) out.push(problemList(p.faults));
      }
    }
    if (k === this.last && k > 0) {
      d.trailing.forEach((c) => out.push(el("p", { class: "comment", text: c })));
      if (d.tricks) out.push(el("p", { class: "summary", text: `Final tricks: ${perHead(d, d.tricks)}` +
        (d.score ? `. Score: ${perHead(d, d.score, true)}.` : ".") }));
    }
    this.notes.replaceChildren(...out);
    this.notes.hidden = !out.length;
  },
});
