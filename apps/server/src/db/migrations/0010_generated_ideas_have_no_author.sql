-- A generated idea has no author (decision 010): only its brainstorm's creator or staff change it.
-- Ideas used to be credited to whoever asked for their generation, who could then change them;
-- who asked stays recorded on the generation.
UPDATE "ideas" SET "created_by" = NULL WHERE "generation_slot" IS NOT NULL;
