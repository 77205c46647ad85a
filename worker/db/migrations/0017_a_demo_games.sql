-- The demo vendor's games of every kind (slot, table, crash, shooter) share demo_rounds. Provably fair rounds keep
-- their revealed seeds; free-play rounds (supportPlay 0, played for fun) move no money and are marked.
ALTER TABLE demo_rounds ADD COLUMN kind TEXT NOT NULL DEFAULT 'slot';
ALTER TABLE demo_rounds ADD COLUMN outcome TEXT NOT NULL DEFAULT '{}';     -- JSON of the kind's outcome
ALTER TABLE demo_rounds ADD COLUMN server_seed TEXT;                       -- revealed with the round
ALTER TABLE demo_rounds ADD COLUMN commitment TEXT;                        -- SHA-256 of server_seed, published before
ALTER TABLE demo_rounds ADD COLUMN client_seed TEXT;
ALTER TABLE demo_rounds ADD COLUMN nonce INTEGER;
ALTER TABLE demo_rounds ADD COLUMN free_play INTEGER NOT NULL DEFAULT 0;
-- A committed seed plays exactly one round: a concurrent second round on the same seed fails and is retried.
CREATE UNIQUE INDEX demo_rounds_one_per_seed ON demo_rounds (commitment) WHERE commitment IS NOT NULL;
CREATE INDEX demo_rounds_by_member ON demo_rounds (member_id, created_at);

-- The seed each member's next provably fair round will use: its commitment is shown before the round.
CREATE TABLE demo_seeds (
  member_id INTEGER PRIMARY KEY REFERENCES members(id),
  server_seed TEXT NOT NULL,
  commitment TEXT NOT NULL,
  nonce INTEGER NOT NULL DEFAULT 0,
  updated_at INTEGER NOT NULL
);
