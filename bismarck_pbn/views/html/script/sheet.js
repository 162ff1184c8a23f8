/* sheet: the index, one score sheet per session, with what `bpn standings` shows and
   from the same data (session/standings.py, embedded as DATA.index): each deal's
   tricks, score and running total (Solo Whist's payments and balances) per side, individual points
   and what a deal reached (exits, a game won); the rounds table; the zero-sum check;
   what is still to play; who leads or won. Then the deals outside a session. */
function drawIndex(root) {
  const sec = el("section", { id: "index", class: "index", "aria-labelledby": "index-h" },
    el("h2", { id: "index-h", text: "Score sheet" }));
  const loose = [];
  for (const item of DATA.index) {
    if (item.kind === "deal") { loose.push(item); continue; }
    sec.append(sessionSheet(item));
  }
  if (loose.length) sec.append(looseTable(loose));
  root.append(sec);
}
function playerOf(s, seat) { return known(s.players[seat - 1]) || "Seat " + seat; }
/* A side by its players' names ("Ann & Cy"), the side given by its lower seat. */
function sideOf(s, side) {
  const found = (s.sides || []).find((x) => x.side === side);
  return found ? found.seats.map((seat) => playerOf(s, seat)).join(" & ") : "side " + side;
}
function heads(names, cls) { return names.map((t) => el("th", { scope: "col", class: "num" + (cls || ""), text: t })); }
function numberCells(values, n, sign, top) {
  const out = [];
  const best = top && values ? Math.max(...values) : null;
  for (let i = 0; i < n; i++) {
    const v = values && values.length === n ? values[i] : null;
    const none = v === null || v === undefined;
    out.push(el("td", { class: "num" + (!none && v === best ? " top" : ""), text: none ? "\u2013" : sign ? signed(v) : v }));
  }
  return out;
}
function dealLink(row) {
  const label = row.board !== null ? String(row.board) : "deal " + row.deal;
  const a = el("a", { href: "#deal-" + row.deal, text: label });
  return row.errors ? [a, el("span", { class: "bad", title: `${row.errors} error(s)`, text: ` \u26a0 ${row.errors}` })] : a;
}
/* The contract with its trump (a suit's picture, or NT) unless the contract ends by
   naming it (3NT, 4D); in a game without contracts (Whist) the trump alone. */
function contractCell(row, contracts) {
  const t = row.trump, c = contracts ? row.contract || "?" : "";
  const show = t && !c.endsWith(t);
  return el("td", { class: "contract" }, c, show ? [c ? " " : "", t === "NT" ? el("span", { class: "nt", text: "NT" }) : suitBadge(t)] : null,
    !c && !t ? "?" : null);
}
/* What a deal reached or ended, in words: "first exit: Dag & Elsa; won by Dag & Elsa". */
function rowNotes(s, row) {
  const out = (row.marks || []).map((m) => `${m.what}: ${sideOf(s, m.side)}`);
  const game = row.game_end ? s.games.find((g) => g.board === row.board) : null;
  if (game && game.winners.length) out.push("won by " + andList(game.winners.map((w) => sideOf(s, w))));
  else if (row.game_end) out.push("ends");
  return out.join("; ");
}
function sessionSheet(s) {
  const n = s.players.length, sides = s.sides.map((x) => sideOf(s, x.side)), m = sides.length;
  const players = s.players.map((_, i) => playerOf(s, i + 1));
  const head = [s.event, s.site, s.date, s.game !== "Bismarck" ? s.game : null, s.variant].filter(known).join(" \u00b7 ");
  const place = s.boards.some((r) => r.forehand !== null) ? "Forehand" : "Dealer";
  const width = Math.max(0, ...s.boards.map((r) => (r.tricks ? r.tricks.length : 0)));
  const trickHeads = width === n ? players : width === m ? sides : [...Array(width).keys()].map((i) => String(i + 1));
  const contracts = s.game === "Bismarck" || s.boards.some((r) => r.contract !== null);
  const points = s.boards.some((r) => r.points);
  const notes = s.games.length > 0 || s.boards.some((r) => r.marks && r.marks.length);
  const off = new Map((s.off_balance || []).map((o) => [o.board, o.sum]));
  const groups = [["Tricks", width], [paid(s) ? "Payment" : "Score", m], [paid(s) ? "Balance" : "Total", m]];
  if (points) groups.push(["Points", n]);
  const second = [trickHeads, sides, sides, points ? players : []];
  const id = "sheet-" + s.boards[0].deal;
  const table = el("table", { class: "sheet" + (m < n ? " by-side" : ""), "aria-labelledby": id },
    el("thead", {},
      el("tr", {}, ["Board", place, contracts ? "Contract" : "Trump"].map((h) => el("th", { rowspan: 2, scope: "col", text: h })),
        groups.filter(([, w]) => w).map(([h, w]) => el("th", { colspan: w, scope: "colgroup", class: "grp", text: h })),
        notes ? el("th", { rowspan: 2, scope: "col", text: s.unit[0].toUpperCase() + s.unit.slice(1) }) : null),
      el("tr", {}, second.map((names) => heads(names, names === sides ? " side" : "")))),
    el("tbody", {}, s.boards.map((row) => {
      const seat = row.forehand !== null ? row.forehand : row.dealer;
      const tr = el("tr", { class: [row.game_end ? "game-end" : "", off.has(row.board) ? "off" : ""].join(" ").trim() || null },
        el("th", { scope: "row" }, dealLink(row)),
        el("td", { text: seat ? playerOf(s, seat) : "?" }),
        contractCell(row, contracts),
        width ? numberCells(row.tricks, width) : null,
        numberCells(row.score, m, true), numberCells(row.total, m, true, true),
        points ? numberCells(row.points, n, true) : null,
        notes ? el("td", { class: "notes", text: rowNotes(s, row) }) : null);
      if (off.has(row.board)) tr.title = `the ${paid(s) ? "payments" : "scores"} add up to ${signed(off.get(row.board))}, not 0 (BPN602)`;
      return tr;
    })));
  return el("div", { class: "session", "data-game": s.game },
    el("h3", { id }, head || "Session", s.players.some(known) ? el("span", { class: "variant", text: " \u00b7 " + andList(players) }) : null),
    el("div", { class: "scroll", tabindex: 0, role: "region", "aria-labelledby": id }, table),
    totalsChart(s, sides), roundsTable(s, sides, players), balance(s), toPlay(s),
    el("p", { class: "winner", text: verdict(s) }));
}
/* Per round (Swedish Whist): its boards, who exited where, the sides' totals, each
   player's individual points; a last row sums the points over the session. */
