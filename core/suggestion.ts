/**
 * A suggested action in two parts: what a person does (in the console's words), then the same for
 * a script after "By API:". The console shows the first part only; `{runId}` in the call is
 * replaced with the Run's id where the diagnosis is presented.
 */
export const suggestion = (forPeople: string, byApi: string): string => `${forPeople} By API: ${byApi}.`;
