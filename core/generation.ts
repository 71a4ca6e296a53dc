import { z } from 'zod';
import { resourceStep, step } from './steps';

/** One case a generation proposes, after it was tried against the Environment. */
export const proposedCase = z.object({
  title: z.string().describe('What the case checks, from the prompt.'),
  proposal: z
    .enum(['ready', 'draft'])
    .describe('ready: every step passed when tried; draft: it did not, or something is missing (see missing).'),
  steps: z.array(resourceStep).describe('The steps in the resource-style shape (POST /api/plans).'),
  testCaseSteps: z
    .array(step)
    .describe('The same steps with the checks the proof made, as test_case.create takes them.'),
  checks: z.array(z.string()).describe('Texts the application showed that the proof checked.'),
  passedSteps: z.number().int().describe('Steps that passed when the case was tried.'),
  failedStep: z
    .object({
      index: z.number().int().describe('0-based index of the step that did not pass.'),
      reason: z.string().describe("The runner's reason."),
      suggestion: z.string().optional().describe("The runner's suggestion."),
    })
    .optional(),
  missing: z.string().optional().describe('Drafts: what is missing, in words a person can act on.'),
  screenshots: z.array(z.string()).describe('Storage keys of the screenshots of the steps tried, in order.'),
});
export type ProposedCaseRecord = z.infer<typeof proposedCase>;

/** What exploring saw, without values: the pages read, the budget, and why exploring stopped. */
export const explorationSummary = z.object({
  pages: z.array(z.object({ path: z.string(), title: z.string() })),
  signInPage: z.string().optional().describe('The page whose sign-in form was submitted.'),
  budget: z.object({ maxPages: z.number().int(), timeMs: z.number().int() }),
  stoppedBecause: z.enum(['explored', 'page budget', 'time budget', 'unreachable']),
});

/** The AI provider's tokens a generation used, when a provider wrote its cases. */
export const providerTokens = z
  .object({ prompt: z.number().int(), completion: z.number().int() })
  .describe("The AI provider's prompt and completion tokens, as it reported them.");

/** The stored result of a generation that explored an Environment (plan_generations.proposal). */
export const generationProposal = z.object({
  exploration: explorationSummary,
  cases: z.array(proposedCase),
  reason: z.string().optional().describe('Why no case is ready, in words a person can act on.'),
  durationMs: z.number().int(),
  providerTokens: providerTokens.optional(),
});
export type GenerationProposal = z.infer<typeof generationProposal>;
