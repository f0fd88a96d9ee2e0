"""Localisation through Project Fluent: one bundle per language, English as the fallback."""

from __future__ import annotations

import logging
import os
import threading
from pathlib import Path
from typing import Any

from fluent.runtime import FluentBundle, FluentResource

from bot.ports import rulebooks

LOCALES_DIR = Path(__file__).resolve().parents[1] / "locales"
# the one list of the languages the bot speaks (a locale folder each), in the order lists
# show them; adding a language is adding it here and its folder
SUPPORTED = ("it", "ru", "en")
FALLBACK = "en"
RECENT = 4096  # formatted messages kept
# Fluent refuses a placeable longer than this (fluent.runtime's MAX_PART_LENGTH, 2,500
# characters, and "{???}" in its place): a longer value, a list of 300 players, is put in
# after formatting, and the delivery layer pages the text
LONG_VALUE = 2000

log = logging.getLogger(__name__)


class Translator:
    """Formats message ids with arguments in a language (falling back to English)."""

    def __init__(
        self,
        directory: Path = LOCALES_DIR,
        langs: tuple[str, ...] = SUPPORTED,
        strict: bool | None = None,
    ) -> None:
        # strict: a message that cannot be fully formatted is an error, not a warning (tests)
        self.strict = os.environ.get("ARBITRO_STRICT_I18N") == "1" if strict is None else strict
        self.directory = directory
        self._recent: dict[tuple, str] = {}
        self._guard = threading.Lock()  # pictures and pages format in threads of their own
        self.bundles: dict[str, FluentBundle] = {}
        self.resources: dict[str, list[Any]] = {}  # the parsed .ftl files of each language
        for lang in langs:
            folder = directory / lang
            if not folder.is_dir():
                continue
            bundle = FluentBundle([lang], use_isolating=False)
            # the shared messages, then each installed rulebook's own
            own = (sorted((extra / lang).glob("*.ftl")) for extra in rulebooks.locale_folders())
            for path in [*sorted(folder.glob("*.ftl")), *(p for paths in own for p in paths)]:
                resource = FluentResource(path.read_text(encoding="utf-8"))
                bundle.add_resource(resource)
                self.resources.setdefault(lang, []).append(resource)
            self.bundles[lang] = bundle

    def language(self, wanted: str | None) -> str:
        if wanted:
            short = wanted.split("-")[0].split("_")[0].lower()
            if short in self.bundles:
                return short
        return FALLBACK

    def has(self, lang: str, message_id: str) -> bool:
        bundle = self.bundles.get(lang)
        return bundle is not None and bundle.has_message(message_id)

    def format(self, lang: str, message_id: str, args: dict[str, Any] | None = None) -> str:
        """Formatting is pure: the same message with the same arguments is formatted once
        (recently used ones are kept)."""
        key = (lang, message_id, tuple(sorted(args.items())) if args else ())
        with self._guard:
            try:
                text = self._recent.pop(key)
            except KeyError:
                text = self._format(lang, message_id, args)
            except TypeError:  # an argument that cannot be a key
                return self._format(lang, message_id, args)
            self._recent[key] = text
            if len(self._recent) > RECENT:
                self._recent.pop(next(iter(self._recent)))
            return text

    def _format(self, lang: str, message_id: str, args: dict[str, Any] | None) -> str:
        for candidate in (lang, FALLBACK):
            bundle = self.bundles.get(candidate)
            if bundle is None or not bundle.has_message(message_id):
                continue
            message = bundle.get_message(message_id)
            if message.value is None:  # a message with attributes only: none of ours
                continue
            values, long = _set_aside(args or {})
            text, errors = bundle.format_pattern(message.value, values)
            for error in errors:
                if self.strict:
                    raise ValueError(f"{candidate}/{message_id}: {error}")
                log.warning("fluent %s/%s: %s", candidate, message_id, error)
            text = str(text)
            for mark, value in long.items():
                text = text.replace(mark, value)
            return text
        raise KeyError(f"no message {message_id!r} in {lang!r} or {FALLBACK!r}")


def _set_aside(args: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """The arguments with each value too long for Fluent replaced by a mark, and the marks."""
    long = {
        f"\x02{key}\x03": value
        for key, value in args.items()
        if isinstance(value, str) and len(value) > LONG_VALUE
    }
    if not long:
        return args, {}
    values = {key: f"\x02{key}\x03" if f"\x02{key}\x03" in long else v for key, v in args.items()}
    return values, long
