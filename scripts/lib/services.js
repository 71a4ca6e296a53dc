'use strict';
// The starters of the local services, one at a time: a private MariaDB, a Temporal dev server and
// the TypeScript processes of the service. A whole stack is started through stack.js, which uses
// these; the tests of a single server (dev-state, hung dependencies) use them directly.
// Plain CommonJS with no npm dependencies (it runs before `npm install`).
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
