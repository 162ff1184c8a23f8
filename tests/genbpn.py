"""Independent reference generator for BPN 1.0 (Bismarck Portable Notation) test data.

A second, deliberately separate implementation of the Bismarck rules (spec §1) and of
the canonical writer (spec §3), used by property tests, sample generation and
benchmarks.  Standard library only; it must never import ``bismarck_pbn``.

A deal is a plain dict (see :func:`build_deal`).  ``deal["tags"]`` is the exact list of
``(name, value, comment)`` that :func:`to_bpn` writes; :func:`retag` rebuilds it from the
structured fields.  ``MUTATIONS`` turn a legal session into one with a single fault
(each checked against this module's own strict replay, :func:`check_play`).
"""
from __future__ import annotations

import copy
import functools
import random

SUITS, RANKS = "SHDC", "AKQJT98765432"
DECK = [s + r for s in SUITS for r in RANKS]
CONTRACTS = ("Spel", "Spader", "Valfri", "Pass")
SESSION_TAGS = ("Event", "Site", "Date", "Variant", "Player1", "Player2", "Player3")
TAG_ORDER = SESSION_TAGS + ("Board", "Forehand", "Deal", "Kitty", "Contract", "Trump",
                            "Discard", "Tricks", "Score", "Total", "Play")
# base -> (number of deals, contracts, times each forehand plays each contract (at most))
BASES = {"Standard": (12, CONTRACTS, 1), "Grand": (24, CONTRACTS, 2), "Short": (8, ("Spel", "Pass"), 2)}
SUFFIXES = ("!", "?", "!!", "??", "!?", "?!")
_TEXT = ("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
         "     .,:;!?-'()*+/=<>@#&%$[]\"\\åäöÅÄÖéü")


# ---------------------------------------------------------------- rules ----------
def left(seat: int) -> int:
    """The seat to the left (next clockwise): 1→2, 2→3, 3→1."""
    return seat % 3 + 1


def card_key(card: str) -> tuple[int, int]:
    """Sort key: suits S H D C, ranks high to low."""
    return SUITS.index(card[0]), RANKS.index(card[1])


def holding(cards) -> str:
    """Cards as a BPN holding ``S.H.D.C``, ranks high to low."""
    cards = sorted(cards, key=card_key)
    return ".".join("".join(c[1] for c in cards if c[0] == s) for s in SUITS)


def parse_variant(variant: str) -> tuple[str, set[str]]:
    """Split a Variant value into (base, options)."""
    parts = variant.split() or ["Standard"]
    return parts[0], set(parts[1:])


def valfri_trumps(variant: str) -> list[str]:
    """Trumps a Valfri forehand may name under ``variant``."""
    opts = parse_variant(variant)[1]
    if "NoTrumpValfri" in opts:
        return ["NT"]
    return ["S", "H", "D", "C", "NT"] if "ValfriNT" in opts else ["S", "H", "D", "C"]


def exchange_mandatory(contract: str, variant: str) -> bool:
    """True in Valfri and in every contract under FixedKitty."""
    return contract == "Valfri" or "FixedKitty" in parse_variant(variant)[1]


def implied_trump(contract: str, trump: str | None = None) -> str:
    """Spel/Pass → NT, Spader → S, Valfri → the named trump."""
    return {"Spel": "NT", "Pass": "NT", "Spader": "S"}.get(contract, trump or "NT")


def scores(contract: str, forehand: int, tricks) -> list[int]:
    """Per-seat score (seats 1..3) of a deal from the tricks taken (spec §1 quotas)."""
    if contract == "Pass":
        return [(4 if s == forehand else 6) - tricks[s - 1] for s in (1, 2, 3)]
    return [tricks[s - 1] - (8 if s == forehand else 4) for s in (1, 2, 3)]


def trick_winner(trick, trump: str) -> int:
    """Seat winning a complete trick [(seat, card)×3]: highest trump, else highest of led suit."""
    led = trick[0][1][0]
    return max(trick, key=lambda sc: (sc[1][0] == trump, sc[1][0] == led, -RANKS.index(sc[1][1])))[0]


def winners(play, trump: str) -> list[int]:
    """Winner of each complete trick of ``play`` (card ownership as recorded)."""
    return [trick_winner(t, trump) for t in play if len(t) == 3]


