/* bpn serve: the recorder and the annotator, over the server's JSON API.
   No framework, no build step, nothing from the network. */
(function () {
"use strict";

const SUIT = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663", J: "\u2605" };
const RED = { H: true, D: true };
const body = document.body;
const app = document.getElementById("app");

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat()) if (kid !== null && kid !== undefined) e.append(kid);
  return e;
}

function cardFace(card) {
  const s = card[0], r = card[1] === "T" ? "10" : card[1];
  return el("span", { class: "face" + (RED[s] ? " red" : "") }, SUIT[s] || s, r);
}

function cardButton(card, attrs) {
  return el("button", Object.assign({ class: "card", "data-card": card, "aria-label": card }, attrs || {}),
            cardFace(card));
}

async function api(method, url, data, headers) {
  const opts = { method, headers: Object.assign({}, headers || {}) };
  if (data !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(data);
  }
  const r = await fetch(url, opts);
  let json = null;
  try { json = await r.json(); } catch (e) { json = null; }
  return { status: r.status, json, etag: r.headers.get("ETag") };
}

function message(text, kind) {
  return el("p", { class: "msg " + (kind || ""), role: kind === "bad" ? "alert" : null, text });
}

/* ---- the file page: start a deal ---- */
function filePage() {
  const button = document.getElementById("record");
  if (!button) return;
  button.addEventListener("click", async () => {
    button.disabled = true;
    const r = await api("POST", "/api/files/" + body.dataset.file + "/drafts");
    if (r.status === 201) location.href = "/files/" + body.dataset.file + "/record/" + r.json.id;
    else { button.disabled = false; button.after(message((r.json && r.json.error) || "could not start", "bad")); }
  });
}

/* ---- the recorder ---- */
const rec = { view: null, picked: [], busy: false, written: null };

function name(v, seat) {
  const n = v.names[String(seat)];
  return n ? n : "seat " + seat;
}

async function send(answer) {
  if (rec.busy) return;
  rec.busy = true;
  body.dataset.busy = "";
  const r = await api("POST", "/api/drafts/" + body.dataset.draft + "/answer", { answer });
  rec.busy = false;
  delete body.dataset.busy;
  show(r);
}

async function back() {
  rec.busy = true;
  const r = await api("POST", "/api/drafts/" + body.dataset.draft + "/back");
  rec.busy = false;
  show(r);
}

async function write(checkNow) {
  const r = await api("POST", "/api/drafts/" + body.dataset.draft + "/write" + (checkNow ? "?check=now" : ""));
  rec.written = r;
  draw();
}

function show(r) {
  if (r.status !== 200 && r.status !== 201) {
    app.replaceChildren(message((r.json && r.json.error) || "the server did not answer (" + r.status + ")", "bad"));
    return;
  }
  rec.view = r.json;
  rec.picked = [];
  rec.written = null;
  if (rec.view.state === "complete") write(false);
  else draw();
}

function summary(v) {
  const bits = [];
  if (v.board !== null && v.board !== undefined) bits.push("Board " + v.board);
  if (v.seated) bits.push(v.role + " " + name(v, v.seat));
  if (v.contract && v.asked) bits.push(v.contract);
  if (v.trump && v.asked) bits.push("trump " + v.trump);
  if (v.declarer) bits.push("declarer " + name(v, v.declarer));
  const s = el("p", { class: "summary" }, bits.join(" \u00b7 "));
  const out = [s];
  if (v.calls && v.calls.length) out.push(el("p", { class: "calls" }, "Auction: " + v.calls.join(" ")));
  return out;
}

function said(v) {
  const lines = (v.said || []).map((m) => message(m.text, m.style === "red" ? "bad" : m.style === "yellow" ? "warn" : ""));
  return el("div", { class: "said", "aria-live": "polite" }, lines);
}

