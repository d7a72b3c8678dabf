"""Every on-screen string, in English, French and German: ``t(key, **kw)``.

>>> set_language("fr"); t("prompt.target", name="Hugo", card=card_name("freeze"))
'Hugo — qui reçoit la carte Stop ?'
>>> set_language("en"); t("prompt.hit_or_stay", name="Léa")
'Léa — hit or stay?'
"""

from __future__ import annotations

import locale
import os

LANGS = ("en", "fr", "de")

EN = {
    "app.title": "Flip 7",
    "banner.flip7": "FLIP 7!",
    "menu.subtitle": "the push-your-luck card game",
    "menu.new_game": "New game — you + 3 bots",
    "menu.demo": "Demo — bots against bots",
    "menu.quit": "Quit",
    "menu.you": "Player",
    "button.hit": "Hit",
    "button.stay": "Stay",
    "button.next_round": "Next round",
    "button.play_again": "Play again",
    "button.menu": "Menu",
    "prompt.hit_or_stay": "{name} — hit or stay?",
    "prompt.target": "{name} — who gets this {card}?",
    "prompt.thinking": "{name} is thinking…",
    "prompt.keys_hit": "H or Space: hit · S: stay",
    "prompt.keys_target": "Click a glowing seat or press its key",
    "prompt.keys_watch": "Click or Space: skip · + / −: speed · M: reduced motion · Esc: menu",
    "who.bot": "Bot {name}",
    "card.freeze": "Freeze",
    "card.flip_three": "Flip Three",
    "card.second_chance": "Second Chance",
    "caption.round": "Round {round} — {dealer} deals",
    "caption.hit": "{who} hits",
    "caption.stay": "{who} stays with {score}",
    "caption.stay_forced": "No cards left: {who} stays with {score}",
    "caption.bust": "{who} busts on a second {card}!",
    "caption.sc_kept": "{who} keeps a Second Chance",
    "caption.sc_used": "Second Chance saves {who} from a second {card}",
    "caption.sc_given": "{who} gives the spare Second Chance to {target}",
    "caption.target": "{who} gives the {card} to {target}",
    "caption.frozen": "{who} is frozen with {score}",
    "caption.flip3": "{who} must take three cards",
    "caption.staged": "{card} set aside in the tray",
    "caption.queued": "{card} → {target}: waits in the queue",
    "caption.discarded": "{card} discarded: {reason}",
    "caption.flip7": "Flip 7! {who} scores 15 extra",
    "caption.reshuffle": "The discard pile becomes the new draw pile",
    "caption.tie": "Tie at the top — another round!",
    "caption.won": "{who} wins the game!",
    "caption.bot_fallback": "Bot level {level} is not available yet: playing baseline",
    "reason.the target busted": "the target busted",
    "reason.the target is out of the round": "the target is out of the round",
    "reason.nobody can take it": "nobody can take it",
    "reason.nobody left to target": "nobody left to target",
    "reason.the round is over": "the round is over",
    "status.stayed": "STAYED",
    "status.frozen": "FROZEN",
    "status.busted": "BUSTED",
    "seat.bot": "BOT",
    "seat.dealer": "D",
    "pile.draw": "Draw · {count}",
    "pile.discard": "Discard · {count}",
    "pile.in_play": "In play",
    "tray.title": "Flip Three",
    "tray.none": "No Flip Three being dealt",
    "tray.dealing": "{target} takes three — from {by}",
    "tray.staged": "Staged (in order revealed)",
    "tray.queue": "Effect queue",
    "tray.empty": "—",
    "tray.log": "At the table",
    "top.round": "Round {round} · first to {target}",
    "hint.text": "Bust chance {bust}% · expected gain of a hit {gain}",
    "summary.title": "Round {round}",
    "summary.busted": "busted",
    "summary.flip7": "Flip 7!",
    "summary.hand": "this round",
    "summary.total_col": "total",
    "over.title": "{who} wins!",
    "over.chart": "Totals by round",
    "over.round": "R{round}",
    "speed": "speed ×{speed}",
}

