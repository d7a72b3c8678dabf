"""Every on-screen string, in English, French and German: ``t(key, **kw)``.

>>> set_language("fr"); t("prompt.target", name="Hugo", card=card_name("freeze"))
'Hugo — qui reçoit la carte Stop\xa0?'
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


def plural_form(count: float, lang: str | None = None) -> str:
    """ "one" or "other": which form of a counted noun ``count`` takes in ``lang``
    (the current language if None). English and German say "1 game" and "0 games",
    "1.5 points"; French says "0 partie", "1 partie", "1,5 point" (below 2: singular).

    >>> [plural_form(n, "en") for n in (0, 1, 2)], [plural_form(n, "fr") for n in (0, 1, 2)]
    (['other', 'one', 'other'], ['one', 'one', 'other'])
    >>> plural_form(1.0, "de"), plural_form(1.5, "fr")
    ('other', 'one')
    """
    lang = lang or _current["lang"]
    if lang == "fr":
        return "one" if abs(count) < 2 else "other"
    return "one" if isinstance(count, int) and count == 1 else "other"


def tn(key: str, count: float, /, **kw: object) -> str:
    """The text for a counted ``key``: ``key.one`` or ``key.other`` as ``count`` asks
    in the current language, formatted with ``kw`` (which holds the count itself).

    >>> set_language("en"); tn("stats.games", 1, count=1)
    '1 game played to the end in the program'
    >>> set_language("fr"); tn("sheet.extra", 0, rounds="8")
    'manche saisie après la fin\xa0: 8'
    >>> set_language("en")
    """
    return t(f"{key}.{plural_form(count)}", **kw)


def placeholders(text: str) -> set[str]:
    """The ``{names}`` a string is formatted with.

    >>> sorted(placeholders("{who} gives the {card} to {target}"))
    ['card', 'target', 'who']
    """
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def number(x: float, digits: int = 1, trim: bool = False) -> str:
    """``x`` without a sign, in the language's way (the decimal comma in French and German);
    ``trim``: without the zeros that end its decimals (a speed of ×1.5 or ×2).

    >>> set_language("de"); number(2.345), number(-0.04), number(1.50, 2, trim=True)
    ('2,3', '0,0', '1,5')
    >>> set_language("en"); number(2.0, 2, trim=True), number(0.25, 2, trim=True)
    ('2', '0.25')
    """
    text = f"{abs(round(x, digits)):.{digits}f}"
    if trim and "." in text:
        text = text.rstrip("0").rstrip(".")
    return text.replace(".", ",") if language() in ("fr", "de") else text


def percent(share: float, digits: int = 0) -> str:
    """``share`` (0.23) as a percentage in the language's way: "23%" in English, "23 %" in
    French and German, the number and its sign held together by a no-break space.

    >>> set_language("fr"); percent(0.235, 1), percent(1.0); set_language("en")
    ('23,5\xa0%', '100\xa0%')
    >>> percent(0.0)
    '0%'
    """
    return number(share * 100, digits) + ("%" if language() == "en" else "\u00a0%")


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
        for key in sorted(table):
            stem, _dot, form = key.rpartition(".")
            pair = f"{stem}.other" if form == "one" else f"{stem}.one"
            if form in ("one", "other") and pair not in table:
                out.append(f"{lang}: {key!r} without {pair!r}")
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

    __slots__ = ("key", "args", "count")

    def __init__(self, key: str, **args: object) -> None:
        self.key, self.args = key, args
        self.count: float | None = None

    @classmethod
    def counted(cls, key: str, count: float, **args: object) -> Msg:
        """A counted key (:func:`tn`), its form chosen when shown."""
        msg = cls(key, **args)
        msg.count = count
        return msg

    def __str__(self) -> str:
        if self.count is not None:
            return tn(self.key, self.count, **self.args)
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