def play_out(rng: random.Random, hands: dict, leader: int, trump: str, ntricks: int):
    """Play ``ntricks`` tricks of uniformly random legal cards. Returns (play, won per seat)."""
    hands = {s: set(h) for s, h in hands.items()}
    play, won = [], [0, 0, 0]
    for _ in range(ntricks):
        trick, seat = [], leader
        for _ in range(3):
            follow = [c for c in hands[seat] if trick and c[0] == trick[0][1][0]]
            card = rng.choice(sorted(follow or hands[seat], key=card_key))
            hands[seat].discard(card)
            trick.append((seat, card))
            seat = left(seat)
        leader = trick_winner(trick, trump)
        won[leader - 1] += 1
        play.append(trick)
    return play, won


def check_play(hands: dict, leader: int, trump: str, play):
    """Strict replay of ``play`` against in-play ``hands``. Returns (faults, winners).

    Faults are (code, trick, position): "BPN502" for a card not held (it is then NOT
    removed from the hand), "BPN503" for a revoke, "order" when a card is attributed
    to a seat that is not on turn.  Used to prove that mutations stay clean.
    """
    hands = {s: set(h) for s, h in hands.items()}
    faults, wins = [], []
    for t, trick in enumerate(play):
        seat, led = leader, trick[0][1][0]
        for i, (s, card) in enumerate(trick):
            if s != seat:
                faults.append(("order", t, i))
            if card not in hands[s]:
                faults.append(("BPN502", t, i))
            else:
                if i and card[0] != led and any(c[0] == led for c in hands[s]):
                    faults.append(("BPN503", t, i))
                hands[s].discard(card)
            seat = left(seat)
        if len(trick) == 3:
            leader = trick_winner(trick, trump)
            wins.append(leader)
    return faults, wins


def seat_play(leader: int, trump: str, cards: list[str]):
    """Attribute a flat list of played cards to seats, trick by trick (as a reader does)."""
    play = []
    for k in range(0, len(cards), 3):
        trick = [(s, c) for s, c in zip((leader, left(leader), left(left(leader))), cards[k:k + 3])]
        play.append(trick)
        if len(trick) == 3:
            leader = trick_winner(trick, trump)
    return play


# ---------------------------------------------------------------- deals ----------
def _text(rng: random.Random, lo: int = 1, hi: int = 24, alphabet: str = _TEXT) -> str:
    """Random printable text (no braces, no newline), no outer blanks, never empty."""
    s = "".join(rng.choice(alphabet) for _ in range(rng.randint(lo, hi))).strip()
    return s or "x"


def _signed(values) -> str:
    return " ".join(f"{v:+d}" if v else "0" for v in values)


def build_deal(*, forehand: int, contract: str, trump: str | None, hands: dict, kitty, discard,
               play, tricks, variant: str = "Standard", board: int | None = None,
               session_tags: dict | None = None, total=None, hidden=(), leader: int | None = None,
               annotations: dict | None = None, tag_comments: dict | None = None,
               comment: str | None = None) -> dict:
    """Assemble a deal dict from its parts; the score is computed, the tags are built.

    Fields: forehand, contract, trump, hands {seat: cards as dealt}, kitty, discard
    (None = declined), play [[(seat, card)]*], leader, tricks [t1,t2,t3], score, total
    (None = no Total tag), board, variant, session {tag: value}, hidden {seats shown as
    "-"}, annotations {(trick, pos): {"suffix", "nags", "braces", "semi"}}, tag_comments
    {tag: ("{" or ";", text)}, comment (before the first tag), tags (see :func:`retag`).
    """
    session = {k: v for k, v in (session_tags or {}).items() if k in SESSION_TAGS}
    session["Variant"] = variant
    deal = dict(
        forehand=forehand, contract=contract, trump=implied_trump(contract, trump),
        hands={s: sorted(hands[s], key=card_key) for s in (1, 2, 3)},
        kitty=sorted(kitty, key=card_key),
        discard=None if discard is None else sorted(discard, key=card_key),
        play=[[tuple(sc) for sc in t] for t in play],
        leader=leader or (play[0][0][0] if play else left(forehand)),
        tricks=list(tricks), score=scores(contract, forehand, tricks),
        total=None if total is None else list(total), board=board, variant=variant,
        session=session, hidden=set(hidden), annotations=dict(annotations or {}),
        tag_comments=dict(tag_comments or {}), comment=comment)
    retag(deal)
    return deal


