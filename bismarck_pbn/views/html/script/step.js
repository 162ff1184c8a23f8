/* step: a deal's state while stepping through its play. A DealView keeps k, the cards
   played so far (0 to the deal's last); what is held, won and on the table at k
   follows from the data's start hands and play alone. The drawing is in deal.js and
   table.js, the keys below, the address (#deal-3/trick-5/card-2) in links.js. */
class DealView {
  constructor(deal) {
    this.deal = deal;
    this.n = deal.seats;
    this.k = 0;
    this.places = PLACES[this.n] || PLACES[3];
    this.build();
  }
  get last() { return this.deal.play.length; }
  prevTrick() { return this.k % this.n ? this.k - (this.k % this.n) : this.k - this.n; }
  nextTrick() { return (Math.floor(this.k / this.n) + 1) * this.n; }
  /* Show the moment after k cards; unless quiet, the address follows. */
  go(k, quiet) {
    this.k = Math.max(0, Math.min(this.last, k));
    this.draw();
    if (!quiet) writeFragment(this);
  }
  /* The moment after k cards: each seat's cards still held (a Set, or null where the
     record does not give the hand), tricks won per seat, the trick on the table, its
     winner once complete, and the seat to play next. O(k). */
  moment(k) {
    const d = this.deal, n = this.n;
    const held = (d.start || []).map((h) => (h ? new Set(h) : null));
    const won = new Array(n).fill(0);
    for (let i = 0; i < k; i++) {
      const p = d.play[i];
      if (held[p.seat - 1]) held[p.seat - 1].delete(p.card);
      if (p.winner) won[p.winner - 1]++;
    }
    const trick = d.play.slice(k ? Math.floor((k - 1) / n) * n : 0, k);
    const done = trick.length ? trick[trick.length - 1].winner || null : null;
    return { held, won, trick, done, next: k < this.last ? d.play[k].seat : null };
  }
}

/* The keys: ← → card by card, ↑ ↓ trick by trick, Home and End; they go to the deal
   that has the focus, else the one last used; not while the focus is in the score
   sheet, where the arrows scroll a wide sheet. */
function onKey(e) {
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  const tag = e.target && e.target.tagName;
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
  if (e.target && e.target.closest && e.target.closest("#index")) return;
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
