import { z } from 'zod';

// DRF's wording for a missing field, which the web client already knows how to show.
z.config({
  customError: (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined
      ? 'This field is required.'
      : undefined,
});
