import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

function fakeAudio() {
  const tones: { hz: number; start: number }[] = [];
  class FakeContext {
    currentTime = 10;
    destination = {};
    createOscillator() {
      const oscillator = {
        frequency: { value: 0 },
        connect: (node: unknown) => node,
        start: (at: number) => tones.push({ hz: oscillator.frequency.value, start: at }),
        stop: () => undefined,
      };
      return oscillator;
    }
    createGain() {
      return {
        gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
        connect: (node: unknown) => node,
      };
    }
  }
  vi.stubGlobal("AudioContext", FakeContext);
  return tones;
}

describe("the door's sound", () => {
  it("one high tone for a child let in, two low ones for a refusal", async () => {
    const tones = fakeAudio();
    const { playDoorTone } = await import("./door-sound.ts");
    playDoorTone("ok");
    expect(tones).toEqual([{ hz: 880, start: 10 }]);
    tones.length = 0;
    playDoorTone("no");
    expect(tones.map((tone) => tone.hz)).toEqual([220, 220]);
    expect(tones[1]?.start).toBeGreaterThan(tones[0]?.start ?? 0);
  });

  it("stays silent, without throwing, where the browser has no Web Audio", async () => {
    vi.stubGlobal("AudioContext", undefined);
    const { playDoorTone } = await import("./door-sound.ts");
    expect(() => playDoorTone("ok")).not.toThrow();
  });
});