def retag(deal: dict) -> dict:
    """Rebuild ``deal["tags"]`` (canonical order) from the structured fields."""
    f = deal["forehand"]
    vals = dict(deal["session"])
    if deal["board"] is not None:
        vals["Board"] = str(deal["board"])
    vals["Forehand"] = str(f)
    vals["Deal"] = f"{f}:" + " ".join("-" if s in deal["hidden"] else holding(deal["hands"][s])
                                      for s in (f, left(f), left(left(f))))
    vals["Kitty"] = holding(deal["kitty"])
    vals["Contract"], vals["Trump"] = deal["contract"], deal["trump"]
    vals["Discard"] = "-" if deal["discard"] is None else holding(deal["discard"])
    vals["Tricks"] = " ".join(map(str, deal["tricks"]))
    vals["Score"] = _signed(deal["score"])
    if deal["total"] is not None:
        vals["Total"] = _signed(deal["total"])
    if deal["play"]:
        vals["Play"] = str(deal["leader"])
    deal["tags"] = [(n, vals[n], deal["tag_comments"].get(n)) for n in TAG_ORDER if n in vals]
    return deal


def _annotate(rng: random.Random, deal: dict, p: float) -> None:
    """With probability p each: a deal comment, a comment per tag (not Play), card notes."""
    if rng.random() < p:
        deal["comment"] = _text(rng)
    for name in TAG_ORDER[:-1]:
        if rng.random() < p:
            deal["tag_comments"][name] = (rng.choice("{;"), _text(rng))
    for t, trick in enumerate(deal["play"]):
        for i in range(len(trick)):
            if rng.random() >= p:
                continue
            note: dict = {}
            while not note:
                if rng.random() < 0.5:
                    note["suffix"] = rng.choice(SUFFIXES)
                if rng.random() < 0.4:
                    note["nags"] = [rng.randint(0, 255) for _ in range(rng.randint(1, 2))]
                if rng.random() < 0.4:
                    note["braces"] = [_text(rng)]
                if i == len(trick) - 1 and rng.random() < 0.3:  # ';' only ends a trick line
                    note["semi"] = _text(rng)
            deal["annotations"][(t, i)] = note
    retag(deal)


def random_deal(rng: random.Random, *, forehand: int, contract: str, trump: str | None = None,
                variant: str = "Standard", board: int | None = None,
                session_tags: dict | None = None, play_tricks: int = 16, annotate: float = 0.0,
                exchange: bool | None = None, hide_hands: bool = False) -> dict:
    """Deal, exchange and play one random legal deal (see module doc and :func:`build_deal`).

    ``trump`` only matters for Valfri.  ``exchange`` is ignored where it is mandatory.
    ``play_tricks`` < 16 is a claim: the remaining tricks are given out at random;
    0 means no play section at all.  No Total tag (sessions add it).
    """
    deck = DECK[:]
    rng.shuffle(deck)
    hands = {s: deck[16 * (s - 1):16 * s] for s in (1, 2, 3)}
    kitty = deck[48:]
    trump = implied_trump(contract, trump)
    if exchange_mandatory(contract, variant):
        exchange = True
    elif exchange is None:
        exchange = rng.random() < 0.5
    in_play = {s: set(h) for s, h in hands.items()}
    discard = None
    if exchange:
        pool = sorted(hands[forehand] + kitty, key=card_key)
        discard = rng.sample(pool, 4)
        in_play[forehand] = set(pool) - set(discard)
    k = max(0, min(16, play_tricks))
    play, won = play_out(rng, in_play, left(forehand), trump, k)
    for _ in range(16 - k):
        won[rng.randrange(3)] += 1
    hidden = rng.sample([1, 2, 3], rng.randint(1, 3)) if hide_hands else ()
    deal = build_deal(forehand=forehand, contract=contract, trump=trump, hands=hands, kitty=kitty,
                      discard=discard, play=play, tricks=won, variant=variant, board=board,
                      session_tags=session_tags, hidden=hidden)
    if annotate > 0:
        _annotate(rng, deal, annotate)
    return deal


# ------------------------------------------------------------- sessions ----------
def random_session_tags(rng: random.Random) -> dict:
    """Random session tags, sometimes with quotes, backslashes and non-ASCII letters."""
    names = ["Anna", "Bertil", "Cecilia", "Dag", "Örjan", "Åsa", 'Eva "Evi" Lund', "K\\S", "Märta"]
    day = rng.choice([f"{rng.randint(1, 12):02d}.{rng.randint(1, 28):02d}", "??.??",
                      f"{rng.randint(1, 12):02d}.??"])
    players = rng.sample(names, 3)
    return {"Event": rng.choice(["Club night", 'The "Big" one', "Höstturnering", "Cup\\2"]),
            "Site": rng.choice(["Stockholm", "Göteborg", "Umeå; room {2}"]),
            "Date": f"{rng.randint(1990, 2030)}.{day}",
            "Player1": players[0], "Player2": players[1], "Player3": players[2]}


