"""`serve`'s app through Starlette's test client: each power by each link, refusals,
sealed phases and resubmission (G-2, G-3), what the public may see, bounds, cross-site
requests, escaping, and the command line writing the same file meanwhile."""

from __future__ import annotations

import hashlib
import json
import threading

import pytest
from starlette.testclient import TestClient

from adjudicator.usecases.entries import move as cli_move
from adjudicator.web.app import Settings, create_app
from adjudicator.web.limits import Rate
from helpers.serving import entries_of, linked, without_nonce, write_match
from helpers.winning_streak import place, ws_match

SEALED_A = place(1, "1/1", "A")
SEALED_B = place(1, "2/3", "K")


@pytest.fixture
def folder(tmp_path):
    served = tmp_path / "served"
    served.mkdir()
    return served


def client_for(folder, **settings):
    return TestClient(create_app(Settings(folder=folder, **settings), keep=False))


@pytest.fixture
def ws(folder):
    """A Winning Streak match (sally red, maddie blue) with a link for each and the host."""
    return linked(write_match(folder, "ws", ws_match()), ("sally", "maddie"))


@pytest.fixture
def client(folder):
    with client_for(folder) as c:
        yield c


# --- who may see and do what ------------------------------------------------------------

def test_unknown_match_and_unknown_link_look_the_same(client, ws):
    token = ws.of("sally").rsplit("/", 1)[1]
    asked = [f"/m/nosuch/p/{token}", "/m/ws/p/" + "A" * 43, "/m/nosuch", "/m/ws/p/short",
             "/m/..%2Fws/p/" + token, "/m/ws/p/" + token[:-1] + ("B" if token[-1] != "B" else "C"),
             "/m/nosuch/board.json", "/m/nosuch/events"]
    answers = [client.get(url) for url in asked]
    assert {(r.status_code, r.text) for r in answers} == {(404, "Not found.\n")}
    assert len({tuple(sorted((k, v) for k, v in r.headers.items() if k != "date")) for r in answers}) == 1
    assert client.post(f"/m/nosuch/p/{token}", json={"text": "x"}).status_code == 404


def test_a_player_link_moves_for_that_player_only(client, ws):
    sent = client.post(ws.of("sally"), json={"move": SEALED_A})
    assert sent.status_code == 201, sent.text
    entry = entries_of(ws.path)[-1]
    assert (entry["player"], entry["move"], entry["seq"]) == ("sally", SEALED_A, sent.json()["seq"])
    # a move naming the other player in its JSON is still the link's player's, or refused: never maddie's
    other = client.post(ws.of("sally"), json={"move": {**SEALED_B, "player": "maddie"}})
    assert other.status_code in (201, 422)
    assert all(e["player"] == "sally" for e in entries_of(ws.path))


def test_a_player_link_writes_no_host_entry(client, ws):
    before = ws.path.read_bytes()
    for body in ({"host": {"action": "end", "target": "sally"}}, {"host": {"action": "deadline"}}):
        answer = client.post(ws.of("sally"), json=body)
        assert answer.status_code == 422 and answer.json()["error"]["code"] in ("not-allowed", "unusable")
    assert ws.path.read_bytes() == before


def test_the_host_link_writes_host_entries_and_no_move(client, ws):
    client.post(ws.of("sally"), json={"move": SEALED_A})
    refused = client.post(ws.host, json={"move": SEALED_B})
    assert refused.status_code == 422
    closed = client.post(ws.host, json={"host": {"action": "deadline"}})
    assert closed.status_code == 201, closed.text
    assert entries_of(ws.path)[-1]["host"]["action"] == "deadline"
    voided = client.post(ws.host, json={"host": {"action": "void", "target": "last", "reason": "test"}})
    assert voided.status_code == 201 and entries_of(ws.path)[-1]["host"]["action"] == "void"


def test_host_form_needs_its_confirmation(client, ws):
    page = client.get(ws.host).text
    form = page.split('name="form" value="')[1].split('"')[0]
    before = ws.path.read_bytes()
    unsure = client.post(ws.host, data={"form": form, "action": "end", "target": "sally"})
    assert unsure.status_code == 422 and "I am sure" in unsure.text and ws.path.read_bytes() == before
    sure = client.post(ws.host, data={"form": form, "action": "end", "target": "sally", "confirm": "yes"},
                       follow_redirects=False)
    assert sure.status_code == 303
    assert entries_of(ws.path)[-1]["host"] == {"action": "end", "winner": "sally"} or \
        entries_of(ws.path)[-1]["host"]["action"] == "end"


