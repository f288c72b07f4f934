"""Card packs, rules variants and sectors as validated data (TOML in, engine types out)."""