def schedule(rng: random.Random, variant: str, start: int) -> list[tuple[int, str]]:
    """(forehand, contract) for each regular deal; forehands rotate from ``start``."""
    n, contracts, times = BASES[parse_variant(variant)[0]]
    seats = [(start - 1 + i) % 3 + 1 for i in range(n)]
    pools = {s: rng.sample([c for c in contracts for _ in range(times)], seats.count(s)) for s in (1, 2, 3)}
    return [(s, pools[s].pop()) for s in seats]


def tied(total) -> bool:
    """Two or more seats share the top total."""
    return list(total).count(max(total)) >= 2


def random_session(rng: random.Random, variant: str = "Standard", *, deals: int | None = None,
                   annotate: float = 0.0, tie_break: bool = True, session_tags: dict | None = None,
                   claim: float = 0.0) -> list[dict]:
    """A legal session (see module doc).  ``claim``: chance that a deal's play stops early."""
    n = BASES[parse_variant(variant)[0]][0]
    tags = dict(session_tags) if session_tags is not None else random_session_tags(rng)
    limit = n if deals is None else max(0, min(deals, n))
    out: list[dict] = []
    total = [0, 0, 0]

    def add(forehand: int, contract: str) -> None:
        nonlocal total
        trump = rng.choice(valfri_trumps(variant)) if contract == "Valfri" else None
        k = rng.randint(0, 15) if rng.random() < claim else 16
        d = random_deal(rng, forehand=forehand, contract=contract, trump=trump, variant=variant,
                        board=len(out) + 1, session_tags=tags, play_tricks=k, annotate=annotate)
        total = [a + b for a, b in zip(total, d["score"])]
        d["total"] = total
        out.append(retag(d))

    for forehand, contract in schedule(rng, variant, rng.randint(1, 3))[:limit]:
        add(forehand, contract)
    if tie_break and limit == n and (deals is None or deals >= n):
        while tied(total) and len(out) < n + 10:
            add(left(out[-1]["forehand"]), "Valfri")
    return out


# --------------------------------------------------------------- writer ----------
def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _card_text(card: str, note: dict) -> str:
    out = card + note.get("suffix", "")
    out += "".join(f" ${n}" for n in note.get("nags", ()))
    out += "".join(" {%s}" % c for c in note.get("braces", ()))
    return out + (" ; " + note["semi"] if note.get("semi") is not None else "")


def deal_text(deal: dict) -> str:
    """One deal in canonical form, without a trailing newline."""
    lines = [] if deal["comment"] is None else ["{%s}" % deal["comment"]]
    for name, value, com in deal["tags"]:
        line = f'[{name} "{_escape(value)}"]'
        if com:
            line += (" {%s}" % com[1]) if com[0] == "{" else " ; " + com[1]
        lines.append(line)
        if name == "Play":
            for t, trick in enumerate(deal["play"]):
                lines.append(" ".join(_card_text(c, deal["annotations"].get((t, i), {}))
                                      for i, (_, c) in enumerate(trick)))
            lines.append("*")
    return "\n".join(lines)


def to_bpn(deals: list[dict], *, header: bool = True) -> str:
    """BPN text of ``deals`` in the canonical form of spec §3."""
    return ("% BPN 1.0\n" if header else "") + "\n\n".join(map(deal_text, deals)) + "\n"


# ------------------------------------------------------------ mutations ----------
def in_play(deal: dict) -> dict:
    """Each seat's cards for the play (the forehand's after the exchange)."""
    hands = {s: set(h) for s, h in deal["hands"].items()}
    if deal["discard"] is not None:
        f = deal["forehand"]
        hands[f] = (hands[f] | set(deal["kitty"])) - set(deal["discard"])
    return hands


def play_faults(deal: dict) -> list[str]:
    """Codes that :func:`check_play` finds in the deal's play."""
    return [f[0] for f in check_play(in_play(deal), deal["leader"], deal["trump"], deal["play"])[0]]


def _length(deals) -> int:
    return BASES[parse_variant(deals[0]["variant"])[0]][0]


def _session(deals) -> bool:
    return bool(deals) and deals[0]["board"] is not None


def retotal(deals) -> None:
    """Recompute every Total of a session as the running sum of the scores."""
    run = [0, 0, 0]
    for d in deals:
        run = [a + b for a, b in zip(run, d["score"])]
        d["total"] = None if d["total"] is None else run
        retag(d)


