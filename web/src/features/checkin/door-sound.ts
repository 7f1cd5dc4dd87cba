/**
 * The door's sound (D109): staff at a queue look at the child, not the phone, so the result is heard too.
 * One short tone through the Web Audio API, no audio file to load: high for "in", two low ones for
 * anything else. A browser without Web Audio (or one that refuses to start it) simply stays silent.
 */
export type DoorTone = "ok" | "again" | "no";

const TONES: Record<DoorTone, { hz: number; beeps: number }> = {
  ok: { hz: 880, beeps: 1 },
  again: { hz: 660, beeps: 2 },
  no: { hz: 220, beeps: 2 },
};

let context: AudioContext | null = null;

export function playDoorTone(tone: DoorTone): void {
  const Context = globalThis.AudioContext;
  if (!Context) return;
  try {
    context ??= new Context();
    const { hz, beeps } = TONES[tone];
    for (let beep = 0; beep < beeps; beep += 1) {
      const start = context.currentTime + beep * 0.18;
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = hz;
      gain.gain.setValueAtTime(0.25, start);
      gain.gain.exponentialRampToValueAtTime(0.001, start + 0.15);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start);
      oscillator.stop(start + 0.15);
    }
  } catch {
    // A blocked audio context must not stop the check-in; the coloured result still shows.
  }
}