FR = {
    "app.title": "Flip 7",
    "banner.flip7": "FLIP 7!",
    "menu.subtitle": "le jeu de cartes où l'on tente sa chance",
    "menu.new_game": "Nouvelle partie — vous + 3 bots",
    "menu.demo": "Démo — bots contre bots",
    "menu.quit": "Quitter",
    "menu.you": "Joueur",
    "button.hit": "Piocher",
    "button.stay": "Rester",
    "button.next_round": "Manche suivante",
    "button.play_again": "Rejouer",
    "button.menu": "Menu",
    "prompt.hit_or_stay": "{name} — piocher ou rester ?",
    "prompt.target": "{name} — qui reçoit la carte {card} ?",
    "prompt.thinking": "{name} réfléchit…",
    "prompt.keys_hit": "H ou Espace : piocher · S : rester",
    "prompt.keys_target": "Cliquez une place lumineuse ou tapez sa touche",
    "prompt.keys_watch": ("Clic ou Espace : passer · + / − : vitesse · M : sans mouvement · "
                          "Échap : menu"),
    "who.bot": "Bot {name}",
    "card.freeze": "Stop",
    "card.flip_three": "Trois à la suite",
    "card.second_chance": "Seconde Chance",
    "caption.round": "Manche {round} — {dealer} distribue",
    "caption.hit": "{who} pioche",
    "caption.stay": "{who} reste avec {score}",
    "caption.stay_forced": "Plus de cartes : {who} reste avec {score}",
    "caption.bust": "{who} perd : un deuxième {card} !",
    "caption.sc_kept": "{who} garde une Seconde Chance",
    "caption.sc_used": "La Seconde Chance sauve {who} d'un deuxième {card}",
    "caption.sc_given": "{who} donne la Seconde Chance en trop à {target}",
    "caption.target": "{who} donne la carte {card} à {target}",
    "caption.frozen": "{who} est stoppé avec {score}",
    "caption.flip3": "{who} doit prendre trois cartes",
    "caption.staged": "{card} mis de côté",
    "caption.queued": "{card} → {target} : en attente",
    "caption.discarded": "{card} défaussé : {reason}",
    "caption.flip7": "Flip 7 ! {who} marque 15 de plus",
    "caption.reshuffle": "La défausse devient la nouvelle pioche",
    "caption.tie": "Égalité en tête — encore une manche !",
    "caption.won": "{who} gagne la partie !",
    "caption.bot_fallback": "Le bot {level} n'existe pas encore : bot de base",
    "reason.the target busted": "la cible a perdu",
    "reason.the target is out of the round": "la cible n'est plus dans la manche",
    "reason.nobody can take it": "personne ne peut la prendre",
    "reason.nobody left to target": "plus personne à viser",
    "reason.the round is over": "la manche est finie",
    "status.stayed": "RESTÉ",
    "status.frozen": "STOPPÉ",
    "status.busted": "PERDU",
    "seat.bot": "BOT",
    "seat.dealer": "D",
    "pile.draw": "Pioche · {count}",
    "pile.discard": "Défausse · {count}",
    "pile.in_play": "En jeu",
    "tray.title": "Trois à la suite",
    "tray.none": "Aucun « Trois à la suite » en cours",
    "tray.dealing": "{target} prend trois cartes — de {by}",
    "tray.staged": "Mises de côté (en ordre)",
    "tray.queue": "File des effets",
    "tray.empty": "—",
    "tray.log": "À la table",
    "top.round": "Manche {round} · objectif {target}",
    "hint.text": "Risque de perdre {bust} % · gain moyen en piochant {gain}",
    "summary.title": "Manche {round}",
    "summary.busted": "perdu",
    "summary.flip7": "Flip 7 !",
    "summary.hand": "cette manche",
    "summary.total_col": "total",
    "over.title": "{who} gagne !",
    "over.chart": "Totaux par manche",
    "over.round": "M{round}",
    "speed": "vitesse ×{speed}",
}

