'use strict';
// Starts and stops the local services of the dev stack and the test run: a private MariaDB,
// a Temporal dev server and the TypeScript processes of the service.
// Plain CommonJS with no npm dependencies (used by scripts/start.js and test/helpers/global.ts).
//
// This file only gathers the public names; the code lives in one module per concern:
//  - processes.js      tracking of child process groups, stopping them, exit hooks, waiting helpers
//  - ports.js          free port, port in use, can connect
//  - mariadb.js        startMariadb, startThrowawayMariadb
//  - temporal.js       startTemporal, loadSearchAttributes
//  - node-children.js  runNode (tsx processes with prefixed output)

const { ROOT } = require('./processes.js');
const { freePort, isPortFree, canConnect } = require('./ports.js');
const { startMariadb, startThrowawayMariadb } = require('./mariadb.js');
const { startTemporal, loadSearchAttributes } = require('./temporal.js');
const { runNode } = require('./node-children.js');

module.exports = {
  freePort,
  isPortFree,
  canConnect,
  startMariadb,
  startThrowawayMariadb,
  startTemporal,
  runNode,
  loadSearchAttributes,
  ROOT,
};
