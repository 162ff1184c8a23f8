"""Independent reference generator for Whist, Whisk and Ruff and Honours (BPN 1.1 §2).

A second, deliberately separate implementation of the three games' rules (deal, turned
card, ruff, follow suit, trick winner, book, honours, Short Whist game end) and of the
canonical text, for property tests, samples and benchmarks. Standard library only; it
must never import ``bismarck_pbn``.

A session is a list of deal dicts (:func:`session`); :func:`render` writes it as
canonical BPN text and tells on which line each tag and each card stands, so that
:data:`MUTATIONS` (one fault each) can say where the validator must point.
"""
from __future__ import annotations

import copy
import random

SUITS, RANKS = "SHDC", "AKQJT98765432"
GAMES = {
    # game: (no 2s, cards a hand, cards to the stock, points to win a game)
    "Whist": (False, 13, 0, 5),
    "Whisk": (True, 12, 0, 5),
    "RuffAndHonours": (False, 12, 4, 10),
}
PLAYERS = ("Alice", "Bob", "Carol", "Dave")
SUIT_NAME = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def left(seat: int) -> int:
    return seat % 4 + 1


def deck(game: str) -> list[str]:
    no_twos = GAMES[game][0]
    return [s + r for s in SUITS for r in RANKS if not (no_twos and r == "2")]


def card_key(card: str) -> tuple[int, int]:
    return SUITS.index(card[0]), RANKS.index(card[1])


def holding(cards) -> str:
    cards = sorted(cards, key=card_key)
    return ".".join("".join(c[1] for c in cards if c[0] == s) for s in SUITS)


def beats(card: str, best: str, led: str, trump: str) -> bool:
    if card[0] == best[0]:
        return RANKS.index(card[1]) < RANKS.index(best[1])
    return card[0] == trump


def winner(trick: list[tuple[int, str]], trump: str) -> int:
    led = trick[0][1][0]
    best_seat, best = trick[0]
    for seat, card in trick[1:]:
        if beats(card, best, led, trump):
            best_seat, best = seat, card
    return best_seat


def honours(trump: str, hands: dict[int, set[str]]) -> tuple[int, int]:
    """Points for trump A K Q J held by each side (seats 1 and 3, seats 2 and 4)."""
    held = [0, 0]
    for seat, hand in hands.items():
        held[(seat - 1) % 2] += sum(trump + r in hand for r in "AKQJ")
    return tuple({3: 2, 4: 4}.get(h, 0) for h in held)  # type: ignore[return-value]


def score(trick_points, held, standing, target):
    """Trick points first; honours unless the side stood one short or the other side
    went out on tricks. Points past the target are kept."""
    out = list(trick_points)
    out_on_tricks = [standing[i] + trick_points[i] >= target for i in (0, 1)]
    for i in (0, 1):
        if held[i] and standing[i] < target - 1 and not (out_on_tricks[1 - i]):
            out[i] += held[i]
    return tuple(out)


def sensible(hand: list[str], trick: list[tuple[int, str]], trump: str) -> str:
    """A club player's card: lead the top of the longest plain suit; win as cheaply as
    possible unless the partner is already winning; otherwise play low."""
    low = lambda cards: max(cards, key=lambda c: (c[0] == trump, RANKS.index(c[1])))  # noqa: E731
    if not trick:
        plain = [c for c in hand if c[0] != trump] or hand
        longest = max(SUITS, key=lambda s: sum(c[0] == s for c in plain))
        return min((c for c in plain if c[0] == longest), key=lambda c: RANKS.index(c[1]))
    best = winner(trick, trump)
    partner_wins = len(trick) >= 2 and best == trick[-2][0]
    led = trick[0][1][0]
    top = next(c for s, c in trick if s == best)
    beating = [c for c in hand if beats(c, top, led, trump)]
    if beating and not partner_wins:
        return min(beating, key=lambda c: (c[0] == trump and led != trump, -RANKS.index(c[1])))
    return low(hand)


def play_out(rng: random.Random, hands: dict[int, set[str]], leader: int, trump: str, club: bool = False):
    """Legal play, at random or (``club``) as a club player would: (cards in order,
    seat of each card, winner of each trick)."""
    hands = {s: set(h) for s, h in hands.items()}
    cards, seats, winners = [], [], []
    n = len(hands[1])
    for _ in range(n):
        trick = []
        seat = leader
        for _ in range(4):
            hand = sorted(hands[seat], key=card_key)
            if trick:
                same = [c for c in hand if c[0] == trick[0][1][0]]
                hand = same or hand
            card = sensible(hand, trick, trump) if club else rng.choice(hand)
            hands[seat].remove(card)
            trick.append((seat, card))
            cards.append(card)
            seats.append(seat)
            seat = left(seat)
        leader = winner(trick, trump)
        winners.append(leader)
    return cards, seats, winners