function roundsTable(s, sides, players) {
  if (!s.rounds || !s.rounds.length) return null;
  const whats = [...new Set(s.rounds.flatMap((r) => r.marks.map((mk) => mk.what)))];
  const unit = s.unit[0].toUpperCase() + s.unit.slice(1);
  const rows = s.rounds.map((r) => el("tr", { class: r.finished ? null : "unfinished" },
    el("th", { scope: "row", text: r.round + (r.finished ? "" : " (unfinished)") }), el("td", { text: `${r.first}\u2013${r.last}` }),
    whats.map((w) => el("td", { text: r.marks.filter((mk) => mk.what === w).map((mk) => `${sideOf(s, mk.side)} (${mk.board})`).join(", ") || "\u00b7" })),
    numberCells(r.totals, sides.length, true, true), numberCells(r.points, players.length, true)));
  if (s.rounds.length > 1 && s.points) {
    rows.push(el("tr", { class: "all" }, el("th", { scope: "row", text: "All" }), el("td", {}), whats.map(() => el("td", {})),
      sides.map(() => el("td", {})), numberCells(s.points, players.length, true)));
  }
  const id = "rounds-" + s.boards[0].deal;
  return [el("h4", { id, text: `${unit}s: team points, ${whats.map((w) => w + ", ").join("")}individual points` }),
    el("div", { class: "scroll", tabindex: 0, role: "region", "aria-labelledby": id }, el("table", { class: "sheet rounds" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col", text: unit }), el("th", { scope: "col", text: "Boards" }),
        whats.map((w) => el("th", { scope: "col", text: w[0].toUpperCase() + w.slice(1) })), heads(sides, " side"), heads(players))),
      el("tbody", {}, rows)))];
}
/* The record's own words for a deal's score and the running total: Solo Whist's payments
   and balances; Score and Total everywhere else (Bismarck's scores add up to 0 too). */