def ties_ok(deals) -> bool:
    """Extra deals are all justified Valfri tie-breaks, and a full session ends untied."""
    if not _session(deals):
        return True
    n, run = _length(deals), [0, 0, 0]
    for i, d in enumerate(deals):
        if i >= n and (not tied(run) or d["contract"] != "Valfri"):
            return False
        run = [a + b for a, b in zip(run, d["score"])]
    return len(deals) < n or not tied(run)


def _choose(rng, deals, pred=lambda d: True):
    return rng.choice(cands) if (cands := [d for d in deals if pred(d)]) else None


def _early(deals):
    """Deals whose Score/Total may change without touching the session's end (tie logic)."""
    return deals[:min(len(deals), _length(deals)) - 1] if _session(deals) else deals


MUTATIONS: list = []


def mutation(code: str):
    """Register a mutation for ``code``.  The function gets a deep copy of the deals and
    returns the mutated list or None; the registered wrapper returns (deals, code) or None."""
    def register(fn):
        @functools.wraps(fn)
        def mutate(rng: random.Random, deals: list[dict]):
            out = fn(rng, copy.deepcopy(deals))
            return None if out is None else (out, code)
        MUTATIONS.append(mutate)
        return mutate
    return register


@mutation("BPN101")
def mut_missing_tag(rng, deals):
    """BPN101: drop Forehand or Contract of a regular deal after board 1, or Trump of a Valfri deal."""
    lo, hi = (1, min(len(deals), _length(deals))) if _session(deals) else (0, len(deals))
    cands = [(d, n) for d in deals[lo:hi] for n in ("Forehand", "Contract")]
    cands += [(d, "Trump") for d in deals if d["contract"] == "Valfri"]
    if not cands:
        return None
    d, name = rng.choice(cands)
    d["tags"] = [t for t in d["tags"] if t[0] != name]
    return deals


@mutation("BPN102")
def mut_duplicate_tag(rng, deals):
    """BPN102: repeat a tag (not Play) with the same value right after the original."""
    d = rng.choice(deals)
    k = rng.randrange(len([t for t in d["tags"] if t[0] != "Play"]))
    d["tags"].insert(k + 1, (d["tags"][k][0], d["tags"][k][1], None))
    return deals


@mutation("BPN103")
def mut_bad_date(rng, deals):
    """BPN103: a malformed Date, the same in every deal (so the session does not split)."""
    bad = rng.choice(["2026.13.01", "2026-11-20", "20.11.2026", "2026.11.32", "2026.1.5", "today"])
    for d in deals:
        d["session"]["Date"] = bad
        retag(d)
    return deals


@mutation("BPN104")
def mut_unknown_tag(rng, deals):
    """BPN104 (a warning): an unknown tag after the known ones, before Play."""
    d = rng.choice(deals)
    k = next((i for i, t in enumerate(d["tags"]) if t[0] == "Play"), len(d["tags"]))
    d["tags"].insert(k, (rng.choice(["Scorer", "Room", "Annotator", "X_note2"]), _text(rng), None))
    return deals


@mutation("BPN201")
def mut_card_count(rng, deals):
    """BPN201: a hand of 15 or 17 cards, the play staying legal.  A discarded card moves
    between the forehand's hand and the kitty; or (exchange declined) a kitty card goes to
    a hand whose seat never shows out of its suit; or the play section is dropped and a
    card that was not discarded moves from one hand to another."""
    if not (d := _choose(rng, deals, lambda d: not d["hidden"])):
        return None
    f, disc = d["forehand"], d["discard"] or []
    if disc:
        moves = [(y, d["hands"][f] if y in d["kitty"] else d["kitty"]) for y in rng.sample(disc, 1)]
    else:
        moves = rng.sample([(z, d["hands"][s]) for z in d["kitty"] for s in (1, 2, 3)], 12)
    for card, dest in moves if rng.random() < 0.7 else []:
        src = d["kitty"] if card in d["kitty"] else d["hands"][f]
        src.remove(card)
        dest.append(card)
        if not play_faults(d):
            return [retag(e) for e in deals]
        dest.remove(card)
        src.append(card)
    a, b = rng.sample([1, 2, 3], 2)
    card = rng.choice([c for c in d["hands"][a] if c not in disc])
    d["hands"][a].remove(card)
    d["hands"][b].append(card)
    d["play"], d["annotations"] = [], {}
    return [retag(e) for e in deals]


