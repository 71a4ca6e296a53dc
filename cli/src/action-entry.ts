import { runAction } from './action';

// The bundle's entry (action/dist/index.js): run the Action and end with its code.
runAction().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`qa action: ${(error as Error).stack ?? error}\n`);
    process.exit(2);
  },
);
