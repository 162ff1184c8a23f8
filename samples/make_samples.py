"""Regenerate the sample records in ``samples/`` and ``samples/invalid/``.

    python samples/make_samples.py            # from the repository root

Deterministic: the deals come from ``tests/genbpn.py`` (the independent reference
generator) with fixed seeds; the teacher's commentary in ``club-night.bpn`` is written
by the rules below from what really happens at the table (who ruffs, who could have
ducked, who should have cashed an ace), so every remark is true of its deal.

The invalid samples each plant exactly one fault, either in the example deal of
BPN 1.0 §5 or in a generated session. Their ``.expected`` files are worked out here
from where the fault is planted (the ``[`` of the tag at fault, the card at fault, or
the start of the deal for a missing tag), never from what the validator says.
This script does not import ``bismarck_pbn``.
"""

from __future__ import annotations

import gzip
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

import genbpn as g  # noqa: E402

INVALID = HERE / "invalid"

NAMES = {1: "Anna", 2: "Bertil", 3: "Cecilia"}
PRONOUN = {1: "she", 2: "he", 3: "she"}
SUIT_NAME = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "NT": "no trump"}
RANK_NAME = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten", "9": "nine",
             "8": "eight", "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three",
             "2": "two"}

CLUB = {"Event": "Club night", "Site": "Stockholm", "Date": "2026.11.20",
        "Player1": "Anna", "Player2": "Bertil", "Player3": "Cecilia"}


def card_name(card: str) -> str:
    return f"{RANK_NAME[card[1]]} of {SUIT_NAME[card[0]]}"


def higher(a: str, b: str) -> bool:
    """Rank of card a above rank of card b."""
    return g.RANKS.index(a[1]) < g.RANKS.index(b[1])


# ------------------------------------------------------------- valid sessions ----------
def session(seed: int, variant: str, tags: dict) -> list[dict]:
    """A full session with no tie at the top (so no tie-break and no BPN704)."""
    n = g.BASES[g.parse_variant(variant)[0]][0]
    while True:
        deals = g.random_session(random.Random(seed), variant, session_tags=tags)
        if len(deals) == n and not g.tied(deals[-1]["total"]):
            return deals
        seed += 1000  # deterministic: the next candidate seed


def trick_winners(deal: dict) -> list[int]:
    return g.winners(deal["play"], deal["trump"])


def claim(deal: dict, names=NAMES) -> None:
    """Stop the play where one seat wins every remaining trick: a claim. The Tricks tag
    keeps the real final count, so it is reachable and the score stands."""
    wins = trick_winners(deal)
    k = len(wins)
    while k > 0 and wins[k - 1] == wins[-1]:
        k -= 1
    rest = 16 - k
    deal["play"] = deal["play"][:k]
    deal["annotations"] = {p: n for p, n in deal["annotations"].items() if p[0] < k}
    claimer = wins[-1]
    note = deal["annotations"].setdefault((k - 1, 2), {})
    note["semi"] = (f"{names[claimer]} shows {PRONOUN[claimer] == 'he' and 'his' or 'her'} hand "
                    f"and claims the last {rest} tricks")
    deal["tag_comments"]["Tricks"] = ("{", f"after the claim: {names[claimer]} took the last {rest}")
    g.retag(deal)


