"""After a player is forgotten (/privacy forget's steps), the web pages show "Player 1" where their name was: the
match page, its export, the tournament's standings and the index; their old profile link finds nobody; the
other players' pages are unchanged."""

from __future__ import annotations

import json
import re

from matches.sharing import player_code
from tests.web.helpers import USERS, Site, play, round_one_played, started
from tournaments.privacy import forget_player, withdraw

ADA, BOB, CY, DI = USERS


def named(html: str, name: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", html) is not None


async def test_pages_show_the_cut_name_after_forgetting(site: Site) -> None:
    event = await round_one_played(site, "swiss", loser_seat=1, rounds=2)  # Ada plays in it
    match = await started(site.matches, "sinoda", [ADA, BOB], rated=True)
    await play(site.matches, match.id, 2)
    await site.matches.resign(match.id, BOB)
    before = (await site.get(site.path(f"m/{match.id}")))[2].decode()
    assert named(before, "ada")
    ada_profile = site.path("p/" + player_code(site.token, ADA))
    assert (await site.get(ada_profile))[0] == 200

    await withdraw(site.tournaments, ADA)  # her round-2 match, if paired, is resigned; she leaves the event
    forgotten = await forget_player(site.tournaments, ADA)
    assert forgotten.name == "Player 1"

    page = (await site.get(site.path(f"m/{match.id}")))[2].decode()
    assert named(page, "Player 1") and not named(page, "ada") and named(page, "bob")
    export = json.loads((await site.get(site.path(f"m/{match.id}/export.json")))[2])
    assert [seat["user"] for seat in export["seats"]].count("Player 1") == 1
    assert str(ADA) not in json.dumps(export)
    standings = (await site.get(site.path(f"e/{event.id}")))[2].decode()
    assert named(standings, "Player 1") and not named(standings, "ada") and named(standings, "cy")
    index = (await site.get(site.path()))[2].decode()
    assert not named(index, "ada")
    assert (await site.get(ada_profile))[0] == 404  # nothing is hers any more
    assert (await site.get(site.path("p/" + player_code(site.token, BOB))))[0] == 200