def test_a_revoked_link_is_unknown(client, ws):
    from adjudicator.usecases.serving import link

    assert client.get(ws.of("sally")).status_code == 200
    link(ws.path, "sally", revoke=True)
    assert client.get(ws.of("sally")).status_code == 404
    assert client.post(ws.of("sally"), json={"move": SEALED_A}).status_code == 404


def test_a_new_link_replaces_the_old_one(client, ws):
    from adjudicator.usecases.serving import link

    link(ws.path, "maddie")
    assert client.get(ws.of("maddie")).status_code == 404
    assert client.get(ws.of("sally")).status_code == 200


# --- moves: 201, 422, resubmission ----------------------------------------------------------

def test_an_illegal_move_is_422_and_writes_nothing(client, ws):
    before = ws.path.read_bytes()
    typed = client.post(ws.of("sally"), json={"text": "nonsense"})
    assert typed.status_code == 422
    assert typed.json()["error"]["code"] == "notation" and "nonsense" in typed.json()["error"]["message"]
    illegal = client.post(ws.of("sally"), json={"move": place(1, "1/1", "Z")})
    assert illegal.status_code == 422 and set(illegal.json()["error"]) == {"code", "message"}
    assert str(ws.path.parent) not in illegal.text            # the server's folder is not told
    assert ws.path.read_bytes() == before


@pytest.mark.parametrize("body", [{"text": ""}, {"text": 5}, {"move": "E5"}, {"text": "a", "move": {}},
                                  {}, [], "E5 up", {"text": "x" * 2001}])
def test_a_body_that_is_not_a_move_is_422(client, ws, body):
    before = ws.path.read_bytes()
    answer = client.post(ws.of("sally"), json=body)
    assert answer.status_code == 422 and answer.json()["error"]["message"]
    assert ws.path.read_bytes() == before


def test_a_typed_move_is_read_as_move_reads_a_post(client, ws):
    answer = client.post(ws.of("maddie"), json={"text": "t1 place 2/3 K"})
    assert answer.status_code == 201, answer.text
    assert entries_of(ws.path)[-1]["move"] == SEALED_B and entries_of(ws.path)[-1]["text"] == "t1 place 2/3 K"


def test_resubmission_replaces_the_sealed_move_until_the_phase_resolves(client, ws):
    """G-3: the later submission counts; the player's page shows the one pending."""
    assert client.post(ws.of("sally"), json={"move": SEALED_A}).status_code == 201
    assert client.post(ws.of("sally"), json={"move": place(1, "1/2", "B")}).status_code == 201
    page = client.get(ws.of("sally")).text
    assert "Your sealed move" in page and "1/2" in page.split("Your sealed move")[1][:200]
    resolved = client.post(ws.of("maddie"), json={"move": SEALED_B}).json()["result"]
    assert resolved["to_act"] == ["sally", "maddie"] and resolved["at_seq"] == 3


def test_201_answers_with_the_public_result_only(client, ws):
    body = client.post(ws.of("sally"), json={"move": SEALED_A}).json()
    assert set(body) == {"seq", "rolled", "result"} and "private" not in body["result"]
    assert body["result"] == json.loads(client.get("/m/ws/board.json").text)   # the public view, as board prints it


# --- what the public and the other player may see (G-2) ----------------------------------------

def seen_after(tmp_path, name, sealed):
    """Every public output and maddie's page after sally's sealed `sealed`, in a fresh folder."""
    served = tmp_path / name
    served.mkdir()
    ws = linked(write_match(served, "ws", ws_match()), ("sally", "maddie"))
    with client_for(served) as c:
        assert c.post(ws.of("sally"), json={"move": sealed}).status_code == 201
        maddie = ws.of("maddie")
        outputs = {url: c.get(url) for url in ("/m/ws", "/m/ws/board.json", "/m/ws/page.json", maddie,
                                               maddie + "/part", ws.host, ws.host + "/part")}
    token = maddie.rsplit("/", 1)[1], ws.host.rsplit("/", 1)[1]
    shown = {}
    for url, answer in outputs.items():
        assert answer.status_code == 200
        text = without_nonce(answer.text).replace(token[0], "MADDIE").replace(token[1], "HOST")
        shown[url.replace(token[0], "MADDIE").replace(token[1], "HOST")] = strip_form(text)
    return shown


def strip_form(text):
    """The forms' hidden token differs by link; the page's content must not."""
    import re

    return re.sub(r'name="form" value="[0-9a-f]+"', 'name="form" value=""', text)


