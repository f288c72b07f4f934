"""The screens, one module each (the fight screen a package).

Every module here registers its screens with ``@screen(kind)`` when the window opens.
"""
