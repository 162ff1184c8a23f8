"""Reading, validating and converting stream: peak memory does not grow with the input.

Measured with tracemalloc (allocations, not time): the peak while processing 4N deals
must stay close to the peak for N deals. The input is produced lazily, so it is not
itself in memory.
"""

import io
import json
import random
import tracemalloc

import pytest

import genbpn
from bismarck_pbn import parse, read_deals, validate_deals
from bismarck_pbn.convert import jsonio
from bismarck_pbn.format.writer import iter_text

N = 60


def _session_text():
    deals = genbpn.random_session(random.Random(11), "Standard", tie_break=False, annotate=0.1)
    return genbpn.to_bpn(deals, header=False)


class _Repeat(io.RawIOBase):
    """A binary stream of `times` copies of one session, made on the fly."""

    def __init__(self, text: str, times: int):
        self.block = (text + "\n").encode()
        self.left = times
        self.buf = b""

    def readable(self):
        return True

    def readinto(self, b):
        while not self.buf and self.left:
            self.buf = self.block
            self.left -= 1
        n = min(len(b), len(self.buf))
        b[:n] = self.buf[:n]
        self.buf = self.buf[n:]
        return n


def _peak(work) -> int:
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.slow
def test_read_and_validate_stream():
    text = _session_text()

    def run(times):
        def work():
            for _ in validate_deals(read_deals(io.BufferedReader(_Repeat(text, times)))):
                pass
        return work

    run(2)()  # warm caches (the parser is built once)
    small, large = _peak(run(N // 12)), _peak(run(4 * N // 12))
    assert large < small * 1.5 + 200_000, (small, large)


@pytest.mark.slow
def test_jsonl_to_bpn_streams():
    line = next(jsonio.iter_jsonl(parse(_session_text())))

    def run(times):
        def work():
            lines = (line for _ in range(times))
            for _ in iter_text(jsonio.iter_jsonl_deals(lines)):
                pass
        return work

    run(2)()
    small, large = _peak(run(N)), _peak(run(4 * N))
    assert large < small * 1.5 + 200_000, (small, large)
    assert json.loads(line)["tags"]
