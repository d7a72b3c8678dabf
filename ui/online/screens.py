"""Play online: host a table, join one, watch one (docs/network.md, "In the window").

:class:`OnlineScene` is the form: *Host* (your name, people joining from other computers,
people at this screen, bots and their level, the target, whether other computers may
connect), *Join* (the server's address, the table's code, your name), *Watch* (address
and code), and the tables this window sat at (*Rejoin*, or *Open again* for a table it
hosted). :class:`LobbyScene` waits for the game to start: the code and the addresses to
give, who has joined, *Start* for the host. Both reach the table by name
(``app.go("net_table", session)``).
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.limits import MAX_NAME, name_problem
from game.net import discovery
from game.net.protocol import HOST_CLOSED
from ui.assets import CREAM, GOLD, MUTED, RED
from ui.config import BOT_NAMES
from ui.context import Context
from ui.i18n import t, tn
from ui.online.session import OnlineSession, SeatKey, kept_seats, local_addresses, server_url
from ui.screens.forms import FormScene
from ui.theme import window_scale

MODES = ("host", "join", "watch")  # and "kept": the tables this window sat at
LEVELS = ("easy", "normal", "expert")
COUNTS = {"away": (0, 17), "here": (0, 5), "bots": (0, 17)}  # fewest, most
MOST_SEATS = 18
SHOWN_SEATS = 6  # kept seats offered for Rejoin (the newest)
LABEL = 0.46  # of the panel's width: the labels left of the fields
LISTEN = ("", discovery.PORT)  # where the Join tab hears tables nearby (game.net.discovery)
LOOK_EVERY = 0.5  # seconds between two looks at what was heard


def seats_file(app: Context) -> Path:
    return Path(app.dirs.data) / "online" / "seats.json"


def tables_folder(app: Context) -> Path:
    """Where a table this window hosts is kept (as ``python -m game.server`` keeps it)."""
    return Path(app.dirs.data) / "tables"


class OnlineScene(FormScene):
    TITLE = "online.title"
    PANEL_BOX = (900, 180, 84)

    def __init__(self, app: Context) -> None:
        super().__init__(app)
        self.mode = "host"
        self.values = {
            "name": t("menu.you"),
            "address": "",
            "code": "",
            "target": "200",
        }
        self.counts = {"away": 1, "here": 0, "bots": 2}
        self.level = "normal"
        self.public = False
        self.problem: str | None = None
        self.kept: list[SeatKey] = []
        self.listener: discovery.Listener | None = None  # on the Join tab: tables nearby
        self.found: list[tuple[str, discovery.Found]] = []
        self._look = 0.0

    # ------------------------------------------------------------ widgets
    def rows(self) -> tuple[pygame.Rect, int, int]:
        """The panel, the height of a row and the gap between rows."""
        panel = self.panel_rect()
        u = window_scale(self.app.size)
        return panel, round(40 * u), round(12 * u)

    def build(self, u: float) -> None:
        self.kept = kept_seats(seats_file(self.app))[:SHOWN_SEATS]
        if self.mode == "kept" and not self.kept:
            self.mode = "host"
        panel, bh, gap = self.rows()
        pad = round(24 * u)
        inner = panel.inflate(-2 * pad, 0)
        modes = MODES + ("kept",) if self.kept else MODES
        self.choice(
            "mode",
            [(m, t(f"online.mode.{m}")) for m in modes],
            self.mode,
            pygame.Rect(inner.x, panel.y + pad, inner.w, bh),
            gap,
        )
        x = inner.x + round(inner.w * LABEL)
        field = pygame.Rect(x, panel.y + pad + bh + 2 * gap, inner.right - x, bh)
        for row in self.form_rows():
            self.field(row, field, gap, u)
            field.y += bh + gap
        if self.mode == "join":
            self.listen()
            room = panel.bottom - round(58 * u)  # the help's lines below
            for i, (addr, found) in enumerate(self.found):
                if field.bottom > room:
                    break
                text = tn(
                    "online.found", found.open, count=found.open, host=found.host, code=found.table
                )
                self.button(f"found:{i}", field, f"{text} · {addr}", "#menu_button")
                field.y += bh + gap // 2
        if self.mode == "kept":  # a button a table, the newest first
            for i, key in enumerate(self.kept):
                words = "online.open_again" if key.hosted else "online.rejoin"
                text = t(words, code=key.table, name=key.name)
                self.button(f"kept:{i}", (inner.x, field.y, inner.w, bh), text, "#menu_button")
                field.y += bh + gap
        w_, h_ = self.app.size
        bw = round(220 * u)
        by = h_ - round(70 * u)
        self.button("back", (w_ // 2 - bw - round(10 * u), by, bw, bh + 10), t("settings.back"))
        self.widgets["back"].change_object_id("#menu_button")
        if self.mode != "kept":
            self.button(
                "go",
                (w_ // 2 + round(10 * u), by, bw, bh + 10),
                t(f"online.go.{self.mode}"),
                "#primary_button",
            )

    def field(self, row: str, r: pygame.Rect, gap: int, u: float) -> None:
        """The widgets of one row of the form, in ``r`` (right of its label)."""
        if row in ("name", "address", "code", "target"):
            self.entry(row, r, self.values[row], MAX_NAME if row != "code" else 8)
        elif row in COUNTS:
            small = r.h + round(8 * u)
            self.button(f"less:{row}", (r.x, r.y, small, r.h), "−", "#tool_button")
            self.button(f"more:{row}", (r.right - small, r.y, small, r.h), "+", "#tool_button")
        elif row == "level":
            self.choice("level", [(v, t(f"setup.level.{v}")) for v in LEVELS], self.level, r, gap)
        elif row == "public":
            options = [("no", t("online.public.no")), ("yes", t("online.public.yes"))]
            self.choice("public", options, "yes" if self.public else "no", r, gap)

    # ------------------------------------------------------------ tables nearby
    def listen(self) -> None:
        if self.listener is None:
            self.listener = discovery.Listener(LISTEN)

    def stop_listening(self) -> None:
        if self.listener is not None:
            self.listener.stop()
            self.listener = None
        self.found = []

    def update(self, dt: float) -> None:
        self._look -= dt
        if self.listener is None or self._look > 0:
            return
        self._look = LOOK_EVERY
        found = self.listener.tables()
        if found != self.found:
            self.found = found
            if self.app.on_top(self):
                self.build_ui()

    def wakeup(self) -> float | None:
        return max(0.0, self._look) if self.listener is not None else None

    def exit(self) -> None:
        super().exit()
        self.stop_listening()

    def form_rows(self) -> tuple[str, ...]:
        if self.mode == "host":
            return ("name", "away", "here", "bots", "level", "target", "public")
        if self.mode == "join":
            return ("address", "code", "name")
        if self.mode == "watch":
            return ("address", "code")
        return ()

    # ------------------------------------------------------------ input
    def on_button(self, name: str) -> None:
        what, _, value = name.partition(":")
        self.problem = None
        if what == "mode":
            self.mode = value
            if value != "join":
                self.stop_listening()
            self.build_ui()
        elif what == "found":
            addr, found = self.found[int(value)]
            self.values["address"] = f"{addr}:{found.port}"
            self.values["code"] = found.table
            self.build_ui()
        elif what in ("less", "more"):
            low, high = COUNTS[value]
            n = self.counts[value] + (1 if what == "more" else -1)
            total = 1 + sum(self.counts.values()) - self.counts[value] + n
            if low <= n <= high and total <= MOST_SEATS:
                self.counts[value] = n
        elif what == "level":
            self.level = value
            self.select("level", value)
        elif what == "public":
            self.public = value == "yes"
            self.select("public", value)
        elif what == "kept":
            self.sit_again(self.kept[int(value)])
        elif name == "back":
            self.back()
        elif name == "go":
            self.go()

    def on_text(self, name: str, text: str) -> None:
        self.values[name] = text
        self.problem = None

    def on_submit(self, name: str) -> None:
        self.go()

    def on_key(self, key: int) -> bool:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.go()
            return True
        return False

    # ------------------------------------------------------------ going
    def check(self) -> str | None:
        """Why the form cannot go yet (one line), or None."""
        v = self.values
        if self.mode in ("host", "join"):
            problem = name_problem(v["name"].strip())
            if problem:
                return t("online.bad_name", problem=problem)
        if self.mode == "host":
            seats = 1 + sum(self.counts.values())
            if seats < 2:
                return t("online.too_few")
            if not v["target"].strip().isdigit() or not 1 <= int(v["target"]) <= 300:
                return t("online.bad_target")
            return None
        try:
            server_url(v["address"])
        except ValueError:
            return t("online.bad_address")
        if len(v["code"].strip()) != 6:
            return t("online.bad_code")
        return None

    def go(self) -> None:
        if self.mode == "kept":
            return  # each table has its own button
        self.problem = self.check()
        if self.problem is not None:
            self.app.invalidate()
            return
        v = self.values
        try:
            if self.mode == "host":
                session = self.host()
            else:
                session = OnlineSession(server_url(v["address"]), seats_file(self.app))
                code = v["code"].strip().upper()
                if self.mode == "join":
                    session.join(code, v["name"].strip())
                else:
                    session.watch(code)
        except OSError as e:
            self.problem = t("online.cannot_host", reason=e)
            self.app.invalidate()
            return
        self.app.go("lobby", session)

    def host(self) -> OnlineSession:
        name = self.values["name"].strip()
        session = OnlineSession.host(
            tables_folder(self.app),
            seats_file(self.app),
            self.public,
            bot_delay=self.app.config.think_time,
        )
        here = tuple(t("online.here_name", n=i + 2) for i in range(self.counts["here"]))
        free = [n for n in BOT_NAMES if n != name and n not in here]
        bots = [{"bot": self.level, "name": n} for n in free[: self.counts["bots"]]]
        seats = ["me", *["open"] * (self.counts["away"] + len(here)), *bots]
        session.create(name, seats, {"target": int(self.values["target"])}, here)
        return session

    def sit_again(self, key: SeatKey) -> None:
        try:
            if key.hosted:
                session = OnlineSession.host(
                    tables_folder(self.app),
                    seats_file(self.app),
                    key.public,
                    key.port,
                    self.app.config.think_time,
                )
            else:
                session = OnlineSession(key.url, seats_file(self.app))
        except OSError as e:
            self.problem = t("online.cannot_host", reason=e)
            self.app.invalidate()
            return
        session.rejoin(key)
        self.app.go("lobby", session)

    # ------------------------------------------------------------ drawing
    def background_key(self) -> object:
        return self.mode, bool(self.found)

    def render_body(self, img, u: float) -> None:
        panel, bh, gap = self.rows()
        self.panel(img, panel, u)
        pad = round(24 * u)
        inner = panel.inflate(-2 * pad, 0)
        y = panel.y + pad + bh + 2 * gap
        size = round(17 * u)
        for row in self.form_rows():
            self.text(img, t(f"online.field.{row}"), size, CREAM, midleft=(inner.x, y + bh // 2))
            y += bh + gap
        if self.mode == "join":  # the tables heard nearby, beside their buttons
            words = "online.nearby" if self.found else "online.nearby_none"
            self.text(img, t(words), size, GOLD, midleft=(inner.x, y + bh // 2))

    def draw_front(self, surface, u: float) -> None:
        panel, bh, gap = self.rows()
        pad = round(24 * u)
        inner = panel.inflate(-2 * pad, 0)
        y = panel.y + pad + bh + 2 * gap
        for row in self.form_rows():
            if row in COUNTS:
                self.text(
                    surface,
                    str(self.counts[row]),
                    round(20 * u),
                    GOLD,
                    center=((inner.x + round(inner.w * LABEL) + inner.right) // 2, y + bh // 2),
                )
            y += bh + gap
        w, h = self.app.size
        line = self.problem or t(f"online.help.{self.mode}")
        width = panel.w - 2 * pad
        text = self.app.assets.wrapped(
            line, round(15 * u), RED if self.problem else MUTED, width, max_lines=2, shadow=True
        )
        surface.blit(text, text.get_rect(midbottom=(panel.centerx, panel.bottom - gap)))


class LobbyScene(FormScene):
    """Waiting at a table for its game to start (or for the connection to open)."""

    TITLE = "online.lobby"
    PANEL_BOX = (860, 170, 84)

    def __init__(self, app: Context, session: OnlineSession) -> None:
        super().__init__(app)
        self.session = session
        self.addresses = local_addresses() if session.public else []
        self._seen: object = None
        self._creator = False
        self.handed = False  # the table took the session over

    def build(self, u: float) -> None:
        w, h = self.app.size
        bw, bh = round(220 * u), round(50 * u)
        by = h - round(70 * u)
        self.button("leave", (w // 2 - bw - round(10 * u), by, bw, bh), t("online.leave"))
        self.widgets["leave"].change_object_id("#menu_button")
        if self.session.creator:
            self.button(
                "start", (w // 2 + round(10 * u), by, bw, bh), t("online.start"), "#primary_button"
            )

    def on_button(self, name: str) -> None:
        if name == "leave":
            self.back()
        elif name == "start":
            self.session.start()

    def on_key(self, key: int) -> bool:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.session.creator:
            self.session.start()
            return True
        return False

    def back(self) -> None:
        question = self.quit_question()
        if question is not None and any(s.get("kind") == "human" for s in self.others()):
            self.app.go("confirm", *question, self._leave)  # friends have sat down: ask
            return
        self._leave()

    def others(self) -> list[dict]:
        """The seats of the table that are not this screen's."""
        mine = self.session.my_seats()
        seats = (self.session.state or {}).get("seats") or []
        return [s for i, s in enumerate(seats) if i not in mine]

    def _leave(self) -> None:
        self.app.back()

    def exit(self) -> None:
        super().exit()
        if not self.handed:
            self.session.close()

    def quit_question(self) -> tuple[str, str] | None:
        if self.session.hosted is None:
            return None
        return t("online.end_ask"), t("online.end")

    def shutdown(self) -> None:
        self.session.close()

    def update(self, dt: float) -> None:
        s = self.session
        s.poll()
        if s.started:
            self.handed = True
            self.app.go("net_table", s, replace=True)
            return
        seen = (s.state and s.state.get("version"), s.status, s.creator, s.error, s.ended)
        if seen != self._seen:
            rebuild = self._seen is None or s.creator != self._creator
            self._seen, self._creator = seen, s.creator
            if rebuild and self.app.on_top(self):
                self.build_ui()
            self._bg_key = None
            self.app.invalidate()

    def wakeup(self) -> float | None:
        return 0.05

    def background_key(self) -> object:
        return self._seen

    def render_body(self, img, u: float) -> None:
        s = self.session
        panel = self.panel_rect()
        self.panel(img, panel, u)
        pad = round(24 * u)
        x, y = panel.x + pad, panel.y + pad
        width = panel.w - 2 * pad
        if s.table is not None:
            r = self.text(img, t("online.code", code=s.table), round(34 * u), GOLD, topleft=(x, y))
            y = r.bottom + round(8 * u)
        if s.hosted is not None:
            if self.addresses:
                where = "  ·  ".join(f"{a}:{s.port}" for a in self.addresses)
                line = t("online.give", where=where)
            elif s.public:
                line = t("online.give", where=f"?:{s.port}")
            else:
                line = t("online.private", port=s.port)
            r = self.para(img, line, round(16 * u), width, (x, y), CREAM, max_lines=2)
            y = r.bottom + round(12 * u)
        status = self.status_line()
        if status:
            color = RED if s.status != "open" or s.error else MUTED
            r = self.para(img, status, round(16 * u), width, (x, y), color, max_lines=2)
            y = r.bottom + round(12 * u)
        seats = (s.state or {}).get("seats") or []
        size = round(18 * u)
        row = round(30 * u)
        mine = s.my_seats()
        for i, seat in enumerate(seats):
            if y + row > panel.bottom - pad:
                break
            name = seat.get("name") or t("online.seat_open")
            who = t("online.seat_you") if i in mine else t(f"online.seat.{seat.get('kind')}")
            if seat.get("kind") == "bot":
                who = t("setup.bot", level=t(f"setup.level.{seat.get('bot') or 'normal'}"))
            color = CREAM if seat.get("kind") != "open" else MUTED
            self.text(img, f"{i + 1}.  {name}", size, color, midleft=(x, y + row // 2))
            self.text(
                img, who, size, GOLD if i in mine else MUTED, midright=(x + width, y + row // 2)
            )
            y += row

    def status_line(self) -> str:
        s = self.session
        if s.ended:
            return t("online.host_closed")
        if s.error is not None:
            return t("online.refused", message=s.error.get("message", ""))
        if s.status == "lost":
            reason = "" if s.reason == HOST_CLOSED else s.reason
            return t("online.cannot_reach", url=s.url, reason=reason)
        if s.status != "open" or s.state is None:
            return t("online.connecting", url=s.url)
        if s.watching:
            return t("online.watch_wait")
        return t("online.host_wait") if s.creator else t("online.join_wait")
