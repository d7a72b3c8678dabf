"""Every on-screen string, in English, French and German: ``t(key, **kw)``.

>>> set_language("fr"); t("prompt.target", name="Hugo", card=card_name("freeze"))
'Hugo — qui reçoit la carte Stop ?'
>>> set_language("en"); t("prompt.hit_or_stay", name="Léa")
'Léa — hit or stay?'
"""

from __future__ import annotations

import locale
import os
import string

from ui.lang import de, en, fr

LANGS = ("en", "fr", "de")
EN, FR, DE = en.STRINGS, fr.STRINGS, de.STRINGS
TABLES = {"en": EN, "fr": FR, "de": DE}
_current = {"lang": "en"}


def system_language() -> str:
    """The language of the system locale if we have it, else English."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var, "")
        if value[:2].lower() in LANGS:
            return value[:2].lower()
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return code[:2].lower() if code[:2].lower() in LANGS else "en"


def set_language(lang: str) -> None:
    if lang not in TABLES:
        raise ValueError(f"unknown language {lang!r} (expected one of {', '.join(LANGS)})")
    _current["lang"] = lang


def language() -> str:
    return _current["lang"]


def t(key: str, **kw: object) -> str:
    """The text for ``key`` in the current language (English if missing there)."""
    text = TABLES[_current["lang"]].get(key) or EN.get(key, key)
    return text.format(**kw) if kw else text


def placeholders(text: str) -> set[str]:
    """The ``{names}`` a string is formatted with.

    >>> sorted(placeholders("{who} gives the {card} to {target}"))
    ['card', 'target', 'who']
    """
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def signed(x: float, digits: int = 1) -> str:
    """``x`` with its sign, in the language's way: a true minus, the decimal comma in
    French and German, and no sign at all for what rounds to zero.

    >>> set_language("en"); signed(1.25), signed(-0.04), signed(-3.0), signed(0.4, 0)
    ('+1.2', '0.0', '−3.0', '0')
    >>> set_language("fr"); signed(6.04); set_language("en")
    '+6,0'
    """
    r = round(x, digits)
    text = f"{abs(r):.{digits}f}"
    if language() in ("fr", "de"):
        text = text.replace(".", ",")
    return text if r == 0 else ("+" if r > 0 else "−") + text


def mismatches() -> list[str]:
    """Every key missing from a language, or formatted with other placeholders than in English."""
    out = []
    keys = set().union(*TABLES.values())
    for lang, table in TABLES.items():
        for key in sorted(keys - set(table)):
            out.append(f"{lang}: missing {key!r}")
        for key in sorted(set(table) & set(EN)):
            if placeholders(table[key]) != placeholders(EN[key]):
                out.append(
                    f"{lang}: {key!r} uses {sorted(placeholders(table[key]))}, "
                    f"English {sorted(placeholders(EN[key]))}"
                )
    return out


class Msg:
    """A message kept as its key and arguments and written in the language of the moment
    (a log line or caption stays right after a language switch).

    >>> m = Msg("caption.staged", card=Msg("card.freeze"))
    >>> set_language("fr"); str(m) == t("caption.staged", card=t("card.freeze"))
    True
    >>> set_language("en"); f"{m}" == t("caption.staged", card="Freeze")
    True
    """

    __slots__ = ("key", "args")

    def __init__(self, key: str, **args: object) -> None:
        self.key, self.args = key, args

    def __str__(self) -> str:
        return t(self.key, **self.args)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Msg({self.key!r}, {self.args!r})"


class Listed:
    """Items written as "a, b, c" when shown (each a :class:`Msg` or a string), so a list of
    cards in a log line follows a language switch like the rest of the line."""

    __slots__ = ("items",)

    def __init__(self, items) -> None:
        self.items = tuple(items)

    def __str__(self) -> str:
        return ", ".join(str(item) for item in self.items)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def card_msg(card: str) -> Msg | str:
    """:func:`card_name`, written when shown (an action card's name is translated)."""
    return (
        Msg(f"card.{card}")
        if card in ("freeze", "flip_three", "second_chance")
        else card_name(card)
    )


def card_name(card: str) -> str:
    """A card as players call it: ``Stop`` for a Freeze in French, ``×2`` for x2."""
    if card in ("freeze", "flip_three", "second_chance"):
        return t(f"card.{card}")
    return "×2" if card == "x2" else card
