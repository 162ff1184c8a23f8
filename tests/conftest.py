from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = """\
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


@pytest.fixture
def example() -> str:
    """The spec's §5 example deal: legal, canonical, annotated."""
    return EXAMPLE
