"""The local table: a match in a terminal through the bot's own `MatchService` and database (`python -m tabletop`)."""
