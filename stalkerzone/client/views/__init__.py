"""The screens. Every module here is imported when the window opens and registers its screens
with ``@app.screen("kind")``."""
