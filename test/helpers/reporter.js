'use strict';
// Mocha's spec reporter plus one plain closing line, "N passed, N failed, N skipped", which CI
// reads to know how many tests ran. When scripts/test.js runs the suite in tiers, each tier's
// totals go to the file QA_TEST_TOTALS_FILE instead and scripts/test.js prints the one line for all.
const fs = require('node:fs');
const Mocha = require('mocha');

class SpecWithTotals extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once('end', () => {
      const { passes, failures, pending } = runner.stats ?? this.stats;
      if (process.env.QA_TEST_TOTALS_FILE)
        fs.writeFileSync(process.env.QA_TEST_TOTALS_FILE, JSON.stringify({ passes, failures, pending }));
      else process.stdout.write(`\n${passes} passed, ${failures} failed, ${pending} skipped\n`);
    });
  }
}

module.exports = SpecWithTotals;
