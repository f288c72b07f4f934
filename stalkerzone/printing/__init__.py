"""Print and play: a PDF of every card face and every sector face at real size.

``document.build_pdf`` lays out the pages; ``card_face`` draws a card (63×88 mm) and its back,
``sector_face`` a sector face (hexes 18 mm across flats), ``sheet`` the A4 grid with bleed,
crop marks and mirrored backs, ``words`` the printed words in English and Russian, ``fonts``
the embedded TTF font with Cyrillic. It reads the engine's card and sector values only.
"""