function grid(v, pick) {
  /* the deck by suit, one row a suit; pick(card) -> {disabled, selected} */
  const rows = {};
  for (const c of v.deck) (rows[c[0]] = rows[c[0]] || []).push(c);
  return el("div", { class: "grid" }, Object.values(rows).map((cards) =>
    el("div", { class: "row" }, cards.map((c) => {
      const p = pick(c);
      return cardButton(c, { disabled: p.disabled, "aria-pressed": p.selected ? "true" : "false",
                             class: "card" + (p.selected ? " selected" : ""), onclick: p.onclick });
    }))));
}

function cardsQuestion(v, q) {
  const taken = new Set();
  if (q.kind === "hand" || q.kind === "kitty") {
    for (const h of v.hands) if (h) for (const c of h) taken.add(c);
    if (q.kind === "hand" && v.kitty) for (const c of v.kitty) taken.add(c);
  }
  const size = q.size;
  const count = el("span", { class: "count" });
  const done = el("button", { class: "primary", "data-action": "done", text: "Done" });
  function refresh() {
    count.textContent = rec.picked.length + (size ? " of " + size : "") + " cards";
    done.disabled = size ? rec.picked.length !== size : rec.picked.length === 0;
  }
  const g = grid(v, (c) => ({
    disabled: taken.has(c), selected: false,
    onclick: (e) => {
      const i = rec.picked.indexOf(c);
      if (i >= 0) rec.picked.splice(i, 1); else rec.picked.push(c);
      e.currentTarget.classList.toggle("selected", i < 0);
      e.currentTarget.setAttribute("aria-pressed", i < 0 ? "true" : "false");
      refresh();
    },
  }));
  done.addEventListener("click", () => send(rec.picked.join(" ")));
  refresh();
  const extra = [];
  if (q.default && q.default !== "-") extra.push(el("button", { "data-answer": "", onclick: () => send(""), text: "The rest: " + q.default }));
  const none = q.kind === "cards" ? "?" : "-";
  extra.push(el("button", { "data-answer": none, onclick: () => send(none), text: "Not recorded" }));
  if (q.kind === "cards" && /declined|or -/.test(q.prompt)) extra.push(el("button", { "data-answer": "-", onclick: () => send("-"), text: "Declined" }));
  return [g, el("p", { class: "actions" }, count, done, extra)];
}

function playQuestion(v, q) {
  const p = v.play;
  const out = [];
  const table = el("div", { class: "felt" }, p.trick.map(([s, c]) => el("span", { class: "played" }, name(v, s) + " ", cardFace(c))));
  out.push(el("p", { class: "tricks" }, "Tricks: " + p.won.map((w, i) => name(v, i + 1) + " " + w).join(", ")));
  out.push(table);
  const held = p.held[String(p.to_play)];
  const legal = p.legal ? new Set(p.legal) : null;
  const played = new Set(v.cards);
  let cards;
  if (held) cards = held;
  else cards = v.deck.filter((c) => !played.has(c));
  out.push(el("div", { class: "hand" }, cards.map((c) =>
    cardButton(c, { disabled: legal !== null && !legal.has(c), onclick: () => send(c) }))));
  out.push(el("p", { class: "actions" },
    el("button", { "data-action": "claim", onclick: () => send("claim"), text: "Claim" })));
  return out;
}

function optionsQuestion(v, q) {
  const out = [];
  if (q.options.length) {
    out.push(el("div", { class: "options" }, q.options.map((o) =>
      el("button", { "data-answer": o, class: q.default === o ? "primary" : null, onclick: () => send(o), text: o }))));
  }
  const input = el("input", { type: "text", name: "answer", "aria-label": q.prompt, autocomplete: "off",
                              placeholder: q.default ? q.default : "" });
  const form = el("form", { class: "answer", onsubmit: (e) => { e.preventDefault(); send(input.value); } },
    input, el("button", { type: "submit", "data-action": "send", text: "OK" }));
  if (q.kind === "turned") {
    out.push(grid(v, (c) => ({ disabled: false, selected: false, onclick: () => send(c) })));
  }
  if (q.default !== null && q.default !== undefined && q.default !== "" && !q.options.includes(q.default)) {
    out.push(el("p", {}, el("button", { class: "primary", "data-answer": "", onclick: () => send(""), text: "Keep " + q.default })));
  }
  out.push(form);
  return out;
}