def test_public_and_other_player_outputs_do_not_depend_on_a_sealed_move(tmp_path):
    one = seen_after(tmp_path, "one", SEALED_A)
    two = seen_after(tmp_path, "two", place(1, "3/3", "C"))
    assert len(one) == 7
    for url in one:
        assert one[url] == two[url], f"{url} differs with only sally's sealed move changed"
    assert "Submitted: Sally: yes, Maddie: no" in one["/m/ws/p/HOST"]


def test_the_player_sees_their_own_sealed_move(client, ws):
    client.post(ws.of("sally"), json={"move": SEALED_A})
    sally = client.get(ws.of("sally")).text
    assert "t1 place 1/1 A" in sally.split("Your sealed move")[1][:100]
    assert "Your sealed move" not in client.get(ws.of("maddie")).text   # what maddie sees: test above


def test_board_json_is_board_format_json(client, ws, cli):
    client.post(ws.of("sally"), json={"move": SEALED_A})
    done = cli("board", ws.path, "--format", "json")
    assert client.get("/m/ws/board.json").text == done.out


def test_the_public_page_is_the_match_page_with_its_live_script(client, ws):
    from adjudicator import matchfile
    from adjudicator.page import page_html

    page = client.get("/m/ws").text
    assert 'new EventSource("/m/ws/events")' in page.replace("\\u002f", "/")
    drawn = page_html(matchfile.load(ws.path), fonts="/fonts/")
    assert page.split("<script nonce")[0] == drawn.split("<script")[0]


# --- bounds ----------------------------------------------------------------------------------------

def test_a_large_body_is_413_and_unread(client, ws):
    answer = client.post(ws.of("sally"), content=b'{"text": "' + b"x" * 20_000 + b'"}',
                         headers={"content-type": "application/json"})
    assert answer.status_code == 413


def test_writes_are_rate_limited_per_link(folder, ws):
    now = [0.0]
    with client_for(folder, write_rate=Rate(3, 60.0), clock=lambda: now[0]) as c:
        codes = [c.post(ws.of("sally"), json={"text": "nonsense"}).status_code for _ in range(4)]
        assert codes == [422, 422, 422, 429]
        assert c.post(ws.of("maddie"), json={"text": "nonsense"}).status_code == 422   # another link
        limited = c.post(ws.of("sally"), json={"text": "nonsense"})
        assert limited.status_code == 429 and int(limited.headers["retry-after"]) >= 1
        now[0] += 20.0   # one request's worth of time
        assert c.post(ws.of("sally"), json={"text": "nonsense"}).status_code == 422


def test_reads_are_rate_limited_per_address(folder, ws):
    with client_for(folder, read_rate=Rate(2, 60.0), clock=lambda: 0.0) as c:
        assert [c.get("/m/ws/board.json").status_code for _ in range(3)] == [200, 200, 429]


# --- cross-site requests and escaping ----------------------------------------------------------------

def test_a_request_from_another_site_is_refused(client, ws):
    before = ws.path.read_bytes()
    answer = client.post(ws.of("sally"), json={"move": SEALED_A}, headers={"origin": "https://evil.example"})
    assert answer.status_code == 403
    plain = client.post(ws.of("sally"), content=json.dumps({"move": SEALED_A}), headers={"content-type": "text/plain"})
    assert plain.status_code == 415
    assert ws.path.read_bytes() == before
    same = client.post(ws.of("sally"), json={"move": SEALED_A}, headers={"origin": "http://testserver"})
    assert same.status_code == 201


def test_a_form_without_the_page_token_is_refused(client, ws):
    before = ws.path.read_bytes()
    answer = client.post(ws.of("sally"), data={"text": "t1 place 1/1 A"})
    assert answer.status_code == 403 and ws.path.read_bytes() == before
    wrong = client.post(ws.of("sally"), data={"form": "0" * 32, "text": "t1 place 1/1 A"})
    assert wrong.status_code == 403 and ws.path.read_bytes() == before


def test_a_form_with_the_page_token_is_sent(client, ws):
    page = client.get(ws.of("sally")).text
    form = page.split('name="form" value="')[1].split('"')[0]
    sent = client.post(ws.of("sally"), data={"form": form, "text": "t1 place 1/1 A"}, follow_redirects=False)
    assert sent.status_code == 303 and entries_of(ws.path)[-1]["move"] == SEALED_A
    refused = client.post(ws.of("sally"), data={"form": form, "text": "t1 place 1/1 Z"})
    assert refused.status_code == 422 and 'value="t1 place 1/1 Z"' in refused.text   # kept to correct


