import { useCallback, useEffect, useRef, useState } from "react";

/** A message that clears itself after `ms` (spec §8: sign-in and reset errors 2 s, sign-up 5 s). */
export function useTimedMessage<T>(ms: number): [T | null, (message: T | null) => void] {
  const [message, setMessage] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(
    (next: T | null) => {
      clearTimeout(timer.current);
      setMessage(next);
      if (next !== null) timer.current = setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );
  return [message, show];
}
