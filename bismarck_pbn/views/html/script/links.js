/* links: moments in the address, #deal-3/trick-5/card-2 (#deal-3 before the first
   lead): stepping writes it, and opening or changing it shows that moment; then the
   start of the page, which draws the index and every deal. */
function writeFragment(view) {
  const t = Math.floor((view.k - 1) / view.n) + 1, c = ((view.k - 1) % view.n) + 1;
  const frag = "#deal-" + view.deal.number + (view.k ? `/trick-${t}/card-${c}` : "");
  if (location.hash !== frag) history.replaceState(null, "", frag);
}
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