def new_deal(rng: random.Random, game: str, board: int, dealer: int, standing, variant: str,
             notes: bool = False, claim: bool = False) -> dict:
    """One deal played at random, scored from ``standing`` (the totals before it)."""
    _, size, stock_size, target = GAMES[game]
    if "Long" in variant:
        target = 10
    cards = deck(game)
    rng.shuffle(cards)
    hands, seat = {}, left(dealer)
    for i in range(4):
        hands[seat] = set(cards[i * size:(i + 1) * size])
        seat = left(seat)
    stock = cards[4 * size:]
    d = {"game": game, "board": board, "dealer": dealer, "variant": variant, "dealt": copy.deepcopy(hands),
         "stock": stock, "notes": {}}
    if stock_size:
        turned = stock[0]
        trump = turned[0]
        ace = trump + "A"
        ruffer = next((s for s, h in hands.items() if ace in h), dealer)
        pool = sorted(hands[ruffer] | set(stock), key=card_key)
        # discard four: low cards outside the trump suit where there are enough
        plain = [c for c in pool if c[0] != trump]
        choice = sorted(plain, key=lambda c: -RANKS.index(c[1]))[:8]
        discard = rng.sample(choice, 4) if len(choice) >= 4 else rng.sample(pool, 4)
        hands[ruffer] = set(pool) - set(discard)
        d.update(ruffer=ruffer, discard=discard)
    else:
        turned = rng.choice(sorted(hands[dealer], key=card_key))  # the dealer's last card
        trump = turned[0]
    d.update(turned=turned, trump=trump, hands=hands)
    d["cards"], d["seats"], d["winners"] = play_out(rng, hands, left(dealer), trump, club=notes)
    won = [d["winners"].count(s) for s in (1, 2, 3, 4)]
    d["tricks"] = (won[0] + won[2], won[1] + won[3])
    trick_points = tuple(max(0, t - 6) for t in d["tricks"])
    held = (0, 0) if "NoHonours" in variant else honours(trump, hands)
    d["score"] = score(trick_points, held, standing, target)
    d["total"] = tuple(a + b for a, b in zip(standing, d["score"]))
    d["game_over"] = max(d["total"]) >= target
    d["shown"] = len(d["cards"])
    if claim:
        d["shown"] = 4 * rng.randrange(size - 4, size)  # the rest is claimed
    if notes:
        for i in rng.sample(range(d["shown"]), 3):
            d["notes"][i] = describe(d, i)
        d["comment"] = f"Board {board}: {PLAYERS[dealer - 1]} deals and turns {turned}."
        if "ruffer" in d:
            d["comment"] += f" {PLAYERS[d['ruffer'] - 1]} takes the stock."
        if d["shown"] < len(d["cards"]):
            d["comment"] += f" {PLAYERS[d['winners'][d['shown'] // 4 - 1] - 1]} claims the rest after " \
                            f"trick {d['shown'] // 4}."
    return d


