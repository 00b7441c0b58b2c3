-- One-time passwords (issue 39, decision 043): a password that staff set, or the first admin's
-- printed one, must be replaced at the first sign-in. Existing users keep theirs as chosen.
ALTER TABLE "users" ADD COLUMN "password_must_change" boolean DEFAULT false NOT NULL;
