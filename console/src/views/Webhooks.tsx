import { call, newKey } from '../lib/api';
import { route, type RouteAnswer } from '../lib/contract';
import { useCan } from '../lib/session';
import { Action, Pending, Status, Time, useLoad } from '../lib/ui';

type Endpoint = RouteAnswer<'webhooks.list'>['items'][number];
type Delivery = RouteAnswer<'webhooks.deliveries'>['items'][number];

/** Failed deliveries in a row, newest first: how long an endpoint has been failing. */
const failingStreak = (deliveries: Delivery[]) => {
  let n = 0;
  for (const d of deliveries) {
    if (d.status !== 'failed') break;
    n++;
  }
  return n;
};

/** Webhook endpoints with their recent deliveries, failing streak and redelivery. */
export function Webhooks() {
  const can = useCan();
  const list = useLoad(
    () => (can('svc:webhooks:write') ? route('webhooks.list', 'GET', '/api/webhooks') : Promise.resolve(null)),
    [],
  );
  if (list.value === null)
    return (
      <>
        <h1>Webhooks</h1>
        <p>Reading webhook endpoints needs the svc:webhooks:write scope, which this sign-in does not hold.</p>
      </>
    );
  if (!list.value) return <Pending loaded={list} what="webhook endpoints" />;
  return (
    <>
      <h1>Webhooks</h1>
      {list.value.items.length === 0 && <p>No webhook endpoints yet.</p>}
      {list.value.items.map((e) => (
        <WebhookEndpoint endpoint={e} />
      ))}
    </>
  );
}

function WebhookEndpoint({ endpoint }: { endpoint: Endpoint }) {
  const deliveries = useLoad(
    () => route('webhooks.deliveries', 'GET', `/api/webhooks/${endpoint.id}/deliveries?limit=20`),
    [endpoint.id],
  );
  const streak = deliveries.value ? failingStreak(deliveries.value.items) : 0;
  return (
    <section class="card" data-webhook-id={endpoint.id}>
      <h2>{endpoint.url}</h2>
      <p>
        {endpoint.enabled ? (
          'Enabled'
        ) : (
          <strong>Disabled{endpoint.disabledReason && `: ${endpoint.disabledReason}`}</strong>
        )}
        {' · '}
        {streak > 0 ? <strong class="error">failing: {streak} deliveries in a row</strong> : 'not failing'}
      </p>
      {!deliveries.value ? (
        <Pending loaded={deliveries} what="deliveries" />
      ) : (
        <div class="table-wrap">
          <table>
            <caption>Recent deliveries</caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Last answer</th>
                <th scope="col">When</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.value.items.map((d) => {
                const last = d.attempts[d.attempts.length - 1];
                return (
                  <tr key={d.id} data-delivery-id={d.id}>
                    <td>{d.eventType}</td>
                    <td>
                      <Status value={d.status} />
                    </td>
                    <td>
                      {last ? (
                        <>
                          {last.statusCode ?? 'no answer'} <small class="muted">{last.response?.slice(0, 120)}</small>
                        </>
                      ) : (
                        '–'
                      )}
                    </td>
                    <td>
                      <Time ms={d.createdAt} />
                    </td>
                    <td>
                      <Action
                        scope="svc:webhooks:write"
                        label="Redeliver"
                        result="Redelivered"
                        run={() => call('POST', `/api/webhooks/deliveries/${d.id}/redeliver`, { key: newKey() })}
                        done={deliveries.reload}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