@mutation("BPN202")
def mut_duplicate_card(rng, deals):
    """BPN202: a card becomes a copy of another seat's card, the copy never being used: a
    kitty card when the exchange was declined, or (play section dropped) a hand's card
    that was not discarded.  (A card is then also missing; one fault, one BPN202.)"""
    if not (d := _choose(rng, deals, lambda d: not d["hidden"])):
        return None
    disc = d["discard"] or []
    a, b = rng.sample([1, 2, 3], 2)
    x = rng.choice([c for c in d["hands"][b] if c not in disc])
    if d["discard"] is None and rng.random() < 0.5:
        d["kitty"][rng.randrange(4)] = x
    else:
        y = rng.choice([c for c in d["hands"][a] if c not in disc])
        d["hands"][a][d["hands"][a].index(y)] = x
        d["play"], d["annotations"] = [], {}
    retag(d)
    return deals


@mutation("BPN301")
def mut_discard_foreign(rng, deals):
    """BPN301: a discarded card is replaced by a card of another seat's hand; the card the
    forehand now keeps is of a suit it never shows out of (so no revoke follows)."""
    cands = [(d, y) for d in deals if d["discard"] and not d["hidden"] for y in d["discard"]]
    for d, y in rng.sample(cands, len(cands)):
        x = rng.choice(d["hands"][rng.choice([s for s in (1, 2, 3) if s != d["forehand"]])])
        d["discard"][d["discard"].index(y)] = x
        if not play_faults(d):
            return [retag(e) for e in deals]
        d["discard"][d["discard"].index(x)] = y
    return None


@mutation("BPN302")
def mut_decline_mandatory(rng, deals):
    """BPN302: a mandatory exchange declined.  The forehand's Deal hand becomes the hand it
    played and the kitty its discards, so the play, tricks and scores still hold."""
    if not (d := _choose(rng, deals, lambda d: d["discard"] and not d["hidden"]
                         and exchange_mandatory(d["contract"], d["variant"]))):
        return None
    d["hands"][d["forehand"]] = sorted(in_play(d)[d["forehand"]], key=card_key)
    d["kitty"], d["discard"] = d["discard"], None
    retag(d)
    return deals


def _retrump(rng, deals, trumps):
    """Give one deal a wrong trump from ``trumps(deal)`` that changes no trick's winner."""
    cands = [(d, t) for d in deals for t in trumps(d)
             if t != d["trump"] and winners(d["play"], t) == winners(d["play"], d["trump"])]
    if not cands:
        return None
    d, d["trump"] = rng.choice(cands)
    retag(d)
    return deals


@mutation("BPN401")
def mut_trump_mismatch(rng, deals):
    """BPN401: the Trump of a Spel/Spader/Pass deal changed (e.g. "H" on Spader), where
    no trick's winner depends on it."""
    return _retrump(rng, deals, lambda d: [] if d["contract"] == "Valfri" else ["S", "H", "D", "C", "NT"])


@mutation("BPN402")
def mut_trump_not_allowed(rng, deals):
    """BPN402: a Valfri trump the variant forbids (NT in Standard, a suit under
    NoTrumpValfri), where no trick's winner depends on it."""
    return _retrump(rng, deals, lambda d: [] if d["contract"] != "Valfri" else
                    sorted({"S", "H", "D", "C", "NT"} - set(valfri_trumps(d["variant"]))))


@mutation("BPN403")
def mut_contract_not_in_variant(rng, deals):
    """BPN403: in a Short session a Spel deal becomes Spader (or Valfri, if the exchange
    was taken), where no trick's winner, and so no score, changes."""
    cands = [(d, c, t) for d in deals if d["contract"] == "Spel" and d["variant"].split()[0] == "Short"
             for c, t in [("Spader", "S")] + [("Valfri", t) for t in valfri_trumps(d["variant"]) if d["discard"]]
             if winners(d["play"], t) == winners(d["play"], "NT")]
    if not cands:
        return None
    d, d["contract"], d["trump"] = rng.choice(cands)
    retag(d)
    return deals


@mutation("BPN501")
def mut_wrong_leader(rng, deals):
    """BPN501: the Play tag names a seat other than the forehand's left; the cards stay
    as they were played from the right leader."""
    if not (d := _choose(rng, deals, lambda d: d["play"])):
        return None
    d["leader"] = rng.choice([s for s in (1, 2, 3) if s != left(d["forehand"])])
    retag(d)
    return deals


