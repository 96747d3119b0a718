import type { Tone } from './verdict';

/** One sound per outcome, made by the browser (no audio files): pitch and rhythm tell them apart from afar. */
const SOUNDS: Record<Tone, Array<[frequency: number, ms: number]>> = {
  accepted: [[880, 140]],
  late: [
    [660, 140],
    [0, 80],
    [660, 140],
  ],
  unknown: [[196, 600]],
  closed: [
    [523, 160],
    [392, 220],
  ],
  repeated: [
    [988, 60],
    [0, 50],
    [988, 60],
  ],
};

let audio: AudioContext | null = null;

export function playTone(tone: Tone) {
  try {
    audio ??= new AudioContext();
    let at = audio.currentTime;
    for (const [frequency, ms] of SOUNDS[tone]) {
      if (frequency > 0) {
        const osc = audio.createOscillator();
        const gain = audio.createGain();
        osc.type = tone === 'unknown' ? 'square' : 'sine';
        osc.frequency.value = frequency;
        gain.gain.setValueAtTime(0.25, at);
        gain.gain.exponentialRampToValueAtTime(0.001, at + ms / 1000);
        osc.connect(gain).connect(audio.destination);
        osc.start(at);
        osc.stop(at + ms / 1000);
      }
      at += ms / 1000;
    }
  } catch {
    // No audio (no device, or the browser refuses): the colour still tells.
  }
}