def observations(deal: dict) -> list[tuple[int, tuple[int, int], dict]]:
    """(priority, (trick, position), note) for things worth a teacher's remark."""
    f, contract, trump = deal["forehand"], deal["contract"], deal["trump"]
    trump = None if trump == "NT" else trump
    hands = g.in_play(deal)
    out = []
    won = [0, 0, 0]
    for t, trick in enumerate(deal["play"]):
        led = trick[0][1][0]
        for i, (seat, card) in enumerate(trick):
            hand = sorted(hands[seat], key=g.card_key)
            name = NAMES[seat]
            so_far = trick[:i]
            best = g.trick_winner(so_far, trump or "") if so_far else None
            best_card = dict(so_far)[best] if so_far else None
            winner = g.trick_winner(trick, trump or "") if len(trick) == 3 else None
            ruffed_so_far = trump is not None and any(c[0] == trump and led != trump for _, c in so_far)
            if i == 0 and contract != "Pass" and card[1] != "A" and (card[0] + "A") in hand \
                    and winner is not None and winner != seat and dict(trick)[winner][0] == card[0]:
                out.append((1, (t, i), {"suffix": "?", "nags": [2], "braces": [
                    f"{name} should cash the {card_name(card[0] + 'A')} first"]}))
            if i == 2 and contract == "Pass" and winner == seat and card[0] == led and not ruffed_so_far:
                duck = [c for c in hand if c[0] == led and higher(best_card, c)]
                if duck:
                    low = duck[-1]
                    mark = "??" if seat == f else "?"
                    out.append((1, (t, i), {"suffix": mark, "nags": [4 if mark == "??" else 2], "braces": [
                        f"{name} could have ducked with the {RANK_NAME[low[1]]}"]}))
            if i == 2 and contract != "Pass" and winner != seat and card[0] == led and not ruffed_so_far \
                    and best_card[0] == led:
                over = [c for c in hand if c[0] == led and higher(c, best_card)]
                if over:
                    out.append((2, (t, i), {"suffix": "?", "nags": [2], "braces": [
                        f"{name} lets it go; the {RANK_NAME[over[0][1]]} would have won the trick"]}))
            if trump and card[0] == trump and led != trump and winner == seat:
                if ruffed_so_far:
                    out.append((1, (t, i), {"suffix": "!!", "nags": [3], "braces": [
                        f"{name} overruffs!"]}))
                else:
                    out.append((3, (t, i), {"suffix": "!", "nags": [1], "braces": [f"{name} ruffs"]}))
            if contract == "Pass" and i > 0 and card[0] == led and card[1] in "AKQ" \
                    and winner is not None and winner != seat and not ruffed_so_far \
                    and any(c[0] == led and higher(card, c) for c in hand):
                beaten_by = dict(trick)[winner]
                if beaten_by[0] == led and higher(beaten_by, card):
                    out.append((1, (t, i), {"suffix": "!!", "nags": [3], "braces": [
                        f"a fine unblock: {name} drops the {RANK_NAME[card[1]]} under the "
                        f"{RANK_NAME[beaten_by[1]]} and keeps the small ones"]}))
            if contract == "Pass" and card[0] != led and card[1] in "AKQ":
                out.append((3, (t, i), {"suffix": "!?", "nags": [5], "braces": [
                    f"{name} takes the chance to throw the {card_name(card)}"]}))
            if i == 0 and contract == "Pass" and card[1] in "AK" and winner == seat:
                out.append((2, (t, i), {"suffix": "?!", "nags": [6], "braces": [
                    "leading a high card in Pass is asking for trouble"]}))
            hands[seat].discard(card)
        if len(trick) == 3:
            w = g.trick_winner(trick, trump or "")
            won[w - 1] += 1
            quota = 4 if contract == "Pass" else 8
            if w == f and won[f - 1] == quota:
                text = (f"that is {NAMES[f]}'s 8th trick: the quota is made" if contract != "Pass" else
                        f"{NAMES[f]}'s 4th trick; every trick from here costs a point")
                out.append((2, (t, 2), {"semi": text}))
    return out


def deal_remark(deal: dict) -> str:
    f, contract = deal["forehand"], deal["contract"]
    who, he = NAMES[f], PRONOUN[f]
    dealt = deal["hands"][f]
    aces = sum(c[1] == "A" for c in dealt)
    long_suit = max("SHDC", key=lambda s: (sum(c[0] == s for c in dealt), -"SHDC".index(s)))
    n_long = sum(c[0] == long_suit for c in dealt)
    what = f"{contract} with {SUIT_NAME[deal['trump']]} as trumps" if contract == "Valfri" else contract
    made = deal["tricks"][f - 1]
    if contract == "Pass":
        diff = 4 - made
        result = (f"{he.capitalize()} takes {made} tricks, " +
                  ("exactly the quota." if diff == 0 else
                   f"{abs(diff)} {'under' if diff > 0 else 'over'} the quota of 4."))
    else:
        diff = made - 8
        result = (f"{he.capitalize()} takes {made} tricks, " +
                  ("exactly the quota." if diff == 0 else
                   f"{abs(diff)} {'over' if diff > 0 else 'short of'} the quota."))
    return (f"Board {deal['board']}: {who} is forehand and plays {what}. "
            f"{he.capitalize()} was dealt {['no', 'one', 'two', 'three', 'four'][aces]} "
            f"ace{'s' if aces != 1 else ''} and "
            f"{n_long} {SUIT_NAME[long_suit]}. {result}")


def discard_remark(deal: dict) -> str | None:
    f = deal["forehand"]
    who = NAMES[f]
    if deal["discard"] is None:
        return f"{who} keeps {'his' if f == 2 else 'her'} hand and leaves the kitty alone"
    pool = set(deal["hands"][f]) | set(deal["kitty"])
    voided = [s for s in "SHDC" if any(c[0] == s for c in pool)
              and all(c in deal["discard"] for c in pool if c[0] == s)]
    if voided:
        return f"{who} takes the kitty and voids {'himself' if f == 2 else 'herself'} in {SUIT_NAME[voided[0]]}"
    names = [f"the {card_name(c)}" for c in deal["discard"]]
    return f"{who} takes the kitty and throws {', '.join(names[:-1])} and {names[-1]}"


KIND_ORDER = ("!!", "!?", "?!", "??", "!", "?", None)


def _kind(note: dict):
    return note.get("suffix")


