"""Views: HTML rendering of cards, lines and resolutions; the map; the widgets.

The engine never imports this package; views import the engine.
"""
