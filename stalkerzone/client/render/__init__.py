"""Drawing: the Zone layer, tokens, card faces, hex geometry, the map camera, fonts, shapes."""
