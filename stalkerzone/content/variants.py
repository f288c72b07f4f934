"""Rules variants (standard, express): the *(variant)* numbers of docs/rules.md, read from data
files.

The files are ``stalkerzone/content/variants/<name>.toml``; they are validated like card files
(:mod:`stalkerzone.content.variant_file`, imported only when the variant is not in the cache)
and built into :class:`stalkerzone.engine.core.variant.Variant`.
"""

from __future__ import annotations

from pathlib import Path

from stalkerzone.content.pack_cache import PackCache
from stalkerzone.engine.core import Variant
from stalkerzone.errors import UserError

VARIANT_NAMES: tuple[str, ...] = ("standard", "express")
VARIANTS_DIR = Path(__file__).resolve().parent / "variants"


class VariantError(UserError):
    """A variant that does not exist or whose data file is broken."""


def load_variant(name: str, *, cache: PackCache | None = None) -> Variant:
    """The variant ``name`` (one of :data:`VARIANT_NAMES`); :class:`VariantError` otherwise.

    ``cache``: where validated variants are kept between runs (default:
    :meth:`PackCache.from_environment`); a broken file is never cached.
    """
    if name not in VARIANT_NAMES:
        raise VariantError(f"unknown variant '{name}'; variants: {', '.join(VARIANT_NAMES)}")
    path = VARIANTS_DIR / f"{name}.toml"
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise VariantError(f"{path}: cannot read the variant: {error}") from None
    cache = PackCache.from_environment() if cache is None else cache
    key: str | None = None
    if cache.enabled:
        entry = cache.key("variant")
        entry.add_text(str(path.resolve()))
        entry.add_bytes(raw)
        key = entry.hexdigest()
        cached = cache.load(key, Variant)
        if cached is not None:
            return cached
    variant = _validate(path, raw)
    if key is not None:
        cache.store(key, variant)
    return variant


def _validate(path: Path, raw: bytes) -> Variant:
    import tomllib

    from pydantic import ValidationError

    from stalkerzone.content.problems import field_name
    from stalkerzone.content.variant_file import VariantFile

    try:
        data = tomllib.loads(raw.decode("utf-8"))
        return VariantFile.model_validate(data).to_variant()
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise VariantError(f"{path}: cannot read the variant: {error}") from None
    except ValidationError as error:
        first = error.errors()[0]
        where = field_name(tuple(first["loc"]))
        message = str(first["msg"]).removeprefix("Value error, ")
        raise VariantError(f"{path}: {where}: {message}") from None
