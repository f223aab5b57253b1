"""The routes of ``cardcore serve``: pages for people, a JSON API under ``/api`` for the pages and
for scripts. Every request body is checked by a pydantic model; games are named by ids the server
made or listed; a refused request changes nothing and says why (4xx, ``{"error": "..."}``)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import sys
import traceback
from pathlib import Path
from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from ..cli_options import make_game
from ..cli_sim import split_bots
from ..errors import CardcoreError
from ..match import DEFAULT_HINT_BOT
from ..players import HUMAN, LEVELS, level_bot
from ..plugins import bot_names, get_games
from ..text.lines import plain
from .cards import back_svg, card_svg
from .compare import CompareJobs, plot_svg
from .guard import NoFraming, SameOriginOnly, allowed_hosts, is_local
from .limits import (COMPARE_GAMES, COMPARE_SECONDS, ECHO_CHARS, MOVE_BODY_BYTES, REQUEST_BODY_BYTES,
                     check_web_bot)
from .layout import TABLE_LAYOUT
from .live import LiveTables
from .render import action_html, grid_html, inline_card, line_html
from .seats import HOST_COOKIE, KEY_PARAM, SEAT_COOKIE, Gate, SeatSecrets, new_secret, same_secret
from .store import Store
from .tables import HOST, Refused

HERE = Path(__file__).parent
TEXTS = ("moves", "help", "hint", "score", "history")
OptionValue = Union[bool, int, str]
BotSpec = Annotated[str, Field(max_length=400)]
JSON_DEPTH = 20  # the requests' JSON is two levels deep; deeper is no request of this API
SINCE = re.compile(r"[0-9]{1,9}")


class NewGame(BaseModel):
    """A game to start: the game (a name or game string), options as ``-o`` takes them, a preset,
    the person's seat (none: watch bots) or the seats of several people (``humans``, each invited
    by a link of its own), the bots (one per other seat, or one for all) or a level."""

    model_config = ConfigDict(extra="forbid")
    game: str = Field(min_length=1, max_length=400)
    options: dict[str, OptionValue] = Field(default_factory=dict, max_length=50)
    preset: str | None = Field(default=None, max_length=100)
    seat: int | None = Field(default=0, ge=0, le=16)
    humans: list[Annotated[int, Field(ge=0, le=16)]] | None = Field(default=None, max_length=16)
    watch: bool = False
    bots: list[BotSpec] = Field(default_factory=list, max_length=16)
    level: Literal["easy", "normal", "hard"] | None = None
    seed: int | None = Field(default=None, ge=0, le=2**63 - 1)


class Move(BaseModel):
    """A move, typed as at the terminal's prompt: ``play QS``, ``QS``, ``QS JH``, ``3``, ``pass``."""

    model_config = ConfigDict(extra="forbid")
    action: str = Field(min_length=1, max_length=400)
    confirm: bool = False  # a standing action that asks to be confirmed is taken only confirmed


class SeatBot(BaseModel):
    """A bot seat's new level, chosen at the table."""

    model_config = ConfigDict(extra="forbid")
    level: Literal["easy", "normal", "hard"]


class HandOver(BaseModel):
    """A seat a person left, handed to a bot: a spec, or the level's bot (normal when neither)."""

    model_config = ConfigDict(extra="forbid")
    bot: BotSpec | None = None
    level: Literal["easy", "normal", "hard"] | None = None


class NewComparison(BaseModel):
    model_config = ConfigDict(extra="forbid")
    arms: list[str] = Field(min_length=2, max_length=8)
    bots: str = Field(default="greedy", min_length=1, max_length=400)
    n: int = Field(default=100, ge=1, le=COMPARE_GAMES)
    seed: int = Field(default=1, ge=0, le=2**63 - 1)


class BadRequest(Exception):
    def __init__(self, message: str, status: int = 400):
        self.message, self.status = message, status


