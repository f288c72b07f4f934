"""The widget kit: the theme (colours, sizes, styles) and the common screen frame."""
