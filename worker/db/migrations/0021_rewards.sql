-- Rewards, referrals and agents (issue 13): daily sign-in, the reward centre, referral rewards, agent applications
-- and the site's reward settings. Money is integer minor units; time is UTC epoch milliseconds.

-- A site's reward rules. No row = the defaults in worker/services/reward-settings.ts (UTC, a 7-day streak table,
-- leaderboard by turnover over the week, a referral reward of 5.00).
CREATE TABLE reward_settings (
  merchant_code TEXT PRIMARY KEY REFERENCES merchants(code),
  time_zone TEXT NOT NULL DEFAULT 'UTC',                 -- IANA zone of the site's calendar day
  sign_in_rewards TEXT NOT NULL DEFAULT '[]',            -- JSON array of minor units by streak day (cycle)
  leaderboard_metric TEXT NOT NULL DEFAULT 'turnover' CHECK (leaderboard_metric IN ('turnover', 'win')),
  leaderboard_period TEXT NOT NULL DEFAULT 'week' CHECK (leaderboard_period IN ('day', 'week', 'month')),
  referral_reward_minor INTEGER NOT NULL DEFAULT 500 CHECK (referral_reward_minor >= 0)
);

-- One daily sign-in per member and site day (the UNIQUE key makes the claim atomic).
CREATE TABLE sign_ins (
  member_id INTEGER NOT NULL REFERENCES members(id),
  day TEXT NOT NULL,                                     -- YYYY-MM-DD in the site's time zone
  streak INTEGER NOT NULL CHECK (streak >= 1),
  reward_minor INTEGER NOT NULL CHECK (reward_minor >= 0),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (member_id, day)
);

-- Rewards of the reward centre: waiting until the member claims them into the wallet (once: status guard and
-- the ledger key reward:<id>). source is unique per member: sign-in:<day>, promotion:<application id>,
-- referral:<friend's member id>.
CREATE TABLE rewards (
  id INTEGER PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members(id),
  kind TEXT NOT NULL CHECK (kind IN ('sign_in', 'promotion', 'referral')),
  source TEXT NOT NULL,
  amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
  status TEXT NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'claimed')),
  title TEXT NOT NULL DEFAULT '',
  friend_id INTEGER REFERENCES members(id),
  created_at INTEGER NOT NULL,
  claimed_at INTEGER,
  UNIQUE (member_id, source)
);
CREATE INDEX rewards_by_member ON rewards (member_id, status, created_at);

-- A member's application to become an agent (affiliate), decided by an operator.
CREATE TABLE agent_applications (
  member_id INTEGER PRIMARY KEY REFERENCES members(id),
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  full_name TEXT NOT NULL,
  contact TEXT NOT NULL,
  channel TEXT NOT NULL,
  expected_players INTEGER NOT NULL CHECK (expected_players >= 0),
  remark TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reason TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  decided_at INTEGER
);

CREATE INDEX members_by_referrer ON members (referrer_id) WHERE referrer_id IS NOT NULL;
CREATE INDEX demo_rounds_by_time ON demo_rounds (created_at);
