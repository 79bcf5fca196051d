"""American Sniff's rendering: what the rules look like and what they say.

``geometry`` lays the tiles out on the table, ``svg`` draws the annotated
diagram, ``text`` writes its heading, caption and long description (the
``sniff`` catalog), ``legend`` the words around a diagram (the ``diagram``
catalog), ``analysis`` everything the engine knows of a layout as JSON. It sits
on the rules (``engine.sniff``) and never the reverse.
"""
