import { useEffect, useState } from 'preact/hooks';
import { duration } from '../lib/ui';

/** "running for 12 s", counted in the page once a second (a clock, not a request). */
export function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.floor(Math.max(0, now - since) / 1000);
  return <small class="muted elapsed">running for {seconds < 60 ? `${seconds} s` : duration(seconds * 1000)}</small>;
}
