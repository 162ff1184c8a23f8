"""``bpn serve``: a small web app to record and annotate deals from a phone at the table.

A thin layer over the library, which never imports it: :mod:`.files` (the served files,
their versions and their writes), :mod:`.drafts` (``bpn record``'s dialogue driven by
taps), :mod:`.guard` (the token, the origin, the size of a body), :mod:`.app` (the JSON
API) and :mod:`.pages` (the pages and their script). It needs the ``serve`` extra."""
