"""An independent reference generator of Israeli Whist and Swedish Whist sessions.

Standard library only, and it does not import bismarck_pbn: it deals, runs a random
legal auction, passes the Frisch cards, plays random legal tricks (follow suit if able;
the highest trump wins, else the highest card of the suit led; the winner leads) and
scores each deal from the rules as the BPN 1.1 spec states them, writing canonical BPN
text. Property tests read, validate and mutate what it writes; the benchmark times it.

    gen_israeli(n, seed) / gen_swedish(n, seed) -> BPN text of n deals
"""

from __future__ import annotations

import random

from gen_table import DECK, RANKS, SUITS, call_lines, header, holding, left, play_lines, signed
from gen_table import play as table_play

STRAINS = ("C", "D", "H", "S", "NT")
SW_CALLS = ("Clubs", "Spades", "Diamonds", "Hearts", "Nolle", "Spel", "Misere")
SW_TRUMP = {"Diamonds": "D", "Hearts": "H", "Nolle": None, "Spel": None, "Misere": None}


def deal_hands(rng: random.Random) -> list[set[str]]:
    deck = DECK[:]
    rng.shuffle(deck)
    return [set(deck[i * 13:(i + 1) * 13]) for i in range(4)]


def rank_value(card: str) -> int:
    return 12 - RANKS.index(card[1])


def play(rng: random.Random, hands: list[set[str]], trump: str | None, leader: int):
    """Random legal tricks of a plain 52-card game; returns (cards in order, tricks won by seat)."""
    return table_play(rng, hands, leader, 13, _suit, rank_value, trump)


def _suit(card: str) -> str:
    return card[0]


# ---- Israeli Whist --------------------------------------------------------------------

def israeli_score(bid: int, took: int, total: int) -> int:
    if bid == 0:
        return (50 if total < 13 else 25) if took == 0 else -50 + 10 * (took - 1)
    return bid * bid + 10 if took == bid else -10 * abs(took - bid)


def _israeli_round(rng, first, minimum, all_pass):
    """One round of trump bids: (calls, (number, strain index, seat) or None)."""
    if all_pass:
        return ["Pass"] * 4, None
    calls, high, passes, seat = [], None, 0, first
    while True:
        lo = (minimum, 0) if high is None else (high[0], high[1] + 1)
        if lo[1] == 5:
            lo = (lo[0] + 1, 0)
        if lo[0] <= min(minimum + 3, 13) and (high is None and passes == 3 or rng.random() < 0.4):
            n = lo[0] + (rng.random() < 0.3)
            n = min(n, 13)
            s = rng.randrange(lo[1] if n == lo[0] else 0, 5)
            high = (n, s, seat)
            calls.append(f"{n}{STRAINS[s]}")
            passes = 0
        else:
            calls.append("Pass")
            passes += 1
            if high is not None and passes == 3:
                return calls, high
        seat = left(seat)


def gen_israeli(n: int, seed: int = 1) -> str:
    """``n`` deals of Israeli Whist (one session), with Frisches and a throw-in now and then."""
    rng = random.Random(seed)
    out = ["% BPN 1.1"]
    total = [0, 0, 0, 0]
    players = ("Noa", "Eitan", "Shira", "Yoav")
    for board in range(1, n + 1):
        dealer = (board - 1) % 4 + 1
        first = left(dealer)
        hands = deal_hands(rng)
        lines = header("IsraeliWhist", board, dealer, hands, players)
        calls: list[str] = []
        current = [set(h) for h in hands]
        frisch_tags = []
        high = None
        throw_in = rng.random() < 0.05
        for f in range(4):
            round_calls, high = _israeli_round(rng, first, 5 + f, throw_in or (f < 3 and rng.random() < 0.12))
            calls += round_calls
            if high is not None or f == 3:
                break
            calls.append("Frisch")
            passed = [set(rng.sample(sorted(current[s]), 3)) for s in range(4)]
            frisch_tags.append(f'[Frisch{f + 1} "{" ".join(holding(p) for p in passed)}"]')
            current = [(current[s] - passed[s]) | passed[(s - 1) % 4] for s in range(4)]
        lines += ['[Auction "%d"]' % first, *call_lines(calls)]
        if high is None:
            lines += ['[Contract "None"]', *frisch_tags, '[Score "0 0 0 0"]', f'[Total "{signed(total)}"]']
            out += [""] + lines
            continue
        number, strain, declarer = high
        contract = f"{number}{STRAINS[strain]}"
        trump = None if STRAINS[strain] == "NT" else STRAINS[strain]
        order = [declarer, left(declarer), left(left(declarer)), left(left(left(declarer)))]
        bids = [0, 0, 0, 0]
        bids[declarer - 1] = number + (rng.random() < 0.2)
        for s in order[1:]:
            bids[s - 1] = rng.randrange(0, 5)
        if sum(bids) == 13:
            last = order[3]
            bids[last - 1] += 1 if bids[last - 1] == 0 else rng.choice((-1, 1))
        cards, won = play(rng, current, trump, declarer)
        score = [israeli_score(b, t, sum(bids)) for b, t in zip(bids, won)]
        total = [a + b for a, b in zip(total, score)]
        lines += [f'[Contract "{contract}"]', f'[Trump "{STRAINS[strain]}"]', f'[Declarer "{declarer}"]',
                  f'[Bids "{" ".join(map(str, bids))}"]', *frisch_tags,
                  f'[Tricks "{" ".join(map(str, won))}"]', f'[Score "{signed(score)}"]',
                  f'[Total "{signed(total)}"]', f'[Play "{declarer}"]', *play_lines(cards)]
        out += [""] + lines
    return "\n".join(out[:1] + out[2:]) + "\n"


# ---- Swedish Whist --------------------------------------------------------------------

