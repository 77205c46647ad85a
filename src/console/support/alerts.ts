/**
 * New-message alerts of the Support area while the back office is open (docs/back-office.md "Support"): a short
 * beep made with WebAudio (no sound file, nothing for the CSP to allow) and the unread count in front of the
 * document's title, e.g. "(3) PlayDeck back office". Browsers let a page make sound only after the operator has
 * interacted with it (signing in counts); before that the beep is silently skipped.
 */

let audio: AudioContext | null = null;

/** A 0.15 s beep at 880 Hz with a soft start and end; does nothing where WebAudio is missing or not allowed yet. */
export function beep(): void {
  try {
    const Context = globalThis.AudioContext ?? (globalThis as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    audio ??= new Context();
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
    const now = audio.currentTime;
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.type = 'sine';
    tone.frequency.value = 880;
    volume.gain.setValueAtTime(0.0001, now);
    volume.gain.exponentialRampToValueAtTime(0.2, now + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, now + 0.15);
    tone.connect(volume).connect(audio.destination);
    tone.start(now);
    tone.stop(now + 0.16);
  } catch {
    // No sound: the badge still shows.
  }
}

const PREFIX = /^\(\d+\) /;

/** Puts `(n) ` in front of the document's title (n > 0), or takes it away. */
export function setTitleCount(n: number): void {
  const base = document.title.replace(PREFIX, '');
  document.title = n > 0 ? `(${n}) ${base}` : base;
}

/**
 * Decides when to ring from successive unread totals: not for the first reading (what was already waiting when
 * the app opened), then each time the total of unread player messages grows.
 */
export function unreadRinger(): (messages: number) => boolean {
  let last: number | null = null;
  return (messages) => {
    const ring = last !== null && messages > last;
    last = messages;
    return ring;
  };
}