async def read_body(request: Request, limit: int) -> bytes:
    """The body, refused with 413 as soon as it is known to be over ``limit`` bytes: from its
    declared length before any of it is read, else while it streams in."""
    declared = request.headers.get("content-length")
    too_big = f"The request body is over the {limit} bytes this request may send."
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise BadRequest(too_big, 413)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise BadRequest(too_big, 413)
    return bytes(body)


def json_depth(value) -> int:
    """How deeply lists and objects nest in ``value`` (counted without recursion), up to one
    past JSON_DEPTH."""
    deepest, stack = 0, [(value, 1)]
    while stack and deepest <= JSON_DEPTH:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, depth)
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


async def parse(request: Request, model: type[BaseModel], limit: int = REQUEST_BODY_BYTES) -> BaseModel:
    nested = f"the JSON is nested too deeply (more than {JSON_DEPTH} levels)"
    try:
        data = json.loads(await read_body(request, limit) or b"null")
    except RecursionError:
        raise BadRequest(nested) from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise BadRequest(f"malformed JSON: {exc}") from None
    if json_depth(data) > JSON_DEPTH:
        raise BadRequest(nested)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'body'}: {e['msg']}" for e in exc.errors())
        raise BadRequest(f"bad request: {problems}", 422) from None


def error(message: str, status: int) -> JSONResponse:
    """A refusal; a message that repeats much of the request is cut short."""
    if len(message) > ECHO_CHARS:
        message = message[: ECHO_CHARS - 1] + "…"
    return JSONResponse({"error": message}, status_code=status)


