import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import { notFound } from '../../lib/errors.js';
import { isoDate } from '../../lib/http-schemas.js';
import { findBrainstorm } from '../brainstorms/brainstorms.service.js';
import * as analyses from './analysis.repository.js';
import * as repository from './assessments.repository.js';
import type { AssessmentView } from './assessments.repository.js';
import {
  MAX_HISTORY,
  MAX_LISTED_ASSESSMENTS,
  type DisagreementItemDto,
  type DisagreementsDto,
  type IdeaAssessmentDto,
} from './assessments.schemas.js';
import { disagreements, type Compared } from './disagreements.js';

function toDto(row: AssessmentView): IdeaAssessmentDto {
  return {
    idea: row.idea,
    title: row.title,
    theme: row.theme,
    votes: row.votesHidden ? null : row.votes,
    impact: row.impact,
    effort: row.effort,
    novelty: row.novelty,
    reasons: { impact: row.impactReason, effort: row.effortReason, novelty: row.noveltyReason },
    provider: row.provider,
    model: row.model,
    analysis: row.analysis,
    created: isoDate(row.created),
  };
}

/**
 * Each assessed idea of the brainstorm (not stacked) with its newest assessment, by idea id,
 * the vote totals as the caller may see them (decision 026).
 */
export async function listAssessments(
  db: Db,
  user: UserRow,
  brainstormId: number,
): Promise<IdeaAssessmentDto[]> {
  if (!(await findBrainstorm(db, brainstormId))) throw notFound();
  const rows = await repository.currentAssessments(
    db,
    user.id,
    brainstormId,
    MAX_LISTED_ASSESSMENTS,
  );
  return rows.map(toDto);
}

/** One idea's assessments, newest first: re-assessing keeps the earlier ones. */
export async function ideaAssessments(
  db: Db,
  user: UserRow,
  ideaId: number,
): Promise<IdeaAssessmentDto[]> {
  if ((await analyses.existingIdea(db, ideaId)) === null) throw notFound();
  const rows = await repository.ideaHistory(db, user.id, ideaId, MAX_HISTORY);
  return rows.map(toDto);
}

const itemDto = ({ idea, title, impact, votes, gap }: DisagreementItemDto) => ({
  idea,
  title,
  impact,
  votes,
  gap,
});

/**
 * Where the model's impact and the team's votes disagree most, over the ideas with a current
 * assessment whose votes the caller may see (`disagreements` has the rule).
 */
export async function listDisagreements(
  db: Db,
  user: UserRow,
  brainstormId: number,
): Promise<DisagreementsDto> {
  const current = await listAssessments(db, user, brainstormId);
  const compared = current.flatMap((row): Compared[] =>
    row.votes === null
      ? []
      : [{ idea: row.idea, title: row.title, impact: row.impact, votes: row.votes }],
  );
  const found = disagreements(compared);
  return {
    model_favours: found.modelFavours.map(itemDto),
    team_favours: found.teamFavours.map(itemDto),
  };
}