DE = {
    "app.title": "Flip 7",
    "banner.flip7": "FLIP 7!",
    "menu.subtitle": "das Kartenspiel mit Nervenkitzel",
    "menu.new_game": "Neues Spiel — du + 3 Bots",
    "menu.demo": "Demo — Bots gegen Bots",
    "menu.quit": "Beenden",
    "menu.you": "Spieler",
    "button.hit": "Ziehen",
    "button.stay": "Aufhören",
    "button.next_round": "Nächste Runde",
    "button.play_again": "Nochmal",
    "button.menu": "Menü",
    "prompt.hit_or_stay": "{name} — ziehen oder aufhören?",
    "prompt.target": "{name} — wer bekommt die Karte {card}?",
    "prompt.thinking": "{name} überlegt…",
    "prompt.keys_hit": "H oder Leertaste: ziehen · S: aufhören",
    "prompt.keys_target": "Leuchtenden Platz anklicken oder seine Taste drücken",
    "prompt.keys_watch": ("Klick oder Leertaste: überspringen · + / −: Tempo · M: ohne Bewegung · "
                          "Esc: Menü"),
    "who.bot": "Bot {name}",
    "card.freeze": "Freeze",
    "card.flip_three": "Flip Three",
    "card.second_chance": "Second Chance",
    "caption.round": "Runde {round} — {dealer} gibt",
    "caption.hit": "{who} zieht",
    "caption.stay": "{who} hört mit {score} auf",
    "caption.stay_forced": "Keine Karten mehr: {who} hört mit {score} auf",
    "caption.bust": "{who} ist raus: eine zweite {card}!",
    "caption.sc_kept": "{who} behält eine Second Chance",
    "caption.sc_used": "Second Chance rettet {who} vor einer zweiten {card}",
    "caption.sc_given": "{who} gibt die übrige Second Chance an {target}",
    "caption.target": "{who} gibt die Karte {card} an {target}",
    "caption.frozen": "{who} ist eingefroren mit {score}",
    "caption.flip3": "{who} muss drei Karten nehmen",
    "caption.staged": "{card} wird beiseitegelegt",
    "caption.queued": "{card} → {target}: wartet",
    "caption.discarded": "{card} abgelegt: {reason}",
    "caption.flip7": "Flip 7! {who} bekommt 15 extra",
    "caption.reshuffle": "Der Ablagestapel wird neu gemischt",
    "caption.tie": "Gleichstand an der Spitze — noch eine Runde!",
    "caption.won": "{who} gewinnt das Spiel!",
    "caption.bot_fallback": "Bot-Stufe {level} gibt es noch nicht: Basis-Bot",
    "reason.the target busted": "das Ziel ist raus",
    "reason.the target is out of the round": "das Ziel ist nicht mehr in der Runde",
    "reason.nobody can take it": "niemand kann sie nehmen",
    "reason.nobody left to target": "niemand mehr als Ziel",
    "reason.the round is over": "die Runde ist vorbei",
    "status.stayed": "AUFGEHÖRT",
    "status.frozen": "EINGEFROREN",
    "status.busted": "RAUS",
    "seat.bot": "BOT",
    "seat.dealer": "G",
    "pile.draw": "Stapel · {count}",
    "pile.discard": "Ablage · {count}",
    "pile.in_play": "Im Spiel",
    "tray.title": "Flip Three",
    "tray.none": "Gerade kein Flip Three",
    "tray.dealing": "{target} nimmt drei — von {by}",
    "tray.staged": "Beiseite (in Reihenfolge)",
    "tray.queue": "Warteschlange",
    "tray.empty": "—",
    "tray.log": "Am Tisch",
    "top.round": "Runde {round} · Ziel {target}",
    "hint.text": "Risiko raus {bust} % · erwarteter Gewinn beim Ziehen {gain}",
    "summary.title": "Runde {round}",
    "summary.busted": "raus",
    "summary.flip7": "Flip 7!",
    "summary.hand": "diese Runde",
    "summary.total_col": "gesamt",
    "over.title": "{who} gewinnt!",
    "over.chart": "Punkte nach Runden",
    "over.round": "R{round}",
    "speed": "Tempo ×{speed}",
}

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


def card_name(card: str) -> str:
    """A card as players call it: ``Stop`` for a Freeze in French, ``×2`` for x2."""
    if card in ("freeze", "flip_three", "second_chance"):
        return t(f"card.{card}")
    return "×2" if card == "x2" else card
