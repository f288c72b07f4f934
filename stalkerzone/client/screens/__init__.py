"""The screens, one module each (the fight screen a package).

Every module here registers its screens with ``@screen(kind)``: the window finds them when it
opens and imports a module the first time one of its screens is shown (``app.registry``).
"""
