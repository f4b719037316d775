import { useCallback, useEffect, useState } from 'react';

/** Seconds left until a deadline; `start(n)` (re)starts it. Used for the 120 s resend wait. */
export function useCountdown() {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const id = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= endsAt) setEndsAt(null);
    }, 1000);
    return () => window.clearInterval(id);
  }, [endsAt]);

  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setEndsAt(t + seconds * 1000);
  }, []);

  const segundos = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { segundos, ativo: segundos > 0, start };
}

/** 95 → '1:35' */
export function formatarContagem(segundos: number): string {
  const m = Math.floor(segundos / 60);
  const s = segundos % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}