def test_a_page_open_across_a_restart_sends_on_the_second_try(folder, ws):
    """A restarted server signs forms anew: the page open before it is refused once, nothing
    written, with the page's answer carrying the new token, which its script takes, so the
    player's second try is sent (the typed move is kept meanwhile)."""
    with client_for(folder) as before:
        page = before.get(ws.of("sally")).text
    old = page.split('name="form" value="')[1].split('"')[0]
    with client_for(folder) as after:   # a new server: a new secret
        refused = after.post(ws.of("sally"), data={"form": old, "text": "t1 place 1/1 A"})
        assert refused.status_code == 403 and "nothing was sent" in refused.text and entries_of(ws.path) == []
        fresh = refused.text.split('name="form" value="')[1].split('"')[0]
        assert fresh != old
        sent = after.post(ws.of("sally"), data={"form": fresh, "text": "t1 place 1/1 A"}, follow_redirects=False)
        assert sent.status_code == 303 and entries_of(ws.path)[-1]["move"] == SEALED_A


def test_every_page_escapes_what_players_and_hosts_wrote(folder):
    data = ws_match()
    data["title"] = "<script>alert(1)</script>"
    data["players"][0]["name"] = "<img src=x onerror=alert(2)>"
    ws = linked(write_match(folder, "ws", data), ("sally", "maddie"))
    with client_for(folder) as c:
        c.post(ws.of("sally"), json={"text": "t1 place 1/1 A"})
        for url in ("/m/ws", ws.of("sally"), ws.of("maddie"), ws.host, ws.host + "/part"):
            page = c.get(url).text
            assert "<script>alert" not in page and "<img src=x" not in page, url
        assert "<script>alert" not in c.post(ws.of("sally"), data={"form": "bad", "text": "<b>x</b>"}).text


def test_pages_forbid_scripts_without_their_nonce(client, ws):
    answer = client.get(ws.of("sally"))
    policy = answer.headers["content-security-policy"]
    nonce = policy.split("'nonce-")[1].split("'")[0]
    assert answer.text.count("<script") == answer.text.count(f'nonce="{nonce}"') >= 1
    assert answer.headers["referrer-policy"] == "no-referrer" and answer.headers["cache-control"] == "no-store"
    assert "frame-ancestors 'none'" in policy


def test_no_file_outside_the_folder_is_served(client, ws, folder, tmp_path):
    outside = tmp_path / "secret.json"
    outside.write_text(ws.path.read_text())
    (folder / "leak.json").symlink_to(outside)
    for url in ("/m/leak", "/m/leak/board.json", "/fonts/..%2F..%2Fsecret.json", "/fonts/passwd",
                "/m/%2E%2E%2Fsecret", "/m/ws/../secret"):
        assert client.get(url).status_code == 404, url
    assert client.get("/fonts/DejaVuSans.ttf").status_code == 200


# --- the command line on the same file, and requests at once ----------------------------------------

def test_the_command_line_writes_the_same_match_meanwhile(client, ws):
    assert client.post(ws.of("sally"), json={"move": SEALED_A}).status_code == 201
    cli_move(ws.path, "maddie", ["t1", "place", "2/3", "K"])
    page = client.get(ws.of("sally")).text
    assert "placement turn 2" in page
    assert [e["player"] for e in entries_of(ws.path)] == ["sally", "maddie"]


