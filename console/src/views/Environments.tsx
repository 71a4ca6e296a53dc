import { op } from '../lib/contract';
import { Pending, useLoad } from '../lib/ui';

/** Environments with the names of their runtime values: the API never returns a value, nor does this page. */
export function Environments() {
  const list = useLoad(() => op('environment.list', { limit: 100 }), []);
  if (!list.value) return <Pending loaded={list} what="Environments" />;
  return (
    <>
      <h1>Environments</h1>
      {list.value.items.length === 0 && <p>No Environments yet.</p>}
      <ul class="cards">
        {list.value.items.map((e) => (
          <li>
            <h2>
              {e.name} <small class="muted">{e.slug}</small>
            </h2>
            <p>Runtime values: {e.runtimeValueNames.length ? e.runtimeValueNames.join(', ') : 'none'}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
