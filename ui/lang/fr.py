"""French strings (the French edition's card names: Stop, Trois à la suite, Seconde Chance)."""

STRINGS = {
    "app.title": "Flip 7",
    "banner.flip7": "FLIP 7\u00a0!",
    "menu.subtitle": "le jeu de cartes où l'on tente sa chance",
    "menu.new_game": "Nouvelle partie",
    "menu.demo": "Démo",
    "menu.quit": "Quitter",
    "menu.keys": (
        "Entrée\u00a0: bouton doré · lettre entre parenthèses\u00a0: ce bouton · "
        "Échap\u00a0: quitter (après confirmation)"
    ),
    "menu.quit_ask": (
        "Quitter Flip 7\u00a0? Échap encore ou Entrée\u00a0: quitter · autre touche\u00a0: rester"
    ),
    "menu.you": "Moi",
    "button.hit": "Piocher",
    "button.stay": "Rester",
    "button.undo": "Annuler (U)",
    "undo.tip": (
        "Reprendre votre dernier «\u00a0Rester\u00a0» ou votre dernière cible (U ou Retour "
        "arrière)\u00a0: aucune carte n'a été retournée depuis"
    ),
    "button.next_round": "Manche suivante",
    "button.play_again": "Rejouer",
    "button.menu": "Menu",
    "prompt.hit_or_stay": "{name} — piocher ou rester\u00a0?",
    "prompt.target": "{name} — qui reçoit la carte {card}\u00a0?",
    "prompt.thinking": "{name} réfléchit…",
    "prompt.keys_hit": "P\u00a0: piocher · R\u00a0: rester",
    "keys.hit": "p",
    "keys.stay": "r",
    "prompt.keys_target": "Cliquez une place lumineuse ou tapez sa touche",
    "prompt.keys_watch": (
        "Clic ou Espace\u00a0: passer · + / −\u00a0: vitesse · M\u00a0: sans mouvement · V\u00a0: "
        "son · Échap\u00a0: pause"
    ),
    "who.bot": "Bot {name}",
    "card.freeze": "Stop",
    "card.flip_three": "Trois à la suite",
    "card.second_chance": "Seconde Chance",
    "caption.round": "Manche {round} — {dealer} distribue",
    "caption.hit": "{who} pioche",
    "caption.hit_card": "{who} pioche\u00a0: {card}",
    "caption.dealt": "{who} reçoit {card}",
    "caption.f3_card": "{who} prend {card} (Trois à la suite, {slot}/3)",
    "caption.target_self": "{who} se donne la carte {card}",
    "prompt.target_to": "{name} — donner la carte {card} à {target}\u00a0?",
    "caption.stay": "{who} reste avec {score}",
    "caption.stay_forced": "Plus de cartes\u00a0: {who} reste avec {score}",
    "caption.bust": "{who} saute\u00a0: un deuxième {card}\u00a0!",
    "caption.sc_kept": "{who} garde une Seconde Chance",
    "caption.sc_used": "La Seconde Chance sauve {who} d'un deuxième {card}",
    "caption.sc_given": "{who} donne la Seconde Chance en trop à {target}",
    "caption.target": "{who} donne la carte {card} à {target}",
    "caption.frozen": "Stop pour {who}, qui garde {score}",
    "caption.frozen_by": "Stop de {by} pour {who}, qui garde {score}",
    "caption.flip3": "{who} doit prendre trois cartes",
    "caption.f3_done": "Trois à la suite fini\u00a0: {who} a pris {cards}",
    "caption.staged": "{card} mis de côté",
    "caption.queued": "{card} → {target}\u00a0: en attente",
    "caption.discarded": "{card} défaussé\u00a0: {reason}",
    "caption.flip7": "Flip 7\u00a0! {who} marque 15 de plus",
    "caption.reshuffle": "La défausse devient la nouvelle pioche",
    "caption.tie": "Égalité en tête — encore une manche\u00a0!",
    "caption.won": "{who} gagne la partie\u00a0!",
    "caption.bot_fallback": "Le bot {level} n'existe pas encore\u00a0: bot de base",
    "caption.plugin_failed": "L'extension de {name} a échoué\u00a0: le bot de base joue à sa place",
    "caption.plugin_untrusted": "L'extension de {name} n'a pas été lancée\u00a0: le bot de base "
    "joue à sa place",
    "reason.target_busted": "la cible a sauté",
    "reason.target_out": "la cible n'est plus dans la manche",
    "reason.nobody_can_take": "personne ne peut la prendre",
    "reason.nobody_to_target": "plus personne à viser",
    "reason.round_over": "la manche est finie",
    "status.stayed": "RESTE",
    "status.frozen": "STOP",
    "status.busted": "SAUTE",
    "seat.bot": "BOT",
    "seat.dealer": "D",
    "pile.draw": "Pioche · {count}",
    "pile.discard": "Défausse · {count}",
    "pile.in_play": "En jeu",
    "tray.title": "Trois à la suite",
    "tray.none": "Aucun «\u00a0Trois à la suite\u00a0» en cours",
    "tray.dealing": "{target} prend trois cartes — de {by}",
    "tray.staged": "Mises de côté (en ordre)",
    "tray.queue": "File des effets",
    "tray.empty": "—",
    "tray.log": "À la table",
    "tray.log_scrolled.one": "({count} ligne plus récente au-dessus)",
    "tray.log_scrolled.other": "({count} lignes plus récentes au-dessus)",
    "top.round": "Manche {round} · objectif {target}",
    "top.round_no": "Manche {round}",
    "top.target": "objectif {target}",
    "hint.text": "Risque de sauter {bust}\u00a0% · gain moyen en piochant {gain}",
    "summary.title": "Manche {round}",
    "summary.busted": "a sauté",
    "summary.flip7": "Flip 7\u00a0!",
    "summary.hand": "cette manche",
    "summary.total_col": "total",
    "summary.why.busted": "saute\u00a0: deux {card}",
    "summary.why.frozen": "Stop de {by}",
    "summary.why.frozen_self": "propre Stop",
    "summary.why.flip7": "Flip 7 +15",
    "summary.why.stayed": "reste",
    "over.title": "{who} gagne\u00a0!",
    "over.chart": "Totaux par manche",
    "over.round": "M{round}",
    "over.col.total": "total",
    "over.col.busts": "sauts",
    "over.col.flip7": "Flip 7",
    "over.col.best": "record",
    "speed": "vitesse ×{speed}",
    # ---- menus, setup, files, settings, rules
    "menu.continue": "Continuer",
    "menu.load": "Charger une partie",
    "menu.rules": "Règles",
    "menu.settings": "Réglages",
    # ---- feuille de score, calculette, statistiques
    "sheet.menu": "Feuille de score",
    "stats.menu": "Statistiques",
    "sheet.title": "Feuille de score",
    "sheet.history_title": "Feuilles de score",
    "sheet.new": "Nouvelle feuille",
    "sheet.new_title": "Nouvelle feuille de score",
    "sheet.history": "Toutes les feuilles",
    "sheet.folder": "Les feuilles sont enregistrées au fil de la saisie, dans {folder}",
    "sheet.none": "Pas encore de feuille de score\u00a0: commencez-en une pour votre "
    "prochaine partie avec de vraies cartes",
    "sheet.unreadable": "illisible\u00a0: {reason}",
    "sheet.hist.won": "{name} a gagné avec {total}",
    "sheet.hist.new": "pas commencée",
    "sheet.hist.playing": "après la manche {rounds}",
    "sheet.tip.delete": "Supprimer cette feuille",
    "sheet.confirm_title": "Vraiment\u00a0?",
    "sheet.delete_ask": "Supprimer cette feuille de score pour de bon\u00a0? {what}",
    "sheet.delete": "Supprimer",
    "sheet.deleted": "La feuille de score a été supprimée.",
    "sheet.delete_failed": "Impossible de supprimer la feuille\u00a0: {reason}",
    "sheet.open_failed": "Impossible d'ouvrir la feuille\u00a0: {reason}",
    "sheet.save_failed": "La feuille n'a pas pu être enregistrée ({reason}). Continuez\u00a0; "
    "elle sera de nouveau enregistrée au prochain changement.",
    "sheet.player": "Place {n}",
    "sheet.add_player": "+ Place",
    "sheet.players_help": "Les noms dans l'ordre de la table (sens horaire). D\u00a0: qui "
    "distribue la première manche.",
    "sheet.tip.dealer": "Distribue la première manche (puis la donne passe à gauche)",
    "sheet.first_dealer": "{name} distribue la manche 1\u00a0; la donne passe à gauche à "
    "chaque manche",
    "sheet.start": "Commencer",
    "sheet.target": "Objectif",
    "sheet.error.target": "L'objectif est un nombre entier de 1 à 10 000",
    "sheet.error.points": "Tapez les points de la manche en nombre entier (0 pour qui a sauté)",
    "sheet.refused": "Refusé\u00a0: {reason}",
    "sheet.dealer_mark": "D",
    "sheet.total": "Total",
    "sheet.winner_tag": "★ gagne",
    "sheet.calculator": "Compter les cartes…",
    "sheet.tip.calculator": "Touchez les cartes posées devant la personne\u00a0: la calculette "
    "les compte",
    "sheet.finish": "Finir la manche",
    "sheet.tip.finish": "Clore la manche\u00a0: une case vide compte 0",
    "sheet.export_pdf": "Feuille · PDF",
    "sheet.export_png": "Feuille · PNG",
    "sheet.blank_pdf": "Vierge · PDF",
    "sheet.blank_png": "Vierge · PNG",
    "sheet.tip.export": "Cette feuille, remplie, sur une page A4",
    "sheet.tip.blank": "Une feuille vierge à imprimer (3 à 8 personnes, 20 manches)",
    "sheet.exported": "Exporté\u00a0: {file}",
    "sheet.export_failed": "Export impossible\u00a0: {reason}",
    "sheet.open": "Ouvrir",
    "sheet.tip.open": "Le dernier export dans la visionneuse du système, pour l'imprimer",
    "sheet.viewer_failed": "Aucune visionneuse n'a pu ouvrir {file} ({reason})\u00a0: "
    "le fichier est dans {folder}",
    "sheet.viewer_gave_up": "le système n'a pas de programme pour ce fichier",
    "sheet.won": "{name} gagne avec {total} après la manche {round}",
    "sheet.extra.one": "manche saisie après la fin\u00a0: {rounds}",
    "sheet.extra.other": "manches saisies après la fin\u00a0: {rounds}",
    "sheet.tiebreak": "Égalité en tête\u00a0: une manche de plus",
    "sheet.round_deals": "Manche {round} · {name} distribue",
    "sheet.cell": "Manche {round} · {name}",
    "sheet.now": "actuellement {value}",
    "sheet.click_to_correct": "Cliquez une case à corriger",
    "sheet.ranking": "Classement",
    "sheet.chart": "Les totaux, manche par manche",
    "sheet.chart_empty": "Le graphique commence après la manche 1",
    "calc.title": "Manche {round} · les cartes de {name}",
    "calc.help": "Touchez chaque carte posée devant la personne\u00a0; touchez une carte en bas "
    "pour la retirer. B\u00a0: a sauté · Retour arrière\u00a0: retire la dernière",
    "calc.in_front": "Devant {name}",
    "calc.empty": "Aucune carte",
    "calc.busted": "A sauté",
    "calc.tip.busted": "A sauté sur un chiffre en double\u00a0: touchez les deux cartes du même "
    "chiffre",
    "calc.clear": "Effacer",
    "calc.ok": "OK",
    "calc.use": "Noter {points}",
    "calc.refused": "Ces cartes ne peuvent pas être sur la table",
    "calc.bust_count": "A sauté\u00a0: 0",
    "calc.flip7": "Flip 7\u00a0! 15 points de plus, comptés d'office",
    "stats.title": "Statistiques",
    "stats.tab.players": "Humains",
    "stats.tab.bots": "Robots par niveau",
    "stats.col.name": "Nom",
    "stats.col.games": "Parties",
    "stats.col.wins": "Victoires",
    "stats.col.win_rate": "Taux de victoire",
    "stats.col.average": "Moy. par manche",
    "stats.col.bust_rate": "Sauts",
    "stats.col.flip7s": "Flip 7",
    "stats.col.best": "Meilleure manche",
    "stats.games.one": "{count} partie jouée jusqu'au bout dans le programme",
    "stats.games.other": "{count} parties jouées jusqu'au bout dans le programme",
    "stats.none": "Pas encore de partie terminée\u00a0: les statistiques comptent chaque "
    "partie jouée ici jusqu'au bout.",
    "stats.none_players": "Aucun humain dans les parties terminées.",
    "stats.none_bots": "Aucun robot dans les parties terminées.",
    "stats.more": "{shown} sur {count} · faites défiler pour la suite",
    "stats.rebuilt": "Statistiques\u00a0: {problem}",
    "stats.record_failed": "La partie n'a pas pu être comptée dans les statistiques ({reason}).",
    "menu.saved_game": "Partie en cours · manche {round} · {players} · enregistrée à {time}",
    "caption.resumed": "Partie reprise — manche {round}",
    "notice.sound_off": "Son coupé (V\u00a0: le remettre)",
    "notice.sound_on": "Son remis",
    "caption.undone": "{who} reprend sa dernière décision",
    "caption.round.to_you": "Manche {round} — vous distribuez",
    "caption.hit.you": "Vous piochez",
    "caption.hit_card.you": "Vous piochez\u00a0: {card}",
    "caption.dealt.you": "Vous recevez {card}",
    "caption.f3_card.you": "Vous prenez {card} (Trois à la suite, {slot}/3)",
    "caption.target_self.you": "Vous vous donnez la carte {card}",
    "caption.stay.you": "Vous restez avec {score}",
    "caption.stay_forced.you": "Plus de cartes\u00a0: vous restez avec {score}",
    "caption.bust.you": "Vous sautez\u00a0: un deuxième {card}\u00a0!",
    "caption.sc_kept.you": "Vous gardez une Seconde Chance",
    "caption.sc_used.you": "La Seconde Chance vous sauve d'un deuxième {card}",
    "caption.sc_given.you": "Vous donnez la Seconde Chance en trop à {target}",
    "caption.sc_given.to_you": "{who} vous donne la Seconde Chance en trop",
    "caption.target.you": "Vous donnez la carte {card} à {target}",
    "caption.target.to_you": "{who} vous donne la carte {card}",
    "caption.frozen.you": "Stop pour vous\u00a0: vous gardez {score}",
    "caption.frozen_by.you": "Stop de {by} pour vous\u00a0: vous gardez {score}",
    "caption.frozen_by.to_you": "Votre Stop pour {who}, qui garde {score}",
    "caption.flip3.you": "Vous devez prendre trois cartes",
    "caption.f3_done.you": "Trois à la suite fini\u00a0: vous avez pris {cards}",
    "caption.queued.to_you": "{card} → vous\u00a0: en attente",
    "caption.flip7.you": "Flip 7\u00a0! Vous marquez 15 de plus",
    "caption.won.you": "Vous gagnez la partie\u00a0!",
    "pause.title": "Pause",
    "pause.resume": "Reprendre",
    "pause.save": "Enregistrer sous…",
    "pause.quit": "Retour au menu",
    "pause.not_saved": "Les démonstrations ne sont pas enregistrées\u00a0: "
    "les robots reprennent au retour.",
    "pause.autosaved": "La partie est enregistrée à chaque coup\u00a0: «\u00a0Continuer\u00a0» "
    "la reprend.",
    "setup.title": "Nouvelle partie",
    "setup.players": "Places · {count}",
    "setup.human": "Humain",
    "setup.bot": "Bot · {level}",
    "setup.level.easy": "facile",
    "setup.level.normal": "normal",
    "setup.level.expert": "expert",
    "setup.level.baseline": "de base",
    "setup.level.plugin": "extension",
    "online.waiting_away": "En attente de {name}, dont la connexion est perdue…",
    "online.waiting_away_short": "{name}\u00a0: connexion perdue…",
    "online.found.one": "Table {code} de {host}, {count} place libre",
    "online.found.other": "Table {code} de {host}, {count} places libres",
    "online.nearby": "Sur ce réseau",
    "online.nearby_none": "Sur ce réseau\u00a0: aucune table ouverte",
    "online.reconnected": "Connexion rétablie\u00a0: vous êtes de retour à votre place",
    "online.caption": "À la table {code} — manche {round}",
    "online.menu": "Jouer en ligne",
    "online.title": "Jouer en ligne",
    "online.mode.host": "Ouvrir une table",
    "online.mode.join": "Rejoindre",
    "online.mode.watch": "Regarder",
    "online.field.name": "Votre nom",
    "online.field.away": "Personnes sur leur ordinateur",
    "online.field.here": "Autres personnes à cet écran",
    "online.field.bots": "Robots",
    "online.field.level": "Niveau des robots",
    "online.field.target": "Points pour gagner",
    "online.field.public": "Qui peut se connecter",
    "online.field.address": "Adresse du serveur",
    "online.field.code": "Code de la table",
    "online.public.no": "Cet ordinateur",
    "online.public.yes": "D'autres ordinateurs",
    "online.go.host": "Ouvrir la table",
    "online.go.join": "Rejoindre",
    "online.go.watch": "Regarder",
    "online.mode.kept": "Vos tables",
    "online.help.kept": (
        "Revenez à une table où vous avez laissé votre place\u00a0; une table que vous avez "
        "ouverte se rouvre, et tout le monde reprend sa place."
    ),
    "online.rejoin": "Revenir à {code} ({name})",
    "online.open_again": "Rouvrir {code}",
    "online.help.host": (
        "Vos amis entrent l'adresse de cet ordinateur et le code de la table\u00a0; les places "
        "libres vont aux robots."
    ),
    "online.help.join": (
        "L'écran de l'hôte affiche l'adresse (comme 192.168.1.20:7707) et le code de six "
        "caractères."
    ),
    "online.help.watch": "Un spectateur voit chaque carte retournée, pour un grand écran.",
    "online.bad_name": "Votre nom\u00a0: {problem}",
    "online.too_few": "Une table compte au moins deux places",
    "online.bad_target": "Points pour gagner\u00a0: un nombre entier de 1 à 300",
    "online.bad_address": (
        "Adresse du serveur\u00a0: un nom ou un numéro, comme 192.168.1.20 ou 192.168.1.20:7707"
    ),
    "online.bad_code": "Code de la table\u00a0: six lettres ou chiffres",
    "online.cannot_host": "La table n'a pas pu s'ouvrir\u00a0: {reason}",
    "online.here_name": "Place {n}",
    "online.lobby": "Table",
    "online.leave": "Partir",
    "online.start": "Lancer la partie",
    "online.end_ask": (
        "Vous êtes l'hôte\u00a0: fermer termine la table pour tous. Elle est gardée\u00a0: "
        "rouvrez-la plus tard depuis Jouer en ligne et tout le monde reprend sa place."
    ),
    "online.end": "Fermer la table",
    "online.code": "Code de la table\u00a0: {code}",
    "online.give": "Donnez à vos amis l'adresse {where} et le code.",
    "online.private": (
        "Cet ordinateur uniquement peut se connecter (port {port})\u00a0: choisissez D'autres "
        "ordinateurs pour vos amis."
    ),
    "online.seat_open": "(place libre)",
    "online.seat_you": "vous",
    "online.seat.human": "une personne",
    "online.seat.bot": "un robot",
    "online.seat.open": "en attente",
    "online.host_closed": (
        "L'hôte a fermé la table. Elle est gardée\u00a0: vous reprenez votre place dès sa "
        "réouverture."
    ),
    "online.refused": "Le serveur répond\u00a0: {message}",
    "online.cannot_reach": "{url} ne répond pas, nouvel essai… {reason}",
    "online.connecting": "Connexion à {url}…",
    "online.watch_wait": "En attente du début de la partie",
    "online.host_wait": (
        "Lancez quand tout le monde est là\u00a0: les places libres vont aux robots"
    ),
    "online.join_wait": "Vous êtes à la table\u00a0: l'hôte va lancer la partie",
    "online.reconnecting": "Connexion perdue\u00a0: nouvel essai… votre place vous attend",
    "online.away": (
        "{name} a perdu la connexion\u00a0: un robot prend sa place dans {seconds}\u00a0s"
    ),
    "online.stand_in": "Un robot joue pour {name} jusqu'à son retour",
    "online.pause_host": (
        "Vous êtes l'hôte\u00a0: Retour au menu ferme la table pour tous (elle est "
        "gardée\u00a0; rouvrez-la depuis Jouer en ligne)."
    ),
    "online.pause_guest": (
        "La partie continue sur le serveur\u00a0: votre place vous attend (Jouer en ligne, "
        "Revenir)."
    ),
    "setup.spec_hint": "fichier.py:fonction",
    "setup.add_human": "+ Humain",
    "setup.add_bot": "+ Bot",
    "setup.tip.dealer": "Première donne (cliquer à nouveau\u00a0: au hasard)",
    "setup.tip.up": "Monter d'une place",
    "setup.tip.down": "Descendre d'une place",
    "setup.tip.remove": "Retirer cette place",
    "setup.rules": "Règles",
    "setup.target": "Points pour gagner",
    "setup.target_help": "La partie finit après la manche où quelqu'un les atteint.",
    "setup.opening": "Premier tour d'une manche",
    "setup.opening.must_hit": "Tout le monde pioche",
    "setup.opening.must_hit.help": "Pas de distribution\u00a0: sans carte devant soi, on doit "
    "piocher (règle française).",
    "setup.opening.deal": "Une carte par place",
    "setup.opening.deal.help": "La donne commence par une carte par place (éditions "
    "anglaise et allemande).",
    "setup.f3": "Si la cible de «\u00a0Trois à la suite\u00a0» saute",
    "setup.f3.discard": "Défausser",
    "setup.f3.discard.help": "Les cartes mises de côté pendant le «\u00a0Trois à la "
    "suite\u00a0» sont défaussées (FAQ actuelle).",
    "setup.f3.resolve": "Les donner quand même",
    "setup.f3.resolve.help": "La cible qui a sauté donne quand même les cartes mises de côté "
    "aux personnes encore en jeu (premier tirage).",
    "setup.dealer": "Première donne",
    "setup.dealer_random": "Manche 1\u00a0: donne au hasard — D à côté d'une place",
    "setup.dealer_is": "Manche 1\u00a0: {name} distribue — D à côté d'une place",
    "setup.random": "Au hasard",
    "setup.seed": "Graine",
    "setup.seed_help": "La même graine mélange le même paquet\u00a0: une partie rejouable. "
    "Vide\u00a0: au hasard.",
    "setup.start": "Commencer",
    "setup.error.name_empty": "Chaque place doit avoir un nom",
    "setup.error.name_twice": "Les noms doivent tous être différents",
    "setup.error.seats": "La table accueille de {min} à {max} personnes",
    "setup.error.target": "Points pour gagner\u00a0: un nombre entier de 1 à 10 000",
    "setup.error.seed": "Graine\u00a0: un nombre entier",
    "setup.error.plugin": "Extension\u00a0: aucune fonction de bot à cet endroit "
    "(CHEMIN.py:FONCTION ou paquet.module:FONCTION)",
    "files.save_title": "Enregistrer la partie",
    "files.load_title": "Charger une partie",
    "files.folder": "Parties enregistrées\u00a0: {folder}",
    "files.none": "Aucune partie enregistrée",
    "files.last_finished": "dernière partie terminée",
    "files.path_hint": "Nom de fichier ou chemin complet",
    "files.browse": "Parcourir…",
    "files.browse_title": "Choisir un fichier de partie",
    "files.save": "Enregistrer",
    "files.load": "Charger",
    "files.cancel": "Annuler",
    "files.no_name": "Tapez d'abord un nom de fichier",
    "notice.saved": "Partie enregistrée\u00a0: {file}",
    "notice.save_failed": "Impossible d'enregistrer {file}\u00a0: {reason}. La partie continue.",
    "notice.load_failed": "Impossible d'ouvrir {file}\u00a0: {reason}",
    "load.why.unplayable": "ce fichier ne peut pas être joué — {detail}",
    "load.why.not_a_game": "ce n'est pas un fichier de partie ({detail})",
    "load.why.observed": "une partie jouée avec de vraies cartes\u00a0: python -m game.advise "
    "FICHIER la suit",
    "load.why.seats.one": "{n} personne\u00a0: cette table en accueille de {low} à {high}",
    "load.why.seats.other": "{n} personnes\u00a0: cette table en accueille de {low} à {high}",
    "notice.plugin_failed": "L'extension de {name} s'est arrêtée ({reason}). Le bot de base "
    "joue pour {name} jusqu'à la fin de la partie.",
    "trust.title": "Lancer une extension\u00a0?",
    "trust.body": "{name} est joué par une extension nommée dans ce fichier. Une extension "
    "est un programme (du code Python)\u00a0: il peut faire tout ce que vous pouvez faire "
    "sur cet ordinateur. Ne le lancez que si vous avez confiance en sa provenance. Sinon, "
    "le bot de base joue à sa place et le fichier garde le nom de l'extension.",
    "trust.where": "Code\u00a0: {where}",
    "trust.run": "Lancer ce code",
    "trust.decline": "Bot de base",
    "notice.autosave_failed": "La partie n'a pas pu être enregistrée ({reason}). Elle "
    "continue\u00a0; le dernier enregistrement est conservé.",
    "notice.autosave_broken": "La partie en cours ne peut pas reprendre ({reason}). "
    "Le fichier est conservé sous le nom {file}.",
    "summary.countdown": "{label} ({seconds})",
    "notice.settings_broken": "Le fichier de réglages est inutilisable ({problem})\u00a0: réglages "
    "par défaut, l'ancien fichier est conservé sous le nom {file}.",
    "notice.settings_unsaved": "Les réglages n'ont pas pu être enregistrés dans {file}.",
    "settings.language": "Langue",
    "settings.speed": "Vitesse des animations",
    "settings.speed_help": "Aussi + et − à la table",
    "settings.reduced_motion": "Animations réduites",
    "settings.motion_help": "Les cartes apparaissent en place, avec une légende",
    "settings.hints": "Conseils",
    "settings.hints_help": "Risque de sauter et gain moyen",
    "settings.volume": "Volume du son",
    "settings.no_sound": "Aucune sortie audio trouvée",
    "settings.window": "Taille de la fenêtre",
    "settings.fullscreen": "Plein écran",
    "settings.on": "Oui",
    "settings.off": "Non",
    "settings.back": "Retour",
    "settings.saved_in": "Réglages conservés dans {file}",
    "rules.tab.basics": "Le jeu",
    "rules.tab.actions": "Cartes action",
    "rules.tab.tricky": "Cas délicats",
    "rules.basics.goal": "La partie s'arrête après la manche où quelqu'un atteint 200 "
    "points\u00a0; "
    "le plus haut total gagne alors.",
    "rules.basics.turn": "À votre tour, piochez (une carte, face visible) ou restez (vous "
    "gardez vos points et quittez la manche). Sans carte devant vous, "
    "vous devez piocher.",
    "rules.basics.bust": "Un nombre que vous avez déjà vous fait sauter\u00a0: 0 point pour "
    "cette manche.",
    "rules.basics.flip7": "Sept nombres différents font un Flip 7\u00a0: 15 points de plus, et la "
    "manche s'arrête aussitôt pour tout le monde.",
    "rules.basics.score": "Votre score\u00a0: la somme de vos nombres, doublée par ×2, plus les "
    "bonus +2 à +10.",
    "rules.basics.end": "Atteindre 200 pendant une manche ne l'arrête pas. En cas d'égalité "
    "en tête, on joue une manche de plus.",
    "rules.example.score": "Compter une main",
    "rules.example.flip7": "Un Flip 7",
    "rules.actions.freeze": "Qui la révèle choisit une personne encore dans la manche — "
    "soi-même compris — qui garde ses points et sort de la manche.",
    "rules.actions.flip_three": "Qui la révèle choisit une personne encore dans la manche, qui "
    "prend les trois cartes suivantes une à une. Cela s'arrête "
    "plus tôt si elle saute ou réussit un Flip 7.",
    "rules.actions.second_chance": "Gardez-la devant vous\u00a0: elle annule un nombre en double. "
    "Une seule à la fois — une deuxième va à une autre personne "
    "encore dans la manche.",
    "rules.tricky.sc.title": "Seconde Chance contre un doublon",
    "rules.tricky.sc": "Vous avez un 5 et une Seconde Chance et révélez un autre 5\u00a0: le "
    "nouveau 5 et la Seconde Chance vont à la défausse. Vous gardez votre "
    "premier 5 et restez dans la manche, mais votre tour s'arrête.",
    "rules.tricky.tray.title": "Les cartes mises de côté",
    "rules.tricky.tray": "Un Stop ou un Trois à la suite révélé pendant un Trois à la suite est "
    "mis de côté. Après la troisième carte, la cible les donne dans "
    "l'ordre, un à un. Si elle saute, ils sont défaussés.",
    "rules.tricky.last.title": "Stop sur la dernière personne en jeu",
    "rules.tricky.last": "Si personne d'autre n'est encore dans la manche, un Stop ou un "
    "Trois à la suite que vous révélez est pour vous\u00a0: un Stop vous fait "
    "garder vos points et la manche s'arrête.",
    "rules.cap.hand": "votre main",
    "rules.cap.revealed": "révélée",
    "rules.cap.after": "après",
    "rules.cap.tray": "le Stop attend, mis de côté",
    "rules.cap.alone": "sans personne d'autre en jeu",
    "rules.cap.banked": "garde 21",
    # the replay viewer (ui/table/replay.py)
    "replay.menu": "Revoir",
    "replay.files_title": "Revoir une partie",
    "replay.examples": "Exemples fournis avec le jeu",
    "replay.watch": "Revoir",
    "replay.watch_game": "Revoir",
    "replay.save_game": "Enregistrer",
    "replay.this_game": "cette partie",
    "replay.stays": "{who} reste",
    "replay.at_start": "le début",
    "replay.decision": "Décision {k} / {n}",
    "replay.game_over": "fin de la partie",
    "replay.next": "ensuite\u00a0: {what}",
    "replay.file_ends": "le fichier s'arrête ici, en attente\u00a0: {what}",
    "replay.round": "Manche {round}",
    "replay.tip.start": "Retour au début (Début)",
    "replay.tip.back": "Une décision en arrière (←)",
    "replay.tip.play": "Lecture / pause (Espace)",
    "replay.tip.forward": "Une décision en avant (→)",
    "replay.tip.speed": "Vitesse (+ / −)",
    # the coach (ui/table/review_screen.py)
    "review.button": "Analyse",
    "review.coach": "Coach",
    "review.tip": (
        "L'analyse du coach pour cette partie (C)\u00a0; [ et ] vont aux décisions coûteuses"
    ),
    "review.working": "Le coach analyse la partie… {percent}\u00a0%",
    "review.failed": "L'analyse n'a pas pu être faite.",
    "review.title": "L'analyse du coach",
    "review.summary.one": (
        "{who}\u00a0: {n} décision analysée, {matched} comme l'expert\u00a0; {left}"
    ),
    "review.summary.other": (
        "{who}\u00a0: {n} décisions analysées, {matched} comme l'expert\u00a0; {left}"
    ),
    "review.left.one": "{points} point espéré laissé sur la table",
    "review.left.other": "{points} points espérés laissés sur la table",
    "review.costliest": "Les décisions les plus coûteuses",
    "review.none": "Aucune décision coûteuse\u00a0: bien joué\u00a0!",
    "review.go": "Aller à cette décision dans le replay (1–3)",
    "review.close": "Fermer",
    "review.chart": "Chances de gagner, manche par manche",
    "review.hit_line": (
        "Manche {round}\u00a0: {who} pioche à {risk}\u00a0% de risque de sauter avec {score} points"
    ),
    "review.stay_line": (
        "Manche {round}\u00a0: {who} reste à {risk}\u00a0% de risque de sauter avec {score} points"
    ),
    "review.target_line": "Manche {round}\u00a0: {who} donne la carte {card} à {target}",
    "review.bar_hit": "{who} pioche",
    "review.bar_stay": "{who} reste",
    "review.bar_target": "{who} donne la carte {card} à {target}",
    "review.expert": "l'expert\u00a0: {what}",
    "review.matched": "{what}, comme l'expert",
    "review.cost.one": (
        "{what}\u00a0: {points} point espéré, {win}\u00a0% de chances de gagner ({expert})"
    ),
    "review.cost.other": (
        "{what}\u00a0: {points} points espérés, {win}\u00a0% de chances de gagner ({expert})"
    ),
    # the guided first game (ui/table/tutorial.py)
    "tutorial.menu": "Apprendre à jouer",
    "tutorial.offer": (
        "Nouveau à Flip 7\u00a0? Apprendre à jouer\u00a0: une première partie guidée, "
        "cinq manches courtes (G)"
    ),
    "tutorial.you": "Vous",
    "tutorial.saved_rule": (
        "Vous aviez un 9 et une Seconde Chance et vous avez retourné un autre 9\u00a0: le nouveau "
        "9 et la Seconde Chance sont partis à la défausse. Vous gardez votre premier 9 et "
        "restez dans la manche, mais votre tour s'arrête."
    ),
    "tutorial.heading": "Leçon {n} sur {of}",
    "tutorial.clauses": "(Règles {clauses})",
    "tutorial.insist": (
        "Encore une carte, s'il vous plaît\u00a0: cette leçon en a besoin. Piochez (P)."
    ),
    "tutorial.ok": "Entrée ou un clic ici\u00a0: OK",
    "tutorial.press_hit": "Piochez (P).",
    "tutorial.your_choice": "À vous de choisir\u00a0: votre choix compte.",
    "tutorial.done": "Bravo\u00a0: vous avez vu toutes les cartes de Flip 7\u00a0!",
    "tutorial.ok_menu": "Entrée ou un clic ici\u00a0: retour au menu",
    "tutorial.hit": "À vous\u00a0: votre première carte est posée. Prenez-en une autre.",
    "tutorial.bust": "Bob tire un second 3\u00a0: il saute, 0 point cette manche.",
    "tutorial.stay": "Piochez encore, ou restez pour garder vos points.",
    "tutorial.round": (
        "Nouvelle manche\u00a0: tout le monde repart sans cartes, les totaux restent. Piochez."
    ),
    "tutorial.modifier": "Un +4\u00a0: un modificateur ajoute ses points et ne fait jamais sauter.",
    "tutorial.x2": "×2 double la somme de vos nombres\u00a0: 9 × 2 + 4 = 22.",
    "tutorial.second_chance": (
        "Une Seconde Chance, gardée devant vous. La prochaine carte est un 9…"
    ),
    "tutorial.saved": "Sauvé\u00a0! Le second 9 et la Seconde Chance sont partis à la défausse.",
    "tutorial.round_freeze": "Manche suivante. Piochez\u00a0: une carte action arrive.",
    "tutorial.freeze": "Une carte Stop\u00a0: cliquez sur la personne qui doit s'arrêter (ou 1–3).",
    "tutorial.round_flip_three": "Manche suivante. Piochez encore.",
    "tutorial.flip_three": (
        "Trois à la suite\u00a0: choisissez qui prend les trois cartes suivantes (ou 1–3)."
    ),
    "tutorial.tray": (
        "Un Stop est sorti pendant le Trois à la suite\u00a0: il attend sur le plateau."
    ),
    "tutorial.flip7": (
        "Dernière leçon\u00a0: réunissez sept nombres différents. Piochez encore\u00a0!"
    ),
    # the guided first game: the effect queue
    "tutorial.queue": (
        "La carte donnée depuis le plateau attend dans la file des effets\u00a0: "
        "une fois toutes les cartes mises de côté données, elles "
        "s'appliquent une à une, dans l'ordre."
    ),
    "live.reveal": "Carte pour {name}\u00a0: tapez-la ou cliquez-la",
    "live.hit_or_stay": "{name} — la carte retournée, ou Entrée pour rester",
    "live.keys": (
        "0–9 · 1 puis 0/1/2\u00a0: 10–12 · x ×2 · + puis 2–10 · f t s\u00a0: Stop, Trois à la "
        "suite, Seconde Chance · Retour arrière\u00a0: annuler · B\u00a0: gros caractères"
    ),
    "live.keys_stay": "Entrée\u00a0: rester",
    "live.reveal_short": "Carte pour {name}",
    "live.hit_or_stay_short": "{name}\u00a0: une carte, ou Entrée pour rester",
    "live.keys_short": (
        "0–9 · 1 0/1/2 · x ×2 · + 2–10 · f t s · Retour arrière\u00a0: annuler · "
        "B\u00a0: gros texte"
    ),
    "live.keys_watch": "La partie est finie · Retour arrière\u00a0: annuler · Échap\u00a0: pause",
    "live.not_a_card": "Aucune carte n'est à retourner\u00a0: choisissez qui la reçoit",
    "live.refused": "Aucun {card} ne peut être retourné\u00a0: tous sont sur la table ou défaussés",
    "live.sheet_failed": "La manche n'a pas pu aller sur la feuille de score ({reason})",
    "live.odds": "risque {bust}\u00a0% · {gain}",
    "live.win": "victoire {win}\u00a0%",
    "live.tip.undo": "Reprendre la dernière carte ou décision saisie (Retour arrière)",
    "sheet.live": "Cartes…",
    "sheet.tip.live": (
        "Suivre la manche carte par carte\u00a0: chances, conseils, et les scores "
        "remplis d'eux-mêmes"
    ),
    "sheet.over_no_live": "La partie de cette feuille est finie\u00a0: aucune manche à suivre",
    "live.advice.hit": "Conseil\u00a0: {name} devrait piocher",
    "live.advice.stay": "Conseil\u00a0: {name} devrait rester",
    "live.advice.target": "Conseil\u00a0: {name} devrait donner la carte {card} à {target}",
    "live.advice.keep": "Conseil\u00a0: {name} devrait garder la carte {card}",
    "live.advice.why": "{advice} — {why}",
    "live.points.one": "{n} point",
    "live.points.other": "{n} points",
    "live.points_at.one": "{n} point",
    "live.points_at.other": "{n} points",
    "live.pp.one": "{n} point de pourcentage",
    "live.pp.other": "{n} points de pourcentage",
    "live.why.stay_wins": "avec {points_at}, rester gagne la partie tout de suite",
    "live.why.hit_cannot_win": "rester à {points_at} ne peut pas gagner la partie",
    "live.why.hit_safe": "une carte rapporte {gain} en moyenne, sans risque de sauter",
    "live.why.hit_worth": (
        "une carte rapporte {gain} en moyenne, ce qui vaut le risque de sauter ({risk}\u00a0%)"
    ),
    "live.why.hit_behind": (
        "une carte coûte {loss} en moyenne, mais rester à {points_at} ne peut plus gagner la partie"
    ),
    "live.why.stay_loses": (
        "avec un risque de sauter de {risk}\u00a0%, une carte coûte {loss} en moyenne"
    ),
    "live.why.stay_risk": (
        "une carte rapporte {gain} en moyenne, mais risquer ses {points} ({risk}\u00a0% de "
        "sauter) coûte plus de chances de victoire qu'elle n'en apporte"
    ),
    "live.why.second_chance": "{target} a le plus de retard",
    "live.why.freeze_keep": "{name} encaisse {points}, {best}",
    "live.why.freeze": "{target} s'arrête à {points_at}, {best}",
    "live.why.flip_three": (
        "trois cartes font sauter {target} ({points_at}) dans {risk}\u00a0% des cas, {best}"
    ),
    "live.why.best": "le meilleur choix pour les chances de victoire de {name}",
    "live.why.best_above": (
        "le meilleur choix pour les chances de victoire de {name} ({pp} de plus que {than})"
    ),
    "live.why.best_even": (
        "le meilleur choix pour les chances de victoire de {name} (à peu près autant que {than})"
    ),
    "live.why.than_give": "la donner à {other}",
    "live.why.than_keep": "la garder",
    "menu.saved_live": "Table réelle · manche {round} · {players} · enregistrée à {time}",
    "live.menu": "Table réelle",
    "live.pause_note": (
        "Chaque saisie est enregistrée\u00a0: Continuer dans le menu, ou le bouton Cartes… de "
        "la feuille de score, reprend cette partie."
    ),
}