def test_requests_at_once_lose_and_double_nothing(client, ws):
    """Eight resubmissions at once (G-3): each answered 201 is one entry, with its own seq."""
    seqs, errors = [], []

    def send(n):
        answer = client.post(ws.of("sally" if n % 2 else "maddie"), json={"text": f"t1 place {1 + n % 3}/1 A"})
        (seqs if answer.status_code == 201 else errors).append(answer.json().get("seq", answer.text))

    threads = [threading.Thread(target=send, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    written = [e["seq"] for e in entries_of(ws.path)]
    assert sorted(seqs) == written and len(set(written)) == len(written) == len(seqs) >= 2, errors


# --- the live stream ------------------------------------------------------------------------------------

def test_the_stream_says_changed_when_the_file_changes(ws):
    import asyncio

    from adjudicator.web.app import changes

    async def run():
        said = []
        sleeps = 0

        async def sleep(_seconds):
            nonlocal sleeps
            sleeps += 1
            if sleeps == 2:
                cli_move(ws.path, "sally", ["t1", "place", "1/1", "A"])

        stream = changes(ws.path, 0.5, 1.0, sleep=sleep)
        async for event in stream:
            said.append(event)
            if len(said) == 4:
                break
        return said

    said = asyncio.run(run())
    assert said[0].startswith("retry:")
    assert said[1].startswith("event: changed") or said[2].startswith("event: changed")
    assert any(s.startswith(": still here") for s in said)
    assert not any("1/1" in s or "sally" in s for s in said)   # the event tells nothing of the move


def test_hash_of_a_link_is_what_the_file_keeps(ws):
    from adjudicator.links import links_path

    kept = json.loads(links_path(ws.path).read_text())["links"]
    token = ws.of("sally").rsplit("/", 1)[1]
    assert kept["sally"] == hashlib.sha256(token.encode()).hexdigest()
    assert token not in links_path(ws.path).read_text() and token not in ws.path.read_text()


# --- what the server does by itself ------------------------------------------------------------------

def dice_folder(folder, cli, *more):
    path = folder / "dice.json"
    assert cli("new", "dice-tug-of-war", "-p", "bernd=Bernd:yellow", "-p", "anna=Anna:red", "-o", path, *more).code == 0
    return path


def test_the_keeper_draws_the_rolls_due(folder, cli):
    """A new dice match waits for its set-up rolls: once both salts are in, with rolls on, the
    server draws them from the seed (G-8) without a request; with --no-roll it leaves them to
    the host."""
    import time

    path = dice_folder(folder, cli)
    linked(path, ("bernd", "anna"))
    for player, word in (("bernd", "pepper"), ("anna", "nutmeg")):
        assert cli("host", path, "salt", player, word).code == 0
    salted = entries_of(path)
    with TestClient(create_app(Settings(folder=folder, roll=False, tick_seconds=0.01))):
        time.sleep(0.3)
        assert entries_of(path) == salted
    with TestClient(create_app(Settings(folder=folder, tick_seconds=0.01))):
        for _ in range(500):
            if entries_of(path) != salted:
                break
            time.sleep(0.02)
    drawn = entries_of(path)[len(salted):]
    assert drawn and all(e["type"] == "chance" for e in drawn)
    assert cli("check", path).code == 0


def test_no_roll_for_a_match_played_by_hand(folder, cli):
    """A match whose players have no links is the host's to roll (an outside dice bot, G-8):
    the keeper draws nothing for it, rolls on or not; a host link alone changes nothing."""
    from adjudicator.usecases.serving import link
    from adjudicator.web.app import Server, keep_one

    path = dice_folder(folder, cli)
    link(path, "host")
    keep_one(Server(Settings(folder=folder)), "dice")
    assert entries_of(path) == []


def test_no_roll_means_no_roll_after_a_request_either(folder, cli):
    path = dice_folder(folder, cli)
    ws = linked(path, ("bernd", "anna"))
    with client_for(folder, roll=False) as c:
        answer = c.post(ws.of("anna"), json={"salt": "tangerine42"})
        assert answer.status_code == 201 and answer.json()["rolled"] == []
    assert [e["type"] for e in entries_of(path)] == ["host"]


def test_the_keeper_closes_a_phase_at_its_deadline(folder, monkeypatch):
    from adjudicator.web.app import Server, keep_one

    ws = linked(write_match(folder, "ws", ws_match()), ("sally", "maddie"))
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-21T20:00:00Z")
    with client_for(folder) as c:
        for role, sent in (("sally", SEALED_A), ("maddie", SEALED_B), ("maddie", place(2, "1/2", "B"))):
            assert c.post(ws.of(role), json={"move": sent}).status_code == 201
    server = Server(Settings(folder=folder, auto_deadline=True))
    keep_one(server, "ws")
    assert len(entries_of(ws.path)) == 3
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-21T20:01:01Z")
    keep_one(server, "ws")
    assert entries_of(ws.path)[-1]["host"]["action"] == "deadline"
    without = Server(Settings(folder=folder))
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-21T21:00:00Z")
    before = ws.path.read_bytes()
    keep_one(without, "ws")
    assert ws.path.read_bytes() == before


def test_a_late_move_is_told_to_the_player_as_what_happened(folder, monkeypatch):
    """G-7: the clock refuses a late move through a link; the player reads what happened to
    it, not the host's command."""
    ws = linked(write_match(folder, "ws", ws_match()), ("sally", "maddie"))
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-21T20:00:00Z")
    with client_for(folder) as c:
        for role, sent in (("sally", SEALED_A), ("maddie", SEALED_B)):
            assert c.post(ws.of(role), json={"move": sent}).status_code == 201
        monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-21T20:05:00Z")
        before = ws.path.read_bytes()
        late = c.post(ws.of("sally"), json={"move": place(2, "1/2", "B")})
        assert late.status_code == 422 and late.json()["error"]["code"] == "late"
        assert "deadline" in late.json()["error"]["message"] and "adjudicator host" not in late.text
        assert ws.path.read_bytes() == before


def test_a_player_who_submitted_is_offered_the_moves_to_resubmit(client, ws):
    """G-3: until the phase resolves, sally may change her sealed move: her page still offers
    the phase's moves (those legal before her first submission of it), maddie's too."""
    import html
    import re

    offered_before = re.findall(r'<option value="([^"]+)"', client.get(ws.of("sally")).text)
    client.post(ws.of("sally"), json={"move": SEALED_A})
    client.post(ws.of("sally"), json={"move": place(1, "1/2", "B")})
    offered_after = re.findall(r'<option value="([^"]+)"', client.get(ws.of("sally")).text)
    assert len(offered_before) > 100 and offered_after == offered_before
    again = json.loads(html.unescape(offered_after[-1]))
    assert client.post(ws.of("sally"), json={"move": again}).status_code == 201


def test_the_public_steps_are_drawn_once_per_change_of_the_file(client, ws, monkeypatch):
    from adjudicator.usecases import serving

    drawn = []
    real = serving.public_steps
    monkeypatch.setattr(serving, "public_steps", lambda path: drawn.append(path) or real(path))
    first = client.get("/m/ws/page.json")
    assert client.get("/m/ws/page.json").content == first.content and len(drawn) == 1
    client.post(ws.of("sally"), json={"move": SEALED_A})
    after = client.get("/m/ws/page.json").json()
    assert len(drawn) == 2 and len(after["steps"]) == len(first.json()["steps"]) + 1


def test_no_icon_is_no_error(client):
    assert client.get("/favicon.ico").status_code == 204


def test_the_public_page_is_drawn_again_when_its_deadline_passes(folder, monkeypatch):
    """Drawn once per change of the file, but not past its deadline: the picture then says
    the deadline passed (G-7), with no entry written."""
    ws = linked(write_match(folder, "ws", ws_match()), ("sally", "maddie"))
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-21T20:00:00Z")
    with client_for(folder) as c:
        for role, sent in (("sally", SEALED_A), ("maddie", SEALED_B), ("maddie", place(2, "1/2", "B"))):
            assert c.post(ws.of(role), json={"move": sent}).status_code == 201
        before = c.get("/m/ws").text
        assert "(passed)" not in before and c.get("/m/ws").text.count("(passed)") == 0
        monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-21T20:01:30Z")
        assert "(passed)" in c.get("/m/ws").text and "(passed)" in c.get("/m/ws/page.json").text


# --- G-8: nothing draws before both salts; G-7: a request's time is when it arrives ------------------

def test_g8_server_waits_for_both_salts(folder, cli):
    """G-8 amended: the keeper draws no roll while a salt is awaited, however often it looks;
    the first salt through a link draws nothing and the 201 says whose salt is awaited; the
    second salt draws the roll; check reports no unsalted draw."""
    from adjudicator.web.app import Server, keep_one

    path = dice_folder(folder, cli)
    ws = linked(path, ("bernd", "anna"))
    server = Server(Settings(folder=folder))
    for _ in range(3):
        keep_one(server, "dice")
    assert entries_of(path) == []
    with client_for(folder) as c:
        first = c.post(ws.of("anna"), json={"salt": "tangerine42"})
        assert first.status_code == 201 and first.json()["rolled"] == []
        assert first.json()["salts_awaited"] == ["bernd"]
        keep_one(server, "dice")
        assert [e["type"] for e in entries_of(path)] == ["host"]
        second = c.post(ws.of("bernd"), json={"salt": "7ravens"})
        assert second.status_code == 201 and second.json()["rolled"] == [3]
        assert "salts_awaited" not in second.json()
    assert [e["type"] for e in entries_of(path)] == ["host", "host", "chance"]
    res = cli("check", path, "--format", "json")
    assert res.code == 0 and res.json["files"][0]["unsalted_draws"] == []


def test_g8_server_waits_for_both_salts_before_a_random_first_pick(folder, cli):
    """G-8 with G-6: `new --first random` makes the pick of who starts due; the keeper no
    longer draws it a second after it sees the linked match."""
    from adjudicator.web.app import Server, keep_one

    path = folder / "ax.json"
    assert cli("new", "arrowbic", "-p", "sally=Sally:red", "-p", "maddie=Maddie:blue", "--first", "random",
               "-o", path).code == 0
    ws = linked(path, ("sally", "maddie"))
    keep_one(Server(Settings(folder=folder)), "ax")
    assert entries_of(path) == []
    with client_for(folder) as c:
        sally = c.get(ws.of("sally")).text
        assert "Your salt is awaited" in sally and "Waiting for" not in sally   # the box says it, once
        host = c.get(ws.host).text
        assert "Waiting for salts from Sally and Maddie before the draw of who starts (G-8)" in host
        c.post(ws.of("sally"), json={"salt": "pepper"})
        assert "Your salt is awaited" not in c.get(ws.of("sally")).text
        assert "Waiting for a salt from Maddie" in c.get(ws.of("sally")).text
        assert c.post(ws.of("maddie"), json={"salt": "nutmeg"}).json()["rolled"] == [3]
        assert "Waiting for" not in c.get(ws.of("maddie")).text


def test_g8_a_move_that_makes_a_roll_due_draws_nothing_before_the_salts(folder, cli):
    """G-8 amended: a roll due after a move through a link waits for the salts too (the host
    drew the set-up rolls without them, on purpose)."""
    path = dice_folder(folder, cli)
    ws = linked(path, ("bernd", "anna"))
    assert cli("roll", path, "--without-salts").code == 0
    with client_for(folder) as c:
        sent = c.post(ws.of("bernd"), json={"text": "keep"})
        assert sent.status_code == 201, sent.text
        assert sent.json()["rolled"] == [] and sent.json()["salts_awaited"] == ["bernd", "anna"]
    assert [e["type"] for e in entries_of(path)] == ["chance", "move"]


def host_form(c, url):
    return c.get(url).text.split('name="form" value="')[1].split('"')[0]


def test_g8_the_host_draws_without_salts_only_when_sure(folder, cli):
    """G-8: the host's page offers to draw the roll due now without the salts, with the "I am
    sure" confirmation of every host form; check then reports the draw as unsalted. Through
    the API it is {"host": {"action": "roll"}}; a player's link cannot ask for it."""
    path = dice_folder(folder, cli)
    ws = linked(path, ("bernd", "anna"))
    with client_for(folder) as c:
        page = c.get(ws.host).text
        assert "Draw the roll now, without the salts" in page and "unsalted" in page
        form = host_form(c, ws.host)
        unsure = c.post(ws.host, data={"form": form, "action": "roll"})
        assert unsure.status_code == 422 and "I am sure" in unsure.text and entries_of(path) == []
        assert c.post(ws.of("bernd"), json={"host": {"action": "roll"}}).status_code == 422
        sure = c.post(ws.host, data={"form": form, "action": "roll", "confirm": "yes"}, follow_redirects=False)
        assert sure.status_code == 303
        assert [e["type"] for e in entries_of(path)] == ["chance"]
        assert "Draw the roll now" not in c.get(ws.host).text   # nothing due until bernd moves
        assert c.post(ws.of("bernd"), json={"text": "keep"}).status_code == 201
        api = c.post(ws.host, json={"host": {"action": "roll"}})
        assert api.status_code == 201 and api.json()["seq"] == 3
    res = cli("check", path, "--format", "json")
    assert res.code == 0 and res.json["files"][0]["unsalted_draws"] == [1, 3]


def test_g8_pages_say_whose_salt_is_awaited_and_show_the_seed_hash(folder, cli):
    """G-8: while a draw waits, the public page and every link's page say whose salt it waits
    for; a player's page shows its salt form first; the public page shows the seed's hash from
    the start, never the seed."""
    from adjudicator.dice import read_seed

    path = dice_folder(folder, cli)
    ws = linked(path, ("bernd", "anna"))
    digest = json.loads(path.read_text())["seed_sha256"]
    seed = read_seed(folder / "dice.seed")
    with client_for(folder) as c:
        public = c.get("/m/dice").text
        steps = c.get("/m/dice/page.json").json()
        assert digest in public and digest[:12] + "…" in public
        assert steps["salts"].startswith("Waiting for salts from Bernd and Anna before the dice are drawn (G-8)")
        anna = c.get(ws.of("anna")).text
        assert anna.index("Your salt is awaited") < anna.index('<div id="live">')
        assert "Waiting for salts from Bernd and Anna" in c.get(ws.host).text
        c.post(ws.of("anna"), json={"salt": "tangerine42"})
        assert c.get("/m/dice/page.json").json()["salts"].startswith("Waiting for a salt from Bernd before")
        assert "Your salt is awaited" not in c.get(ws.of("anna")).text
        assert "Your salt is awaited" in c.get(ws.of("bernd") + "/part").text or \
            "Your salt is awaited" in c.get(ws.of("bernd")).text
        c.post(ws.of("bernd"), json={"salt": "7ravens"})
        assert c.get("/m/dice/page.json").json()["salts"] == ""
        outputs = [c.get(url).text for url in ("/m/dice", "/m/dice/page.json", "/m/dice/board.json", ws.of("anna"),
                                                ws.of("anna") + "/part", ws.host)]
    assert all(seed not in text for text in outputs)
    assert digest in outputs[0]


def test_g8_a_match_without_salted_draws_shows_no_salt_notice(client, ws):
    """A match whose draws take no salts (no `draws` in its header, or no draws at all) says nothing of salts."""
    public = client.get("/m/ws").text
    assert "Waiting for" not in public and "seed hash" not in public
    assert client.get("/m/ws/page.json").json()["salts"] == ""
    assert "Your salt" not in client.get(ws.of("sally")).text


PHASE_2_DEADLINE = "2026-11-21T20:01:00Z"   # ws: both placed at 20:00:00, a placement has 60 s (G-7)


def phase_one_at_eight(c, ws, monkeypatch):
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-21T20:00:00Z")
    for role, sent in (("sally", SEALED_A), ("maddie", SEALED_B)):
        assert c.post(ws.of(role), json={"move": sent}).status_code == 201
    assert c.get("/m/ws/board.json").json()["clock"]["deadline"] == PHASE_2_DEADLINE


def test_g7_server_takes_a_moves_time_when_the_request_arrives(folder, ws, monkeypatch):
    """G-7: a move that arrives 2 s before the deadline is in time, even when the worker that
    writes it runs half a minute later (a use case patched to advance the clock first): the
    entry's time is the request's arrival, taken before any wait."""
    from adjudicator.usecases import serving

    original = serving.send_move

    def slow(*args, **kwargs):
        monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-21T20:01:30Z")   # the worker runs late
        return original(*args, **kwargs)

    with client_for(folder) as c:
        phase_one_at_eight(c, ws, monkeypatch)
        monkeypatch.setattr(serving, "send_move", slow)
        monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-21T20:00:58Z")    # when the request arrives
        sent = c.post(ws.of("sally"), json={"move": place(2, "1/2", "B")})
        assert sent.status_code == 201, sent.text
    entry = entries_of(ws.path)[-1]
    assert entry["at"] == "2026-11-21T20:00:58Z" and "flagged" not in entry


def test_g7_a_held_lock_cannot_make_an_in_time_move_late(folder, ws, monkeypatch):
    """G-7: the request arrives (the app's injected clock says when) while the file's lock is
    held; the clock passes the deadline before the lock is let go; the move is still in time,
    stamped with its arrival. The test decides every moment: no wall clock, no machine speed."""
    from adjudicator import matchfile

    arrived = threading.Event()
    taken: list[str] = []

    def now():
        from adjudicator.session import now_utc

        taken.append(now_utc())
        arrived.set()
        return taken[-1]

    with client_for(folder, now=now) as c:
        phase_one_at_eight(c, ws, monkeypatch)
        arrived.clear()
        answers = []
        monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-21T20:00:58Z")
        with matchfile.locked(ws.path):
            sender = threading.Thread(target=lambda: answers.append(
                c.post(ws.of("sally"), json={"move": place(2, "1/2", "B")})))
            sender.start()
            assert arrived.wait(10)
            monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-21T20:01:40Z")   # past the deadline now
        sender.join(30)
    assert answers and answers[0].status_code == 201, answers and answers[0].text
    assert taken[-1] == "2026-11-21T20:00:58Z" and entries_of(ws.path)[-1]["at"] == "2026-11-21T20:00:58Z"


def test_g7_server_stamps_salts_and_host_entries_at_arrival_never_in_the_future(folder, cli, monkeypatch):
    """G-7 (b): what the server stamps is the server's now when the request arrived (the app's
    clock), so it can never lie in the future: the entry's time is at most now."""
    from adjudicator.clock import now as clock_now, parse_time

    path = dice_folder(folder, cli)
    ws = linked(path, ("bernd", "anna"))
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-21T20:00:10Z")
    with client_for(folder, now=lambda: "2026-11-21T20:00:05Z") as c:
        assert c.post(ws.of("anna"), json={"salt": "tangerine42"}).status_code == 201
        assert c.post(ws.host, json={"host": {"action": "roll"}}).status_code == 201
    with client_for(folder) as c:   # the default clock: the tool's one clock, read on arrival
        assert c.post(ws.of("bernd"), json={"salt": "7ravens"}).status_code == 201
    stamps = [e["at"] for e in entries_of(path)]
    assert stamps == ["2026-11-21T20:00:05Z", "2026-11-21T20:00:05Z", "2026-11-21T20:00:10Z"]
    assert all(parse_time(at) <= clock_now() for at in stamps)
