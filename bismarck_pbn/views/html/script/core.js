/* core: the page's data, the card vocabulary and the small helpers every other part
   uses (el, card, names). The parts share one scope: page.py inlines them in order
   inside a single function, so nothing here is global and nothing is fetched. */
const DATA = JSON.parse(document.getElementById("bpn-data").textContent);
const SUIT_ORDER = ["S", "H", "D", "C"];
const SUIT_NAME = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RANK_NAME = { A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight",
  7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two" };
const RANK_TEXT = { T: "10" };
/* Where each seat sits, seat 1 at the bottom and the play going clockwise. */
const PLACES = { 1: ["bottom"], 2: ["bottom", "top"], 3: ["bottom", "left", "right"],
  4: ["bottom", "left", "top", "right"] };
/* Bid Whist's jokers, JB and JL: cards of no suit, drawn as a face with their name. */
const JOKER_NAME = { JB: "Big Joker", JL: "Little Joker" };
const views = new Map();   // deal number -> DealView
let active = null;         // the DealView the keys go to

/* A DOM element: attributes (class, text, on…-handlers, the rest as attributes; null,
   undefined and false left out) and children (nested arrays flattened, text wrapped). */
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
function suitBadge(s) {
  return el("span", { class: `suit s-${s}`, role: "img", "aria-label": SUIT_NAME[s] }, suitIcon(s));
}
function signed(n) { return n > 0 ? "+" + n : n < 0 ? "\u2212" + -n : "0"; }
function trumpText(t) {
  if (!t) return "trumps not recorded";
  if (t === "NT") return "no trumps";
  return SUIT_NAME[t] + " trumps";
}
/* "A", "A and B", "A, B and C" */
function andList(names) {
  return names.length > 2 ? names.slice(0, -1).join(", ") + " and " + names[names.length - 1] : names.join(" and ");
}
function known(text) { return text && text.replace(/[?\s]/g, "") ? text : null; }
function problemList(list) {
  return el("ul", { class: "faults" }, list.map((d) => el("li", { class: "fault " + d.severity },
    el("strong", { text: `${d.code} ${d.severity}` }), d.line ? ` (line ${d.line})` : "", ": " + d.message)));
}