function paid(s) { return s.game === "SoloWhist"; }
/* A zero-sum game's check (Bismarck, Solo Whist): every deal's scores add up to 0, so do the totals. */
function balance(s) {
  if (s.off_balance === null || s.off_balance === undefined) return null;
  const [score, total] = paid(s) ? ["payments", "balances"] : ["scores", "totals"];
  if (!s.off_balance.length) return el("p", { class: "balance ok", text: `Every deal\u2019s ${score} add up to 0, and so do the ${total}.` });
  const boards = s.off_balance.map((o) => `board ${o.board} (${signed(o.sum)})`).join(", ");
  const by = s.off_balance.reduce((a, o) => a + o.sum, 0);
  return el("p", { class: "balance bad", text: `The ${score} do not add up to 0 on ${boards} (BPN602): the ${total} are off by ${signed(by)}.` });
}
/* The contracts each seat still has to play in the rotating place (Bismarck's schedule),
   as the grid of bpn standings: a row a seat, a column a contract (every contract of
   the variant, in its order), how many times it is due (\u00b7 none), the deals left. */
function toPlay(s) {
  if (!s.to_play || (s.length !== null && lastBoard(s) >= s.length)) return null;
  const place = s.boards.some((r) => r.forehand !== null) ? "forehand" : "dealer";
  const grid = s.to_play_grid;
  const id = "to-play-" + s.boards[0].deal;
  const rows = Object.entries(s.to_play).map(([seat, due]) => {
    const left = s.deals_left && s.deals_left[seat] !== undefined ? String(s.deals_left[seat]) : seat === "0" ? "" : "?";
    return el("tr", {}, el("th", { scope: "row", text: seat === "0" ? "any seat" : playerOf(s, Number(seat)) }),
      grid.contracts.map((c) => {
        const n = due.filter((x) => x === c).length;
        return el("td", { class: "num" + (n ? "" : " none"), text: n ? String(n) : "\u00b7" });
      }),
      el("td", { class: "num", text: left }));
  });
  return el("div", { class: "to-play" },
    el("h4", { id, text: `Still to play as ${place}` + (grid.schedule ? ` (${grid.schedule})` : "") }),
    el("div", { class: "scroll", tabindex: 0, role: "region", "aria-labelledby": id },
      el("table", { class: "sheet to-play-grid" },
        el("thead", {}, el("tr", {}, el("th", { scope: "col", text: place[0].toUpperCase() + place.slice(1) }),
          heads(grid.contracts), heads(["Deals left"]))),
        el("tbody", {}, rows))));
}
function lastBoard(s) { return Math.max(0, ...s.boards.map((r) => r.board || 0)); }
/* Who won, leads or is tied, in the words of bpn standings. */
function verdict(s) {
  const leaders = s.leaders || [];
  if (!s.totals || !leaders.length) return "The running total is not known (bpn validate says why).";
  const on = signed(s.totals[s.sides.findIndex((x) => x.side === leaders[0])]);
  const who = andList(leaders.map((side) => sideOf(s, side)));
  if (s.complete) return `Winner: ${who} (${on})`;
  if (s.tie_break_due) return `Tied at the top: ${who} (${on}); a tie-break is due`;
  if (s.length !== null) {
    const left = s.length - lastBoard(s);
    return `${leaders.length > 1 ? "Leaders" : "Leader"}: ${who} on ${on}, ${left} regular deal${left === 1 ? "" : "s"} to play`;
  }
  const unit = s.unit[0].toUpperCase() + s.unit.slice(1);
  const won = s.games.length ? `${unit}s won: ${s.sides.map((x) => `${sideOf(s, x.side)} ${s.games_won[String(x.side)] || 0}`).join(", ")}; ` : "";
  const last = s.boards[s.boards.length - 1];
  if (last && last.game_end) return won + `the last deal ended a ${s.unit}: the next starts from 0`;
  const verb = leaders.length > 1 ? "level" : s.sides[0].seats.length > 1 ? "lead" : "leads";
  return won + (won ? `this ${s.unit}: ` : "") + `${who} ${verb} on ${on}`;
}
function looseTable(rows) {
  return el("div", { class: "session" }, el("div", { class: "scroll", tabindex: 0, role: "region", "aria-label": "Other deals" },
    el("table", { class: "sheet" }, el("caption", { text: "Deals outside a session" }),
      el("thead", {}, el("tr", {}, ["Deal", "Forehand", "Contract", "Tricks", "Score"].map((h) => el("th", { scope: "col", text: h })))),
      el("tbody", {}, rows.map((row) => el("tr", {}, el("th", { scope: "row" }, dealLink(row)),
        el("td", { text: row.forehand ? "Seat " + row.forehand : "?" }),
        contractCell(row, true),
        el("td", { text: row.tricks ? row.tricks.join(" ") : "\u2013" }),
        el("td", { text: row.score ? row.score.map(signed).join(" ") : "\u2013" })))))));
}
