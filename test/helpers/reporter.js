'use strict';
// Mocha's spec reporter plus one plain closing line, "N passed, N failed, N skipped", which CI
// reads to know how many tests ran. When scripts/test.js runs the suite in tiers, each tier's
// totals go to the file QA_TEST_TOTALS_FILE instead and scripts/test.js prints the one line for all,
// after the failures' titles: a CI log keeps only its tail, and the tail must say what failed.
const fs = require('node:fs');
const Mocha = require('mocha');

class SpecWithTotals extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once('end', () => {
      const { passes, failures, pending } = runner.stats ?? this.stats;
      if (process.env.QA_TEST_TOTALS_FILE) {
        const failed = this.failures.map((test) => ({
          title: test.fullTitle(),
          file: test.file,
          message: String(test.err?.message ?? test.err ?? '')
            .split('\n')
            .filter((line) => line.trim())
            .slice(0, 3)
            .join(' / ')
            .slice(0, 400),
        }));
        fs.writeFileSync(process.env.QA_TEST_TOTALS_FILE, JSON.stringify({ passes, failures, pending, failed }));
      } else process.stdout.write(`\n${passes} passed, ${failures} failed, ${pending} skipped\n`);
    });
  }
}

module.exports = SpecWithTotals;