@mutation("BPN502")
def mut_swap_held(rng, deals):
    """BPN502: two played cards of one suit change places between two seats' Deal hands,
    where neither seat ever shows out of that suit (so no revoke follows)."""
    cands = []
    for d in deals:
        who = {c: s for t in d["play"] for s, c in t if c in d["hands"][s] and c not in (d["discard"] or [])}
        cands += [(d, x, y) for x in who for y in who
                  if x < y and x[0] == y[0] and who[x] != who[y] and not d["hidden"]]
    for d, x, y in rng.sample(cands, len(cands)):
        for h in d["hands"].values():
            h[:] = [y if c == x else x if c == y else c for c in h]
        if set(play_faults(d)) == {"BPN502"}:
            return [retag(e) for e in deals]
        for h in d["hands"].values():
            h[:] = [y if c == x else x if c == y else c for c in h]
    return None


@mutation("BPN503")
def mut_revoke(rng, deals):
    """BPN503: a seat plays two of its cards (of different suits) in the other order, so
    that it fails to follow suit while holding the suit led; every trick's winner stays."""
    cands = []
    for d in deals:
        pos = [(t, i) for t, trick in enumerate(d["play"]) for i in range(len(trick))]
        cands += [(d, p, q) for p in pos for q in pos
                  if p < q and d["play"][p[0]][p[1]][0] == d["play"][q[0]][q[1]][0]]
    for d, (t, i), (u, j) in rng.sample(cands, len(cands)):
        a, b, before = d["play"][t][i], d["play"][u][j], winners(d["play"], d["trump"])
        if a[1][0] == b[1][0]:
            continue
        d["play"][t][i], d["play"][u][j] = b, a
        faults, wins = check_play(in_play(d), d["leader"], d["trump"], d["play"])
        if faults and {f[0] for f in faults} == {"BPN503"} and wins == before:
            return deals
        d["play"][t][i], d["play"][u][j] = a, b
    return None


def _cut_play(rng, deals, at_least: int):
    """Cut one deal's play to k >= at_least tricks (0: no play). Returns (deal, won so far)."""
    if not (d := _choose(rng, deals, lambda d: len(d["play"]) >= at_least)):
        return None, None
    k = rng.randint(at_least, min(15, len(d["play"])))
    d["play"] = d["play"][:k]
    d["annotations"] = {p: n for p, n in d["annotations"].items() if p[0] < k}
    wins = winners(d["play"], d["trump"])
    return d, [wins.count(s) for s in (1, 2, 3)]


@mutation("BPN505")
def mut_tricks_unreachable(rng, deals):
    """BPN505: cut one deal's play and claim for a seat fewer tricks than it has already
    won (sum still 16); Score and Totals follow the claimed Tricks."""
    d, won = _cut_play(rng, deals, 1)
    if d is None:
        return None
    a = rng.choice([s for s in range(3) if won[s]])
    b = rng.choice([s for s in range(3) if s != a])
    d["tricks"][b] += d["tricks"][a] - won[a] + 1
    d["tricks"][a] = won[a] - 1
    d["score"] = scores(d["contract"], d["forehand"], d["tricks"])
    retotal(deals)
    return deals if ties_ok(deals) else None


@mutation("BPN601")
def mut_tricks_wrong(rng, deals):
    """BPN601: after a complete play, one trick moves between seats in the Tricks tag
    (the Score still matches the play)."""
    if not (d := _choose(rng, deals, lambda d: len(d["play"]) == 16)):
        return None
    a = rng.choice([s for s in range(3) if d["tricks"][s]])
    d["tricks"][a] -= 1
    d["tricks"][rng.choice([s for s in range(3) if s != a])] += 1
    retag(d)
    return deals


def _nudge(rng, deals, field):
    """Move one point between two seats in ``field`` of an early deal (sum stays 0)."""
    if not (d := _choose(rng, _early(deals), lambda d: d[field] is not None)):
        return None
    a, b = rng.sample(range(3), 2)
    d[field][a] += 1
    d[field][b] -= 1
    retag(d)
    return deals


@mutation("BPN602")
def mut_score_wrong(rng, deals):
    """BPN602: a point moves between two seats in one Score tag (Totals keep the true scores)."""
    return _nudge(rng, deals, "score")


@mutation("BPN603")
def mut_total_wrong(rng, deals):
    """BPN603: a point moves between two seats in one Total tag (not the session's last)."""
    return _nudge(rng, deals, "total")


