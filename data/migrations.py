"""Schema migrations, applied in order; `PRAGMA user_version` records how many have run. Only ever append."""

from __future__ import annotations

MIGRATIONS: list[tuple[str, ...]] = [
    # 1: matches, seats, the append-only action log, users
    (
        """CREATE TABLE users (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL DEFAULT '',
            dm_open INTEGER NOT NULL DEFAULT 1
        )""",
        """CREATE TABLE matches (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            game TEXT NOT NULL,
            guild_id INTEGER,
            channel_id INTEGER NOT NULL,
            message_id INTEGER,
            creator_id INTEGER NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'aborted')),
            players INTEGER NOT NULL,
            options TEXT NOT NULL DEFAULT '{}',
            state TEXT,
            version INTEGER NOT NULL DEFAULT 0,
            outcome TEXT,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL
        )""",
        "CREATE INDEX matches_status ON matches (status)",
        """CREATE TABLE seats (
            match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            user_id INTEGER NOT NULL,
            invited INTEGER NOT NULL DEFAULT 0,
            joined INTEGER NOT NULL DEFAULT 1,
            PRIMARY KEY (match_id, seat)
        )""",
        "CREATE INDEX seats_user ON seats (user_id)",
        """CREATE TABLE actions (
            match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
            n INTEGER NOT NULL,
            seat INTEGER,
            user_id INTEGER,
            text TEXT NOT NULL,
            created_at REAL NOT NULL,
            PRIMARY KEY (match_id, n)
        )""",
        # The log is append-only: refuse edits and deletes of a match's lines at the database itself.
        """CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
           BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END""",
    ),
    # 2: time controls, reminders, timeouts, lobby expiry, agreements; per-server settings
    (
        "ALTER TABLE matches ADD COLUMN time_control INTEGER",  # seconds per move; NULL: no clock
        "ALTER TABLE matches ADD COLUMN timeout_rule TEXT NOT NULL DEFAULT 'claim'",  # claim | forfeit
        "ALTER TABLE matches ADD COLUMN turn_started REAL",
        "ALTER TABLE matches ADD COLUMN deadline REAL",
        "ALTER TABLE matches ADD COLUMN reminders INTEGER NOT NULL DEFAULT 0",  # reminders sent this turn
        "ALTER TABLE matches ADD COLUMN overdue INTEGER NOT NULL DEFAULT 0",  # deadline passed, win claimable
        "ALTER TABLE matches ADD COLUMN expires_at REAL",  # lobbies only
        "ALTER TABLE matches ADD COLUMN draw_offer TEXT",  # JSON list of user ids agreeing to a draw
        "ALTER TABLE matches ADD COLUMN rematch_of INTEGER",
        "CREATE INDEX matches_deadline ON matches (status, deadline)",
        """CREATE TABLE guild_settings (
            guild_id INTEGER PRIMARY KEY,
            channel_id INTEGER,
            use_threads INTEGER NOT NULL DEFAULT 0,
            time_control INTEGER,
            timeout_rule TEXT NOT NULL DEFAULT 'claim',
            disabled_games TEXT NOT NULL DEFAULT '[]'
        )""",
    ),
    # 3: idempotency keys on log lines, one rematch per match, the dice seed and its commitment
    (
        # A retried interaction carries the key of its first try: the same key can be applied once per match.
        "ALTER TABLE actions ADD COLUMN key TEXT",
        "CREATE UNIQUE INDEX actions_key ON actions (match_id, key) WHERE key IS NOT NULL",
        # Two players pressing Rematch together (or two processes) may open only one lobby: keep the oldest link.
        """UPDATE matches SET rematch_of = NULL WHERE rematch_of IS NOT NULL AND id NOT IN
           (SELECT MIN(id) FROM matches WHERE rematch_of IS NOT NULL GROUP BY rematch_of)""",
        "CREATE UNIQUE INDEX matches_rematch ON matches (rematch_of) WHERE rematch_of IS NOT NULL",
        # The secret seed every chance outcome is drawn from (hex; shown only once the match is over) and its
        # SHA-256, published when the match starts. NULL for matches started before verifiable dice.
        "ALTER TABLE matches ADD COLUMN seed TEXT",
        "ALTER TABLE matches ADD COLUMN commitment TEXT",
    ),
    # 4: each player's notice preferences: game '' is every game; NULL inherits (from '' and then "on")
    (
        """CREATE TABLE notify_prefs (
            user_id INTEGER NOT NULL,
            game TEXT NOT NULL DEFAULT '',
            turns INTEGER,
            reminders INTEGER,
            PRIMARY KEY (user_id, game)
        )""",
    ),
    # 5: ratings: whether a match is rated, each player's OpenSkill rating per game, and the changes each rated
    # match applied (in the order applied: `seq`), so an update happens once and a rebuild can be checked against it
    (
        "ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 0",
        # The server's default for new 2-player matches (1: rated unless the creator says no).
        "ALTER TABLE guild_settings ADD COLUMN rated INTEGER NOT NULL DEFAULT 1",
        """CREATE TABLE ratings (
            user_id INTEGER NOT NULL,
            game TEXT NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            games INTEGER NOT NULL DEFAULT 0,
            wins INTEGER NOT NULL DEFAULT 0,
            draws INTEGER NOT NULL DEFAULT 0,
            losses INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (user_id, game)
        )""",
        "CREATE INDEX ratings_game ON ratings (game, mu)",
        """CREATE TABLE rated_matches (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            match_id INTEGER NOT NULL UNIQUE REFERENCES matches (id) ON DELETE CASCADE,
            game TEXT NOT NULL,
            applied_at REAL NOT NULL
        )""",
        """CREATE TABLE rating_changes (
            match_id INTEGER NOT NULL REFERENCES rated_matches (match_id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            user_id INTEGER NOT NULL,
            rank INTEGER NOT NULL,
            result TEXT NOT NULL CHECK (result IN ('win', 'draw', 'loss')),
            mu_before REAL NOT NULL,
            sigma_before REAL NOT NULL,
            games_before INTEGER NOT NULL,
            mu_after REAL NOT NULL,
            sigma_after REAL NOT NULL,
            PRIMARY KEY (match_id, seat)
        )""",
        "CREATE INDEX rating_changes_user ON rating_changes (user_id)",
    ),
    # 6: tournaments (events/): the event, its sign-ups, its entrants (players or fixed teams), every round's
    # tables with their match and result
    (
        """CREATE TABLE tournaments (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            guild_id INTEGER,
            channel_id INTEGER NOT NULL,
            message_id INTEGER,
            organiser_id INTEGER NOT NULL,
            game TEXT NOT NULL,
            format TEXT NOT NULL,
            players INTEGER NOT NULL,
            options TEXT NOT NULL DEFAULT '{}',
            time_control INTEGER,
            timeout_rule TEXT NOT NULL DEFAULT 'claim',
            rounds INTEGER,
            max_players INTEGER,
            signup_closes REAL,
            rated INTEGER NOT NULL DEFAULT 0,
            teams TEXT NOT NULL DEFAULT 'none',
            status TEXT NOT NULL CHECK (status IN ('signup', 'running', 'paused', 'finished', 'cancelled')),
            round INTEGER NOT NULL DEFAULT 0,
            settings TEXT NOT NULL DEFAULT '{}',
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL
        )""",
        "CREATE INDEX tournaments_guild ON tournaments (guild_id, status)",
        """CREATE TABLE tournament_players (
            tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
            user_id INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            joined_at REAL NOT NULL,
            PRIMARY KEY (tournament_id, user_id)
        )""",
        """CREATE TABLE tournament_entrants (
            tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
            entrant INTEGER NOT NULL,
            seed INTEGER NOT NULL,
            members TEXT NOT NULL,
            rating REAL NOT NULL DEFAULT 0,
            dropped_after INTEGER,
            PRIMARY KEY (tournament_id, entrant)
        )""",
        """CREATE TABLE tournament_games (
            tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
            round INTEGER NOT NULL,
            board INTEGER NOT NULL,
            entrants TEXT NOT NULL,
            match_id INTEGER UNIQUE REFERENCES matches (id),
            points TEXT,
            places TEXT,
            played INTEGER NOT NULL DEFAULT 1,
            note TEXT NOT NULL DEFAULT '',
            PRIMARY KEY (tournament_id, round, board)
        )""",
        # /settings organiser-role: members with this role may organise tournaments besides Manage Server
        "CREATE TABLE tournament_organisers (guild_id INTEGER PRIMARY KEY, role_id INTEGER NOT NULL)",
    ),
    # 7: computer seats (matches/computers.py): a seat whose user id is negative is a computer (the id encodes its
    # level); this index finds the running matches with one cheaply at start-up, to resume a computer's turn
    (
        "CREATE INDEX seats_computers ON seats (match_id) WHERE user_id < 0",
    ),
]
