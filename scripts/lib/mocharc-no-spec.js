'use strict';
// .mocharc.js without its `spec`: mocha adds the config's spec to files named on the command
// line, so scripts/test.js uses this config when files are named, to run only those.
const { spec, ...rest } = require('../../.mocharc.js');

module.exports = rest;
