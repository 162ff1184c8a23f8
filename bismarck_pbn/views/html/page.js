/* bpn html: the viewer. Reads the JSON in #bpn-data and draws the index and every
   deal; no framework, no network. Seats, trick size and partnerships come from the
   data (deal.seats, deal.sides), so 2-, 3- and 4-seat games share this code. */
"use strict";
(function () {
  const DATA = JSON.parse(document.getElementById("bpn-data").textContent);
  const SUIT_ORDER = ["S", "H", "D", "C"];
  const SUIT_NAME = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
  const SUIT_ONE = { S: "spade", H: "heart", D: "diamond", C: "club" };
  const RANK_NAME = { A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight",
    7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two" };
  const RANK_TEXT = { T: "10" };
  /* Where each seat sits, seat 1 at the bottom and the play going clockwise. */
  const PLACES = { 1: ["bottom"], 2: ["bottom", "top"], 3: ["bottom", "left", "right"],
    4: ["bottom", "left", "top", "right"] };
  const views = new Map();
  let active = null;

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat(Infinity)) {
      if (c === null || c === undefined || c === false) continue;
      node.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return node;
  }
  /* Bid Whist's jokers, JB and JL: cards of no suit, drawn as a face with their name. */
  const JOKER_NAME = { JB: "Big Joker", JL: "Little Joker" };
  const isJoker = (c) => c in JOKER_NAME;
  const cardName = (c) => isJoker(c) ? JOKER_NAME[c].toLowerCase() : `${RANK_NAME[c[1]] || c[1]} of ${SUIT_NAME[c[0]] || c[0]}`;
  function suitIcon(s) {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("class", "pip");
    svg.setAttribute("viewBox", "0 0 100 100");
    svg.setAttribute("aria-hidden", "true");
    const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
    use.setAttribute("href", "#suit-" + s);
    svg.append(use);
    return svg;
  }
  /* A card as a small picture with a text alternative ("ace of spades"). */
  function card(c, extra) {
    if (isJoker(c)) {
      return el("span", { class: `card joker j-${c[1]}${extra ? " " + extra : ""}`, role: "img",
        "aria-label": cardName(c), "data-card": c }, el("span", { class: "star", "aria-hidden": "true", text: "\u2605" }),
        el("span", { class: "rank", "aria-hidden": "true", text: JOKER_NAME[c] }));
    }
    return el("span", { class: `card s-${c[0]}${extra ? " " + extra : ""}`, role: "img",
      "aria-label": cardName(c), "data-card": c }, el("span", { class: "rank", "aria-hidden": "true",
      text: RANK_TEXT[c[1]] || c[1] }), suitIcon(c[0]));
  }
  function cards(list) {
    return el("span", { class: "cards" }, (list || []).map((c) => card(c)));
  }
  function signed(n) { return n > 0 ? "+" + n : n < 0 ? "\u2212" + -n : "0"; }
  function trumpText(t) {
    if (!t) return "trumps not recorded";
    if (t === "NT") return "no trumps";
    return SUIT_NAME[t] + " trumps";
  }
  function seatName(deal, seat) {
    const p = deal.players && deal.players[seat - 1];
    return p ? p : "Seat " + seat;
  }
  function sideOf(deal, seat) {
    return (deal.sides || []).findIndex((side) => side.includes(seat));
  }

  /* ---- the index: one score sheet per session, then deals outside a session ---- */
  function drawIndex(root) {
    const sec = el("section", { id: "index", class: "index", "aria-labelledby": "index-h" },
      el("h2", { id: "index-h", text: "Score sheet" }));
    const loose = [];
    for (const item of DATA.index) {
      if (item.kind === "deal") { loose.push(item); continue; }
      sec.append(sessionTable(item));
    }
    if (loose.length) sec.append(looseTable(loose));
    root.append(sec);
  }
  function seatHeads(players) {
    return players.map((p, i) => el("th", { scope: "col", class: "num", text: p || "Seat " + (i + 1) }));
  }
  function numbers(values, n, sign) {
    const out = [];
    for (let i = 0; i < n; i++) {
      const v = values ? values[i] : null;
      out.push(el("td", { class: "num", text: v === null || v === undefined ? "\u2013" : sign ? signed(v) : v }));
    }
    return out;
  }
  function contractCell(row) {
    const td = el("td", {}, row.contract || "?");
    if (row.contract === "Valfri" && row.trump) td.append(" ", row.trump === "NT" ? "NT" : suitBadge(row.trump));
    return td;
  }
  function suitBadge(s) {
    return el("span", { class: `suit s-${s}`, role: "img", "aria-label": SUIT_NAME[s] }, suitIcon(s));
  }
  function dealLink(row) {
    const label = row.board !== null ? String(row.board) : "deal " + row.deal;
    const a = el("a", { href: "#deal-" + row.deal, text: label });
    return row.errors ? [a, el("span", { class: "bad", title: `${row.errors} error(s)`, text: ` \u26a0 ${row.errors}` })] : a;
  }
  function sessionTable(s) {
    const n = s.players.length;
    const head = [s.event, s.site, s.date].filter((x) => x && x.replace(/[?\s]/g, "")).join(" \u00b7 ");
    const table = el("table", { class: "sheet" },
      el("caption", {}, head || "Session", el("span", { class: "variant", text: ` (${s.variant})` })),
      el("thead", {},
        el("tr", {}, el("th", { rowspan: 2, scope: "col", text: "Board" }),
          el("th", { rowspan: 2, scope: "col", text: "Forehand" }),
          el("th", { rowspan: 2, scope: "col", text: "Contract" }),
          el("th", { colspan: n, scope: "colgroup", class: "grp", text: "Tricks" }),
          el("th", { colspan: n, scope: "colgroup", class: "grp", text: "Score" }),
          el("th", { colspan: n, scope: "colgroup", class: "grp", text: "Total" })),
        el("tr", {}, seatHeads(s.players), seatHeads(s.players), seatHeads(s.players))),
      el("tbody", {}, s.boards.map((row) => el("tr", {},
        el("th", { scope: "row" }, dealLink(row)),
        el("td", { text: row.forehand ? (s.players[row.forehand - 1] || "Seat " + row.forehand) : "?" }),
        contractCell(row), numbers(row.tricks, n), numbers(row.score, n, true),
        numbers(row.total, n, true).map((td, i) => (row.total && isTop(row.total, i) ? td.classList.add("top") : 0, td))))));
    let verdict = "";
    const names = (s.leaders || []).map((seat) => s.players[seat - 1] || "Seat " + seat);
    if (s.totals && names.length) {
      const top = signed(Math.max(...s.totals));
      if (s.complete) verdict = `Winner: ${names[0]} (${top})`;
      else if (s.tie_break_due) verdict = `Tied at the top: ${names.join(" and ")} (${top}); a tie-break is due`;
      else verdict = `Leading: ${names.join(" and ")} (${top})`;
    }
    return el("div", { class: "session" },
      el("div", { class: "scroll", tabindex: 0, role: "region", "aria-label": "Score sheet: " + (head || "session") }, table),
      verdict ? el("p", { class: "winner", text: verdict }) : null);
  }
  function isTop(total, i) { return total[i] === Math.max(...total); }
  function looseTable(rows) {
    return el("div", { class: "session" }, el("div", { class: "scroll", tabindex: 0, role: "region", "aria-label": "Other deals" },
      el("table", { class: "sheet" }, el("caption", { text: "Deals outside a session" }),
        el("thead", {}, el("tr", {}, ["Deal", "Forehand", "Contract", "Tricks", "Score"].map((h) => el("th", { scope: "col", text: h })))),
        el("tbody", {}, rows.map((row) => el("tr", {}, el("th", { scope: "row" }, dealLink(row)),
          el("td", { text: row.forehand ? "Seat " + row.forehand : "?" }), contractCell(row),
          el("td", { text: row.tricks ? row.tricks.join(" ") : "\u2013" }),
          el("td", { text: row.score ? row.score.map(signed).join(" ") : "\u2013" })))))));
  }

  /* ---- one deal ---- */
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
    if (deal.tricks) add("Tricks", deal.tricks.map((q, i) => `${seatName(deal, i + 1)} ${q}`).join(", "));
    if (deal.score) add("Score", deal.score.map((q, i) => `${seatName(deal, i + 1)} ${signed(q)}`).join(", "));
    return dl;
  }
  function problemList(list) {
    return el("ul", { class: "faults" }, list.map((d) => el("li", { class: "fault " + d.severity },
      el("strong", { text: `${d.code} ${d.severity}` }), d.line ? ` (line ${d.line})` : "", ": " + d.message)));
  }

  class DealView {
    constructor(deal) {
      this.deal = deal;
      this.n = deal.seats;
      this.k = 0;
      this.places = PLACES[this.n] || PLACES[3];
      this.build();
    }
    get last() { return this.deal.play.length; }
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
    }
    auctionTable() {
      const order = [...Array(this.n).keys()].map((i) => ((this.deal.auction[0].seat - 1 + i) % this.n) + 1);
      const rows = [];
      this.deal.auction.forEach((call, i) => { if (i % this.n === 0) rows.push([]); rows[rows.length - 1].push(call.call); });
      return el("table", { class: "auction" }, el("caption", { text: "The auction" }),
        el("thead", {}, el("tr", {}, order.map((s) => el("th", { scope: "col", text: seatName(this.deal, s) })))),
        el("tbody", {}, rows.map((r) => el("tr", {}, r.map((c) => el("td", { text: c }))))));
    }
    viewer() {
      const d = this.deal;
      this.seatEls = {};
      const table = el("div", { class: "table seats-" + this.n });
      for (let seat = 1; seat <= this.n; seat++) {
        const side = sideOf(d, seat);
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
    }
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
    }
    /* The hands as dealt, for the printed sheet. */
    diagram() {
      const d = this.deal, hands = d.dealt || d.start || [];
      const box = el("div", { class: "diagram table seats-" + this.n, "aria-hidden": "true" });
      hands.forEach((h, i) => box.append(el("div", { class: "seat at-" + this.places[i] },
        el("div", { class: "name", text: seatName(d, i + 1) + (i + 1 === d.forehand ? " (forehand)" : "") }),
        this.suitRows(h))));
      box.append(el("div", { class: "felt" }, d.kitty ? el("div", {}, "Kitty ", cards(d.kitty)) : null,
        d.discard ? el("div", {}, "Discard ", cards(d.discard)) : null));
      return box;
    }
    suitRows(hand, why) {
      if (!hand) return el("p", { class: "quiet", text: why || "not recorded" });
      const jokers = hand.filter(isJoker);
      return el("div", { class: "rows" }, SUIT_ORDER.map((s) => {
        const these = hand.filter((c) => c[0] === s && !isJoker(c));
        return el("div", { class: "suit-row" }, el("span", { class: `suit s-${s}`, role: "img", "aria-label": SUIT_NAME[s] }, suitIcon(s)),
          these.length ? these.map((c) => card(c)) : el("span", { class: "void", text: "\u2014", "aria-label": "no " + SUIT_NAME[s] }));
      }), jokers.length ? el("div", { class: "suit-row jokers" }, el("span", { class: "suit s-J", role: "img",
        "aria-label": "jokers", text: "\u2605" }), jokers.map((c) => card(c))) : null);
    }
    prevTrick() { return this.k % this.n ? this.k - (this.k % this.n) : this.k - this.n; }
    nextTrick() { return (Math.floor(this.k / this.n) + 1) * this.n; }
    go(k, quiet) {
      this.k = Math.max(0, Math.min(this.last, k));
      this.draw();
      if (!quiet) {
        const t = Math.floor((this.k - 1) / this.n) + 1, c = ((this.k - 1) % this.n) + 1;
        const frag = "#deal-" + this.deal.number + (this.k ? `/trick-${t}/card-${c}` : "");
        if (location.hash !== frag) history.replaceState(null, "", frag);
      }
    }
    draw() {
      const d = this.deal, k = this.k, n = this.n;
      const held = (d.start || []).map((h) => (h ? new Set(h) : null));
      const won = new Array(n).fill(0);
      for (let i = 0; i < k; i++) {
        const p = d.play[i];
        if (held[p.seat - 1]) held[p.seat - 1].delete(p.card);
        if (p.winner) won[p.winner - 1]++;
      }
      const trickStart = k ? Math.floor((k - 1) / n) * n : 0;
      const trick = d.play.slice(trickStart, k);
      const done = trick.length ? trick[trick.length - 1].winner || null : null;
      const next = k < this.last ? d.play[k].seat : null;
      for (let seat = 1; seat <= n; seat++) {
        const s = this.seatEls[seat];
        const h = held[seat - 1];
        const why = d.dealt && d.dealt[seat - 1] ? "not known: the exchange is not recorded" : "not recorded";
        s.hand.replaceChildren(this.suitRows(h ? d.start[seat - 1].filter((c) => h.has(c)) : null, why));
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
    }
    /* The double-dummy values of the legal cards at this moment (bpn html --dd). */
    drawDD() {
      const d = this.deal, at = this.k < d.dd.length ? d.dd[this.k] : null;
      if (!at) {
        const why = this.k >= this.last ? "the play is over." : "not analysed (the record cannot be followed from here).";
        this.ddBox.replaceChildren(el("p", { class: "quiet", text: "Double dummy: " + why }));
        return;
      }
      const head = `Double dummy: ${seatName(d, at.seat)} to play; the tricks its side takes from this trick on` +
        (at.few ? " (it wants few)" : "");
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
    }
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
        if (d.tricks) out.push(el("p", { class: "summary", text: `Final tricks: ${d.tricks.map((x, i) => seatName(d, i + 1) + " " + x).join(", ")}` +
          (d.score ? `. Score: ${d.score.map((x, i) => seatName(d, i + 1) + " " + signed(x)).join(", ")}.` : ".") }));
      }
      this.notes.replaceChildren(...out);
      this.notes.hidden = !out.length;
    }
  }

  /* ---- moments in the URL: #deal-3/trick-5/card-2 ---- */
  function openFragment(focus) {
    const m = /^#deal-(\d+)(?:\/trick-(\d+)(?:\/card-(\d+))?)?$/.exec(location.hash);
    if (!m) return;
    const view = views.get(Number(m[1]));
    if (!view) return;
    const k = m[2] ? (Number(m[2]) - 1) * view.n + (m[3] ? Number(m[3]) : view.n) : 0;
    active = view;
    view.go(k, true);
    view.root.scrollIntoView();
    if (focus) view.viewerEl.focus({ preventScroll: true });
  }
  function onKey(e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const tag = e.target && e.target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    const inside = e.target && e.target.closest && e.target.closest(".deal");
    const view = inside ? views.get(Number(inside.id.slice(5))) : active;
    if (!view) return;
    const moves = { ArrowLeft: () => view.k - 1, ArrowRight: () => view.k + 1, ArrowUp: () => view.prevTrick(),
      ArrowDown: () => view.nextTrick(), Home: () => 0, End: () => view.last };
    if (!(e.key in moves)) return;
    e.preventDefault();
    active = view;
    view.go(moves[e.key]());
  }

  function init() {
    const main = document.getElementById("main");
    if (DATA.index.length) drawIndex(main);
    let first = true;
    for (const deal of DATA.deals) {
      try {
        const view = new DealView(deal);
        views.set(deal.number, view);
        main.append(view.root);
        view.go(0, true);
      } catch (err) {
        main.append(el("section", { class: "deal", id: "deal-" + deal.number },
          el("h2", { text: "Deal " + deal.number }), el("p", { class: "fault error", text: "This deal cannot be drawn: " + err })));
      }
      if (first) { performance.mark("bpn-first-deal"); first = false; }
    }
    active = views.values().next().value || null;
    document.addEventListener("keydown", onKey);
    window.addEventListener("hashchange", () => openFragment(true));
    openFragment(true);
    performance.mark("bpn-drawn");
    document.documentElement.dataset.ready = "true";
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
