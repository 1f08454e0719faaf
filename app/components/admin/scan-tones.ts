/**
 * The packing table's tones (Web Audio, no sound files): a short low buzz for a refused scan, a
 * high blip for a right one, a rising pair when the parcel is complete. The packer hears the
 * answer without looking up from the parcel.
 */
export type ScanTone = "right" | "wrong" | "packed";

const TONES: Record<ScanTone, { type: OscillatorType; notes: [number, number][] }> = {
  // [frequency in Hz, seconds]
  right: { type: "sine", notes: [[1320, 0.08]] },
  wrong: { type: "square", notes: [[180, 0.3]] },
  packed: {
    type: "sine",
    notes: [
      [880, 0.1],
      [1320, 0.18],
    ],
  },
};

let context: AudioContext | undefined;

export function playTone(tone: ScanTone): void {
  try {
    context ??= new AudioContext();
    // A context made before any tap starts suspended; the scanner's Enter is a key press, so resume.
    void context.resume().catch(() => undefined);
    const { type, notes } = TONES[tone];
    let at = context.currentTime;
    for (const [frequency, seconds] of notes) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = type;
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.15, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + seconds);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + seconds);
      at += seconds;
    }
  } catch {
    // No audio (an old browser, a policy): the colour still tells.
  }
}
