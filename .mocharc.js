'use strict';
// mocha adds a config's `spec` to the files named on its command line, so `npx mocha test/x.test.ts`
// would run the whole suite: files named there run alone (scripts/test.js names them the same way).
const namedSpecs = process.argv.slice(2).some((arg) => !arg.startsWith('-') && /\.test\.ts$/.test(arg));

module.exports = {
  require: ['tsx/cjs', 'test/helpers/global.ts', 'test/helpers/file-times.ts', 'test/helpers/shared-browser.ts'],
  extension: ['ts'],
  ...(namedSpecs ? {} : { spec: ['test/**/*.test.ts'] }),
  timeout: 60000,
  exit: true,
  reporter: 'test/helpers/reporter.js',
};