class ServerErrors:
    """An unexpected error (a bug, not a refused request) answers 500 with ``{"error": ...}``, a
    short message and no traceback, as every other error of the API does; the traceback goes to the
    server's stderr, where the person who started it can report it."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        started = False

        async def watched_send(message):
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watched_send)
        except Exception as exc:
            sys.stderr.write(f"cardcore serve: unexpected error in {scope.get('method', '')} {scope.get('path', '')}\n"
                             + "".join(traceback.format_exception(exc)))
            sys.stderr.flush()
            if started:  # too late for an answer of its own: the connection is closed half-way
                raise
            message = f"Unexpected error in cardcore serve ({type(exc).__name__}); the server's output has the details."
            await error(message, 500)(scope, receive, send)


def game_list() -> list[dict]:
    """The installed games with what the start page offers for each: options, presets, seats, bots."""
    out = []
    for entry in sorted(get_games().values(), key=lambda e: e.name):
        try:
            g = make_game(entry.name, [], None)
        except CardcoreError:  # a broken plugin's game is left off the page; `cardcore games` says why
            continue
        out.append({"name": g.name, "title": g.title, "summary": g.rules.meta.summary, "players": g.players,
                    "options": [{**row, "values": row["values"]} for row in g.option_set().describe()],
                    "presets": sorted(g.rules_source().presets), "bots": bot_names(g.name),
                    "levels": {level: level_bot(level, g) for level in LEVELS}})
    return out


def human_seats(new: NewGame, n: int) -> list[int]:
    """The seats people play: ``humans``, else ``seat`` (none when watching)."""
    if new.humans is not None:
        if new.watch or "seat" in new.model_fields_set:
            raise BadRequest("give humans (the seats people play), or seat or watch, not both")
        if len(set(new.humans)) != len(new.humans):
            raise BadRequest("humans names each seat once")
        seats = sorted(new.humans)
    else:
        seats = [] if new.watch or new.seat is None else [new.seat]
    if any(not 0 <= s < n for s in seats):
        raise BadRequest(f"a seat must be 0..{n - 1} in a game of {n}")
    return seats


def seat_players(new: NewGame, game) -> list[str]:
    """Who sits where: people in their seats (none when watching), bots in the other seats."""
    n = game.players
    people = human_seats(new, n)
    bots = [b.strip() for b in new.bots]
    if any(b == HUMAN for b in bots):
        raise BadRequest(f"bots name bots; {HUMAN!r} is the seat you play (seat, or humans)")
    if any(not b for b in bots):
        raise BadRequest("a bot spec cannot be empty, e.g. greedy or ismcts(iterations=2000)")
    for spec in bots:
        check_web_bot(spec, game)
    others = [s for s in range(n) if s not in people]
    if bots and new.level:
        raise BadRequest("give bots or level, not both")
    if len(bots) == n and people:  # one per seat, the people's entries ignored
        bots = [bots[s] for s in others]
    if len(bots) not in (0, 1, len(others)):
        raise BadRequest(f"bots needs one spec for every other seat ({len(others)}), or one for all")
    default = level_bot(new.level or "normal", game)
    players = []
    for s in range(n):
        if s in people:
            players.append(HUMAN)
        elif not bots:
            players.append(default)
        else:
            players.append(bots[0] if len(bots) == 1 else bots[others.index(s)])
    return players


def create_app(records_dir: str | Path | None = None, pace: float = 0.8,
               hint_bot: str = DEFAULT_HINT_BOT, host: str | None = None,
               compare_seconds: float = COMPARE_SECONDS, host_key: str | None = None) -> Starlette:
    """The application over a records directory (default: where ``cardcore play`` writes).
    ``pace``: the default seconds between two bot moves (in the page; at a table of several
    people, on the server); ``hint_bot``: the spec of the bot that answers Hint (``cardcore serve
    --hint-bot``, checked there); ``host``: the address the server listens on, which requests may
    name beside this machine's own names; ``compare_seconds``: when a comparison still playing is
    stopped; ``host_key``: the host's secret, which every page but a seat's or the spectators'
    then needs: made here when ``host`` is not this machine's own and none is given (the
    application's ``state.host_key``)."""
    store = Store(records_dir, hint_bot=hint_bot)
    jobs = CompareJobs(max_seconds=compare_seconds)
    if host_key is None and host is not None and not is_local(host):
        host_key = new_secret()
    gate = Gate(SeatSecrets(store.dir), host_key)
    live = LiveTables()
    driving: dict[str, asyncio.Task] = {}  # the tables whose bots the server is moving now
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    env = templates.env
    env.globals.update(card_svg=card_svg, back_svg=back_svg, line_html=line_html, grid_html=grid_html,
                       inline_card=inline_card, plain=plain, action_html=action_html, **TABLE_LAYOUT)

    def page(request: Request, name: str, **context) -> HTMLResponse:
        return templates.TemplateResponse(request, name, {"pace": pace, **context})

    def remember_key(request: Request, response, game_id: str | None = None):
        """A page opened by a link with a secret keeps it in a cookie, so that its own requests
        (the table, the API, the live stream) carry it: a seat's for that game's paths only."""
        key = request.query_params.get(KEY_PARAM)
        if not key:
            return response
        cookie = {"httponly": True, "samesite": "lax", "max_age": 30 * 24 * 3600}
        kept = gate.secrets.get(game_id) if game_id is not None else None
        if same_secret(key, gate.host_key):
            response.set_cookie(HOST_COOKIE, key, path="/", **cookie)
        elif kept is not None and kept.who(key) is not None:  # a wrong key must not replace a right one
            for path in (f"/play/{game_id}", f"/api/games/{game_id}"):
                response.set_cookie(SEAT_COOKIE, key, path=path, **cookie)
        return response

    # --------------------------------------------------------------------------- pages
    async def home(request: Request):
        gate.host(request)
        games = await run_in_threadpool(game_list)
        return remember_key(request, page(request, "start.html", games=games))

    async def saved_page(request: Request):
        gate.host(request)
        saved = await run_in_threadpool(store.saved)
        return page(request, "saved.html", saved=saved, records_dir=str(store.dir))

    async def on_table(game_id: str, access, work):
        """``work(view)`` on that game as ``access`` sees it, with the game to itself (its lock
        held) and up to date with its record."""
        def locked():
            with store.locked(game_id) as table:
                return work(table.view(access))

        return await run_in_threadpool(locked)

    def access_of(request: Request):
        game_id = request.path_params["game_id"]
        store.path_of(game_id)  # a name the server made, before its secrets are looked up
        return gate.at_game(request, game_id)

    async def at_table(request: Request, work):
        return await on_table(request.path_params["game_id"], access_of(request), work)

    async def table_page(request: Request):
        context = await at_table(request, lambda v: {"t": v, "s": v.summary()})
        return remember_key(request, page(request, "game.html", **context), request.path_params["game_id"])

    async def table_fragment(request: Request):
        def render(view):
            return page(request, "table.html", t=view, s=view.summary(), f=view.facts(),
                        obs=view.state.observation(view.viewer()))

        return await at_table(request, render)

    def invitations(request: Request, table) -> dict:
        """The links of a game: one per seat a person plays, and the spectators'."""
        kept = gate.secrets.ensure(table.game_id, table.people)
        base = f"{request.url.scheme}://{request.headers.get('host', request.url.netloc)}/play/{table.game_id}"
        return {"seats": {str(s): f"{base}?{KEY_PARAM}={kept.seats[s]}" for s in sorted(kept.seats)},
                "spectators": f"{base}?{KEY_PARAM}={kept.spectators}"}

    async def invite_page(request: Request):
        gate.host(request)

        def links(view):
            return {"s": view.summary(), "links": invitations(request, view.table)}

        context = await on_table(request.path_params["game_id"], HOST, links)
        context["present"] = live.present(request.path_params["game_id"])
        return page(request, "invite.html", **context)

    async def compare_page(request: Request):
        gate.host(request)
        games = await run_in_threadpool(game_list)
        return page(request, "compare.html", games=games)

    async def compare_job_page(request: Request):
        gate.host(request)
        job = comparison(request)
        plot = plot_svg(job.rows, job.names) if job.status == "finished" else None
        return page(request, "compare_job.html", job=job, plot=plot)

    # --------------------------------------------------------------------------- the bots of a table of several
    def drive(game_id: str) -> None:
        """At a table of several people the server moves the bots, at the pace, and tells every
        page of each move; one mover per table."""
        if game_id not in driving and not live.closing:
            driving[game_id] = asyncio.get_running_loop().create_task(move_bots(game_id))

    async def move_bots(game_id: str) -> None:
        def turn(view):
            return view.table.bot_to_choose() if view.table.shared else None

        try:
            while not live.closing and (chosen := await on_table(game_id, HOST, turn)) is not None:
                await asyncio.sleep(pace)
                seat, bot, at = chosen
                # chosen with the table's lock let go: the pages read the table meanwhile, and
                # show the bot thinking
                action = await run_in_threadpool(bot.choose, at[0])
                if await on_table(game_id, HOST, lambda v, move=(seat, action, at): v.table.play_chosen(*move)):
                    live.tell(game_id)
        except Refused:  # the record went, or cannot be continued: nothing to move
            pass
        except Exception as exc:  # a bug: said on the server's output, the table waits
            sys.stderr.write(f"cardcore serve: the bots of {game_id} stopped: "
                             + "".join(traceback.format_exception(exc)))
        finally:
            driving.pop(game_id, None)

    # --------------------------------------------------------------------------- the API
    async def api_games(request: Request):
        gate.host(request)
        return JSONResponse(await run_in_threadpool(game_list))

    async def api_new_game(request: Request):
        gate.host(request)
        new = await parse(request, NewGame)

        def start():
            pairs = [f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in new.options.items()]
            game = make_game(new.game, pairs, new.preset)
            table = store.create(game, seat_players(new, game), new.seed)
            # a table of several gets its links now; a game of one, when the host asks for them
            links = {"invitations": invitations(request, table)} if table.shared else {}
            return table, {**table.view(HOST).summary(), **links}

        table, answer = await run_in_threadpool(start)
        if table.shared:
            drive(table.game_id)
            return JSONResponse({**answer, "url": f"/play/{table.game_id}/invite"}, status_code=201)
        return JSONResponse({**answer, "url": f"/play/{table.game_id}"}, status_code=201)

    async def api_game(request: Request):
        since = request.query_params.get("since", "0")
        if not SINCE.fullmatch(since):
            raise BadRequest("since must be an event number (0 or more)")
        game_id = request.path_params["game_id"]

        answer = await at_table(request, lambda v: {**v.summary(), "log": v.log(int(since))})
        return JSONResponse({**answer, "present": live.present(game_id)})

    async def api_events(request: Request):
        game_id = request.path_params["game_id"]
        access = access_of(request)
        follower = live.join(game_id, access.seat)
        if await on_table(game_id, HOST, lambda v: v.table.shared):
            drive(game_id)  # e.g. after a restart, with a bot to move
        return StreamingResponse(live.stream(follower), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    async def api_act(request: Request):
        move = await parse(request, Move, MOVE_BODY_BYTES)
        return await moved(request, lambda v: v.act(move.action, move.confirm))

    async def api_step(request: Request):
        return await moved(request, lambda v: v.step())

    async def moved(request: Request, how) -> JSONResponse:
        def go(view):
            before = len(view.table.state.events)
            action = how(view)
            return {**view.summary(), "action": action, "log": view.log(before)}, view.table.shared

        answer, shared = await at_table(request, go)
        changed(request.path_params["game_id"], shared)
        return JSONResponse(answer)

    def changed(game_id: str, shared: bool) -> None:
        live.tell(game_id)
        if shared:
            drive(game_id)

    async def api_undo(request: Request):
        def go(view):
            taken = view.undo()
            return {**view.summary(), "undone": taken, "log": view.log(0)}

        answer = await at_table(request, go)
        changed(request.path_params["game_id"], False)
        return JSONResponse(answer)

    async def api_hand_over(request: Request):
        game_id = request.path_params["game_id"]
        access = access_of(request)
        seat_text = request.path_params["seat"]
        if not seat_text.isdigit() or len(seat_text) > 2:
            raise BadRequest("the seat is a number: /api/games/ID/seats/SEAT/bot", 404)
        seat = int(seat_text)
        ask = await parse(request, HandOver)
        if access.role == "spectator":
            raise Refused("A spectator cannot hand a seat to a bot: the players or the host can.", 403)
        if access.seat != seat and seat in live.present(game_id):
            raise Refused("That seat's player is at the table (their page is open): only a seat whose "
                          "player left is handed to a bot.", 409)
        if ask.bot is not None and ask.level is not None:
            raise BadRequest("give bot or level, not both")

        def hand(view):
            spec = ask.bot.strip() if ask.bot is not None else level_bot(ask.level or "normal", view.table.state.game)
            check_web_bot(spec, view.table.state.game)
            view.table.hand_to_bot(seat, spec)
            return view.summary()

        answer = await on_table(game_id, access, hand)
        changed(game_id, True)
        return JSONResponse(answer)

    async def api_seat_bot(request: Request):
        new = await parse(request, SeatBot)
        game_id, seat = request.path_params["game_id"], request.path_params["seat"]
        access = access_of(request)
        if access.role == "spectator":
            raise Refused("A spectator cannot change a bot: the players or the host can.", 403)

        def go(view):
            view.table.set_bot(seat, level_bot(new.level, view.table.state.game))
            return view.summary()

        answer = await on_table(game_id, access, go)
        changed(game_id, answer["shared"])  # every page shows the seat's new bot
        return JSONResponse(answer)

    async def api_next_deal(request: Request):
        def go(view):
            view.next_deal()
            return view.summary()

        answer = await at_table(request, go)
        changed(request.path_params["game_id"], True)
        return JSONResponse(answer)

    async def api_text(request: Request):
        what = request.path_params["what"]
        if what not in TEXTS:
            raise BadRequest(f"unknown text {what[:40]!r}; the texts are {', '.join(TEXTS)}", 404)
        items = await at_table(request, lambda v: v.text(what))

        def words():
            html = "".join(str(grid_html(i)) if hasattr(i, "header") else f"<div>{line_html(i)}</div>" for i in items)
            text = "\n".join(plain(i.title) if hasattr(i, "header") else plain(i) for i in items)
            return {"what": what, "html": html, "text": text}

        return JSONResponse(await run_in_threadpool(words))

    async def api_saved(request: Request):
        gate.host(request)
        return JSONResponse(await run_in_threadpool(store.saved))

    async def api_new_comparison(request: Request):
        gate.host(request)
        new = await parse(request, NewComparison)
        arm_games = await run_in_threadpool(lambda: [make_game(arm, [], None) for arm in new.arms])
        for spec in split_bots(new.bots):
            check_web_bot(spec, arm_games[0])
        job = jobs.start(arm_games, new.bots, new.n, new.seed)
        return JSONResponse({**job.as_dict(), "url": f"/compare/{job.job_id}"}, status_code=202)

    def comparison(request: Request):
        gate.host(request)
        job = jobs.get(request.path_params["job_id"])
        if job is None:
            raise Refused("There is no such comparison (it may have been from before a restart).", 404)
        return job

    async def api_comparison(request: Request):
        job = comparison(request)
        return JSONResponse({**job.as_dict(), "text": job.text})

    async def api_stop_comparison(request: Request):
        job = comparison(request)
        if job.status != "running":
            raise Refused(f"The comparison is not running (it {job.status}).", 409)
        jobs.stop(job)
        return JSONResponse(job.as_dict(), status_code=202)

    # --------------------------------------------------------------------------- errors
    async def refused(request: Request, exc: Refused):
        if exc.confirm:  # a question: the page asks it, and sends the move again confirmed
            return JSONResponse({"error": exc.message, "confirm": True, "not_confirmed": exc.not_confirmed},
                                status_code=exc.status)
        return error(exc.message, exc.status)

    async def bad_request(request: Request, exc: BadRequest):
        return error(exc.message, exc.status)

    async def user_error(request: Request, exc: CardcoreError):
        return error(str(exc), 400)

    async def http_error(request: Request, exc: HTTPException):
        return error(exc.detail or "not found", exc.status_code)

    routes = [
        Route("/", home), Route("/saved", saved_page), Route("/compare", compare_page),
        Route("/compare/{job_id}", compare_job_page),
        Route("/play/{game_id}", table_page), Route("/play/{game_id}/table", table_fragment),
        Route("/play/{game_id}/invite", invite_page),
        Route("/api/games", api_games, methods=["GET"]), Route("/api/games", api_new_game, methods=["POST"]),
        Route("/api/games/{game_id}", api_game, methods=["GET"]),
        Route("/api/games/{game_id}/events", api_events, methods=["GET"]),
        Route("/api/games/{game_id}/actions", api_act, methods=["POST"]),
        Route("/api/games/{game_id}/step", api_step, methods=["POST"]),
        Route("/api/games/{game_id}/undo", api_undo, methods=["POST"]),
        Route("/api/games/{game_id}/seats/{seat}/bot", api_hand_over, methods=["POST"]),
        Route("/api/games/{game_id}/text/{what}", api_text, methods=["GET"]),
        Route("/api/games/{game_id}/bots/{seat:int}", api_seat_bot, methods=["POST"]),
        Route("/api/games/{game_id}/next-deal", api_next_deal, methods=["POST"]),
        Route("/api/saved", api_saved, methods=["GET"]),
        Route("/api/compare", api_new_comparison, methods=["POST"]),
        Route("/api/compare/{job_id}", api_comparison, methods=["GET"]),
        Route("/api/compare/{job_id}", api_stop_comparison, methods=["DELETE"]),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    ]
    handlers = {Refused: refused, BadRequest: bad_request, CardcoreError: user_error, HTTPException: http_error}
    middleware = [Middleware(ServerErrors), Middleware(NoFraming),
                  Middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts(host), www_redirect=False),
                  Middleware(SameOriginOnly)]

    @contextlib.asynccontextmanager
    async def lifespan(app):
        yield
        stop()

    def stop() -> None:
        """The server stops: the live streams end and the bots stop moving."""
        live.close()
        for task in list(driving.values()):
            task.cancel()

    app = Starlette(routes=routes, exception_handlers=handlers, middleware=middleware, lifespan=lifespan)
    app.state.host_key = host_key
    app.state.stop = stop
    return app
