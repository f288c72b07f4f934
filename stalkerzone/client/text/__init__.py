"""Words on screen: UI strings (English, Russian), engine messages, card wording, rules."""
