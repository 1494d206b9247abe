import { useEffect, useState } from 'react';
import type { MyDay } from '@eticket/contracts';
import { fieldEndpoints } from '@eticket/contracts';
import { call } from '../../lib/api.ts';
import { dateTime, naira } from '../../lib/format.ts';

export function MyDayScreen({ role }: { role: string }) {
  const [day, setDay] = useState<MyDay | null>(null);
  const [error, setError] = useState<string>();

  useEffect(() => {
    call(fieldEndpoints.myDay).then(
      ({ data }) => setDay(data),
      (failure: Error) => setError(failure.message),
    );
  }, []);

  if (error) return <p className="error">{error}</p>;
  if (!day) return <p className="muted">Loading…</p>;
  return (
    <section className="day">
      <h2>My day · {day.day}</h2>
      {role === 'enforcer' ? (
        <div className="figures">
          <Figure label="Scans" value={String(day.scans.count)} />
          <Figure label="Penalties added" value={`${day.scans.penaltiesAdded} · ${naira(day.scans.penaltyAmount)}`} />
        </div>
      ) : (
        <>
          <div className="figures">
            <Figure label="Collections" value={String(day.payments.count)} />
            <Figure label="Total" value={naira(day.payments.total)} />
            <Figure label="Cash to hand in" value={naira(day.payments.cashToHandIn)} strong />
          </div>
          <table>
            <tbody>
              {day.payments.byMode.map((mode) => (
                <tr key={mode.modeOfPayment}>
                  <th>{mode.modeOfPayment}</th>
                  <td>{mode.count}</td>
                  <td>{naira(mode.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <h3>Latest</h3>
      {day.recent.length === 0 && <p className="muted">Nothing recorded today yet.</p>}
      <ul className="recent">
        {day.recent.map((item) => (
          <li key={item.id}>
            <strong>{item.fullName}</strong> <small>{item.plateNumber ?? item.userCode}</small>
            <span>
              {item.kind === 'scan' ? item.detail : `${naira(item.amount)} · ${item.detail}`} · {dateTime(item.at)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'figure strong' : 'figure'}>
      <small>{label}</small>
      <b>{value}</b>
    </div>
  );
}
