"""The words around the site's diagrams (the ``diagram`` message catalog).

``engine.diagram.text`` holds every string of the diagram legend, the sequence
controls and the "Try it" link, in the site's four languages. The SVG renderer
(``engine.sniff.svg``) and the site's build hook (``scripts/hooks/diagrams.py``)
both take their words from it. It lives outside ``engine.sniff`` so that its
strings go to their own catalog, not to the ``sniff`` one.
"""