function draw() {
  const v = rec.view;
  const parts = [];
  body.dataset.step = String(Number(body.dataset.step || 0) + 1);
  body.dataset.state = v.state + (rec.written ? "-" + rec.written.status : "");
  body.dataset.kind = v.state === "asking" ? v.question.kind : "";
  if (v.state === "asking") {
    parts.push(...summary(v), said(v));
    const q = v.question;
    parts.push(el("h2", { class: "prompt", text: q.prompt }));
    if (q.kind === "hand" || q.kind === "kitty" || q.kind === "cards") parts.push(...cardsQuestion(v, q));
    else if (q.kind === "play" && v.play && !v.play.finished) parts.push(...playQuestion(v, q));
    else parts.push(...optionsQuestion(v, q));
  } else if (v.state === "complete") {
    parts.push(said(v));
    const w = rec.written;
    if (!w) parts.push(message("Writing the deal\u2026"));
    else if (w.status === 201) {
      parts.push(message((w.json.board ? "Board " + w.json.board : "The deal") + " is written to the file.", "good"));
      parts.push(el("p", { class: "actions" },
        el("a", { href: "/files/" + body.dataset.file, class: "button", text: "Back to the file" })));
      parts.push(el("pre", { class: "deal", text: w.json.deal }));
      app.replaceChildren(...parts);
      return;
    } else if (w.status === 409) {
      parts.push(message(w.json.error + " Your deal is kept here.", "bad"));
      parts.push(el("p", { class: "actions" },
        el("button", { "data-action": "check-now", onclick: () => write(true), text: "Check it against the file as it is now" })));
    } else {
      parts.push(message((w.json && w.json.error) || "not written", "bad"));
      for (const d of (w.json && w.json.diagnostics) || []) parts.push(message("line " + d.line + ":" + d.column + " " + d.code + " " + d.message, "bad"));
      if (w.json && w.json.deal) parts.push(el("pre", { class: "deal", text: w.json.deal }));
    }
  } else {
    parts.push(said(v), message(v.state === "abandoned" ? "The deal is abandoned: nothing is written." : "The recorder stopped: " + v.reason, "bad"));
  }
  parts.push(el("p", { class: "actions bottom" },
    el("button", { "data-action": "back", onclick: back, text: "Undo" }),
    el("button", { "data-action": "abandon", onclick: abandon, text: "Abandon" })));
  app.replaceChildren(...parts);
  if (!performance.getEntriesByName("bpn-drawn").length) performance.mark("bpn-drawn");
}

async function abandon() {
  if (!confirm("Abandon this deal? Nothing will be written.")) return;
  await api("DELETE", "/api/drafts/" + body.dataset.draft);
  location.href = "/files/" + body.dataset.file;
}

async function recorderPage() {
  const given = document.getElementById("bpn-view");  // the first view comes with the page
  if (given) show({ status: 200, json: JSON.parse(given.textContent) });
  else show(await api("GET", "/api/drafts/" + body.dataset.draft));
}

/* ---- the annotator ---- */
const NAGS = [[1, "good move"], [2, "poor move"], [3, "very good move"], [4, "very poor move"], [5, "speculative move"], [6, "questionable move"]];
const SUFFIXES = ["!", "?", "!!", "??", "!?", "?!"];
const ann = { deal: null, etag: null, target: null };

async function annotatorPage() {
  const r = await api("GET", "/api/files/" + body.dataset.file);
  if (r.status !== 200) { app.replaceChildren(message((r.json && r.json.error) || "cannot read the file", "bad")); return; }
  const n = Number(body.dataset.deal);
  ann.deal = r.json.deals[n - 1];
  ann.etag = r.etag;
  if (!ann.deal) { app.replaceChildren(message("There is no deal " + n + ".", "bad")); return; }
  drawDeal();
}

