'use strict';
// TCP port helpers on 127.0.0.1 for the local services.
// Plain CommonJS with no npm dependencies (it runs before `npm install`).

const net = require('node:net');

/** A free TCP port on 127.0.0.1 (the OS picks it; free at the time of the call). */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** True when nothing listens on 127.0.0.1:port (a bind also conflicts with a 0.0.0.0 listener). */
function isPortFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

function canConnect(port, host = '127.0.0.1', timeoutMs = 1000) {
  return new Promise((resolve) => {
    const sock = net.connect({ port, host });
    const done = (ok) => {
      sock.destroy();
      resolve(ok);
    };
    sock.setTimeout(timeoutMs, () => done(false));
    sock.once('connect', () => done(true));
    sock.once('error', () => done(false));
  });
}

module.exports = { freePort, isPortFree, canConnect };
