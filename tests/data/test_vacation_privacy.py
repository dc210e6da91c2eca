"""A player's vacations in their own data, on SQLite and PostgreSQL: counted by /privacy show, listed with their dates
by /privacy export, removed (with the clocks they paused) by /privacy forget; another player's stay."""

from __future__ import annotations

from data import Store

ADA, BOB = 11, 22


async def test_vacations_are_shown_exported_and_forgotten(store: Store) -> None:
    await store.vacations.begin(ADA, 1000.0, 1000.0 + 86400)
    await store.vacations.end(ADA, 5000.0)
    await store.vacations.begin(ADA, 9000.0, 9000.0 + 86400)
    await store.vacations.begin(BOB, 1000.0, 1000.0 + 86400)
    assert (await store.privacy.stored(ADA)).vacations == 2
    exported = (await store.privacy.export(ADA))["vacations"]
    assert exported == [{"started_at": 1000.0, "until": 87400.0, "ended_at": 5000.0},
                        {"started_at": 9000.0, "until": 95400.0, "ended_at": None}]
    await store.privacy.forget(ADA)
    assert (await store.privacy.stored(ADA)).vacations == 0
    assert set(await store.vacations.running([ADA, BOB])) == {BOB}
    assert await store.vacations.since(ADA, 0.0) == []
