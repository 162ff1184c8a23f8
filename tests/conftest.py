from pathlib import Path

import pytest

from genbpn import SPEC_EXAMPLE

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = SPEC_EXAMPLE


@pytest.fixture
def example() -> str:
    """The spec's §5 example deal: legal, canonical, annotated."""
    return EXAMPLE