def describe(d: dict, i: int) -> tuple[str, tuple[int, ...], str]:
    """A true note on the i-th card: (suffix, NAGs, comment)."""
    t = i - i % 4
    seat, card = d["seats"][i], d["cards"][i]
    led = d["cards"][t][0]
    won = d["winners"][i // 4] == seat
    name = PLAYERS[seat - 1]
    if i == t:
        text = f"{name} leads {SUIT_NAME[led]}"
    elif card[0] == led:
        text = f"{name} follows suit"
    elif card[0] == d["trump"]:
        text = f"{name} ruffs"
    else:
        text = f"{name} has no {SUIT_NAME[led]} and discards"
    text += " and wins the trick" if won else ""
    if won and i != t and card[0] != led:
        return "!", (1,), text
    return "", (), text


def session(seed: int, game: str, n: int, variant: str = "Standard", notes: bool = False,
            claims: bool = False) -> list[dict]:
    """``n`` deals of one session, the dealer moving clockwise, totals restarting after
    each game."""
    rng = random.Random(seed)
    dealer = rng.randint(1, 4)
    standing = (0, 0)
    out = []
    for board in range(1, n + 1):
        d = new_deal(rng, game, board, dealer, standing, variant, notes, claims and rng.random() < 0.2)
        out.append(d)
        standing = (0, 0) if d["game_over"] else d["total"]
        dealer = left(dealer)
    return out


def signed(values) -> str:
    return " ".join(f"+{v}" if v > 0 else str(v) for v in values)


def tags(d: dict) -> list[tuple[str, str]]:
    """The deal's tags in canonical order."""
    out = [("Event", "Friday whist"), ("Site", "The Crown, Dorchester"), ("Date", "2026.01.16"),
           ("Game", d["game"]), ("Variant", d["variant"])]
    out += [(f"Player{s}", PLAYERS[s - 1]) for s in (1, 2, 3, 4)]
    hands = " ".join(holding(d["dealt"][s]) for s in (1, 2, 3, 4))
    out += [("Board", str(d["board"])), ("Dealer", str(d["dealer"])), ("Deal", "1:" + hands)]
    if "ruffer" in d:
        out.append(("Kitty", holding(d["stock"])))
    out += [("Turned", d["turned"]), ("Trump", d["trump"])]
    if "ruffer" in d:
        out += [("Declarer", str(d["ruffer"])), ("Discard", holding(d["discard"]))]
    out += [("Tricks", " ".join(map(str, d["tricks"]))), ("Score", signed(d["score"])),
            ("Total", signed(d["total"]))]
    return out


def render(deals: list[dict]) -> tuple[str, dict]:
    """Canonical BPN text, and where things are: ``where[(k, tag)]`` the line of deal
    k's tag, ``where[(k, i)]`` the line of its i-th card, ``where[(k, "Play")]`` the
    Play tag's."""
    lines = ["% BPN 1.1"]
    where: dict = {}
    for k, d in enumerate(deals):
        if k:
            lines.append("")
        if d.get("comment"):
            lines.append("{" + d["comment"] + "}")
        for name, value in d.get("tags") or tags(d):
            where[(k, name)] = len(lines) + 1
            lines.append(f'[{name} "{value}"]')
        where[(k, "Play")] = len(lines) + 1
        lines.append(f'[Play "{d.get("leader", left(d["dealer"]))}"]')
        trick: list[str] = []
        for i, card in enumerate(d["cards"][:d["shown"]]):
            where[(k, i)] = len(lines) + 1
            suffix, nags, note = d["notes"].get(i, ("", (), None))
            trick.append(card + suffix + "".join(f" ${n}" for n in nags) + (f" {{{note}}}" if note else ""))
            if len(trick) == 4:
                lines.append(" ".join(trick))
                trick = []
        if trick:
            lines.append(" ".join(trick))
        lines.append("*")
    return "\n".join(lines) + "\n", where


def gen_whist(n: int, seed: int = 1) -> str:
    return render(session(seed, "Whist", n))[0]


def gen_whisk(n: int, seed: int = 1) -> str:
    return render(session(seed, "Whisk", n))[0]


def gen_ruff(n: int, seed: int = 1) -> str:
    return render(session(seed, "RuffAndHonours", n))[0]


# ---------------------------------------------------------------- mutations --------
# Each takes (rng, deals) and changes one deal in place; it returns (deal index, what the
# validator must report: code and the key of the line in ``render``'s map), or None when
# the session offers no place for it.

def _set_tag(d: dict, name: str, value: str) -> None:
    d["tags"] = [(n, value if n == name else v) for n, v in (d.get("tags") or tags(d))]


def wrong_score(rng, deals):
    k = rng.randrange(len(deals))
    d = deals[k]
    bad = list(d["score"])
    bad[rng.randrange(2)] += rng.choice((1, 2))
    _set_tag(d, "Score", signed(bad))
    return k, "BPN602", "Score"


def wrong_total(rng, deals):
    k = rng.randrange(len(deals))
    bad = list(deals[k]["total"])
    bad[rng.randrange(2)] -= 1
    _set_tag(deals[k], "Total", signed(bad))
    return k, "BPN603", "Total"


def wrong_tricks(rng, deals):
    """Tricks of a deal played out in full, given to the wrong sides."""
    options = [k for k, d in enumerate(deals) if d["tricks"][0] != d["tricks"][1] and d["shown"] == len(d["cards"])]
    if not options:
        return None
    k = rng.choice(options)
    _set_tag(deals[k], "Tricks", " ".join(map(str, reversed(deals[k]["tricks"]))))
    return k, "BPN601", "Tricks"


def wrong_trump(rng, deals):
    k = rng.randrange(len(deals))
    d = deals[k]
    _set_tag(d, "Trump", rng.choice([s for s in SUITS if s != d["trump"]]))
    return k, "BPN205", "Turned"


def misplaced_turned(rng, deals):
    """The turned card is one from a seat that does not hold it by the rules."""
    k = rng.randrange(len(deals))
    d = deals[k]
    if "ruffer" in d:  # not in the stock
        pool = [c for s in (1, 2, 3, 4) for c in d["dealt"][s]]
    else:  # not in the dealer's hand
        pool = [c for s in (1, 2, 3, 4) if s != d["dealer"] for c in d["dealt"][s]]
    _set_tag(d, "Turned", rng.choice(sorted(pool, key=card_key)))
    return k, "BPN205", "Turned"


def wrong_leader(rng, deals):
    k = rng.randrange(len(deals))
    d = deals[k]
    d["leader"] = rng.choice([s for s in (1, 2, 3, 4) if s != left(d["dealer"])])
    return k, "BPN501", "Play"


def wrong_declarer(rng, deals):
    k = rng.randrange(len(deals))
    d = deals[k]
    if "ruffer" not in d:
        return None
    _set_tag(d, "Declarer", str(rng.choice([s for s in (1, 2, 3, 4) if s != d["ruffer"]])))
    return k, "BPN303", "Declarer"


def _last_trick_loser(d):
    """A card of the written play's last trick that did not win it: (index, seat)."""
    start = (d["shown"] // 4 - 1) * 4
    trick = list(zip(d["seats"][start:start + 4], d["cards"][start:start + 4]))
    win = winner(trick, d["trump"])
    return [(start + j, s) for j, (s, _) in enumerate(trick) if s != win and j > 0]


def card_not_held(rng, deals):
    """A card of the last trick replaced by one played before, of the same suit and
    lower (so the trick's winner is unchanged)."""
    k = rng.randrange(len(deals))
    d = deals[k]
    for i, _seat in rng.sample(_last_trick_loser(d), len(_last_trick_loser(d))):
        card = d["cards"][i]
        earlier = [c for c in d["cards"][:i - i % 4] if c[0] == card[0]
                   and RANKS.index(c[1]) > RANKS.index(card[1])]
        if earlier:
            d["cards"] = d["cards"][:i] + [rng.choice(earlier)] + d["cards"][i + 1:]
            return k, "BPN502", i
    return None


def two_in_whisk_play(rng, deals):
    """Whisk: a 2 played in the last trick, in place of a card that did not win it."""
    k = rng.randrange(len(deals))
    d = deals[k]
    if d["game"] != "Whisk":
        return None
    i, _ = rng.choice(_last_trick_loser(d))
    d["cards"] = d["cards"][:i] + [d["cards"][i][0] + "2"] + d["cards"][i + 1:]
    return k, "BPN204", i


def two_in_whisk_deal(rng, deals):
    """Whisk: a card of a hand (not the turned one) dealt as the 2 of its suit."""
    k = rng.randrange(len(deals))
    d = deals[k]
    if d["game"] != "Whisk":
        return None
    seat = rng.choice([s for s in (1, 2, 3, 4) if s != d["dealer"]])
    card = rng.choice(sorted(d["dealt"][seat], key=card_key))
    d["dealt"][seat] = (d["dealt"][seat] - {card}) | {card[0] + "2"}
    return k, "BPN204", "Deal"


def revoke(rng, deals):
    """Two cards of one seat swapped between tricks so that exactly one is a revoke and
    no trick changes hands (checked by replaying)."""
    order = list(range(len(deals)))
    rng.shuffle(order)
    for k in order:
        d = deals[k]
        n = d["shown"]
        pairs = [(i, j) for i in range(n) for j in range(i + 1, n)
                 if d["seats"][i] == d["seats"][j] and i // 4 != j // 4 and i % 4 and j % 4]
        rng.shuffle(pairs)
        for i, j in pairs[:400]:
            cards = list(d["cards"])
            cards[i], cards[j] = cards[j], cards[i]
            faults = replay_faults(d, cards[:n])
            if faults is not None and len(faults) == 1:
                d["cards"] = cards
                return k, "BPN503", faults[0]
    return None


def replay_faults(d: dict, cards: list[str]) -> list[int] | None:
    """Indices of revokes in a play with the deal's seats; None if a trick changes hands."""
    hands = {s: set(h) for s, h in d["hands"].items()}
    faults = []
    for t in range(0, len(cards), 4):
        trick = list(zip(d["seats"][t:t + 4], cards[t:t + 4]))
        if winner(trick, d["trump"]) != d["winners"][t // 4]:
            return None
        led = trick[0][1][0]
        for j, (seat, card) in enumerate(trick):
            if j and card[0] != led and any(c[0] == led for c in hands[seat]):
                faults.append(t + j)
            hands[seat].discard(card)
    return faults


MUTATIONS = {f.__name__: f for f in (wrong_score, wrong_total, wrong_tricks, wrong_trump, misplaced_turned,
                                     wrong_leader, wrong_declarer, card_not_held, two_in_whisk_play,
                                     two_in_whisk_deal, revoke)}
