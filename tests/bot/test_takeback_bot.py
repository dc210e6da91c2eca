"""Takebacks through simulated Discord (simcord): `/takeback` (or a casual board's Take back) posts a request with
Accept / Decline, the request's message says where it stands, an accepted one re-posts the board at the position
before the move; refusals reach only the asker; against a computer it is taken back at once."""

from __future__ import annotations

from typing import Any

from bot import TabletopBot
from tests.bot.helpers import actor_of, answer, labels, open_match, person_at, world


def boards(channel: Any, match_id: int) -> list[Any]:
    return [m for m in channel.history() if m.embeds and m.embeds[0].title == f"Cintos · match #{match_id}"]


async def test_ask_decline_ask_again_and_accept(simcord_env: Any) -> None:
    bot: TabletopBot = simcord_env.bot
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "cintos", channel, people, rated=False)
    first = actor_of(match, people)
    other = next(p for p in people if p is not first)
    refused = await first.slash(channel, "takeback", match=match.id)  # nothing played yet
    assert refused.ephemeral and "no move to take back" in answer(refused).content
    legal = await bot.service.legal_texts(match.id, first.id)
    assert "Take back" not in labels(boards(channel, match.id)[-1])  # nothing to take back on the first board
    await first.slash(channel, "cintos move", move=legal[0], match=match.id)
    posted = len(boards(channel, match.id))
    assert labels(boards(channel, match.id)[-1]) == ["Offer draw", "Take back", "Abort", "Resign"]

    asked = await first.slash(channel, "takeback")  # the one running match here
    assert asked.ephemeral and "You asked to take back" in answer(asked).content
    request = channel.last_message
    assert f"<@{other.id}>" in request.content and "accept or decline" in request.content
    assert labels(request) == ["Accept takeback", "Decline takeback"]
    twice = await first.slash(channel, "takeback", match=match.id)
    assert twice.ephemeral and "already asked" in answer(twice).content
    own = await first.click(request, label="Accept takeback")  # the asker cannot accept their own request
    assert "other players answer it" in answer(own).content

    await other.click(request, label="Decline takeback")
    declined = next(m for m in channel.history() if m.id == request.id)
    assert f"Declined by <@{other.id}>" in declined.content and not declined.components
    again = await first.slash(channel, "takeback", match=match.id)
    assert "declined taking back this move" in answer(again).content
    assert len(boards(channel, match.id)) == posted  # nothing changed

    # The opponent moves, then the first player again: that move is asked about and accepted.
    for person in (other, first):
        legal = await bot.service.legal_texts(match.id, person.id)
        await person.slash(channel, "cintos move", move=legal[-1], match=match.id)
    before = match.game.to_json(match.state)
    legal = await bot.service.legal_texts(match.id, other.id)
    await other.slash(channel, "cintos move", move=legal[0], match=match.id)
    wrong = await first.slash(channel, "takeback", match=match.id)  # the last move is the other's
    assert "has already moved since your last move" in answer(wrong).content
    await other.click(boards(channel, match.id)[-1], label="Take back")  # the board's button asks the same
    request = channel.last_message
    await first.click(request, label="Accept takeback")
    accepted = next(m for m in channel.history() if m.id == request.id)
    assert "Accepted: the move is taken back" in accepted.content and not accepted.components
    assert match.game.to_json(match.state) == before
    board = boards(channel, match.id)[-1]
    seat = match.seat_of(other.id)
    assert seat is not None
    colour = match.seat_name(seat)
    assert f"<@{other.id}> ({colour}): takes back " in board.embeds[0].description
    assert person_at(match, people, match.actors()[0]) is other  # to move again
    log = await bot.service.store.log(match.id)
    assert log[-1].text.startswith("takeback ")


async def test_rated_matches_refuse_and_a_computer_agrees_at_once(simcord_env: Any) -> None:
    bot: TabletopBot = simcord_env.bot
    channel, people = world(simcord_env)
    ada = people[0]
    rated = await open_match(simcord_env, "cintos", channel, people, rated=True)
    mover = actor_of(rated, people)
    await mover.slash(channel, "cintos move", move=(await bot.service.legal_texts(rated.id, mover.id))[0],
                      match=rated.id)
    assert "Take back" not in labels(boards(channel, rated.id)[-1])
    refused = await mover.slash(channel, "takeback", match=rated.id)
    assert refused.ephemeral and "is rated" in answer(refused).content
    assert not channel.last_message.content.startswith("Takeback")  # nothing posted

    bot.service.computer_iterations, bot.service.computer_seconds = 4, None
    await ada.slash(channel, "cintos new", players=2, computers=1, level="easy")
    await ada.click(channel.last_message, label="Start")
    (match,) = [m for m in await bot.service.matches_for(ada.id) if m.status == "active" and m.id != rated.id]
    await bot.service.computers_settled()
    await simcord_env.settle()
    await ada.slash(channel, "cintos move", move=(await bot.service.legal_texts(match.id, ada.id))[0],
                    match=match.id)
    await bot.service.computers_settled()
    await simcord_env.settle()
    taken = await ada.slash(channel, "takeback", match=match.id)
    assert "Taken back in match" in answer(taken).content
    await bot.service.computers_settled()
    assert match.actors() == [match.seat_of(ada.id)]
    assert "takes back" in boards(channel, match.id)[-1].embeds[0].description