@mutation("BPN604")
def mut_tricks_sum(rng, deals):
    """BPN604: cut (or drop) one deal's play and make its Tricks add up to 15 or 17, each
    count still reachable; the Score tag keeps the true result."""
    d, won = _cut_play(rng, deals, 0)
    if d is None:
        return None
    a = rng.randrange(3)
    d["tricks"][a] += 1 if d["tricks"][a] == won[a] or rng.random() < 0.5 else -1
    retag(d)
    return deals


@mutation("BPN701")
def mut_rotation(rng, deals):
    """BPN701: two adjacent regular deals change places (board numbers stay), so the
    forehand is out of rotation; the Totals are recomputed."""
    if not _session(deals) or (n := min(len(deals), _length(deals))) < 2:
        return None
    i = rng.randrange(n - 1)
    deals[i], deals[i + 1] = deals[i + 1], deals[i]
    deals[i]["board"], deals[i + 1]["board"] = i + 1, i + 2
    retotal(deals)
    return deals


@mutation("BPN702")
def mut_board_gap(rng, deals):
    """BPN702: cut the session to m <= N-2 deals (a legal partial session) and skip a
    board number after board 1, so no board number exceeds the variant's length."""
    if not _session(deals) or (m := min(len(deals), _length(deals) - 2)) < 2:
        return None
    deals = deals[:rng.randint(2, m)]
    for d in deals[rng.randint(1, len(deals) - 1):]:
        d["board"] += 1
        retag(d)
    return deals


@mutation("BPN703")
def mut_repeat_contract(rng, deals):
    """BPN703: a regular deal's contract becomes one its forehand has already played as
    often as allowed, where trumps, exchange and trick winners permit; the Score and the
    Totals are recomputed and the tie-break structure must still hold."""
    if not _session(deals):
        return None
    n, contracts, times = BASES[parse_variant(deals[0]["variant"])[0]]
    cands = []
    for i, d in enumerate(deals[:n]):
        mine = [e["contract"] for e in deals[:n] if e["forehand"] == d["forehand"]]
        cands += [(i, c, t) for c in contracts if c != d["contract"] and mine.count(c) >= times
                  and (c != "Valfri" or d["discard"])
                  for t in (valfri_trumps(d["variant"]) if c == "Valfri" else [implied_trump(c)])
                  if winners(d["play"], t) == winners(d["play"], d["trump"])]
    for i, c, t in rng.sample(cands, len(cands)):
        new = copy.deepcopy(deals)
        d = new[i]
        d["contract"], d["trump"] = c, t
        d["score"] = scores(c, d["forehand"], d["tricks"])
        retotal(new)
        if ties_ok(new):
            return new
    return None


@mutation("BPN705")
def mut_extra_deal(rng, deals):
    """BPN705: one more deal (random contract, the forehand rotating on) after a full
    session that ends without a tie."""
    if not _session(deals) or len(deals) < _length(deals) or tied(deals[-1]["total"]):
        return None
    last, variant = deals[-1], deals[-1]["variant"]
    d = random_deal(rng, forehand=left(last["forehand"]), variant=variant,
                    contract=rng.choice(BASES[parse_variant(variant)[0]][1]),
                    trump=rng.choice(valfri_trumps(variant)),
                    board=last["board"] + 1, session_tags=last["session"])
    d["total"] = [a + b for a, b in zip(last["total"], d["score"])]
    return deals + [retag(d)]


# The spec's §5 example deal (legal, canonical, annotated): one copy for tests and samples.
SPEC_EXAMPLE = """\
% BPN 1.0
[Event "Club night"]
[Site "Stockholm"]
[Date "2026.11.20"]
[Variant "Standard"]
[Player1 "Anna"]
[Player2 "Bertil"]
[Player3 "Cecilia"]
[Board "1"]
[Forehand "1"]
[Deal "1:Q953.Q854.J532.T742 J42.K9762.A876.AK63 AK87.AJT3.KQT9.QJ98"]
[Kitty "T6..4.5"]
[Contract "Spader"]
[Trump "S"]
[Discard ".4.32.4"]
[Tricks "4 2 10"]
[Score "-4 -2 +6"]
[Total "-4 -2 +6"]
[Play "2"]
C3 CJ CT
H3 H5 HK
D7 DK D5 {Cecilia wins it with the king}
HJ H8 H9
HA HQ H7
D9 DJ D6
C5 CA CQ
H2 HT S5! $1 {Anna ruffs low}
D4 D8 DQ
SA S3 S2
DT SQ DA
S9 S4 S8
ST SJ SK
S7 S6 CK
C8 C7 C6
C9 C2 H6
*
"""
