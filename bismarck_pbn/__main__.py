"""``python -m bismarck_pbn`` runs the ``bpn`` command."""

from bismarck_pbn.cli import main

main()