def _swedish_auction(rng, first, dummy=None):
    calls, high, passes, seat = [], None, 0, first
    if rng.random() < 0.08:
        return ["Pass"] * 4, None
    while True:
        top = SW_CALLS.index(high[0]) if high else -1
        if top < 6 and (rng.random() < 0.45 or (high is None and passes == 3)):
            word = SW_CALLS[rng.randrange(top + 1, min(top + 3, 7))]
            if word == "Misere" and (rng.random() < 0.6 or seat == dummy):  # (the träkarl: no misère)
                word = SW_CALLS[top + 1] if top + 1 < 6 else "Spel"
                if SW_CALLS.index(word) <= top:
                    calls.append("Pass")
                    passes += 1
                    seat = left(seat)
                    if high and passes == 3:
                        return calls, high
                    continue
            high = (word, seat)
            calls.append(word)
            passes = 0
        else:
            calls.append("Pass")
            passes += 1
            if high is not None and passes == 3:
                return calls, high
        seat = left(seat)


def gen_swedish(n: int, seed: int = 1, trakarl: bool = False) -> str:
    """``n`` deals of Swedish Whist: rounds to second exit, each round a session of its
    own. With ``trakarl``: three players and a dummy (BPN 1.2 §2), seated anew each
    round; the dummy never calls Misere and its individual points are always 0."""
    rng = random.Random(seed)
    out = ["% BPN 1.2" if trakarl else "% BPN 1.1"]
    dummy = None
    names = ["Astrid", "Bo", "Cecilia", "Dag", "Elsa", "Folke"]
    named: dict[int, str] = {}  # the last Player tag of each seat
    round_no, board = 0, 0
    for _ in range(n):
        if board == 0:
            round_no += 1
            rng.shuffle(names)
            players = names[:4]
            tp, first_exit, totals = [0, 0], [None, None], [0, 0]
            dummy = rng.randint(1, 4) if trakarl else None
        board += 1
        dealer = (board - 1) % 4 + 1
        first = left(dealer)
        hands = deal_hands(rng)
        lines = header("SwedishWhist", board, dealer, hands, players)
        if dummy is not None:
            at = lines.index('[Game "SwedishWhist"]') + 1
            lines.insert(at, '[Variant "Trakarl"]')
            if dummy not in named:  # (a Player tag left out is inherited from the deal before: BPN 1.0)
                lines.remove(f'[Player{dummy} "{players[dummy - 1]}"]')
            else:
                lines[lines.index(f'[Player{dummy} "{players[dummy - 1]}"]')] = f'[Player{dummy} "{named[dummy]}"]'
            lines.insert(lines.index(f'[Board "{board}"]'), f'[Dummy "{dummy}"]')
        named.update({s: p for s, p in enumerate(players, 1) if s != dummy})
        calls, high = _swedish_auction(rng, first, dummy)
        if high is None or high[0] in ("Clubs", "Spades"):
            contract, declarer = "Nolle", None
        else:
            contract, declarer = high
        trump = SW_TRUMP[contract]
        leader = declarer if contract == "Misere" else first
        cards, won = play(rng, hands, trump, leader)
        sides = [won[0] + won[2], won[1] + won[3]]
        score, points, second = [0, 0], [0, 0, 0, 0], False
        if contract == "Misere":
            made = won[declarer - 1] == 0
            points = [(15 if s == declarer else -5) * (1 if made else -1) for s in (1, 2, 3, 4)]
        else:
            low = 0 if sides[0] < sides[1] else 1
            w = low if contract == "Nolle" else 1 - low
            pts = 10 * (max(sides) - 6)
            tp[w] += pts
            if declarer is not None and (declarer - 1) % 2 != w:
                pts *= 2
            score[w] += pts
            cards_h = {"Diamonds": [f"D{r}" for r in "AKQJ"], "Hearts": [f"H{r}" for r in "AKQJ"],
                       "Spel": [s + "A" for s in SUITS], "Nolle": [s + "2" for s in SUITS]}[contract]
            for side, seats in enumerate(((1, 3), (2, 4))):
                counts = [sum(c in hands[s - 1] for c in cards_h) for s in seats]
                score[side] += 50 if 4 in counts else 40 if sum(counts) == 4 else 20 if sum(counts) == 3 else 0
            if first_exit[w] is None and tp[w] >= 30:
                first_exit[w] = tp[w]
                score[w] += 10
            elif first_exit[w] is not None and tp[w] - first_exit[w] > 40:
                score[w] += 20
                second = True
        totals = [totals[0] + score[0], totals[1] + score[1]]
        if second:
            unit = abs(totals[0] - totals[1]) // 10
            ahead = 0 if totals[0] > totals[1] else 1
            for s in (1, 2, 3, 4):
                if totals[0] != totals[1]:
                    points[s - 1] += unit if (s - 1) % 2 == ahead else -unit
        if dummy is not None:
            points[dummy - 1] = 0  # the träkarl is no player
        lines += [f'[Auction "{first}"]', *call_lines(calls), f'[Contract "{contract}"]',
                  f'[Trump "{trump or "NT"}"]']
        if declarer is not None:
            lines.append(f'[Declarer "{declarer}"]')
        lines += [f'[Tricks "{" ".join(map(str, won))}"]', f'[Score "{signed(score)}"]',
                  f'[Total "{signed(totals)}"]', f'[Points "{signed(points)}"]', f'[Play "{leader}"]',
                  *play_lines(cards)]
        out += [""] + lines
        if second:
            board = 0
    return "\n".join(out[:1] + out[2:]) + "\n"


if __name__ == "__main__":  # pragma: no cover
    import sys

    print((gen_israeli if sys.argv[1] == "israeli" else gen_swedish)(int(sys.argv[2]), int(sys.argv[3])), end="")
