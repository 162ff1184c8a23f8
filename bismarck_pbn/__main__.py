"""``python -m bismarck_pbn`` runs the ``bpn`` command."""

from .cli import main

main()
