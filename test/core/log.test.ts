import assert from 'node:assert/strict';
import { createLogger, type LogLevel } from '../../core/log';

/** LOG_LEVEL (docs/configuration.md: debug, info, warn, error, silent) names the least severe line written. */
describe('the logger writes the lines at or above LOG_LEVEL, and no others', () => {
  const written = (level: LogLevel) => {
    const lines: string[] = [];
    const log = createLogger(level, 'api', (line) => lines.push(line));
    log.debug('d');
    log.info('i');
    log.warn('w');
    log.error('e', { runId: 'run_1' });
    return { lines: lines.map((l) => JSON.parse(l)), debugs: log.debugs };
  };

  it('writes each level and those more severe', () => {
    assert.deepEqual(
      written('debug').lines.map((l) => l.msg),
      ['d', 'i', 'w', 'e'],
    );
    assert.deepEqual(
      written('info').lines.map((l) => l.msg),
      ['i', 'w', 'e'],
    );
    assert.deepEqual(
      written('warn').lines.map((l) => l.msg),
      ['w', 'e'],
    );
    assert.deepEqual(
      written('error').lines.map((l) => l.msg),
      ['e'],
    );
    assert.deepEqual(written('silent').lines, []);
  });

  it('says whether debug lines are written, so a hot path can skip building them', () => {
    assert.equal(written('debug').debugs, true);
    assert.equal(written('info').debugs, false);
  });

  it('writes one JSON line an event with its level, name, message and fields', () => {
    const [line] = written('error').lines;
    assert.equal(line.level, 'error');
    assert.equal(line.name, 'api');
    assert.equal(line.runId, 'run_1');
    assert.ok(!Number.isNaN(Date.parse(line.t)));
  });
});