function notes(item) {
  const bits = [];
  if (item.suffix) bits.push(item.suffix);
  for (const g of item.nags || []) bits.push("$" + g);
  for (const c of item.comments || []) bits.push(typeof c === "string" ? c : (c.text || ""));
  return bits.length ? el("span", { class: "notes", text: bits.join(" ") }) : null;
}

function drawDeal() {
  const d = ann.deal;
  const parts = [el("p", { class: "summary", text: [d.board ? "Board " + d.board : "", d.contract || "", d.trump ? "trump " + d.trump : ""].filter(Boolean).join(" \u00b7 ") })];
  parts.push(el("p", { text: "Tap a call or a card to annotate it." }));
  if (d.auction && d.auction.calls) {
    parts.push(el("h2", { text: "Auction" }), el("div", { class: "calls" }, d.auction.calls.map((c, i) =>
      el("button", { class: "call", "data-call": String(i + 1), onclick: () => pick({ call: i + 1 }, "call " + (i + 1) + " (" + c.call + ")") }, c.call, notes(c)))));
  }
  const tricks = (d.play && d.play.tricks) || [];
  parts.push(el("h2", { text: "Play" }), el("ol", { class: "tricks-list" }, tricks.map((trick, t) =>
    el("li", {}, trick.cards.map((c, k) => el("span", { class: "pc" },
      cardButton(c.card, { "data-trick": String(t + 1), "data-index": String(k + 1),
                           onclick: () => pick({ trick: t + 1, card: k + 1 }, "trick " + (t + 1) + ", card " + (k + 1) + " (" + c.card + ")") }),
      notes(c)))))));
  parts.push(el("div", { id: "sheet" }));
  parts.push(el("p", { class: "actions" }, el("a", { class: "button", href: "/files/" + body.dataset.file, text: "Back to the file" }),
    el("a", { class: "button", href: "/files/" + body.dataset.file + "/view?deal=" + body.dataset.deal, text: "Step through it" })));
  app.replaceChildren(...parts);
}

function pick(target, what) {
  ann.target = target;
  const sheet = document.getElementById("sheet");
  const comment = el("textarea", { name: "comment", rows: "2", "aria-label": "comment" });
  const result = el("div", {});
  async function post(change) {
    const r = await api("POST", "/api/files/" + body.dataset.file + "/annotate",
      Object.assign({ deal: Number(body.dataset.deal) }, target, change), ann.etag ? { "If-Match": ann.etag } : {});
    if (r.status === 200) {
      const again = await api("GET", "/api/files/" + body.dataset.file);
      ann.deal = again.json.deals[Number(body.dataset.deal) - 1];
      ann.etag = again.etag;
      drawDeal();
      document.getElementById("sheet").append(message("Written: " + r.json.annotated, "good"));
    } else if (r.status === 409) {
      result.replaceChildren(message(r.json.error, "bad"), el("button", { onclick: () => annotatorPage(), text: "Reload" }));
    } else {
      result.replaceChildren(message((r.json && r.json.error) || "not written", "bad"));
    }
  }
  const isCard = target.trick !== undefined || target.call !== undefined;
  sheet.replaceChildren(el("div", { class: "sheet" },
    el("h2", { text: "Annotate " + what }),
    el("form", { onsubmit: (e) => { e.preventDefault(); if (comment.value.trim()) post({ comment: comment.value.trim() }); } },
      comment, el("button", { type: "submit", "data-action": "comment", text: "Add the comment" })),
    isCard ? el("div", { class: "options" }, SUFFIXES.map((s) => el("button", { "data-suffix": s, onclick: () => post({ suffix: s }), text: s }))) : null,
    isCard ? el("div", { class: "options" }, NAGS.map(([n, t]) => el("button", { "data-nag": String(n), onclick: () => post({ nag: n }), text: "$" + n + " " + t }))) : null,
    result));
  sheet.scrollIntoView({ block: "nearest" });
}

const page = body.dataset.page;
if (page === "file") filePage();
else if (page === "record") recorderPage();
else if (page === "annotate") annotatorPage();
document.documentElement.dataset.ready = "";
})();