def pick_card_notes(deals: list[dict]) -> None:
    """Card notes on two boards in three: first one of each kind of suffix somewhere in
    the session, then up to two notes a board, preferring kinds the board lacks."""
    boards = [d for d in deals if d["board"] % 3 != 0 and d["play"]]
    pool = {d["board"]: observations(d) for d in boards}
    count = {d["board"]: 0 for d in boards}

    def put(d, pos, note) -> bool:
        have = d["annotations"].get(pos)
        if have is None:
            d["annotations"][pos] = dict(note)
        elif set(have) == {"semi"} and "semi" not in note:
            have.update(note)
        elif set(note) == {"semi"} and "semi" not in have:
            have["semi"] = note["semi"]
        else:
            return False
        count[d["board"]] += 1
        return True

    for kind in KIND_ORDER:
        done = False
        for d in boards:
            if count[d["board"]] >= 3:
                continue
            for _, pos, note in pool[d["board"]]:
                if _kind(note) == kind and put(d, pos, note):
                    done = True
                    break
            if done:
                break
    for d in boards:
        obs = sorted(pool[d["board"]], key=lambda o: (KIND_ORDER.index(_kind(o[2])), o[0], o[1]))
        used = {_kind(n) for n in d["annotations"].values()}
        for _, pos, note in obs:
            if count[d["board"]] >= 2:
                break
            if _kind(note) in used:
                continue
            if put(d, pos, note):
                used.add(_kind(note))
        if count[d["board"]] == 0:
            leader = d["play"][0][0][0]
            put(d, (0, 0), {"braces": [f"{NAMES[leader]} leads"]})


def annotate_club_night(deals: list[dict]) -> None:
    d0 = deals[0]
    d0["comment"] = ("Club night, 20 November. Notes by the club's teacher for the Thursday "
                     "beginners' group: read the play trick by trick and look at the marked cards.")
    d0["tag_comments"].update({
        "Event": ("{", "the monthly Bismarck evening"),
        "Site": (";", "the back room of the bridge club"),
        "Date": ("{", "a Friday"),
        "Player1": ("{", "Anna keeps the score"),
        "Player3": (";", "Cecilia's first club night"),
    })
    for d in deals:
        if d["board"] % 2 == 1 or d["board"] == 12:
            d["comment"] = ((d["comment"] + "\n") if d["comment"] else "") + deal_remark(d)
        if d["board"] in (2, 3, 6, 7, 10, 11) and (text := discard_remark(d)):
            d["tag_comments"]["Discard"] = ("{", text)
        if d["contract"] == "Valfri":
            d["tag_comments"]["Trump"] = ("{", f"{NAMES[d['forehand']]} names "
                                          f"{SUIT_NAME[d['trump']]} after the exchange")
        best = max(d["score"])
        if best >= 3:
            seat = d["score"].index(best) + 1
            d["tag_comments"]["Score"] = (";", f"a big board for {NAMES[seat]}")
    pick_card_notes(deals)
    last = deals[-1]
    top = max(last["total"])
    winner = NAMES[last["total"].index(top) + 1]
    last["tag_comments"]["Total"] = ("{", f"{winner} wins the evening on {top:+d}")
    for d in deals:
        g.retag(d)


def club_night() -> list[dict]:
    deals = session(7, "Standard", CLUB)
    # The claim: the deal, from board 6 on, with the longest run of tricks at the end
    # won by one seat (at least three).
    runs = []
    for d in deals[5:]:
        w = trick_winners(d)
        k = 16
        while k > 0 and w[k - 1] == w[-1]:
            k -= 1
        runs.append((16 - k, -d["board"], d))
    runs.sort(key=lambda r: (r[0], r[1]), reverse=True)
    assert runs[0][0] >= 3, "no deal fit for a claim; choose another seed"
    claim(runs[0][2])
    annotate_club_night(deals)
    return deals


def valid_samples() -> dict[str, str]:
    """File name -> BPN text of each valid sample."""
    grand = session(11, "Grand", {**CLUB, "Event": "Grand evening", "Date": "2026.12.04"})
    short = session(5, "Short", {**CLUB, "Event": "A short game before dinner", "Date": "2026.12.11"})
    fixed = session(3, "Standard FixedKitty", {**CLUB, "Event": "Fixed kitty night",
                                               "Site": "Uppsala", "Date": "2027.01.15"})
    return {"club-night.bpn": g.to_bpn(club_night()), "grand.bpn": g.to_bpn(grand),
            "short.bpn": g.to_bpn(short), "fixed-kitty.bpn": g.to_bpn(fixed)}


def write_valid() -> None:
    for name, text in valid_samples().items():
        (HERE / name).write_text(text, encoding="utf-8", newline="\n")


# ------------------------------------------------------------- invalid samples ----------
EXAMPLE = g.SPEC_EXAMPLE


def where(text: str, needle: str, nth: int = 1, shift: int = 0) -> tuple[int, int]:
    """Line and column (from 1) of the nth occurrence of ``needle`` (plus ``shift`` chars)."""
    at = -1
    for _ in range(nth):
        at = text.index(needle, at + 1)
    at += shift
    line = text.count("\n", 0, at) + 1
    column = at - (text.rfind("\n", 0, at) + 1) + 1
    return line, column


