"""``bpn html``: a self-contained web page for a hand record.

:func:`render_html` gives the page as text; :func:`deal_data` the data of one deal
that the page's viewer draws (the one place to extend for another game).
"""

from bismarck_pbn.views.html.data import deal_data, page_data
from bismarck_pbn.views.html.page import page_html, render_html

__all__ = ["deal_data", "page_data", "page_html", "render_html"]