def sub(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


SAMPLES: list[tuple[str, str, bytes | str, list[tuple[int, int, str, str]]]] = []


def add(code: str, slug: str, fault: str, content: bytes | str, expected) -> None:
    SAMPLES.append((f"{code}-{slug}", fault, content, [(l, c, code if k is None else k, s)
                                                       for l, c, k, s in expected]))


def one(text: str, needle: str, code: str, severity: str = "error", nth: int = 1, shift: int = 0):
    if needle.startswith("[") and '"' not in needle:
        needle += ' "'  # "[Play" must not find "[Player1"
    line, col = where(text, needle, nth, shift)
    return [(line, col, code, severity)]


def example_faults() -> None:
    ex = EXAMPLE

    # BPN001: rank and suit the wrong way round ("QD" for DQ) in trick 9.
    t = sub(ex, "D4 D8 DQ\n", "D4 D8 QD\n")
    add("BPN001", "syntax-card", "trick 9 has `QD` (rank before suit) for `DQ`",
        t, one(t, "D4 D8 QD", "BPN001", shift=6))

    # BPN002: the last brace comment is never closed (it would swallow the rest of the
    # file; there is no later `}` to end it).
    t = sub(ex, "{Anna ruffs low}", "{Anna ruffs low")
    add("BPN002", "unterminated-comment", "the `{Anna ruffs low` comment in trick 8 has no "
        "closing `}`", t, one(t, "{Anna", "BPN002"))

    # BPN002 again: a tag value without its closing quote.
    t = sub(ex, '[Event "Club night"]', '[Event "Club night]')
    add("BPN002", "unterminated-string", '`[Event "Club night]`: the value has no closing `"`',
        t, one(t, "[Event", "BPN002"))

    # BPN003: the Site written in Latin-1 (ö as the single byte 0xF6).
    t = sub(ex, '[Site "Stockholm"]', '[Site "G\u00f6teborg"]')
    raw = t.encode("utf-8").replace("G\u00f6teborg".encode("utf-8"), "G\u00f6teborg".encode("latin-1"))
    add("BPN003", "latin1-byte", "the Site `Göteborg` is written in Latin-1: byte 0xF6 at "
        f"byte offset {raw.index(bytes([0xF6]))}", raw, one(t, "\u00f6teborg", "BPN003"))

    # BPN003 again: not a text file at all (the record gzip-compressed, as a file
    # given by mistake would be): one diagnostic at 1:1, not one per bad byte.
    add("BPN003", "not-text", "the record gzip-compressed: a binary file (a NUL byte at byte offset 3), "
        "reported once", gzip.compress(ex.encode("utf-8"), mtime=0), [(1, 1, "BPN003", "error")])

    # BPN004 (warning): the example saved as Notepad's "Unicode" (UTF-16 LE with a mark).
    add("BPN004", "utf16", "the example saved as UTF-16 little-endian with a byte-order mark "
        "(Notepad's \"Unicode\"): read, with a warning", b"\xff\xfe" + ex.encode("utf-16-le"),
        [(1, 1, "BPN004", "warning")])

    # BPN006 (warning): a trick and a hand typed in lower case.
    t = sub(ex, "D7 DK D5 {", "d7 dk d5 {")
    add("BPN006", "lower-case-cards", "trick 3 typed in lower case (`d7 dk d5`): read as D7 DK D5, "
        "one warning at its first card", t, one(t, "d7 dk", "BPN006", "warning"))
    t = sub(ex, "AK87.AJT3.KQT9.QJ98", "ak87.ajt3.kqt9.qj98")
    add("BPN006", "lower-case-holding", "seat 3's hand in the `[Deal]` tag in lower case: one "
        "warning at its first lower-case rank", t, one(t, "ak87", "BPN006", "warning"))

    # BPN101: the Forehand tag is left out.
    t = sub(ex, '[Forehand "1"]\n', "")
    add("BPN101", "missing-forehand", "no `[Forehand]` tag", t, one(t, "[Event", "BPN101"))

    # BPN101 again: Valfri without its Trump tag.
    t = sub(ex, '[Contract "Spader"]\n[Trump "S"]\n', '[Contract "Valfri"]\n')
    add("BPN101", "valfri-without-trump", 'Valfri and no `[Trump]` tag (reported at the Contract that '
        'requires it)', t, one(t, "[Contract", "BPN101"))

    # BPN101 again: the play stops after 8 tricks and there is no Tricks tag.
    lines = ex.split("\n")
    t = "\n".join(lines[:27] + ["*", ""])
    t = sub(t, '[Tricks "4 2 10"]\n', "")
    add("BPN101", "claim-without-tricks", "the play stops after 8 tricks and there is no "
        "`[Tricks]` tag (reported at the Play tag whose section stops early)", t, one(t, "[Play", "BPN101"))

    # BPN506 (info): the same play stopped after 8 tricks, with the Tricks tag: a claim.
    t = "\n".join(lines[:27] + ["*", ""])
    add("BPN506", "claim", "the play stops after 8 tricks and the `[Tricks]` tag gives the final "
        "count: a claim, reported as info", t, one(t, "[Tricks", "BPN506", "info"))

    # BPN102: the Contract tag written twice.
    t = sub(ex, '[Contract "Spader"]\n', '[Contract "Spader"]\n[Contract "Spader"]\n')
    add("BPN102", "duplicate-contract", "`[Contract]` appears twice (the second is at fault)",
        t, one(t, "[Contract", "BPN102", nth=2))

    # BPN103: the date written with dashes.
    t = sub(ex, '[Date "2026.11.20"]', '[Date "2026-11-20"]')
    add("BPN103", "date-dashes", '`[Date "2026-11-20"]`: dashes instead of `YYYY.MM.DD`',
        t, one(t, "[Date", "BPN103"))

    # BPN103 again: a month that does not exist.
    t = sub(ex, '[Date "2026.11.20"]', '[Date "2026.13.20"]')
    add("BPN103", "month-13", '`[Date "2026.13.20"]`: there is no month 13 (reported at the month)',
        t, one(t, '13.20"', "BPN103"))

    # BPN104: an unknown tag before Play.
    t = sub(ex, '[Play "2"]', '[Scorer "Dag"]\n[Play "2"]')
    add("BPN104", "unknown-tag", '`[Scorer "Dag"]` is not a BPN tag (warning)',
        t, one(t, "[Scorer", "BPN104", "warning"))

    # BPN201: the discard lists only 3 cards (the C4 forgotten; Anna never needs it).
    t = sub(ex, '[Discard ".4.32.4"]', '[Discard ".4.32."]')
    add("BPN201", "discard-three", '`[Discard ".4.32."]` has 3 cards (C4 left out)',
        t, one(t, "[Discard", "BPN201"))

    # BPN202: seat 3's clubs QJ98 typed QJ93: C3 is also in seat 2's hand (C8 missing).
    t = sub(ex, "KQT9.QJ98", "KQT9.QJ93")
    add("BPN202", "duplicate-card", "seat 3's clubs `QJ93` for `QJ98`: C3 twice in the Deal tag",
        t, one(t, "[Deal", "BPN202"))

    # BPN201 again: seat 2's hearts K9762 written K976: a hand of 15 cards (H2 would
    # make the deck whole).
    t = sub(ex, "J42.K9762.", "J42.K976.")
    add("BPN201", "hand-fifteen", "seat 2's hearts `K976` for `K9762`: seat 2 holds 15 cards, "
        "H2 is nowhere in the Deal and Kitty", t, one(t, "[Deal", "BPN201"))

    # BPN203: two hands short of a card each: H2 and C8 are missing from the deck.
    t = sub(sub(ex, "J42.K9762.", "J42.K976."), "KQT9.QJ98", "KQT9.QJ9")
    add("BPN203", "cards-missing", "seat 2's hearts `K976` for `K9762` and seat 3's clubs `QJ9` for "
        "`QJ98`: two cards are nowhere in the Deal and Kitty", t, one(t, "[Deal", "BPN203"))

    # BPN301: the discard has C3 (seat 2's card) instead of C4.
    t = sub(ex, '[Discard ".4.32.4"]', '[Discard ".4.32.3"]')
    add("BPN301", "discard-foreign", "the discard holds C3, a card of seat 2",
        t, one(t, "[Discard", "BPN301"))

    # BPN302: Valfri (spades) with the exchange declined; Anna's Deal hand is the hand
    # she played and the kitty her four discards, so play and score still hold.
    t = sub(ex, "1:Q953.Q854.J532.T742", "1:QT9653.Q85.J54.T752")
    t = sub(t, '[Kitty "T6..4.5"]', '[Kitty ".4.32.4"]')
    t = sub(t, '[Contract "Spader"]', '[Contract "Valfri"]')
    t = sub(t, '[Discard ".4.32.4"]', '[Discard "-"]')
    add("BPN302", "valfri-declined", 'Valfri with `[Discard "-"]`: the exchange is mandatory',
        t, one(t, "[Discard", "BPN302"))

    # BPN401: Spader with Trump H.
    t = sub(ex, '[Trump "S"]', '[Trump "H"]')
    add("BPN401", "spader-hearts", 'Spader with `[Trump "H"]`', t, one(t, "[Trump", "BPN401"))

    # BPN402: NoTrumpValfri, but Valfri played in spades (same play, same score).
    t = sub(ex, '[Variant "Standard"]', '[Variant "Standard NoTrumpValfri"]')
    t = sub(t, '[Contract "Spader"]', '[Contract "Valfri"]')
    add("BPN402", "valfri-suit-notrump-variant", 'Valfri with `[Trump "S"]` under '
        "`Standard NoTrumpValfri`", t, one(t, "[Trump", "BPN402"))

    # BPN403: a Short game has no Spader.
    t = sub(ex, '[Variant "Standard"]', '[Variant "Short"]')
    add("BPN403", "spader-in-short", "Spader in a `Short` session (Spel and Pass only)",
        t, one(t, "[Contract", "BPN403"))

    # BPN501: the Play tag names seat 3 (the forehand's left is seat 2).
    t = sub(ex, '[Play "2"]', '[Play "3"]')
    add("BPN501", "wrong-leader", '`[Play "3"]`: seat 2 is on the forehand\'s left and leads',
        t, one(t, "[Play", "BPN501"))

    # BPN502: in the last trick seat 2 plays H4, which Anna discarded (H6 was meant).
    t = sub(ex, "C9 C2 H6\n", "C9 C2 H4\n")
    add("BPN502", "discarded-card", "seat 2 plays H4 in trick 16; the forehand discarded it",
        t, one(t, "C9 C2 H4", "BPN502", shift=6))

    # BPN503: one seat's two cards of different suits swapped between two tricks, so
    # that it shows out of the suit led while holding it (trick winners unchanged). In
    # the example: Anna plays HQ on trick 1 (clubs led, she holds CT) and CT on trick 5.
    swap = revoke_swap()
    t = ex
    (ta, a_old, a_new), (tb, b_old, b_new) = swap
    lines = t.split("\n")
    lines[19 + ta] = lines[19 + ta].replace(a_old, a_new, 1)
    lines[19 + tb] = lines[19 + tb].replace(b_old, b_new, 1)
    t = "\n".join(lines)
    line = 20 + ta
    col = lines[19 + ta].index(a_new) + 1
    add("BPN503", "revoke", f"in trick {ta + 1} a seat plays {a_new} while holding the suit led "
        f"({a_new} and {a_old} swapped between tricks {ta + 1} and {tb + 1})",
        t, [(line, col, "BPN503", "error")])

    # BPN502 again, in a file with CRLF line ends (columns must not count the CR).
    t = sub(ex, "C9 C2 H6\n", "C9 C2 H4\n")
    add("BPN502", "discarded-card-crlf", "as BPN502-discarded-card, with CRLF line ends",
        t.replace("\n", "\r\n").encode("utf-8"), one(t, "C9 C2 H4", "BPN502", shift=6))

    # BPN503 as a warning: the revoke marked ^R (it happened at the table and stands).
    (ta, a_old, a_new), (tb, b_old, b_new) = swap
    lines = ex.split("\n")
    lines[19 + ta] = lines[19 + ta].replace(a_old, "^R " + a_new, 1)
    lines[19 + tb] = lines[19 + tb].replace(b_old, b_new, 1)
    t = "\n".join(lines)
    add("BPN503", "revoke-marked", f"the revoke of BPN503-revoke marked `^R {a_new}`: a warning",
        t, one(t, "^R " + a_new, "BPN503", "warning", shift=3))

    # BPN507: a card left out of trick 5 (Anna's HQ): one diagnostic, then the rest reads right.
    t = sub(ex, "HA HQ H7", "HA H7")
    add("BPN507", "card-missing-in-trick", "trick 5 is written `HA H7`: seat 1's HQ is missing; the "
        "record re-aligns when one card is assumed missing (reported at H7)", t, one(t, "H7", "BPN507", nth=1))

    # BPN507 again: a card written twice in a row (H7 H7 in trick 5).
    t = sub(ex, "HA HQ H7", "HA HQ H7 H7")
    add("BPN507", "card-extra-in-trick", "trick 5 is written `HA HQ H7 H7`: the second H7 is one card too "
        "many; the record re-aligns without it", t, one(t, "H7 H7", "BPN507", shift=3))

    # BPN504: the last trick copied twice: 17 tricks.
    t = sub(ex, "C9 C2 H6\n*", "C9 C2 H6\nC9 C2 H6\n*")
    add("BPN504", "seventeen-tricks", "the last trick `C9 C2 H6` is written twice (17 tricks)",
        t, one(t, "C9 C2 H6", "BPN504", nth=2))

    # BPN505: the play stops after 8 tricks (a claim); seat 2 has already won 2 tricks
    # but the Tricks tag gives it 1. Score and Total follow the Tricks tag.
    lines = ex.split("\n")
    t = "\n".join(lines[:27] + ["*", ""])
    t = sub(t, '[Tricks "4 2 10"]', '[Tricks "4 1 11"]')
    t = sub(t, '[Score "-4 -2 +6"]', '[Score "-4 -3 +7"]')
    t = sub(t, '[Total "-4 -2 +6"]', '[Total "-4 -3 +7"]')
    add("BPN505", "claim-unreachable", 'the play stops after 8 tricks, seat 2 has won 2 of them, '
        '`[Tricks "4 1 11"]` gives it 1', t, one(t, "[Tricks", "BPN505"))

    # BPN601: Tricks 5 2 9 after a complete play that gives 4 2 10 (Score is right).
    t = sub(ex, '[Tricks "4 2 10"]', '[Tricks "5 2 9"]')
    add("BPN601", "tricks-vs-play", '`[Tricks "5 2 9"]`; the play gives 4 2 10',
        t, one(t, "[Tricks", "BPN601"))

    # BPN602: seats 2 and 3 swapped in the Score.
    t = sub(ex, '[Score "-4 -2 +6"]', '[Score "-4 +6 -2"]')
    add("BPN602", "score-swapped", '`[Score "-4 +6 -2"]`; the score is -4 -2 +6',
        t, one(t, "[Score", "BPN602"))

    # BPN604: Tricks 4 2 11 (17 in all).
    t = sub(ex, '[Tricks "4 2 10"]', '[Tricks "4 2 11"]')
    add("BPN604", "tricks-sum", '`[Tricks "4 2 11"]` adds up to 17', t, one(t, "[Tricks", "BPN604"))


def revoke_swap():
    """Two cards of one seat in the example, of different suits, whose swap makes exactly
    one revoke and leaves every trick winner as it was. Returns ((trick, old, new), (trick, old, new))."""
    lines = EXAMPLE.split("\n")[19:35]
    cards = [c[:2] for ln in lines for c in ln.split() if c[0] in "SHDC" and len(c) >= 2 and c[1] in g.RANKS]
    play = g.seat_play(2, "S", cards)
    hands = {1: set(), 2: set(), 3: set()}
    for trick in play:
        for s, c in trick:
            hands[s].add(c)
    base = g.winners(play, "S")
    pos = [(t, i) for t in range(16) for i in range(3)]
    for (t, i) in pos:
        for (u, j) in pos:
            if (u, j) <= (t, i) or play[t][i][0] != play[u][j][0]:
                continue
            a, b = play[t][i][1], play[u][j][1]
            if a[0] == b[0]:
                continue
            new = [list(x) for x in play]
            new[t][i], new[u][j] = (play[t][i][0], b), (play[u][j][0], a)
            faults, wins = g.check_play(hands, 2, "S", new)
            if [f[0] for f in faults] == ["BPN503"] and faults[0][1:] == (t, i) and wins == base:
                return (t, a, b), (u, b, a)
    raise AssertionError("no clean revoke swap")


def session_faults() -> None:
    tags = dict(CLUB)

    # BPN603: board 3's Total off by one point between seats 1 and 2.
    deals = g.random_session(random.Random(603), "Standard", deals=3, session_tags=tags)
    d = deals[2]
    d["total"] = [d["total"][0] + 1, d["total"][1] - 1, d["total"][2]]
    g.retag(d)
    t = g.to_bpn(deals)
    add("BPN603", "total-slip", "board 3's Total moves a point from seat 2 to seat 1",
        t, one(t, "[Total", "BPN603", nth=3))

    # BPN603 again, mid-session: board 2's Total is off by a point, board 3's Total is
    # the true running sum of the scores again (so only board 2 is wrong).
    deals = g.random_session(random.Random(603), "Standard", deals=3, session_tags=tags)
    d = deals[1]
    d["total"] = [d["total"][0] + 1, d["total"][1] - 1, d["total"][2]]
    g.retag(d)
    t = g.to_bpn(deals)
    add("BPN603", "total-slip-midsession", "board 2's Total moves a point from seat 2 to seat 1; "
        "board 3's Total is right (the running sum of the scores)",
        t, one(t, "[Total", "BPN603", nth=2))

    # BPN005 (warning): two files pasted together without an empty line: the second
    # deal's tags follow the `*` that ends the first deal's play.
    deals = g.random_session(random.Random(5), "Standard", deals=2, session_tags=tags)
    first, second = g.to_bpn(deals[:1]), g.to_bpn(deals[1:], header=False)
    t = first.rstrip("\n") + "\n" + second
    add("BPN005", "pasted-files", "a second record pasted right after the first one's `*`, "
        "with no empty line: a new deal, with a warning", t, one(t, "[Event", "BPN005", "warning", nth=2))

    # BPN005 again: the second file keeps its `% BPN 1.0` line.
    t = first.rstrip("\n") + "\n" + g.to_bpn(deals[1:])
    add("BPN005", "second-version-line", "a second record, `% BPN 1.0` line and all, pasted right "
        "after the first: a new deal at that line", t, one(t, "% BPN", "BPN005", "warning", nth=2))

    # BPN701: board 3 has the same forehand as board 2 (the forehand did not move).
    rng = random.Random(701)
    deals = g.random_session(rng, "Standard", deals=2, session_tags=tags)
    f = deals[1]["forehand"]
    contract = next(c for c in g.CONTRACTS if c != deals[1]["contract"])
    d = g.random_deal(rng, forehand=f, contract=contract, trump="H", board=3, session_tags=tags)
    d["total"] = [a + b for a, b in zip(deals[1]["total"], d["score"])]
    deals.append(g.retag(d))
    t = g.to_bpn(deals)
    add("BPN701", "forehand-stays", f"board 3 has forehand {f} again (seat {g.left(f)} is next)",
        t, one(t, "[Forehand", "BPN701", nth=3))

    # BPN702: board 3 numbered 4.
    deals = g.random_session(random.Random(702), "Standard", deals=3, session_tags=tags)
    deals[2]["board"] = 4
    g.retag(deals[2])
    t = g.to_bpn(deals)
    add("BPN702", "board-gap", 'the third deal is `[Board "4"]` (board 3 skipped)',
        t, one(t, "[Board", "BPN702", nth=3))

    # BPN703: board 4, the first forehand again, plays board 1's contract a second time.
    rng = random.Random(703)
    deals = g.random_session(rng, "Standard", deals=3, session_tags=tags)
    first = deals[0]
    d = g.random_deal(rng, forehand=first["forehand"], contract=first["contract"], trump="D",
                      board=4, session_tags=tags)
    d["total"] = [a + b for a, b in zip(deals[2]["total"], d["score"])]
    deals.append(g.retag(d))
    t = g.to_bpn(deals)
    add("BPN703", "contract-twice", f"board 4: seat {first['forehand']} plays "
        f"{first['contract']} as forehand a second time (Standard: once)",
        t, one(t, "[Contract", "BPN703", nth=4))

    # BPN704: a Short session that ends tied at the top, no tie-break.
    seed = 704
    while True:
        deals = g.random_session(random.Random(seed), "Short", tie_break=False, session_tags=tags)
        if g.tied(deals[-1]["total"]):
            break
        seed += 1000
    t = g.to_bpn(deals)
    top = max(deals[-1]["total"])
    add("BPN704", "tie-no-tiebreak", f"Short session of 8 deals ends with two seats tied on "
        f"{top:+d} and no tie-break deal (info)", t, one(t, "[Total", "BPN704", "info", nth=8))

    # BPN705: a ninth deal (Spel) after a Short session that ended without a tie.
    seed = 705
    while True:
        rng = random.Random(seed)
        deals = g.random_session(rng, "Short", session_tags=tags)
        if len(deals) == 8 and not g.tied(deals[-1]["total"]):
            break
        seed += 1000
    last = deals[-1]
    d = g.random_deal(rng, forehand=g.left(last["forehand"]), contract="Spel", board=9,
                      variant="Short", session_tags=tags)
    d["total"] = [a + b for a, b in zip(last["total"], d["score"])]
    deals.append(g.retag(d))
    t = g.to_bpn(deals)
    add("BPN705", "ninth-deal", "a ninth deal (Spel) after a Short session with no tie",
        t, one(t, "[Board", "BPN705", nth=9))


def invalid_samples() -> list[tuple[str, str, bytes | str, list[tuple[int, int, str, str]]]]:
    """(stem, fault, content, expected diagnostics) of each invalid sample, by stem."""
    SAMPLES.clear()
    example_faults()
    session_faults()
    return sorted(SAMPLES)


def write_invalid() -> None:
    """Write this script's samples (over the old ones: a sample dropped here must be
    removed by hand) and the README, which also lists the samples other generators made
    (``tests/gen_variants.py`` and the games' generators), described by their first
    ``{comment}`` when they open with one."""
    INVALID.mkdir(exist_ok=True)
    rows = []
    ours = set()
    for stem, fault, content, expected in invalid_samples():
        ours.add(stem)
        path = INVALID / f"{stem}.bpn"
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8", newline="\n")
        (INVALID / f"{stem}.expected").write_text(
            "".join(f"{l}:{c} {k} {s}\n" for l, c, k, s in expected), encoding="utf-8")
        where_ = ", ".join(f"{l}:{c}" for l, c, _, _ in expected)
        rows.append(f"| `{stem}.bpn` | {stem[:6]} | {where_} | {fault} |")
    for path in sorted(INVALID.glob("*.bpn")):
        if path.stem in ours:
            continue
        expected = (INVALID / f"{path.stem}.expected").read_text(encoding="utf-8").split()
        text = path.read_text(encoding="utf-8", errors="replace")
        first = text.split("\n", 2)[1] if text.startswith("%") else text.split("\n", 1)[0]
        fault = first[1:first.find("}")] if first.startswith("{") and "}" in first else "(made by another generator)"
        rows.append(f"| `{path.name}` | {path.stem[:6]} | {expected[0] if expected else ''} | {fault} |")
    rows.sort()
    readme = [
        "# Invalid samples",
        "",
        "One file per diagnostic code of BPN 1.0 §4 and BPN 1.1 §3 (and this toolkit's BPN004–006), each a small record with exactly one",
        "fault planted, and beside it `<same stem>.expected`: one line per diagnostic the",
        "spec demands, `LINE:COLUMN CODE severity`. The place is the token at fault: the `[`",
        "of the tag pair for a tag problem, the card for a card, the start of the deal for a",
        "missing tag. The expected files are worked out from where the fault was planted,",
        "not copied from the validator (`tests/test_codes.py` compares the two).",
        "Some codes have a second sample: another common way to make the fault, or one that",
        "pins down a place rule (a missing tag, CRLF line ends, a revoke marked `^R`).",
        "",
        "Files BPN001–BPN604 start from the example deal of spec §5; BPN603 and BPN701–705",
        "from sessions made by `tests/genbpn.py`. All of them are regenerated by",
        "`python samples/make_samples.py`; the samples of the BPN 1.1 games and variants by their",
        "generators in `tests/` (`python tests/gen_variants.py` for Finnish and Estonian Bismarck).",
        "BPN003 holds a raw Latin-1 byte; open it as bytes.",
        "",
        "| file | code | expected at | fault planted |",
        "|---|---|---|---|",
        *rows,
        "",
    ]
    (INVALID / "README.md").write_text("\n".join(readme), encoding="utf-8")


def main() -> None:
    write_valid()
    write_invalid()


if __name__ == "__main__":
    main()
